#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# r8127 TX timeout recovery: TX is switched off behind the driver's back
# (ChipCmd TxEnb cleared through the I/O BAR), the stack's
# watchdog reports the stalled queue, the driver's reset work brings the
# datapath down and up, and traffic flows again.
. ./lib.sh
RXS_DMESG_IGNORE="$RXS_DMESG_IGNORE|firmware: failed to load rtl_nic|hrtimer: interrupt took|module verification failed"
rxs_setup
rxs_wait_link 20
rxs_ping 3

rxs_step "stall TX"
# The model mirrors the first 256 register bytes in I/O BAR0; sysfs lets
# root write I/O BARs byte by byte (memory BARs need mmap, which busybox
# lacks, and /dev/mem is closed by STRICT_DEVMEM).
_res=/sys/bus/pci/devices/$RXS_DUT_PCI/resource0
[ -e "$_res" ] || rxs_fail "no I/O BAR0"
printf '\010' | dd of="$_res" bs=1 seek=$((0x37)) count=1 conv=notrunc 2>&1 ||
	rxs_fail "cannot write ChipCmd through $_res"
# keep the TX queues busy so the watchdog sees a stopped, stale queue
ping -c 2000 -i 0.01 -W 1 "$RXS_PEER_IP" > /dev/null 2>&1 &
_pp=$!
iperf3 -c "$RXS_PEER_IP" -B "$RXS_DUT_IP" -t 12 -P 2 > /dev/null 2>&1 &
_ip=$!
rxs_in_peer iperf3 -s -1 -D -B "$RXS_PEER_IP" > /dev/null 2>&1
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
RXS_DMESG_IGNORE="$RXS_DMESG_IGNORE|NETDEV WATCHDOG|transmit queue .* timed out|TX queue [0-9]+ timed out|resetting the device|Call trace|WARNING:|dev_watchdog|\+0x"
rxs_dmesg_check
