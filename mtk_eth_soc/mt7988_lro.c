// SPDX-License-Identifier: GPL-2.0
/*
 * mt7988_eth HW LRO: the LRO slots of PDMA RX rings 4..7, the rules
 * (ethtool -N flow-type tcp4 dst-ip X action 0 loc 0|1) and ethtool -K
 * lro.
 *
 * The frame engine merges in-order segments of one TCP flow to a rule's
 * destination into one buffer of an LRO ring (auto-learn: the first flow
 * to the address holds the slot until it ages) and writes the segment
 * count into rxd6 [SDK, ref "HW LRO block"; 7.3's mtk_hwlro_* for older
 * SoCs, L 2965-3200]. MAC m owns slots 2 m + 1 and 2 m + 2, one per rule
 * location; this driver runs gmac0: slots 1 and 2, rings 4 and 5.
 *
 * Rules are kept in eth->lro_dip and written whenever the datapath
 * starts, so they survive -K lro off/on, down/up and channel changes.
 * -K lro only flips LRO_EN (the rings stay armed): nothing allocates,
 * nothing can fail. Everything here runs under RTNL.
 */
#include <linux/ethtool.h>
#include <linux/iopoll.h>
#include <linux/netdevice.h>

#include "mt7988.h"

/* The slot (1..4) of gmac0's rule location @loc, and its ring. */
static u32 mt7988_lro_slot(u32 loc)
{
	return loc + 1;
}

/*
 * The line (and RX queue) LRO ring @ring shares: pdma<i> for ring 4 + i
 * as the SDK wires them, folded onto the running queues when queue i is
 * not running (its line's NAPI is not there then).
 */
u32 mt7988_lro_line(struct mt7988_priv *eth, u32 ring)
{
	u32 i = ring - MT7988_LRO_RING0, n = max_t(u32, eth->vmap.n_rx, 1);

	return i < n ? i : i % n;
}

/* Ring control DW2 of a slot: auto-learn, the ring valid, limits [L]. */
static u32 mt7988_lro_ring_dw2(void)
{
	return FIELD_PREP(MT7988_LRO_DW2_AGE_H, MT7988_LRO_AGE_TIME >> 10) |
	       FIELD_PREP(MT7988_LRO_DW2_MODE, MT7988_LRO_MODE_AUTO_LEARN) |
	       MT7988_LRO_DW2_RING_VLD |
	       FIELD_PREP(MT7988_LRO_DW2_AGG_TIME, MT7988_LRO_AGG_TIME) |
	       FIELD_PREP(MT7988_LRO_DW2_AGG_CNT_L,
			  MT7988_LRO_MAX_AGG_CNT & 0x3f);
}

/*
 * Rule @loc into its slot [L mtk_hwlro_val_ipaddr/inval_ipaddr]: the
 * address invalid (which makes the slot give up its flow), the new one
 * written, valid again if there is one. The DIP register holds the
 * address as a number (7.3 writes htonl() of the __be32).
 */
static void mt7988_lro_hw_rule(struct mt7988_priv *eth, u32 loc)
{
	u32 x = mt7988_lro_slot(loc);
	u32 dw2 = mt7988_r32(eth, MT7988_LRO_RING_DW2(x));

	mt7988_w32(eth, MT7988_LRO_RING_DW2(x), dw2 & ~MT7988_LRO_DW2_MYIP_VLD);
	mt7988_w32(eth, MT7988_LRO_DIP(x), be32_to_cpu(eth->lro_dip[loc]));
	if (eth->lro_dip[loc])
		mt7988_w32(eth, MT7988_LRO_RING_DW2(x),
			   dw2 | MT7988_LRO_DW2_MYIP_VLD);
}

/*
 * Flush and free the slots of our rings [L mtk_hwlro_rx_uninit]: the
 * relinquish request, then the done bits, bounded (7.3 polls 10 x 20 ms).
 */
static void mt7988_lro_relinquish(struct mt7988_priv *eth, u32 dw0)
{
	u32 req = 0, done = 0, x, v;

	for (x = 1; x <= eth->n_lro; x++) {
		req |= MT7988_LRO_RELQ_REQ(x);
		done |= MT7988_LRO_RELQ_DONE(x);
	}
	mt7988_w32(eth, MT7988_LRO_CTRL_DW0, dw0 | req);
	if (readl_poll_timeout(eth->base + MT7988_LRO_CTRL_DW0, v,
			       (v & done) == done, 100, 200 * USEC_PER_MSEC))
		netdev_warn(eth->dev, "LRO relinquish not done: %#x\n", v);
}

/* LRO_CTRL_DW0 without the enable bit [L mtk_hwlro_rx_init]. */
static u32 mt7988_lro_dw0(void)
{
	return MT7988_LRO_L3_CKS_UPD_EN | MT7988_LRO_ALT_PKT_CNT_MODE;
}

/* -K lro on/off on a running datapath (or as the start leaves it). */
void mt7988_lro_set(struct mt7988_priv *eth, bool on)
{
	if (!eth->n_lro)
		return;
	if (on) {
		mt7988_w32(eth, MT7988_LRO_CTRL_DW0,
			   mt7988_lro_dw0() | MT7988_LRO_EN);
		return;
	}
	/* what is pending is delivered before the merging stops */
	mt7988_lro_relinquish(eth, mt7988_lro_dw0() | MT7988_LRO_EN);
	mt7988_w32(eth, MT7988_LRO_CTRL_DW0, mt7988_lro_dw0());
}

/*
 * The LRO block at start (DMA stopped, rings armed) [L
 * mtk_hwlro_rx_init, v3 offsets]: every slot of ours auto-learning with
 * 7.3's limits, the rules, the global thresholds, then LRO_EN if -K lro
 * is on.
 */
void mt7988_lro_hw_start(struct mt7988_priv *eth)
{
	u32 loc, x;

	if (!eth->n_lro)
		return;
	for (loc = 0; loc < eth->n_lro; loc++) {
		x = mt7988_lro_slot(loc);
		mt7988_w32(eth, MT7988_LRO_RING_DW1(x),
			   FIELD_PREP(MT7988_LRO_DW1_AGE_L,
				      MT7988_LRO_AGE_TIME & 0x3ff));
		mt7988_w32(eth, MT7988_LRO_RING_DW2(x), mt7988_lro_ring_dw2());
		mt7988_w32(eth, MT7988_LRO_RING_DW3(x),
			   FIELD_PREP(MT7988_LRO_DW3_AGG_CNT_H,
				      MT7988_LRO_MAX_AGG_CNT >> 6));
		mt7988_lro_hw_rule(eth, loc);
	}
	mt7988_w32(eth, MT7988_LRO_CTRL_DW2, MT7988_LRO_BW_THRESH);
	mt7988_w32(eth, MT7988_LRO_ALT_SCORE_DELTA, MT7988_LRO_REPLACE_DELTA);
	mt7988_w32(eth, MT7988_LRO_ALT_REFRESH_TIMER, MT7988_LRO_ALT_REFRESH_1S);
	mt7988_w32(eth, MT7988_LRO_CTRL_DW3, MT7988_LRO_MIN_RXD_SDL);
	mt7988_lro_set(eth, eth->dev->features & NETIF_F_LRO);
}

/* At stop [L mtk_hwlro_rx_uninit]: flush, the slots invalid, LRO off. */
void mt7988_lro_hw_stop(struct mt7988_priv *eth)
{
	u32 x;

	if (!eth->n_lro)
		return;
	mt7988_lro_relinquish(eth, mt7988_lro_dw0() |
			      (mt7988_r32(eth, MT7988_LRO_CTRL_DW0) &
			       MT7988_LRO_EN));
	for (x = 1; x <= eth->n_lro; x++)
		mt7988_w32(eth, MT7988_LRO_RING_DW2(x), 0);
	mt7988_w32(eth, MT7988_LRO_CTRL_DW0, 0);
}

/* ---------------------------------------------------------------- rules */

static u32 mt7988_lro_rule_count(struct mt7988_priv *eth)
{
	u32 loc, n = 0;

	for (loc = 0; loc < eth->n_lro; loc++)
		n += !!eth->lro_dip[loc];
	return n;
}

/* The rule at @loc as ethtool shows it: the destination, all else any. */
static int mt7988_lro_get_rule(struct mt7988_priv *eth,
			       struct ethtool_rx_flow_spec *fs)
{
	if (fs->location >= eth->n_lro || !eth->lro_dip[fs->location])
		return -EINVAL;
	memset(&fs->h_u, 0, sizeof(fs->h_u));
	memset(&fs->m_u, 0, sizeof(fs->m_u));
	memset(&fs->h_ext, 0, sizeof(fs->h_ext));
	memset(&fs->m_ext, 0, sizeof(fs->m_ext));
	fs->flow_type = TCP_V4_FLOW;
	fs->h_u.tcp_ip4_spec.ip4dst = eth->lro_dip[fs->location];
	fs->m_u.tcp_ip4_spec.ip4dst = htonl(0xffffffff);
	fs->ring_cookie = 0;
	return 0;
}

static int mt7988_lro_get_all(struct mt7988_priv *eth,
			      struct ethtool_rxnfc *cmd, u32 *locs)
{
	u32 loc, n = 0;

	for (loc = 0; loc < eth->n_lro; loc++) {
		if (!eth->lro_dip[loc])
			continue;
		if (n == cmd->rule_cnt)
			return -EMSGSIZE;
		locs[n++] = loc;
	}
	cmd->rule_cnt = n;
	cmd->data = eth->n_lro;
	return 0;
}

/* ETHTOOL_GRXCLSRLCNT/GRXCLSRULE/GRXCLSRLALL; -EOPNOTSUPP otherwise. */
int mt7988_lro_get_rxnfc(struct mt7988_priv *eth, struct ethtool_rxnfc *cmd,
			 u32 *rule_locs)
{
	switch (cmd->cmd) {
	case ETHTOOL_GRXCLSRLCNT:
		cmd->rule_cnt = mt7988_lro_rule_count(eth);
		/* a table of n_lro; "loc" may be left to the driver */
		cmd->data = eth->n_lro | RX_CLS_LOC_SPECIAL;
		return 0;
	case ETHTOOL_GRXCLSRULE:
		return mt7988_lro_get_rule(eth, &cmd->fs);
	case ETHTOOL_GRXCLSRLALL:
		return mt7988_lro_get_all(eth, cmd, rule_locs);
	default:
		return -EOPNOTSUPP;
	}
}

/*
 * A rule the LRO block can hold: TCP over IPv4 to exactly one non-zero
 * destination, nothing else matched, action 0 (the LRO ring is the
 * hardware's choice, not the user's), at 0, 1 or "any". The ioctl path
 * has no extack: a refusal is logged, as rxscale_core does for -L.
 */
static int mt7988_lro_check_rule(struct mt7988_priv *eth,
				 const struct ethtool_rx_flow_spec *fs)
{
	const struct ethtool_tcpip4_spec *h = &fs->h_u.tcp_ip4_spec;
	const struct ethtool_tcpip4_spec *m = &fs->m_u.tcp_ip4_spec;
	const char *why = NULL;

	if (!eth->n_lro)
		why = "no LRO rings on this device";
	else if (fs->flow_type != TCP_V4_FLOW)
		why = "only flow-type tcp4 without extensions";
	else if (m->ip4dst != htonl(0xffffffff) || !h->ip4dst)
		why = "a whole non-zero dst-ip is required";
	else if (m->ip4src || m->psrc || m->pdst || m->tos)
		why = "only dst-ip can be matched";
	else if (fs->ring_cookie != 0)
		why = "the action must be 0";
	else if (fs->location >= eth->n_lro && fs->location != RX_CLS_LOC_ANY)
		why = "loc must be 0 or 1";
	if (!why)
		return 0;
	netdev_info(eth->dev, "LRO rule refused: %s\n", why);
	return -EINVAL;
}

static int mt7988_lro_add(struct mt7988_priv *eth,
			  struct ethtool_rx_flow_spec *fs)
{
	__be32 dip = fs->h_u.tcp_ip4_spec.ip4dst;
	u32 loc;
	int ret = mt7988_lro_check_rule(eth, fs);

	if (ret)
		return ret;
	for (loc = 0; loc < eth->n_lro; loc++)
		if (eth->lro_dip[loc] == dip)
			return -EEXIST;
	if (fs->location == RX_CLS_LOC_ANY) {
		for (loc = 0; loc < eth->n_lro && eth->lro_dip[loc]; loc++)
			;
		if (loc == eth->n_lro)
			return -EBUSY;
		fs->location = loc;
	} else if (eth->lro_dip[fs->location]) {
		return -EBUSY;
	}
	eth->lro_dip[fs->location] = dip;
	if (eth->up)
		mt7988_lro_hw_rule(eth, fs->location);
	return 0;
}

static int mt7988_lro_del(struct mt7988_priv *eth, u32 loc)
{
	if (loc >= eth->n_lro || !eth->lro_dip[loc]) {
		netdev_info(eth->dev, "LRO rule delete refused: no rule at %u\n",
			    loc);
		return -EINVAL;
	}
	eth->lro_dip[loc] = 0;
	if (eth->up)
		mt7988_lro_hw_rule(eth, loc);
	return 0;
}

/* ETHTOOL_SRXCLSRLINS/SRXCLSRLDEL; -EOPNOTSUPP otherwise. */
int mt7988_lro_set_rxnfc(struct mt7988_priv *eth, struct ethtool_rxnfc *cmd)
{
	switch (cmd->cmd) {
	case ETHTOOL_SRXCLSRLINS:
		return mt7988_lro_add(eth, &cmd->fs);
	case ETHTOOL_SRXCLSRLDEL:
		return mt7988_lro_del(eth, cmd->fs.location);
	default:
		return -EOPNOTSUPP;
	}
}

/* ---------------------------------------------------------------- stats */

/* The LRO rings' counters, added up into @s. */
void mt7988_lro_read_stats(struct mt7988_priv *eth, struct mt7988_dev_stats *s)
{
	u32 i;

	s->lro_skbs = 0;
	s->lro_segments = 0;
	s->lro_flush_agg = 0;
	s->lro_flush_age = 0;
	s->lro_flush_not_in_seq = 0;
	for (i = 0; i < MT7988_LRO_RULES; i++) {
		struct mt7988_lro_stats *l = &eth->lro_stats[i];
		struct mt7988_lro_cnt c;
		unsigned int start;

		do {
			start = u64_stats_fetch_begin(&l->syncp);
			c = l->c;
		} while (u64_stats_fetch_retry(&l->syncp, start));
		s->lro_skbs += c.skbs;
		s->lro_segments += c.segments;
		s->lro_flush_agg += c.flush_agg;
		s->lro_flush_age += c.flush_age;
		s->lro_flush_not_in_seq += c.flush_not_in_seq;
	}
}
