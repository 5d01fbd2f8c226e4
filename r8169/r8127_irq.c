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
		return 0;
	}
	n = pci_alloc_irq_vectors(pdev, 1, 1, PCI_IRQ_ALL_TYPES);
	if (n < 0)
		return n;
	tp->msix = false;
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

/* Line names by hardware vector: <if>-rx-<q>, <if>-tx-<q>, <if>-link. */
static void r8127_irq_name(struct r8127_priv *tp, struct r8127_irq *s)
{
	const char *ifname = tp->dev->name;
	u32 hw = s->hw_bit;

	if (!tp->msix)
		snprintf(s->name, sizeof(s->name), "%s", ifname);
	else if (hw < R8127_V2_TX(0))
		snprintf(s->name, sizeof(s->name), "%s-rx-%u", ifname, hw);
	else if (hw < R8127_V2_LINK)
		snprintf(s->name, sizeof(s->name), "%s-tx-%u", ifname,
			 hw - R8127_V2_TX(0));
	else
		snprintf(s->name, sizeof(s->name), "%s-link", ifname);
}

/*
 * The queue map for @rx RX and @tx TX queues (validated by the caller)
 * in the interrupt mode the device has.
 */
void r8127_irq_build_qmap(struct r8127_priv *tp, u32 rx, u32 tx,
			  struct rxs_qmap *m)
{
	u32 granted = tp->msix ? rxs_qmap_vectors_needed(rx, tx) : 1;

	if (!tp->msix)
		tx = 1;
	if (rxs_qmap_build(m, rx, tx, R8127_MAX_RX_QUEUES,
			   R8127_MAX_TX_QUEUES, granted)) {
		/* requests are validated before; keep a working minimum */
		rxs_qmap_build(m, 1, 1, R8127_MAX_RX_QUEUES,
			       R8127_MAX_TX_QUEUES, 1);
	}
}

/* The interrupt lines (bits of hardware vectors) layout @m uses. */
u32 r8127_irq_lines(struct r8127_priv *tp, const struct rxs_qmap *m)
{
	u32 lines = 0, l;

	if (!tp->msix)
		return BIT(0);
	for (l = 0; l < m->n_vec; l++)
		lines |= BIT(r8127_hw_vector(m, l));
	return lines;
}

/*
 * The vector table for tp->qmap and tp->req_comb. Called with the
 * datapath stopped.
 */
void r8127_irq_setup_vecs(struct r8127_priv *tp)
{
	struct rxs_qmap *m = &tp->qmap;
	u32 l;

	tp->nvec = m->n_vec;
	for (l = 0; l < m->n_vec; l++) {
		struct r8127_vec *v = &tp->vec[l];
		u32 rxm = rxs_qmap_vec_rx_mask(m, l);

		memset(v, 0, sizeof(*v));
		v->tp = tp;
		v->rx = rxm ? &tp->rs.rx[__ffs(rxm)] : NULL;
		v->tx_mask = rxs_qmap_vec_tx_mask(m, l);
		v->link = rxs_qmap_link_vector(m) == (int)l;
		v->hw_bit = tp->msix ? r8127_hw_vector(m, l) : 0;
		v->has_napi = v->rx || v->tx_mask;
		v->nv = v;
		v->poll_tx_mask = v->tx_mask;
		v->unmask = BIT(v->hw_bit);
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
	struct r8127_irq *s = data;
	struct r8127_vec *v = READ_ONCE(s->vec);
	struct r8127_priv *tp = s->tp;
	u32 bit = BIT(s->hw_bit);

	/* [vd] mask this vector, acknowledge it, then let NAPI run */
	r8127_w32(tp, R8127_IMR_V2_CLEAR, bit);
	r8127_w32(tp, R8127_ISR_V2, bit);
	if (!v)		/* a line requested for a layout not running yet */
		return IRQ_HANDLED;
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
	struct r8127_irq *s = data;
	struct r8127_vec *v = READ_ONCE(s->vec);
	struct r8127_priv *tp = s->tp;
	u32 status = r8127_r32(tp, R8127_ISR0);

	/* [up] rtl8169_interrupt: all ones means the device is gone */
	if ((status & R8127_ISR0_EVENTS) == R8127_ISR0_EVENTS ||
	    !(status & R8127_INT_LEGACY_MASK) || !v)
		return IRQ_NONE;
	r8127_w32(tp, R8127_IMR0, 0);
	r8127_w32(tp, R8127_ISR0, status);
	if (status & R8127_INT_LINK_CHG)
		mod_delayed_work(rxs_system_percpu_wq(), &tp->link_work, 0);
	napi_schedule(&v->napi);
	return IRQ_HANDLED;
}

/* Spread RX and TX lines over CPUs near the device; RSS needs it. */
static void r8127_irq_affinity(struct r8127_priv *tp, struct r8127_irq *s)
{
	int node = dev_to_node(&tp->pdev->dev);
	u32 idx;

	if (!tp->msix || s->hw_bit == R8127_V2_LINK)
		return;
	idx = s->hw_bit < R8127_V2_TX(0) ? s->hw_bit :
	      s->hw_bit - R8127_V2_TX(0);
	irq_set_affinity_and_hint(s->irq,
				  cpumask_of(cpumask_local_spread(idx, node)));
}

static void r8127_irq_free_line(struct r8127_priv *tp, struct r8127_irq *s)
{
	if (!s->requested)
		return;
	if (tp->msix)
		irq_update_affinity_hint(s->irq, NULL);
	free_irq(s->irq, s);
	s->requested = false;
}

/*
 * Request the lines of @lines not held yet; @added gets the ones this
 * call requested. On failure none of them is left requested.
 */
int r8127_irq_request(struct r8127_priv *tp, u32 lines, u32 *added)
{
	unsigned long flags = 0;
	unsigned long todo;
	u32 hw;
	int ret;

	*added = 0;
	if (!tp->msix && !tp->pdev->msi_enabled && !tp->pdev->msix_enabled)
		flags = IRQF_SHARED;
	todo = lines;
	for_each_set_bit(hw, &todo, R8127_V2_VECTORS) {
		struct r8127_irq *s = &tp->irqs[hw];

		if (s->requested)
			continue;
		s->tp = tp;
		s->hw_bit = hw;
		WRITE_ONCE(s->vec, NULL);
		s->irq = pci_irq_vector(tp->pdev, hw);
		r8127_irq_name(tp, s);
		ret = request_irq(s->irq, tp->msix ? r8127_msix_irq :
				  r8127_legacy_irq, flags, s->name, s);
		if (ret) {
			netdev_err(tp->dev, "request_irq %d failed: %d\n",
				   s->irq, ret);
			r8127_irq_release(tp, ~*added);
			*added = 0;
			return ret;
		}
		s->requested = true;
		*added |= BIT(hw);
		r8127_irq_affinity(tp, s);
	}
	return 0;
}

/* Free every requested line not in @keep. */
void r8127_irq_release(struct r8127_priv *tp, u32 keep)
{
	u32 hw;

	for (hw = 0; hw < R8127_V2_VECTORS; hw++)
		if (!(keep & BIT(hw)))
			r8127_irq_free_line(tp, &tp->irqs[hw]);
}

/* Point the lines at the vectors of the running layout, or detach them. */
void r8127_irq_attach(struct r8127_priv *tp, bool on)
{
	u32 i;

	for (i = 0; i < tp->nvec; i++) {
		struct r8127_vec *v = &tp->vec[i];
		struct r8127_irq *s = &tp->irqs[v->hw_bit];

		v->irq = s->irq;
		WRITE_ONCE(s->vec, on ? v : NULL);
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
	u32 hw;

	r8127_w32(tp, R8127_IMR_V2_CLEAR, ~0U);
	r8127_w32(tp, R8127_ISR_V2, ~0U);
	r8127_w32(tp, R8127_IMR0, 0);
	r8127_w32(tp, R8127_ISR0, ~0U);
	for (hw = 0; hw < R8127_V2_VECTORS; hw++)
		if (tp->irqs[hw].requested)
			synchronize_irq(tp->irqs[hw].irq);
}

void r8127_irq_unmask_vec(struct r8127_vec *v)
{
	struct r8127_priv *tp = v->tp;

	if (tp->msix)
		r8127_w32(tp, R8127_IMR_V2_SET, v->unmask);
	else
		r8127_w32(tp, R8127_IMR0, R8127_INT_LEGACY_MASK);
}
