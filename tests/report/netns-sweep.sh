#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rxscale-bench --sweep over veth between two network namespaces
# (netns-lib.sh: 198.18.0.0/15, traffic never leaves them), each point run
# DEMO_REPEAT (default 5) times, iperf3 -R (the bench side receives):
#   1. --sweep P=1,4,8,20 (iperf3 parallel streams)
#   2. --sweep rps=off,on with -P DEMO_STREAMS (default 4), RPS of the
#      receiving veth end; its rps_cpus is set to 2 (CPU1) first and must
#      be 2 again after the sweep (the sweep restores what it found)
# then rxscale-report of each with its plots. Needs root. Bounded: 30 runs
# of DEMO_SECONDS (default 5) s, about 10 s each with the pauses.
#   tests/report/netns-sweep.sh [OUTDIR]      (default build/netns-sweep)
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
. "$HERE/../lib/common.sh"
. "$HERE/netns-lib.sh"
OUT=${1:-$TOP/build/netns-sweep}
SECS=${DEMO_SECONDS:-5}
STREAMS=${DEMO_STREAMS:-4}
REPEAT=${DEMO_REPEAT:-5}

die() {
	printf 'netns-sweep: FAIL: %s\n' "$*" >&2
	exit 1
}
log() {
	printf 'netns-sweep: %s\n' "$*" >&2
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
[ "$SECS" -ge 2 ] && [ "$SECS" -le 30 ] || die "DEMO_SECONDS must be 2..30"
case $REPEAT in '' | *[!0-9]*) die "DEMO_REPEAT must be a number" ;; esac
[ "$REPEAT" -ge 1 ] && [ "$REPEAT" -le 10 ] || die "DEMO_REPEAT must be 1..10"

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
rm -rf "$OUT/sweep-P" "$OUT/sweep-rps" "$OUT/report-P" "$OUT/report-rps"

trap rxn_down EXIT
trap 'exit 1' INT TERM
rxn_up || die "could not create the namespaces"
A="ip netns exec $RXN_A"
log "namespaces $RXN_A ($RXN_IF_A $RXN_ADDR_A) and $RXN_B ($RXN_IF_B $RXN_ADDR_B)"

# one iperf3 server that stays up for every run of both sweeps
ip netns exec "$RXN_B" iperf3 -s -B "$RXN_ADDR_B" >/dev/null 2>&1 &
i=0
until ip netns exec "$RXN_B" ss -Htln 2>/dev/null | grep -q "$RXN_ADDR_B:5201"; do
	i=$((i + 1))
	[ $i -lt 50 ] || die "no iperf3 server in $RXN_B"
	sleep 0.1
done

log "sweep 1: -P 1, 4, 8, 20; $REPEAT runs of $SECS s each"
$A "$TOP/scripts/rxscale-bench" -q -c "$RXN_ADDR_B" -R -t "$SECS" -i "$RXN_IF_A" \
	--repeat "$REPEAT" --sweep P=1,4,8,20 -l "veth -P sweep" -o "$OUT/sweep-P" ||
	die "rxscale-bench --sweep P failed: $(cat "$OUT/sweep-P/status" 2>/dev/null)"

rps=/sys/class/net/$RXN_IF_A/queues/rx-0/rps_cpus
$A sh -c "echo 2 > $rps" || die "cannot set $rps"
log "sweep 2: RPS off, on (-P $STREAMS); $REPEAT runs of $SECS s each; rps_cpus $($A cat "$rps") before"
$A "$TOP/scripts/rxscale-bench" -q -c "$RXN_ADDR_B" -R -P "$STREAMS" -t "$SECS" -i "$RXN_IF_A" \
	--repeat "$REPEAT" --sweep rps=off,on -l "veth RPS sweep" -o "$OUT/sweep-rps" ||
	die "rxscale-bench --sweep rps failed: $(cat "$OUT/sweep-rps/status" 2>/dev/null)"
after=$($A cat "$rps")
[ "$after" = 2 ] || die "rps_cpus is $after after the sweep, not 2 as before it"
log "rps_cpus $after after the sweep: restored"
grep -qx restored=yes "$OUT/sweep-rps/sweep.txt" || die "sweep.txt lacks restored=yes"

for p in P rps; do
	"$REPORT" -o "$OUT/report-$p" "$OUT/sweep-$p" || die "rxscale-report of the $p sweep failed"
	for f in report.md sweep-throughput.png sweep-softirq.png; do
		[ -s "$OUT/report-$p/$f" ] || die "no $OUT/report-$p/$f"
	done
	sed -n '/^## Sweep/,/^!\[/p' "$OUT/report-$p/report.md" | sed '$d'
	log "report: $OUT/report-$p/report.md"
done
log "PASS"
