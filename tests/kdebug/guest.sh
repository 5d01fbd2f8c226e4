#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The bench guest on the debug kernel (run-scenario.sh --kernel 7.3-debug):
# the 7.3 guest's userland (tests/bench/guest/build.sh 7.3, its
# user.cpio.gz) with tests/kdebug/build.sh's Image and all its modules.
#
# usage: tests/kdebug/guest.sh
#
# Prints the guest directory (Image, initrd.img, release), cached in
# $RXS_CACHE/guest/7.3-debug-<key>, keyed by both inputs and this script.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/common.sh"

base=$("$here/../bench/guest/build.sh" 7.3 | tail -n 1) || rxs_die "7.3 guest build failed"
[ -f "$base/user.cpio.gz" ] || rxs_die "no user.cpio.gz in $base"
kd=$("$here/build.sh" | tail -n 1) || rxs_die "debug kernel build failed"
[ -f "$kd/Image" ] && [ -f "$kd/release" ] || rxs_die "debug kernel incomplete ($kd)"
krel=$(cat "$kd/release")

key=$( { echo "$base $kd"; cat "$0"; } | sha256sum | cut -c1-12)
out=$RXS_CACHE/guest/7.3-debug-$key
exec 9>"$RXS_CACHE/guest/kdebug-guest.lock"
flock 9
if rxs_stamp_ok "$out" "$key"; then
	echo "$out"
	exit 0
fi
rm -rf "$out.tmp"
mkdir -p "$out.tmp"
m=$kd/mods
[ -d "$m/usr/lib/modules/$krel" ] || rxs_die "no modules of $krel in $m"
nmods=$(find "$m/usr/lib/modules/$krel" -name '*.ko' | wc -l)
for mod in virtio_net virtio_pci r8169 realtek ravb mtk_eth veth; do
	find "$m/usr/lib/modules/$krel" -name "$mod.ko" | grep -q . ||
		rxs_die "module $mod missing from $krel"
done
# the build and source links point into the host's cache: not in the guest
(cd "$m" && find . ! -path "*/lib/modules/$krel/build" ! -path "*/lib/modules/$krel/source" |
	sort | cpio -o -H newc -R 0:0 --quiet) | gzip -1 > "$out.tmp/mods.cpio.gz"
cat "$base/user.cpio.gz" "$out.tmp/mods.cpio.gz" > "$out.tmp/initrd.img"
cp "$kd/Image" "$out.tmp/Image"
echo "$krel" > "$out.tmp/release"
printf 'kernel %s (%s)\nuserland %s\nmodules %s\n' "$krel" "$kd" "$base" "$nmods" > "$out.tmp/manifest"
rxs_stamp_set "$out.tmp" "$key"
rm -rf "$out"
mv "$out.tmp" "$out"
find "$RXS_CACHE/guest" -mindepth 1 -maxdepth 1 -type d -name "7.3-debug-*" \
	! -path "$out" -mtime +0 -exec rm -rf {} + 2>/dev/null || true
rxs_log "guest 7.3-debug ($krel, $nmods modules) assembled"
echo "$out"
