/*
 * QEMU model of the Realtek RTL8127 10GbE PCIe controller (rxscale bench)
 *
 * DMA engines: TX descriptor rings (doorbell TPPOLL or the no-close tail
 * pointer), checksum offload and TCP segmentation as the descriptors
 * request them, RX descriptor rings in the legacy (16-byte, opts1 first)
 * and V4 (16-byte, RSS write-back) formats, RX filtering, and the tally
 * counter dump.  Guest memory is reached through the glue's DMA
 * callbacks (rtl8127_dma_read/write).  Hardware facts and sources:
 * docs/hw/rtl8127.md.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bswap.h"
#include "net/net.h"
#include "net/eth.h"
#include "net/checksum.h"
#include <zlib.h>
#include "rtl8127_core_priv.h"

/* TX descriptor bits */
#define TD0_GTSENV4     (1u << 26)
#define TD0_GTSENV6     (1u << 25)
#define TD0_GTTCPHO(x)  (((x) >> 18) & 0x7f)
#define TD0_LEN(x)      ((x) & 0x3ffff)
#define TD1_UDP_CS      (1u << 31)
#define TD1_TCP_CS      (1u << 30)
#define TD1_IPV4_CS     (1u << 29)
#define TD1_IPV6_CS     (1u << 28)
#define TD1_TCPHO(x)    (((x) >> 18) & 0x3ff)
#define TD1_MSS(x)      (((x) >> 18) & 0x7ff)
#define TD1_VLAN        (1u << 17)

/* RX descriptor bits, legacy layout (opts1 in DW0) */
#define RD_RES          (1u << 21)
#define RD_V1_UDP       (1u << 18)
#define RD_V1_TCP       (1u << 17)
#define RD_V1_IPF       (1u << 16)
#define RD_V1_UDPF      (1u << 15)
#define RD_V1_TCPF      (1u << 14)
/* RxDescV4 (opts1 in DW3) */
#define RD_V4_UDP       (1u << 19)
#define RD_V4_TCP       (1u << 18)
#define RD_V4_IPF       (1u << 17)
#define RD_V4_UDPF      (1u << 16)
#define RD_V4_TCPF      (1u << 15)
/* opts2 */
#define RD2_V6          (1u << 31)
#define RD2_V4          (1u << 30)
#define RD2_VLAN        (1u << 16)

#define RX_BUF_SIZE(x)  ((x) & 0x3fff)

#define MIN_FRAME       60

/* ---------------------------------------------------------------- */
/* checksums                                                        */

static void ip4_fix_csum(uint8_t *ip, size_t ihl)
{
    stw_be_p(ip + 10, 0);
    stw_be_p(ip + 10, net_raw_checksum(ip, ihl));
}

/* TCP/UDP checksum over [l4, l4 + l4len) with the IPv4/IPv6 pseudo header */
static uint16_t l4_csum(const uint8_t *ip, bool v6, uint8_t proto,
                        const uint8_t *l4, size_t l4len)
{
    uint32_t sum;

    if (v6) {
        sum = net_checksum_add(32, (uint8_t *)ip + 8);
        sum += (l4len >> 16) + (l4len & 0xffff);
    } else {
        sum = net_checksum_add(8, (uint8_t *)ip + 12);
        sum += l4len;
    }
    sum += proto;
    sum += net_checksum_add(l4len, (uint8_t *)l4);
    return net_checksum_finish_nozero(sum);
}

/* ---------------------------------------------------------------- */
/* transmit                                                         */

/*
 * @len: the frame as sent, padded, without the FCS the MAC appends. The
 * octets count it with its 4-byte FCS, as the RX side counts the length
 * the descriptor reports (FCS included, up strips ETH_FCS_LEN): one rule
 * for both directions (model choice, docs/hw/rtl8127.md section 5 "Tally
 * counters").
 */
static void rtl8127_count_tx(RTL8127Core *core, const uint8_t *buf, size_t len)
{
    core->cnt.tx_packets++;
    core->cnt.tx_octets += len + 4;
    if (is_broadcast_ether_addr(buf)) {
        core->cnt.tx_broadcast++;
    } else if (is_multicast_ether_addr(buf)) {
        core->cnt.tx_multicast++;
    } else {
        core->cnt.tx_unicast++;
    }
}

/* Send one finished frame: VLAN insertion, padding, backend. */
static void rtl8127_tx_frame(RTL8127Core *core, uint8_t *buf, size_t len,
                             uint32_t opts2)
{
    uint8_t *frame = core->tx_frame;
    size_t flen;

    if (len < 2 * ETH_ALEN) {
        core->cnt.tx_errors++;
        return;
    }
    if (opts2 & TD1_VLAN) {
        memcpy(frame, buf, 2 * ETH_ALEN);
        stw_be_p(frame + 12, ETH_P_VLAN);
        /* the tag is written byte-swapped in the descriptor */
        stw_be_p(frame + 14, bswap16(opts2 & 0xffff));
        memcpy(frame + 16, buf + 12, len - 12);
        flen = len + 4;
    } else {
        memcpy(frame, buf, len);
        flen = len;
    }
    if (flen < MIN_FRAME) {
        memset(frame + flen, 0, MIN_FRAME - flen);
        flen = MIN_FRAME;
    }
    if (!core->phy_link) {
        return;
    }
    rtl8127_count_tx(core, frame, flen);
    core->bench.tx_frames[core->tx_q]++;
    qemu_send_packet(qemu_get_queue(core->owner_nic), frame, flen);
}

/* L3 offset after the Ethernet header and any in-band VLAN tags */
static size_t rtl8127_l3_off(const uint8_t *buf, size_t len, uint16_t *proto)
{
    size_t off = 12;
    uint16_t et;

    for (;;) {
        if (off + 2 > len) {
            *proto = 0;
            return len;
        }
        et = lduw_be_p(buf + off);
        if (et == ETH_P_VLAN || et == ETH_P_DVLAN) {
            off += 4;
            continue;
        }
        *proto = et;
        return off + 2;
    }
}

static void rtl8127_tx_csum(RTL8127Core *core, uint8_t *buf, size_t len,
                            uint32_t opts2)
{
    size_t l4off = TD1_TCPHO(opts2);
    uint16_t et;
    size_t l3off = rtl8127_l3_off(buf, len, &et);
    bool v6 = et == ETH_P_IPV6;
    uint8_t *ip = buf + l3off;
    size_t l4len, csum_at;
    uint8_t proto;

    if (et == ETH_P_IP && l3off + 20 <= len) {
        size_t ihl = (ip[0] & 0xf) * 4;

        if ((opts2 & TD1_IPV4_CS) && ihl >= 20 && l3off + ihl <= len) {
            ip4_fix_csum(ip, ihl);
        }
        /*
         * For IPv4 the chip finds the TCP/UDP header from the IP header
         * length itself: the vendor driver sends no offset for IPv4
         * (only IPv6 needs it).  An offset given is used as it is.
         */
        if (l4off == 0 && ihl >= 20) {
            l4off = l3off + ihl;
        }
    }
    if (!(opts2 & (TD1_TCP_CS | TD1_UDP_CS))) {
        return;
    }
    if ((et != ETH_P_IP && et != ETH_P_IPV6) || l4off <= l3off ||
        l4off >= len) {
        qemu_log_mask(LOG_GUEST_ERROR, "rtl8127: bad TX checksum request\n");
        return;
    }
    proto = (opts2 & TD1_TCP_CS) ? IP_PROTO_TCP : IP_PROTO_UDP;
    csum_at = l4off + (proto == IP_PROTO_TCP ? 16 : 6);
    if (csum_at + 2 > len) {
        return;
    }
    /* L4 length from the IP header, bounded by the frame */
    if (v6) {
        if (l3off + 40 > len) {
            return;
        }
        l4len = lduw_be_p(ip + 4) + 40 - (l4off - l3off);
    } else {
        l4len = lduw_be_p(ip + 2) - (l4off - l3off);
    }
    if (l4len > len - l4off || l4len < (csum_at + 2 - l4off)) {
        l4len = len - l4off;
    }
    stw_be_p(buf + csum_at, 0);
    stw_be_p(buf + csum_at, l4_csum(ip, v6, proto, buf + l4off, l4len));
}

/* TCP segmentation offload (GTSENV4/GTSENV6) */
static void rtl8127_tx_tso(RTL8127Core *core, uint8_t *buf, size_t len,
                           uint32_t opts1, uint32_t opts2)
{
    uint8_t *seg = core->tso_seg;
    size_t l4off = TD0_GTTCPHO(opts1);
    size_t mss = TD1_MSS(opts2);
    bool v6 = opts1 & TD0_GTSENV6;
    uint16_t et;
    size_t l3off = rtl8127_l3_off(buf, len, &et);
    size_t hlen, paylen, off;
    uint32_t seq;
    uint16_t ipid = 0;
    uint8_t flags;
    unsigned i = 0;

    if (l4off < l3off + (v6 ? 40 : 20) || l4off + 20 > len || mss == 0 ||
        et != (v6 ? ETH_P_IPV6 : ETH_P_IP)) {
        qemu_log_mask(LOG_GUEST_ERROR, "rtl8127: bad TSO request "
                      "(l3 %zu l4 %zu mss %zu len %zu)\n",
                      l3off, l4off, mss, len);
        core->cnt.tx_errors++;
        return;
    }
    hlen = l4off + ((buf[l4off + 12] >> 4) * 4);
    if (hlen < l4off + 20 || hlen > len) {
        core->cnt.tx_errors++;
        return;
    }
    paylen = len - hlen;
    seq = ldl_be_p(buf + l4off + 4);
    flags = buf[l4off + 13];
    if (!v6) {
        ipid = lduw_be_p(buf + l3off + 4);
    }

    off = 0;
    do {
        size_t chunk = MIN(mss, paylen - off);
        bool last = off + chunk >= paylen;
        uint8_t *ip = seg + l3off;
        uint8_t *tcp = seg + l4off;

        memcpy(seg, buf, hlen);
        memcpy(seg + hlen, buf + hlen + off, chunk);
        if (v6) {
            stw_be_p(ip + 4, hlen - l3off - 40 + chunk);
        } else {
            stw_be_p(ip + 2, hlen - l3off + chunk);
            stw_be_p(ip + 4, ipid + i);
            ip4_fix_csum(ip, (ip[0] & 0xf) * 4);
        }
        stl_be_p(tcp + 4, seq + off);
        tcp[13] = flags;
        if (!last) {
            tcp[13] &= ~(0x01 | 0x08);  /* FIN, PSH only on the last */
        }
        if (i) {
            tcp[13] &= ~0x80;           /* CWR only on the first */
        }
        stw_be_p(tcp + 16, 0);
        stw_be_p(tcp + 16, l4_csum(ip, v6, IP_PROTO_TCP, tcp,
                                   hlen - l4off + chunk));
        rtl8127_tx_frame(core, seg, hlen + chunk, opts2 & ~0xfffc0000u);
        off += chunk;
        i++;
    } while (off < paylen);
}

static void rtl8127_tx_finish(RTL8127Core *core)
{
    RTL8127TxPkt *p = &core->txp;

    core->bench.tx_chains[core->tx_q]++;
    if (p->bad) {
        core->cnt.tx_errors++;
    } else if (p->opts1 & (TD0_GTSENV4 | TD0_GTSENV6)) {
        rtl8127_tx_tso(core, p->buf, p->len, p->opts1, p->opts2);
    } else {
        rtl8127_tx_csum(core, p->buf, p->len, p->opts2);
        rtl8127_tx_frame(core, p->buf, p->len, p->opts2);
    }
    p->active = false;
    p->len = 0;
}

static hwaddr rtl8127_tx_ring(RTL8127Core *core, int q)
{
    uint32_t lo = q ? R_TX_DESC1_LO : R_TX_DESC_LO;

    return ((uint64_t)rtl8127_rd32(core, lo + 4) << 32) |
           rtl8127_rd32(core, lo);
}

static bool rtl8127_tx_noclose(RTL8127Core *core)
{
    return rtl8127_rd8(core, R_TX_NOCLOSE) & 0x04;
}

void rtl8127_tx_kick(RTL8127Core *core, int q)
{
    RTL8127TxPkt *p = &core->txp;
    hwaddr ring;
    unsigned n, dsize;
    bool done = false;

    if (q < 0 || q >= RTL8127_TX_QUEUES || core->in_tx ||
        !(rtl8127_rd8(core, R_CHIPCMD) & CMD_TX_ENB) ||
        !rtl8127_bus_master(core)) {
        return;
    }
    /*
     * New TX descriptor format (MAC OCP 0xeb58 bits 1:0 = 01): 32-byte
     * descriptors whose first 16 bytes keep the legacy layout.
     */
    dsize = (core->mac_ocp[0xeb58 >> 1] & 3) == 1 ? 32 : 16;
    core->in_tx = true;
    core->tx_q = q;
    ring = rtl8127_tx_ring(core, q);

    for (n = 0; n < RTL8127_RING_MAX; n++) {
        uint8_t desc[16];
        hwaddr da = ring + (hwaddr)core->tx_cur[q] * dsize;
        uint32_t opts1, opts2, len;
        uint64_t addr;

        if (rtl8127_tx_noclose(core) &&
            (core->tx_clo[q] & 0x7fffffff) ==
            (rtl8127_rd32(core, R_SW_TAIL_PTR0 + 8 * q) & 0x7fffffff)) {
            break;
        }
        if (!rtl8127_dma_read(core, da, desc, sizeof(desc))) {
            qemu_log_mask(LOG_GUEST_ERROR, "rtl8127: TX descriptor DMA "
                          "error at 0x%" HWADDR_PRIx "\n", da);
            rtl8127_raise_legacy(core, INT_TX_ERR);
            break;
        }
        opts1 = ldl_le_p(desc);
        if (!(opts1 & DESC_OWN)) {
            break;
        }
        opts2 = ldl_le_p(desc + 4);
        addr = ldq_le_p(desc + 8);
        len = TD0_LEN(opts1);

        if (opts1 & DESC_FIRST) {
            if (p->active) {
                /* previous chain never got LastFrag: drop it */
                core->cnt.tx_errors++;
            }
            p->active = true;
            p->bad = false;
            p->len = 0;
            p->opts1 = opts1;
            p->opts2 = opts2;
        }
        if (p->active) {
            if (p->len + len > RTL8127_TX_MAX_PKT) {
                p->bad = true;
            } else if (len &&
                       !rtl8127_dma_read(core, addr, p->buf + p->len, len)) {
                p->bad = true;
            } else {
                p->len += len;
            }
            if (opts1 & DESC_LAST) {
                rtl8127_tx_finish(core);
            }
        }

        /* hand the descriptor back: clear DescOwn */
        stl_le_p(desc, opts1 & ~DESC_OWN);
        rtl8127_dma_write(core, da, desc, 4);
        core->tx_clo[q]++;
        core->tx_cur[q] = (opts1 & DESC_RING_END) ? 0 : core->tx_cur[q] + 1;
        if (core->tx_cur[q] >= RTL8127_RING_MAX) {
            core->tx_cur[q] = 0;
        }
        done = true;
    }
    core->in_tx = false;
    if (done) {
        rtl8127_event_tx(core, q);
    }
}

/* ---------------------------------------------------------------- */
/* receive                                                          */

static bool rtl8127_rx_enabled(RTL8127Core *core)
{
    return (rtl8127_rd8(core, R_CHIPCMD) & CMD_RX_ENB) &&
           !(rtl8127_rd32(core, R_MISC) & MISC_RXDV_GATED) &&
           rtl8127_bus_master(core) && core->phy_link;
}

static hwaddr rtl8127_rx_ring(RTL8127Core *core, int q)
{
    uint32_t lo = q ? R_RX_DESCN_BASE + 8 * (q - 1) : R_RX_DESC_LO;

    return ((uint64_t)rtl8127_rd32(core, lo + 4) << 32) |
           rtl8127_rd32(core, lo);
}

static bool rtl8127_desc_v4(RTL8127Core *core)
{
    return rtl8127_rd8(core, R_RXDESC_CFG) & 0x02;
}

/* opts1 of RX descriptor at index idx of queue q, or 0 on DMA error */
static uint32_t rtl8127_rx_opts1(RTL8127Core *core, int q, uint32_t idx)
{
    hwaddr da = rtl8127_rx_ring(core, q) + (hwaddr)idx * 16;
    uint32_t v;

    da += rtl8127_desc_v4(core) ? 12 : 0;
    if (!rtl8127_dma_read(core, da, &v, 4)) {
        return 0;
    }
    return le32_to_cpu(v);
}

static bool rtl8127_rx_has_desc(RTL8127Core *core, int q)
{
    return rtl8127_rx_opts1(core, q, core->rx_cur[q]) & DESC_OWN;
}

/*
 * Back-pressure (frame left in QEMU's queue) is used only with a single
 * RX ring, where QEMU's queue stands in for the chip's RX FIFO.  With
 * several rings the target ring is known only after hashing the frame,
 * and a full ring must not stall the others: frames steered to a full
 * ring are dropped and counted in rtl8127_core_receive (see docs/hw/rtl8127.md,
 * "Receive with no free descriptor").
 */
static bool rtl8127_rx_backpressure(RTL8127Core *core)
{
    return rtl8127_rx_queues(core) == 1;
}

bool rtl8127_core_can_receive(RTL8127Core *core)
{
    if (!rtl8127_rx_enabled(core)) {
        /* frames arriving now are dropped in rtl8127_core_receive */
        return true;
    }
    if (!rtl8127_rx_backpressure(core)) {
        return true;
    }
    return rtl8127_rx_has_desc(core, 0);
}

void rtl8127_rx_kick(RTL8127Core *core)
{
    if (core->owner_nic && rtl8127_core_can_receive(core)) {
        qemu_flush_queued_packets(qemu_get_queue(core->owner_nic));
    }
}

static bool rtl8127_rx_filter(RTL8127Core *core, const uint8_t *buf)
{
    uint32_t rcr = rtl8127_rd32(core, R_RXCONFIG);

    if (rcr & RXCFG_ACCEPT_ALL_PHYS) {
        return true;
    }
    if (is_broadcast_ether_addr(buf)) {
        return rcr & RXCFG_ACCEPT_BROADCAST;
    }
    if (is_multicast_ether_addr(buf)) {
        unsigned h = net_crc32(buf, ETH_ALEN) >> 26;

        if (!(rcr & RXCFG_ACCEPT_MULTICAST)) {
            return false;
        }
        /* hash bit h lives in MAR byte 7 - h / 8, bit h % 8 */
        return rtl8127_rd8(core, R_MAR0 + 7 - h / 8) & (1u << (h % 8));
    }
    return (rcr & RXCFG_ACCEPT_MY_PHYS) &&
           !memcmp(buf, &core->regs[R_MAC0], ETH_ALEN);
}

/* Validate IPv4 header and TCP/UDP checksums; returns failure bits. */
static void rtl8127_rx_csum(const uint8_t *buf, size_t len,
                            const RTL8127PktInfo *pi, bool *ipf, bool *l4f)
{
    const uint8_t *ip = buf + pi->l3_off;
    size_t l4len;

    *ipf = false;
    *l4f = false;
    if (pi->ipv4) {
        size_t ihl = (ip[0] & 0xf) * 4;

        if (net_raw_checksum((uint8_t *)ip, ihl) != 0) {
            *ipf = true;
        }
    }
    if (!(pi->tcp || pi->udp) || pi->ip_frag) {
        return;
    }
    l4len = pi->l3_len - (pi->l4_off - pi->l3_off);
    if (pi->udp && pi->ipv4 && lduw_be_p(buf + pi->l4_off + 6) == 0) {
        return;     /* no UDP checksum */
    }
    {
        uint32_t sum;

        if (pi->ipv6) {
            sum = net_checksum_add(32, (uint8_t *)ip + 8);
            sum += (l4len >> 16) + (l4len & 0xffff);
        } else {
            sum = net_checksum_add(8, (uint8_t *)ip + 12);
            sum += l4len;
        }
        sum += pi->tcp ? IP_PROTO_TCP : IP_PROTO_UDP;
        sum += net_checksum_add(l4len, (uint8_t *)buf + pi->l4_off);
        if (net_checksum_finish(sum) != 0) {
            *l4f = true;
        }
    }
}

static void rtl8127_count_rx(RTL8127Core *core, const uint8_t *buf, size_t len)
{
    core->cnt.rx_packets++;
    core->cnt.rx_octets += len;
    if (is_broadcast_ether_addr(buf)) {
        core->cnt.rx_broadcast++;
    } else if (is_multicast_ether_addr(buf)) {
        core->cnt.rx_multicast++;
    } else {
        core->cnt.rx_unicast++;
    }
}

/*
 * Ring q has no free descriptor for the frame: report descriptor
 * unavailable (tally rdu, RDU_STA bit q, RxDescUnavail in legacy ISR or
 * the ring's vector) and either keep the frame queued in QEMU
 * (single ring) or drop it and count it in the tally rx_missed.
 */
static ssize_t rtl8127_rx_no_desc(RTL8127Core *core, int q, size_t size)
{
    uint16_t sta = rtl8127_rd16(core, R_RDU_STA) | (1u << q);

    core->cnt.rdu++;
    stw_le_p(&core->regs[R_RDU_STA], sta);
    if (rtl8127_vector_mode(core)) {
        rtl8127_event_rx(core, q);
    } else {
        rtl8127_raise_legacy(core, INT_RDU);
    }
    if (rtl8127_rx_backpressure(core)) {
        return 0;       /* queued until descriptors come back */
    }
    core->cnt.rx_missed++;
    core->bench.rx_drops[q]++;
    return size;
}

ssize_t rtl8127_core_receive(RTL8127Core *core, const uint8_t *data,
                             size_t size)
{
    uint8_t *buf = core->rx_buf;
    size_t len = size, total, done, need;
    uint32_t rcr = rtl8127_rd32(core, R_RXCONFIG);
    uint32_t opts1 = 0, opts2 = 0, rss_info = 0, hash = 0, crc;
    RTL8127PktInfo pi;
    bool v4 = rtl8127_desc_v4(core);
    bool ipf, l4f;
    hwaddr ring;
    uint32_t idx;
    int q = 0;
    unsigned ndesc, i;

    if (!rtl8127_rx_enabled(core) || size < 14) {
        core->bench.rx_gated++;
        return size;
    }
    if (size > RTL8127_TX_MAX_PKT) {
        core->cnt.rx_too_long++;
        core->bench.rx_filtered++;
        return size;
    }
    if (!rtl8127_rx_filter(core, data)) {
        core->bench.rx_filtered++;
        return size;
    }
    if (rcr & RXCFG_DESC_V3) {
        qemu_log_mask(LOG_UNIMP, "rtl8127: RxDescV3 not modelled\n");
        return size;
    }

    /* VLAN stripping (RxConfig bits 23:22) */
    if ((rcr & RXCFG_VLAN_STRIP) && size >= 18 &&
        lduw_be_p(data + 12) == ETH_P_VLAN) {
        opts2 |= RD2_VLAN | bswap16(lduw_be_p(data + 14));
        memcpy(buf, data, 12);
        memcpy(buf + 12, data + 16, size - 16);
        len = size - 4;
    } else {
        memcpy(buf, data, size);
    }
    if (len < MIN_FRAME) {
        memset(buf + len, 0, MIN_FRAME - len);
        len = MIN_FRAME;
    }

    rtl8127_parse_pkt(buf, len, &pi);

    if (rtl8127_rss_enabled(core) &&
        rtl8127_rss_hash(core, buf, &pi, &hash, &rss_info)) {
        q = rtl8127_rss_queue(core, hash);
    }

    /* frame plus FCS */
    crc = crc32(0, buf, len);
    stl_le_p(buf + len, crc);
    total = len + 4;

    /* check that enough descriptors are free before writing any */
    ring = rtl8127_rx_ring(core, q);
    idx = core->rx_cur[q];
    need = total;
    for (ndesc = 0; need && ndesc < 64; ndesc++) {
        uint32_t o = rtl8127_rx_opts1(core, q, idx);
        size_t bs = RX_BUF_SIZE(o);

        if (!(o & DESC_OWN)) {
            return rtl8127_rx_no_desc(core, q, size);
        }
        if (bs == 0) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "rtl8127: RX buffer of size 0, frame dropped\n");
            core->bench.rx_drops[q]++;
            return size;
        }
        need -= MIN(need, bs);
        idx = (o & DESC_RING_END) ? 0 : idx + 1;
        if (idx >= RTL8127_RING_MAX) {
            idx = 0;
        }
    }
    if (need) {
        core->bench.rx_drops[q]++;
        return size;
    }

    /* status bits shared by all descriptors of the frame */
    if (pi.ipv4) {
        opts2 |= RD2_V4;
    }
    if (pi.ipv6) {
        opts2 |= RD2_V6;
    }
    if (rtl8127_rd16(core, R_CPLUSCMD) & CPCMD_RX_CSUM) {
        rtl8127_rx_csum(buf, len, &pi, &ipf, &l4f);
        if (pi.tcp) {
            opts1 |= v4 ? RD_V4_TCP : RD_V1_TCP;
        } else if (pi.udp) {
            opts1 |= v4 ? RD_V4_UDP : RD_V1_UDP;
        }
        if (ipf) {
            opts1 |= v4 ? RD_V4_IPF : RD_V1_IPF;
        }
        if (l4f && pi.tcp) {
            opts1 |= v4 ? RD_V4_TCPF : RD_V1_TCPF;
        }
        if (l4f && pi.udp) {
            opts1 |= v4 ? RD_V4_UDPF : RD_V1_UDPF;
        }
    }

    done = 0;
    for (i = 0; i < ndesc; i++) {
        hwaddr da = ring + (hwaddr)core->rx_cur[q] * 16;
        uint8_t desc[16];
        uint32_t o, st;
        uint64_t addr;
        size_t chunk;

        if (!rtl8127_dma_read(core, da, desc, sizeof(desc))) {
            break;
        }
        o = ldl_le_p(desc + (v4 ? 12 : 0));
        addr = ldq_le_p(desc + (v4 ? 0 : 8));
        chunk = MIN(total - done, (size_t)RX_BUF_SIZE(o));
        if (!rtl8127_dma_write(core, addr, buf + done, chunk)) {
            qemu_log_mask(LOG_GUEST_ERROR, "rtl8127: RX buffer DMA error\n");
        }
        done += chunk;

        st = opts1 | (o & DESC_RING_END);
        if (i == 0) {
            st |= DESC_FIRST;
        }
        if (done >= total) {
            st |= DESC_LAST | (total & 0x3fff);
        } else {
            st |= chunk & 0x3fff;
        }
        if (v4) {
            stl_le_p(desc, rss_info);
            stl_le_p(desc + 4, hash);
            stl_le_p(desc + 8, opts2);
            rtl8127_dma_write(core, da, desc, 12);
            stl_le_p(desc + 12, st);
            rtl8127_dma_write(core, da + 12, desc + 12, 4);
        } else {
            stl_le_p(desc + 4, opts2);
            rtl8127_dma_write(core, da + 4, desc + 4, 4);
            stl_le_p(desc, st);
            rtl8127_dma_write(core, da, desc, 4);
        }
        core->rx_cur[q] = (o & DESC_RING_END) ? 0 : core->rx_cur[q] + 1;
        if (core->rx_cur[q] >= RTL8127_RING_MAX) {
            core->rx_cur[q] = 0;
        }
    }

    rtl8127_count_rx(core, buf, total);
    core->bench.rx_frames[q]++;
    rtl8127_event_rx(core, q);
    return size;
}

/* ---------------------------------------------------------------- */
/* tally counters                                                   */

void rtl8127_counters_cmd(RTL8127Core *core, uint32_t low)
{
    RTL8127Counters *c = &core->cnt;
    uint8_t blk[192];
    hwaddr addr;
    size_t n;

    if (low & 0x01) {
        memset(c, 0, sizeof(*c));
    }
    if ((low & 0x08) && rtl8127_bus_master(core)) {
        memset(blk, 0, sizeof(blk));
        stq_le_p(blk + 0, c->tx_packets);
        stq_le_p(blk + 8, c->rx_packets);
        stq_le_p(blk + 16, c->tx_errors);
        stl_le_p(blk + 24, c->rx_errors);
        stw_le_p(blk + 28, c->rx_missed);
        stq_le_p(blk + 40, c->rx_unicast);
        stq_le_p(blk + 48, c->rx_broadcast);
        stl_le_p(blk + 56, c->rx_multicast);
        /* extended block (8125 and later) */
        stq_le_p(blk + 64, c->tx_octets);
        stq_le_p(blk + 72, c->rx_octets);
        stq_le_p(blk + 80, c->rx_multicast);
        stq_le_p(blk + 88, c->tx_unicast);
        stq_le_p(blk + 96, c->tx_broadcast);
        stq_le_p(blk + 104, c->tx_multicast);
        stl_le_p(blk + 144, c->rx_too_long);
        stl_le_p(blk + 148, c->rx_runt);
        stl_le_p(blk + 188, c->rdu);
        addr = ((uint64_t)rtl8127_rd32(core, R_CNT_ADDR_HI) << 32) |
               (low & ~0x3fu);
        n = (core->mac_ocp[0xea84 >> 1] & 3) ? sizeof(blk) : 64;
        if (!rtl8127_dma_write(core, addr, blk, n)) {
            qemu_log_mask(LOG_GUEST_ERROR, "rtl8127: counter dump DMA "
                          "error\n");
        }
    }
    /* both commands complete at once */
    rtl8127_wr32(core, R_CNT_ADDR_LO, low & ~0x09u);
}

/* ---------------------------------------------------------------- */

void rtl8127_dma_init(RTL8127Core *core)
{
    core->txp.buf = g_malloc(RTL8127_TX_MAX_PKT);
    core->tx_frame = g_malloc(RTL8127_TX_MAX_PKT + 4 + MIN_FRAME);
    core->tso_seg = g_malloc(RTL8127_TX_MAX_PKT);
    core->rx_buf = g_malloc(RTL8127_TX_MAX_PKT + 4 + MIN_FRAME);
}

void rtl8127_dma_uninit(RTL8127Core *core)
{
    g_free(core->txp.buf);
    g_free(core->tx_frame);
    g_free(core->tso_seg);
    g_free(core->rx_buf);
    core->txp.buf = NULL;
    core->tx_frame = core->tso_seg = core->rx_buf = NULL;
}

void rtl8127_dma_reset(RTL8127Core *core)
{
    memset(core->rx_cur, 0, sizeof(core->rx_cur));
    memset(core->tx_cur, 0, sizeof(core->tx_cur));
    memset(core->tx_clo, 0, sizeof(core->tx_clo));
    stw_le_p(&core->regs[R_RDU_STA], 0);
    core->txp.active = false;
    core->txp.len = 0;
}
