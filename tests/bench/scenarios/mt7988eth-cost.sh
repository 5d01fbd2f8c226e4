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

. ./lib-cost.sh

RXS_COST_BUCKETS=${RXS_COST_BUCKETS:-0}

rxs_cost_check
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

rxs_cost_layout mt7988_eth
rxs_cost_start

counted() {
	awk '!/^#/ { s += $3 } END { print s + 0 }' "$D/rss_buckets"
}

[ "$RXS_COST_BUCKETS" = none ] || b0=$(counted)
rxs_cost_windows
rxs_cost_stop
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
