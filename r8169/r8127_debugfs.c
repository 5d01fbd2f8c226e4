// SPDX-License-Identifier: GPL-2.0
/*
 * r8127 debugfs: test knobs, only with CONFIG_DEBUG_FS.
 *
 * /sys/kernel/debug/r8127/<PCI name>/
 *   fail_rx_alloc: writing N makes the next N RX buffer allocations
 *     fail, on the datapath refill and at ring fill on open (Debian's
 *     kernels have no CONFIG_FAULT_INJECTION). Reading shows how many
 *     failures are still to come.
 *   fail_rx_alloc_skip: while failures are pending, this many
 *     allocations succeed before the first failure (0 by default), so
 *     that a failure can hit the middle of the ring fill at open.
 *     Reading shows how many are still to be let through.
 *   fail_reconf_alloc: writing N makes the next N RX buffer allocations
 *     that fill the rings of a new configuration (open, ethtool -L/-G,
 *     MTU change) fail. The datapath's refill never takes from it, so a
 *     failure can be aimed at a reconfiguration under traffic. Reading
 *     shows how many are left.
 * The files are rxscale_core's allocation-failure knobs (struct
 * rxs_failknob): anything but a number (decimal, 0x hex or 0 octal) from
 * 0 to INT_MAX is refused with -EINVAL. fail_reconf_alloc has a
 * fail_reconf_alloc_skip too.
 */
#include <linux/debugfs.h>

#include "r8127.h"

static struct dentry *r8127_dbg_root;

void r8127_debugfs_add(struct r8127_priv *tp)
{
	if (!r8127_dbg_root)
		return;
	tp->dbg_dir = debugfs_create_dir(pci_name(tp->pdev), r8127_dbg_root);
	rxs_failknob_debugfs(&tp->rx_fail, tp->dbg_dir, "fail_rx_alloc");
	rxs_failknob_debugfs(&tp->reconf_fail, tp->dbg_dir, "fail_reconf_alloc");
}

/* Waits for readers and writers still inside the files. */
void r8127_debugfs_remove(struct r8127_priv *tp)
{
	debugfs_remove_recursive(tp->dbg_dir);
	tp->dbg_dir = NULL;
}

void r8127_debugfs_init(void)
{
	r8127_dbg_root = debugfs_create_dir(R8127_DRV_NAME, NULL);
	if (IS_ERR(r8127_dbg_root))
		r8127_dbg_root = NULL;
}

void r8127_debugfs_exit(void)
{
	debugfs_remove_recursive(r8127_dbg_root);
	r8127_dbg_root = NULL;
}
