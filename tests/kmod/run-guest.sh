#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Load the header test module (rxscale_hdrtest), then rxscale_core and
# its test module (rxscale_kcoretest), in the emulation bench's arm64
# guest (QEMU TCG) and check that each loads and reports PASS: the
# helpers of include/rxscale and the kernel-only layer of kcore.h run as
# kernel code on a real kernel.
#
#   tests/kmod/run-guest.sh [6.1|7.3]      (default 6.1)
#
# Uses the compile matrix's arm64 tree (tests/matrix/trees.sh), the bench's
# guest (tests/bench/guest/build.sh) and QEMU (tests/bench/qemu/build.sh).
# Builds a copy of the checkout in build/kmod-guest-<ver>/, never in
# tests/kmod/. Takes the guest lock as run-scenario.sh does (RXS_GUEST_LOCK).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/common.sh"

kver=${1:-6.1}
case $kver in
6.1|7.3) ;;
*) rxs_die "usage: $0 [6.1|7.3]" ;;
esac
top=$(cd "$here/../.." && pwd)
work=$top/build/kmod-guest-$kver

tree=$(sh "$top/tests/matrix/trees.sh" prepare "$kver-arm64" | tail -n 1)
read -r _name kdir arch cross <<EOF2
$tree
EOF2
[ -f "$kdir/Makefile" ] || rxs_die "no arm64 $kver tree ($tree)"
guest=$(sh "$top/tests/bench/guest/build.sh" "$kver" | tail -n 1)
qemu=$(sh "$top/tests/bench/qemu/build.sh" | tail -n 1)
[ -x "$qemu" ] || rxs_die "no QEMU at '$qemu'"

rm -rf "$work"
mkdir -p "$work/src" "$work/ovl/rxscale"
# the whole checkout: kcoretest needs the compat header and core/'s
# Module.symvers, which the top Makefile's hdrtest target provides
(cd "$top" && git ls-files -co --exclude-standard |
	rsync -a --ignore-missing-args --files-from=- ./ "$work/src/")
make -s -C "$work/src" KDIR="$kdir" ARCH="$arch" CROSS_COMPILE="${cross:-}" \
	BUILD="$work/src/build" modules hdrtest >"$work/build.log" 2>&1 ||
	{ cat "$work/build.log" >&2; rxs_die "module build failed"; }

cp "$work/src/tests/kmod/rxscale_hdrtest.ko" \
	"$work/src/tests/kmod/rxscale_kcoretest.ko" \
	"$work/src/core/rxscale_core.ko" "$work/ovl/rxscale/"
echo hdrtest >"$work/ovl/rxscale/name"
cat >"$work/ovl/rxscale/scenario.sh" <<'EOF2'
rc=0
insmod /rxscale/rxscale_hdrtest.ko || rc=1
insmod /rxscale/rxscale_core.ko || rc=1
insmod /rxscale/rxscale_kcoretest.ko || rc=1
dmesg | grep -E 'rxscale_(hdrtest|kcoretest): '
rmmod rxscale_kcoretest 2>/dev/null
rmmod rxscale_core 2>/dev/null
rmmod rxscale_hdrtest 2>/dev/null
exit "$rc"
EOF2
(cd "$work/ovl" && find rxscale | cpio -o -H newc 2>/dev/null | gzip) \
	>"$work/ovl.cpio.gz"
cat "$guest/initrd.img" "$work/ovl.cpio.gz" >"$work/initrd.img"

# one guest machine-wide, as run-scenario.sh does
rxs_guest_lock || true
rxs_log "booting $(cat "$guest/release") with rxscale_hdrtest and rxscale_kcoretest"
timeout 600 "$qemu" -M virt -cpu cortex-a57 -smp 1 -m 512 -nographic \
	-nic none -no-reboot -kernel "$guest/Image" -initrd "$work/initrd.img" \
	-append "console=ttyAMA0 panic=-1" >"$work/guest.log" 2>&1 || true

grep -a -E 'rxscale_(hdrtest|kcoretest): ' "$work/guest.log" | sort -u >&2 || true
if grep -aq 'rxscale_hdrtest: [0-9]* passed, 0 failed: PASS' "$work/guest.log" &&
   grep -aq 'rxscale_kcoretest: [0-9]* passed, 0 failed: PASS' "$work/guest.log" &&
   grep -aq '^RXSCALE-RESULT: 0' "$work/guest.log"; then
	echo "hdrtest and kcoretest in $(cat "$guest/release") guest: PASS"
	exit 0
fi
echo "hdrtest and kcoretest in $(cat "$guest/release") guest: FAIL (log: $work/guest.log)"
exit 1
