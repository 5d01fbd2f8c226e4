/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxscale/kcompat.h - the one place where rxscale drivers meet kernel
 * APIs that moved between Linux 6.1 and 7.3.
 *
 * Why: distribution kernels backport APIs independently of their version
 * number, so nothing here tests LINUX_VERSION_CODE. compat/gen-compat.sh
 * compiles one probe per API against the target tree and writes
 * rxscale_autoconf.h with a HAVE_<PROBE> macro for each API present; the
 * wrappers below pick the modern call when it exists and an equivalent
 * (or a documented no-op) when it does not. Drivers call only the
 * rxs_* names for these APIs.
 */
#ifndef RXSCALE_KCOMPAT_H
#define RXSCALE_KCOMPAT_H

#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/ethtool.h>
#include <linux/string.h>
#include <linux/timer.h>
#include <linux/workqueue.h>
#include "rxscale_autoconf.h"

#ifdef HAVE_PAGE_POOL_HELPERS_H
#include <net/page_pool/helpers.h>
#else
#include <net/page_pool.h>
#endif

#ifdef HAVE_NETDEV_STAT_OPS
#include <net/netdev_queues.h>
#endif

/*
 * NAPI registration. netif_napi_add_config() (6.13) keeps per-NAPI
 * settings (threaded, gro_flush_timeout, defer_hard_irqs) across
 * channel changes when @index is stable; @index must be below
 * max(TX queues, RX queues) of alloc_etherdev_mqs(). A negative @index,
 * or a kernel without it, gives a plain netif_napi_add().
 */
static inline void rxs_napi_add(struct net_device *dev,
				struct napi_struct *napi,
				int (*poll)(struct napi_struct *, int),
				int index)
{
#ifdef HAVE_NETIF_NAPI_ADD_CONFIG
	if (index >= 0) {
		netif_napi_add_config(dev, napi, poll, index);
		return;
	}
#endif
	netif_napi_add(dev, napi, poll);
}

/* NAPI <-> IRQ association for netdev genl (6.8); no-op before. */
static inline void rxs_napi_set_irq(struct napi_struct *napi, int irq)
{
#ifdef HAVE_NETIF_NAPI_SET_IRQ
	netif_napi_set_irq(napi, irq);
#endif
}

/*
 * Queue <-> NAPI association for netdev genl (6.8); no-op before.
 * Call under RTNL; @napi NULL removes the association.
 */
static inline void rxs_queue_set_napi_rx(struct net_device *dev,
					 unsigned int q,
					 struct napi_struct *napi)
{
#ifdef HAVE_NETIF_QUEUE_SET_NAPI
	netif_queue_set_napi(dev, q, NETDEV_QUEUE_TYPE_RX, napi);
#endif
}

static inline void rxs_queue_set_napi_tx(struct net_device *dev,
					 unsigned int q,
					 struct napi_struct *napi)
{
#ifdef HAVE_NETIF_QUEUE_SET_NAPI
	netif_queue_set_napi(dev, q, NETDEV_QUEUE_TYPE_TX, napi);
#endif
}

/*
 * Software IRQ coalescing on by default (gro_flush_timeout 20 us,
 * napi_defer_hard_irqs 1), as upstream r8169 does; 6.2, backported by
 * CIP 6.1. Without it the kernel defaults (off) stay.
 */
static inline void rxs_sw_irq_coalesce_default_on(struct net_device *dev)
{
#ifdef HAVE_NETDEV_SW_IRQ_COALESCE_DEFAULT_ON
	netdev_sw_irq_coalesce_default_on(dev);
#endif
}

/* String sets: ethtool_puts() (6.8); before it, the same by hand. */
static inline void rxs_ethtool_puts(u8 **data, const char *s)
{
#ifdef HAVE_ETHTOOL_PUTS
	ethtool_puts(data, s);
#else
	strscpy_pad((char *)*data, s, ETH_GSTRING_LEN);
	*data += ETH_GSTRING_LEN;
#endif
}

/*
 * The per-CPU system workqueue: system_percpu_wq from 6.17, when
 * system_wq became a deprecated alias that warns on first use.
 */
static inline struct workqueue_struct *rxs_system_percpu_wq(void)
{
#ifdef HAVE_SYSTEM_PERCPU_WQ
	return system_percpu_wq;
#else
	return system_wq;
#endif
}

/* Timers: timer_delete_sync() (6.2) replaced del_timer_sync(). */
static inline int rxs_timer_delete_sync(struct timer_list *t)
{
#ifdef HAVE_TIMER_DELETE
	return timer_delete_sync(t);
#else
	return del_timer_sync(t);
#endif
}

/* timer_container_of() (6.16) replaced from_timer(). */
#ifdef HAVE_TIMER_CONTAINER_OF
#define rxs_timer_container_of(var, t, field) timer_container_of(var, t, field)
#else
#define rxs_timer_container_of(var, t, field) from_timer(var, t, field)
#endif

/*
 * Threaded NAPI on or off for every NAPI of @dev: dev_set_threaded()
 * takes enum netdev_napi_threaded from 6.17 (netif_threaded_enable()
 * arrived with it), a bool before. Under RTNL; from 6.15 it takes the
 * instance lock itself, so not with that lock held.
 */
static inline int rxs_set_threaded(struct net_device *dev, bool on)
{
#ifdef HAVE_NETIF_THREADED_ENABLE
	return dev_set_threaded(dev, on ? NETDEV_NAPI_THREADED_ENABLED :
					  NETDEV_NAPI_THREADED_DISABLED);
#else
	return dev_set_threaded(dev, on);
#endif
}

/*
 * platform_driver.remove returns void from 6.11 (.remove_new before,
 * int .remove on older kernels). Write the remove function as void and
 * register it as
 *	RXS_PLATFORM_REMOVE_DEFINE(my_remove);
 *	static struct platform_driver my_driver = {
 *		.remove = RXS_PLATFORM_REMOVE(my_remove),
 *	};
 */
#ifdef HAVE_PLATFORM_REMOVE_VOID
#define RXS_PLATFORM_REMOVE_DEFINE(fn) \
	static void fn(struct platform_device *pdev)
#define RXS_PLATFORM_REMOVE(fn)	(fn)
#else
#define RXS_PLATFORM_REMOVE_DEFINE(fn)					\
	static int fn##_rxs(struct platform_device *pdev)		\
	{								\
		fn(pdev);						\
		return 0;						\
	}
#define RXS_PLATFORM_REMOVE(fn)	(fn##_rxs)
#endif

/*
 * phylink_mac_ops.validate: Debian's 6.1 phylink calls it without a NULL
 * check (a driver without one oopses in phylink_create()); later kernels
 * default to the generic validation and 6.7 removed the member. In a
 * phylink_mac_ops initializer: RXS_PHYLINK_VALIDATE_OP (needs
 * <linux/phylink.h>).
 */
#ifdef HAVE_PHYLINK_MAC_VALIDATE
#define RXS_PHYLINK_VALIDATE_OP	.validate = phylink_generic_validate,
#else
#define RXS_PHYLINK_VALIDATE_OP
#endif

/*
 * Symbol namespace of the rxscale_core library module: a bare token
 * stringified by EXPORT_SYMBOL_NS_GPL/MODULE_IMPORT_NS before 6.13, a
 * string literal from 6.13. Export with EXPORT_SYMBOL_NS_GPL(sym, RXS_NS),
 * import with RXS_IMPORT_NS().
 */
#ifdef HAVE_MODULE_IMPORT_NS_TOKEN
#define RXS_NS			RXSCALE
#else
#define RXS_NS			"RXSCALE"
#endif
#define RXS_IMPORT_NS()		MODULE_IMPORT_NS(RXS_NS)

/*
 * Software IRQ coalescing on by default on every kernel: where
 * netdev_sw_irq_coalesce_default_on() exists (6.2; CIP 6.1 backports
 * it) it is called, elsewhere the same values are set by hand
 * (gro_flush_timeout 20000 ns, napi_defer_hard_irqs 1, nothing on
 * PREEMPT_RT, as that helper does). Before register_netdev().
 */
#define RXS_SW_IRQ_COALESCE_GRO_FLUSH_NS	20000
#define RXS_SW_IRQ_COALESCE_DEFER_IRQS		1

static inline void rxs_sw_irq_coalesce_on(struct net_device *dev)
{
#ifdef HAVE_NETDEV_SW_IRQ_COALESCE_DEFAULT_ON
	netdev_sw_irq_coalesce_default_on(dev);
#else
	if (IS_ENABLED(CONFIG_PREEMPT_RT))
		return;
	WRITE_ONCE(dev->gro_flush_timeout, RXS_SW_IRQ_COALESCE_GRO_FLUSH_NS);
	WRITE_ONCE(dev->napi_defer_hard_irqs, RXS_SW_IRQ_COALESCE_DEFER_IRQS);
#endif
}

/*
 * page_pool fragments (page_pool_alloc_frag): a pool had to ask for
 * them with PP_FLAG_PAGE_FRAG until 6.7, when the flag went and every
 * pool hands them out. The flag is a macro: its presence is the probe.
 */
#ifdef PP_FLAG_PAGE_FRAG
#define RXS_PP_FLAG_PAGE_FRAG	PP_FLAG_PAGE_FRAG
#else
#define RXS_PP_FLAG_PAGE_FRAG	0
#endif

/*
 * A NAPI's software IRQ coalescing values, as its device's
 * gro_flush_timeout and napi_defer_hard_irqs sysfs files show and set
 * them: per NAPI (with the persistent config that napi_enable() restores)
 * since 6.13, per device before. Setting one takes the lock the sysfs
 * file takes (netdev_lock, 6.14; RTNL before, which the caller holds),
 * and writes what net/core/dev.h netdev_set_gro_flush_timeout() writes.
 */
static inline unsigned long rxs_napi_gro_flush_timeout(struct napi_struct *n)
{
#ifdef HAVE_NETIF_NAPI_ADD_CONFIG
	return READ_ONCE(n->gro_flush_timeout);
#else
	return READ_ONCE(n->dev->gro_flush_timeout);
#endif
}

static inline u32 rxs_napi_defer_hard_irqs(struct napi_struct *n)
{
#ifdef HAVE_NETIF_NAPI_ADD_CONFIG
	return READ_ONCE(n->defer_hard_irqs);
#else
	return READ_ONCE(n->dev->napi_defer_hard_irqs);
#endif
}

static inline void rxs_set_gro_flush_timeout(struct net_device *dev,
					     unsigned long ns)
{
#ifdef HAVE_NETIF_NAPI_ADD_CONFIG
	unsigned int i, count = max(dev->num_rx_queues, dev->num_tx_queues);
	struct napi_struct *n;

#ifdef HAVE_NETDEV_LOCK
	netdev_lock(dev);
#endif
	WRITE_ONCE(dev->gro_flush_timeout, ns);
	list_for_each_entry(n, &dev->napi_list, dev_list)
		WRITE_ONCE(n->gro_flush_timeout, ns);
	for (i = 0; i < count; i++)
		dev->napi_config[i].gro_flush_timeout = ns;
#ifdef HAVE_NETDEV_LOCK
	netdev_unlock(dev);
#endif
#else
	WRITE_ONCE(dev->gro_flush_timeout, ns);
#endif
}

#endif /* RXSCALE_KCOMPAT_H */
