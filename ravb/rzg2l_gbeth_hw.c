// SPDX-License-Identifier: GPL-2.0
/*
 * RZ/G2L GbEth register programming: operating modes, DMAC and E-MAC
 * set-up, the checksum engine, stopping DMA, interrupt masks and the
 * hardware counters. Values and sequences: docs/hw/rzg2l-gbeth-driver.md
 * (Linux 7.3 ravb_main.c, the GbEth paths).
 */
#include <linux/etherdevice.h>
#include <linux/iopoll.h>

#include "rzg2l_gbeth.h"

static int gbeth_poll_reg(struct gbeth_priv *p, u32 reg, u32 mask, u32 want)
{
	u32 v;

	return readl_poll_timeout_atomic(p->base + reg, v, (v & mask) == want,
					 GBETH_POLL_US, GBETH_POLL_TIMEOUT_US);
}

/*
 * CCC.OPC selects RESET, CONFIG or OPERATION; CSR.OPS then reads the
 * mode one-hot (1 << OPC) once the DMAC has switched.
 */
int gbeth_hw_set_mode(struct gbeth_priv *p, u32 opc)
{
	int ret;

	gbeth_modify(p, GBETH_CCC, GBETH_CCC_OPC,
		     FIELD_PREP(GBETH_CCC_OPC, opc));
	ret = gbeth_poll_reg(p, GBETH_CSR, GBETH_CSR_OPS, BIT(opc));
	if (ret)
		netdev_err(p->dev, "operating mode %u not reached (CSR %#x)\n",
			   opc, gbeth_read(p, GBETH_CSR));
	return ret;
}

/* What a boot loader left in MAHR/MALR (read in CONFIG mode). */
void gbeth_hw_read_mac(struct gbeth_priv *p, u8 *addr)
{
	u32 hi = gbeth_read(p, GBETH_MAHR);
	u32 lo = gbeth_read(p, GBETH_MALR);

	addr[0] = hi >> 24;
	addr[1] = hi >> 16;
	addr[2] = hi >> 8;
	addr[3] = hi;
	addr[4] = lo >> 8;
	addr[5] = lo;
}

void gbeth_hw_write_mac(struct gbeth_priv *p, const u8 *addr)
{
	gbeth_write(p, GBETH_MAHR, (u32)addr[0] << 24 | (u32)addr[1] << 16 |
				   (u32)addr[2] << 8 | addr[3]);
	gbeth_write(p, GBETH_MALR, FIELD_PREP(GBETH_MALR_ADDR,
					      (u32)addr[4] << 8 | addr[5]));
}

/*
 * DMAC in CONFIG mode: the descriptor table, reception and truncation
 * control, TX FIFO sizes, all interrupt sources masked (enabled later by
 * gbeth_hw_irq_enable()).
 */
void gbeth_hw_dmac_init(struct gbeth_priv *p)
{
	gbeth_write(p, GBETH_DBAT, (u32)p->dbat_dma);
	gbeth_modify(p, GBETH_CCC, GBETH_CCC_DTSR, 0);
	gbeth_write(p, GBETH_RCR, GBETH_RCR_GBETH);
	gbeth_write(p, GBETH_RTC, GBETH_RTC_BASE |
		    FIELD_PREP(GBETH_RTC_MFL, GBETH_RX_MAX_FRAME));
	gbeth_write(p, GBETH_TGC, GBETH_TGC_GBETH);
	gbeth_write(p, GBETH_TCCR, 0);
	gbeth_hw_irq_disable(p);
	gbeth_write(p, GBETH_RIC1, 0);
}

void gbeth_hw_set_rate(struct gbeth_priv *p)
{
	u32 speed;

	switch (p->speed) {
	case SPEED_10:
		speed = GBETH_SPEED_10;
		break;
	case SPEED_100:
		speed = GBETH_SPEED_100;
		break;
	case SPEED_1000:
		speed = GBETH_SPEED_1000;
		break;
	default:
		return;		/* not known yet: adjust_link writes it */
	}
	gbeth_write(p, GBETH_GECMR, FIELD_PREP(GBETH_GECMR_SPEED, speed));
}

void gbeth_hw_set_duplex(struct gbeth_priv *p)
{
	gbeth_modify(p, GBETH_ECMR, GBETH_ECMR_DM,
		     p->duplex == DUPLEX_FULL ? GBETH_ECMR_DM : 0);
}

/*
 * E-MAC (after OPERATION): the xMII interface, the frame limit, the mode
 * with TX/RX on and CRC pass-through (the FCS is not stored), speed, the
 * station address, status cleared, only the illegal-carrier interrupt
 * enabled (link changes come from phylib polling the PHY).
 */
void gbeth_hw_emac_init(struct gbeth_priv *p)
{
	bool mii = p->phy_mode == PHY_INTERFACE_MODE_MII;
	unsigned long flags;
	u32 ecmr;

	gbeth_write(p, GBETH_CXR35, FIELD_PREP(GBETH_CXR35_HALFCYC, 1000) |
		    FIELD_PREP(GBETH_CXR35_SEL_XMII,
			       mii ? GBETH_XMII_MII : GBETH_XMII_RGMII));
	gbeth_modify(p, GBETH_CXR31,
		     GBETH_CXR31_SEL_LINK0 | GBETH_CXR31_SEL_LINK1,
		     mii ? 0 : GBETH_CXR31_SEL_LINK0);
	gbeth_write(p, GBETH_RFLR, FIELD_PREP(GBETH_RFLR_RFL,
					      GBETH_RX_MAX_FRAME + ETH_FCS_LEN));

	spin_lock_irqsave(&p->lock, flags);
	ecmr = GBETH_ECMR_ZPF | GBETH_ECMR_TE | GBETH_ECMR_RE |
	       GBETH_ECMR_RCPT | GBETH_ECMR_TXF | GBETH_ECMR_RXF;
	if (p->duplex == DUPLEX_FULL)
		ecmr |= GBETH_ECMR_DM;
	if (p->dev->flags & IFF_PROMISC)
		ecmr |= GBETH_ECMR_PRM;
	if (p->link)
		ecmr &= ~GBETH_ECMR_TXF;
	gbeth_write(p, GBETH_ECMR, ecmr);
	gbeth_hw_set_rate(p);
	spin_unlock_irqrestore(&p->lock, flags);

	gbeth_hw_write_mac(p, p->dev->dev_addr);
	gbeth_write(p, GBETH_ECSR, GBETH_ECSR_ICD | GBETH_ECSR_LCHNG |
				   GBETH_ECSR_PFRI);
	gbeth_write(p, GBETH_ECSIPR, GBETH_ECSIPR_ICDIP);
}

/*
 * One direction of the checksum engine: its enable bit in CSR0 is taken
 * away, and once it reads back clear the protocol register is written;
 * then both engines are enabled again (ravb_endisable_csum_gbeth).
 * Under p->lock.
 */
static int gbeth_csum_write(struct gbeth_priv *p, u32 engine, u32 reg, u32 val)
{
	int ret;

	gbeth_write(p, GBETH_CSR0, (GBETH_CSR0_TPE | GBETH_CSR0_RPE) & ~engine);
	ret = gbeth_poll_reg(p, GBETH_CSR0, engine, 0);
	if (!ret)
		gbeth_write(p, reg, val);
	gbeth_write(p, GBETH_CSR0, GBETH_CSR0_TPE | GBETH_CSR0_RPE);
	return ret;
}

/*
 * Program TX insertion and RX checking as asked; changes only what
 * differs from what is programmed. -ETIMEDOUT if the engine did not
 * stop (that direction keeps its old setting).
 */
int gbeth_hw_set_csum(struct gbeth_priv *p, bool tx, bool rx)
{
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&p->lock, flags);
	if (rx != p->rx_csum_on) {
		ret = gbeth_csum_write(p, GBETH_CSR0_RPE, GBETH_CSR2,
				       rx ? GBETH_CSR2_ON : 0);
		if (!ret)
			WRITE_ONCE(p->rx_csum_on, rx);
	}
	if (!ret && tx != p->tx_csum_on) {
		ret = gbeth_csum_write(p, GBETH_CSR0_TPE, GBETH_CSR1,
				       tx ? GBETH_CSR1_ON : 0);
		if (!ret)
			WRITE_ONCE(p->tx_csum_on, tx);
	}
	spin_unlock_irqrestore(&p->lock, flags);
	if (ret)
		netdev_err(p->dev, "checksum engine did not stop (CSR0 %#x)\n",
			   gbeth_read(p, GBETH_CSR0));
	return ret;
}

/*
 * At open: both engines stopped, both protocol registers written, both
 * engines on (ravb_csum_init_gbeth). A timeout leaves the offloads off.
 */
int gbeth_hw_csum_init(struct gbeth_priv *p, bool tx, bool rx)
{
	unsigned long flags;
	int ret;

	spin_lock_irqsave(&p->lock, flags);
	gbeth_write(p, GBETH_CSR0, 0);
	ret = gbeth_poll_reg(p, GBETH_CSR0, GBETH_CSR0_TPE | GBETH_CSR0_RPE, 0);
	if (ret) {
		tx = false;
		rx = false;
	} else {
		gbeth_write(p, GBETH_CSR1, tx ? GBETH_CSR1_ON : 0);
		gbeth_write(p, GBETH_CSR2, rx ? GBETH_CSR2_ON : 0);
	}
	WRITE_ONCE(p->tx_csum_on, tx);
	WRITE_ONCE(p->rx_csum_on, rx);
	gbeth_write(p, GBETH_CSR0, GBETH_CSR0_TPE | GBETH_CSR0_RPE);
	spin_unlock_irqrestore(&p->lock, flags);
	if (ret)
		netdev_err(p->dev, "checksum engine did not stop, offloads off\n");
	return ret;
}

/*
 * Stop DMA (ravb_stop_dma): TX requests done and no TX process active,
 * then the E-MAC's RX and TX off, the RX process idle, transmission
 * suspended, and CONFIG mode.
 */
int gbeth_hw_stop_dma(struct gbeth_priv *p)
{
	unsigned long flags;
	int ret;

	ret = gbeth_poll_reg(p, GBETH_TCCR, GBETH_TCCR_TSRQ0, 0);
	if (!ret)
		ret = gbeth_poll_reg(p, GBETH_CSR, GBETH_CSR_TPO, 0);
	spin_lock_irqsave(&p->lock, flags);
	gbeth_modify(p, GBETH_ECMR, GBETH_ECMR_RE | GBETH_ECMR_TE, 0);
	spin_unlock_irqrestore(&p->lock, flags);
	if (!ret)
		ret = gbeth_poll_reg(p, GBETH_CSR, GBETH_CSR_RPO, 0);
	gbeth_modify(p, GBETH_CCC, GBETH_CCC_DTSR, GBETH_CCC_DTSR);
	if (!ret)
		ret = gbeth_poll_reg(p, GBETH_CSR, GBETH_CSR_DTS, GBETH_CSR_DTS);
	if (ret)
		netdev_err(p->dev, "DMA did not stop (CSR %#x, TCCR %#x)\n",
			   gbeth_read(p, GBETH_CSR), gbeth_read(p, GBETH_TCCR));
	return gbeth_hw_set_mode(p, GBETH_OPC_CONFIG) ?: ret;
}

/* RX frame, TX done, RX queue full and FIFO overflow interrupts. */
void gbeth_hw_irq_enable(struct gbeth_priv *p)
{
	unsigned long flags;

	spin_lock_irqsave(&p->lock, flags);
	gbeth_write(p, GBETH_RIC0, GBETH_RIC0_FRE0);
	gbeth_write(p, GBETH_RIC2, GBETH_RIC2_QFE0 | GBETH_RIC2_RFFE);
	gbeth_write(p, GBETH_TIC, GBETH_TIC_FTE0);
	spin_unlock_irqrestore(&p->lock, flags);
}

void gbeth_hw_irq_disable(struct gbeth_priv *p)
{
	unsigned long flags;

	spin_lock_irqsave(&p->lock, flags);
	gbeth_write(p, GBETH_RIC0, 0);
	gbeth_write(p, GBETH_RIC2, 0);
	gbeth_write(p, GBETH_TIC, 0);
	gbeth_write(p, GBETH_ECSIPR, 0);
	spin_unlock_irqrestore(&p->lock, flags);
}

void gbeth_hw_set_promisc(struct gbeth_priv *p, bool on)
{
	unsigned long flags;

	spin_lock_irqsave(&p->lock, flags);
	gbeth_modify(p, GBETH_ECMR, GBETH_ECMR_PRM, on ? GBETH_ECMR_PRM : 0);
	spin_unlock_irqrestore(&p->lock, flags);
}

/*
 * The E-MAC's counters clear when written 0 (ravb_get_stats): add them
 * up. Only while the device is powered (runtime PM active).
 */
void gbeth_hw_read_counters(struct gbeth_priv *p)
{
	u32 v;

	mutex_lock(&p->hw_lock);
	v = gbeth_read(p, GBETH_TROCR);
	gbeth_write(p, GBETH_TROCR, 0);
	WRITE_ONCE(p->hw_tx_retry_over, p->hw_tx_retry_over + v);
	v = gbeth_read(p, GBETH_CXR41);
	gbeth_write(p, GBETH_CXR41, 0);
	WRITE_ONCE(p->hw_collisions, p->hw_collisions + v);
	v = gbeth_read(p, GBETH_CXR42);
	gbeth_write(p, GBETH_CXR42, 0);
	WRITE_ONCE(p->hw_carrier_errors, p->hw_carrier_errors + v);
	mutex_unlock(&p->hw_lock);
}
