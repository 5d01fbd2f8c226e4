#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The debug-kernel tier (issue 18), `make check-debug` (part of
# `make check-full`, never of `make check`):
#   1. the debug kernel (tests/kdebug/build.sh, cached by config hash) and its
#      guest (guest.sh);
#   2. the negative controls: ctl/rxs_kdebug_ctl.ko built against it, the
#      scenario control.sh booted once per fault on --nic virtio. fault=none
#      must PASS; uaf, leak, lockdep and dma must FAIL, each with its own
#      report in the output (KASAN, kmemleak, lockdep, DMA-API);
#   3. unless --controls-only: the project's modules built against the debug
#      tree into build/bench-modules/7.3-debug-arm64/ and each driver's
#      scenarios on the debug kernel (r8127-smoke, -recovery, -rxfault;
#      mt7988eth-smoke, -recovery; gbeth-smoke; kfault-rx on each: RX
#      allocation failures from failslab and fail_page_alloc; endurance on
#      r8127 and mt7988_eth: reloads, -L and a checksummed transfer; on
#      rzg2l_gbeth: reloads and the transfer under -G / coalescing changes).
#
# usage: tests/kdebug/check.sh [--controls-only] [--only FAULT]
# Guests boot under RXS_GUEST_LOCK (default /run/rxscale-guest.lock).
# Prints PASS/FAIL per check; exits 1 when any failed.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/common.sh"
. "$here/../lib/resume.sh"

controls_only=0
only=
while [ $# -gt 0 ]; do
	case $1 in
	--controls-only) controls_only=1; shift ;;
	--only) only=$2; shift 2 ;;
	*) echo "usage: $0 [--controls-only] [--only FAULT]" >&2; exit 2 ;;
	esac
done
: "${RXS_GUEST_LOCK:=/run/rxscale-guest.lock}"
export RXS_GUEST_LOCK
CROSS=aarch64-linux-gnu-
run=$RXS_TOP/tests/bench/run-scenario.sh
nfail=0
npass=0
t0=$(date +%s)

kd=$("$here/build.sh" | tail -n 1) || rxs_die "debug kernel build failed"
echo "debug kernel: $kd ($(cat "$kd/release"), cold build $(cat "$kd/build-seconds" 2>/dev/null || echo ?) s)"
"$here/guest.sh" >/dev/null || rxs_die "debug guest failed"

rxs_ccache
cc=${CROSS}gcc
command -v ccache >/dev/null 2>&1 && cc="ccache ${CROSS}gcc"
out=$RXS_TOP/build/kdebug
rm -rf "$out/ctl"
mkdir -p "$out/ctl" "$out/logs"
cp "$here/ctl/rxs_kdebug_ctl.c" "$here/ctl/Kbuild" "$out/ctl/"
make -s -C "$kd/build" M="$out/ctl" ARCH=arm64 CROSS_COMPILE="$CROSS" CC="$cc" \
	modules >"$out/ctl.log" 2>&1 || { cat "$out/ctl.log" >&2; rxs_die "control module build failed"; }
ko=$out/ctl/rxs_kdebug_ctl.ko

ok() { echo "PASS $*"; npass=$((npass + 1)); }
bad() { echo "FAIL $*"; nfail=$((nfail + 1)); }
# reused UNIT: make check-full RESUME=1 and UNIT passed on this content
# before (tests/lib/resume.sh): its recorded line, counted as passed
reused() {
	_rd=$(rxs_resume_done "$1") || return 1
	printf '%s\n' "$_rd"
	npass=$((npass + 1))
}
# ok_unit UNIT TEXT: ok, and the pass recorded for RESUME=1
ok_unit() {
	ok "$2"
	echo "PASS $2" | rxs_resume_pass "$1"
}

# control FAULT PATTERN: the scenario with fault=FAULT; none must pass,
# the others fail with PATTERN (an ERE) in the runner's output.
control() {
	[ -z "$only" ] || [ "$only" = "$1" ] || return 0
	[ -n "$only" ] || ! reused "debug-control-$1" || return 0
	_log=$out/logs/control-$1.log
	_rc=0
	"$run" --kernel 7.3-debug --nic virtio --timeout 400 --module "$ko" \
		--env RXS_KDEBUG_FAULT="$1" "$here/control.sh" >"$_log" 2>&1 || _rc=$?
	_res=$(grep -E '^(PASS|FAIL|SKIP) control' "$_log" | tail -n 1)
	if [ "$1" = none ]; then
		if [ "$_rc" = 0 ]; then
			ok_unit debug-control-none "control none: clean run passes ($_res)"
		else
			bad "control none: the clean run did not pass (log $_log): $_res"
		fi
		return 0
	fi
	_hit=$(tr -d '\r' < "$_log" | grep -E "$2" | head -n 1)
	if [ "$_rc" = 1 ] && [ -n "$_hit" ]; then
		ok_unit "debug-control-$1" "control $1: reported and failed: $_hit"
	elif [ "$_rc" = 1 ]; then
		bad "control $1: failed, but without the expected report /$2/ (log $_log)"
	else
		bad "control $1: not caught, exit $_rc (log $_log): $_res"
	fi
}

control none ''
control uaf 'BUG: KASAN: slab-use-after-free in ctl_uaf'
control leak 'kmemleak: [0-9]+ new suspected memory leaks|unreferenced object 0x[0-9a-f]+ \(size 256\)'
control lockdep 'WARNING: possible circular locking dependency detected'
control dma 'DMA-API: .*device driver has pending DMA allocations while released from device'

# drv SCENARIO NIC MODULE [RUNNER-ARGS...]: the scenario on the debug kernel
# with rxscale_core and MODULE (relative to $mdst) loaded; PASS when it
# passes, its kernel reports included (rxs_kdebug_check). --show keeps the
# scenario's own lines in the log when it passes too: a passed endurance
# run's log held only its PASS line, not the reload counts or the
# transfer's bytes and digests the issue asks to see (2026-12-07).
drv() {
	_sc=$1
	_nic=$2
	_ko=$3
	shift 3
	! reused "debug-$_sc-$_nic" || return 0
	_log=$out/logs/$_sc-$_nic.log
	if "$run" --kernel 7.3-debug --nic "$_nic" --timeout 1500 --show "$@" \
		--module "$mdst/core/rxscale_core.ko" --module "$mdst/$_ko" \
		"$RXS_TOP/tests/bench/scenarios/$_sc.sh" >"$_log" 2>&1; then
		ok_unit "debug-$_sc-$_nic" "$(grep '^PASS' "$_log" | tail -n 1 | cut -c6-)"
	else
		bad "$_sc on 7.3-debug (log $_log): $(grep -E '^(FAIL|SKIP)' "$_log" | tail -n 1)"
	fi
}

if [ "$controls_only" = 0 ] && [ -z "$only" ]; then
	# the project's modules against the debug tree
	mdst=$RXS_TOP/build/bench-modules/7.3-debug-arm64
	rm -rf "$mdst.new"
	mkdir -p "$mdst.new"
	(cd "$RXS_TOP" && git ls-files -co --exclude-standard |
		rsync -a --ignore-missing-args --files-from=- ./ "$mdst.new/")
	if make -s -C "$mdst.new" KDIR="$kd/build" ARCH=arm64 CROSS_COMPILE="$CROSS" \
		CC="$cc" -j"$(nproc)" modules >"$out/modules.log" 2>&1; then
		rm -rf "$mdst"
		mv "$mdst.new" "$mdst"
		ok "modules built against the debug kernel"
		# scenario NIC MODULE RUNNER-ARGS: as in matrix.txt's 7.3 lines
		drv r8127-smoke rtl8127 r8169/r8127.ko
		drv r8127-recovery rtl8127 r8169/r8127.ko --append iomem=relaxed
		drv r8127-rxfault rtl8127 r8169/r8127.ko --append iomem=relaxed
		drv mt7988eth-smoke mt7988 mtk_eth_soc/mt7988_eth.ko
		drv mt7988eth-recovery mt7988 mtk_eth_soc/mt7988_eth.ko --append iomem=relaxed
		drv gbeth-smoke rzg2l-gbeth ravb/rzg2l_gbeth.ko --smp 1 --monitor \
			--append iomem=relaxed
		# the kernel's own fault injection on each driver's RX path
		drv kfault-rx rtl8127 r8169/r8127.ko
		drv kfault-rx mt7988 mtk_eth_soc/mt7988_eth.ko
		drv kfault-rx rzg2l-gbeth ravb/rzg2l_gbeth.ko --smp 1 --monitor \
			--append iomem=relaxed
		# endurance (issue 18 step 5): 100 reloads and 100 -L under
		# traffic, a 1 GiB sha256-checked transfer under 20 -L/-X
		# changes (about 14 min at the debug guest's 10 Mbit/s with
		# rxs-xfer, docs/debug-kernel.md); RXS_ENDURE_MB and the counts
		# from the environment
		_em=${RXS_ENDURE_MB:-1024}
		_xf=$("$RXS_TOP/tests/bench/tools/rxs-xfer/build.sh" | tail -n 1)
		drv endurance rtl8127 r8169/r8127.ko --timeout 10800 \
			--env RXS_ENDURE_MB="$_em" --file "$_xf"
		drv endurance mt7988 mtk_eth_soc/mt7988_eth.ko --timeout 10800 \
			--env RXS_ENDURE_MB="$_em" --file "$_xf"
		# the GbEth on one CPU: reloads and the transfer under ring and
		# coalescing changes (one queue: no -L, no RSS table)
		drv endurance rzg2l-gbeth ravb/rzg2l_gbeth.ko --smp 1 --timeout 10800 \
			--env RXS_ENDURE_MB="$_em" --file "$_xf"
	else
		rm -rf "$mdst.new"
		tail -n 20 "$out/modules.log" >&2
		bad "modules did not build against the debug kernel ($out/modules.log)"
	fi
fi
echo "debug tier: $npass passed, $nfail failed, $(( $(date +%s) - t0 )) s"
[ "$nfail" = 0 ]
