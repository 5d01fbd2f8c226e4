/*
 * QEMU model of the Realtek RTL8127 10GbE PCIe controller (rxscale bench)
 *
 * Register facts and their sources are listed in docs/hw/rtl8127.md of
 * the rxscale repository.  This header holds the register map, the
 * device state and the interfaces between the model's files:
 *   rtl8127.c       PCI glue, MMIO dispatch, indirect (OCP/ERI/CSI) access
 *   rtl8127_intr.c  legacy and per-vector interrupt logic, mitigation timers
 *   rtl8127_phy.c   internal PHY behind the PHY OCP window
 *   rtl8127_core.c  TX/RX descriptor processing, offloads, tally counters
 *   rtl8127_rss.c   receive-side scaling (hash input, indirection table)
 *   rtl8127_toeplitz.h  the Toeplitz hash (host-testable, no QEMU types)
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#ifndef HW_NET_RTL8127_H
#define HW_NET_RTL8127_H

#include "hw/pci/pci.h"
#include "net/net.h"
#include "qemu/timer.h"
#include "qom/object.h"
#include "rtl8127_toeplitz.h"

#define TYPE_RTL8127 "rtl8127"
OBJECT_DECLARE_SIMPLE_TYPE(RTL8127State, RTL8127)

#define RTL8127_VENDOR_ID       0x10ec
#define RTL8127_DEVICE_ID       0x8127
#define RTL8127_REVISION        0x05    /* not 0x04: that is the DASH 8127AP */

#define RTL8127_IO_BAR          0
#define RTL8127_MMIO_BAR        2
#define RTL8127_MSIX_BAR        4
#define RTL8127_IO_SIZE         0x100
#define RTL8127_MMIO_SIZE       0x10000
#define RTL8127_MSIX_SIZE       0x1000
#define RTL8127_MSIX_VECTORS    32
#define RTL8127_MSIX_TABLE      0x0000
#define RTL8127_MSIX_PBA        0x0800

#define RTL8127_RX_QUEUES       4
#define RTL8127_TX_QUEUES       2
#define RTL8127_RSS_TABLE_SIZE  128

/* PCI power management capability (config space offset) */
#define RTL8127_PM_CAP          0x40

/*
 * Bench-only counter window in BAR2, beyond every register a driver
 * uses (the highest is 0x6048).  Not a chip fact: the model's own
 * counts for the scenarios to compare with the drivers' counters.
 * Read-only 32-bit words, never reset (they count from QEMU start);
 * layout in docs/hw/rtl8127.md, "Bench-only counter window".
 */
#define RTL8127_BENCH_BASE      0xf000
#define RTL8127_BENCH_SIZE      0x0200
#define RTL8127_BENCH_MAGIC     0x52585343u     /* "RXSC" */
#define BENCH_MAGIC             0x000
#define BENCH_VERSION           0x004
#define BENCH_RX_FRAMES(q)      (0x010 + 4 * (q))   /* into RX ring q */
#define BENCH_RX_DROPS(q)       (0x020 + 4 * (q))   /* ring q had no room */
#define BENCH_TX_FRAMES(q)      (0x030 + 4 * (q))   /* wire frames, ring q */
#define BENCH_TX_CHAINS(q)      (0x040 + 4 * (q))   /* descriptor chains */
#define BENCH_RX_GATED          0x050   /* RX off, link down: dropped */
#define BENCH_RX_FILTERED       0x054   /* refused by the RX filter */
#define BENCH_D3_RESETS         0x058   /* D3hot -> D0 transitions */
#define BENCH_IRQ(v)            (0x080 + 4 * (v))   /* MSI-X/MSI/INTx */

/* Largest frame the TX side gathers (TSO payload plus headers). */
#define RTL8127_TX_MAX_PKT      (128 * 1024)
/* Upper bound on descriptors walked without a RingEnd bit. */
#define RTL8127_RING_MAX        4096

/* --- register offsets (BAR2, mirrored in BAR0 for the first 256 bytes) --- */
#define R_MAC0          0x0000
#define R_MAR0          0x0008
#define R_CNT_ADDR_LO   0x0010
#define R_CNT_ADDR_HI   0x0014
#define R_TX_DESC_LO    0x0020
#define R_TX_DESC_HI    0x0024
#define R_INT_CFG0      0x0034
#define R_CHIPCMD       0x0037
#define R_IMR0          0x0038
#define R_ISR0          0x003c
#define R_TXCONFIG      0x0040
#define R_RXCONFIG      0x0044
#define R_TCTR0         0x0048  /* timer count; a write restarts it at 0 */
#define R_CFG9346       0x0050
#define R_TIMER_INT0    0x0058  /* timer interrupt threshold, 0: off */
#define R_CSIDR         0x0064
#define R_CSIAR         0x0068
#define R_PHYSTATUS     0x006c
#define R_ERIDR         0x0070
#define R_ERIAR         0x0074
#define R_INT_CFG1      0x007a
#define R_EPHYAR        0x0080
#define R_TPPOLL        0x0090
#define R_OCPDR         0x00b0
#define R_GPHY_OCP      0x00b8
#define R_MCU           0x00d3
#define R_RXDESC_CFG    0x00d8  /* bit 1: RxDescV4 */
#define R_RXMAXSIZE     0x00da
#define R_CPLUSCMD      0x00e0
#define R_INTRMITIGATE  0x00e2
#define R_RX_DESC_LO    0x00e4
#define R_RX_DESC_HI    0x00e8
#define R_MISC          0x00f0
#define R_INT_MITI_BASE 0x0a00  /* + 8 * q: RX timer (8-bit); +2: TX timer */
#define R_IMR_V2_CLEAR  0x0d00
#define R_ISR_V2        0x0d04
#define R_RDU_STA       0x0d0a  /* 16-bit, bit q: ring q had no descriptor */
#define R_IMR_V2_SET    0x0d0c
#define R_SW_TAIL_PTR0  0x0d30  /* queue 1 at +8 */
#define R_HW_CLO_PTR0   0x0d34  /* queue 1 at +8 */
#define R_RADMFIFO_PROT 0x0402  /* vendor writes 0x2001 / 0; storage */
#define R_DOUBLE_VLAN   0x1000  /* vendor writes 0xf002 / 0; storage */
#define R_MAC0_BKP      0x19e0
#define R_TX_DESC1_LO   0x2100
#define R_TX_NOCLOSE    0x20e4  /* bit 2: TX no-close mode */
#define R_RX_DESCN_BASE 0x4000  /* queue n >= 1 at + 8 * (n - 1) */
#define R_RSS_CTRL      0x4500
#define R_RSS_KEY       0x4600
#define R_RSS_INDIR     0x4700
#define R_Q_NUM_CTRL    0x4800

/* ChipCmd */
#define CMD_RESET       0x10
#define CMD_RX_ENB      0x08
#define CMD_TX_ENB      0x04
#define CMD_STOP_REQ    0x80

/* legacy interrupt bits (IMR0/ISR0) */
#define INT_RX_OK       0x0001
#define INT_RX_ERR      0x0002
#define INT_TX_OK       0x0004
#define INT_TX_ERR      0x0008
#define INT_RDU         0x0010
#define INT_LINK_CHG    0x0020
#define INT_TIMEOUT     0x4000  /* vendor PCSTimeout: TCTR reached TimerInt */

/* per-vector bits (ISR_V2), vendor "ISR version 6" */
#define V2_RX_OK(q)     (1u << (q))
#define V2_TX_OK(q)     (1u << (8 + (q)))
#define V2_LINK_CHG     (1u << 29)

#define INT_CFG0_VECTOR_MODE 0x01

/* RxConfig */
#define RXCFG_ACCEPT_ALL_PHYS   0x01
#define RXCFG_ACCEPT_MY_PHYS    0x02
#define RXCFG_ACCEPT_MULTICAST  0x04
#define RXCFG_ACCEPT_BROADCAST  0x08
#define RXCFG_ACCEPT_RUNT       0x10
#define RXCFG_ACCEPT_ERR        0x20
#define RXCFG_VLAN_STRIP        (3u << 22)
#define RXCFG_DESC_V3           (1u << 24)

#define CPCMD_RX_CSUM           0x0020

#define MISC_RXDV_GATED         (1u << 19)

/* XID bits of TxConfig are read-only: 0x6c9 is RTL8127A */
#define TXCFG_XID_MASK          0xfcf00000u
#define TXCFG_XID_8127A         0x6c900000u
#define TXCFG_XID(xid)          (((uint32_t)(xid) << 20) & TXCFG_XID_MASK)

/* descriptor bits common to RX and TX */
#define DESC_OWN        (1u << 31)
#define DESC_RING_END   (1u << 30)
#define DESC_FIRST      (1u << 29)
#define DESC_LAST       (1u << 28)

typedef struct RTL8127Counters {
    uint64_t tx_packets;
    uint64_t rx_packets;
    uint64_t tx_errors;
    uint32_t rx_errors;
    uint16_t rx_missed;
    uint64_t rx_unicast;
    uint64_t rx_broadcast;
    uint64_t rx_multicast;
    uint64_t tx_octets;
    uint64_t rx_octets;
    uint64_t tx_unicast;
    uint64_t tx_broadcast;
    uint64_t tx_multicast;
    uint32_t rx_runt;
    uint32_t rx_too_long;
    uint32_t rdu;
} RTL8127Counters;

/* the model's own counts, exposed in the bench-only window */
typedef struct RTL8127BenchCounters {
    uint32_t rx_frames[RTL8127_RX_QUEUES];
    uint32_t rx_drops[RTL8127_RX_QUEUES];
    uint32_t tx_frames[RTL8127_TX_QUEUES];
    uint32_t tx_chains[RTL8127_TX_QUEUES];
    uint32_t rx_gated;
    uint32_t rx_filtered;
    uint32_t d3_resets;
    uint32_t irq[RTL8127_MSIX_VECTORS];
} RTL8127BenchCounters;

typedef struct RTL8127MitCtx {
    RTL8127State *s;
    int q;
    bool tx;
} RTL8127MitCtx;

/* One TX packet being gathered from a chain of descriptors. */
typedef struct RTL8127TxPkt {
    uint8_t *buf;
    size_t len;
    bool active;
    bool bad;
    uint32_t opts1;     /* of the first descriptor */
    uint32_t opts2;
} RTL8127TxPkt;

struct RTL8127State {
    PCIDevice parent_obj;

    NICState *nic;
    NICConf conf;

    /*
     * Identity, as properties so that tests can present the other PCI ID
     * the chip ships with (0x0e10) or another chip's XID (which a driver
     * for the RTL8127A must refuse).
     */
    uint16_t pci_device_id;
    uint32_t xid;               /* 12-bit TxConfig XID, placed by TXCFG_XID */

    MemoryRegion mmio;
    MemoryRegion io;
    MemoryRegion msix;

    /* plain storage for every register offset of the 64 KiB window */
    uint8_t regs[RTL8127_MMIO_SIZE];

    /* indirect spaces, addressed by 16-bit even offsets */
    uint16_t mac_ocp[0x8000];
    uint16_t phy_ocp[0x8000];
    uint8_t eri[4][0x1000];
    uint16_t ephy[0x80];

    /* interrupt state */
    uint32_t isr0;
    uint32_t imr0;
    uint32_t isr_v2;
    uint32_t imr_v2;
    bool irq_level;                 /* legacy summary line (INTx) */
    bool legacy_pending;            /* last computed ISR0 & IMR0 != 0 */
    uint32_t v2_pending;            /* last computed ISR_V2 & IMR_V2 */
    QEMUTimer *rx_mit_timer[RTL8127_RX_QUEUES];
    QEMUTimer *tx_mit_timer[RTL8127_TX_QUEUES];
    RTL8127MitCtx mit_ctx[RTL8127_RX_QUEUES + RTL8127_TX_QUEUES];
    QEMUTimer *tctr_timer;          /* TCTR0 reaching TIMER_INT0 */
    int64_t tctr_start;             /* virtual ns of the last TCTR0 write */

    /* DMA engines */
    uint32_t rx_cur[RTL8127_RX_QUEUES];
    uint32_t tx_cur[RTL8127_TX_QUEUES];
    uint32_t tx_clo[RTL8127_TX_QUEUES];     /* HW close pointer */
    RTL8127TxPkt txp;
    uint8_t *tx_frame;              /* scratch: frame with VLAN tag */
    uint8_t *tso_seg;               /* scratch: one TSO segment */
    uint8_t *rx_buf;                /* scratch: received frame + FCS */
    bool in_tx;
    int tx_q;                       /* ring being served by tx_kick */

    /* link of the QEMU backend */
    bool backend_link;
    bool phy_link;                  /* link as the PHY reports it */
    bool an_busy;                   /* autonegotiation restarted, running */
    QEMUTimer *an_timer;            /* completes autonegotiation */
    uint8_t pm_state;               /* PCI PM power state, 0 = D0 */

    RTL8127Counters cnt;
    RTL8127BenchCounters bench;
};

/* rtl8127.c */
uint8_t rtl8127_rd8(RTL8127State *s, uint32_t off);
uint16_t rtl8127_rd16(RTL8127State *s, uint32_t off);
uint32_t rtl8127_rd32(RTL8127State *s, uint32_t off);
void rtl8127_wr32(RTL8127State *s, uint32_t off, uint32_t val);
bool rtl8127_vector_mode(RTL8127State *s);

/* rtl8127_intr.c */
void rtl8127_intr_init(RTL8127State *s);
void rtl8127_intr_uninit(RTL8127State *s);
void rtl8127_intr_reset(RTL8127State *s);
void rtl8127_intr_update(RTL8127State *s);
void rtl8127_raise_legacy(RTL8127State *s, uint32_t bits);
void rtl8127_event_rx(RTL8127State *s, int q);
void rtl8127_event_tx(RTL8127State *s, int q);
void rtl8127_event_link(RTL8127State *s);
void rtl8127_intr_write(RTL8127State *s, uint32_t off, uint32_t val,
                        unsigned size);
bool rtl8127_intr_read(RTL8127State *s, uint32_t off, unsigned size,
                       uint64_t *val);
void rtl8127_tctr_write(RTL8127State *s, bool restart);
uint32_t rtl8127_tctr_read(RTL8127State *s);

/* rtl8127_phy.c */
void rtl8127_phy_init(RTL8127State *s);
void rtl8127_phy_uninit(RTL8127State *s);
void rtl8127_phy_reset(RTL8127State *s);
uint16_t rtl8127_phy_read(RTL8127State *s, uint16_t addr);
void rtl8127_phy_write(RTL8127State *s, uint16_t addr, uint16_t val);
void rtl8127_phy_update_link(RTL8127State *s);
uint32_t rtl8127_phystatus(RTL8127State *s);

/* rtl8127_core.c */
void rtl8127_core_init(RTL8127State *s);
void rtl8127_core_uninit(RTL8127State *s);
void rtl8127_core_reset(RTL8127State *s);
void rtl8127_tx_kick(RTL8127State *s, int q);
bool rtl8127_can_receive(NetClientState *nc);
ssize_t rtl8127_receive(NetClientState *nc, const uint8_t *buf, size_t size);
void rtl8127_counters_cmd(RTL8127State *s, uint32_t low);
void rtl8127_rx_kick(RTL8127State *s);

/* rtl8127_rss.c */
typedef struct RTL8127PktInfo {
    bool ipv4, ipv6, tcp, udp;
    bool ip_frag;
    bool ip6_ext;           /* IPv6 extension headers present */
    size_t l3_off;          /* offset of the IP header in the frame */
    size_t l4_off;          /* offset of the TCP/UDP header, if tcp/udp */
    size_t l3_len;          /* bytes of IP datagram present in the frame */
} RTL8127PktInfo;

void rtl8127_parse_pkt(const uint8_t *buf, size_t len, RTL8127PktInfo *pi);
bool rtl8127_rss_enabled(RTL8127State *s);
int rtl8127_rx_queues(RTL8127State *s);
/* returns true and sets *hash and *info if a hash type matched */
bool rtl8127_rss_hash(RTL8127State *s, const uint8_t *buf,
                      const RTL8127PktInfo *pi, uint32_t *hash,
                      uint32_t *info);
int rtl8127_rss_queue(RTL8127State *s, uint32_t hash);

#endif
