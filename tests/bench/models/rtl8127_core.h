/*
 * QEMU model of the Realtek RTL8127 10GbE PCIe controller (rxscale bench)
 *
 * The core: the chip's state and the API the PCI glue (rtl8127.c) calls,
 * in the pattern of QEMU's e1000e_core.h / igb_core.h.  The core never
 * touches PCI: it reaches guest memory, the interrupt lines and the
 * config space only through the RTL8127CoreOps the glue hands it, so the
 * same core could sit behind another bus.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#ifndef HW_NET_RTL8127_CORE_H
#define HW_NET_RTL8127_CORE_H

#include "exec/hwaddr.h"
#include "net/net.h"
#include "net/eth.h"
#include "qemu/timer.h"
#include "rtl8127.h"

typedef struct RTL8127Core RTL8127Core;

/* How the device currently signals interrupts (the glue knows). */
typedef enum RTL8127IrqMode {
    RTL8127_IRQ_INTX,
    RTL8127_IRQ_MSI,
    RTL8127_IRQ_MSIX,
} RTL8127IrqMode;

/*
 * What the core asks of the bus glue.  owner is RTL8127Core.owner.  The
 * DMA and config calls return false when the access failed (DMA error,
 * offset outside the config space).
 */
typedef struct RTL8127CoreOps {
    bool (*dma_read)(void *owner, uint64_t addr, void *buf, size_t len);
    bool (*dma_write)(void *owner, uint64_t addr, const void *buf,
                      size_t len);
    /* may the device master the bus (PCI Command bit 2) */
    bool (*bus_master)(void *owner);
    RTL8127IrqMode (*irq_mode)(void *owner);
    /* vectors the glue set up (MSI-X) */
    unsigned (*nr_vectors)(void *owner);
    /* one message: MSI-X vector, or the MSI message for vector 0 */
    void (*notify)(void *owner, unsigned vector);
    /* the INTx line */
    void (*set_irq)(void *owner, bool level);
    /* 32-bit config space access behind the CSI window (0x64/0x68) */
    bool (*config_read)(void *owner, uint32_t addr, uint32_t *val);
    bool (*config_write)(void *owner, uint32_t addr, uint32_t val);
} RTL8127CoreOps;

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
    RTL8127Core *core;
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

struct RTL8127Core {
    const RTL8127CoreOps *ops;
    void *owner;                    /* the glue's device, for ops */
    NICState *owner_nic;

    uint8_t permanent_mac[ETH_ALEN];
    uint32_t xid;                   /* 12-bit TxConfig XID (TXCFG_XID) */

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

    RTL8127Counters cnt;
    RTL8127BenchCounters bench;
};

/*
 * The core API.  realize: after the glue set up its interrupts and the
 * NIC backend; unrealize frees what realize took.  reset: power-on
 * state of the chip (registers, indirect spaces, PHY, interrupts).
 */
void rtl8127_core_realize(RTL8127Core *core, const RTL8127CoreOps *ops,
                          void *owner, NICState *nic, const uint8_t *macaddr,
                          uint32_t xid);
void rtl8127_core_unrealize(RTL8127Core *core);
void rtl8127_core_reset(RTL8127Core *core);

/* register window (BAR2, and BAR0 for its first 256 bytes) */
uint64_t rtl8127_core_read(RTL8127Core *core, hwaddr addr, unsigned size);
void rtl8127_core_write(RTL8127Core *core, hwaddr addr, uint64_t val,
                        unsigned size);

/* network backend */
bool rtl8127_core_can_receive(RTL8127Core *core);
ssize_t rtl8127_core_receive(RTL8127Core *core, const uint8_t *buf,
                             size_t size);
void rtl8127_core_set_link_status(RTL8127Core *core, bool backend_up);
/* the glue enabled bus mastering: queued frames may now be received */
void rtl8127_core_start_recv(RTL8127Core *core);

/*
 * Power management: the function went from D3hot to D0 with
 * No_Soft_Reset clear, so its state is lost (PCI PM 1.2, 5.4.1).
 */
void rtl8127_core_pm_d3hot_exit(RTL8127Core *core);

#endif
