#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make demo: TCP into the NIC under test (the DUT receives), then how the
# receive work spread over the CPUs (mpstat %soft) and the NIC's interrupt
# lines.
. ./lib.sh

rxs_setup
rxs_wait_link 20
echo "== driver and channels"
ethtool -i "$RXS_DUT" | grep -E '^(driver|version|bus-info)'
ethtool -l "$RXS_DUT" 2>/dev/null || echo "(ethtool -l: not supported by this driver)"
rxs_ping 3
echo "== iperf3 -P 4 -t 10, peer -> DUT (DUT receives)"
rxs_iperf rev 4 10
echo "== the same, DUT -> peer"
rxs_iperf fwd 4 10
echo "== interrupts"
rxs_irqs
rxs_dmesg_check
