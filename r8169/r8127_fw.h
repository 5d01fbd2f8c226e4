/* SPDX-License-Identifier: GPL-2.0 */
/*
 * r8127 PHY firmware (rtl_nic/rtl8127a-1.fw): loading, checking and
 * running its action list. Facts: docs/hw/rtl8127-driver.md, "Firmware".
 */
#ifndef R8127_FW_H
#define R8127_FW_H

#include <linux/types.h>

struct firmware;
struct r8127_priv;

#define R8127_FW_VER_LEN	32

/* blob is NULL without a valid file */
struct r8127_fw {
	const struct firmware *blob;
	const u8 *code;		/* the actions (little endian), inside blob */
	size_t len;		/* number of actions */
	char version[R8127_FW_VER_LEN];
};

/* What one run of the action list did, for the log and the tests. */
struct r8127_fw_run {
	u32 steps;		/* actions executed, jumps included */
	u32 phy_writes;
	u32 mac_writes;
	bool timed_out;
};

void r8127_fw_load(struct r8127_priv *tp);
void r8127_fw_release(struct r8127_priv *tp);
void r8127_fw_apply(struct r8127_priv *tp);

#endif /* R8127_FW_H */
