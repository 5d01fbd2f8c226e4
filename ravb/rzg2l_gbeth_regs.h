/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RZ/G2L GbEth registers and descriptors: each register with its fields
 * beneath it. Offsets and bits are those of Linux 7.3 ravb.h (the GbEth
 * subset, gbeth_hw_info); the values written at init are in
 * docs/hw/rzg2l-gbeth-driver.md with their sources.
 */
#ifndef RZG2L_GBETH_REGS_H
#define RZG2L_GBETH_REGS_H

#include <linux/bits.h>
#include <linux/types.h>

/* ------------------------------------------------ AVB-DMAC */

#define GBETH_CCC		0x0000	/* operating mode */
#define  GBETH_CCC_OPC		GENMASK(1, 0)
#define   GBETH_OPC_RESET	0
#define   GBETH_OPC_CONFIG	1
#define   GBETH_OPC_OPERATION	2
#define  GBETH_CCC_DTSR		BIT(8)	/* data transmission suspend request */

#define GBETH_DBAT		0x0004	/* descriptor base address table */

#define GBETH_CSR		0x000c	/* status: mode reached, DMA activity */
#define  GBETH_CSR_OPS		GENMASK(3, 0)	/* one-hot: 1 << OPC */
#define  GBETH_CSR_DTS		BIT(8)	/* transmission suspended */
#define  GBETH_CSR_TPO		GENMASK(19, 16)	/* TX processes 0..3 */
#define  GBETH_CSR_RPO		BIT(20)	/* RX process */

#define GBETH_RCR		0x0090	/* reception control */
#define  GBETH_RCR_GBETH	0x60000000	/* value ravb writes for GbEth */

#define GBETH_RTC		0x00b4	/* RX truncation: max frame length */
#define  GBETH_RTC_BASE		0x7ffc0000
#define  GBETH_RTC_MFL		GENMASK(15, 0)

#define GBETH_TGC		0x0300	/* TX FIFO sizes */
#define  GBETH_TGC_GBETH	0x00222200

#define GBETH_TCCR		0x0304	/* TX start request */
#define  GBETH_TCCR_TSRQ0	BIT(0)

#define GBETH_EIS		0x035c	/* error status, write 0 to clear */
#define  GBETH_EIS_QFS		BIT(16)	/* an RX queue is full */
#define  GBETH_EIS_RESERVED	(GENMASK(31, 17) | GENMASK(15, 11))

#define GBETH_RIC0		0x0360	/* RX frame interrupt enable */
#define  GBETH_RIC0_FRE0	BIT(0)
#define GBETH_RIS0		0x0364	/* RX frame status, write 0 to clear */
#define  GBETH_RIS0_FRF0	BIT(0)
#define  GBETH_RIS0_RESERVED	GENMASK(31, 18)
#define GBETH_RIC1		0x0368	/* RX FIFO warning enable */
#define GBETH_RIC2		0x0370	/* RX queue full / FIFO overflow enable */
#define  GBETH_RIC2_QFE0	BIT(0)
#define  GBETH_RIC2_RFFE	BIT(31)
#define GBETH_RIS2		0x0374	/* write 0 to clear */
#define  GBETH_RIS2_QFF0	BIT(0)
#define  GBETH_RIS2_QFF1	BIT(1)
#define  GBETH_RIS2_RFFF	BIT(31)
#define  GBETH_RIS2_RESERVED	GENMASK(30, 18)
#define GBETH_TIC		0x0378	/* TX done interrupt enable */
#define  GBETH_TIC_FTE0		BIT(0)
#define GBETH_TIS		0x037c	/* TX done status, write 0 to clear */
#define  GBETH_TIS_FTF0		BIT(0)
#define  GBETH_TIS_RESERVED	(GENMASK(31, 20) | GENMASK(15, 12) | \
				 GENMASK(7, 4))

#define GBETH_ISS		0x0380	/* interrupt summary (masked) */
#define  GBETH_ISS_FRS		BIT(0)
#define  GBETH_ISS_FTS		BIT(2)
#define  GBETH_ISS_ES		BIT(6)
#define  GBETH_ISS_MS		BIT(7)

/* ------------------------------------------------ E-MAC */

#define GBETH_ECMR		0x0500	/* E-MAC mode */
#define  GBETH_ECMR_PRM		BIT(0)	/* promiscuous */
#define  GBETH_ECMR_DM		BIT(1)	/* full duplex */
#define  GBETH_ECMR_TE		BIT(5)
#define  GBETH_ECMR_RE		BIT(6)
#define  GBETH_ECMR_TXF		BIT(16)
#define  GBETH_ECMR_RXF		BIT(17)
#define  GBETH_ECMR_ZPF		BIT(19)	/* zero pause frame */
#define  GBETH_ECMR_RCPT	BIT(25)	/* CRC pass-through (RZ/G2L) */

#define GBETH_RFLR		0x0508	/* receive frame length limit, FCS in */
#define  GBETH_RFLR_RFL		GENMASK(13, 0)

#define GBETH_ECSR		0x0510	/* E-MAC status, write 1 to clear */
#define  GBETH_ECSR_ICD		BIT(0)
#define  GBETH_ECSR_LCHNG	BIT(2)
#define  GBETH_ECSR_PFRI	BIT(4)
#define GBETH_ECSIPR		0x0518	/* E-MAC interrupt enable */
#define  GBETH_ECSIPR_ICDIP	BIT(0)

#define GBETH_PIR		0x0520	/* PHY interface: bit-banged MDIO */
#define  GBETH_PIR_MDC		BIT(0)
#define  GBETH_PIR_MMD		BIT(1)	/* 1: the MAC drives MDIO */
#define  GBETH_PIR_MDO		BIT(2)
#define  GBETH_PIR_MDI		BIT(3)

#define GBETH_CXR31		0x0530
#define  GBETH_CXR31_SEL_LINK0	BIT(0)
#define  GBETH_CXR31_SEL_LINK1	BIT(3)
#define GBETH_CXR35		0x0540
#define  GBETH_CXR35_SEL_XMII	GENMASK(1, 0)
#define   GBETH_XMII_RGMII	0
#define   GBETH_XMII_MII	2
#define  GBETH_CXR35_HALFCYC	GENMASK(31, 16)	/* ravb writes 1000 */

#define GBETH_GECMR		0x05b0	/* speed */
#define  GBETH_GECMR_SPEED	GENMASK(5, 4)
#define   GBETH_SPEED_10	0
#define   GBETH_SPEED_100	1
#define   GBETH_SPEED_1000	2

#define GBETH_MAHR		0x05c0	/* MAC address bytes 0..3, byte 0 high */
#define GBETH_MALR		0x05c8	/* MAC address bytes 4..5 */
#define  GBETH_MALR_ADDR	GENMASK(15, 0)

/* counters: read, then written 0 (ravb_get_stats) */
#define GBETH_TROCR		0x0700	/* TX frames not sent (retry over) */
#define GBETH_CXR41		0x0708	/* collisions */
#define GBETH_CXR42		0x0710	/* carrier errors */

/* checksum engine */
#define GBETH_CSR0		0x0800
#define  GBETH_CSR0_TPE		BIT(4)	/* TX checksum engine on */
#define  GBETH_CSR0_RPE		BIT(5)	/* RX checksum engine on */
#define GBETH_CSR1		0x0804	/* TX: protocols to insert for */
#define  GBETH_CSR1_TTCP4	BIT(4)
#define  GBETH_CSR1_TUDP4	BIT(5)
#define  GBETH_CSR1_TTCP6	BIT(20)
#define  GBETH_CSR1_TUDP6	BIT(21)
#define  GBETH_CSR1_ON		(GBETH_CSR1_TTCP4 | GBETH_CSR1_TUDP4 | \
				 GBETH_CSR1_TTCP6 | GBETH_CSR1_TUDP6)
#define GBETH_CSR2		0x0808	/* RX: protocols to check */
#define  GBETH_CSR2_RTCP4	BIT(4)
#define  GBETH_CSR2_RUDP4	BIT(5)
#define  GBETH_CSR2_RICMP4	BIT(6)
#define  GBETH_CSR2_RTCP6	BIT(20)
#define  GBETH_CSR2_RUDP6	BIT(21)
#define  GBETH_CSR2_RICMP6	BIT(22)
#define  GBETH_CSR2_ON		(GBETH_CSR2_RTCP4 | GBETH_CSR2_RUDP4 | \
				 GBETH_CSR2_RICMP4 | GBETH_CSR2_RTCP6 | \
				 GBETH_CSR2_RUDP6 | GBETH_CSR2_RICMP6)

/* ------------------------------------------------ descriptors */

/*
 * 8 bytes, little-endian, for RX, TX and the base address table alike
 * (ravb_rx_desc / ravb_tx_desc / ravb_desc with 8-byte RX descriptors on
 * GbEth). @ds: data size (RX: buffer room, then bytes received); @msc:
 * RX frame status (TX: timestamp tag, unused here); @die_dt: type in the
 * high nibble, interrupt enables in the low one.
 */
struct gbeth_desc {
	__le16 ds;
	u8 msc;
	u8 die_dt;
	__le32 dptr;
};

#define GBETH_DESC_DS		GENMASK(11, 0)
#define GBETH_DS_MAX		FIELD_MAX(GBETH_DESC_DS)

/* die_dt types */
#define GBETH_DT_LEMPTY		0x20
#define GBETH_DT_EEMPTY		0x30
#define GBETH_DT_FMID		0x40
#define GBETH_DT_FSTART		0x50
#define GBETH_DT_FEND		0x60
#define GBETH_DT_FSINGLE	0x70
#define GBETH_DT_LINK		0x80
#define GBETH_DT_LINKFIX	0x90
#define GBETH_DT_EOS		0xa0
#define GBETH_DT_FEMPTY		0xc0
#define GBETH_DT_MASK		0xf0

/* msc: RX frame status */
#define GBETH_MSC_CRC		BIT(0)
#define GBETH_MSC_RFE		BIT(1)
#define GBETH_MSC_RTSF		BIT(2)	/* too short */
#define GBETH_MSC_RTLF		BIT(3)	/* too long */
#define GBETH_MSC_CEEF		BIT(6)	/* carrier extension error */
#define GBETH_MSC_MC		BIT(7)	/* multicast */
#define GBETH_MSC_ERRORS	(GBETH_MSC_CRC | GBETH_MSC_RFE | \
				 GBETH_MSC_RTSF | GBETH_MSC_RTLF | \
				 GBETH_MSC_CEEF)

/*
 * Descriptor base address table: TX queue 0 is entry 0, RX queue 0 entry
 * 4 (RX_QUEUE_OFFSET); ravb allocates two entries and relies on the
 * page-sized coherent allocation for entry 4. This driver allocates all
 * of them.
 */
#define GBETH_DBAT_TX0		0
#define GBETH_DBAT_RX0		4
#define GBETH_DBAT_ENTRIES	5

/* TX buffers start 4-byte aligned (DPTR_ALIGN) */
#define GBETH_TX_ALIGN		4

#endif /* RZG2L_GBETH_REGS_H */
