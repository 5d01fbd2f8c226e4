/*
 * MT7988 frame engine model: registers, QDMA TX, PDMA RX ring 0 (rxscale)
 *
 * Every behaviour here is backed by a fact in docs/hw/mt7988.md; what is a
 * guess is marked so there and here.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "hw/irq.h"
#include "net/checksum.h"
#include "net/eth.h"
#include "sysemu/dma.h"
#include "mt7988.h"
#include "mt7988_rss.h"

#define R(s, a)     ((s)->fe[(a) >> 2])

/* ---- interrupts --------------------------------------------------------- */

/*
 * 7.3 routes TX done to group 1 and RX done to group 2 (int_grp writes) and
 * the groups to fe1/fe2 (FE_INT_GRP); the model wires them so: fe1 = QDMA
 * TX done, fe2 = the PDMA status bits other than the per-ring RX done bits
 * 31:24 (7.3 uses bit 14).  A per-ring RX done bit goes to line pdma<k>
 * if it is in PDMA group k (k = 1..3, 0x6a50/54/58, as the SDK's RSS set-up
 * writes them), else to pdma0 (guess).  A line is high while one of its
 * status & mask bits is set (level; the status bits are W1C).
 */
static void mt7988_update_irq(MT7988State *s)
{
    uint32_t rx = R(s, PDMA_INT_STATUS) & R(s, PDMA_INT_MASK);
    uint32_t ring = rx & RX_DONE_RINGS;
    uint32_t grp[4];
    int k;

    grp[1] = R(s, PDMA_INT_GRP1);
    grp[2] = R(s, PDMA_INT_GRP2);
    grp[3] = R(s, PDMA_INT_GRP3);
    grp[0] = ~(grp[1] | grp[2] | grp[3]);
    /* levels are 0 or 1: GICv3 keeps bit 0 of the level it is given */
    qemu_set_irq(s->irq[MT7988_IRQ_FE(1)],
                 (R(s, QDMA_INT_STATUS) & R(s, QDMA_INT_MASK)) != 0);
    qemu_set_irq(s->irq[MT7988_IRQ_FE(2)], (rx & ~RX_DONE_RINGS) != 0);
    for (k = 0; k < 4; k++) {
        qemu_set_irq(s->irq[MT7988_IRQ_PDMA(k)], (ring & grp[k]) != 0);
    }
}

/*
 * QDMA TX done is the delayed interrupt (MTK_TX_DONE_DLY): with the TX
 * delay enabled in 0x460c it is raised once PINT completions are pending
 * or PTIME x 20 us after the first one; PINT and PTIME both 0, or the delay
 * off, raise it at once (guess for the 0/0 case).
 */
static void mt7988_tx_done_raise(MT7988State *s)
{
    s->tx_dly_pending = 0;
    timer_del(s->tx_dly_timer);
    R(s, QDMA_INT_STATUS) |= TX_DONE_INT;
    mt7988_update_irq(s);
}

static void mt7988_tx_done(MT7988State *s, uint32_t frames)
{
    uint32_t dly = R(s, QDMA_DELAY_INT);
    uint32_t pint = (dly >> DLY_TX_PINT_SHIFT) & DLY_PINT_MASK;
    uint32_t ptime = (dly >> DLY_TX_PTIME_SHIFT) & DLY_PTIME_MASK;

    s->tx_dly_pending += frames;
    if (!(dly & DLY_TX_EN) || (!pint && !ptime) ||
        (pint && s->tx_dly_pending >= pint)) {
        mt7988_tx_done_raise(s);
    } else if (ptime && !timer_pending(s->tx_dly_timer)) {
        timer_mod(s->tx_dly_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                  (int64_t)ptime * DLY_PTIME_NS);
    }
}

static void mt7988_tx_dly_expired(void *opaque)
{
    MT7988State *s = opaque;

    if (s->tx_dly_pending) {
        mt7988_tx_done_raise(s);
    }
}

/* ---- DMA helpers -------------------------------------------------------- */

static bool mt7988_dma_read(hwaddr a, void *buf, size_t len)
{
    return dma_memory_read(&address_space_memory, a, buf, len,
                           MEMTXATTRS_UNSPECIFIED) == MEMTX_OK;
}

static bool mt7988_dma_write(hwaddr a, const void *buf, size_t len)
{
    return dma_memory_write(&address_space_memory, a, buf, len,
                            MEMTXATTRS_UNSPECIFIED) == MEMTX_OK;
}

static bool mt7988_desc_read(hwaddr a, uint32_t d[8])
{
    int i;

    if (!mt7988_dma_read(a, d, 32)) {
        return false;
    }
    for (i = 0; i < 8; i++) {
        d[i] = le32_to_cpu(d[i]);
    }
    return true;
}

static bool mt7988_word_write(hwaddr a, uint32_t v)
{
    v = cpu_to_le32(v);
    return mt7988_dma_write(a, &v, 4);
}

/* ---- packet parsing and checksums --------------------------------------- */


void mt7988_parse(const uint8_t *b, size_t len, MT7988Pkt *p)
{
    size_t off = 12;
    uint16_t type;

    memset(p, 0, sizeof(*p));
    if (len < 14) {
        return;
    }
    type = lduw_be_p(b + off);
    if (type == ETH_P_VLAN && len >= 18) {
        off += 4;
        type = lduw_be_p(b + off);
    }
    off += 2;
    if (type == ETH_P_IP && len >= off + 20) {
        size_t ihl = (b[off] & 0xf) * 4;
        uint16_t frag = lduw_be_p(b + off + 6);

        if ((b[off] >> 4) != 4 || ihl < 20 || len < off + ihl) {
            return;
        }
        p->l3 = off;
        p->proto = b[off + 9];
        if (frag & 0x3fff) {        /* a fragment: no L4 header to use */
            return;
        }
        off += ihl;
    } else if (type == ETH_P_IPV6 && len >= off + 40) {
        p->l3 = off;
        p->v6 = true;
        p->proto = b[off + 6];      /* extension headers: no offload */
        off += 40;
    } else {
        return;
    }
    if ((p->proto == IP_PROTO_TCP && len >= off + 20) ||
        (p->proto == IP_PROTO_UDP && len >= off + 8)) {
        p->l4 = off;
    }
}

/* The L4 checksum over the pseudo-header and [l4, len), folded. */
static uint32_t mt7988_l4_sum(uint8_t *b, size_t len, const MT7988Pkt *p)
{
    size_t l4len = len - p->l4;
    uint32_t sum;

    if (p->v6) {
        sum = net_checksum_add(32, b + p->l3 + 8);
    } else {
        sum = net_checksum_add(8, b + p->l3 + 12);
    }
    sum += p->proto + l4len;
    sum += net_checksum_add(l4len, b + p->l4);
    return sum;
}

/* TX checksum offload: IPv4 header and TCP/UDP checksums of one frame. */
static void mt7988_tx_csum(uint8_t *b, size_t len)
{
    MT7988Pkt p;
    size_t l3end;
    uint8_t *ck;

    mt7988_parse(b, len, &p);
    if (!p.l3) {
        return;
    }
    if (!p.v6) {
        size_t ihl = (b[p.l3] & 0xf) * 4;

        stw_be_p(b + p.l3 + 10, 0);
        stw_be_p(b + p.l3 + 10, net_raw_checksum(b + p.l3, ihl));
        l3end = p.l3 + lduw_be_p(b + p.l3 + 2);
    } else {
        l3end = p.l3 + 40 + lduw_be_p(b + p.l3 + 4);
    }
    if (!p.l4 || l3end > len || l3end < p.l4) {
        return;
    }
    ck = b + p.l4 + (p.proto == IP_PROTO_TCP ? 16 : 6);
    stw_be_p(ck, 0);
    if (p.proto == IP_PROTO_UDP) {
        stw_be_p(ck, net_checksum_finish_nozero(mt7988_l4_sum(b, l3end, &p)));
    } else {
        stw_be_p(ck, net_checksum_finish(mt7988_l4_sum(b, l3end, &p)));
    }
}

/* ---- TX ----------------------------------------------------------------- */

static void mt7988_tx_send(MT7988State *s, uint8_t *b, size_t len)
{
    s->mib_tx_pkts++;
    s->mib_tx_bytes += len;
    qemu_send_packet(qemu_get_queue(s->nic), b, len);
}

/*
 * TSO: the driver puts the MSS in the TCP checksum field; cut the payload
 * into MSS-sized segments, each with the headers, fixed lengths, IPv4 ID,
 * sequence number and flags, and its checksums.
 */
static void mt7988_tx_tso(MT7988State *s, uint8_t *b, size_t len)
{
    MT7988Pkt p;
    size_t hdr, pay, off, mss;
    uint32_t seq;
    uint16_t id = 0;
    uint8_t flags;

    mt7988_parse(b, len, &p);
    if (!p.l4 || p.proto != IP_PROTO_TCP) {
        qemu_log_mask(LOG_GUEST_ERROR, "mt7988: TSO on a frame that is "
                      "not TCP over IP: sent as it is\n");
        mt7988_tx_csum(b, len);
        mt7988_tx_send(s, b, len);
        return;
    }
    hdr = p.l4 + (b[p.l4 + 12] >> 4) * 4;
    mss = lduw_be_p(b + p.l4 + 16);
    if (hdr > len || mss == 0 || hdr + mss > MT7988_TX_MAX_PKT) {
        qemu_log_mask(LOG_GUEST_ERROR, "mt7988: bad TSO frame (len %zu "
                      "hdr %zu mss %zu): dropped\n", len, hdr, mss);
        return;
    }
    pay = len - hdr;
    seq = ldl_be_p(b + p.l4 + 4);
    flags = b[p.l4 + 13];
    if (!p.v6) {
        id = lduw_be_p(b + p.l3 + 4);
    }
    for (off = 0; off < pay || (pay == 0 && off == 0); off += mss) {
        size_t n = MIN(mss, pay - off);
        bool last = off + n >= pay;
        uint8_t *g = s->tx_seg;

        memcpy(g, b, hdr);
        memcpy(g + hdr, b + hdr + off, n);
        if (p.v6) {
            stw_be_p(g + p.l3 + 4, hdr - p.l3 - 40 + n);
        } else {
            stw_be_p(g + p.l3 + 2, hdr - p.l3 + n);
            stw_be_p(g + p.l3 + 4, id++);
        }
        stl_be_p(g + p.l4 + 4, seq + off);
        /* FIN and PSH only on the last segment, CWR only on the first */
        g[p.l4 + 13] = flags & ~((last ? 0 : 0x09) | (off ? 0x80 : 0));
        mt7988_tx_csum(g, hdr + n);
        mt7988_tx_send(s, g, hdr + n);
        if (pay == 0) {
            break;
        }
    }
}

static void mt7988_tx_frame(MT7988State *s, size_t len, uint32_t txd5,
                            uint32_t txd6)
{
    uint8_t *b = s->tx_frame;

    if ((txd6 & TXD6_INS_VLAN) && len >= 12 && len + 4 <= MT7988_TX_MAX_PKT) {
        memmove(b + 16, b + 12, len - 12);
        stw_be_p(b + 12, ETH_P_VLAN);
        stw_be_p(b + 14, txd6 & TXD6_VLAN_TCI);
        len += 4;
    }
    if (txd5 & TXD5_TSO) {
        mt7988_tx_tso(s, b, len);
        return;
    }
    if (txd5 & TXD5_CSUM) {
        mt7988_tx_csum(b, len);
    }
    mt7988_tx_send(s, b, len);
}

static void mt7988_tx_dead(MT7988State *s, const char *what, hwaddr a)
{
    qemu_log_mask(LOG_GUEST_ERROR, "mt7988: QDMA TX %s at 0x%" HWADDR_PRIx
                  ": TX stopped until the frame engine is reset\n", what, a);
    s->tx_dead = true;
}

/*
 * The QDMA TX doorbell: walk the linked list from DTX to CTX; a frame ends
 * at the descriptor with LS0.  Once sent, each of its descriptors gets
 * OWNER_CPU (the driver frees them), DRX points at the frame's last
 * descriptor, DTX at the one after it, and TX_DONE_INT is raised.
 */
static void mt7988_tx_kick(MT7988State *s)
{
    uint32_t first, a, d[8], txd5 = 0, txd6 = 0;
    size_t len = 0;
    int walked = 0;
    uint32_t sent = 0;

    if (!(R(s, QDMA_GLO_CFG) & GLO_TX_DMA_EN) || s->tx_dead) {
        return;
    }
    first = a = R(s, QDMA_DTX_PTR);
    while (a != R(s, QDMA_CTX_PTR)) {
        uint64_t buf;
        uint32_t n;

        if (++walked > MT7988_RING_MAX) {
            mt7988_tx_dead(s, "list without end", a);
            break;
        }
        if (!mt7988_desc_read(a, d)) {
            mt7988_tx_dead(s, "descriptor unreadable", a);
            break;
        }
        if (a == first) {
            txd5 = d[4];
            txd6 = d[5];
        }
        n = (d[2] >> TXD3_LEN_SHIFT) & TXD3_LEN_MASK;
        buf = d[0] | ((uint64_t)(d[2] & TXD3_ADDR64_MASK) << 32);
        if (len + n > MT7988_TX_MAX_PKT) {
            qemu_log_mask(LOG_GUEST_ERROR, "mt7988: TX frame over %d bytes\n",
                          MT7988_TX_MAX_PKT);
            len = MT7988_TX_MAX_PKT + 1;    /* dropped at LS0 */
        } else if (n && !mt7988_dma_read(buf, s->tx_frame + len, n)) {
            mt7988_tx_dead(s, "buffer unreadable", buf);
            break;
        } else {
            len += n;
        }
        if (d[2] & TXD3_LS0) {
            uint32_t b = first, bd[8];

            if (len <= MT7988_TX_MAX_PKT) {
                mt7988_tx_frame(s, len, txd5, txd6);
            }
            /* hand the frame's descriptors back */
            for (;;) {
                if (!mt7988_desc_read(b, bd) ||
                    !mt7988_word_write(b + 8, bd[2] | TXD3_OWNER_CPU)) {
                    mt7988_tx_dead(s, "descriptor unwritable", b);
                    return;
                }
                if (b == a) {
                    break;
                }
                b = bd[1];
            }
            R(s, QDMA_DRX_PTR) = a;
            R(s, QDMA_DTX_PTR) = d[1];
            first = d[1];
            len = 0;
            sent++;
        }
        a = d[1];
    }
    if (sent) {
        mt7988_tx_done(s, sent);
    }
}

/* ---- RX ----------------------------------------------------------------- */

static bool mt7988_rx_on(MT7988State *s)
{
    return R(s, PDMA_GLO_CFG) & GLO_RX_DMA_EN;
}

/* A ring takes frames once it has a size and has not been stopped. */
static bool mt7988_ring_on(MT7988State *s, int n)
{
    return R(s, PDMA_RX_MAX_CNT(n)) != 0 && !s->rx_dead[n];
}

static bool mt7988_ring_full(MT7988State *s, int n)
{
    return R(s, PDMA_RX_DRX(n)) == R(s, PDMA_RX_CRX(n));
}

static bool mt7988_rss_on(MT7988State *s)
{
    return R(s, RSS_GLO_CFG) & RSS_EN;
}

/*
 * While RSS is paused (CFG_REQ, the SDK's reconfiguration window) frames
 * wait in QEMU's queue (guess: what the hardware does with them).  Else
 * a frame is refused only when it would go to a full ring: receive()
 * returns 0 then and the flush on the next CRX write retries it.
 */
bool mt7988_can_receive(NetClientState *nc)
{
    MT7988State *s = qemu_get_nic_opaque(nc);

    if (!mt7988_rx_on(s)) {
        return true;
    }
    if (mt7988_rss_on(s)) {
        return !(R(s, RSS_GLO_CFG) & RSS_CFG_REQ);
    }
    return !mt7988_ring_on(s, 0) || !mt7988_ring_full(s, 0);
}

/* L4 checksum status: set only for a TCP/UDP checksum that verifies. */
static bool mt7988_rx_l4_ok(uint8_t *b, size_t len, const MT7988Pkt *p)
{
    size_t l3end;

    if (!p->l4) {
        return false;
    }
    if (!p->v6) {
        size_t ihl = (b[p->l3] & 0xf) * 4;

        if (net_raw_checksum(b + p->l3, ihl) != 0) {
            return false;
        }
        l3end = p->l3 + lduw_be_p(b + p->l3 + 2);
    } else {
        l3end = p->l3 + 40 + lduw_be_p(b + p->l3 + 4);
    }
    if (l3end > len || l3end < p->l4) {
        return false;
    }
    if (p->proto == IP_PROTO_UDP && lduw_be_p(b + p->l4 + 6) == 0) {
        return false;
    }
    return net_checksum_finish(mt7988_l4_sum(b, l3end, p)) == 0;
}

static void mt7988_rx_dead(MT7988State *s, int n, const char *what, hwaddr a)
{
    qemu_log_mask(LOG_GUEST_ERROR, "mt7988: PDMA RX ring %d %s at 0x%"
                  HWADDR_PRIx ": ring stopped until the frame engine is "
                  "reset\n", n, what, a);
    s->rx_dead[n] = true;
}

/*
 * The RSS ring of a frame: Toeplitz over the enabled hash type's fields
 * with the key registers, the low 7 bits of the hash index the 128-entry
 * table, whose 2-bit entry is the ring (0..3).  Frames no enabled type
 * covers go to ring 0 (guess).  The hash is not written back: no RX
 * descriptor field for it is known (docs/hw/mt7988.md).
 */
static int mt7988_rss_ring(MT7988State *s, const uint8_t *b,
                           const MT7988Pkt *p)
{
    uint8_t key[MT7988_RSS_KEY_SIZE], in[MT7988_RSS_INPUT_MAX];
    uint32_t words[MT7988_RSS_KEY_WORDS];
    MT7988RssTypes t;
    size_t len;
    int i;

    mt7988_rss_types(R(s, RSS_GLO_CFG), &t);
    len = mt7988_rss_input(&t, b, p->l3, p->l4, p->v6, p->proto, in);
    if (!len) {
        return 0;
    }
    for (i = 0; i < MT7988_RSS_KEY_WORDS; i++) {
        words[i] = R(s, RSS_KEY(i));
    }
    mt7988_rss_key_from_regs(words, key);
    return mt7988_rss_indir(&R(s, RSS_INDIR(0)),
                            mt7988_toeplitz(key, in, len) & 0x7f);
}

/*
 * The buffer size of the descriptor ring n fills next; 0 if the ring is
 * off or full, or its descriptor unreadable (which stops the ring).
 */
uint32_t mt7988_rx_room(MT7988State *s, int n)
{
    uint32_t d[8], cnt = R(s, PDMA_RX_MAX_CNT(n));

    hwaddr da;

    if (!mt7988_ring_on(s, n) || mt7988_ring_full(s, n)) {
        return 0;
    }
    da = R(s, PDMA_RX_BASE(n)) + (hwaddr)(R(s, PDMA_RX_DRX(n)) % cnt) *
         RXD_SIZE;
    if (!mt7988_desc_read(da, d)) {
        mt7988_rx_dead(s, n, "descriptor unreadable", da);
        return 0;
    }
    return (d[1] >> RXD2_LEN_SHIFT) & RXD2_LEN_MASK;
}

/*
 * Put one frame into ring n and raise its done bits.  Returns false if
 * the ring is full (the caller queues the frame); a frame the ring cannot
 * take for good (too large, ring stopped) is dropped and true returned.
 */
bool mt7988_rx_put(MT7988State *s, int n, const uint8_t *buf, size_t size,
                   const MT7988RxMeta *m)
{
    uint32_t idx, cnt, d[8], bufsz;
    uint64_t data;
    hwaddr da;

    if (!mt7988_ring_on(s, n)) {
        return true;
    }
    if (mt7988_ring_full(s, n)) {
        return false;
    }
    cnt = R(s, PDMA_RX_MAX_CNT(n));
    idx = R(s, PDMA_RX_DRX(n)) % cnt;
    da = R(s, PDMA_RX_BASE(n)) + (hwaddr)idx * RXD_SIZE;
    if (!mt7988_desc_read(da, d)) {
        mt7988_rx_dead(s, n, "descriptor unreadable", da);
        return true;
    }
    bufsz = (d[1] >> RXD2_LEN_SHIFT) & RXD2_LEN_MASK;
    data = d[0] | ((uint64_t)(d[1] & RXD2_ADDR64_MASK) << 32);
    if (size > bufsz) {
        qemu_log_mask(LOG_GUEST_ERROR, "mt7988: RX ring %d: frame of %zu "
                      "bytes, buffer of %u: dropped\n", n, size, bufsz);
        return true;
    }
    if (!mt7988_dma_write(data, buf, size)) {
        mt7988_rx_dead(s, n, "buffer unwritable", data);
        return true;
    }
    d[2] = m->l4_ok ? RXD3_L4_VALID : 0;
    d[3] = 0;
    d[4] = (RXD5_SPORT_GDM1 << RXD5_SPORT_SHIFT) | RXD5_FOE_NONE;
    d[5] = m->rxd6;
    d[1] = RXD2_DONE | RXD2_LS0 | ((uint32_t)size << RXD2_LEN_SHIFT) |
           (d[1] & RXD2_ADDR64_MASK);
    /* rxd3..rxd6 first, rxd2 with DONE last */
    if (!mt7988_word_write(da + 8, d[2]) ||
        !mt7988_word_write(da + 12, d[3]) ||
        !mt7988_word_write(da + 16, d[4]) ||
        !mt7988_word_write(da + 20, d[5]) ||
        !mt7988_word_write(da + 4, d[1])) {
        mt7988_rx_dead(s, n, "descriptor unwritable", da);
        return true;
    }
    R(s, PDMA_RX_DRX(n)) = (idx + 1) % cnt;
    s->mib_rx_pkts += m->frames;
    s->mib_rx_bytes += m->bytes;
    /* ring 0 also sets 7.3's bit 14; every ring its v3 bit 24 + n */
    R(s, PDMA_INT_STATUS) |= RX_DONE_RING(n) | (n == 0 ? RX_DONE_INT : 0);
    mt7988_update_irq(s);
    return true;
}

ssize_t mt7988_receive(NetClientState *nc, const uint8_t *buf, size_t size)
{
    MT7988State *s = qemu_get_nic_opaque(nc);
    uint8_t frame[ETH_ZLEN];
    MT7988RxMeta m = { .frames = 1 };
    MT7988Pkt p;
    int ring = 0, lro;

    if (!mt7988_rx_on(s) ||
        (R(s, GDMA_FWD_CFG0) & 0xffff) == GDMA_FWD_DROP_ALL) {
        return size;                    /* dropped, as on a stopped engine */
    }
    if (size < ETH_ZLEN) {              /* the wire's minimum, FCS removed */
        memset(frame, 0, sizeof(frame));
        memcpy(frame, buf, size);
        buf = frame;
        size = ETH_ZLEN;
    }
    mt7988_parse(buf, size, &p);
    m.l4_ok = mt7988_rx_l4_ok((uint8_t *)buf, size, &p);
    lro = mt7988_lro_receive(s, buf, size, &p, m.l4_ok);
    if (lro >= 0) {
        return lro ? size : 0;
    }
    if (mt7988_rss_on(s)) {
        ring = mt7988_rss_ring(s, buf, &p);
    }
    m.bytes = size;
    return mt7988_rx_put(s, ring, buf, size, &m) ? size : 0;
}

void mt7988_rx_flush(MT7988State *s)
{
    if (s->nic && mt7988_rx_on(s)) {
        qemu_flush_queued_packets(qemu_get_queue(s->nic));
    }
}

/* ---- the register table ------------------------------------------------- */

typedef void (*MT7988WriteFn)(MT7988State *s, hwaddr a, uint32_t v);
typedef uint32_t (*MT7988ReadFn)(MT7988State *s, hwaddr a);

static void wr_w1c_tx(MT7988State *s, hwaddr a, uint32_t v)
{
    R(s, a) &= ~v;
    mt7988_update_irq(s);
}

static void wr_mask(MT7988State *s, hwaddr a, uint32_t v)
{
    R(s, a) = v;
    mt7988_update_irq(s);
}

static void wr_qdma_glo(MT7988State *s, hwaddr a, uint32_t v)
{
    R(s, a) = v & ~(GLO_TX_DMA_BUSY | GLO_RX_DMA_BUSY);
    mt7988_tx_kick(s);
}

static void wr_pdma_glo(MT7988State *s, hwaddr a, uint32_t v)
{
    R(s, a) = v & ~(GLO_TX_DMA_BUSY | GLO_RX_DMA_BUSY);
    mt7988_lro_update(s);
    mt7988_rx_flush(s);
}

static void wr_ctx(MT7988State *s, hwaddr a, uint32_t v)
{
    R(s, a) = v;
    mt7988_tx_kick(s);
}

/* the ring registers: base, size, CPU index stored; DMA index read-only */
static void wr_pdma_ring(MT7988State *s, hwaddr a, uint32_t v)
{
    int n = (a - PDMA_RX_BASE(0)) / 0x10;

    switch ((a - PDMA_RX_BASE(0)) % 0x10) {
    case 0x8: {
        uint32_t cnt = R(s, PDMA_RX_MAX_CNT(n));

        R(s, a) = cnt ? v % cnt : 0;
        mt7988_lro_update(s);       /* a flush that waited for room */
        mt7988_rx_flush(s);
        break;
    }
    case 0xc:
        break;
    default:
        R(s, a) = v;
    }
}

static void wr_pdma_rst(MT7988State *s, hwaddr a, uint32_t v)
{
    int n;

    for (n = 0; n < MT7988_NR_RX_RING; n++) {
        if (v & PDMA_RST_DRX(n)) {
            R(s, PDMA_RX_DRX(n)) = 0;
        }
    }
    R(s, a) = 0;        /* guess: the reset bits read back as 0 */
}

/* RSS_GLO_CFG: leaving the CFG_REQ pause lets queued frames in */
static void wr_rss_glo(MT7988State *s, hwaddr a, uint32_t v)
{
    R(s, a) = v;
    mt7988_rx_flush(s);
}

static void wr_qdma_delay(MT7988State *s, hwaddr a, uint32_t v)
{
    R(s, a) = v;
    if (!(v & DLY_TX_EN) && s->tx_dly_pending) {
        mt7988_tx_done_raise(s);
    }
}

static void wr_readonly(MT7988State *s, hwaddr a, uint32_t v)
{
}

static void wr_phy_iac(MT7988State *s, hwaddr a, uint32_t v)
{
    if (v & PHY_IAC_ACCESS) {
        uint32_t cmd = (v & PHY_IAC_CMD_MASK) >> PHY_IAC_CMD_SHIFT;

        /* no PHY on the bus: reads return all ones, writes vanish */
        if (cmd == PHY_IAC_CMD_C22_READ || cmd == PHY_IAC_CMD_C45_READ) {
            v |= PHY_IAC_DATA_MASK;
        }
        v &= ~PHY_IAC_ACCESS;           /* done at once */
    }
    R(s, a) = v;
}

static uint32_t rd_mib(MT7988State *s, hwaddr a)
{
    uint32_t v = 0;

    switch (a - GDM1_MIB) {
    case MIB_RX_BYTES_LO:
        v = s->mib_rx_bytes;
        s->mib_rx_bytes_hi = s->mib_rx_bytes >> 32;
        s->mib_rx_bytes = 0;
        break;
    case MIB_RX_BYTES_HI:
        v = s->mib_rx_bytes_hi;
        s->mib_rx_bytes_hi = 0;
        break;
    case MIB_RX_PKTS:
        v = s->mib_rx_pkts;
        s->mib_rx_pkts = 0;
        break;
    case MIB_TX_BYTES_LO:
        v = s->mib_tx_bytes;
        s->mib_tx_bytes_hi = s->mib_tx_bytes >> 32;
        s->mib_tx_bytes = 0;
        break;
    case MIB_TX_BYTES_HI:
        v = s->mib_tx_bytes_hi;
        s->mib_tx_bytes_hi = 0;
        break;
    case MIB_TX_PKTS:
        v = s->mib_tx_pkts;
        s->mib_tx_pkts = 0;
        break;
    }
    return v;
}

typedef struct MT7988Reg {
    hwaddr start, end;          /* [start, end) */
    MT7988ReadFn rd;            /* NULL: the stored word */
    MT7988WriteFn wr;           /* NULL: store the word */
} MT7988Reg;

static const MT7988Reg mt7988_regs[] = {
    { FE_INT_STATUS2, FE_INT_STATUS2 + 4, NULL, wr_w1c_tx },
    { GDM1_MIB, GDM1_MIB_END, rd_mib, wr_readonly },
    { QDMA_GLO_CFG, QDMA_GLO_CFG + 4, NULL, wr_qdma_glo },
    { QDMA_INT_STATUS, QDMA_INT_STATUS + 4, NULL, wr_w1c_tx },
    { QDMA_INT_MASK, QDMA_INT_MASK + 4, NULL, wr_mask },
    { QDMA_CTX_PTR, QDMA_CTX_PTR + 4, NULL, wr_ctx },
    { QDMA_DELAY_INT, QDMA_DELAY_INT + 4, NULL, wr_qdma_delay },
    { PDMA_RX_BASE(0), PDMA_RX_RING_END, NULL, wr_pdma_ring },
    { PDMA_GLO_CFG, PDMA_GLO_CFG + 4, NULL, wr_pdma_glo },
    { PDMA_RST_IDX, PDMA_RST_IDX + 4, NULL, wr_pdma_rst },
    { PDMA_INT_STATUS, PDMA_INT_STATUS + 4, NULL, wr_w1c_tx },
    { PDMA_INT_MASK, PDMA_INT_MASK + 4, NULL, wr_mask },
    { PDMA_INT_GRP1, PDMA_INT_GRP3 + 4, NULL, wr_mask },
    { RSS_GLO_CFG, RSS_GLO_CFG + 4, NULL, wr_rss_glo },
    { LRO_REGS_START, LRO_REGS_END, NULL, mt7988_lro_write },
    { MAC_PHY_IAC, MAC_PHY_IAC + 4, NULL, wr_phy_iac },
};

static const MT7988Reg *mt7988_reg_find(hwaddr a)
{
    int i;

    for (i = 0; i < ARRAY_SIZE(mt7988_regs); i++) {
        if (a >= mt7988_regs[i].start && a < mt7988_regs[i].end) {
            return &mt7988_regs[i];
        }
    }
    return NULL;
}

/*
 * The blocks of the frame engine that 7.3 and the SDK program (FE/PSE/
 * GDM/MIB, PPE, QDMA/WDMA, PDMA with LRO, RSS, MAC); their registers
 * without behaviour store what is written.  Writes anywhere else are
 * stored too, and logged as unimplemented.
 */
static const struct {
    hwaddr start, end;
} mt7988_known[] = {
    { 0x0000, 0x4000 },         /* FE, PSE, GDM, CDM, MIB; PPE */
    { 0x4400, 0x5000 },         /* QDMA, WDMA */
    { 0x6800, 0x6d00 },         /* PDMA, HW LRO */
    { 0x7000, 0x7100 },         /* RSS */
    { 0x10000, 0x14000 },       /* MACs */
};

static bool mt7988_reg_known(hwaddr a)
{
    int i;

    for (i = 0; i < ARRAY_SIZE(mt7988_known); i++) {
        if (a >= mt7988_known[i].start && a < mt7988_known[i].end) {
            return true;
        }
    }
    return false;
}

/*
 * Every other register of the frame engine reads back what was written
 * (the PSE/GDMA/PPE/MAC set-up of probe and open, the QDMA queue and FQ
 * configuration); words never written read 0, which keeps the reset
 * monitor's hang checks quiet.
 */
uint64_t mt7988_fe_read(MT7988State *s, hwaddr addr)
{
    const MT7988Reg *r = mt7988_reg_find(addr & ~3);

    if (r && r->rd) {
        return r->rd(s, addr & ~3);
    }
    return R(s, addr & ~3);
}

void mt7988_fe_write(MT7988State *s, hwaddr addr, uint32_t val)
{
    const MT7988Reg *r = mt7988_reg_find(addr & ~3);

    if (r && r->wr) {
        r->wr(s, addr & ~3, val);
        return;
    }
    if (!r && !mt7988_reg_known(addr)) {
        qemu_log_mask(LOG_UNIMP, "mt7988: write 0x%08x to unknown register "
                      "0x%05" HWADDR_PRIx ": stored\n", val, addr);
    }
    R(s, addr & ~3) = val;
}

/* ---- ethsys: the frame engine's reset ------------------------------- */

void mt7988_fe_reset(MT7988State *s)
{
    memset(s->fe, 0, sizeof(s->fe));
    s->mib_rx_bytes = s->mib_rx_pkts = 0;
    s->mib_tx_bytes = s->mib_tx_pkts = 0;
    s->mib_rx_bytes_hi = s->mib_tx_bytes_hi = 0;
    s->tx_dead = false;
    memset(s->rx_dead, 0, sizeof(s->rx_dead));
    s->tx_dly_pending = 0;
    timer_del(s->tx_dly_timer);
    mt7988_lro_reset(s);
    mt7988_update_irq(s);
}

void mt7988_ethsys_write(MT7988State *s, hwaddr addr, uint32_t val)
{
    uint32_t old = s->ethsys[addr >> 2];

    s->ethsys[addr >> 2] = val;
    /* the FE reset bit: its rising edge resets the frame engine (guess) */
    if (addr == ETHSYS_RSTCTRL && (val & ~old & ETHSYS_RST_FE)) {
        mt7988_fe_reset(s);
    }
}

void mt7988_core_init(MT7988State *s)
{
    s->tx_frame = g_malloc(MT7988_TX_MAX_PKT + 4);
    s->tx_seg = g_malloc(MT7988_TX_MAX_PKT);
    s->tx_dly_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, mt7988_tx_dly_expired,
                                   s);
    mt7988_lro_init(s);
}

void mt7988_core_fini(MT7988State *s)
{
    timer_free(s->tx_dly_timer);
    mt7988_lro_fini(s);
    g_free(s->tx_frame);
    g_free(s->tx_seg);
    s->tx_frame = s->tx_seg = NULL;
}
