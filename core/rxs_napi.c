// SPDX-License-Identifier: GPL-2.0
/*
 * NAPI instances of a vector map (rxscale/vector_map.h): registration
 * with a stable config index where the kernel keeps per-NAPI settings
 * (netif_napi_add_config, 6.13), and the queue/NAPI/IRQ association
 * that netdev genl reports (6.8).
 */
#include <linux/module.h>
#include <linux/string.h>
#include <rxscale/kcore.h>

void rxs_napi_add_all(struct net_device *dev, const struct rxs_vmap *m,
		      struct napi_struct *const *napi,
		      int (*poll)(struct napi_struct *, int))
{
	u32 n;

	for (n = 0; n < m->n_napi; n++) {
		/*
		 * A napi_struct reused after netif_napi_del() (a driver's
		 * fixed array, another queue's NAPI in the last layout)
		 * still holds its old napi_id, and netif_napi_dev_list_add()
		 * (7.3 net/core/dev.c) sorts a new NAPI in by the ids of
		 * those listed: a stale one leaves the list unsorted, which
		 * netdev genl's napi dump warns about and stops on. Nothing
		 * uses the memory between del and add.
		 */
		memset(napi[n], 0, sizeof(*napi[n]));
		/* NAPIs with an RX queue keep its config slot across changes */
		rxs_napi_add(dev, napi[n], poll, rxs_vmap_napi_index(m, n));
	}
}
EXPORT_SYMBOL_NS_GPL(rxs_napi_add_all, RXS_NS);

void rxs_napi_del_all(const struct rxs_vmap *m,
		      struct napi_struct *const *napi)
{
	u32 n;

	for (n = 0; n < m->n_napi; n++)
		netif_napi_del(napi[n]);
}
EXPORT_SYMBOL_NS_GPL(rxs_napi_del_all, RXS_NS);

void rxs_napi_enable_all(const struct rxs_vmap *m,
			 struct napi_struct *const *napi)
{
	u32 n;

	for (n = 0; n < m->n_napi; n++)
		napi_enable(napi[n]);
}
EXPORT_SYMBOL_NS_GPL(rxs_napi_enable_all, RXS_NS);

void rxs_napi_disable_all(const struct rxs_vmap *m,
			  struct napi_struct *const *napi)
{
	u32 n;

	for (n = 0; n < m->n_napi; n++)
		napi_disable(napi[n]);
}
EXPORT_SYMBOL_NS_GPL(rxs_napi_disable_all, RXS_NS);

/* Under RTNL, after request_irq; @vec_irq may be NULL (no IRQ known). */
void rxs_napi_link_queues(struct net_device *dev, const struct rxs_vmap *m,
			  struct napi_struct *const *napi, const int *vec_irq)
{
	u32 n, q;

	for (n = 0; vec_irq && n < m->n_napi; n++)
		if (vec_irq[m->napi_vec[n]] >= 0)
			rxs_napi_set_irq(napi[n], vec_irq[m->napi_vec[n]]);
	for (q = 0; q < m->n_rx; q++)
		rxs_queue_set_napi_rx(dev, q, napi[m->rx_napi[q]]);
	for (q = 0; q < m->n_tx; q++)
		rxs_queue_set_napi_tx(dev, q, napi[m->tx_napi[q]]);
}
EXPORT_SYMBOL_NS_GPL(rxs_napi_link_queues, RXS_NS);

/* Under RTNL, before the NAPIs go away. */
void rxs_napi_unlink_queues(struct net_device *dev, const struct rxs_vmap *m)
{
	u32 q;

	for (q = 0; q < m->n_rx; q++)
		rxs_queue_set_napi_rx(dev, q, NULL);
	for (q = 0; q < m->n_tx; q++)
		rxs_queue_set_napi_tx(dev, q, NULL);
}
EXPORT_SYMBOL_NS_GPL(rxs_napi_unlink_queues, RXS_NS);
