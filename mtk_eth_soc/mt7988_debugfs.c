// SPDX-License-Identifier: GPL-2.0
/*
 * mt7988_eth debugfs: the per-bucket RSS counters.
 *
 * /sys/kernel/debug/mt7988_eth/<device name>/ (removed on remove)
 *   rss_buckets_count: 0 (default) or 1. The frame engine writes no hash
 *     into its RX descriptors, so with 1 the driver computes each
 *     received frame's Toeplitz hash in software (rxscale/rss_swhash.h:
 *     the device's key and hash types) and counts the frame into its
 *     bucket. With 0 an RX ring pays one test per frame. Anything but
 *     0 or 1 is refused with -EINVAL and changes nothing. rxscale-tune
 *     rebalance sets it to 1 while it samples and restores it after.
 *   rss_buckets (read only): the frames counted per RSS bucket (entry of
 *     the indirection table) since probe, summed over the RSS rings, in
 *     r8127's format (docs/rebalance.md): '#' lines, then "bucket queue
 *     packets bytes" per entry, queue the table's entry as it is read
 *     (not under RTNL). Bytes as rx<q>_bytes counts them. Frames on the
 *     LRO rings, non-IP frames and all frames with one RX queue (RSS
 *     off, no hash types) are not counted. The second '#' line gives
 *     the switch and "mismatches": counted frames whose bucket's entry
 *     is not the ring the hardware delivered them on. The ring is the
 *     hardware's choice, the bucket the driver's computation, so a wrong
 *     key, wrong hash types or a table the hardware does not hold show
 *     here; a table or key change under traffic can add a few.
 */
#include <linux/debugfs.h>
#include <linux/rtnetlink.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "mt7988.h"

static struct dentry *mt7988_dbg_root;

static struct rxs_toeplitz *mt7988_buckets_hash(struct mt7988_priv *eth)
{
	return rcu_dereference_protected(eth->bucket_hash, lockdep_rtnl_is_held());
}

/* Counting on (@t: the key's tables) or off (NULL). RTNL held. */
static void mt7988_buckets_swap(struct mt7988_priv *eth, struct rxs_toeplitz *t)
{
	struct rxs_toeplitz *old = mt7988_buckets_hash(eth);

	rcu_assign_pointer(eth->bucket_hash, t);
	if (old) {
		synchronize_rcu();	/* NAPI reads it with BHs off */
		kvfree(old);
	}
}

static struct rxs_toeplitz *mt7988_buckets_tables(struct mt7988_priv *eth)
{
	struct rxs_toeplitz *t = kvzalloc(sizeof(*t), GFP_KERNEL);

	if (t && rxs_toeplitz_init(t, eth->rss_key, sizeof(eth->rss_key))) {
		kvfree(t);
		t = NULL;
	}
	return t;
}

/* The key changed (RTNL): counting on goes on with the new key's tables. */
void mt7988_buckets_rekey(struct mt7988_priv *eth)
{
	struct rxs_toeplitz *t;

	if (!mt7988_buckets_hash(eth))
		return;
	t = mt7988_buckets_tables(eth);
	if (!t)
		netdev_warn(eth->dev, "rss_buckets: no memory for the new key's tables, counting off\n");
	mt7988_buckets_swap(eth, t);
}

static void mt7988_read_buckets(struct mt7988_rx_buckets *b,
				struct rxs_rss_buckets *out, u64 *mismatch)
{
	unsigned int start;

	do {
		start = u64_stats_fetch_begin(&b->syncp);
		*out = b->c;
		*mismatch = b->mismatch;
	} while (u64_stats_fetch_retry(&b->syncp, start));
}

static int mt7988_rss_buckets_show(struct seq_file *m, void *v)
{
	struct mt7988_priv *eth = m->private;
	struct rxs_rss_buckets *sum, *one;
	u64 mism = 0, n;
	u32 q, i;

	sum = kzalloc(2 * sizeof(*sum), GFP_KERNEL);
	if (!sum)
		return -ENOMEM;
	one = sum + 1;
	for (q = 0; q < MT7988_MAX_RX_RINGS; q++) {
		mt7988_read_buckets(&eth->rx_buckets[q], one, &n);
		rxs_rss_buckets_add(sum, one, MT7988_RSS_INDIR_SIZE);
		mism += n;
	}
	seq_printf(m, "# rss_buckets %s: %u entries, %u RX queues\n",
		   netdev_name(eth->dev), MT7988_RSS_INDIR_SIZE,
		   READ_ONCE(eth->vmap.n_rx));
	seq_printf(m, "# counting %u (software Toeplitz), mismatches %llu\n",
		   rcu_access_pointer(eth->bucket_hash) ? 1 : 0, mism);
	seq_puts(m, "# bucket queue packets bytes\n");
	for (i = 0; i < MT7988_RSS_INDIR_SIZE; i++)
		seq_printf(m, "%u %u %llu %llu\n", i,
			   READ_ONCE(eth->rss_indir[i]), sum->b[i].packets,
			   sum->b[i].bytes);
	kfree(sum);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(mt7988_rss_buckets);

static ssize_t mt7988_count_read(struct file *f, char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	struct mt7988_priv *eth = f->private_data;
	char buf[4];
	int n;

	n = scnprintf(buf, sizeof(buf), "%u\n",
		      rcu_access_pointer(eth->bucket_hash) ? 1 : 0);
	return simple_read_from_buffer(ubuf, count, ppos, buf, n);
}

static ssize_t mt7988_count_write(struct file *f, const char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	struct mt7988_priv *eth = f->private_data;
	struct rxs_toeplitz *t = NULL;
	unsigned int v;

	if (kstrtouint_from_user(ubuf, count, 0, &v) || v > 1)
		return -EINVAL;
	rtnl_lock();
	if (!v != !mt7988_buckets_hash(eth)) {
		if (v) {
			t = mt7988_buckets_tables(eth);
			if (!t) {
				rtnl_unlock();
				return -ENOMEM;
			}
		}
		mt7988_buckets_swap(eth, t);
	}
	rtnl_unlock();
	return count;
}

static const struct file_operations mt7988_count_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = mt7988_count_read,
	.write = mt7988_count_write,
	.llseek = default_llseek,
};

/* devm: the files first (waits for readers and writers), then the tables */
static void mt7988_debugfs_remove(void *data)
{
	struct mt7988_priv *eth = data;

	debugfs_remove_recursive(eth->dbg_dir);
	eth->dbg_dir = NULL;
	rtnl_lock();
	mt7988_buckets_swap(eth, NULL);
	rtnl_unlock();
}

/* After register_netdev: removed before the device is unregistered. */
int mt7988_debugfs_add(struct mt7988_priv *eth)
{
	struct device *dev = eth->dmadev;

	if (mt7988_dbg_root) {
		eth->dbg_dir = debugfs_create_dir(dev_name(dev), mt7988_dbg_root);
		debugfs_create_file("rss_buckets", 0444, eth->dbg_dir, eth,
				    &mt7988_rss_buckets_fops);
		debugfs_create_file("rss_buckets_count", 0644, eth->dbg_dir,
				    eth, &mt7988_count_fops);
	}
	return devm_add_action_or_reset(dev, mt7988_debugfs_remove, eth);
}

void mt7988_debugfs_init(void)
{
	mt7988_dbg_root = debugfs_create_dir(MT7988_DRV_NAME, NULL);
	if (IS_ERR(mt7988_dbg_root))
		mt7988_dbg_root = NULL;
}

void mt7988_debugfs_exit(void)
{
	debugfs_remove_recursive(mt7988_dbg_root);
	mt7988_dbg_root = NULL;
}
