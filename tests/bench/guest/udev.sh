#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# An extra initramfs archive for the bench guest that carries Debian's own
# udev daemon (bookworm's arm64 "udev" package, the guest userland's
# release: systemd-udevd, udevadm, the stock rules in /usr/lib/udev/rules.d
# and .link files in /usr/lib/systemd/network) and the libraries it needs
# beyond the base guest's. Unpacked with dpkg-deb; no arm64 code runs on
# the host. The hwdb sources are left out (no hwdb.bin: the hwdb builtin
# finds nothing, as on a system whose hwdb was never compiled), and so are
# the systemd units, init script and initramfs hooks.
#
# usage: tests/bench/guest/udev.sh 6.1|7.3|7.3-debug
#
# Prints the directory holding overlay.cpio.gz (and manifest). The base
# guest (build.sh) is left as it is: run-scenario.sh --guest-extra udev
# (or a scenario's "# rxs-guest-extra: udev" line) appends this archive
# to it for the scenarios that ask, so the other scenarios keep their
# image. In the guest: systemd-udevd --daemon, then udevadm trigger and
# udevadm settle (no systemd as PID 1 is needed). Cached in
# $RXS_CACHE/guest/udev-<key>/, keyed by the package versions, the base
# guest and this script.

set -eu

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../lib/common.sh"
. "$here/../lib.sh"

# Bump when the assembly below changes.
UDEV_REV=1

# bookworm arm64 packages on top of the base guest's (udev's Depends: the
# others are in the base guest). Every ELF's NEEDED libraries are checked
# against the base guest and these together.
UDEV_PKGS="udev libacl1 libblkid1"

kver=${1:-}
case $kver in
6.1 | 7.3) bkver=$kver ;;
# the debug kernel's guest has the 7.3 guest's userland
7.3-debug) bkver=7.3 ;;
*) rxs_die "usage: $0 6.1|7.3|7.3-debug" ;;
esac

rxs_apt_install cpio gzip binutils dpkg

# the base guest: its libraries (checked against), and its key in ours
base=$("$here/build.sh" "$bkver" | tail -n 1)
[ -f "$base/user.cpio.gz" ] || rxs_die "base guest $base has no user.cpio.gz"

mkdir -p "$RXS_CACHE/guest"
rxsb_lock "$RXS_CACHE/guest/udev.lock"
# (not *.tmp: build.sh removes guest/*.tmp of other runs as it starts)
rm -rf "$RXS_CACHE"/guest/udev-*.work
debs=$RXS_CACHE/guest/debs
mkdir -p "$debs"

# --- package versions -----------------------------------------------------------
rxsb_apt_update
resolved=$RXS_CACHE/guest/udev-resolved
want_id=$(echo "$UDEV_PKGS $UDEV_REV" | sha256sum | cut -c1-12)
pins=
if [ -f "$resolved" ] && [ -n "$(find "$resolved" -newer "$RXSB_APT_DIR/updated")" ] &&
   [ "$(sed -n 1p "$resolved")" = "$want_id" ]; then
	pins=$(sed -n 2p "$resolved")
fi
if [ -z "$pins" ]; then
	# shellcheck disable=SC2046
	pol=$(rxsb_apt_cache policy $(for p in $UDEV_PKGS; do echo "$p:arm64"; done) 2>/dev/null |
		awk '/^[^ ].*:$/ { sub(/:arm64:$/, ""); sub(/:$/, ""); p = $0 }
		     /^  Candidate:/ { print p "=" $2 }')
	for p in $UDEV_PKGS; do
		pv=$(echo "$pol" | grep "^$p=" | head -n 1)
		case $pv in
		"" | *"=(none)") rxs_die "no arm64 candidate for $p" ;;
		esac
		pins="$pins $pv"
	done
	printf '%s\n' "$want_id" "$pins" > "$resolved.new"
	mv "$resolved.new" "$resolved"
fi

key=$( {
	echo "rev $UDEV_REV $pins $(basename "$base")"
	cat "$0"
} | sha256sum | cut -c1-12)
out=$RXS_CACHE/guest/udev-$bkver-$key
if rxs_stamp_ok "$out" "$key"; then
	echo "$out"
	exit 0
fi
t0=$(rxsb_now)

# shellcheck disable=SC2046
rxs_deb_get bookworm "$debs" $(for pv in $pins; do echo "${pv%%=*}:arm64=${pv#*=}"; done)

rm -rf "$out.work"
mkdir -p "$out.work/root"
root=$out.work/root

# --- userland -----------------------------------------------------------------------
for pv in $pins; do
	_v=$(echo "${pv#*=}" | sed 's/:/%3a/')
	f=
	for _a in arm64 all; do
		[ -f "$debs/${pv%%=*}_${_v}_$_a.deb" ] && f=$debs/${pv%%=*}_${_v}_$_a.deb
	done
	[ -n "$f" ] || rxs_die "no .deb for $pv in $debs"
	dpkg-deb -x "$f" "$root"
done
rm -rf "${root:?}/usr/share" "$root/etc/init.d" "$root/lib/systemd/system" \
	"$root/usr/lib/systemd/system" "$root/lib/udev/hwdb.d" "$root/usr/lib/udev/hwdb.d" \
	"$root/bin/systemd-hwdb" "$root/usr/bin/systemd-hwdb" "$root/usr/lib/tmpfiles.d"
# merged /usr: the base guest's /bin, /sbin, /lib are links into /usr; a
# directory of this name in a later archive would replace the link
for d in bin sbin lib; do
	if [ -d "$root/$d" ] && [ ! -L "$root/$d" ]; then
		mkdir -p "$root/usr/$d"
		cp -a "$root/$d/." "$root/usr/$d/"
		rm -rf "${root:?}/$d"
	fi
done
mkdir -p "$root/etc/udev/rules.d" "$root/etc/systemd/network"

# --- every ELF finds its libraries (the base guest's or these) ----------------------
gzip -dc "$base/user.cpio.gz" | cpio -it --quiet 2>/dev/null |
	sed -n 's|^\(\./\)\{0,1\}usr/lib/\(aarch64-linux-gnu/\)\{0,1\}\([^/]*\)$|\3|p' | sort -u > "$out.work/base-libs"
missing=$(find "$root" -type f \( -perm -u+x -o -name '*.so*' \) | while read -r f; do
	readelf -d "$f" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' |
	while read -r lib; do
		[ -e "$root/usr/lib/aarch64-linux-gnu/$lib" ] ||
		[ -e "$root/usr/lib/$lib" ] ||
		grep -qxF "$lib" "$out.work/base-libs" ||
		echo "${f#"$root"} needs $lib"
	done
done)
[ -z "$missing" ] || rxs_die "udev userland incomplete:
$missing"
[ -x "$root/usr/bin/udevadm" ] || rxs_die "udev userland lacks /usr/bin/udevadm"
[ "$(readlink "$root/usr/lib/systemd/systemd-udevd")" = /bin/udevadm ] ||
	rxs_die "udev's /lib/systemd/systemd-udevd is not the link to /bin/udevadm"
nrules=$(find "$root/usr/lib/udev/rules.d" -name '*.rules' | wc -l)
[ -f "$root/usr/lib/udev/rules.d/80-net-setup-link.rules" ] ||
	rxs_die "udev has no 80-net-setup-link.rules"

# --- the archive ---------------------------------------------------------------------
(cd "$root" && find . | sort | cpio -o -H newc -R 0:0 --quiet) | gzip -1 > "$out.work/overlay.cpio.gz"
{
	echo "base $(basename "$base")"
	echo "rules $nrules"
	for pv in $pins; do echo "$pv"; done
} > "$out.work/manifest"
rm -rf "$root" "$out.work/base-libs"
rxs_stamp_set "$out.work" "$key"
rm -rf "$out"
mv "$out.work" "$out"
find "$RXS_CACHE/guest" -mindepth 1 -maxdepth 1 -type d -name "udev-$bkver-*" \
	! -path "$out" -mtime +0 -exec rm -rf {} + 2>/dev/null || true
rxs_log "udev overlay $bkver assembled in $(( $(rxsb_now) - t0 )) s ($(du -h "$out/overlay.cpio.gz" | cut -f1))"
echo "$out"
