#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# End-to-end run of rxscale's user tools on this machine: two network
# namespaces joined by veth (198.18.0.0/15, traffic never leaves them),
# rxscale-bench twice with the receiving side's RPS off and then on
# (iperf3 -R: the bench side receives), rxscale-report side by side with
# plots. Needs root. Bounded: two runs of DEMO_SECONDS (default 10) s.
# DEMO_IPERF3=3.18 runs Debian 13's iperf3 3.18 (multi-threaded, fetched
# into the cache) on both ends instead of the system's 3.12.
#   tests/report/netns-demo.sh [OUTDIR]      (default build/netns-demo)
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
. "$HERE/../lib/common.sh"
. "$HERE/netns-lib.sh"
OUT=${1:-$TOP/build/netns-demo}
SECS=${DEMO_SECONDS:-10}
STREAMS=${DEMO_STREAMS:-4}

die() {
	printf 'netns-demo: error: %s\n' "$*" >&2
	exit 1
}
log() {
	printf 'netns-demo: %s\n' "$*" >&2
}

[ "$(id -u)" -eq 0 ] || die "needs root (network namespaces)"
missing=
for t in ip ss iperf3 mpstat ethtool gnuplot cmake c++; do
	command -v $t >/dev/null 2>&1 || missing="$missing $t"
done
[ -f /usr/include/nlohmann/json.hpp ] || missing="$missing nlohmann-json3-dev"
[ -z "$missing" ] ||
	die "missing:$missing (install them: sh tests/deps.sh scripts)"
case $SECS in '' | *[!0-9]*) die "DEMO_SECONDS must be a number" ;; esac
[ "$SECS" -ge 4 ] && [ "$SECS" -le 30 ] || die "DEMO_SECONDS must be 4..30"

IPERF3=iperf3
case ${DEMO_IPERF3:-system} in
system) ;;
3.18)
	rxn_iperf3_new || die "no iperf3 3.18"
	IPERF3=$RXN_IPERF3_NEW ;;
*) die "DEMO_IPERF3 is 'system' or '3.18'" ;;
esac
export IPERF3

BUILD=${RXSCALE_REPORT_BUILD:-$TOP/build/report-tool}
log "building rxscale-report in $BUILD"
mkdir -p "$(dirname "$BUILD")" || die "cannot create $(dirname "$BUILD")"
rxs_ccache
# shellcheck disable=SC2086
cmake -S "$TOP/scripts/report" -B "$BUILD" $RXS_CMAKE_CCACHE >"$BUILD.log" 2>&1 &&
	cmake --build "$BUILD" -j2 >>"$BUILD.log" 2>&1 ||
	die "building rxscale-report failed, see $BUILD.log"
REPORT=$BUILD/rxscale-report

mkdir -p "$OUT" || die "cannot create $OUT"
# tune-state.txt too: rxscale-tune save refuses to overwrite a saved state
rm -rf "$OUT/run-rps-off" "$OUT/run-rps-on" "$OUT/report" "$OUT/tune-state.txt"

trap rxn_down EXIT
trap 'exit 1' INT TERM
rxn_up || die "could not create the namespaces"
A="ip netns exec $RXN_A"
log "namespaces $RXN_A ($RXN_IF_A $RXN_ADDR_A) and $RXN_B ($RXN_IF_B $RXN_ADDR_B)"

$A "$TOP/scripts/rxscale-tune" show "$RXN_IF_A" > "$OUT/tune-show.txt" ||
	die "rxscale-tune show failed"
$A "$TOP/scripts/rxscale-tune" save "$RXN_IF_A" "$OUT/tune-state.txt" >/dev/null ||
	die "rxscale-tune save failed"

for rps in off on; do
	log "RPS $rps on $RXN_IF_A"
	$A "$TOP/scripts/rxscale-tune" rps "$RXN_IF_A" $rps || die "rxscale-tune rps $rps failed"
	rxn_server "$IPERF3" || die "no iperf3 server"
	$A "$TOP/scripts/rxscale-bench" -c "$RXN_ADDR_B" -R -P "$STREAMS" -t "$SECS" \
		-i "$RXN_IF_A" -l "rps-$rps" -o "$OUT/run-rps-$rps" ||
		die "rxscale-bench (RPS $rps) failed: $(cat "$OUT/run-rps-$rps/status" 2>/dev/null)"
	sleep 1
done
$A "$TOP/scripts/rxscale-tune" restore "$OUT/tune-state.txt" >/dev/null ||
	die "rxscale-tune restore failed"

"$REPORT" -o "$OUT/report" "$OUT/run-rps-off" "$OUT/run-rps-on" ||
	die "rxscale-report failed"
for f in report.md throughput.png softirq-1.png softirq-2.png softirq-mean.png; do
	[ -s "$OUT/report/$f" ] || die "no $OUT/report/$f"
done
sed -n '/^## Side by side/,/^!\[/p' "$OUT/report/report.md" | sed '$d'
log "report: $OUT/report/report.md"
