#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Everything `make check` needs before its first test, installed and built
# by the project itself, each step timed: the Debian packages (one apt run
# for all suites), sparse, the six kernel trees of the compile matrix, QEMU
# with the device models, the bench guests (and the udev extra that
# r8127-persist asks for), the arm64 modules and guest tools. Each step is
# cached (RXSCALE_CACHE, keyed by version), so on a warm cache every step
# costs seconds.
#
#   tests/prepare.sh [--serial]
#
# Steps that do not depend on each other run side by side: the guest
# images and sparse (network- and disk-bound) beside the kernel trees
# (CPU-bound). QEMU (both cores) and then the modules and tools (which need
# the arm64 trees) follow. --serial runs one step at a time (to measure
# each step alone).
#
# Prints "prepare: STEP Ns" per step and the total; the table is kept in
# build/prepare-times.txt. Exits non-zero when a step fails (its log is
# in build/prepare/STEP.log and its tail is printed).
set -u

. "$(dirname "$0")/lib/common.sh"

cd "$RXS_TOP" || exit 1
logs=$RXS_TOP/build/prepare
times=$RXS_TOP/build/prepare-times.txt
mkdir -p "$logs"
: >"$times"
serial=0
[ "${1:-}" = --serial ] && serial=1

# step NAME COMMAND...: run, time and log one step.
step() {
	_name=$1
	shift
	_t0=$(date +%s)
	if "$@" >"$logs/$_name.log" 2>&1; then
		_res=ok
	else
		_res=FAILED
	fi
	_secs=$(($(date +%s) - _t0))
	printf 'prepare: %-14s %4ss %s\n' "$_name" "$_secs" "$_res" | tee -a "$times"
	if [ "$_res" != ok ]; then
		tail -n 15 "$logs/$_name.log" | sed 's/^/    /'
		return 1
	fi
}

trees() {
	sh tests/matrix/trees.sh prepare
}

guests() {
	tests/bench/guest/build.sh 6.1 && tests/bench/guest/build.sh 7.3 &&
		tests/bench/guest/udev.sh 7.3
}

tools() {
	tests/bench/build-modules.sh &&
		tests/bench/tools/rsscheck/build.sh &&
		tests/bench/tools/nlcheck/build.sh &&
		tests/bench/tools/rxs-mark/build.sh &&
		tests/bench/tools/udpsink/build.sh &&
		tests/bench/tools/rxs-xfer/build.sh &&
		tests/bench/tools/rebalance/build.sh &&
		sh tests/bench/tools/mkrtlfw.sh
}

t0=$(date +%s)
rc=0
step packages sh tests/deps.sh unit scripts matrix bench rsscheck nlcheck dkms || exit 1
if [ "$serial" = 1 ]; then
	for s in sparse trees guests qemu tools; do
		case $s in
		sparse) step sparse sh tests/matrix/sparse.sh ;;
		qemu) step qemu tests/bench/qemu/build.sh ;;
		*) step "$s" "$s" ;;
		esac || rc=1
	done
else
	# The trees keep both cores busy; the guests and sparse mostly wait
	# for downloads and the disk, so they run beside them.
	{
		r=0
		step guests guests || r=1
		step sparse sh tests/matrix/sparse.sh || r=1
		exit $r
	} &
	side=$!
	step trees trees || rc=1
	wait "$side" || rc=1
	# QEMU needs both cores; the modules need the arm64 trees.
	step qemu tests/bench/qemu/build.sh || rc=1
	step tools tools || rc=1
fi
total=$(($(date +%s) - t0))
printf 'prepare: %-14s %4ss\n' total "$total" | tee -a "$times"
exit $rc
