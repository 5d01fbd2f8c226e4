/*
 * RZ/G2L GbEth model: the controller core (rxscale bench)
 *
 * Register semantics, descriptor formats and the MDIO framing follow the
 * facts in docs/hw/rzg2l-gbeth.md (section numbers in brackets below);
 * where the sources say nothing the behaviour is marked "guess" both here
 * and there.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "hw/irq.h"
#include "hw/net/mii.h"
#include "net/checksum.h"
#include "net/eth.h"
#include "sysemu/dma.h"
#include "rzg2l_gbeth.h"

/* ---- registers [R] ------------------------------------------------------ */

#define CCC             0x000
#define DBAT            0x004
#define CSR             0x00c
#define ESR             0x088
#define RCR             0x090
#define RTC             0x0b4
#define TGC             0x300
#define TCCR            0x304
#define TSR             0x308
#define EIC             0x358
#define EIS             0x35c
#define RIC0            0x360
#define RIS0            0x364
#define RIC1            0x368
#define RIS1            0x36c
#define RIC2            0x370
#define RIS2            0x374
#define TIC             0x378
#define TIS             0x37c
#define ISS             0x380
#define ECMR            0x500
#define RFLR            0x508
#define ECSR            0x510
#define ECSIPR          0x518
#define PIR             0x520
#define PSR             0x528
#define CXR31           0x530
#define CXR35           0x540
#define GECMR           0x5b0
#define MAHR            0x5c0
#define MALR            0x5c8
#define TROCR           0x700
#define CXR41           0x708
#define CXR42           0x710
#define CSR0            0x800
#define CSR1            0x804
#define CSR2            0x808

#define CCC_OPC         0x3
#define CCC_OPC_RESET   0
#define CCC_OPC_CONFIG  1
#define CCC_OPC_OPER    2
#define CCC_DTSR        (1u << 8)
#define CSR_OPS         0xf
#define CSR_DTS         (1u << 8)
#define TCCR_TSRQ0      (1u << 0)
#define EIS_QFS         (1u << 16)
#define RIS0_FRF0       (1u << 0)
#define RIS2_QFF0       (1u << 0)
#define TIS_FTF0        (1u << 0)
#define ISS_FRS         (1u << 0)
#define ISS_FTS         (1u << 2)
#define ISS_ES          (1u << 6)
#define ISS_MS          (1u << 7)
#define ECMR_PRM        (1u << 0)
#define ECMR_TE         (1u << 5)
#define ECMR_RE         (1u << 6)
#define ECSR_LCHNG      (1u << 2)
#define PIR_MDC         (1u << 0)
#define PIR_MMD         (1u << 1)
#define PIR_MDO         (1u << 2)
#define PIR_MDI         (1u << 3)
#define PSR_LMON        (1u << 0)
#define CSR0_TPE        (1u << 4)
#define CSR0_RPE        (1u << 5)
#define CSR1_TTCP4      (1u << 4)
#define CSR1_TUDP4      (1u << 5)
#define CSR1_TTCP6      (1u << 20)
#define CSR1_TUDP6      (1u << 21)
#define CSR2_RTCP4      (1u << 4)
#define CSR2_RUDP4      (1u << 5)
#define CSR2_RICMP4     (1u << 6)
#define CSR2_RTCP6      (1u << 20)
#define CSR2_RUDP6      (1u << 21)
#define CSR2_RICMP6     (1u << 22)

/* status bits the hardware may set; the rest read 0 (W0C keeps them 0) */
#define RIS0_VALID      0x0003ffffu
#define RIS2_VALID      0x8003ffffu
#define TIS_VALID       0x000f030fu
#define EIS_VALID       0x000107ffu

/* ---- descriptors [D] ----------------------------------------------------- */

#define DT_MASK         0xf0
#define DT_FMID         0x40
#define DT_FSTART       0x50
#define DT_FEND         0x60
#define DT_FSINGLE      0x70
#define DT_LINK         0x80
#define DT_LINKFIX      0x90
#define DT_EOS          0xa0
#define DT_FEMPTY       0xc0
#define DT_EEMPTY       0x30
#define DS_MASK         0x0fff
#define MSC_MC          0x80

/* IEEE 802.3 22.2.4.4: extended status, 1000BASE-T abilities */
#define EXTSTAT_1000T_FD        (1u << 13)
#define EXTSTAT_1000T_HD        (1u << 12)
#define RX_QUEUE_OFFSET 4       /* RX queue 0 is DBAT entry 4 */
#define DESC_SIZE       8
#define CHAIN_LIMIT     8192    /* descriptors walked per request */

typedef struct GbethDesc {
    uint16_t ds;
    uint8_t cc;
    uint8_t die_dt;
    uint32_t dptr;
} GbethDesc;

static inline uint32_t *reg(RzG2lGbethState *s, hwaddr addr)
{
    return &s->regs[addr >> 2];
}

/*
 * The type byte is read first and the rest after it: the driver writes
 * ds/dptr, a barrier, then die_dt, while other vCPUs run (MTTCG).
 */
static void desc_read(RzG2lGbethState *s, uint32_t addr, GbethDesc *d)
{
    uint8_t b[DESC_SIZE];
    uint8_t die_dt = 0;

    if (dma_memory_read(&address_space_memory, addr + 3, &die_dt, 1,
                        MEMTXATTRS_UNSPECIFIED) != MEMTX_OK) {
        /* unmapped: reads as an empty slot, which stops every walk */
        s->cnt.dma_errors++;
        die_dt = 0;
    }
    smp_rmb();          /* die_dt before the fields it guards */
    if (dma_memory_read(&address_space_memory, addr, b, sizeof(b),
                        MEMTXATTRS_UNSPECIFIED) != MEMTX_OK) {
        s->cnt.dma_errors++;
        memset(b, 0, sizeof(b));
    }
    d->ds = lduw_le_p(b);
    d->cc = b[2];
    d->die_dt = die_dt;
    d->dptr = ldl_le_p(b + 4);
}

/* writes ds and msc first, die_dt last, as the driver's barriers expect */
static void desc_writeback(RzG2lGbethState *s, uint32_t addr, uint16_t ds,
                           uint8_t msc, uint8_t die_dt)
{
    uint8_t b[3];

    stw_le_p(b, ds);
    b[2] = msc;
    smp_wmb();          /* the buffer's data before the descriptor */
    dma_memory_write(&address_space_memory, addr, b, 3,
                     MEMTXATTRS_UNSPECIFIED);
    smp_wmb();          /* ds and msc before die_dt */
    dma_memory_write(&address_space_memory, addr + 3, &die_dt, 1,
                     MEMTXATTRS_UNSPECIFIED);
}

/* ---- interrupts [I] ------------------------------------------------------ */

static uint32_t gbeth_iss(RzG2lGbethState *s)
{
    uint32_t iss = 0;

    /* summaries from masked status, so a masked source is quiet */
    if (*reg(s, RIS0) & *reg(s, RIC0) & RIS0_VALID) {
        iss |= ISS_FRS;
    }
    if (*reg(s, TIS) & *reg(s, TIC) & 0x3) {
        iss |= ISS_FTS;
    }
    /* guess: QFS summarises RIS2 & RIC2 (EIC is never written on GbEth) */
    if ((*reg(s, EIS) & *reg(s, EIC) & 0x7ff) ||
        (*reg(s, RIS2) & *reg(s, RIC2))) {
        iss |= ISS_ES;
    }
    if (*reg(s, ECSR) & *reg(s, ECSIPR)) {
        iss |= ISS_MS;
    }
    return iss;
}

static void gbeth_update_irq(RzG2lGbethState *s)
{
    bool level = gbeth_iss(s) != 0;

    if (level != s->line) {
        s->line = level;
        s->cnt.irq_raised += level;
        qemu_set_irq(s->irq, level);
    }
}

/* ---- operating modes [M] ------------------------------------------------- */

static uint32_t dbat_head(RzG2lGbethState *s, int entry)
{
    GbethDesc d;

    desc_read(s, *reg(s, DBAT) + entry * DESC_SIZE, &d);
    if ((d.die_dt & DT_MASK) == DT_LINKFIX || (d.die_dt & DT_MASK) == DT_LINK) {
        return d.dptr;
    }
    qemu_log_mask(LOG_GUEST_ERROR, "rzg2l-gbeth: DBAT entry %d is not a "
                  "link (die_dt 0x%02x)\n", entry, d.die_dt);
    return 0;
}

static void gbeth_set_opmode(RzG2lGbethState *s, uint32_t opc)
{
    uint32_t old = *reg(s, CSR) & CSR_OPS;

    if (opc > CCC_OPC_OPER) {
        qemu_log_mask(LOG_GUEST_ERROR, "rzg2l-gbeth: CCC.OPC %u\n", opc);
        return;
    }
    *reg(s, CSR) = (*reg(s, CSR) & ~CSR_OPS) | (1u << opc);
    if (opc == CCC_OPC_OPER && old != (1u << CCC_OPC_OPER)) {
        /* the DMAC loads the queue heads from DBAT on entering OPERATION */
        s->tx_cur = dbat_head(s, 0);
        s->rx_cur = dbat_head(s, RX_QUEUE_OFFSET);
        s->dma_loaded = true;
        qemu_flush_queued_packets(qemu_get_queue(s->nic));
    } else if (opc != CCC_OPC_OPER) {
        s->dma_loaded = false;
        *reg(s, TCCR) &= ~TCCR_TSRQ0;
    }
    if (opc == CCC_OPC_RESET) {
        /* guess: RESET clears the DMAC's status registers */
        *reg(s, RIS0) = 0;
        *reg(s, RIS1) = 0;
        *reg(s, RIS2) = 0;
        *reg(s, TIS) = 0;
        *reg(s, EIS) = 0;
    }
}

static bool gbeth_operating(RzG2lGbethState *s)
{
    return s->dma_loaded &&
           (*reg(s, CSR) & CSR_OPS) == (1u << CCC_OPC_OPER);
}

/* ---- checksums [C] ------------------------------------------------------- */

typedef struct GbethL3 {
    int l3;         /* offset of the IP header, or -1 */
    int l4;         /* offset of the L4 header, or -1 */
    int ver;        /* 4 or 6 */
    int proto;      /* L4 protocol */
    int l4len;
} GbethL3;

/* parse Ethernet (at most one 0x8100 tag), IPv4 or IPv6, unfragmented */
static void gbeth_parse(const uint8_t *f, size_t len, GbethL3 *p)
{
    size_t off = 12;
    uint16_t type;

    p->l3 = p->l4 = -1;
    p->ver = p->proto = p->l4len = 0;
    if (len < 14) {
        return;
    }
    type = lduw_be_p(f + off);
    off += 2;
    if (type == 0x8100) {
        if (len < 18) {
            return;
        }
        type = lduw_be_p(f + off + 2);
        off += 4;
    }
    if (type == 0x0800 && len >= off + 20) {
        size_t ihl = (f[off] & 0xf) * 4;
        size_t tot = lduw_be_p(f + off + 2);

        if ((f[off] >> 4) != 4 || ihl < 20 || tot < ihl ||
            off + tot > len) {
            return;
        }
        p->l3 = off;
        p->ver = 4;
        if (lduw_be_p(f + off + 6) & 0x3fff) {
            return;     /* fragment: no L4 checksum */
        }
        p->proto = f[off + 9];
        p->l4 = off + ihl;
        p->l4len = tot - ihl;
    } else if (type == 0x86dd && len >= off + 40) {
        size_t plen = lduw_be_p(f + off + 4);

        if ((f[off] >> 4) != 6 || off + 40 + plen > len) {
            return;
        }
        p->l3 = off;
        p->ver = 6;
        p->proto = f[off + 6];      /* guess: no extension headers */
        p->l4 = off + 40;
        p->l4len = plen;
    }
}

/* the L4 checksum over pseudo header + segment, field taken as zero */
static uint16_t gbeth_l4_csum(uint8_t *f, const GbethL3 *p, int csum_off)
{
    uint32_t sum = 0;
    uint8_t ph[4];
    uint16_t saved = lduw_be_p(f + p->l4 + csum_off);

    stw_be_p(f + p->l4 + csum_off, 0);
    if (p->ver == 4) {
        sum = net_checksum_add_cont(8, f + p->l3 + 12, 0);
    } else {
        sum = net_checksum_add_cont(32, f + p->l3 + 8, 0);
    }
    ph[0] = 0;
    ph[1] = p->proto;
    stw_be_p(ph + 2, p->l4len);
    sum += net_checksum_add_cont(4, ph, 0);
    if (p->ver == 6 && p->l4len > 0xffff) {
        sum += p->l4len >> 16;
    }
    sum += net_checksum_add_cont(p->l4len, f + p->l4, 0);
    stw_be_p(f + p->l4 + csum_off, saved);
    return net_checksum_finish(sum);
}

static int l4_csum_offset(int proto, int l4len)
{
    if (proto == IP_PROTO_TCP && l4len >= 20) {
        return 16;
    }
    if (proto == IP_PROTO_UDP && l4len >= 8) {
        return 6;
    }
    if ((proto == 1 || proto == 58) && l4len >= 4) {
        return 2;
    }
    return -1;
}

/* TX: insert the TCP/UDP checksum for the protocols CSR1 enables */
static void gbeth_tx_csum(RzG2lGbethState *s, uint8_t *f, size_t len)
{
    uint32_t csr1 = *reg(s, CSR1);
    GbethL3 p;
    uint32_t need;
    int off;
    uint16_t c;

    if (!(*reg(s, CSR0) & CSR0_TPE) || !csr1) {
        return;
    }
    gbeth_parse(f, len, &p);
    if (p.l4 < 0) {
        return;
    }
    if (p.proto == IP_PROTO_TCP) {
        need = p.ver == 4 ? CSR1_TTCP4 : CSR1_TTCP6;
    } else if (p.proto == IP_PROTO_UDP) {
        need = p.ver == 4 ? CSR1_TUDP4 : CSR1_TUDP6;
    } else {
        return;
    }
    off = l4_csum_offset(p.proto, p.l4len);
    if (!(csr1 & need) || off < 0) {
        return;
    }
    c = gbeth_l4_csum(f, &p, off);
    if (p.proto == IP_PROTO_UDP && c == 0) {
        c = 0xffff;
    }
    stw_be_p(f + p.l4 + off, c);
}

/*
 * RX: the 4-byte status trailer, IP-header status then protocol status,
 * little-endian, 0 = checked and good; 0xffff = not checked (guess for the
 * IP-header word of non-IPv4 frames).
 */
static void gbeth_rx_trailer(RzG2lGbethState *s, uint8_t *f, size_t len,
                             uint8_t *t)
{
    uint32_t csr2 = *reg(s, CSR2);
    uint16_t ipst = 0xffff, l4st = 0xffff;
    uint32_t need = 0;
    GbethL3 p;
    int off;

    gbeth_parse(f, len, &p);
    if (p.ver == 4 && p.l3 >= 0) {
        size_t ihl = (f[p.l3] & 0xf) * 4;

        ipst = net_raw_checksum(f + p.l3, ihl) ? 0x0001 : 0;
    }
    if (p.l4 >= 0) {
        switch (p.proto) {
        case IP_PROTO_TCP:
            need = p.ver == 4 ? CSR2_RTCP4 : CSR2_RTCP6;
            break;
        case IP_PROTO_UDP:
            need = p.ver == 4 ? CSR2_RUDP4 : CSR2_RUDP6;
            break;
        case 1:
            need = p.ver == 4 ? CSR2_RICMP4 : 0;
            break;
        case 58:
            need = p.ver == 6 ? CSR2_RICMP6 : 0;
            break;
        }
        off = l4_csum_offset(p.proto, p.l4len);
        if ((csr2 & need) && off >= 0) {
            if (p.proto == IP_PROTO_UDP && p.ver == 4 &&
                lduw_be_p(f + p.l4 + 6) == 0) {
                l4st = 0;           /* IPv4 UDP without a checksum */
            } else if (p.proto == 1) {
                l4st = net_raw_checksum(f + p.l4, p.l4len) ? 0x0001 : 0;
            } else {
                uint16_t want = gbeth_l4_csum(f, &p, off);
                uint16_t got = lduw_be_p(f + p.l4 + off);

                if (p.proto == IP_PROTO_UDP && want == 0) {
                    want = 0xffff;
                }
                l4st = want == got ? 0 : 0x0001;
            }
        }
    }
    stw_le_p(t, ipst);
    stw_le_p(t + 2, l4st);
}

/* ---- TX queue 0 [T] ------------------------------------------------------ */

static void gbeth_tx(RzG2lGbethState *s)
{
    size_t len = 0;
    bool sent = false, in_frame = false;
    int n;

    for (n = 0; n < CHAIN_LIMIT; n++) {
        GbethDesc d;
        uint8_t dt;
        uint16_t ds;

        desc_read(s, s->tx_cur, &d);
        dt = d.die_dt & DT_MASK;
        if (dt == DT_LINK || dt == DT_LINKFIX) {
            s->tx_cur = d.dptr;
            continue;
        }
        if (dt != DT_FSINGLE && dt != DT_FSTART && dt != DT_FMID &&
            dt != DT_FEND) {
            break;          /* EEMPTY, FEMPTY, EOS: the queue is idle */
        }
        ds = d.ds & DS_MASK;
        if (dt == DT_FSINGLE || dt == DT_FSTART) {
            if (in_frame) {
                qemu_log_mask(LOG_GUEST_ERROR, "rzg2l-gbeth: TX frame "
                              "restarted without FEND\n");
            }
            len = 0;
            in_frame = true;
        } else if (!in_frame) {
            qemu_log_mask(LOG_GUEST_ERROR, "rzg2l-gbeth: TX FMID/FEND "
                          "without FSTART\n");
        }
        if (len + ds <= GBETH_MAX_FRAME) {
            if (dma_memory_read(&address_space_memory, d.dptr, s->frame + len,
                                ds, MEMTXATTRS_UNSPECIFIED) != MEMTX_OK) {
                s->cnt.dma_errors++;
            }
            len += ds;
        } else {
            len = GBETH_MAX_FRAME + 1;      /* oversized: dropped below */
        }
        desc_writeback(s, s->tx_cur, d.ds, d.cc,
                       DT_FEMPTY | (d.die_dt & 0x0f));
        s->tx_cur += DESC_SIZE;
        if (dt == DT_FSINGLE || dt == DT_FEND) {
            in_frame = false;
            if (len <= GBETH_MAX_FRAME && (*reg(s, ECMR) & ECMR_TE) &&
                s->link_up) {
                gbeth_tx_csum(s, s->frame, len);
                qemu_send_packet(qemu_get_queue(s->nic), s->frame, len);
                s->cnt.tx_frames++;
            } else {
                (*reg(s, TROCR))++;     /* guess: counted as not sent */
                s->cnt.tx_dropped++;
            }
            sent = true;
        }
    }
    if (sent) {
        *reg(s, TIS) |= TIS_FTF0;
    }
}

/* ---- RX queue 0 [X] ------------------------------------------------------ */

static bool dt_is_fempty(uint8_t die_dt)
{
    return (die_dt & DT_MASK) >= DT_FEMPTY;   /* FEMPTY, _IS, _IC, _ND */
}

static bool gbeth_rx_accept(RzG2lGbethState *s, const uint8_t *buf)
{
    uint8_t mac[6];
    uint32_t mahr = *reg(s, MAHR), malr = *reg(s, MALR);

    if ((*reg(s, ECMR) & ECMR_PRM) || (buf[0] & 1)) {
        return true;    /* promiscuous, broadcast, multicast (no filter) */
    }
    mac[0] = mahr >> 24;
    mac[1] = mahr >> 16;
    mac[2] = mahr >> 8;
    mac[3] = mahr;
    mac[4] = malr >> 8;
    mac[5] = malr;
    return !memcmp(buf, mac, 6);
}

ssize_t rzg2l_gbeth_core_receive(RzG2lGbethState *s, const uint8_t *buf,
                                 size_t size)
{
    uint32_t addr[64], cap[64];
    size_t len, total, done;
    int n, need, i;
    bool trailer;
    uint32_t cur;

    if (!gbeth_operating(s) || !(*reg(s, ECMR) & ECMR_RE) || !s->link_up ||
        s->reset_word & 1) {
        s->cnt.rx_gated++;
        return size;
    }
    if (size < 14 || !gbeth_rx_accept(s, buf)) {
        s->cnt.rx_filtered++;
        return size;
    }
    len = MIN(size, GBETH_MAX_FRAME);
    memcpy(s->frame, buf, len);
    if (len < 60) {
        memset(s->frame + len, 0, 60 - len);    /* the wire pads to 60 */
        len = 60;
    }
    if (len + 4 > (*reg(s, RFLR) & 0xfffff) || len > 0x2000) {
        return size;    /* longer than RFLR allows (FCS included): dropped */
    }
    trailer = (*reg(s, CSR0) & CSR0_RPE) && *reg(s, CSR2);
    total = len;
    if (trailer) {
        gbeth_rx_trailer(s, s->frame, len, s->frame + len);
        total += 4;
    }

    /* find enough empty descriptors first: a frame is written whole or not */
    cur = s->rx_cur;
    need = 0;
    done = 0;
    for (n = 0; n < CHAIN_LIMIT && done < total; n++) {
        GbethDesc d;
        uint8_t dt;

        desc_read(s, cur, &d);
        dt = d.die_dt & DT_MASK;
        if (dt == DT_LINK || dt == DT_LINKFIX) {
            cur = d.dptr;
            continue;
        }
        if (!dt_is_fempty(d.die_dt) || need == ARRAY_SIZE(addr)) {
            break;
        }
        addr[need] = cur;
        cap[need] = d.ds & DS_MASK;
        done += cap[need];
        need++;
        cur += DESC_SIZE;
    }
    if (done < total && !s->rx_drop_full) {
        /*
         * Model choice (default): hold the frame in QEMU's queue until the
         * driver has refilled; ravb_poll writes TIS after every refill.
         */
        if (!s->rx_waiting) {
            s->cnt.rx_held++;
        }
        s->rx_waiting = true;
        return 0;
    }
    if (done < total) {
        /* queue full: the frame is lost, RIS2.QFF0 (and EIS.QFS) report it */
        if (!(*reg(s, RIS2) & RIS2_QFF0)) {
            s->cnt.rx_qff_raised++;
        }
        *reg(s, RIS2) |= RIS2_QFF0;
        *reg(s, EIS) |= EIS_QFS;
        s->cnt.rx_dropped_full++;
        gbeth_update_irq(s);
        return size;
    }
    /* guess: the trailer is never split, the last buffer holds all 4 bytes */
    if (need > 1 && total - (done - cap[need - 1]) < 4) {
        cap[need - 2] -= 4 - (total - (done - cap[need - 1]));
    }

    done = 0;
    for (i = 0; i < need; i++) {
        GbethDesc d;
        size_t chunk = MIN(cap[i], total - done);
        uint8_t dt;

        desc_read(s, addr[i], &d);
        if (dma_memory_write(&address_space_memory, d.dptr, s->frame + done,
                             chunk, MEMTXATTRS_UNSPECIFIED) != MEMTX_OK) {
            s->cnt.dma_errors++;
        }
        if (need == 1) {
            dt = DT_FSINGLE;
        } else if (i == 0) {
            dt = DT_FSTART;
        } else if (i == need - 1) {
            dt = DT_FEND;
        } else {
            dt = DT_FMID;
        }
        desc_writeback(s, addr[i], chunk,
                       (i == 0 && (buf[0] & 1)) ? MSC_MC : 0,
                       dt | (d.die_dt & 0x0f));
        done += chunk;
    }
    s->rx_cur = addr[need - 1] + DESC_SIZE;
    s->cnt.rx_frames++;
    *reg(s, RIS0) |= RIS0_FRF0;
    gbeth_update_irq(s);
    return size;
}

/* ---- PHY and PIR MDIO [P] ------------------------------------------------ */

enum {
    GBETH_MDIO_IDLE,        /* counting preamble ones */
    GBETH_MDIO_START,       /* got 0, want 1 */
    GBETH_MDIO_CMD,         /* op(2) phy(5) reg(5) */
    GBETH_MDIO_WDATA,       /* TA(2) + 16 data bits */
    GBETH_MDIO_READ,        /* driving TA + 16 bits on MDI */
};

static void phy_reset(RzG2lGbethState *s)
{
    memset(s->phy, 0, sizeof(s->phy));
    s->phy[MII_BMCR] = MII_BMCR_AUTOEN | MII_BMCR_FD | MII_BMCR_SPEED1000;
    s->phy[MII_PHYID1] = GBETH_PHY_ID1;
    s->phy[MII_PHYID2] = GBETH_PHY_ID2;
    s->phy[MII_ANAR] = MII_ANAR_TXFD | MII_ANAR_TX | MII_ANAR_10FD |
                       MII_ANAR_10 | MII_ANAR_CSMACD;
    s->phy[MII_CTRL1000] = MII_CTRL1000_FULL | MII_CTRL1000_HALF;
}

static uint16_t phy_read(RzG2lGbethState *s, int r)
{
    bool link;

    switch (r) {
    case MII_BMSR:
        /* link status latches low until read [IEEE 22.2.4.2.13] */
        link = s->link_up && !s->phy_link_latched;
        s->phy_link_latched = false;
        return MII_BMSR_100TX_FD | MII_BMSR_100TX_HD | MII_BMSR_10T_FD |
               MII_BMSR_10T_HD | MII_BMSR_EXTSTAT | MII_BMSR_MFPS |
               MII_BMSR_AUTONEG | MII_BMSR_EXTCAP |
               (link ? MII_BMSR_LINK_ST | MII_BMSR_AN_COMP : 0);
    case MII_ANLPAR:
        return s->link_up ? MII_ANLPAR_ACK | MII_ANLPAR_TXFD | MII_ANLPAR_TX |
               MII_ANLPAR_10FD | MII_ANLPAR_10 | MII_ANLPAR_CSMACD : 0;
    case MII_STAT1000:
        return s->link_up ? MII_STAT1000_FULL | MII_STAT1000_HALF : 0;
    case MII_EXTSTAT:
        return EXTSTAT_1000T_FD | EXTSTAT_1000T_HD;
    default:
        return s->phy[r];
    }
}

static void phy_write(RzG2lGbethState *s, int r, uint16_t v)
{
    switch (r) {
    case MII_BMCR:
        if (v & MII_BMCR_RESET) {
            phy_reset(s);
            return;
        }
        /* restart-aneg self-clears; negotiation completes at once */
        s->phy[r] = v & ~(MII_BMCR_RESET | MII_BMCR_ANRESTART);
        break;
    case MII_BMSR:
    case MII_PHYID1:
    case MII_PHYID2:
    case MII_ANLPAR:
    case MII_STAT1000:
    case MII_EXTSTAT:
        break;                  /* read-only */
    default:
        s->phy[r] = v;
    }
}

/* one MDC rising edge */
static void mdio_clock(RzG2lGbethState *s, bool mmd, bool mdo)
{
    GbethMdio *m = &s->mdio;

    if (!mmd) {
        /* the host listens: the PHY (or the pull-up) drives MDI */
        if (m->state == GBETH_MDIO_READ) {
            if (m->nbits == 0) {
                m->mdi = false;                          /* turnaround */
            } else if (m->nbits <= 16) {
                m->mdi = (m->rdata >> (16 - m->nbits)) & 1;
            } else {
                m->mdi = true;
                m->state = GBETH_MDIO_IDLE;
                m->ones = 0;
            }
            m->nbits++;
        } else {
            m->mdi = true;
        }
        return;
    }
    m->mdi = true;
    switch (m->state) {
    case GBETH_MDIO_READ:
        m->state = GBETH_MDIO_IDLE;
        m->ones = 0;
        /* fall through */
    case GBETH_MDIO_IDLE:
        if (mdo) {
            m->ones++;
        } else if (m->ones >= 32) {
            m->state = GBETH_MDIO_START;
        } else {
            m->ones = 0;
        }
        break;
    case GBETH_MDIO_START:
        if (mdo) {
            m->state = GBETH_MDIO_CMD;
            m->nbits = 0;
            m->shift = 0;
        } else {
            m->state = GBETH_MDIO_IDLE;     /* clause 45 frame: ignored */
            m->ones = 0;
        }
        break;
    case GBETH_MDIO_CMD:
        m->shift = (m->shift << 1) | mdo;
        if (++m->nbits < 12) {
            break;
        }
        m->op = (m->shift >> 10) & 3;
        m->phy = (m->shift >> 5) & 0x1f;
        m->reg = m->shift & 0x1f;
        m->nbits = 0;
        m->shift = 0;
        if (m->op == 2) {
            m->state = GBETH_MDIO_READ;
            m->rdata = m->phy == GBETH_PHY_ADDR ? phy_read(s, m->reg) : 0;
            if (m->phy != GBETH_PHY_ADDR) {
                /* nobody answers: MDI stays high, TA reads 1 */
                m->state = GBETH_MDIO_IDLE;
                m->ones = 0;
            }
        } else if (m->op == 1) {
            m->state = GBETH_MDIO_WDATA;
        } else {
            m->state = GBETH_MDIO_IDLE;
            m->ones = 0;
        }
        break;
    case GBETH_MDIO_WDATA:
        m->shift = (m->shift << 1) | mdo;
        if (++m->nbits == 18) {
            if (m->phy == GBETH_PHY_ADDR) {
                phy_write(s, m->reg, m->shift & 0xffff);
            }
            m->state = GBETH_MDIO_IDLE;
            m->ones = 0;
        }
        break;
    }
}

static void gbeth_pir_write(RzG2lGbethState *s, uint32_t val)
{
    GbethMdio *m = &s->mdio;
    bool rise = !(m->pir & PIR_MDC) && (val & PIR_MDC);

    m->pir = val & (PIR_MDC | PIR_MMD | PIR_MDO);
    if (rise) {
        mdio_clock(s, val & PIR_MMD, val & PIR_MDO);
    }
}

void rzg2l_gbeth_core_set_link(RzG2lGbethState *s, bool up)
{
    if (up == s->link_up) {
        return;
    }
    s->link_up = up;
    s->cnt.link_changes++;
    if (!up) {
        s->phy_link_latched = true;
    }
    if (up) {
        *reg(s, PSR) |= PSR_LMON;
    } else {
        *reg(s, PSR) &= ~PSR_LMON;
    }
    *reg(s, ECSR) |= ECSR_LCHNG;
    gbeth_update_irq(s);
}

/* ---- register access: the write dispatch table --------------------------- */

typedef void (*GbethWriteFn)(RzG2lGbethState *s, hwaddr addr, uint32_t val);

static void w_store(RzG2lGbethState *s, hwaddr addr, uint32_t val)
{
    *reg(s, addr) = val;
}

static void w_ccc(RzG2lGbethState *s, hwaddr addr, uint32_t val)
{
    uint32_t old = *reg(s, CCC);

    *reg(s, CCC) = val;
    if ((val & CCC_OPC) != (old & CCC_OPC) ||
        (*reg(s, CSR) & CSR_OPS) != (1u << (val & CCC_OPC))) {
        gbeth_set_opmode(s, val & CCC_OPC);
    }
    /* the model's DMA is synchronous: suspension takes effect at once */
    if (val & CCC_DTSR) {
        *reg(s, CSR) |= CSR_DTS;
    } else {
        *reg(s, CSR) &= ~CSR_DTS;
    }
    gbeth_update_irq(s);
}

static void w_readonly(RzG2lGbethState *s, hwaddr addr, uint32_t val)
{
}

static void w_tccr(RzG2lGbethState *s, hwaddr addr, uint32_t val)
{
    *reg(s, TCCR) = val;
    if ((val & TCCR_TSRQ0) && gbeth_operating(s)) {
        gbeth_tx(s);
    }
    /* the request completes at once (ravb_stop_dma polls it to 0) */
    *reg(s, TCCR) &= ~TCCR_TSRQ0;
    gbeth_update_irq(s);
}

/* status registers: writing 0 clears a bit, writing 1 leaves it */
static void w_w0c(RzG2lGbethState *s, hwaddr addr, uint32_t val)
{
    *reg(s, addr) &= val;
    gbeth_update_irq(s);
    if (s->rx_waiting && (addr == TIS || addr == RIS0)) {
        /* ravb_poll: RIS0 before, TIS after its RX refill */
        s->rx_waiting = false;
        qemu_flush_queued_packets(qemu_get_queue(s->nic));
    }
}

/* mask registers: unmasking may raise the line */
static void w_mask(RzG2lGbethState *s, hwaddr addr, uint32_t val)
{
    *reg(s, addr) = val;
    gbeth_update_irq(s);
}

static void w_ecmr(RzG2lGbethState *s, hwaddr addr, uint32_t val)
{
    uint32_t old = *reg(s, ECMR);

    *reg(s, ECMR) = val;
    if ((val & ECMR_RE) && !(old & ECMR_RE)) {
        qemu_flush_queued_packets(qemu_get_queue(s->nic));
    }
}

/* ECSR: write 1 to clear */
static void w_w1c(RzG2lGbethState *s, hwaddr addr, uint32_t val)
{
    *reg(s, addr) &= ~val;
    gbeth_update_irq(s);
}

static void w_pir(RzG2lGbethState *s, hwaddr addr, uint32_t val)
{
    gbeth_pir_write(s, val);
}

static void w_csr0(RzG2lGbethState *s, hwaddr addr, uint32_t val)
{
    /* TPE/RPE: the engines stop or start at once (polled to 0 by ravb) */
    *reg(s, CSR0) = val & (CSR0_TPE | CSR0_RPE);
}

static const GbethWriteFn gbeth_writeops[GBETH_NREGS] = {
    [CCC >> 2] = w_ccc,
    [DBAT >> 2] = w_store,
    [CSR >> 2] = w_readonly,
    [ESR >> 2] = w_readonly,
    [RCR >> 2] = w_store,
    [RTC >> 2] = w_store,
    [TGC >> 2] = w_store,
    [TCCR >> 2] = w_tccr,
    [TSR >> 2] = w_readonly,
    [EIC >> 2] = w_mask,
    [EIS >> 2] = w_w0c,
    [RIC0 >> 2] = w_mask,
    [RIS0 >> 2] = w_w0c,
    [RIC1 >> 2] = w_mask,
    [RIS1 >> 2] = w_w0c,
    [RIC2 >> 2] = w_mask,
    [RIS2 >> 2] = w_w0c,
    [TIC >> 2] = w_mask,
    [TIS >> 2] = w_w0c,
    [ISS >> 2] = w_readonly,
    [ECMR >> 2] = w_ecmr,
    [RFLR >> 2] = w_store,
    [ECSR >> 2] = w_w1c,
    [ECSIPR >> 2] = w_mask,
    [PIR >> 2] = w_pir,
    [PSR >> 2] = w_readonly,
    [CXR31 >> 2] = w_store,
    [CXR35 >> 2] = w_store,
    [GECMR >> 2] = w_store,
    [MAHR >> 2] = w_store,
    [MALR >> 2] = w_store,
    [TROCR >> 2] = w_store,
    [CXR41 >> 2] = w_store,
    [CXR42 >> 2] = w_store,
    [CSR0 >> 2] = w_csr0,
    [CSR1 >> 2] = w_store,
    [CSR2 >> 2] = w_store,
};

/* ---- bench-only counter window (not a chip register) -------------------- */

/*
 * 0x00 magic, 0x04 version, 0x08 the PHY's link (1 up), 0x10 + 4 * i the
 * i-th word of GbethCounters (rzg2l_gbeth.h), in declaration order.
 */
static uint32_t gbeth_bench_read(RzG2lGbethState *s, hwaddr off)
{
    uint32_t w[sizeof(GbethCounters) / 4];

    if (off == 0x00) {
        return GBETH_BENCH_MAGIC;
    }
    if (off == 0x04) {
        return GBETH_BENCH_VERSION;
    }
    if (off == 0x08) {
        return s->link_up;
    }
    if (off < 0x10 || off >= 0x10 + sizeof(w)) {
        return 0;
    }
    memcpy(w, &s->cnt, sizeof(w));
    return w[(off - 0x10) / 4];
}

static void gbeth_unknown(RzG2lGbethState *s, const char *what, hwaddr addr,
                          uint32_t val)
{
    s->cnt.unknown_access++;
    qemu_log_mask(LOG_UNIMP, "rzg2l-gbeth: %s unknown register 0x%"
                  HWADDR_PRIx " (value 0x%x)\n", what, addr, val);
}

uint32_t rzg2l_gbeth_core_read(RzG2lGbethState *s, hwaddr addr)
{
    uint32_t v;

    if (addr >= GBETH_BENCH_BASE &&
        addr < GBETH_BENCH_BASE + GBETH_BENCH_SIZE) {
        return gbeth_bench_read(s, addr - GBETH_BENCH_BASE);
    }
    if (addr >= GBETH_NREGS * 4) {
        gbeth_unknown(s, "read of", addr, 0);
        return 0;
    }
    switch (addr) {
    case ISS:
        return gbeth_iss(s);
    case EIS:
        v = *reg(s, EIS);
        /* guess: QFS also summarises pending RIS2 queue-full flags */
        if (*reg(s, RIS2) & *reg(s, RIC2)) {
            v |= EIS_QFS;
        }
        return v;
    case PIR:
        return s->mdio.pir | (s->mdio.mdi ? PIR_MDI : 0);
    default:
        if (!gbeth_writeops[addr >> 2]) {
            gbeth_unknown(s, "read of", addr, *reg(s, addr));
        }
        return *reg(s, addr);
    }
}

void rzg2l_gbeth_core_write(RzG2lGbethState *s, hwaddr addr, uint32_t val)
{
    GbethWriteFn fn;

    if (addr >= GBETH_NREGS * 4) {
        /* beyond the register file, the bench window included: ignored */
        gbeth_unknown(s, "write to", addr, val);
        return;
    }
    fn = gbeth_writeops[addr >> 2];
    if (!fn) {
        /* inside the register file: stored, read back as written */
        gbeth_unknown(s, "write to", addr, val);
        fn = w_store;
    }
    fn(s, addr, val);
}

void rzg2l_gbeth_core_reset(RzG2lGbethState *s)
{
    const uint8_t *a = s->conf.macaddr.a;

    memset(s->regs, 0, sizeof(s->regs));
    *reg(s, CSR) = 1u << CCC_OPC_RESET;
    /* guess: MAHR/MALR hold the address a boot loader would have set */
    *reg(s, MAHR) = (a[0] << 24) | (a[1] << 16) | (a[2] << 8) | a[3];
    *reg(s, MALR) = (a[4] << 8) | a[5];
    *reg(s, PSR) = s->link_up ? PSR_LMON : 0;
    s->tx_cur = s->rx_cur = 0;
    s->dma_loaded = false;
    memset(&s->mdio, 0, sizeof(s->mdio));
    s->mdio.mdi = true;
    phy_reset(s);
    gbeth_update_irq(s);
}
