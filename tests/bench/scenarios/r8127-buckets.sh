#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# r8127 (issue 20): the per-bucket RSS counters (debugfs
# r8127/<PCI name>/rss_buckets, docs/rebalance.md) against the rings'
# own counters. With 20 TCP and 12 UDP flows from the peer for 8 s, per
# queue: the packets and bytes of the buckets the table points at that
# queue equal rx<q>_packets and rx<q>_bytes (ring 0 may also take a few
# frames without an IP hash, ARP, which no bucket counts), and at least
# 16 buckets counted. The rings' counters are the driver's too, but they
# are counted per ring the hardware picked, the buckets per hash the
# hardware wrote: a byte count of another basis, a wrong bucket index or a
# missed frame shows. Run with --nic rtl8127 --smp 4 (4 RX queues), the
# rxscale_core and r8127 modules.
. ./lib.sh

rxs_setup r8127
rxs_wait_link 20
rxs_check_default_rss 4
[ -d /sys/kernel/debug/r8127 ] || mount -t debugfs none /sys/kernel/debug 2>/dev/null
CNT=/sys/kernel/debug/r8127/$RXS_DUT_PCI/rss_buckets
[ -r "$CNT" ] || { ls -lR /sys/kernel/debug/r8127 2>&1; rxs_fail "no $CNT"; }
rxs_ping 3

# snap NAME: the counter file and the rings' counters
snap() {
	cat "$CNT" > "/tmp/b.$1" || rxs_fail "cannot read $CNT"
	for q in 0 1 2 3; do
		echo "$q $(rxs_ethtool_stat "rx${q}_packets") $(rxs_ethtool_stat "rx${q}_bytes")"
	done > "/tmp/q.$1"
}

rxs_step "20 TCP and 12 UDP flows, 8 s"
rxs_in_peer iperf3 -s -1 -D -B "$RXS_PEER_IP" -p 5201 || rxs_fail "iperf3 server"
rxs_in_peer iperf3 -s -1 -D -B "$RXS_PEER_IP" -p 5202 || rxs_fail "iperf3 server"
rxs_wait_listen 5201
rxs_wait_listen 5202
snap a
timeout 40 iperf3 -c "$RXS_PEER_IP" -B "$RXS_DUT_IP" -R -P 20 -t 8 -p 5201 > /tmp/tcp.txt 2>&1 &
tp=$!
timeout 40 iperf3 -c "$RXS_PEER_IP" -B "$RXS_DUT_IP" -R -u -b 3M -l 1000 -P 12 -t 8 \
	-p 5202 > /tmp/udp.txt 2>&1 || { cat /tmp/udp.txt; rxs_fail "iperf3 -u -R -P 12"; }
wait "$tp" || { cat /tmp/tcp.txt; rxs_fail "iperf3 -R -P 20"; }
snap b
grep SUM /tmp/tcp.txt /tmp/udp.txt | grep receiver
awk '
FILENAME ~ /b\.a$/ && !/^#/ { p0[$1] = $3; y0[$1] = $4; next }
FILENAME ~ /b\.b$/ && !/^#/ { bp[$2] += $3 - p0[$1]; by[$2] += $4 - y0[$1]
	if ($3 > p0[$1]) used++; next }
FILENAME ~ /q\.a$/ { rp[$1] = -$2; ry[$1] = -$3; next }
FILENAME ~ /q\.b$/ { rp[$1] += $2; ry[$1] += $3 }
END {
	for (q = 0; q < 4; q++) {
		printf "queue %d: buckets %d packets %d bytes, ring %d packets %d bytes\n",
			q, bp[q], by[q], rp[q], ry[q]
		d = rp[q] - bp[q]
		# ring 0 also takes the frames no hash type covers (ARP), uncounted
		if (d < 0 || d > 20 || (q > 0 && (d != 0 || ry[q] != by[q])) ||
		    (q == 0 && ry[q] < by[q]))
			bad = 1
		if (bp[q] < 100) idle = 1
	}
	printf "buckets with packets: %d\n", used
	if (used < 16) bad = 1
	exit bad + 2 * idle
}' /tmp/b.a /tmp/b.b /tmp/q.a /tmp/q.b
case $? in
0) ;;
2) rxs_fail "a queue got fewer than 100 counted packets from 32 flows" ;;
*) rxs_fail "bucket sums and ring counters differ (above)" ;;
esac
rxs_check_pass "bucket sums per queue equal rx<q>_packets and rx<q>_bytes"
rxs_dmesg_expect_nofw 1
rxs_dmesg_check
