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
# --env RXS_RSSHASH_BADKEY=1 gives the checker a wrong key (byte 0
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

CHK=$RXS_DIR/modules/rsscheck
N=${RXS_RSSHASH_FLOWS:-300}
MIN=${RXS_RSSHASH_MIN:-1000}
NSRC=${RXS_RSSHASH_NSRC:-$((N < 250 ? N : 250))}
PORT=5201

[ -x "$CHK" ] || rxs_fail "no $CHK: pass build/bench-tools/rsscheck with --module"

rxs_setup r8127
rxs_wait_link 20
# r8127 asks for the PHY patch once, at probe
rxs_dmesg_expect_nofw 1
ip -6 addr add fd00:8127::1/64 dev "$RXS_DUT" nodad || rxs_fail "DUT IPv6 address"
rxs_in_peer ip -6 addr add fd00:8127::2/64 dev "$RXS_PEER" nodad ||
	rxs_fail "peer IPv6 address"
rxs_step "peer source addresses"
[ "$NSRC" -le 250 ] || rxs_fail "RXS_RSSHASH_NSRC > 250"
awk -v n="$NSRC" -v d="$RXS_PEER" 'BEGIN { for (i = 0; i < n; i++) {
	printf "addr add 198.18.0.%d/24 dev %s\n", 3 + i, d
	printf "addr add fd00:8127::1:%x/64 dev %s nodad\n", i, d } }' > /tmp/addrs.txt
ip -n "$RXS_NS" -batch /tmp/addrs.txt || rxs_fail "peer source addresses"
rxs_say "peer has $(ip -n "$RXS_NS" -4 addr show dev "$RXS_PEER" | grep -c 'inet ') IPv4 and $(ip -n "$RXS_NS" -6 addr show dev "$RXS_PEER" | grep -c 'inet6 fd00') IPv6 addresses"
rxs_ping 3
ping -6 -A -c 3 -W 2 fd00:8127::2 > /tmp/ping6.txt 2>&1 ||
	{ cat /tmp/ping6.txt; rxs_fail "ping -6 failed"; }

rxs_step "RSS key and indirection table (ethtool -x)"
ethtool -x "$RXS_DUT" > /tmp/x.txt 2>&1 || { cat /tmp/x.txt; rxs_fail "ethtool -x failed"; }
cat /tmp/x.txt
KEY=$(awk '/^RSS hash key:/ { getline; print; exit }' /tmp/x.txt)
INDIR=$(awk '/^RSS hash key:/ { exit } /^ *[0-9]+:/ { for (i = 2; i <= NF; i++) printf "%s%s", (n++ ? "," : ""), $i }' /tmp/x.txt)
[ -n "$KEY" ] || rxs_fail "no RSS key in ethtool -x"
[ -n "$INDIR" ] || rxs_fail "no indirection table in ethtool -x"
rxs_say "key $KEY"
rxs_say "table of $(echo "$INDIR" | tr ',' '\n' | wc -l) entries"
if [ "${RXS_RSSHASH_BADKEY:-0}" = 1 ]; then
	_b=$(echo "$KEY" | cut -d: -f1)
	_b=$(printf '%02x' $(( 0x$_b ^ 0xff )))
	KEY=$_b:$(echo "$KEY" | cut -d: -f2-)
	rxs_say "RXS_RSSHASH_BADKEY: checking against the wrong key $KEY"
fi

# round UDPBITS TCPBITS: one receiver run, one sender run, the receiver's
# verdict
round() {
	_u=$1
	_tc=$2
	rxs_step "flows: UDP hashed as a $_u-tuple, TCP as a $_tc-tuple"
	_out=/tmp/recv-$_u.txt
	rm -f "$_out"
	_c=$_u
	if [ "${RXS_RSSHASH_UDPSWAP:-0}" = 1 ]; then
		_c=$((6 - _u))
		rxs_say "RXS_RSSHASH_UDPSWAP: the checker expects UDP as a $_c-tuple"
	fi
	if [ "${RXS_RSSHASH_TCPSWAP:-0}" = 1 ]; then
		_tc=$((6 - _tc))
		rxs_say "RXS_RSSHASH_TCPSWAP: the checker expects TCP as a $_tc-tuple"
	fi
	"$CHK" recv --dev "$RXS_DUT" --key "$KEY" --indir "$INDIR" --udp4 "$_c" \
		--udp6 "$_c" --tcp4 "$_tc" --tcp6 "$_tc" --port "$PORT" --seconds 400 --min-flows "$MIN" \
		> "$_out" 2>&1 &
	_rpid=$!
	_t=0
	until grep -q '^rsscheck: ready' "$_out" 2>/dev/null; do
		_t=$((_t + 1))
		[ "$_t" -le 75 ] && kill -0 "$_rpid" 2>/dev/null ||
			{ cat "$_out"; rxs_fail "rsscheck recv did not start"; }
		rxs_tick
	done
	head -n 1 "$_out"
	_t0=$(cut -d' ' -f1 /proc/uptime)
	rxs_in_peer "$CHK" send --dst4 "$RXS_DUT_IP" --dst6 fd00:8127::1 \
		--udp4 "$N" --udp6 "$N" --tcp4 "$N" --tcp6 "$N" --port "$PORT" \
		--sport-base $((20000 + _u * 1000)) --size 400 \
		--src4 198.18.0.3 --src6 fd00:8127::1:0 --nsrc "$NSRC"
	_src=$?
	# other IP traffic (2-tuple hash): ICMP echo requests from 8 addresses
	# per family, padded like the rest; all at once (a process each), each
	# leaves a file if answered
	rm -f /tmp/icmp-ok.*
	_pids=
	_i=0
	while [ "$_i" -lt 8 ]; do
		{ rxs_in_peer ping -c 1 -W 2 -s 400 -I "198.18.0.$((3 + _i))" "$RXS_DUT_IP" > /dev/null 2>&1 &&
			: > "/tmp/icmp-ok.4-$_i"; } &
		_pids="$_pids $!"
		{ rxs_in_peer ping -6 -c 1 -W 2 -s 400 -I "fd00:8127::1:$_i" fd00:8127::1 > /dev/null 2>&1 &&
			: > "/tmp/icmp-ok.6-$_i"; } &
		_pids="$_pids $!"
		_i=$((_i + 1))
	done
	for _p in $_pids; do
		wait "$_p"
	done
	_ok=$(find /tmp -maxdepth 1 -name 'icmp-ok.*' | wc -l)
	[ "$_ok" = 16 ] || {
		rxs_say "ICMP echo requests answered: $_ok of 16"
		_src=1
	}
	sleep 1
	kill -INT "$_rpid"
	wait "$_rpid"
	_rrc=$?
	rxs_say "round took $(awk -v a="$_t0" -v b="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN { print b - a }') s (guest time)"
	tail -n +2 "$_out"
	[ "$_src" = 0 ] || rxs_fail "rsscheck send or ping: not every flow was sent (status $_src)"
	[ "$_rrc" = 0 ] || rxs_fail "rsscheck recv: status $_rrc (UDP $_u-tuple, TCP $_tc-tuple)"
}

ethtool -n "$RXS_DUT" rx-flow-hash udp4
ethtool -n "$RXS_DUT" rx-flow-hash tcp4
round 2 4
rxs_step "ethtool -N rx-flow-hash udp4/udp6 sdfn, tcp4/tcp6 sd"
ethtool -N "$RXS_DUT" rx-flow-hash udp4 sdfn || rxs_fail "ethtool -N udp4 sdfn"
ethtool -N "$RXS_DUT" rx-flow-hash udp6 sdfn || rxs_fail "ethtool -N udp6 sdfn"
ethtool -N "$RXS_DUT" rx-flow-hash tcp4 sd || rxs_fail "ethtool -N tcp4 sd"
ethtool -N "$RXS_DUT" rx-flow-hash tcp6 sd || rxs_fail "ethtool -N tcp6 sd"
ethtool -n "$RXS_DUT" rx-flow-hash udp4
ethtool -n "$RXS_DUT" rx-flow-hash udp6
ethtool -n "$RXS_DUT" rx-flow-hash tcp6
round 4 2
rxs_dmesg_check
