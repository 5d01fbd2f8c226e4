# SPDX-License-Identifier: GPL-2.0
# Two network namespaces joined by a veth pair, for rxscale's bench runs.
# Addresses come from 198.18.0.0/15 (RFC 2544 benchmarking range); the
# namespaces have no other interface and no route out, so traffic never
# leaves them. Sourced by netns-demo.sh and record-fixtures.sh (POSIX sh).
#
# RXN_A / RXN_B: namespace names (client side, server side)
# RXN_IF_A / RXN_IF_B: veth ends inside them
# RXN_ADDR_A / RXN_ADDR_B: their addresses

RXN_A=rxscale-a-$$
RXN_B=rxscale-b-$$
RXN_IF_A=rxs0
RXN_IF_B=rxs1
RXN_ADDR_A=198.18.0.1
RXN_ADDR_B=198.18.0.2

rxn_up() {
	[ "$(id -u)" -eq 0 ] || { echo "error: network namespaces need root" >&2; return 1; }
	command -v ip >/dev/null || { echo "error: ip (iproute2) not found" >&2; return 1; }
	ip netns add "$RXN_A" || return 1
	ip netns add "$RXN_B" || { ip netns del "$RXN_A"; return 1; }
	ip link add "$RXN_IF_A" netns "$RXN_A" type veth \
		peer name "$RXN_IF_B" netns "$RXN_B" &&
	ip -n "$RXN_A" addr add "$RXN_ADDR_A/30" dev "$RXN_IF_A" &&
	ip -n "$RXN_B" addr add "$RXN_ADDR_B/30" dev "$RXN_IF_B" &&
	ip -n "$RXN_A" link set lo up &&
	ip -n "$RXN_B" link set lo up &&
	ip -n "$RXN_A" link set "$RXN_IF_A" up &&
	ip -n "$RXN_B" link set "$RXN_IF_B" up || { rxn_down; return 1; }
}

rxn_down() {
	ip netns pids "$RXN_B" 2>/dev/null | xargs -r kill 2>/dev/null
	ip netns pids "$RXN_A" 2>/dev/null | xargs -r kill 2>/dev/null
	ip netns del "$RXN_A" 2>/dev/null
	ip netns del "$RXN_B" 2>/dev/null
	return 0
}

# rxn_server [IPERF3-COMMAND]: a one-off iperf3 server in the B namespace,
# returns once it listens.
rxn_server() {
	_cmd=${1:-iperf3}
	# shellcheck disable=SC2086
	ip netns exec "$RXN_B" $_cmd -s -1 -B "$RXN_ADDR_B" >/dev/null 2>&1 &
	_i=0
	while [ $_i -lt 50 ]; do
		ip netns exec "$RXN_B" ss -Htln 2>/dev/null | grep -q "$RXN_ADDR_B:5201" && return 0
		sleep 0.1
		_i=$((_i + 1))
	done
	echo "error: iperf3 server did not start in $RXN_B" >&2
	return 1
}

# rxn_iperf3_new: sets RXN_IPERF3_NEW to a command that runs iperf3 3.18
# from Debian 13 (iperf3 + libiperf0 and the libraries they need, downloaded
# with tests/lib/common.sh's private apt configuration into the cache and
# run through Debian 13's own loader; nothing is installed). Needs
# tests/lib/common.sh sourced.
rxn_iperf3_new() {
	_new=$RXS_CACHE/iperf3-trixie
	if [ ! -x "$_new/root/usr/bin/iperf3" ]; then
		rxs_deb_get trixie "$_new" iperf3 libiperf0 libc6 libssl3t64 libsctp1 libzstd1 zlib1g
		for _d in "$_new"/*.deb; do
			dpkg-deb -x "$_d" "$_new/root" || { echo "error: cannot unpack $_d" >&2; return 1; }
		done
	fi
	RXN_IPERF3_NEW="$_new/root/usr/lib64/ld-linux-x86-64.so.2 --library-path $_new/root/usr/lib/x86_64-linux-gnu $_new/root/usr/bin/iperf3"
	# shellcheck disable=SC2086
	$RXN_IPERF3_NEW --version 2>/dev/null | head -n 1 | grep -q '^iperf 3\.\(1[6-9]\|[2-9][0-9]\)' || {
		echo "error: the Debian 13 iperf3 does not run here" >&2
		return 1
	}
}
