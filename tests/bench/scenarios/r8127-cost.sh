#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What r8127's own code executes per received frame, for
# tests/bench/rss-count-cost.sh (issue 20: the cost of the per-bucket RSS
# counters, a build with them against one without). Run with --nic
# rtl8127 --smp 2 --icount-pages FILE and the rxscale_core and r8127
# modules.
#
# Layout: every r8127 vector on CPU 0 (RX and TX NAPI there, in softirq:
# RPS off, NAPI not threaded), the peer (virtio-net in namespace "peer",
# its vectors and RPS) on CPU 1, where the kernel's pktgen floods 60-byte
# UDP frames (64 on the wire) at the DUT, RXS_COST_PORTS source ports
# (default 256); tools/udpsink reads them on CPU 0 (so no ICMP port
# unreachable is sent back). RXS_COST_WINDOWS (3) windows of
# RXS_COST_SECS (8) s, each between rxs_mark "wN:start" and "wN:end": the
# plugin then writes every kernel page's instruction count (all vCPUs),
# and the host sums r8127's text pages. The frames of a window are the
# IP layer's (/proc/net/snmp Ip InReceives: counted by the kernel, not by
# the driver), printed as
#   RXSCALE-COST: window=N secs=S ip_in=N drv_rx=N
# beside the driver's own rx_packets. Before the first window the module
# text sections are printed, one "RXSCALE-MODSECT: MODULE SECTION ADDR"
# each (/sys/module/*/sections; their sizes come from the .ko on the
# host).
# The method (CPUs, pktgen, windows, output): scenarios/lib-cost.sh.
. ./lib.sh
. ./lib-cost.sh

rxs_cost_check
rxs_setup
[ "$(rxs_dut_driver)" = r8127 ] || rxs_fail "the DUT's driver is $(rxs_dut_driver), not r8127"
rxs_dmesg_expect_nofw 1
rxs_wait_link 20
rxs_ping 3
rxs_cost_layout r8127
rxs_cost_start
rxs_cost_windows
rxs_cost_stop
rxs_dmesg_check
