// SPDX-License-Identifier: GPL-2.0
/* ethtool_puts() for string sets (6.8). */
#include <linux/ethtool.h>

void rxs_probe(u8 **data);
void rxs_probe(u8 **data)
{
	ethtool_puts(data, "rx_packets");
}
