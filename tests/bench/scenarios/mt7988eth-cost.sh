#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What mt7988_eth's own code executes per received frame, for
# tests/bench/rss-count-cost.sh --nic mt7988 (issue 20: the cost of the
# per-bucket RSS counters, which this driver counts by hashing each
# frame in software while debugfs rss_buckets_count is 1). Run with
# --nic mt7988 --smp 2 --icount-pages FILE, the rxscale_core and
# mt7988_eth modules and --file build/bench-tools/udpsink.
# RXS_COST_BUCKETS: 1 turns the counting on before the first window, 0
# (default) writes 0, "none" (a build without the per-frame test) leaves
# the switch alone and checks no counters.
#
# The method of scenarios/r8127-cost.sh: every mt7988_eth line on CPU 0
# (its 2 RX rings, RSS on, and TX; NAPI in softirq, RPS off), the peer
# (virtio-net in namespace "peer") on CPU 1 flooding 60-byte UDP frames
# (64 on the wire) with pktgen from RXS_COST_PORTS (256) source ports
# into tools/udpsink on CPU 0; RXS_COST_WINDOWS (3) windows of
# RXS_COST_SECS (8) s between rxs_mark "wN:start" and "wN:end", each
#   RXSCALE-COST: window=N secs=S ip_in=N drv_rx=N
# (ip_in: /proc/net/snmp Ip InReceives, the kernel's count); the module
# text sections first, "RXSCALE-MODSECT: MODULE SECTION ADDR" each; with
# the counting on, the frames it counted and its mismatches after the
# windows (RXSCALE-BUCKETS:), which must be 0.
. ./lib.sh

RXS_COST_WINDOWS=${RXS_COST_WINDOWS:-3}
RXS_COST_SECS=${RXS_COST_SECS:-8}
RXS_COST_PORTS=${RXS_COST_PORTS:-256}
RXS_COST_BUCKETS=${RXS_COST_BUCKETS:-0}

[ -x /rxscale/files/rxs-mark ] || rxs_fail "no /rxscale/files/rxs-mark (run with --icount-pages)"
[ -x /rxscale/files/udpsink ] || rxs_fail "no /rxscale/files/udpsink (--file build/bench-tools/udpsink)"
[ "$(grep -c '^processor' /proc/cpuinfo)" = 2 ] || rxs_fail "run with --smp 2 (DUT CPU 0, peer CPU 1)"
[ "${RXS_DUT_BUS:-pci}" = platform ] || rxs_fail "run with --nic mt7988, not '$RXS_NIC'"

rxs_setup mt7988_eth
rxs_wait_link 20
rxs_ping 3

[ -d /sys/kernel/debug/mt7988_eth ] || mount -t debugfs none /sys/kernel/debug 2>/dev/null
D=/sys/kernel/debug/mt7988_eth/$RXS_DUT_DEV
case $RXS_COST_BUCKETS in
0 | 1)
	[ -w "$D/rss_buckets_count" ] || rxs_fail "no $D/rss_buckets_count"
	echo "$RXS_COST_BUCKETS" > "$D/rss_buckets_count" ||
		rxs_fail "cannot write $RXS_COST_BUCKETS to $D/rss_buckets_count"
	rxs_say "rss_buckets_count: $(cat "$D/rss_buckets_count")" ;;
none) rxs_say "a build without the per-frame test (MT7988_BENCH_NO_RSS_BUCKETS): the switch is left alone" ;;
*) rxs_fail "RXS_COST_BUCKETS is 0, 1 or none, not '$RXS_COST_BUCKETS'" ;;
esac

rxs_step "peer on CPU 1, every mt7988_eth line on CPU 0, RPS off, NAPI in softirq"
for irq in $(rxs_pci_irqs "$RXS_PEER_PCI"); do
	rxs_irq_set_cpus "$irq" 1
done
for q in $(rxs_in_peer sh -c "ls -d /sys/class/net/$RXS_PEER/queues/rx-*"); do
	rxs_in_peer sh -c "echo 2 > $q/rps_cpus" || rxs_fail "cannot set RPS of the peer ($q)"
done
for q in /sys/class/net/"$RXS_DUT"/queues/rx-*; do
	echo 0 > "$q/rps_cpus" || rxs_fail "cannot switch RPS off on $q"
done
if [ -e "/sys/class/net/$RXS_DUT/threaded" ]; then
	echo 0 > "/sys/class/net/$RXS_DUT/threaded" ||
		rxs_fail "cannot switch threaded NAPI off on $RXS_DUT"
fi
for irq in $(rxs_dut_irq_list); do
	[ -e "/proc/irq/$irq/smp_affinity_list" ] || continue
	rxs_irq_set_cpus "$irq" 0
done
ethtool -l "$RXS_DUT" | sed -n '/Current/,$p'

for m in rxscale_core mt7988_eth; do
	for s in "/sys/module/$m/sections"/.text*; do
		[ -e "$s" ] || rxs_fail "no $s"
		echo "RXSCALE-MODSECT: $m ${s##*/} $(cat "$s")"
	done
done

rxs_step "pktgen: 60-byte UDP frames from $RXS_COST_PORTS source ports, peer CPU 1"
modprobe pktgen || rxs_fail "modprobe pktgen"
pg=/proc/net/pktgen
rxs_in_peer sh -c "echo rem_device_all > $pg/kpktgend_1 &&
	echo 'add_device $RXS_PEER' > $pg/kpktgend_1" ||
	rxs_fail "pktgen: add_device $RXS_PEER"
for c in "count 0" "delay 0" "pkt_size 60" "clone_skb 0" "dst $RXS_DUT_IP" \
	"src_min $RXS_PEER_IP" "src_max $RXS_PEER_IP" "dst_mac $RXS_DUT_MAC" \
	"udp_src_min 10000" "udp_src_max $((10000 + RXS_COST_PORTS - 1))" \
	"udp_dst_min 5001" "udp_dst_max 5001" "flag UDPCSUM"; do
	rxs_in_peer sh -c "echo '$c' > $pg/$RXS_PEER" ||
		rxs_fail "pktgen: '$c' refused"
done
taskset -c 0 /rxscale/files/udpsink 5001 > /tmp/udpsink.txt 2>&1 &
sink=$!
sleep 1
rxs_in_peer sh -c "echo start > $pg/pgctrl" &
pgpid=$!
sleep 3

ip_in() {
	awk '$1 == "Ip:" && $3 ~ /^[0-9]/ { print $4 }' /proc/net/snmp
}
drv_rx() {
	cat "/sys/class/net/$RXS_DUT/statistics/rx_packets"
}
counted() {
	awk '!/^#/ { s += $3 } END { print s + 0 }' "$D/rss_buckets"
}

[ "$RXS_COST_BUCKETS" = none ] || b0=$(counted)
w=1
while [ "$w" -le "$RXS_COST_WINDOWS" ]; do
	i0=$(ip_in) d0=$(drv_rx) t0=$(cut -d ' ' -f 1 /proc/uptime)
	rxs_mark "w$w:start"
	sleep "$RXS_COST_SECS"
	rxs_mark "w$w:end"
	i1=$(ip_in) d1=$(drv_rx) t1=$(cut -d ' ' -f 1 /proc/uptime)
	if [ -z "$i0" ] || [ -z "$i1" ] || [ -z "$d0" ] || [ -z "$d1" ]; then
		rxs_fail "window $w: no Ip InReceives or rx_packets"
	fi
	echo "RXSCALE-COST: window=$w secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') ip_in=$((i1 - i0)) drv_rx=$((d1 - d0))"
	[ $((i1 - i0)) -gt 1000 ] || rxs_fail "window $w: only $((i1 - i0)) frames reached IP"
	w=$((w + 1))
done
rxs_in_peer sh -c "echo stop > $pg/pgctrl"
wait "$pgpid"
kill "$sink" 2>/dev/null
wait "$sink" 2>/dev/null
rxs_in_peer sh -c "cat $pg/$RXS_PEER" | sed -n 's/^Result: //p'
ethtool -S "$RXS_DUT" | grep -E '^ *(rx[0-9]*_packets|rx[0-9]*_dropped|rx[0-9]*_alloc_fail):' | sed 's/^ */  /'
if [ "$RXS_COST_BUCKETS" != none ]; then
	n=$(($(counted) - b0))
	mm=$(sed -n 's/^# counting [01] .*mismatches \([0-9]*\)$/\1/p' "$D/rss_buckets")
	echo "RXSCALE-BUCKETS: counting=$RXS_COST_BUCKETS counted=$n mismatches=$mm"
	if [ "$RXS_COST_BUCKETS" = 1 ]; then
		[ "$n" -gt 1000 ] || rxs_fail "counting on, but only $n frames counted"
		[ "$mm" = 0 ] || rxs_fail "$mm mismatches"
	else
		[ "$n" = 0 ] || rxs_fail "counting off, but $n frames counted"
	fi
fi
rxs_dmesg_check
