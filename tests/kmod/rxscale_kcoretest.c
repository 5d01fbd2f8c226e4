// SPDX-License-Identifier: GPL-2.0
/*
 * rxscale_kcoretest - a user of every kernel-only piece of
 * include/rxscale/kcore.h (the rxscale_core module) and of the kcompat
 * wrappers, as a driver would use them: the compile matrix builds it
 * W=1 C=1 on every tree, so a signature that moved fails the gate. Its
 * init also runs a few checks on an unregistered net_device (NAPI set
 * up and torn down, statistics, RSS and channel shims) and refuses to
 * load (-EINVAL) if one fails.
 */
#include <linux/debugfs.h>
#include <linux/etherdevice.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/rtnetlink.h>
#include <rxscale/kcore.h>

#define KT_RX	2
#define KT_TX	2
#define KT_INDIR 8

struct kt_qcnt {
	u64 packets;
	u64 bytes;
	u64 drops;
	u32 stops;
	u32 pad;
};

struct kt_priv {
	struct napi_struct napi[KT_RX + KT_TX];
	struct napi_struct *napi_of[KT_RX + KT_TX];
	struct rxs_vmap map;
	struct kt_qcnt rxq[KT_RX];
	struct kt_qcnt txq[KT_TX];
	u32 indir[KT_INDIR];
	u8 key[40];
	u32 hash;		/* configured hash types */
	bool rss_off;		/* none in effect (one RX queue) */
	struct rxs_failknob knob;
};

static const struct rxs_stat kt_rxq_stats[] = {
	RXS_STAT(struct kt_qcnt, packets, RXS_QS_RX_PACKETS, RXS_S64_RX_PACKETS),
	RXS_STAT(struct kt_qcnt, bytes, RXS_QS_RX_BYTES, RXS_S64_RX_BYTES),
	RXS_STAT(struct kt_qcnt, drops, RXS_QS_RX_HW_DROPS, RXS_S64_RX_DROPPED),
};

static const struct rxs_stat kt_txq_stats[] = {
	RXS_STAT(struct kt_qcnt, packets, RXS_QS_TX_PACKETS, RXS_S64_TX_PACKETS),
	RXS_STAT(struct kt_qcnt, bytes, RXS_QS_TX_BYTES, RXS_S64_TX_BYTES),
	RXS_STAT_U32(struct kt_qcnt, stops, RXS_QS_TX_STOP, RXS_S64_NONE),
};

static void kt_read_rxq(struct net_device *dev, u32 q, void *snap)
{
	struct kt_priv *p = netdev_priv(dev);

	memcpy(snap, &p->rxq[q], sizeof(p->rxq[q]));
}

static void kt_read_txq(struct net_device *dev, u32 q, void *snap)
{
	struct kt_priv *p = netdev_priv(dev);

	memcpy(snap, &p->txq[q], sizeof(p->txq[q]));
}

static const struct rxs_stats_desc kt_stats = {
	.rxq = kt_rxq_stats,
	.n_rxq = ARRAY_SIZE(kt_rxq_stats),
	.max_rx = KT_RX,
	.txq = kt_txq_stats,
	.n_txq = ARRAY_SIZE(kt_txq_stats),
	.max_tx = KT_TX,
	.snap_size = sizeof(struct kt_qcnt),
	.read_rxq = kt_read_rxq,
	.read_txq = kt_read_txq,
};

static u32 kt_rx_rings(struct net_device *dev)
{
	struct kt_priv *p = netdev_priv(dev);

	return p->map.n_rx;
}

static void kt_rss_get(struct net_device *dev, u32 *indir, u8 *key)
{
	struct kt_priv *p = netdev_priv(dev);

	if (indir)
		memcpy(indir, p->indir, sizeof(p->indir));
	if (key)
		memcpy(key, p->key, sizeof(p->key));
}

static int kt_rss_set(struct net_device *dev, const u32 *indir, const u8 *key)
{
	struct kt_priv *p = netdev_priv(dev);

	if (indir)
		memcpy(p->indir, indir, sizeof(p->indir));
	if (key)
		memcpy(p->key, key, sizeof(p->key));
	return 0;
}

static u32 kt_get_hash(struct net_device *dev)
{
	struct kt_priv *p = netdev_priv(dev);

	return p->rss_off ? 0 : p->hash;
}

static u32 kt_get_hash_conf(struct net_device *dev)
{
	struct kt_priv *p = netdev_priv(dev);

	return p->hash;
}

static int kt_set_hash(struct net_device *dev, u32 set)
{
	struct kt_priv *p = netdev_priv(dev);

	p->hash = set;
	return 0;
}

static const struct rxs_rss_desc kt_rss = {
	.key_size = 40,
	.indir_size = KT_INDIR,
	.hash_changeable = RXS_HT_UDP4 | RXS_HT_UDP6,
	.rx_rings = kt_rx_rings,
	.get = kt_rss_get,
	.set = kt_rss_set,
	.get_hash = kt_get_hash,
	.get_hash_conf = kt_get_hash_conf,
	.set_hash = kt_set_hash,
};

static const struct rxs_ethtool_ops kt_ethtool_ops = {
	.ops = {
		RXS_ETHTOOL_RSS_OPS
		RXS_ETHTOOL_STATS_OPS
	},
	.rss = &kt_rss,
	.stats = &kt_stats,
};

static const struct rxs_chan_limits kt_limits = {
	.max_rx = KT_RX,
	.max_tx = KT_TX,
	.other = 1,
	.comb_one_side = true,
};

static int kt_poll(struct napi_struct *napi, int budget)
{
	napi_complete_done(napi, 0);
	return 0;
}

/* The platform-remove shim: a void remove on every kernel. */
static void kt_remove(struct platform_device *pdev)
{
}

RXS_PLATFORM_REMOVE_DEFINE(kt_remove);

static struct platform_driver kt_pdrv = {
	.remove = RXS_PLATFORM_REMOVE(kt_remove),
	.driver = { .name = "rxscale_kcoretest" },
};

/* set_rxfh through the ethtool_ops entry, in this kernel's signature */
static int kt_set_indir(struct net_device *dev, u32 *indir)
{
#ifdef HAVE_ETHTOOL_RXFH_PARAM
	struct ethtool_rxfh_param rxfh = {
		.indir = indir,
		.indir_size = KT_INDIR,
		.hfunc = ETH_RSS_HASH_TOP,
	};

	return kt_ethtool_ops.ops.set_rxfh(dev, &rxfh, NULL);
#else
	return kt_ethtool_ops.ops.set_rxfh(dev, indir, NULL, ETH_RSS_HASH_TOP);
#endif
}

/* rx-flow-hash through the ethtool_ops entry, in this kernel's signature */
static int kt_set_flow_hash(struct net_device *dev, u32 flow_type, u64 data)
{
#ifdef HAVE_ETHTOOL_GET_RXFH_FIELDS
	struct ethtool_rxfh_fields f = { .flow_type = flow_type, .data = data };

	return kt_ethtool_ops.ops.set_rxfh_fields(dev, &f, NULL);
#else
	struct ethtool_rxnfc cmd = {
		.cmd = ETHTOOL_SRXFH,
		.flow_type = flow_type,
		.data = data,
	};

	return kt_ethtool_ops.ops.set_rxnfc(dev, &cmd);
#endif
}

static unsigned int kt_fail;
static unsigned int kt_pass;

static void kt_check(bool ok, const char *what)
{
	if (ok) {
		kt_pass++;
		return;
	}
	kt_fail++;
	pr_err("rxscale_kcoretest: FAIL %s\n", what);
}

static void kt_run(struct net_device *dev)
{
	struct kt_priv *p = netdev_priv(dev);
	struct rtnl_link_stats64 s64 = {};
	struct ethtool_channels ch = {};
	struct rxs_chan_queues q = { KT_RX, KT_TX, 1 };
	struct rxs_vmap_lines lines;
	int vec_irq[RXS_VMAP_MAX_LINES];
	u32 n, indir[KT_INDIR];
	u64 *vals;
	u8 *names;
	int cnt;

	/* NAPI: combined 1 + rx 1 + tx 1 over one line per event */
	rxs_vmap_lines_linear(&lines, KT_RX, KT_TX);
	kt_check(!rxs_vmap_build(&p->map, &lines, KT_RX, KT_TX, 1), "vmap");
	for (n = 0; n < p->map.n_vec; n++)
		vec_irq[n] = -1;
	for (n = 0; n < p->map.n_napi; n++)
		p->napi_of[n] = &p->napi[n];
	rtnl_lock();
	rxs_napi_add_all(dev, &p->map, p->napi_of, kt_poll);
	rxs_napi_enable_all(&p->map, p->napi_of);
	rxs_napi_link_queues(dev, &p->map, p->napi_of, vec_irq);
	rxs_napi_unlink_queues(dev, &p->map);
	rxs_napi_disable_all(&p->map, p->napi_of);
	rxs_napi_del_all(&p->map, p->napi_of);
	kt_check(!rxs_set_threaded(dev, false), "threaded NAPI off");
	rtnl_unlock();
	kt_check(p->map.n_napi == 3, "three NAPIs");

	/* statistics */
	kt_check(!rxs_stats_desc_check(&kt_stats), "stats table");
	p->rxq[1].packets = 5;
	p->rxq[1].drops = 2;
	p->txq[0].bytes = 100;
	cnt = rxs_get_sset_count(dev, ETH_SS_STATS);
	kt_check(cnt == 12, "sset count");
	names = kcalloc(12, ETH_GSTRING_LEN, GFP_KERNEL);
	vals = kcalloc(12, sizeof(u64), GFP_KERNEL);
	if (names && vals) {
		rxs_get_strings(dev, ETH_SS_STATS, names);
		rxs_get_ethtool_stats(dev, NULL, vals);
		kt_check(!strcmp(names + 3 * ETH_GSTRING_LEN, "rx1_packets") &&
			 vals[3] == 5, "rx1_packets");
		kt_check(!strcmp(names + 7 * ETH_GSTRING_LEN, "tx0_bytes") &&
			 vals[7] == 100, "tx0_bytes");
	}
	kfree(names);
	kfree(vals);
	rxs_get_stats64(dev, &s64);
	kt_check(s64.rx_packets == 5 && s64.rx_dropped == 2 &&
		 s64.tx_bytes == 100, "stats64");

	/* RSS through the ethtool_ops entries, channels */
	p->hash = RXS_HT_IPV4 | RXS_HT_TCP4;
	for (n = 0; n < KT_INDIR; n++)
		indir[n] = n % 2;
	kt_check(kt_ethtool_ops.ops.get_rxfh_indir_size(dev) == KT_INDIR &&
		 kt_ethtool_ops.ops.get_rxfh_key_size(dev) == 40, "rxfh sizes");
	kt_check(kt_set_indir(dev, indir) == 0 && p->indir[1] == 1, "set_rxfh");
	indir[1] = KT_RX;
	kt_check(kt_set_indir(dev, indir) == -EINVAL && p->indir[1] == 1,
		 "set_rxfh refuses an entry beyond the queues");
	/* rx-flow-hash with RSS off: applied to the configured types */
	p->rss_off = true;
	kt_check(!kt_set_flow_hash(dev, UDP_V4_FLOW, RXH_IP_SRC | RXH_IP_DST),
		 "udp4 sd with RSS off");
	kt_check(!kt_set_flow_hash(dev, UDP_V4_FLOW, RXH_IP_SRC | RXH_IP_DST |
				   RXH_L4_B_0_1 | RXH_L4_B_2_3) &&
		 (p->hash & RXS_HT_UDP4), "udp4 sdfn with RSS off");
	kt_check(kt_set_flow_hash(dev, TCP_V4_FLOW, RXH_IP_SRC | RXH_IP_DST) ==
		 -EINVAL && (p->hash & RXS_HT_TCP4), "tcp4 sd refused");
	p->rss_off = false;
	rxs_channels_fill(&kt_limits, &q, &ch);
	kt_check(ch.combined_count == 1 && ch.rx_count == 1 &&
		 ch.max_combined == 2, "get_channels");
	ch.tx_count = 1;
	kt_check(rxs_channels_check(dev, &kt_limits, &ch, &q) == -EINVAL,
		 "combined with rx and tx refused");

	/* fail knob: skip 1, fail 2 */
	atomic_set(&p->knob.skip, 1);
	atomic_set(&p->knob.fail, 2);
	kt_check(!rxs_failknob_hit(&p->knob) && rxs_failknob_hit(&p->knob) &&
		 rxs_failknob_hit(&p->knob) && !rxs_failknob_hit(&p->knob),
		 "fail knob");
}

static int __init kt_init(void)
{
	struct net_device *dev;
	struct dentry *dir;

	dev = alloc_etherdev_mqs(sizeof(struct kt_priv), KT_TX, KT_RX);
	if (!dev)
		return -ENOMEM;
	dev->ethtool_ops = &kt_ethtool_ops.ops;
	kt_run(dev);
	dir = debugfs_create_dir("rxscale_kcoretest", NULL);
	rxs_failknob_debugfs(&((struct kt_priv *)netdev_priv(dev))->knob, dir,
			     "fail_alloc");
	debugfs_remove_recursive(dir);
	free_netdev(dev);
	(void)kt_pdrv;
	pr_info("rxscale_kcoretest: %u passed, %u failed: %s\n", kt_pass,
		kt_fail, kt_fail ? "FAIL" : "PASS");
	return kt_fail ? -EINVAL : 0;
}

static void __exit kt_exit(void)
{
}

module_init(kt_init);
module_exit(kt_exit);
RXS_IMPORT_NS();
MODULE_DESCRIPTION("rxscale kernel-only core: compile and load test");
MODULE_LICENSE("GPL");
