// SPDX-License-Identifier: GPL-2.0
/* The allocation-failure knob's debugfs files (rxscale/kcore.h). */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/uaccess.h>
#include <rxscale/kcore.h>

/* Each file's private data is the atomic_t it shows. */
static ssize_t rxs_knob_read(struct file *f, char __user *ubuf, size_t count,
			     loff_t *ppos)
{
	atomic_t *val = f->private_data;
	char buf[16];
	int len;

	len = scnprintf(buf, sizeof(buf), "%d\n", atomic_read(val));
	return simple_read_from_buffer(ubuf, count, ppos, buf, len);
}

static ssize_t rxs_knob_write(struct file *f, const char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	atomic_t *val = f->private_data;
	unsigned int n;
	int ret;

	ret = kstrtouint_from_user(ubuf, count, 0, &n);
	if (ret == -EFAULT)
		return ret;
	if (ret || n > INT_MAX)
		return -EINVAL;
	atomic_set(val, n);
	return count;
}

static const struct file_operations rxs_knob_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= rxs_knob_read,
	.write	= rxs_knob_write,
	.llseek	= default_llseek,
};

void rxs_failknob_debugfs(struct rxs_failknob *k, struct dentry *dir,
			  const char *name)
{
	char skip[64];

	if (IS_ERR_OR_NULL(dir))
		return;
	debugfs_create_file(name, 0600, dir, &k->fail, &rxs_knob_fops);
	snprintf(skip, sizeof(skip), "%s_skip", name);
	debugfs_create_file(skip, 0600, dir, &k->skip, &rxs_knob_fops);
}
EXPORT_SYMBOL_NS_GPL(rxs_failknob_debugfs, RXS_NS);
