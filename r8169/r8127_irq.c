// SPDX-License-Identifier: GPL-2.0
/*
 * r8127 interrupts.
 *
 * Vector mode ([vd] "ISR version 6"): INT_CFG0 bit 0 set, one ISR_V2 /
 * IMR_V2 bit per MSI-X vector, and each event has a fixed vector: RX
 * queue q -> q, TX queue q -> 8 + q, link -> 29. So 30 vectors must be
 * granted even though at most 7 are requested. These hardware vectors
 * are the lines of rxscale/vector_map.h; the map says which of them are
 * in use and which NAPI instances (channels) each one schedules.
 *
 * Combined channel q: the vectors of RX queue q and TX queue q both stay
 * requested (and keep their names) and both schedule the channel's one
 * NAPI, which cleans both queues and unmasks both bits when it
 * completes; each handler masks and acknowledges only its own bit.
 *
 * Fallback: fewer than 30 vectors. One MSI-X/MSI/INTx vector in the
 * legacy IMR0/ISR0 mode that upstream r8169 uses (every event on line
 * 0), with one combined channel: one RX queue, one TX queue, no RSS.
 */
#include <linux/interrupt.h>

#include "r8127.h"

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
	u32 hw;

	pci_free_irq_vectors(tp->pdev);
	/* new vectors, new IRQ descriptors: spread them again */
	for (hw = 0; hw < R8127_V2_VECTORS; hw++)
		tp->irqs[hw].spread = false;
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

/* On which hardware vector (line) each event arrives, by mode. */
static void r8127_irq_event_lines(struct r8127_priv *tp,
				  struct rxs_vmap_lines *l)
{
	u32 q;

	if (!tp->msix) {
		rxs_vmap_lines_one(l, 0);
		return;
	}
	rxs_vmap_lines_one(l, R8127_V2_LINK);
	for (q = 0; q < R8127_MAX_RX_QUEUES; q++)
		l->rx[q] = R8127_V2_RX(q);
	for (q = 0; q < R8127_MAX_TX_QUEUES; q++)
		l->tx[q] = R8127_V2_TX(q);
}

/*
 * The vector map for @rx RX and @tx TX queues of which @comb are
 * combined channels (validated by the caller), in the interrupt mode
 * the device has: the fallback runs one combined channel.
 */
void r8127_irq_build_vmap(struct r8127_priv *tp, u32 rx, u32 tx, u32 comb,
			  struct rxs_vmap *m)
{
	struct rxs_vmap_lines l;

	if (!tp->msix) {
		rx = 1;
		tx = 1;
		comb = 1;
	}
	r8127_irq_event_lines(tp, &l);
	if (rxs_vmap_build(m, &l, rx, tx, min3(comb, rx, tx))) {
		/* requests are validated before; keep a working minimum */
		rxs_vmap_build(m, &l, 1, 1, 1);
	}
}

/* The interrupt lines (bits of hardware vectors) map @m uses. */
u32 r8127_irq_lines(const struct rxs_vmap *m)
{
	u32 lines = 0, v;

	for (v = 0; v < m->n_vec; v++)
		lines |= BIT(m->vec_line[v]);
	return lines;
}

/*
 * Each NAPI's unmask bits for tp->vmap: the vectors that schedule it.
 * Called with the datapath stopped.
 */
void r8127_irq_setup_napis(struct r8127_priv *tp)
{
	const struct rxs_vmap *m = &tp->vmap;
	u32 v, n;

	for (n = 0; n < m->n_napi; n++)
		tp->napi[n].unmask = 0;
	for (v = 0; v < m->n_vec; v++)
		for (n = 0; n < m->n_napi; n++)
			if (m->vec_napi[v] & BIT_ULL(n))
				tp->napi[n].unmask |= BIT(m->vec_line[v]);
}

/* Schedule the NAPIs of vector @v of the running map. */
static void r8127_irq_schedule(struct r8127_priv *tp, int v)
{
	u64 napis = tp->vmap.vec_napi[v];

	while (napis) {
		napi_schedule(&tp->napi[__ffs64(napis)].napi);
		napis &= napis - 1;
	}
}

static irqreturn_t r8127_msix_irq(int irq, void *data)
{
	struct r8127_irq *s = data;
	int v = READ_ONCE(s->vec);
	struct r8127_priv *tp = s->tp;
	u32 bit = BIT(s->hw_bit);

	/* [vd] mask this vector, acknowledge it, then let NAPI run */
	r8127_w32(tp, R8127_IMR_V2_CLEAR, bit);
	r8127_w32(tp, R8127_ISR_V2, bit);
	if (v < 0)	/* a line requested for a layout not running yet */
		return IRQ_HANDLED;
	if (v == tp->vmap.link_vec) {
		mod_delayed_work(rxs_system_percpu_wq(), &tp->link_work, 0);
		r8127_w32(tp, R8127_IMR_V2_SET, bit);
	}
	r8127_irq_schedule(tp, v);
	return IRQ_HANDLED;
}

static irqreturn_t r8127_legacy_irq(int irq, void *data)
{
	struct r8127_irq *s = data;
	int v = READ_ONCE(s->vec);
	struct r8127_priv *tp = s->tp;
	u32 status = r8127_r32(tp, R8127_ISR0);

	/* [up] rtl8169_interrupt: all ones means the device is gone */
	if ((status & R8127_ISR0_EVENTS) == R8127_ISR0_EVENTS ||
	    !(status & R8127_INT_LEGACY_MASK) || v < 0)
		return IRQ_NONE;
	r8127_w32(tp, R8127_IMR0, 0);
	r8127_w32(tp, R8127_ISR0, status);
	if (status & R8127_INT_LINK_CHG)
		mod_delayed_work(rxs_system_percpu_wq(), &tp->link_work, 0);
	r8127_irq_schedule(tp, v);
	return IRQ_HANDLED;
}

/*
 * Spread RX and TX lines over CPUs near the device (RSS needs it), once
 * per vector allocation; later requests (ip link up, ethtool -L) only give
 * the hint back. Any affinity set on a line, ours or one written to
 * /proc/irq/N/smp_affinity, marks it IRQD_AFFINITY_SET, and
 * irq_setup_affinity() keeps such a line's affinity when request_irq()
 * starts it again (kernel/irq/manage.c). Setting it at every request
 * undid the administrator's choice at each down/up (the kernel's
 * drivers/net/hw/irq.py selftest, check_down).
 */
static void r8127_irq_affinity(struct r8127_priv *tp, struct r8127_irq *s)
{
	int node = dev_to_node(&tp->pdev->dev);
	const struct cpumask *mask;
	u32 idx;

	if (!tp->msix || s->hw_bit == R8127_V2_LINK)
		return;
	idx = s->hw_bit < R8127_V2_TX(0) ? s->hw_bit :
	      s->hw_bit - R8127_V2_TX(0);
	mask = cpumask_of(cpumask_local_spread(idx, node));
	if (s->spread) {
		irq_update_affinity_hint(s->irq, mask);
		return;
	}
	irq_set_affinity_and_hint(s->irq, mask);
	s->spread = true;
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
		WRITE_ONCE(s->vec, -1);
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

/*
 * Point the lines at the vectors of the running map (and note their
 * IRQs for the NAPI association), or detach them.
 */
void r8127_irq_attach(struct r8127_priv *tp, bool on)
{
	u32 v;

	for (v = 0; v < tp->vmap.n_vec; v++) {
		struct r8127_irq *s = &tp->irqs[tp->vmap.vec_line[v]];

		tp->vec_irq[v] = s->irq;
		WRITE_ONCE(s->vec, on ? (int)v : -1);
	}
}

void r8127_irq_enable(struct r8127_priv *tp)
{
	if (tp->msix)
		r8127_w32(tp, R8127_IMR_V2_SET, r8127_irq_lines(&tp->vmap));
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

void r8127_irq_unmask_napi(struct r8127_napi *n)
{
	struct r8127_priv *tp = n->tp;

	if (tp->msix)
		r8127_w32(tp, R8127_IMR_V2_SET, n->unmask);
	else
		r8127_w32(tp, R8127_IMR0, R8127_INT_LEGACY_MASK);
}
