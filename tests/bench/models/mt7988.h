/*
 * QEMU model of the MediaTek MT7988 frame engine (NETSYS v3), rxscale bench
 *
 * Register facts and their sources are listed in docs/hw/mt7988.md of the
 * rxscale repository.  This header holds the register map, the device
 * state and the interfaces between the model's files:
 *   mt7988.c       platform-bus glue: MMIO regions, IRQ lines, the
 *                  device-tree nodes, the network backend, properties
 *   mt7988_core.c  the frame engine: register table, ethsys reset, QDMA TX,
 *                  PDMA RX rings 0..3 with RSS, interrupts and their
 *                  groups, delay interrupts, MDIO, MIB counters
 *   mt7988_rss.c   the RSS hash (Toeplitz, key, indirection table)
 *   mt7988_lro.c   HW LRO: rings 4..7, DIP rules, aggregation, flushes
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#ifndef HW_NET_MT7988_H
#define HW_NET_MT7988_H

#include "net/net.h"
#include "qom/object.h"
#include "qemu/timer.h"
#include "rxs_platform.h"

#define TYPE_MT7988 "mt7988-eth"
OBJECT_DECLARE_SIMPLE_TYPE(MT7988State, MT7988)

/* MMIO regions, in the order the platform bus maps them */
#define MT7988_MMIO_FE          0
#define MT7988_MMIO_ETHSYS      1
#define MT7988_MMIO_INFRA       2
#define MT7988_MMIO_SRAM        3
#define MT7988_FE_SIZE          0x40000     /* mt7988a.dtsi reg size */
#define MT7988_SYSCON_SIZE      0x1000
#define MT7988_SRAM_SIZE        0x200000    /* mt7988a.dtsi eth_sram size */

/* IRQ lines: fe0..fe3 then pdma0..pdma3 (the dtsi's interrupt-names) */
#define MT7988_IRQ_FE(n)        (n)
#define MT7988_IRQ_PDMA(n)      (4 + (n))
#define MT7988_NR_IRQ           8

/* ethsys syscon */
#define ETHSYS_SYSCFG0          0x14
#define ETHSYS_RSTCTRL          0x34
#define ETHSYS_RST_FE           (1u << 6)

/* frame engine */
#define FE_INT_STATUS2          0x0008      /* GDM1_AF/GDM2_AF, W1C */
#define FE_INT_GRP              0x0020
#define GDMA_FWD_CFG0           0x0500
#define GDMA_FWD_DROP_ALL       0x7777      /* low 16 bits: close drops */
#define GDM1_MIB                0x1c00      /* gmac0 counters, 0x80 long */
#define GDM1_MIB_END            0x1c80
#define MIB_RX_BYTES_LO         0x00
#define MIB_RX_BYTES_HI         0x04
#define MIB_RX_PKTS             0x08
#define MIB_TX_BYTES_LO         0x40
#define MIB_TX_BYTES_HI         0x44
#define MIB_TX_PKTS             0x48

#define QDMA_GLO_CFG            0x4604
#define QDMA_RST_IDX            0x4608
#define QDMA_INT_STATUS         0x4618      /* TX done, fe1 */
#define QDMA_INT_MASK           0x461c
#define QDMA_CTX_PTR            0x4700
#define QDMA_DTX_PTR            0x4704
#define QDMA_CRX_PTR            0x4710
#define QDMA_DRX_PTR            0x4714
#define GLO_TX_DMA_EN           (1u << 0)
#define GLO_TX_DMA_BUSY         (1u << 1)
#define GLO_RX_DMA_EN           (1u << 2)
#define GLO_RX_DMA_BUSY         (1u << 3)
#define TX_DONE_INT             (1u << 28)  /* MTK_TX_DONE_DLY */

#define QDMA_DELAY_INT          0x460c
#define DLY_TX_EN               (1u << 31)  /* TX half: bits 31:16 */
#define DLY_TX_PINT_SHIFT       24
#define DLY_TX_PTIME_SHIFT      16
#define DLY_PINT_MASK           0x7fu
#define DLY_PTIME_MASK          0xffu
#define DLY_PTIME_NS            20000       /* PTIME unit: 20 us */

/* PDMA RX rings: 0..3 normal/RSS, 4..7 HW LRO; 0x10 apart */
#define MT7988_NR_RX_RING       8
#define MT7988_NR_RSS_RING      4
#define MT7988_LRO_RING0        4
#define PDMA_RX_BASE(n)         (0x6900 + 0x10 * (n))
#define PDMA_RX_MAX_CNT(n)      (0x6904 + 0x10 * (n))
#define PDMA_RX_CRX(n)          (0x6908 + 0x10 * (n))
#define PDMA_RX_DRX(n)          (0x690c + 0x10 * (n))
#define PDMA_RX_RING_END        PDMA_RX_BASE(MT7988_NR_RX_RING)
#define PDMA_GLO_CFG            0x6a04
#define GLO_RX_DMA_LRO_EN       (1u << 8)
#define PDMA_RST_IDX            0x6a08
#define PDMA_RST_DRX(n)         (1u << (16 + (n)))
#define PDMA_DELAY_INT          0x6a0c
#define PDMA_INT_STATUS         0x6a20      /* RX done */
#define PDMA_INT_MASK           0x6a28
#define PDMA_INT_GRP1           0x6a50      /* group k -> line pdma<k> */
#define PDMA_INT_GRP2           0x6a54
#define PDMA_INT_GRP3           0x6a58
#define RX_DONE_INT             (1u << 14)  /* MTK_RX_DONE_INT_V2, ring 0 */
#define RX_DONE_RING(n)         (1u << (24 + (n)))  /* v3, per ring */
#define RX_DONE_RINGS           0xff000000u

/* RSS block */
#define RSS_GLO_CFG             0x7000
#define RSS_EN                  (1u << 0)
#define RSS_CFG_REQ             (1u << 2)   /* pause while reconfiguring */
#define RSS_KEY(i)              (0x7020 + 4 * (i))
#define RSS_INDIR(i)            (0x7050 + 4 * (i))

#define MAC_PHY_IAC             0x10004
#define PHY_IAC_ACCESS          (1u << 31)
#define PHY_IAC_CMD_SHIFT       18
#define PHY_IAC_CMD_MASK        (3u << 18)
#define PHY_IAC_CMD_C22_READ    2
#define PHY_IAC_CMD_C45_READ    3
#define PHY_IAC_DATA_MASK       0xffffu

/* QDMA TX descriptor v2 (mtk_tx_dma_v2), 8 little-endian words */
#define TXD_SIZE                32
#define TXD3_OWNER_CPU          (1u << 31)
#define TXD3_LS0                (1u << 30)
#define TXD3_LEN_SHIFT          8
#define TXD3_LEN_MASK           0xffffu
#define TXD3_ADDR64_MASK        0xfu
#define TXD5_TSO                (1u << 31)
#define TXD5_CSUM               (7u << 28)
#define TXD6_INS_VLAN           (1u << 16)
#define TXD6_VLAN_TCI           0xffffu

/* PDMA RX descriptor v2 (mtk_rx_dma_v2), 8 little-endian words */
#define RXD_SIZE                32
#define RXD2_DONE               (1u << 31)
#define RXD2_LS0                (1u << 30)
#define RXD2_LEN_SHIFT          8
#define RXD2_LEN_MASK           0xffffu
#define RXD2_ADDR64_MASK        0xfu
#define RXD3_L4_VALID           (1u << 2)
#define RXD5_SPORT_SHIFT        26
#define RXD5_SPORT_GDM1         1
#define RXD5_FOE_NONE           0x7fffu

/* HW LRO (SDK v3 offsets); slot x = 1..4 serves RX ring x + 3 */
#define MT7988_NR_LRO           4
#define LRO_CTRL_DW0            0x6c08
#define LRO_EN                  (1u << 0)
#define LRO_PSH_EN              (1u << 23)  /* L4_CTRL_PSH_EN */
#define LRO_RELQ_REQ_SHIFT      24          /* 4 bits, one per slot */
#define LRO_RELQ_DONE_SHIFT     28
#define LRO_DIP(x)              (0x6c14 + 0x40 * (x))
#define LRO_DW1(x)              (0x6c38 + 0x40 * (x))
#define LRO_DW2(x)              (0x6c3c + 0x40 * (x))
#define LRO_DW3(x)              (0x6c40 + 0x40 * (x))
#define LRO_REGS_START          0x6c00
#define LRO_REGS_END            0x6d00
#define LRO_DW2_MODE_SHIFT      6           /* 3: auto-learn */
#define LRO_DW2_RING_VLD        (1u << 8)
#define LRO_DW2_MYIP_VLD        (1u << 9)
#define LRO_DW2_AGG_TIME_SHIFT  10          /* 16 bits, 20 us units */
#define LRO_DW2_AGG_CNT_L_SHIFT 26          /* 6 bits; high 2 in DW3 1:0 */
#define LRO_DW1_AGE_L_SHIFT     22          /* 10 bits; high 6 in DW2 5:0 */
#define RXD6_AGG_CNT_SHIFT      16
#define LRO_FLUSH_AGG           1           /* MTK_HW_LRO_AGG_FLUSH */
#define LRO_FLUSH_AGE           2           /* MTK_HW_LRO_AGE_FLUSH */
#define LRO_FLUSH_NOT_IN_SEQ    3           /* MTK_HW_LRO_NOT_IN_SEQ_FLUSH */
#define MT7988_LRO_MAX_PKT      65535       /* an IPv4 total length */

/* One LRO ring's aggregation session: one TCP flow at a time */
typedef struct MT7988LroSession {
    MT7988State *s;
    int slot;               /* 1..4 */
    bool learned;           /* a flow holds the ring */
    uint8_t tuple[12];      /* saddr, daddr, sport, dport of the flow */
    uint32_t next_seq;      /* sequence number expected next */
    int64_t last_ns;        /* last segment of the flow (age) */
    uint32_t count;         /* segments in buf, 0: nothing pending */
    size_t len;             /* bytes in buf */
    size_t l3, l4;          /* header offsets in buf */
    bool l4_ok;
    uint32_t waiting;       /* a full ring's flush reason, 0: none */
    uint8_t *buf;
    QEMUTimer *timer;       /* aggregation time, and retries */
} MT7988LroSession;

/* Largest frame gathered from TX descriptors (a TSO super-frame). */
#define MT7988_TX_MAX_PKT       (256 * 1024)
/* Upper bound on descriptors walked per doorbell. */
#define MT7988_RING_MAX         8192

struct MT7988State {
    RxsPlatformDevice parent_obj;

    MemoryRegion fe_mmio;
    MemoryRegion ethsys_mmio;
    MemoryRegion infra_mmio;
    MemoryRegion sram;
    qemu_irq irq[MT7988_NR_IRQ];
    NICState *nic;
    NICConf conf;

    uint32_t fe[MT7988_FE_SIZE / 4];
    uint32_t ethsys[MT7988_SYSCON_SIZE / 4];
    uint32_t infra[MT7988_SYSCON_SIZE / 4];

    /* GDM1 MIB: accumulate until read (the driver adds them up) */
    uint64_t mib_rx_bytes, mib_rx_pkts, mib_tx_bytes, mib_tx_pkts;
    uint32_t mib_rx_bytes_hi, mib_tx_bytes_hi;   /* latched by a LO read */

    /* a ring aimed at memory that is not there stops until reset */
    bool tx_dead, rx_dead[MT7988_NR_RX_RING];

    MT7988LroSession lro[MT7988_NR_LRO + 1];     /* [1..4] */

    /* QDMA TX delay interrupt: completions held back, and their timer */
    uint32_t tx_dly_pending;
    QEMUTimer *tx_dly_timer;

    uint8_t *tx_frame;      /* gathered frame */
    uint8_t *tx_seg;        /* one TSO segment */
};

/* A parsed frame: offsets of its IP and TCP/UDP headers */
typedef struct MT7988Pkt {
    size_t l3;          /* offset of the IP header, 0 if not IP */
    size_t l4;          /* offset of the TCP/UDP header, 0 if neither */
    bool v6;
    uint8_t proto;
} MT7988Pkt;

/* What an RX descriptor's write-back says beyond the length */
typedef struct MT7988RxMeta {
    bool l4_ok;         /* rxd3 L4 checksum valid */
    uint32_t rxd6;      /* LRO: aggregation count 23:16, flush reason 2:0 */
    uint32_t frames;    /* wire frames in the buffer (MIB) */
    uint64_t bytes;     /* their bytes (MIB) */
} MT7988RxMeta;

/* mt7988_core.c */
void mt7988_parse(const uint8_t *b, size_t len, MT7988Pkt *p);
bool mt7988_rx_put(MT7988State *s, int n, const uint8_t *buf, size_t size,
                   const MT7988RxMeta *m);
void mt7988_rx_flush(MT7988State *s);
uint32_t mt7988_rx_room(MT7988State *s, int n);
uint64_t mt7988_fe_read(MT7988State *s, hwaddr addr);
void mt7988_fe_write(MT7988State *s, hwaddr addr, uint32_t val);
void mt7988_ethsys_write(MT7988State *s, hwaddr addr, uint32_t val);
void mt7988_fe_reset(MT7988State *s);
bool mt7988_can_receive(NetClientState *nc);
ssize_t mt7988_receive(NetClientState *nc, const uint8_t *buf, size_t size);
void mt7988_core_init(MT7988State *s);
void mt7988_core_fini(MT7988State *s);

/* mt7988_lro.c */
int mt7988_lro_receive(MT7988State *s, const uint8_t *buf, size_t size,
                       const MT7988Pkt *p, bool l4_ok);
void mt7988_lro_write(MT7988State *s, hwaddr a, uint32_t v);
void mt7988_lro_update(MT7988State *s);
void mt7988_lro_reset(MT7988State *s);
void mt7988_lro_init(MT7988State *s);
void mt7988_lro_fini(MT7988State *s);

#endif
