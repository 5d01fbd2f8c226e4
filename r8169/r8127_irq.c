// SPDX-License-Identifier: GPL-2.0
/*
 * r8127 interrupts.
 *
 * Vector mode ([vd] "ISR version 6"): INT_CFG0 bit 0 set, one ISR_V2 /
 * IMR_V2 bit per MSI-X vector, and each event has a fixed vector: RX
 * queue q -> q, TX queue q -> 8 + q, link -> 29. So 30 vectors must be
 * granted even though at most 7 are requested. The logical layout of
 * rxscale/queue_map.h (RX queues, then TX queues, then link) is mapped
 * onto these hardware vectors here.
 *
 * Combined channel q: the vectors of RX queue q and TX queue q both stay
 * requested (and keep their names), but only the RX vector has a NAPI;
 * the TX vector masks and acknowledges its own bit and schedules that
 * NAPI, which cleans TX queue q too and unmasks both bits when it
 * completes.
 *
 * Fallback: fewer than 30 vectors. One MSI-X/MSI/INTx vector in the
 * legacy IMR0/ISR0 mode that upstream r8169 uses, with one RX queue,
 * one TX queue and no RSS.
 */
#include <linux/interrupt.h>

#include "r8127.h"

static u32 r8127_hw_vector(const struct rxs_qmap *m, u32 logical)
{
	if (logical < m->n_rx)
		return R8127_V2_RX(logical);
	if (logical < m->n_rx + m->n_tx)
		return R8127_V2_TX(logical - m->n_rx);
	return R8127_V2_LINK;
}

int r8127_irq_alloc_vectors(struct r8127_priv *tp)
{
	struct pci_dev *pdev = tp->pdev;
	int n;

	n = pci_alloc_irq_vectors(pdev, R8127_V2_VECTORS, R8127_MSIX_MAX,
				  PCI_IRQ_MSIX);
	if (n >= R8127_V2_VECTORS) {
		tp->msix = true;
		tp->nvec_granted = n;
		return 0;
	}
	n = pci_alloc_irq_vectors(pdev, 1, 1, PCI_IRQ_ALL_TYPES);
	if (n < 0)
		return n;
	tp->msix = false;
	tp->nvec_granted = n;
	dev_info(&pdev->dev,
		 "fewer than %d MSI-X vectors: one %s vector, one RX queue, no RSS\n",
		 R8127_V2_VECTORS, pdev->msix_enabled ? "MSI-X" :
		 pdev->msi_enabled ? "MSI" : "INTx");
	return 0;
}

void r8127_irq_free_vectors(struct r8127_priv *tp)
{
	pci_free_irq_vectors(tp->pdev);
}

static void r8127_vec_name(struct r8127_priv *tp, struct r8127_vec *v)
{
	const char *ifname = tp->dev->name;

	if (!tp->msix)
		snprintf(v->name, sizeof(v->name), "%s", ifname);
	else if (v->rx)
		snprintf(v->name, sizeof(v->name), "%s-rx-%u", ifname, v->rx->q);
	else if (v->tx_mask)
		snprintf(v->name, sizeof(v->name), "%s-tx-%u", ifname,
			 (u32)__ffs(v->tx_mask));
	else
		snprintf(v->name, sizeof(v->name), "%s-link", ifname);
}

/*
 * Build the queue map for the requested channels and the vector table.
 * Called with the device down.
 */
void r8127_irq_setup_map(struct r8127_priv *tp)
{
	u32 granted = tp->msix ?
		rxs_qmap_vectors_needed(tp->req_rx, tp->req_tx) : 1;
	u32 n_tx = tp->msix ? tp->req_tx : 1;
	struct rxs_qmap *m = &tp->qmap;
	u32 l;

	if (rxs_qmap_build(m, tp->req_rx, n_tx, R8127_MAX_RX_QUEUES,
			   R8127_MAX_TX_QUEUES, granted)) {
		/* requests are validated before; keep a working minimum */
		rxs_qmap_build(m, 1, 1, R8127_MAX_RX_QUEUES,
			       R8127_MAX_TX_QUEUES, 1);
	}
	tp->rx_v4 = tp->msix && m->n_rx >= 2;
	tp->nvec = m->n_vec;
	for (l = 0; l < m->n_vec; l++) {
		struct r8127_vec *v = &tp->vec[l];
		u32 rxm = rxs_qmap_vec_rx_mask(m, l);

		memset(v, 0, sizeof(*v));
		v->tp = tp;
		v->rx = rxm ? &tp->rx[__ffs(rxm)] : NULL;
		v->tx_mask = rxs_qmap_vec_tx_mask(m, l);
		v->link = rxs_qmap_link_vector(m) == (int)l;
		v->hw_bit = tp->msix ? r8127_hw_vector(m, l) : 0;
		v->has_napi = v->rx || v->tx_mask;
		v->nv = v;
		v->poll_tx_mask = v->tx_mask;
		v->unmask = BIT(v->hw_bit);
		r8127_vec_name(tp, v);
	}
	if (!tp->msix)
		return;
	/* combined channel q: logical vectors q (RX) and n_rx + q (TX) */
	for (l = 0; l < min3(tp->req_comb, m->n_rx, m->n_tx); l++) {
		struct r8127_vec *rv = &tp->vec[l];
		struct r8127_vec *tv = &tp->vec[m->n_rx + l];

		tv->nv = rv;
		tv->has_napi = false;
		tv->poll_tx_mask = 0;
		rv->poll_tx_mask |= tv->tx_mask;
		rv->unmask |= BIT(tv->hw_bit);
	}
}

static irqreturn_t r8127_msix_irq(int irq, void *data)
{
	struct r8127_vec *v = data;
	struct r8127_priv *tp = v->tp;
	u32 bit = BIT(v->hw_bit);

	/* [vd] mask this vector, acknowledge it, then let NAPI run */
	r8127_w32(tp, R8127_IMR_V2_CLEAR, bit);
	r8127_w32(tp, R8127_ISR_V2, bit);
	if (v->link) {
		mod_delayed_work(rxs_system_percpu_wq(), &tp->link_work, 0);
		r8127_w32(tp, R8127_IMR_V2_SET, bit);
	}
	if (v->nv->has_napi)
		napi_schedule(&v->nv->napi);
	return IRQ_HANDLED;
}

static irqreturn_t r8127_legacy_irq(int irq, void *data)
{
	struct r8127_vec *v = data;
	struct r8127_priv *tp = v->tp;
	u32 status = r8127_r32(tp, R8127_ISR0);

	/* [up] rtl8169_interrupt: all ones means the device is gone */
	if ((status & 0xffff) == 0xffff || !(status & R8127_INT_LEGACY_MASK))
		return IRQ_NONE;
	r8127_w32(tp, R8127_IMR0, 0);
	r8127_w32(tp, R8127_ISR0, status);
	if (status & R8127_INT_LINK_CHG)
		mod_delayed_work(rxs_system_percpu_wq(), &tp->link_work, 0);
	napi_schedule(&v->napi);
	return IRQ_HANDLED;
}

static int r8127_vec_irq(struct r8127_priv *tp, struct r8127_vec *v)
{
	return pci_irq_vector(tp->pdev, tp->msix ? v->hw_bit : 0);
}

/* Spread RX and TX vectors over CPUs near the device; RSS needs it. */
static void r8127_vec_affinity(struct r8127_priv *tp, struct r8127_vec *v)
{
	int node = dev_to_node(&tp->pdev->dev);
	u32 idx;

	if (!tp->msix || (!v->rx && !v->tx_mask))
		return;
	idx = v->rx ? v->rx->q : __ffs(v->tx_mask);
	irq_set_affinity_and_hint(v->irq,
				  cpumask_of(cpumask_local_spread(idx, node)));
}

int r8127_irq_request(struct r8127_priv *tp)
{
	unsigned long flags = 0;
	u32 i;
	int ret;

	if (!tp->msix && !tp->pdev->msi_enabled && !tp->pdev->msix_enabled)
		flags = IRQF_SHARED;
	for (i = 0; i < tp->nvec; i++) {
		struct r8127_vec *v = &tp->vec[i];

		r8127_vec_name(tp, v);
		v->irq = r8127_vec_irq(tp, v);
		ret = request_irq(v->irq, tp->msix ? r8127_msix_irq :
				  r8127_legacy_irq, flags, v->name, v);
		if (ret) {
			netdev_err(tp->dev, "request_irq %d failed: %d\n",
				   v->irq, ret);
			r8127_irq_release(tp);
			return ret;
		}
		v->irq_requested = true;
		r8127_vec_affinity(tp, v);
	}
	return 0;
}

void r8127_irq_release(struct r8127_priv *tp)
{
	u32 i;

	for (i = 0; i < tp->nvec; i++) {
		struct r8127_vec *v = &tp->vec[i];

		if (!v->irq_requested)
			continue;
		if (tp->msix)
			irq_update_affinity_hint(v->irq, NULL);
		free_irq(v->irq, v);
		v->irq_requested = false;
	}
}

static u32 r8127_v2_mask(struct r8127_priv *tp)
{
	u32 mask = 0, i;

	for (i = 0; i < tp->nvec; i++)
		mask |= BIT(tp->vec[i].hw_bit);
	return mask;
}

void r8127_irq_enable(struct r8127_priv *tp)
{
	if (tp->msix)
		r8127_w32(tp, R8127_IMR_V2_SET, r8127_v2_mask(tp));
	else
		r8127_w32(tp, R8127_IMR0, R8127_INT_LEGACY_MASK);
}

/* Mask and acknowledge everything, then wait for running handlers. */
void r8127_irq_disable(struct r8127_priv *tp)
{
	u32 i;

	r8127_w32(tp, R8127_IMR_V2_CLEAR, ~0U);
	r8127_w32(tp, R8127_ISR_V2, ~0U);
	r8127_w32(tp, R8127_IMR0, 0);
	r8127_w32(tp, R8127_ISR0, ~0U);
	for (i = 0; i < tp->nvec; i++)
		if (tp->vec[i].irq_requested)
			synchronize_irq(tp->vec[i].irq);
}

void r8127_irq_unmask_vec(struct r8127_vec *v)
{
	struct r8127_priv *tp = v->tp;

	if (tp->msix)
		r8127_w32(tp, R8127_IMR_V2_SET, v->unmask);
	else
		r8127_w32(tp, R8127_IMR0, R8127_INT_LEGACY_MASK);
}
