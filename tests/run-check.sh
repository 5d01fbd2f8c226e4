#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# `make check`: every test suite of rxscale, in order, each one timed.
# Installs what it needs (Debian packages) and prepares what it needs
# (kernel trees, QEMU, guest images) in the cache outside the checkout.
# Exits non-zero when any suite fails; the last line is
# "check: N passed, N failed, N skipped" over the suites. A suite that exits
# 77 has nothing to test yet and is counted as skipped, never as passed.
set -u

. "$(dirname "$0")/lib/common.sh"

cd "$RXS_TOP" || exit 1
mkdir -p build
summary=build/check-summary.txt
: >"$summary"
pass=0
fail=0
skip=0

suite() {	# name command...
	name=$1
	shift
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
}

suite unit tests/run-unit.sh
suite matrix tests/matrix/run-matrix.sh
suite checkpatch tests/matrix/run-checkpatch.sh
suite buildsys tests/matrix/run-buildsys.sh
suite dkms tests/dkms/run-dkms.sh
suite scripts make -s netns-demo
suite bench tests/bench/run-all.sh

echo
cat "$summary"
echo "check: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
