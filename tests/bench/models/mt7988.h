/*
 * QEMU model of the MediaTek MT7988 frame engine (NETSYS v3), rxscale bench
 *
 * Register facts and their sources are listed in docs/hw/mt7988.md of the
 * rxscale repository.  This header holds the register map, the device
 * state and the interfaces between the model's files:
 *   mt7988.c       platform-bus glue: MMIO regions, IRQ lines, the
 *                  device-tree nodes, the network backend, properties
 *   mt7988_core.c  the frame engine: register table, ethsys reset, QDMA TX,
 *                  PDMA RX ring 0, interrupts, MDIO, MIB counters
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#ifndef HW_NET_MT7988_H
#define HW_NET_MT7988_H

#include "net/net.h"
#include "qom/object.h"
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

#define PDMA_RX_BASE0           0x6900
#define PDMA_RX_MAX_CNT0        0x6904
#define PDMA_RX_CRX0            0x6908
#define PDMA_RX_DRX0            0x690c
#define PDMA_GLO_CFG            0x6a04
#define PDMA_RST_IDX            0x6a08
#define PDMA_RST_DRX0           (1u << 16)
#define PDMA_INT_STATUS         0x6a20      /* RX done, fe2 */
#define PDMA_INT_MASK           0x6a28
#define RX_DONE_INT             (1u << 14)  /* MTK_RX_DONE_INT_V2 */

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
    bool tx_dead, rx_dead;

    uint8_t *tx_frame;      /* gathered frame */
    uint8_t *tx_seg;        /* one TSO segment */
};

/* mt7988_core.c */
uint64_t mt7988_fe_read(MT7988State *s, hwaddr addr);
void mt7988_fe_write(MT7988State *s, hwaddr addr, uint32_t val);
void mt7988_ethsys_write(MT7988State *s, hwaddr addr, uint32_t val);
void mt7988_fe_reset(MT7988State *s);
bool mt7988_can_receive(NetClientState *nc);
ssize_t mt7988_receive(NetClientState *nc, const uint8_t *buf, size_t size);
void mt7988_core_init(MT7988State *s);
void mt7988_core_fini(MT7988State *s);

#endif
