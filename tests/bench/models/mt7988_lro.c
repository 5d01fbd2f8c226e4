/*
 * MT7988 frame engine model: HW LRO on PDMA RX rings 4..7 (rxscale bench)
 *
 * Facts, and what is a guess: docs/hw/mt7988.md, "HW LRO".  In short:
 * LRO runs while PDMA_GLO_CFG bit 8 and LRO_CTRL_DW0 bit 0 are set; slot
 * x = 1..4 (RX ring x + 3) takes IPv4 TCP segments whose destination is
 * its DIP (RING_VLD and MYIP_VLD set); the first flow seen learns the slot
 * (auto-learn), later segments of that flow are merged while in order, up
 * to the slot's count, time and the buffer's size; PSH (if enabled), an
 * out-of-order segment, the aggregation timer, a relinquish request or
 * disabling LRO flush.  The flushed frame carries the first segment's
 * headers with the IPv4 length and checksum fixed, the count in rxd6.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "net/checksum.h"
#include "net/eth.h"
#include "mt7988.h"

#define R(s, a)     ((s)->fe[(a) >> 2])

#define TCP_FLAG_PSH    0x08
#define TCP_FLAG_ACK    0x10
#define TCP_FLAGS_CTRL  0xe7    /* CWR ECE URG RST SYN FIN: not merged */

#define LRO_RETRY_NS    100000  /* ring full at a flush: try again */

static bool mt7988_lro_on(MT7988State *s)
{
    return (R(s, PDMA_GLO_CFG) & GLO_RX_DMA_LRO_EN) &&
           (R(s, LRO_CTRL_DW0) & LRO_EN);
}

static int mt7988_lro_ring(int slot)
{
    return slot + MT7988_LRO_RING0 - 1;
}

static uint32_t lro_max_count(MT7988State *s, int x)
{
    uint32_t n = ((R(s, LRO_DW3(x)) & 3) << 6) |
                 (R(s, LRO_DW2(x)) >> LRO_DW2_AGG_CNT_L_SHIFT);

    return n ? n : 1;
}

static int64_t lro_agg_ns(MT7988State *s, int x)
{
    return (int64_t)((R(s, LRO_DW2(x)) >> LRO_DW2_AGG_TIME_SHIFT) & 0xffff) *
           DLY_PTIME_NS;
}

static int64_t lro_age_ns(MT7988State *s, int x)
{
    uint32_t age = ((R(s, LRO_DW2(x)) & 0x3f) << 10) |
                   (R(s, LRO_DW1(x)) >> LRO_DW1_AGE_L_SHIFT);

    return (int64_t)age * DLY_PTIME_NS;
}

/*
 * Deliver the pending aggregate to the slot's ring.  Returns false if the
 * ring has no free descriptor (the aggregate stays pending).
 */
static bool mt7988_lro_flush(MT7988LroSession *ls, uint32_t reason)
{
    MT7988State *s = ls->s;
    MT7988RxMeta m;
    uint8_t *b = ls->buf;
    size_t ihl;

    if (!ls->count) {
        return true;
    }
    /* one IPv4 packet: its total length and header checksum refreshed */
    ihl = (b[ls->l3] & 0xf) * 4;
    stw_be_p(b + ls->l3 + 2, ls->len - ls->l3);
    stw_be_p(b + ls->l3 + 10, 0);
    stw_be_p(b + ls->l3 + 10, net_raw_checksum(b + ls->l3, ihl));
    m.l4_ok = ls->l4_ok;
    m.rxd6 = (MIN(ls->count, 0xff) << RXD6_AGG_CNT_SHIFT) | reason;
    m.frames = ls->count;
    m.bytes = ls->len;
    if (!mt7988_rx_put(s, mt7988_lro_ring(ls->slot), b, ls->len, &m)) {
        ls->waiting = reason;
        timer_mod(ls->timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                  LRO_RETRY_NS);
        return false;
    }
    ls->waiting = 0;
    ls->count = 0;
    ls->len = 0;
    timer_del(ls->timer);
    return true;
}

/* Give the slot's flow up: flush what is pending, forget the flow. */
static void mt7988_lro_relinquish(MT7988LroSession *ls)
{
    if (!mt7988_lro_flush(ls, LRO_FLUSH_AGE)) {
        qemu_log_mask(LOG_GUEST_ERROR, "mt7988: LRO ring %d full at "
                      "relinquish: aggregate of %u segments dropped\n",
                      mt7988_lro_ring(ls->slot), ls->count);
        ls->count = 0;
        ls->len = 0;
        ls->waiting = 0;
        timer_del(ls->timer);
    }
    ls->learned = false;
}

static void mt7988_lro_timer(void *opaque)
{
    MT7988LroSession *ls = opaque;

    if (mt7988_lro_flush(ls, ls->waiting ? ls->waiting : LRO_FLUSH_AGE)) {
        mt7988_rx_flush(ls->s);
    }
}

/* Start an aggregate with segment b (the caller checked it fits). */
static void mt7988_lro_start(MT7988LroSession *ls, const uint8_t *b,
                             size_t end, const MT7988Pkt *p, bool l4_ok,
                             uint32_t seq_next)
{
    MT7988State *s = ls->s;
    int64_t t = lro_agg_ns(s, ls->slot);

    memcpy(ls->buf, b, end);
    ls->len = end;
    ls->l3 = p->l3;
    ls->l4 = p->l4;
    ls->l4_ok = l4_ok;
    ls->count = 1;
    ls->next_seq = seq_next;
    if (t) {
        timer_mod(ls->timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + t);
    }
}

/*
 * No room in slot x's ring: wait for CRX (0), unless the ring has just
 * been stopped (its descriptor unreadable): then the normal rings (-1).
 */
static int mt7988_lro_wait(MT7988State *s, int x)
{
    return s->rx_dead[mt7988_lro_ring(x)] ? -1 : 0;
}

/* The slot whose DIP rule matches daddr, 0 if none. */
static int mt7988_lro_slot(MT7988State *s, uint32_t daddr)
{
    const uint32_t vld = LRO_DW2_RING_VLD | LRO_DW2_MYIP_VLD;
    int x;

    for (x = 1; x <= MT7988_NR_LRO; x++) {
        if ((R(s, LRO_DW2(x)) & vld) == vld && R(s, LRO_DIP(x)) == daddr &&
            R(s, PDMA_RX_MAX_CNT(mt7988_lro_ring(x))) &&
            !s->rx_dead[mt7988_lro_ring(x)]) {
            return x;
        }
    }
    return 0;
}

/*
 * Returns -1 if the frame is not for LRO (the normal rings take it), 1 if
 * LRO took it, 0 if it must wait (its ring is full).
 */
int mt7988_lro_receive(MT7988State *s, const uint8_t *b, size_t size,
                       const MT7988Pkt *p, bool l4_ok)
{
    MT7988LroSession *ls;
    size_t ihl, thl, end, pay, room;
    uint32_t seq;
    uint8_t flags;
    int64_t now;
    int x;

    if (!mt7988_lro_on(s) || !p->l4 || p->v6 || p->proto != IP_PROTO_TCP) {
        return -1;
    }
    x = mt7988_lro_slot(s, ldl_be_p(b + p->l3 + 16));
    if (!x) {
        return -1;
    }
    ls = &s->lro[x];
    ihl = (b[p->l3] & 0xf) * 4;
    thl = (b[p->l4 + 12] >> 4) * 4;
    end = p->l3 + lduw_be_p(b + p->l3 + 2);
    if (thl < 20 || end > size || end < p->l4 + thl ||
        end > MT7988_LRO_MAX_PKT) {
        return -1;
    }
    pay = end - p->l4 - thl;
    seq = ldl_be_p(b + p->l4 + 4);
    flags = b[p->l4 + 13];
    now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);

    /* auto-learn: the first flow to the DIP holds the slot until it ages */
    if (ls->learned && !ls->count &&
        now - ls->last_ns > lro_age_ns(s, x)) {
        ls->learned = false;
    }
    if (ls->learned && memcmp(ls->tuple, b + p->l3 + 12, 8) != 0) {
        return -1;
    }
    if (ls->learned && memcmp(ls->tuple + 8, b + p->l4, 4) != 0) {
        return -1;
    }
    if (!ls->learned) {
        memcpy(ls->tuple, b + p->l3 + 12, 8);
        memcpy(ls->tuple + 8, b + p->l4, 4);
        ls->learned = true;
        ls->count = 0;
    }
    ls->last_ns = now;

    /* what cannot be merged goes through the ring alone, in order */
    if (!pay || (flags & TCP_FLAGS_CTRL) || !(flags & TCP_FLAG_ACK) ||
        !l4_ok || ihl != 20 || (lduw_be_p(b + p->l3 + 6) & 0x3fff)) {
        if (!mt7988_lro_flush(ls, LRO_FLUSH_AGG)) {
            return 0;
        }
        if (!mt7988_rx_room(s, mt7988_lro_ring(x))) {
            return mt7988_lro_wait(s, x);
        }
        mt7988_lro_start(ls, b, end, p, l4_ok, seq + pay);
        return mt7988_lro_flush(ls, LRO_FLUSH_AGG) ? 1 : 0;
    }
    if (ls->count && seq != ls->next_seq) {
        if (!mt7988_lro_flush(ls, LRO_FLUSH_NOT_IN_SEQ)) {
            return 0;
        }
    }
    /*
     * The aggregate keeps its first segment's TCP header, so a segment
     * with a header of another length (options added or dropped) cannot
     * join it: its payload would sit behind the wrong data offset.
     */
    if (ls->count && (ls->buf[ls->l4 + 12] >> 4) * 4 != thl) {
        if (!mt7988_lro_flush(ls, LRO_FLUSH_AGG)) {
            return 0;
        }
    }
    room = MIN(mt7988_rx_room(s, mt7988_lro_ring(x)), MT7988_LRO_MAX_PKT);
    if (ls->count && ls->len + pay > room) {
        if (!mt7988_lro_flush(ls, LRO_FLUSH_AGG)) {
            return 0;
        }
        room = MIN(mt7988_rx_room(s, mt7988_lro_ring(x)), MT7988_LRO_MAX_PKT);
    }
    if (!room) {
        return mt7988_lro_wait(s, x);
    }
    if (end > room) {
        return -1;                      /* larger than the LRO buffers */
    }
    if (!ls->count) {
        mt7988_lro_start(ls, b, end, p, l4_ok, seq + pay);
    } else {
        /*
         * append the payload; the newest segment's ACK number and window,
         * PSH or-ed in; the first one's data offset and other flags stay
         */
        memcpy(ls->buf + ls->len, b + p->l4 + thl, pay);
        ls->len += pay;
        memcpy(ls->buf + ls->l4 + 8, b + p->l4 + 8, 4);
        memcpy(ls->buf + ls->l4 + 14, b + p->l4 + 14, 2);
        ls->buf[ls->l4 + 13] |= flags & TCP_FLAG_PSH;
        ls->l4_ok = ls->l4_ok && l4_ok;
        ls->count++;
        ls->next_seq = seq + pay;
    }
    if ((flags & TCP_FLAG_PSH) && (R(s, LRO_CTRL_DW0) & LRO_PSH_EN)) {
        mt7988_lro_flush(ls, LRO_FLUSH_AGG);
    } else if (ls->count >= lro_max_count(s, x) || !lro_agg_ns(s, x)) {
        mt7988_lro_flush(ls, LRO_FLUSH_AGG);
    }
    return 1;
}

/*
 * LRO_CTRL_DW0: a relinquish request for slot x (bit 23 + x) flushes it,
 * frees its flow and sets done (bit 27 + x); the request bits read 0
 * (guess).  DW2 without RING_VLD or MYIP_VLD gives the slot up too.
 */
void mt7988_lro_write(MT7988State *s, hwaddr a, uint32_t v)
{
    const uint32_t vld = LRO_DW2_RING_VLD | LRO_DW2_MYIP_VLD;
    int x;

    if (a == LRO_CTRL_DW0) {
        uint32_t done = 0;

        for (x = 1; x <= MT7988_NR_LRO; x++) {
            if (v & (1u << (LRO_RELQ_REQ_SHIFT + x - 1))) {
                mt7988_lro_relinquish(&s->lro[x]);
                done |= 1u << (LRO_RELQ_DONE_SHIFT + x - 1);
            }
        }
        R(s, a) = (v & ~(0xffu << LRO_RELQ_REQ_SHIFT)) | done;
        mt7988_lro_update(s);
        return;
    }
    R(s, a) = v;
    for (x = 1; x <= MT7988_NR_LRO; x++) {
        if (a == LRO_DW2(x) && (v & vld) != vld) {
            mt7988_lro_relinquish(&s->lro[x]);
        }
    }
}

/*
 * After LRO was switched off: every slot relinquished.  After room was
 * made in a ring: aggregates that waited for it delivered.
 */
void mt7988_lro_update(MT7988State *s)
{
    bool on = mt7988_lro_on(s);
    int x;

    for (x = 1; x <= MT7988_NR_LRO; x++) {
        MT7988LroSession *ls = &s->lro[x];

        if (!on && (ls->learned || ls->count)) {
            mt7988_lro_relinquish(ls);
        } else if (ls->count && ls->waiting) {
            mt7988_lro_flush(ls, ls->waiting);
        }
    }
}

void mt7988_lro_reset(MT7988State *s)
{
    int x;

    for (x = 1; x <= MT7988_NR_LRO; x++) {
        s->lro[x].learned = false;
        s->lro[x].count = 0;
        s->lro[x].len = 0;
        s->lro[x].waiting = 0;
        timer_del(s->lro[x].timer);
    }
}

void mt7988_lro_init(MT7988State *s)
{
    int x;

    for (x = 1; x <= MT7988_NR_LRO; x++) {
        s->lro[x].s = s;
        s->lro[x].slot = x;
        s->lro[x].buf = g_malloc(MT7988_LRO_MAX_PKT);
        s->lro[x].timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, mt7988_lro_timer,
                                       &s->lro[x]);
    }
}

void mt7988_lro_fini(MT7988State *s)
{
    int x;

    for (x = 1; x <= MT7988_NR_LRO; x++) {
        timer_free(s->lro[x].timer);
        g_free(s->lro[x].buf);
        s->lro[x].buf = NULL;
    }
}
