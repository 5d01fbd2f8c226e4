// SPDX-License-Identifier: GPL-2.0
/*
 * r8127 PHY firmware.
 *
 * rtl_nic/rtl8127a-1.fw is Realtek's "rtl_fw" format ([up]
 * r8169_firmware.c): an optional header, then a list of 32-bit actions
 * that read and write PHY registers (MII numbering with page select in
 * register 0x1f, reached through the PHY OCP window) or, after an
 * MDIO_CHG action, MAC MCU registers (MAC OCP). Upstream r8169 runs the
 * list at every PHY bring-up; so does this driver.
 *
 * The file is optional: without it, or with a file that fails the
 * checks, the PHY runs its built-in code and the driver says so once.
 * Unlike upstream, a run is bounded in time: a backward jump waiting for
 * a PHY bit that never comes must not hang ndo_open under RTNL.
 */
#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/firmware.h>
#include <linux/iopoll.h>
#include <linux/mii.h>

#include "r8127.h"
#include "r8127_fw.h"

#define R8127_FW_RUN_LIMIT	(2 * HZ)
#define R8127_FW_PAGE_REG	0x1f
#define R8127_FW_STD_BASE	0xa400	/* page 0: MII register r at + 2r */

/* [up] enum rtl_fw_opcode: action bits 31:28 */
enum r8127_fw_op {
	R8127_FW_READ		= 0x0,
	R8127_FW_DATA_OR	= 0x1,
	R8127_FW_DATA_AND	= 0x2,
	R8127_FW_BJMPN		= 0x3,
	R8127_FW_MDIO_CHG	= 0x4,
	R8127_FW_CLEAR_READCOUNT = 0x7,
	R8127_FW_WRITE		= 0x8,
	R8127_FW_READCOUNT_EQ_SKIP = 0x9,
	R8127_FW_COMP_EQ_SKIPN	= 0xa,
	R8127_FW_COMP_NEQ_SKIPN	= 0xb,
	R8127_FW_WRITE_PREVIOUS	= 0xc,
	R8127_FW_SKIPN		= 0xd,
	R8127_FW_DELAY_MS	= 0xe,
};

#define R8127_FW_OP		GENMASK(31, 28)
#define R8127_FW_REG		GENMASK(27, 16)	/* also the jump distance */
#define R8127_FW_DATA		GENMASK(15, 0)

/* [up] struct fw_info: the header of files whose first word is 0 */
struct r8127_fw_header {
	__le32 magic;
	char version[R8127_FW_VER_LEN];
	__le32 start;		/* byte offset of the actions */
	__le32 len;		/* number of actions */
	u8 checksum;		/* all bytes of the file sum to 0 */
} __packed;

/* Action i; the list may start at any byte offset of the file. */
static u32 r8127_fw_action(const struct r8127_fw *fw, size_t i)
{
	__le32 a;

	memcpy(&a, fw->code + i * sizeof(a), sizeof(a));
	return le32_to_cpu(a);
}

static bool r8127_fw_parse(struct r8127_fw *fw, const u8 *data, size_t size)
{
	const struct r8127_fw_header *h = (const void *)data;
	size_t start, len, i;
	u8 sum = 0;

	if (size < sizeof(__le32))
		return false;
	if (le32_to_cpu(h->magic)) {
		/* no header: the whole file is actions */
		if (size % sizeof(__le32))
			return false;
		fw->code = data;
		fw->len = size / sizeof(__le32);
		strscpy(fw->version, "rtl8127a-1", sizeof(fw->version));
		return true;
	}
	if (size < sizeof(*h))
		return false;
	for (i = 0; i < size; i++)
		sum += data[i];
	start = le32_to_cpu(h->start);
	len = le32_to_cpu(h->len);
	if (sum || start > size || len > (size - start) / sizeof(__le32))
		return false;
	fw->code = data + start;
	fw->len = len;
	strscpy(fw->version, h->version, sizeof(fw->version));
	return true;
}

/* Every jump and skip must land inside the list ([up] rtl_fw_data_ok). */
static int r8127_fw_check_actions(const struct r8127_fw *fw)
{
	size_t i;

	for (i = 0; i < fw->len; i++) {
		u32 a = r8127_fw_action(fw, i);
		u32 reg = FIELD_GET(R8127_FW_REG, a);
		bool ok;

		switch (FIELD_GET(R8127_FW_OP, a)) {
		case R8127_FW_READ:
		case R8127_FW_DATA_OR:
		case R8127_FW_DATA_AND:
		case R8127_FW_CLEAR_READCOUNT:
		case R8127_FW_WRITE:
		case R8127_FW_WRITE_PREVIOUS:
		case R8127_FW_DELAY_MS:
			ok = true;
			break;
		case R8127_FW_MDIO_CHG:
			ok = FIELD_GET(R8127_FW_DATA, a) <= 1;
			break;
		case R8127_FW_BJMPN:
			ok = reg <= i;
			break;
		case R8127_FW_READCOUNT_EQ_SKIP:
			ok = i + 2 < fw->len;
			break;
		case R8127_FW_COMP_EQ_SKIPN:
		case R8127_FW_COMP_NEQ_SKIPN:
		case R8127_FW_SKIPN:
			ok = i + 1 + reg < fw->len;
			break;
		default:
			ok = false;
			break;
		}
		if (!ok)
			return (int)i;
	}
	return -1;
}

/*
 * Request and check the file; keep it for every later bring-up. Missing
 * or invalid: one warning, and the PHY keeps its built-in code.
 */
void r8127_fw_load(struct r8127_priv *tp)
{
	struct device *d = &tp->pdev->dev;
	struct r8127_fw *fw = &tp->fw;
	int ret, bad;

	ret = firmware_request_nowarn(&fw->blob, R8127_FW_NAME, d);
	if (ret) {
		fw->blob = NULL;
		dev_warn(d, "firmware %s not found (%d), using the PHY's built-in code\n",
			 R8127_FW_NAME, ret);
		return;
	}
	if (!r8127_fw_parse(fw, fw->blob->data, fw->blob->size)) {
		dev_warn(d, "firmware %s: bad header, size or checksum; using the PHY's built-in code\n",
			 R8127_FW_NAME);
		r8127_fw_release(tp);
		return;
	}
	bad = r8127_fw_check_actions(fw);
	if (bad >= 0) {
		dev_warn(d, "firmware %s: action %d (0x%08x) is invalid or jumps outside the list; using the PHY's built-in code\n",
			 R8127_FW_NAME, bad, r8127_fw_action(fw, bad));
		r8127_fw_release(tp);
		return;
	}
	dev_info(d, "firmware %s version %s, %zu actions\n", R8127_FW_NAME,
		 fw->version, fw->len);
}

void r8127_fw_release(struct r8127_priv *tp)
{
	release_firmware(tp->fw.blob);
	memset(&tp->fw, 0, sizeof(tp->fw));
}

/* Register access of a run: MII-style PHY registers or MAC MCU words. */
struct r8127_fw_bus {
	struct r8127_priv *tp;
	struct r8127_fw_run *run;
	bool mac;		/* after MDIO_CHG 1 */
	u32 phy_base;		/* OCP address of the current PHY page */
	u32 mac_base;
};

/* [up] r8168g_mdio_write / mac_mcu_write: register 0x1f selects a page */
static void r8127_fw_bus_write(struct r8127_fw_bus *b, u32 reg, u16 val)
{
	if (b->mac) {
		if (reg == R8127_FW_PAGE_REG) {
			b->mac_base = (u32)val << 4;
			return;
		}
		r8127_mac_ocp_write(b->tp, b->mac_base + reg, val);
		b->run->mac_writes++;
		return;
	}
	if (reg == R8127_FW_PAGE_REG) {
		b->phy_base = val ? (u32)val << 4 : R8127_FW_STD_BASE;
		return;
	}
	if (b->phy_base != R8127_FW_STD_BASE)
		reg -= 0x10;
	r8127_phy_ocp_write(b->tp, b->phy_base + reg * 2, val);
	b->run->phy_writes++;
}

/* [up] r8168g_mdio_read / mac_mcu_read */
static u16 r8127_fw_bus_read(struct r8127_fw_bus *b, u32 reg)
{
	int v;

	if (b->mac)
		return r8127_mac_ocp_read(b->tp, b->mac_base + reg);
	if (reg == R8127_FW_PAGE_REG)
		return b->phy_base == R8127_FW_STD_BASE ? 0 : b->phy_base >> 4;
	if (b->phy_base != R8127_FW_STD_BASE)
		reg -= 0x10;
	v = r8127_phy_ocp_read(b->tp, b->phy_base + reg * 2);
	return v < 0 ? 0xffff : v;
}

/* One pass over the action list ([up] rtl_fw_write_firmware semantics). */
static void r8127_fw_run(struct r8127_priv *tp, const struct r8127_fw *fw,
			 struct r8127_fw_run *run)
{
	struct r8127_fw_bus b = {
		.tp = tp, .run = run, .phy_base = R8127_FW_STD_BASE,
	};
	unsigned long deadline = jiffies + R8127_FW_RUN_LIMIT;
	u32 prev = 0, reads = 0;
	size_t i;

	for (i = 0; i < fw->len; i++) {
		u32 a = r8127_fw_action(fw, i);
		u32 reg = FIELD_GET(R8127_FW_REG, a);
		u16 data = FIELD_GET(R8127_FW_DATA, a);

		if (time_after(jiffies, deadline)) {
			run->timed_out = true;
			break;
		}
		run->steps++;
		switch (FIELD_GET(R8127_FW_OP, a)) {
		case R8127_FW_READ:
			prev = r8127_fw_bus_read(&b, reg);
			reads++;
			break;
		case R8127_FW_DATA_OR:
			prev |= data;
			break;
		case R8127_FW_DATA_AND:
			prev &= data;
			break;
		case R8127_FW_BJMPN:
			/* checked at load: reg <= i, so i - reg - 1 >= -1 */
			i -= reg + 1;
			cond_resched();
			break;
		case R8127_FW_MDIO_CHG:
			b.mac = data;
			break;
		case R8127_FW_CLEAR_READCOUNT:
			reads = 0;
			break;
		case R8127_FW_WRITE:
			r8127_fw_bus_write(&b, reg, data);
			break;
		case R8127_FW_READCOUNT_EQ_SKIP:
			if (reads == data)
				i++;
			break;
		case R8127_FW_COMP_EQ_SKIPN:
			if (prev == data)
				i += reg;
			break;
		case R8127_FW_COMP_NEQ_SKIPN:
			if (prev != data)
				i += reg;
			break;
		case R8127_FW_WRITE_PREVIOUS:
			r8127_fw_bus_write(&b, reg, prev);
			break;
		case R8127_FW_SKIPN:
			i += reg;
			break;
		case R8127_FW_DELAY_MS:
			msleep(data);
			break;
		}
	}
}

/*
 * Run the firmware at PHY bring-up (process context, RTNL held). A run
 * that overstays its time is cut short: the PHY then keeps what was
 * written so far, and the driver carries on, as without firmware.
 */
void r8127_fw_apply(struct r8127_priv *tp)
{
	struct r8127_fw_run run = {};
	int bmcr;

	if (!tp->fw.blob)
		return;
	r8127_fw_run(tp, &tp->fw, &run);
	if (run.timed_out)
		netdev_warn(tp->dev, "firmware %s did not finish within %u ms (%u steps); the PHY may run partly patched\n",
			    tp->fw.version, jiffies_to_msecs(R8127_FW_RUN_LIMIT),
			    run.steps);
	else
		netdev_dbg(tp->dev, "firmware %s: %u steps, %u PHY and %u MAC writes\n",
			   tp->fw.version, run.steps, run.phy_writes,
			   run.mac_writes);
	/* [up] r8169_apply_firmware: a PHY soft reset may be in progress */
	read_poll_timeout(r8127_phy_ocp_read, bmcr,
			  bmcr < 0 || !(bmcr & BMCR_RESET), 50000, 600000,
			  true, tp, R8127_PHY_BMCR);
}
