#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# `make check` (the gate tier) and `make check-full` (--full: everything):
# every test suite of rxscale, in order, each one timed.
#
#   tests/run-check.sh [--full [--resume]]
#
# The first suite, prepare (tests/prepare.sh), installs what the others need
# (Debian packages) and builds it (sparse, kernel trees, QEMU, guest images,
# modules, guest tools) in the cache outside the checkout, each step timed.
# The bench runs its gate tier, or with --full every scenario at full
# length, and --full adds softirq-compare (upstream r8169 against r8127,
# measured side by side) and the debug-kernel tier (tests/kdebug/check.sh).
# Exits non-zero when any suite fails; the last line is "check: N passed,
# N failed, N skipped" over the suites. A suite that exits 77 has nothing
# to test yet and is counted as skipped, never as passed.
#
# The full tier records each unit that passes (a suite, a bench line, a
# debug-tier check) under the key of the tested content; --resume (make
# check-full RESUME=1) does not run again what passed on the same content
# and prints its recorded line with the date of that run (tests/lib/resume.sh).
# prepare always runs.
set -u

. "$(dirname "$0")/lib/common.sh"
. "$(dirname "$0")/lib/resume.sh"

tier=gate
RXS_RESUME_USE=0
case "${1:-} ${2:-}" in
"--full ") tier=full ;;
"--full --resume") tier=full; RXS_RESUME_USE=1 ;;
" ") ;;
*) echo "usage: $0 [--full [--resume]]" >&2; exit 2 ;;
esac
export RXS_RESUME_USE
unset RXS_RESUME_DIR

cd "$RXS_TOP" || exit 1
mkdir -p build
summary=build/check-summary.txt
t0=$(date +%s)
: >"$summary"
# the bench's own summary, removed first: a bench that did not run shows none
bsum=${RXS_BENCH_LOGS:-build/bench}/summary-$tier.txt
rm -f "$bsum"
pass=0
fail=0
skip=0
reused=0

suite() {	# name command...
	name=$1
	shift
	if _done=$(rxs_resume_done "suite-$name"); then
		printf '%s\n' "$_done" | tee -a "$summary"
		pass=$((pass + 1))
		reused=$((reused + 1))
		return 0
	fi
	rxs_log "=== $name: $*"
	start=$(date +%s)
	rc=0
	"$@" || rc=$?
	case $rc in
	0) res=PASS; pass=$((pass + 1)) ;;
	77) res=SKIP; skip=$((skip + 1)) ;;
	*) res=FAIL; fail=$((fail + 1)) ;;
	esac
	secs=$(($(date +%s) - start))
	printf '%-12s %s  (%ss)\n' "$name" "$res" "$secs" | tee -a "$summary"
	# the bench and the debug tier record their own lines
	case $res:$name in
	PASS:prepare|PASS:bench|PASS:debug) ;;
	PASS:*) printf '%-12s %s  (%ss)\n' "$name" "$res" "$secs" | rxs_resume_pass "suite-$name" ;;
	esac
}

suite prepare tests/prepare.sh
# after prepare: the key names the cache's builds
if [ "$tier" = full ]; then
	rxs_resume_init || rxs_die "--resume: the checkout must be clean (commit or remove the changes)"
fi
suite unit tests/run-unit.sh
suite matrix tests/matrix/run-matrix.sh
suite checkpatch tests/matrix/run-checkpatch.sh
suite buildsys tests/matrix/run-buildsys.sh
suite dkms tests/dkms/run-dkms.sh
suite scripts make -s netns-demo
# the models' facts, without a guest (qtest accelerator, ~15 s each)
suite models sh tests/bench/models/rtl8127-qtest.sh
suite models-mt7988 sh tests/bench/models/mt7988-qtest.sh
# the scenarios' verdicts from subshells, on the host's dash (~1 s)
suite bench-lib sh tests/bench/lib-check.sh
# The bench runs only on what prepare built: after a failed prepare (a
# module or tool that does not build) it fails without running, so that no
# module or tool of an earlier build stands in for it.
if grep -q '^prepare  *PASS' "$summary"; then
	suite bench tests/bench/run-all.sh --tier "$tier" --no-prepare
else
	suite bench sh -c 'echo "FAIL bench: not run, prepare failed (a module, tool, QEMU or guest build)"; exit 1'
fi
[ "$tier" = full ] && suite softirq-compare tests/bench/softirq-compare.sh --runs 5
[ "$tier" = full ] && suite debug tests/kdebug/check.sh

echo
echo "cold steps (prepare):"
sed 's/^prepare: /  /' build/prepare-times.txt 2>/dev/null
echo "bench $tier tier, per scenario:"
grep -E '^(PASS|FAIL|SKIP|    SKIP) ' "$bsum" 2>/dev/null | sed 's/^/  /'
if [ -f "$bsum" ]; then
	echo "bench scenarios: $(grep -c '^PASS ' "$bsum") passed, $(grep -c '^FAIL ' "$bsum") failed, $(grep -c '^SKIP ' "$bsum") skipped; $(grep -c '^    SKIP ' "$bsum") check(s) skipped inside passing scenarios"
fi
cat "$summary"
total=$(($(date +%s) - t0))
if [ "$tier" = gate ]; then
	# The gate's budget on the 2-core machine (CI allows 90 min in all):
	# 25 min on a warm cache, 40 min on an empty one.
	echo "gate tier: $total s in all (budget: 1500 s warm, 2400 s cold)"
else
	echo "full tier: $total s in this run"
fi
[ "$reused" = 0 ] || pass="$pass ($reused of them passed in earlier runs of this content)"
echo "check: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
