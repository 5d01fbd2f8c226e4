// SPDX-License-Identifier: GPL-2.0
/*
 * mt7988_eth interrupts.
 *
 * The frame engine has eight lines, fe0..fe3 and pdma0..pdma3 [DT]. 7.3
 * uses fe1 (QDMA TX done) and fe2 (PDMA RX done, bit 14). With the SDK's
 * RSS set-up ring q's done bit 24 + q goes to PDMA interrupt group q and
 * so to pdma<q>, ring 0 to pdma0 [SDK]. The driver takes the lines by
 * name (tsnep's platform_get_irq_byname_optional() loop): one RX ring per
 * pdma line present from pdma0 up, and fe1 for TX. These are the lines of
 * rxscale/vector_map.h: RX queue q on line q, TX on line max_rx; the map
 * says which NAPI each line schedules.
 *
 * A line's handler masks its done bit and schedules the NAPIs; the NAPI
 * acknowledges the bit (W1C) before it polls and unmasks it when done,
 * so a frame that lands meanwhile raises the level line again.
 */
#include <linux/interrupt.h>
#include <linux/platform_device.h>

#include "mt7988.h"

static void mt7988_line_init(struct mt7988_priv *eth, struct mt7988_line *l,
			     int irq, bool tx, u32 bit)
{
	l->eth = eth;
	l->irq = irq;
	l->vec = -1;
	l->tx = tx;
	l->bit = bit;
}

/*
 * The lines of the device tree: pdma0.. in order (a gap ends them), else
 * fe2 for ring 0 alone; fe1 is required.
 */
int mt7988_irq_find(struct mt7988_priv *eth)
{
	struct platform_device *pdev = to_platform_device(eth->dmadev);
	char name[8];
	int irq, q;

	for (q = 0; q < MT7988_MAX_RX_RINGS; q++) {
		snprintf(name, sizeof(name), "pdma%d", q);
		irq = platform_get_irq_byname_optional(pdev, name);
		if (irq == -EPROBE_DEFER)
			return irq;
		if (irq < 0)
			break;
		mt7988_line_init(eth, &eth->lines[q], irq, false,
				 MT7988_RX_DONE_RING(q));
	}
	eth->max_rx = q;
	if (!q) {
		irq = platform_get_irq_byname(pdev, "fe2");
		if (irq < 0)
			return dev_err_probe(eth->dmadev, irq,
					     "neither pdma0 nor fe2 interrupt\n");
		mt7988_line_init(eth, &eth->lines[0], irq, false,
				 MT7988_RX_DONE_INT_V2);
		eth->max_rx = 1;
		eth->legacy_rx = true;
	}
	irq = platform_get_irq_byname(pdev, "fe1");
	if (irq < 0)
		return dev_err_probe(eth->dmadev, irq, "no fe1 (TX) interrupt\n");
	mt7988_line_init(eth, &eth->lines[eth->max_rx], irq, true,
			 MT7988_TX_DONE_INT);
	eth->n_lines = eth->max_rx + 1;
	return 0;
}

/*
 * The vector map for @rx RX queues (validated by the caller), @comb of
 * them combined with the TX queue. The one TX queue's line also stands
 * for the link event, which has no interrupt here (fixed link).
 */
void mt7988_irq_build_vmap(struct mt7988_priv *eth, u32 rx, u32 comb,
			   struct rxs_vmap *m)
{
	struct rxs_vmap_lines l;
	u32 q;

	rxs_vmap_lines_one(&l, (u8)eth->max_rx);
	for (q = 0; q < eth->max_rx; q++)
		l.rx[q] = (u8)q;
	if (rxs_vmap_build(m, &l, rx, 1, min(comb, 1U)))
		rxs_vmap_build(m, &l, 1, 1, 0);	/* a working minimum */
}

/* Mask (or unmask) @bits of one INT_MASK register. */
static void mt7988_irq_mask(struct mt7988_priv *eth, u32 reg, u32 clear,
			    u32 set)
{
	unsigned long flags;

	spin_lock_irqsave(&eth->irq_lock, flags);
	mt7988_m32(eth, reg, clear, set);
	spin_unlock_irqrestore(&eth->irq_lock, flags);
}

static irqreturn_t mt7988_irq(int irq, void *data)
{
	struct mt7988_line *l = data;
	struct mt7988_priv *eth = l->eth;
	int v = READ_ONCE(l->vec);
	u64 napis;

	mt7988_irq_mask(eth, l->tx ? MT7988_QDMA_INT_MASK :
			MT7988_PDMA_INT_MASK, l->bit, 0);
	if (v < 0)
		return IRQ_HANDLED;
	napis = eth->vmap.vec_napi[v];
	while (napis) {
		napi_schedule(&eth->napi[__ffs64(napis)].napi);
		napis &= napis - 1;
	}
	return IRQ_HANDLED;
}

static void mt7988_irq_clear_hint(void *data)
{
	struct mt7988_line *l = data;

	irq_update_affinity_hint(l->irq, NULL);
}

/*
 * Spread the RX lines over the online CPUs and put TX on the next one
 * (users of the board spread the four PDMA lines and moved TX apart by
 * hand: ../shared/reference/mt7988.md "Users").
 */
static void mt7988_irq_affinity(struct mt7988_priv *eth, u32 i)
{
	unsigned int cpu = cpumask_local_spread(i, dev_to_node(eth->dmadev));

	irq_set_affinity_and_hint(eth->lines[i].irq, cpumask_of(cpu));
}

/* Every line, for the device's lifetime; masked until open. */
int mt7988_irq_request(struct mt7988_priv *eth)
{
	struct device *dev = eth->dmadev;
	u32 i;
	int ret;

	for (i = 0; i < eth->n_lines; i++) {
		struct mt7988_line *l = &eth->lines[i];

		if (l->tx)
			snprintf(l->name, sizeof(l->name), "%s-tx",
				 dev_name(dev));
		else
			snprintf(l->name, sizeof(l->name), "%s-rx-%u",
				 dev_name(dev), i);
		ret = devm_request_irq(dev, l->irq, mt7988_irq, 0, l->name, l);
		if (ret)
			return dev_err_probe(dev, ret, "irq %s\n", l->name);
		mt7988_irq_affinity(eth, i);
		/* released before devm frees the line: free_irq warns on a hint */
		ret = devm_add_action_or_reset(dev, mt7988_irq_clear_hint, l);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * Point the lines at the vectors of the running map (and note their
 * IRQs for the NAPI association), or detach them all.
 */
void mt7988_irq_attach(struct mt7988_priv *eth, bool on)
{
	const struct rxs_vmap *m = &eth->vmap;
	u32 i, v;

	for (i = 0; i < eth->n_lines; i++)
		WRITE_ONCE(eth->lines[i].vec, -1);
	if (!on)
		return;
	for (v = 0; v < m->n_vec; v++) {
		struct mt7988_line *l = &eth->lines[m->vec_line[v]];

		eth->vec_irq[v] = l->irq;
		WRITE_ONCE(l->vec, (int)v);
	}
}

/* Each NAPI's done bits: those of its rings. */
static void mt7988_irq_napi_bits(struct mt7988_priv *eth, u32 n,
				 u32 *pdma, u32 *qdma)
{
	const struct rxs_vmap *m = &eth->vmap;
	unsigned long rx = m->napi_rx[n];
	u32 q, bits = 0;

	for_each_set_bit(q, &rx, MT7988_MAX_RX_RINGS)
		bits |= eth->lines[q].bit;
	*pdma = bits;
	*qdma = m->napi_tx[n] ? MT7988_TX_DONE_INT : 0;
}

void mt7988_irq_enable(struct mt7988_priv *eth)
{
	u32 n, pdma = 0, qdma = 0;

	for (n = 0; n < eth->vmap.n_napi; n++) {
		struct mt7988_napi *p = &eth->napi[n];

		mt7988_irq_napi_bits(eth, n, &p->pdma_unmask, &p->qdma_unmask);
		pdma |= p->pdma_unmask;
		qdma |= p->qdma_unmask;
	}
	mt7988_w32(eth, MT7988_PDMA_INT_STATUS, pdma);
	mt7988_w32(eth, MT7988_QDMA_INT_STATUS, qdma);
	mt7988_irq_mask(eth, MT7988_PDMA_INT_MASK, 0, pdma);
	mt7988_irq_mask(eth, MT7988_QDMA_INT_MASK, 0, qdma);
}

/* Mask everything, then wait for running handlers. */
void mt7988_irq_disable(struct mt7988_priv *eth)
{
	u32 i;

	mt7988_irq_mask(eth, MT7988_PDMA_INT_MASK, ~0U, 0);
	mt7988_irq_mask(eth, MT7988_QDMA_INT_MASK, ~0U, 0);
	for (i = 0; i < eth->n_lines; i++)
		synchronize_irq(eth->lines[i].irq);
}

/* Before a poll: acknowledge the NAPI's done bits (W1C). */
void mt7988_irq_ack_napi(struct mt7988_napi *n)
{
	struct mt7988_priv *eth = n->eth;

	if (n->pdma_unmask)
		mt7988_w32(eth, MT7988_PDMA_INT_STATUS, n->pdma_unmask);
	if (n->qdma_unmask)
		mt7988_w32(eth, MT7988_QDMA_INT_STATUS, n->qdma_unmask);
}

void mt7988_irq_unmask_napi(struct mt7988_napi *n)
{
	struct mt7988_priv *eth = n->eth;

	if (n->pdma_unmask)
		mt7988_irq_mask(eth, MT7988_PDMA_INT_MASK, 0, n->pdma_unmask);
	if (n->qdma_unmask)
		mt7988_irq_mask(eth, MT7988_QDMA_INT_MASK, 0, n->qdma_unmask);
}
