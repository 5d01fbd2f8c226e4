#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# r8127 on the RTL8127 model: iperf3 -P 8 for RXS_SECS (default 30) s in
# each direction, then the DUT's interface error counters are all zero, the
# RX/TX queue counters add up to the interface's, and dmesg is clean.
. ./lib.sh
RXS_DMESG_IGNORE="$RXS_DMESG_IGNORE|hrtimer: interrupt took"
RXS_SECS=${RXS_SECS:-30}
rxs_setup
rxs_wait_link 20
_drv=$(basename "$(readlink -f "/sys/class/net/$RXS_DUT/device/driver")")
[ "$_drv" = r8127 ] || rxs_fail "DUT bound to '$_drv', not r8127"
rxs_ping 3
rxs_iperf rev 8 "$RXS_SECS"
rxs_no_iface_errors
rxs_iperf fwd 8 "$RXS_SECS"
rxs_no_iface_errors
rxs_step "queue counters"
ethtool -S "$RXS_DUT" | grep -E 'rx[0-9]_packets|tx[0-9]_packets|alloc_fail|drop|err'
_st=/sys/class/net/$RXS_DUT/statistics
rxs_say "interface: rx_packets $(cat "$_st/rx_packets") tx_packets $(cat "$_st/tx_packets") rx_dropped $(cat "$_st/rx_dropped") tx_dropped $(cat "$_st/tx_dropped") rx_missed $(cat "$_st/rx_missed_errors")"
_sum=$(ethtool -S "$RXS_DUT" | awk '/^ *rx[0-9]+_packets:/ { s += $2 } END { print s + 0 }')
_rx=$(cat "$_st/rx_packets")
rxs_say "sum of rxN_packets $_sum, rx_packets $_rx"
[ "$_sum" -gt 0 ] || rxs_fail "no rxN_packets counters"
# the per-queue counters and the netdev counter count the same packets
awk -v a="$_sum" -v b="$_rx" 'BEGIN { exit !(a == b) }' ||
	rxs_fail "rxN_packets add up to $_sum, rx_packets is $_rx"
[ "$(cat "$_st/rx_dropped")" = 0 ] || rxs_fail "rx_dropped $(cat "$_st/rx_dropped")"
rxs_irqs
rxs_dmesg_check
