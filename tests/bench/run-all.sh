#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run every bench scenario of tests/bench/scenarios/matrix.txt (or of the
# matrix file given as $1) and print one PASS/FAIL line per scenario, then
# "N passed, N failed". Exits non-zero if any failed. A scenario whose
# prerequisites (QEMU device, guest, module) are missing fails.
#
# Logs: ${RXS_BENCH_LOGS:-<top>/build/bench}/<scenario>-<kernel>-<nic>.log

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/common.sh"
. "$here/lib.sh"

matrix=${1:-$here/scenarios/matrix.txt}
[ -f "$matrix" ] || rxs_die "no matrix file $matrix"
logs=${RXS_BENCH_LOGS:-$RXS_TOP/build/bench}
mkdir -p "$logs"

t0=$(rxsb_now)
sh "$RXS_TOP/tests/deps.sh" bench rsscheck nlcheck > "$logs/deps.log" 2>&1 ||
	echo "note: installing the bench's packages failed, see $logs/deps.log"
# Build QEMU and both guests first so that a build failure shows once and
# the per-scenario times are run times.
"$here/qemu/build.sh" > "$logs/qemu-build.log" 2>&1 ||
	echo "note: QEMU build failed, see $logs/qemu-build.log"
for k in $(grep -v '^#' "$matrix" | awk 'NF >= 3 { print $2 }' | sort -u); do
	"$here/guest/build.sh" "$k" > "$logs/guest-$k.log" 2>&1 ||
		echo "note: guest $k build failed, see $logs/guest-$k.log"
done

# The project's modules for the guest kernels, and the guest-side tools
# (arm64, static), from this checkout.
if [ -f "$RXS_TOP/r8169/Kbuild" ]; then
	"$here/build-modules.sh" > "$logs/modules.log" 2>&1 ||
		echo "note: building the project's modules failed, see $logs/modules.log"
fi
"$here/tools/rsscheck/build.sh" > "$logs/rsscheck.log" 2>&1 ||
	echo "note: building rsscheck failed, see $logs/rsscheck.log"
"$here/tools/nlcheck/build.sh" > "$logs/nlcheck.log" 2>&1 ||
	echo "note: building nlcheck failed, see $logs/nlcheck.log"
sh "$here/tools/mkrtlfw.sh" > "$logs/mkrtlfw.log" 2>&1 ||
	echo "note: writing the test firmware files failed, see $logs/mkrtlfw.log"

pass=0
failn=0
while read -r scen kern nic opts; do
	case $scen in ''|'#'*) continue ;; esac
	opts=$(printf '%s' "${opts:-}" | sed -e "s|\${RXS_CACHE}|$RXS_CACHE|g" \
		-e "s|\${RXS_TOP}|$RXS_TOP|g")
	mods=$(printf '%s\n' $opts | sed -n '/^--module$/{n;s|.*/||;p}' | tr '\n' '+')
	tag="$scen $kern $(echo "$nic" | cut -d, -f1)${mods:+ +${mods%+}}"
	log=$logs/$scen-$kern-$(echo "$nic" | tr ',=/' '___')${mods:+-$(echo "${mods%+}" | tr '+' '_')}.log
	s0=$(rxsb_now)
	# shellcheck disable=SC2086
	if "$here/run-scenario.sh" --show --kernel "$kern" --nic "$nic" $opts \
		"$here/scenarios/$scen.sh" > "$log" 2>&1 < /dev/null; then
		pass=$((pass + 1))
		echo "PASS $tag ($(( $(rxsb_now) - s0 )) s)$(sed -n 's/^RXSCALE-IPERF: \([a-z]*\) .* mbits=\(.*\)/ \1 \2 Mbit\/s/p' "$log" | tr -d '\r\n')"
	else
		failn=$((failn + 1))
		why=$(grep -E '^FAIL |^error:' "$log" | tail -n 1)
		echo "FAIL $tag ($(( $(rxsb_now) - s0 )) s): ${why:-see log}"
		grep -E '^RXSCALE-FAIL' "$log" | head -n 3 | sed 's/^/    /'
		echo "    log: $log"
	fi
done < "$matrix"

echo "bench time $(( $(rxsb_now) - t0 )) s"
echo "$pass passed, $failn failed"
[ "$failn" = 0 ] && [ "$pass" -gt 0 ]
