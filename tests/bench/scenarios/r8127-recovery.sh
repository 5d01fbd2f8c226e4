#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# r8127 TX timeout recovery: TX is switched off behind the driver's back
# (ChipCmd TxEnb cleared through the I/O BAR), the stack's
# watchdog reports the stalled queue, the driver's reset work brings the
# datapath down and up, and traffic flows again.
#
# The stalled queue is queue 0 on fresh rings (ethtool -G, then XPS sends
# every CPU's traffic there), so at the reset the descriptors the chip
# never served start at slot 0, where the chip starts again. The model
# keeps the TX tail across CmdReset (docs/hw/rtl8127.md, a guess): a
# driver that leaves those descriptors owned by the chip has them sent
# after the reset, one count ahead of its empty ring, and queue 0 stalls
# for good (found by check-full on 12-06, about 1 run in 8 when the hash
# put the stall on queue 0; every run since the steering). The model's
# own count of the chains it sent then checks that the chip sent nothing
# the driver did not queue.
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

rxs_step "fresh TX rings, every CPU's traffic on TX queue 0"
_q=/sys/class/net/$RXS_DUT/queues
_all=$(printf '%x' $(((1 << $(nproc)) - 1)))
# xps Q: every CPU's new flows on TX queue Q (XPS)
xps() {
	echo 0 > "$_q/tx-$((1 - $1))/xps_cpus" &&
		echo "$_all" > "$_q/tx-$1/xps_cpus" ||
		rxs_fail "cannot steer TX to queue $1 (XPS)"
}
# queue 0 sends nothing between the new rings and the stall (the link's
# own frames after -G go to queue 1), so its first stuck descriptor is
# slot 0
xps 1
ethtool -G "$RXS_DUT" tx 512 || rxs_fail "ethtool -G tx 512"
rxs_wait_link 20
sleep 1
xps 0

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
echo 0 > "$_q/tx-0/xps_cpus" || rxs_fail "cannot clear XPS"
rxs_wait_link 20
# tx_sent: "CHAINS PACKETS", the TX chains the model sent and the packets
# the driver completed on both queues, read when neither moved for 0.2 s
# (a frame in flight between the two reads would skew the difference)
tx_sent() {
	_p=
	for _i in $(seq 25); do
		_n="$(($(rxs_model_counter tx_chains0) + $(rxs_model_counter tx_chains1))) $(($(rxs_ethtool_stat tx0_packets) + $(rxs_ethtool_stat tx1_packets)))"
		[ "$_n" = "$_p" ] && break
		_p=$_n
		sleep 0.2
	done
	echo "$_n"
}
_was=$(tx_sent)
rxs_ping 5
rxs_iperf rev 4 5
rxs_iperf fwd 2 5
_now=$(tx_sent)
_c=$((${_now% *} - ${_was% *}))
_d=$((${_now#* } - ${_was#* }))
rxs_say "after the reset: the model sent $_c TX chains, the driver completed $_d packets"
[ "$_c" = "$_d" ] || rxs_fail "the chip sent $_c TX chains after the reset, the driver queued and completed $_d"
_to=$(ethtool -S "$RXS_DUT" | sed -n 's/^[[:space:]]*tx_timeouts: //p')
_rs=$(ethtool -S "$RXS_DUT" | sed -n 's/^[[:space:]]*resets: //p')
[ "$_to" = 1 ] && [ "$_rs" = 1 ] || rxs_fail "tx_timeouts $_to, resets $_rs: want one of each"
rxs_dmesg_check
