// SPDX-License-Identifier: GPL-2.0
/*
 * rzg2l_gbeth debugfs: test knobs, only with CONFIG_DEBUG_FS.
 *
 * /sys/kernel/debug/rzg2l_gbeth/<platform device>/
 *   fail_rx_alloc: writing N makes the next N RX buffer allocations
 *     fail, on the datapath's refill (counted in rx0_alloc_fail, retried
 *     at the next poll) and at the ring fill of open or a ring change
 *     (which then fails with ENOMEM and changes nothing). Debian's
 *     kernels have no CONFIG_FAULT_INJECTION. Reading shows how many
 *     failures are still to come.
 *   fail_rx_alloc_skip: while failures are pending, this many
 *     allocations succeed before the first failure.
 * Both are rxscale_core's allocation-failure knob (struct rxs_failknob):
 * anything but a number from 0 to INT_MAX is refused with EINVAL.
 */
#include <linux/debugfs.h>

#include "rzg2l_gbeth.h"

static struct dentry *gbeth_dbg_root;

static void gbeth_debugfs_remove(void *data)
{
	struct gbeth_priv *p = data;

	/* waits for readers and writers still inside the files */
	debugfs_remove_recursive(p->dbg_dir);
	p->dbg_dir = NULL;
}

/* The device's directory, removed at unbind (devres). */
int gbeth_debugfs_add(struct gbeth_priv *p)
{
	if (!gbeth_dbg_root)
		return 0;
	p->dbg_dir = debugfs_create_dir(dev_name(p->dmadev), gbeth_dbg_root);
	rxs_failknob_debugfs(&p->rx_fail, p->dbg_dir, "fail_rx_alloc");
	return devm_add_action_or_reset(p->dmadev, gbeth_debugfs_remove, p);
}

void gbeth_debugfs_init(void)
{
	gbeth_dbg_root = debugfs_create_dir(GBETH_DRV_NAME, NULL);
	if (IS_ERR(gbeth_dbg_root))
		gbeth_dbg_root = NULL;
}

void gbeth_debugfs_exit(void)
{
	debugfs_remove_recursive(gbeth_dbg_root);
	gbeth_dbg_root = NULL;
}
