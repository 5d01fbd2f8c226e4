#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Records the report tool's test fixtures (tests/report/data) over a veth
# pair between two network namespaces on this machine: iperf3 3.12 (Debian
# 12's) and 3.18 (Debian 13's, downloaded and run with Debian 13's own libc
# from the cache, never installed), mpstat JSON (sysstat), and two complete
# rxscale-bench run directories (RPS off, RPS on). Needs root.
#   tests/report/record-fixtures.sh [OUTDIR]   (default tests/report/data)
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../lib/common.sh"
. "$HERE/netns-lib.sh"
OUT=${1:-$HERE/data}
TOP=$HERE/../..
mkdir -p "$OUT"

# shellcheck disable=SC2046
rxs_apt_install $(grep -v "^#" "$TOP/tests/deps/scripts.txt")

# iperf3 3.18 from Debian 13, run through its own loader and libraries
rxn_iperf3_new || exit 1
IPERF3_NEW=$RXN_IPERF3_NEW

trap rxn_down EXIT INT TERM
rxn_up || rxs_die "could not set up the namespaces"
A="ip netns exec $RXN_A"

rec() { # rec FILE SERVER-IPERF3 CLIENT-IPERF3 ARGS...
	_f=$1 _s=$2 _c=$3
	shift 3
	rxn_server "$_s" || exit 1
	# shellcheck disable=SC2086
	$A $_c -c "$RXN_ADDR_B" -J "$@" > "$OUT/$_f"
	rxs_log "recorded $_f"
	sleep 0.5
}
rec iperf3-3.12-tcp-P2.json iperf3 iperf3 -P 2 -t 5
rec iperf3-3.12-tcp-R.json iperf3 iperf3 -R -t 3
rec iperf3-3.12-udp.json iperf3 iperf3 -u -b 300M -t 3
rec iperf3-3.18-tcp-P2.json "$IPERF3_NEW" "$IPERF3_NEW" -P 2 -t 5
rec iperf3-3.18-udp.json "$IPERF3_NEW" "$IPERF3_NEW" -u -b 300M -t 3

# no server: iperf3 reports the refused connection in its JSON
$A iperf3 -c "$RXN_ADDR_B" -J -t 2 > "$OUT/iperf3-3.12-refused.json"
rxs_log "recorded iperf3-3.12-refused.json"

# the server dies 2 s into a 6 s run: a truncated run
rxn_server iperf3 || exit 1
$A iperf3 -c "$RXN_ADDR_B" -J -t 6 > "$OUT/iperf3-3.12-truncated.json" &
cpid=$!
sleep 2.5
ip netns pids "$RXN_B" | xargs -r kill -9
wait $cpid
rxs_log "recorded iperf3-3.12-truncated.json"

# mpstat beside a run; then one killed mid-write (truncated JSON)
rxn_server iperf3 || exit 1
S_TIME_FORMAT=ISO LC_ALL=C TZ=UTC mpstat -P ALL -o JSON 1 > "$OUT/mpstat-12.6.json" &
mp=$!
$A iperf3 -c "$RXN_ADDR_B" -t 4 >/dev/null
kill -INT $mp
wait $mp
rxs_log "recorded mpstat-12.6.json"
S_TIME_FORMAT=ISO LC_ALL=C TZ=UTC mpstat -P ALL -o JSON 1 > "$OUT/mpstat-killed.json" &
mp=$!
sleep 2.5
kill -9 $mp
wait $mp 2>/dev/null
rxs_log "recorded mpstat-killed.json"

# two complete bench runs, RPS off then on; -R: the bench side receives
for rps in off on; do
	rm -rf "$OUT/run-rps-$rps"
	$A "$TOP/scripts/rxscale-tune" rps "$RXN_IF_A" "$rps" >/dev/null || exit 1
	rxn_server iperf3 || exit 1
	$A "$TOP/scripts/rxscale-bench" -q -c "$RXN_ADDR_B" -R -P 2 -t 5 -i "$RXN_IF_A" \
		-l "rps-$rps" -o "$OUT/run-rps-$rps" || exit 1
	sleep 0.5
done
rxs_log "fixtures in $OUT"
