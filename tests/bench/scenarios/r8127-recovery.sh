#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# r8127 TX timeout recovery: TX is switched off behind the driver's back
# (ChipCmd TxEnb cleared through the I/O BAR), the stack's
# watchdog reports the stalled queue, the driver's reset work brings the
# datapath down and up, and traffic flows again.
. ./lib.sh
rxs_setup r8127
rxs_wait_link 20
rxs_dmesg_expect_nofw 1
# The TX-timeout path, line by line, once: the stack's watchdog (7.3
# net/sched/sch_generic.c dev_watchdog(), netdev_crit; no WARN), r8127's
# ndo_tx_timeout and its reset work (warning level). Any other warning,
# a second timeout or a WARN/Call trace fails the scenario.
_np="r8127 $RXS_DUT_PCI $RXS_DUT:"
rxs_dmesg_expect_num crit 1 "$_np NETDEV WATCHDOG: CPU: #: transmit queue # timed out # ms"
rxs_dmesg_expect_num warn 1 "$_np TX queue # timed out"
rxs_dmesg_expect warn 1 "$_np resetting the device"
rxs_ping 3

rxs_step "stall TX"
# The model mirrors the first 256 register bytes in I/O BAR0; sysfs lets
# root write I/O BARs byte by byte (memory BARs need mmap, which busybox
# lacks, and /dev/mem is closed by STRICT_DEVMEM).
_res=/sys/bus/pci/devices/$RXS_DUT_PCI/resource0
[ -e "$_res" ] || rxs_fail "no I/O BAR0"
printf '\010' | dd of="$_res" bs=1 seek=$((0x37)) count=1 conv=notrunc 2>&1 ||
	rxs_fail "cannot write ChipCmd through $_res"
# keep the TX queues busy so the watchdog sees a stopped, stale queue;
# the peer's iperf3 server listens before the client starts
rxs_in_peer iperf3 -s -1 -D -B "$RXS_PEER_IP" --logfile /tmp/iperf3-server.log ||
	rxs_fail "iperf3 server did not start"
rxs_wait_listen 5201
ping -c 2000 -i 0.01 -W 1 "$RXS_PEER_IP" > /dev/null 2>&1 &
_pp=$!
iperf3 -c "$RXS_PEER_IP" -B "$RXS_DUT_IP" -t 12 -P 2 > /dev/null 2>&1 &
_ip=$!
_t=0
while [ "$_t" -lt 30 ]; do
	dmesg | grep -q 'r8127.*resetting the device' && break
	sleep 1
	_t=$((_t + 1))
done
kill "$_pp" "$_ip" 2>/dev/null
wait 2>/dev/null
dmesg | grep -E 'timed out|resetting|watchdog' | tail -n 5
dmesg | grep -q 'r8127.*resetting the device' || rxs_fail "no reset within 30 s"
rxs_say "reset after ${_t} s"
ethtool -S "$RXS_DUT" | grep -E 'tx_timeouts|resets'

rxs_step "traffic after the reset"
rxs_wait_link 20
rxs_ping 5
rxs_iperf rev 4 5
rxs_iperf fwd 2 5
_to=$(ethtool -S "$RXS_DUT" | sed -n 's/^[[:space:]]*tx_timeouts: //p')
_rs=$(ethtool -S "$RXS_DUT" | sed -n 's/^[[:space:]]*resets: //p')
[ "$_to" = 1 ] && [ "$_rs" = 1 ] || rxs_fail "tx_timeouts $_to, resets $_rs: want one of each"
rxs_dmesg_check
