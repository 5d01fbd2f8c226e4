#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# r8127 (issue 20): the per-bucket RSS counters (debugfs
# r8127/<PCI name>/rss_buckets, docs/rebalance.md) against the rings'
# own counters. With 20 TCP and 12 UDP flows from the peer for 8 s, per
# queue: the packets and bytes of the buckets the table points at that
# queue equal rx<q>_packets and rx<q>_bytes (ring 0 may also take a few
# frames without an IP hash, ARP, which no bucket counts), and at least
# 16 buckets counted (scenarios/lib-buckets.sh). Run with --nic rtl8127 --smp 4 (4 RX queues), the
# rxscale_core and r8127 modules.
. ./lib.sh
. ./lib-buckets.sh

rxs_setup r8127
rxs_wait_link 20
rxs_check_default_rss 4
[ -d /sys/kernel/debug/r8127 ] || mount -t debugfs none /sys/kernel/debug 2>/dev/null
CNT=/sys/kernel/debug/r8127/$RXS_DUT_PCI/rss_buckets
[ -r "$CNT" ] || { ls -lR /sys/kernel/debug/r8127 2>&1; rxs_fail "no $CNT"; }
rxs_ping 3

rxs_step "20 TCP and 12 UDP flows, 8 s"
rxs_in_peer iperf3 -s -1 -D -B "$RXS_PEER_IP" -p 5201 || rxs_fail "iperf3 server"
rxs_in_peer iperf3 -s -1 -D -B "$RXS_PEER_IP" -p 5202 || rxs_fail "iperf3 server"
rxs_wait_listen 5201
rxs_wait_listen 5202
rxs_buckets_snap "$CNT" a
timeout 40 iperf3 -c "$RXS_PEER_IP" -B "$RXS_DUT_IP" -R -P 20 -t 8 -p 5201 > /tmp/tcp.txt 2>&1 &
tp=$!
timeout 40 iperf3 -c "$RXS_PEER_IP" -B "$RXS_DUT_IP" -R -u -b 3M -l 1000 -P 12 -t 8 \
	-p 5202 > /tmp/udp.txt 2>&1 || { cat /tmp/udp.txt; rxs_fail "iperf3 -u -R -P 12"; }
wait "$tp" || { cat /tmp/tcp.txt; rxs_fail "iperf3 -R -P 20"; }
rxs_buckets_snap "$CNT" b
grep SUM /tmp/tcp.txt /tmp/udp.txt | grep receiver
rxs_buckets_vs_rings a b
rxs_check_pass "bucket sums per queue equal rx<q>_packets and rx<q>_bytes"
rxs_dmesg_expect_nofw 1
rxs_dmesg_check
