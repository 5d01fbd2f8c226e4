/*
 * QEMU model of the Renesas RZ/G2L GbEth controller (rxscale bench)
 *
 * Every register fact and its source is listed in docs/hw/rzg2l-gbeth.md of
 * the rxscale repository; behaviour the sources do not settle is marked
 * there as a guess.  The model is split igb-style:
 *   rzg2l_gbeth_core.c  the controller: register file and write dispatch
 *                       table, operating modes, DBAT descriptor chains for
 *                       TX queue 0 and RX queue 0, checksum engine,
 *                       interrupt summaries, PIR bit-banged MDIO and the PHY
 *   rzg2l_gbeth.c       platform-bus glue: MMIO regions (registers and a
 *                       reset-simple word), the IRQ line, the device-tree
 *                       nodes, the network backend, properties
 * The glue talks to the core only through the functions declared below.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#ifndef HW_NET_RZG2L_GBETH_H
#define HW_NET_RZG2L_GBETH_H

#include "net/net.h"
#include "qom/object.h"
#include "rxs_platform.h"

#define TYPE_RZG2L_GBETH "rzg2l-gbeth"
OBJECT_DECLARE_SIMPLE_TYPE(RzG2lGbethState, RZG2L_GBETH)

/* MMIO regions, in the order the platform bus maps them */
#define GBETH_MMIO_REGS         0
#define GBETH_MMIO_RESET        1
#define GBETH_REGS_SIZE         0x10000     /* r9a07g044.dtsi reg size */
#define GBETH_RESET_SIZE        0x1000      /* one reset-simple word */

/* the register file covers 0x000..0x80f (CSR2 is the last register) */
#define GBETH_NREGS             (0x810 / 4)

/* the PHY on the MDIO bus (address as on the RZ/G2L SMARC SoM) */
#define GBETH_PHY_ADDR          7
/* a PHY identifier no Linux PHY driver claims: genphy binds (guess-free) */
#define GBETH_PHY_ID1           0x0052
#define GBETH_PHY_ID2           0x5400

#define GBETH_MAX_FRAME         0x4000      /* > rx_max_frame_size 8K + 4 */

/*
 * Bench-only counter window (not a chip register; docs/hw/rzg2l-gbeth.md
 * "Bench-only counter window"): read-only 32-bit words at this offset of
 * the register region, past every register ravb uses (CSR2 0x808).
 */
#define GBETH_BENCH_BASE        0xf000
#define GBETH_BENCH_SIZE        0x100
#define GBETH_BENCH_MAGIC       0x52585343  /* "RXSC" */
#define GBETH_BENCH_VERSION     1

typedef struct GbethCounters {
    uint32_t rx_frames;         /* frames written into RX queue 0 */
    uint32_t rx_dropped_full;   /* frames dropped: queue full (drop mode) */
    uint32_t rx_qff_raised;     /* RIS2.QFF0 set from clear */
    uint32_t rx_gated;          /* frames dropped: RX off, no link, reset */
    uint32_t rx_filtered;       /* frames refused by the address filter */
    uint32_t rx_held;           /* frames held for a refill (hold mode) */
    uint32_t tx_frames;         /* frames put on the wire */
    uint32_t tx_dropped;        /* frames completed but not sent */
    uint32_t irq_raised;        /* rising edges of the interrupt line */
    uint32_t link_changes;      /* set_link transitions seen */
    uint32_t unknown_access;    /* accesses to offsets no register holds */
    uint32_t dma_errors;        /* descriptor/buffer DMA that failed */
} GbethCounters;

typedef struct GbethMdio {
    uint32_t pir;           /* last PIR value the host wrote (MDC/MMD/MDO) */
    bool mdi;               /* what the PHY drives on MDI */
    int state;              /* GBETH_MDIO_* in rzg2l_gbeth_core.c */
    int ones;               /* preamble ones seen */
    int nbits;              /* bits collected in this state */
    uint32_t shift;         /* bits collected, MSB first */
    uint8_t op, phy, reg;
    uint16_t rdata;
} GbethMdio;

struct RzG2lGbethState {
    RxsPlatformDevice parent_obj;

    /* glue */
    MemoryRegion mmio;
    MemoryRegion reset_mmio;
    qemu_irq irq;
    NICState *nic;
    NICConf conf;
    uint32_t reset_word;    /* reset-simple: bit 0 set = held in reset */

    /* core */
    uint32_t regs[GBETH_NREGS];
    bool line;              /* current IRQ level */
    bool link_up;           /* the netdev's link, seen by the PHY */
    bool phy_link_latched;  /* BMSR link status latched low, not yet read */
    uint32_t tx_cur;        /* TX queue 0: next descriptor address */
    uint32_t rx_cur;        /* RX queue 0: next descriptor address */
    bool dma_loaded;        /* heads loaded from DBAT (OPERATION entered) */
    bool rx_drop_full;      /* property: drop on a full RX queue (as HW) */
    bool rx_waiting;        /* a frame waits in QEMU's queue for room */
    GbethMdio mdio;
    uint16_t phy[32];
    uint8_t frame[GBETH_MAX_FRAME + 8];

    /* counters for tests (bench window), never reset */
    GbethCounters cnt;
};

/* core API (rzg2l_gbeth_core.c) */
void rzg2l_gbeth_core_reset(RzG2lGbethState *s);
uint32_t rzg2l_gbeth_core_read(RzG2lGbethState *s, hwaddr addr);
void rzg2l_gbeth_core_write(RzG2lGbethState *s, hwaddr addr, uint32_t val);
ssize_t rzg2l_gbeth_core_receive(RzG2lGbethState *s, const uint8_t *buf,
                                 size_t size);
void rzg2l_gbeth_core_set_link(RzG2lGbethState *s, bool up);

#endif
