#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# r8127 on the RTL8127 model: iperf3 -P 8 for RXS_SECS (default 30) s in
# each direction, then the DUT's interface error counters are all zero and
# the driver's counters agree with counts it did not make: the model's own
# (its bench-only counter window) and the peer's (virtio-net in its netns),
# per RX and TX ring and per RX vector (lib.sh rxs_count_check: what is
# compared and the tolerance). Run with --append iomem=relaxed (devmem
# reads the window while r8127 holds the BAR).
. ./lib.sh
RXS_SECS=${RXS_SECS:-30}
rxs_setup r8127
rxs_wait_link 20
# r8127 asks for the PHY patch once, at probe
rxs_dmesg_expect_nofw 1
rxs_ping 3
rxs_count_snap a
rxs_iperf rev 8 "$RXS_SECS"
rxs_no_iface_errors
rxs_iperf fwd 8 "$RXS_SECS"
rxs_no_iface_errors
rxs_count_snap b
ethtool -S "$RXS_DUT" | grep -E 'rx[0-9]_packets|tx[0-9]_packets|alloc_fail|drop|err'
rxs_count_check "iperf3 -P 8 both ways" a b irq
[ "$(cat "/sys/class/net/$RXS_DUT/statistics/rx_dropped")" = 0 ] ||
	rxs_fail "rx_dropped $(cat "/sys/class/net/$RXS_DUT/statistics/rx_dropped")"
rxs_irqs
rxs_dmesg_check
