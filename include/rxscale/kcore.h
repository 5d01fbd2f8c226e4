/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxscale/kcore.h - the kernel-only shared layer: what every rxscale
 * driver needs around the pure helpers of the other headers, built
 * once as the rxscale_core module (core/, symbols in the RXSCALE
 * namespace; docs/include.md says why a module). A driver includes
 * this header and says RXS_IMPORT_NS() once.
 *
 *   NAPI:	add/enable/disable/del every NAPI of a vector map, and
 *		the queue/IRQ association of netdev genl;
 *   stats:	ethtool -S strings and values, get_stats64 and netdev
 *		qstats (netdev_stat_ops) from rxs_stat tables;
 *   RSS:	get/set_rxfh, rx-flow-hash and the RX ring count for each
 *		kernel's ethtool_ops signatures;
 *   channels:	ethtool -l/-L through channels.h's rules;
 *   fail knob:	"fail the next N allocations" in debugfs.
 *
 * The ethtool glue finds the driver's descriptions through its
 * ethtool_ops: the driver's ops are the first member of a
 * struct rxs_ethtool_ops, and dev->ethtool_ops points at them.
 */
#ifndef RXSCALE_KCORE_H
#define RXSCALE_KCORE_H

#ifndef __KERNEL__
#error "rxscale/kcore.h is kernel-only"
#endif

#include <linux/atomic.h>
#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <rxscale/kcompat.h>
#include <rxscale/vector_map.h>
#include <rxscale/channels.h>
#include <rxscale/rss_ethtool.h>
#include <rxscale/stats.h>

struct dentry;

/* ------------------------------------------------------------ NAPI */

/*
 * @napi[n] is NAPI instance n of @m (m->n_napi entries), @vec_irq[v]
 * the Linux IRQ number of vector v (or negative: none). Call under
 * RTNL. add_all zeroes each napi_struct first (memory reused after
 * del_all is fine; one still registered is not).
 */
void rxs_napi_add_all(struct net_device *dev, const struct rxs_vmap *m,
		      struct napi_struct *const *napi,
		      int (*poll)(struct napi_struct *, int));
void rxs_napi_del_all(const struct rxs_vmap *m,
		      struct napi_struct *const *napi);
void rxs_napi_enable_all(const struct rxs_vmap *m,
			 struct napi_struct *const *napi);
void rxs_napi_disable_all(const struct rxs_vmap *m,
			  struct napi_struct *const *napi);
void rxs_napi_link_queues(struct net_device *dev, const struct rxs_vmap *m,
			  struct napi_struct *const *napi, const int *vec_irq);
void rxs_napi_unlink_queues(struct net_device *dev, const struct rxs_vmap *m);

/* ------------------------------------------------------------ statistics */

#define RXS_STATS_SNAP_MAX	512	/* bytes of one counter snapshot */

/*
 * Per-queue tables are read for every queue up to max_rx/max_tx, so
 * that ethtool -S keeps one string set and get_stats64 keeps the
 * counts of queues a channel change removed. The read callbacks copy
 * one queue's (or the device's) counters into @snap, a struct of at
 * most snap_size bytes the tables describe; read_rxq/read_txq may run
 * in atomic context (get_stats64), read_dev only for ethtool -S and may
 * sleep. A NULL table or callback is skipped.
 */
struct rxs_stats_desc {
	const struct rxs_stat *rxq;
	u32 n_rxq;
	u32 max_rx;
	const struct rxs_stat *txq;
	u32 n_txq;
	u32 max_tx;
	const struct rxs_stat *dev;
	u32 n_dev;
	u32 snap_size;
	void (*read_rxq)(struct net_device *dev, u32 q, void *snap);
	void (*read_txq)(struct net_device *dev, u32 q, void *snap);
	void (*read_dev)(struct net_device *dev, void *snap);
};

int rxs_stats_desc_check(const struct rxs_stats_desc *d);
int rxs_stats_sset_count(const struct rxs_stats_desc *d);
void rxs_stats_strings(const struct rxs_stats_desc *d, u8 *data);
void rxs_stats_values(const struct rxs_stats_desc *d, struct net_device *dev,
		      u64 *data);
void rxs_stats_get64(const struct rxs_stats_desc *d, struct net_device *dev,
		     struct rtnl_link_stats64 *s);

/* ------------------------------------------------------------ RSS */

/*
 * The driver's RSS state, reached under RTNL. set() gets a request
 * already checked (Toeplitz, entries below rx_rings()); either pointer
 * may be NULL (unchanged). get_hash() returns the RXS_HT_* types in
 * effect (0 with RSS off); get_hash_conf() (NULL: get_hash) those
 * configured, which may differ while RSS is off (one RX queue), and is
 * what a request is applied to; set_hash() applies a new set that
 * differs only in hash_changeable types.
 */
struct rxs_rss_desc {
	u32 key_size;
	u32 indir_size;
	u32 hash_changeable;
	u32 (*rx_rings)(struct net_device *dev);
	void (*get)(struct net_device *dev, u32 *indir, u8 *key);
	int (*set)(struct net_device *dev, const u32 *indir, const u8 *key);
	u32 (*get_hash)(struct net_device *dev);
	u32 (*get_hash_conf)(struct net_device *dev);
	int (*set_hash)(struct net_device *dev, u32 set);
};

/* dev->ethtool_ops points at .ops of one of these */
struct rxs_ethtool_ops {
	const struct ethtool_ops ops;
	const struct rxs_rss_desc *rss;
	const struct rxs_stats_desc *stats;
};

static inline const struct rxs_ethtool_ops *
rxs_ethtool_of(const struct net_device *dev)
{
	return container_of(dev->ethtool_ops, struct rxs_ethtool_ops, ops);
}

u32 rxs_get_rxfh_key_size(struct net_device *dev);
u32 rxs_get_rxfh_indir_size(struct net_device *dev);
#ifdef HAVE_ETHTOOL_RXFH_PARAM
int rxs_get_rxfh(struct net_device *dev, struct ethtool_rxfh_param *p);
int rxs_set_rxfh(struct net_device *dev, struct ethtool_rxfh_param *p,
		 struct netlink_ext_ack *extack);
#else
int rxs_get_rxfh(struct net_device *dev, u32 *indir, u8 *key, u8 *hfunc);
int rxs_set_rxfh(struct net_device *dev, const u32 *indir, const u8 *key,
		 const u8 hfunc);
#endif
#ifdef HAVE_ETHTOOL_GET_RXFH_FIELDS
int rxs_get_rxfh_fields(struct net_device *dev, struct ethtool_rxfh_fields *f);
int rxs_set_rxfh_fields(struct net_device *dev,
			const struct ethtool_rxfh_fields *f,
			struct netlink_ext_ack *extack);
#define RXS_ETHTOOL_RXFH_FIELDS_OPS					\
	.get_rxfh_fields = rxs_get_rxfh_fields,				\
	.set_rxfh_fields = rxs_set_rxfh_fields,
#else
int rxs_set_rxnfc(struct net_device *dev, struct ethtool_rxnfc *cmd);
#define RXS_ETHTOOL_RXFH_FIELDS_OPS	.set_rxnfc = rxs_set_rxnfc,
#endif
#ifdef HAVE_ETHTOOL_GET_RX_RING_COUNT
u32 rxs_get_rx_ring_count(struct net_device *dev);
#define RXS_ETHTOOL_RING_COUNT_OP	.get_rx_ring_count = rxs_get_rx_ring_count,
#else
#define RXS_ETHTOOL_RING_COUNT_OP
#endif
/* ETHTOOL_GRXRINGS, and ETHTOOL_GRXFH where get_rxfh_fields is absent */
int rxs_get_rxnfc(struct net_device *dev, struct ethtool_rxnfc *cmd,
		  u32 *rule_locs);

/* In the driver's ethtool_ops initializer: the RSS entries. */
#define RXS_ETHTOOL_RSS_OPS						\
	.get_rxfh_key_size = rxs_get_rxfh_key_size,			\
	.get_rxfh_indir_size = rxs_get_rxfh_indir_size,			\
	.get_rxfh = rxs_get_rxfh,					\
	.set_rxfh = rxs_set_rxfh,					\
	.get_rxnfc = rxs_get_rxnfc,					\
	RXS_ETHTOOL_RXFH_FIELDS_OPS					\
	RXS_ETHTOOL_RING_COUNT_OP

/*
 * For a driver with flow rules of its own get_rxnfc/set_rxnfc:
 * RXS_ETHTOOL_RSS_OPS without those two; the driver passes what is not a
 * rule on to rxs_get_rxnfc() and rxs_set_rxnfc_hash() (ETHTOOL_SRXFH
 * where the kernel has no set_rxfh_fields, -EOPNOTSUPP otherwise).
 */
#ifdef HAVE_ETHTOOL_GET_RXFH_FIELDS
#define RXS_ETHTOOL_RXFH_FIELDS_ONLY_OPS	RXS_ETHTOOL_RXFH_FIELDS_OPS
static inline int rxs_set_rxnfc_hash(struct net_device *dev,
				     struct ethtool_rxnfc *cmd)
{
	return -EOPNOTSUPP;
}
#else
#define RXS_ETHTOOL_RXFH_FIELDS_ONLY_OPS
static inline int rxs_set_rxnfc_hash(struct net_device *dev,
				     struct ethtool_rxnfc *cmd)
{
	return rxs_set_rxnfc(dev, cmd);
}
#endif
#define RXS_ETHTOOL_RSS_OPS_OWN_RXNFC					\
	.get_rxfh_key_size = rxs_get_rxfh_key_size,			\
	.get_rxfh_indir_size = rxs_get_rxfh_indir_size,			\
	.get_rxfh = rxs_get_rxfh,					\
	.set_rxfh = rxs_set_rxfh,					\
	RXS_ETHTOOL_RXFH_FIELDS_ONLY_OPS				\
	RXS_ETHTOOL_RING_COUNT_OP

/* ethtool -S from the stats description */
int rxs_get_sset_count(struct net_device *dev, int sset);
void rxs_get_strings(struct net_device *dev, u32 sset, u8 *data);
void rxs_get_ethtool_stats(struct net_device *dev, struct ethtool_stats *st,
			   u64 *data);
/* ndo_get_stats64 from the stats description */
void rxs_get_stats64(struct net_device *dev, struct rtnl_link_stats64 *s);
#ifdef HAVE_NETDEV_STAT_OPS
/* dev->stat_ops = &rxs_netdev_stat_ops */
extern const struct netdev_stat_ops rxs_netdev_stat_ops;
#endif

/* netdev queue stats from the stats description, where the kernel has them */
static inline void rxs_netdev_set_stat_ops(struct net_device *dev)
{
#ifdef HAVE_NETDEV_STAT_OPS
	dev->stat_ops = &rxs_netdev_stat_ops;
#endif
}

#define RXS_ETHTOOL_STATS_OPS						\
	.get_sset_count = rxs_get_sset_count,				\
	.get_strings = rxs_get_strings,					\
	.get_ethtool_stats = rxs_get_ethtool_stats,

/* ------------------------------------------------------------ channels */

/*
 * ethtool -L: check @ch against @lim (channels.h); on refusal log the
 * reason (set_channels has no extack) and return -EINVAL.
 */
int rxs_channels_check(struct net_device *dev,
		       const struct rxs_chan_limits *lim,
		       const struct ethtool_channels *ch,
		       struct rxs_chan_queues *out);
/* ethtool -l from the limits and the queues in use */
void rxs_channels_fill(const struct rxs_chan_limits *lim,
		       const struct rxs_chan_queues *q,
		       struct ethtool_channels *ch);

/* ------------------------------------------------------------ fail knob */

/*
 * Allocation-failure injection: after @skip allocations that succeed,
 * the next @fail ones fail (each exactly once, whoever takes it).
 * Debian's kernels have no CONFIG_FAULT_INJECTION, hence a knob of our
 * own. Costs one atomic_read per allocation while off.
 */
struct rxs_failknob {
	atomic_t fail;
	atomic_t skip;
};

static inline bool rxs_failknob_hit(struct rxs_failknob *k)
{
	if (!IS_ENABLED(CONFIG_DEBUG_FS) || likely(!atomic_read(&k->fail)))
		return false;
	if (atomic_dec_if_positive(&k->skip) >= 0)
		return false;
	return atomic_dec_if_positive(&k->fail) >= 0;
}

/*
 * Files <name> and <name>_skip in @dir: write a count (0..INT_MAX,
 * decimal, 0x hex or 0 octal), read what is left; anything else is
 * -EINVAL. Removed with @dir (debugfs_remove_recursive).
 */
#ifdef CONFIG_DEBUG_FS
void rxs_failknob_debugfs(struct rxs_failknob *k, struct dentry *dir,
			  const char *name);
#else
static inline void rxs_failknob_debugfs(struct rxs_failknob *k,
					struct dentry *dir, const char *name)
{
}
#endif

#endif /* RXSCALE_KCORE_H */
