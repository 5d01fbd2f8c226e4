#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The RSS hash r8127 reports (skb->hash) equals an independent software
# Toeplitz hash (include/rxscale/toeplitz.h) for >= 1000 flows, and the RX
# queue each flow arrived on is the indirection table's entry for it.
# Flows: UDP from distinct source ports and TCP connections, IPv4 and IPv6,
# peer -> DUT, plus a few ICMP echo requests (other IP traffic). Two
# rounds: the driver's default (UDP hashed on addresses only, TCP on
# addresses and ports), then the reverse (ethtool -N rx-flow-hash udp4/udp6
# sdfn, tcp4/tcp6 sd). The checker is tests/bench/tools/rsscheck (built by its build.sh);
# it travels into the guest as a --module file:
#
#   tests/bench/run-scenario.sh --kernel 7.3 --nic rtl8127 \
#     --module build/bench-modules/7.3-arm64/r8169/r8127.ko \
#     --module build/bench-tools/rsscheck tests/bench/scenarios/r8127-rsshash.sh
#
# --env RXS_RSSHASH_BADKEY=1 gives the checker a wrong key (byte 4
# inverted): the scenario must then FAIL with mismatches.
# --env RXS_RSSHASH_UDPSWAP=1 tells the checker the other UDP setting than
# the driver's (4-tuple while it hashes UDP on addresses, and the reverse):
# then every UDP flow must mismatch and the scenario FAIL.
# --env RXS_RSSHASH_TCPSWAP=1 does the same for TCP.
# --env RXS_RSSHASH_FLOWS=N: flows per kind (udp4, udp6, tcp4, tcp6; 300).
# --env RXS_RSSHASH_MIN=N: distinct hash inputs each round must check
# (1000; make check's gate runs 120 flows per kind and wants 400).
# The peer sends from RXS_RSSHASH_NSRC extra addresses per family
# (198.18.0.3.., fd00:8127::1:0..; default the flows per kind, at most
# 250: flow i of a kind comes from address i % NSRC, so more would go
# unused), so that UDP flows hashed on addresses only still give distinct
# hash inputs; the checker counts distinct inputs.
. ./lib.sh

rxs_setup r8127
rxs_wait_link 20
# r8127 asks for the PHY patch once, at probe
rxs_dmesg_expect_nofw 1
rxs_rsshash_prepare

# checked PROTO N: the tuple the checker assumes for PROTO (UDP or TCP)
# while the driver hashes it as an N-tuple: N, or the other one with
# RXS_RSSHASH_<PROTO>SWAP=1
checked() {
	eval "_swap=\${RXS_RSSHASH_${1}SWAP:-0}"
	if [ "$_swap" = 1 ]; then
		rxs_say "RXS_RSSHASH_${1}SWAP: the checker expects $1 as a $((6 - $2))-tuple" >&2
		echo $((6 - $2))
	else
		echo "$2"
	fi
}

ethtool -n "$RXS_DUT" rx-flow-hash udp4
ethtool -n "$RXS_DUT" rx-flow-hash tcp4
rxs_rsshash_round "$(checked UDP 2)" "$(checked TCP 4)"
rxs_step "ethtool -N rx-flow-hash udp4/udp6 sdfn, tcp4/tcp6 sd"
ethtool -N "$RXS_DUT" rx-flow-hash udp4 sdfn || rxs_fail "ethtool -N udp4 sdfn"
ethtool -N "$RXS_DUT" rx-flow-hash udp6 sdfn || rxs_fail "ethtool -N udp6 sdfn"
ethtool -N "$RXS_DUT" rx-flow-hash tcp4 sd || rxs_fail "ethtool -N tcp4 sd"
ethtool -N "$RXS_DUT" rx-flow-hash tcp6 sd || rxs_fail "ethtool -N tcp6 sd"
ethtool -n "$RXS_DUT" rx-flow-hash udp4
ethtool -n "$RXS_DUT" rx-flow-hash udp6
ethtool -n "$RXS_DUT" rx-flow-hash tcp6
rxs_rsshash_round "$(checked UDP 4)" "$(checked TCP 2)"
rxs_dmesg_check
