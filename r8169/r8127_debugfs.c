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
 *
 *   rss_buckets (read only): the frames received per RSS bucket (entry
 *     of the indirection table) since probe, counted from the hash in
 *     RxDescV4 descriptors (RSS on; frames without an IPv4/IPv6 hash are
 *     not counted), summed over the RX rings. Two '#' lines, then one
 *     line per entry: "bucket queue packets bytes", queue being the
 *     table's entry as it is read (not under RTNL: a table changed while
 *     the file is read can show a mix). Bytes as rx<q>_bytes counts them
 *     (without the Ethernet header and FCS). rxscale-rebalance reads two
 *     of these (docs/rebalance.md).
 */
#include <linux/debugfs.h>
#include <linux/seq_file.h>

#include "r8127.h"

static struct dentry *r8127_dbg_root;

static void r8127_read_buckets(struct r8127_rx_buckets *b,
			       struct rxs_rss_buckets *out)
{
	unsigned int start;

	do {
		start = u64_stats_fetch_begin(&b->syncp);
		*out = b->c;
	} while (u64_stats_fetch_retry(&b->syncp, start));
}

static int r8127_rss_buckets_show(struct seq_file *m, void *v)
{
	struct r8127_priv *tp = m->private;
	struct rxs_rss_buckets *sum, *one;
	u32 q, i;

	sum = kzalloc(2 * sizeof(*sum), GFP_KERNEL);
	if (!sum)
		return -ENOMEM;
	one = sum + 1;
	for (q = 0; q < R8127_MAX_RX_QUEUES; q++) {
		r8127_read_buckets(&tp->rx_buckets[q], one);
		rxs_rss_buckets_add(sum, one, R8127_RSS_INDIR_SIZE);
	}
	seq_printf(m, "# rss_buckets %s: %u entries, %u RX queues\n",
		   netdev_name(tp->dev), R8127_RSS_INDIR_SIZE,
		   READ_ONCE(tp->vmap.n_rx));
	seq_puts(m, "# bucket queue packets bytes\n");
	for (i = 0; i < R8127_RSS_INDIR_SIZE; i++)
		seq_printf(m, "%u %u %llu %llu\n", i,
			   READ_ONCE(tp->rss_indir[i]), sum->b[i].packets,
			   sum->b[i].bytes);
	kfree(sum);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(r8127_rss_buckets);

void r8127_debugfs_add(struct r8127_priv *tp)
{
	if (!r8127_dbg_root)
		return;
	tp->dbg_dir = debugfs_create_dir(pci_name(tp->pdev), r8127_dbg_root);
	rxs_failknob_debugfs(&tp->rx_fail, tp->dbg_dir, "fail_rx_alloc");
	rxs_failknob_debugfs(&tp->reconf_fail, tp->dbg_dir, "fail_reconf_alloc");
	debugfs_create_file("rss_buckets", 0444, tp->dbg_dir, tp,
			    &r8127_rss_buckets_fops);
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
