#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run the bench scenarios of one tier of tests/bench/scenarios/matrix.txt
# (or of the matrix file given) and print one PASS/FAIL/SKIP line per
# scenario with its time against its budget, then the time per driver and
# guest kernel against the tier's budget, then "N passed, N failed, N
# skipped" (checks a passing scenario could not run on this kernel are
# listed under its line as SKIP). Exits 1 if any scenario failed or none
# ran, 77 if every scenario was skipped.
#
#   run-all.sh [--tier gate|full] [--no-prepare] [--only DRIVER] [MATRIX]
#
#   gate  (make check) the lines of tier gate: what must never regress, short
#   full  (make check-full) every line: the gate and the full-length runs
#   --only DRIVER  only the lines of that driver column (e.g. r8127)
#   --no-prepare   the caller ran tests/prepare.sh (make check does)
#
# Without --no-prepare, tests/prepare.sh builds what the scenarios need
# first (QEMU, guests, modules, tools; cached) and a failure there fails
# the bench: a scenario never runs on a stale module.
#
# Budgets. Each line has its own (seconds, warm cache, this 2-core
# machine); a scenario over it is reported "over budget" (not failed: a
# loaded host is slower). In the gate tier each driver has RXS_GATE_BUDGET
# (default 340) seconds over both guest kernels, the independence check of
# its model included, so that three drivers fit make check's 25-minute
# warm budget with the other suites; the runner prints each driver's time
# per kernel against it, and reserves the budget of the drivers that have
# no gate lines yet.
#
# Logs: ${RXS_BENCH_LOGS:-<top>/build/bench}/<tier>-<scenario>-<kernel>-<nic>_[smp_N_]<envs>.log

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/common.sh"
. "$here/../lib/resume.sh"
. "$here/lib.sh"

tier=gate
prepare=1
only=
matrix=$here/scenarios/matrix.txt
while [ $# -gt 0 ]; do
	case $1 in
	--tier) tier=$2; shift 2 ;;
	--no-prepare) prepare=0; shift ;;
	--only) only=$2; shift 2 ;;
	-h|--help) sed -n '3,29s/^# \{0,1\}//p' "$0"; exit 0 ;;
	-*) rxs_die "unknown option $1" ;;
	*) matrix=$1; shift ;;
	esac
done
case $tier in gate|full) ;; *) rxs_die "--tier gate or full, not '$tier'" ;; esac
[ -f "$matrix" ] || rxs_die "no matrix file $matrix"
# records name lines by number: only the tracked matrix has them
[ "$matrix" = "$here/scenarios/matrix.txt" ] || unset RXS_RESUME_DIR
logs=${RXS_BENCH_LOGS:-$RXS_TOP/build/bench}
mkdir -p "$logs"
GATE_BUDGET=${RXS_GATE_BUDGET:-340}
# The drivers the product will have; those without gate lines yet get
# their budget reserved.
DRIVERS="r8127 mt7988_eth rzg2l_gbeth"

t0=$(rxsb_now)
if [ "$prepare" = 1 ]; then
	"$RXS_TOP/tests/prepare.sh" || {
		echo "FAIL bench: preparing QEMU, guests, modules or tools failed (above)"
		echo "0 passed, 1 failed, 0 skipped"
		exit 1
	}
fi

pass=0
failn=0
skipn=0
chskip=0
times=$logs/times-$tier.txt
summary=$logs/summary-$tier.txt
: >"$times"
: >"$summary"
# result LINE: print a scenario's result line and keep it for make check's
# closing summary.
result() {
	printf '%s\n' "$1" | tee -a "$summary"
}
# shellcheck disable=SC2034
lno=0
while read -r ltier drv budget scen kern nic opts; do
	lno=$((lno + 1))
	case $ltier in ''|'#'*) continue ;; esac
	[ "$tier" = full ] || [ "$ltier" = gate ] || continue
	[ -z "$only" ] || [ "$drv" = "$only" ] || continue
	# make check-full RESUME=1: a line that passed on this content before
	# (tests/lib/resume.sh; the key covers this matrix, so its line
	# numbers name its lines)
	unit=bench-$tier-L$lno
	if done_=$(rxs_resume_done "$unit"); then
		printf '%s\n' "$done_" | tee -a "$summary"
		rxs_resume_times "$unit" >>"$times"
		pass=$((pass + 1))
		chskip=$((chskip + $(printf '%s\n' "$done_" | grep -c '^    SKIP ')))
		continue
	fi
	opts=$(printf '%s' "${opts:-}" | sed -e "s|\${RXS_CACHE}|$RXS_CACHE|g" \
		-e "s|\${RXS_TOP}|$RXS_TOP|g")
	envs=$(printf '%s\n' $opts | sed -n '/^--env$/{n;p}' | tr '\n' ' ')
	# lines that differ only in the vCPUs get their own tag and log
	smp=$(printf '%s\n' $opts | sed -n '/^--smp$/{n;p}' | tail -n 1)
	envs="${smp:+smp=$smp }$envs"
	tag="$scen $kern $(echo "$nic" | cut -d, -f1) [$drv]${envs:+ ${envs% }}"
	log=$logs/$ltier-$scen-$kern-$(echo "$nic $envs" | tr ',=/ ' '____' | tr -s '_' | sed 's/_$//').log
	s0=$(rxsb_now)
	# shellcheck disable=SC2086
	"$here/run-scenario.sh" --show --kernel "$kern" --nic "$nic" $opts \
		"$here/scenarios/$scen.sh" > "$log" 2>&1 < /dev/null
	rc=$?
	secs=$(( $(rxsb_now) - s0 ))
	# time spent waiting for another checkout's guest (RXS_GUEST_LOCK)
	# is not the scenario's: said apart, kept out of the budget
	lw=$(sed -n 's/^RXSCALE-LOCKWAIT: \([0-9]*\).*/\1/p' "$log" | head -n 1)
	waited=
	if [ -n "$lw" ] && [ "$lw" -gt 0 ]; then
		secs=$((secs - lw))
		waited=", after $lw s waiting for the guest lock"
	fi
	over=
	[ "$secs" -le "$budget" ] || over=", OVER BUDGET"
	mb=$(sed -n 's/^RXSCALE-IPERF: \([a-z0-9]*\) .* mbits=\(.*\)/ \1 \2 Mbit\/s/p' "$log" |
		tr -d '\r\n')
	case $rc in
	0)
		pass=$((pass + 1))
		# checks the scenario could not run here (rxs_check_skip):
		# listed, never part of the PASS
		cs=$(sed -n 's/^RXSCALE-CHECK: SKIP //p' "$log" | tr -d '\r')
		ncs=0
		[ -z "$cs" ] || ncs=$(printf '%s\n' "$cs" | wc -l)
		chskip=$((chskip + ncs))
		line_="PASS $tag ($secs s of $budget s$over$waited)$mb${cs:+, $ncs check(s) skipped}"
		result "$line_"
		[ -z "$cs" ] || printf '%s\n' "$cs" | sed 's/^/    SKIP /' | tee -a "$summary"
		{
			printf '%s\n' "$line_"
			[ -z "$cs" ] || printf '%s\n' "$cs" | sed 's/^/    SKIP /'
		} | rxs_resume_pass "$unit" "$ltier $drv $kern $secs $budget $scen" ;;
	77)
		skipn=$((skipn + 1))
		why=$(sed -n 's/^RXSCALE-SKIP: //p' "$log" | tr -d '\r' | tail -n 1)
		result "SKIP $tag ($secs s$waited): ${why:-no reason given}" ;;
	*)
		failn=$((failn + 1))
		why=$(grep -E '^FAIL |^error:' "$log" | tail -n 1)
		result "FAIL $tag ($secs s of $budget s$over$waited): ${why:-see log}"
		grep -E '^RXSCALE-FAIL' "$log" | head -n 3 | sed 's/^/    /'
		# what the kernel-log check found, here too: a CI machine's
		# logs may be gone once the run ends
		grep -E '^  (unexpected|expected [0-9+-]+ times|a warning block)' "$log" |
			head -n 20 | sed 's/^/  /'
		echo "    log: $log" ;;
	esac
	echo "$ltier $drv $kern $secs $budget $scen" >>"$times"
done < "$matrix"

# Gate time per driver (per guest kernel, then in all) against the
# per-driver budget, and the bench with every driver of the product at its
# budget.
echo
echo "gate tier: time per driver (budget $GATE_BUDGET s per driver, warm cache)"
echo "| driver | scenarios | 7.3 | 6.1 | in all | budget | left |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
awk -v drivers="$DRIVERS" -v b="$GATE_BUDGET" '
	$1 == "gate" { t[$2] += $4; tk[$2 " " $3] += $4; n[$2]++ }
	END {
		nd = split(drivers, d, " ")
		for (i = 1; i <= nd; i++) {
			if (n[d[i]]) {
				printf "| %s | %d | %d s | %d s | %d s | %d s | %d s |\n", d[i], n[d[i]],
					tk[d[i] " 7.3"], tk[d[i] " 6.1"], t[d[i]], b, b - t[d[i]]
				used += t[d[i]]
			} else {
				printf "| %s | not yet | | | | %d s | reserved |\n", d[i], b
				reserved += b
			}
		}
		printf "gate bench: %d s measured; with the drivers to come at their budget: %d s + %d s reserved = %d s (%.1f min)\n",
			used, used, reserved, used + reserved, (used + reserved) / 60
	}' "$times"
echo "bench $tier time $(( $(rxsb_now) - t0 )) s"
echo "$pass passed, $failn failed, $skipn skipped"
[ "$chskip" = 0 ] || echo "($chskip check(s) skipped inside passing scenarios, listed above)"
# exit 0: something passed and nothing failed; 77: nothing failed but
# nothing ran either (every scenario skipped); 1 otherwise
[ "$failn" = 0 ] || exit 1
[ "$pass" -gt 0 ] && exit 0
[ "$skipn" -gt 0 ] && exit 77
exit 1
