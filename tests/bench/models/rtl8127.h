/*
 * QEMU model of the Realtek RTL8127 10GbE PCIe controller (rxscale bench)
 *
 * Register facts and their sources are listed in docs/hw/rtl8127.md of
 * the rxscale repository.  This header holds the register map only.
 * The model is split as QEMU's e1000e and igb are, into PCI glue and a
 * core that knows nothing of PCI:
 *   rtl8127.c       PCI glue: BARs, MSI-X/MSI/INTx, DMA, PCI PM, backend
 *   rtl8127_core.h  the core's state and API (what the glue calls) and the
 *                   callbacks the glue gives it (DMA, interrupts, config)
 *   rtl8127_core.c  core API, register read/write dispatch tables, reset,
 *                   indirect (OCP/ERI/CSI/EPHY) windows, bench window
 *   rtl8127_core_priv.h  interfaces between the core's files
 *   rtl8127_intr.c  legacy and per-vector interrupt logic, mitigation timers
 *   rtl8127_phy.c   internal PHY behind the PHY OCP window
 *   rtl8127_dma.c   TX/RX descriptor processing, offloads, tally counters
 *   rtl8127_rss.c   receive-side scaling (hash input, indirection table)
 *   rtl8127_toeplitz.h  the Toeplitz hash (host-testable, no QEMU types)
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#ifndef HW_NET_RTL8127_H
#define HW_NET_RTL8127_H

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

#endif
