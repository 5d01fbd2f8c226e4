#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Assemble an arm64 guest (kernel + cpio initramfs) for the emulation bench
# from Debian .debs unpacked with dpkg-deb: no arm64 code runs on the host.
#
# usage: tests/bench/guest/build.sh 6.1|7.3
#
# Prints the guest directory: Image (kernel), initrd.img (userland +
# modules, two concatenated cpio archives), release (uname -r). Cached in
# $RXS_CACHE/guest/, keyed by the package versions and this script.
#
#   6.1: bookworm's linux-image-<abi>-arm64 (the ABI linux-image-arm64 pulls)
#   7.3: trixie-backports' linux-binary/-modules/-base-7.3.4+deb13-arm64
# Userland: bookworm arm64 busybox-static, libc6, iproute2, ethtool,
# iperf3, sysstat, kmod and their libraries.

set -eu

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../lib/common.sh"
. "$here/../lib.sh"

# Bump when the assembly below changes.
GUEST_REV=1
K73_REL=${RXS_K73_RELEASE:-7.3.4+deb13-arm64}

# Userland packages (bookworm, arm64). Every ELF's NEEDED libraries are
# checked below, so a missing one fails the build.
USER_PKGS="dash busybox-static libc6 libgcc-s1 libzstd1 liblzma5 libssl3
libkmod2 kmod iproute2 libbpf1 libbsd0 libmd0 libcap2 libdb5.3 libelf1
zlib1g libselinux1 libpcre2-8-0 libtirpc3 libgssapi-krb5-2 libkrb5-3
libk5crypto3 libcom-err2 libkrb5support0 libkeyutils1 libxtables12 libmnl0
ethtool iperf3 libiperf0 libsctp1 sysstat libsensors5 libatm1"

# Kernel modules put into the guest (with their dependencies): the stock
# NICs, the NIC families the project models, PHYs, queue disciplines,
# pktgen (scenarios/gbeth-perf.sh: a sender cheaper than the receiver).
MOD_GLOBS="kernel/drivers/virtio kernel/drivers/net/virtio_net.ko* kernel/drivers/net/net_failover.ko*
kernel/net/core/failover.ko* kernel/drivers/net/ethernet/realtek/*
kernel/drivers/net/ethernet/renesas/* kernel/drivers/net/ethernet/mediatek/*
kernel/drivers/net/ethernet/intel/e1000e/* kernel/drivers/net/phy/*
kernel/drivers/net/mdio/* kernel/drivers/net/pcs/* kernel/drivers/net/dsa/mt7530*
kernel/net/sched/sch_*.ko* kernel/net/sched/cls_*.ko* kernel/net/sched/act_*.ko*
kernel/drivers/net/veth.ko* kernel/drivers/net/dummy.ko* kernel/net/core/pktgen.ko*"

kver=${1:-}
case $kver in
6.1|7.3) ;;
*) rxs_die "usage: $0 6.1|7.3" ;;
esac

rxs_apt_install cpio xz-utils zstd binutils kmod dpkg
mkdir -p "$RXS_CACHE/guest"
rxsb_lock "$RXS_CACHE/guest/guest.lock"
rm -rf "$RXS_CACHE"/guest/*.tmp

debs=$RXS_CACHE/guest/debs
mkdir -p "$debs"

# deb_file NAME VERSION: path of the downloaded .deb (arm64 or all); apt
# writes an epoch's colon as %3a.
deb_file() {
	for _v in "$(echo "$2" | sed 's/:/%3a/')" "${2#*:}"; do
		for _a in arm64 all; do
			if [ -f "$debs/${1}_${_v}_$_a.deb" ]; then
				echo "$debs/${1}_${_v}_$_a.deb"
				return 0
			fi
		done
	done
	return 1
}

# deb_file_any NAME VERSION ARCH: like deb_file for another architecture
deb_file_any() {
	for _v in "$(echo "$2" | sed 's/:/%3a/')" "${2#*:}"; do
		if [ -f "$debs/${1}_${_v}_$3.deb" ]; then
			echo "$debs/${1}_${_v}_$3.deb"
			return 0
		fi
	done
	return 1
}

# --- package versions -------------------------------------------------------
# Resolving versions costs several apt-cache runs; the answer only changes
# when the package lists do, so it is kept until the next list update.
rxsb_apt_update
[ "$kver" = 7.3 ] && rxs_apt_private_update
resolved=$RXS_CACHE/guest/resolved-$kver
want_id=$(echo "$USER_PKGS $K73_REL $GUEST_REV" | sha256sum | cut -c1-12)
user_pins=
kernel_pins=
krel=
if [ -f "$resolved" ] && [ -n "$(find "$resolved" -newer "$RXSB_APT_DIR/updated")" ] &&
   { [ "$kver" = 6.1 ] || [ -n "$(find "$resolved" -newer "$RXS_APT_DIR/updated")" ]; } &&
   [ "$(sed -n 1p "$resolved")" = "$want_id" ]; then
	user_pins=$(sed -n 2p "$resolved")
	kernel_pins=$(sed -n 3p "$resolved")
	krel=$(sed -n 4p "$resolved")
fi
if [ -z "$krel" ]; then
	user_pins=
	# shellcheck disable=SC2046
	pol=$(rxsb_apt_cache policy $(for p in $USER_PKGS; do echo "$p:arm64"; done) 2>/dev/null |
		awk '/^[^ ].*:$/ { sub(/:arm64:$/, ""); sub(/:$/, ""); p = $0 }
		     /^  Candidate:/ { print p "=" $2 }')
	for p in $USER_PKGS; do
		pv=$(echo "$pol" | grep "^$p=" | head -n 1)
		case $pv in
		""|*"=(none)") rxs_die "no arm64 candidate for $p" ;;
		esac
		user_pins="$user_pins $pv"
	done

	if [ "$kver" = 6.1 ]; then
		kpkg=$(rxsb_apt_cache depends linux-image-arm64:arm64 2>/dev/null |
			sed -n 's/^ *Depends: \(linux-image-6\.1[^:]*-arm64\).*/\1/p' | head -n 1)
		[ -n "$kpkg" ] || rxs_die "cannot tell which linux-image-6.1 bookworm uses"
		kv=$(rxsb_candidate "$kpkg:arm64")
		kernel_pins="$kpkg=$kv"
		krel=${kpkg#linux-image-}
	else
		kernel_pins=
		for p in linux-binary-$K73_REL linux-modules-$K73_REL linux-base-$K73_REL; do
			v=$(rxs_apt_in trixie apt-cache policy "$p:arm64" 2>/dev/null | sed -n 's/^ *Candidate: *//p' | head -n 1)
			[ -n "$v" ] && [ "$v" != "(none)" ] || rxs_die "no trixie candidate for $p"
			kernel_pins="$kernel_pins $p=$v"
		done
		krel=$K73_REL
	fi
	printf '%s\n' "$want_id" "$user_pins" "$kernel_pins" "$krel" > "$resolved.new"
	mv "$resolved.new" "$resolved"
fi

key=$( {
	echo "rev $GUEST_REV $user_pins $kernel_pins"
	echo "$MOD_GLOBS"
	cat "$here/init" "$0"
} | sha256sum | cut -c1-12)
out=$RXS_CACHE/guest/$kver-$krel-$key
if rxs_stamp_ok "$out" "$key"; then
	echo "$out"
	exit 0
fi
t0=$(rxsb_now)

# --- downloads ----------------------------------------------------------------
# arm64_specs NAME=VERSION...: the same as NAME:arm64=VERSION
arm64_specs() {
	for _pv in "$@"; do
		echo "${_pv%%=*}:arm64=${_pv#*=}"
	done
}
# userland (and 6.1's kernel) from bookworm, 7.3's kernel from trixie-backports
# shellcheck disable=SC2046,SC2086
if [ "$kver" = 6.1 ]; then
	rxs_deb_get bookworm "$debs" $(arm64_specs $user_pins $kernel_pins)
else
	rxs_deb_get bookworm "$debs" $(arm64_specs $user_pins)
	rxs_deb_get trixie "$debs" $(arm64_specs $kernel_pins)
fi
for pv in $user_pins $kernel_pins; do
	deb_file "${pv%%=*}" "${pv#*=}" >/dev/null || rxs_die "no .deb for $pv in $debs"
done

rm -rf "$out.tmp"
mkdir -p "$out.tmp/root" "$out.tmp/kernel" "$out.tmp/mods"
root=$out.tmp/root

# --- userland -------------------------------------------------------------------
for pv in $user_pins; do
	dpkg-deb -x "$(deb_file "${pv%%=*}" "${pv#*=}")" "$root"
done
rm -rf "$root/usr/share/doc" "$root/usr/share/man" "$root/usr/share/locale" \
	"$root/usr/share/info" "$root/usr/share/lintian" "$root/usr/share/bug" \
	"$root/usr/lib/aarch64-linux-gnu/gconv" "$root/etc/cron.d" \
	"$root/etc/cron.daily" "$root/usr/share/zsh" "$root/usr/share/bash-completion"
# merged /usr, as on a current Debian system
for d in bin sbin lib; do
	mkdir -p "$root/usr/$d"
	if [ -d "$root/$d" ] && [ ! -L "$root/$d" ]; then
		cp -a "$root/$d/." "$root/usr/$d/"
		rm -rf "${root:?}/$d"
	fi
	ln -s "usr/$d" "$root/$d"
done
ln -sf dash "$root/usr/bin/sh"
mkdir -p "$root/dev" "$root/proc" "$root/sys" "$root/tmp" "$root/run" \
	"$root/etc" "$root/root" "$root/var" "$root/mnt" "$root/rxscale"
mknod -m 600 "$root/dev/console" c 5 1
mknod -m 666 "$root/dev/null" c 1 3
printf 'root:x:0:0:root:/root:/bin/sh\n' > "$root/etc/passwd"
printf 'root:x:0:\n' > "$root/etc/group"
: > "$root/etc/fstab"
cp "$here/init" "$root/init"
chmod 755 "$root/init"

# busybox applets for the commands the packages do not provide. Debian's
# busybox-static runs its own applets from its shell ("prefer applets"),
# so /bin/sh is dash and the real ip, tc, ethtool... win. The applet list
# comes from the amd64 build of the same busybox-static version, run on
# the host.
bbv=$(echo "$user_pins" | tr ' ' '\n' | sed -n 's/^busybox-static=//p')
bbh=$out.tmp/bb-host
rxs_deb_get bookworm "$debs" "busybox-static:amd64=$bbv"
dpkg-deb -x "$(deb_file_any busybox-static "$bbv" amd64)" "$bbh"
napplets=0
for a in $("$bbh/bin/busybox" --list-full); do
	n=${a##*/}
	[ -e "$root/usr/bin/$n" ] || [ -e "$root/usr/sbin/$n" ] || [ -L "$root/usr/bin/$n" ] ||
	[ -L "$root/usr/sbin/$n" ] || [ "$n" = sh ] || {
		case $a in
		bin/*|usr/bin/*) ln -s /usr/bin/busybox "$root/usr/bin/$n" ;;
		*) ln -s /usr/bin/busybox "$root/usr/sbin/$n" ;;
		esac
		napplets=$((napplets + 1))
	}
done
[ "$napplets" -gt 100 ] || rxs_die "only $napplets busybox applets linked"
rm -rf "$bbh"

# Every dynamic ELF must find its libraries in the guest.
missing=$(find "$root" -type f \( -perm -u+x -o -name '*.so*' \) | while read -r f; do
	readelf -d "$f" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' |
	while read -r lib; do
		[ -e "$root/usr/lib/aarch64-linux-gnu/$lib" ] ||
		[ -e "$root/usr/lib/$lib" ] ||
		echo "${f#"$root"} needs $lib"
	done
done)
[ -z "$missing" ] || rxs_die "guest userland incomplete:
$missing"
for b in usr/bin/sh usr/bin/dash usr/bin/ping usr/bin/timeout usr/bin/busybox usr/sbin/ip usr/sbin/ethtool usr/bin/iperf3 \
	usr/bin/mpstat usr/bin/kmod usr/sbin/tc; do
	[ -x "$root/$b" ] || rxs_die "guest userland lacks /$b"
done

# --- kernel ---------------------------------------------------------------------
kx=$out.tmp/kernel
for pv in $kernel_pins; do
	dpkg-deb -x "$(deb_file "${pv%%=*}" "${pv#*=}")" "$kx"
done
img=
for f in "$kx/boot/vmlinuz-$krel" "$kx/usr/lib/modules/$krel/vmlinuz"; do
	[ -f "$f" ] && img=$f && break
done
[ -n "$img" ] || rxs_die "no vmlinuz for $krel in the kernel packages"
cp "$img" "$out.tmp/Image"
if [ ! -d "$kx/lib/modules/$krel" ] && [ -d "$kx/usr/lib/modules/$krel" ]; then
	mkdir -p "$kx/lib"
	ln -s ../usr/lib/modules "$kx/lib/modules"
fi
kmod_src=$kx/lib/modules/$krel
[ -d "$kmod_src" ] || rxs_die "no modules for $krel"
# The packages ship no modules.dep (their postinst makes it): compute it.
depmod -b "$kx" "$krel" || rxs_die "depmod of the $krel packages failed"

# Wanted modules + their dependencies (modules.dep of the package).
mods=$out.tmp/mods
mdst=$mods/usr/lib/modules/$krel
mkdir -p "$mdst"
want=$(cd "$kmod_src" && for g in $MOD_GLOBS; do
	for f in $g; do
		if [ -d "$f" ]; then
			find "$f" -name '*.ko*'
		elif [ -f "$f" ]; then
			echo "$f"
		fi
	done
done | sort -u)
[ -n "$want" ] || rxs_die "none of the wanted modules found in $krel"
all=$want
todo=$want
while [ -n "$todo" ]; do
	next=
	for m in $todo; do
		for d in $(sed -n "s|^$m: *||p" "$kmod_src/modules.dep"); do
			case " $(echo "$all" | tr '\n' ' ') " in
			*" $d "*) ;;
			*) all="$all
$d"; next="$next $d" ;;
			esac
		done
	done
	todo=$next
done
for m in $all; do
	mkdir -p "$mdst/$(dirname "$m")"
	case $m in
	*.ko.xz) xz -dc "$kmod_src/$m" > "$mdst/${m%.xz}" ;;
	*.ko.zst) zstd -qdc "$kmod_src/$m" > "$mdst/${m%.zst}" ;;
	*.ko.gz) gzip -dc "$kmod_src/$m" > "$mdst/${m%.gz}" ;;
	*) cp "$kmod_src/$m" "$mdst/$m" ;;
	esac
done
for f in modules.builtin modules.builtin.modinfo modules.order; do
	[ -f "$kmod_src/$f" ] && cp "$kmod_src/$f" "$mdst/"
done
ln -s usr/lib "$mods/lib"
depmod -b "$mods" "$krel" || rxs_die "depmod failed"
rm "$mods/lib"
nmods=$(find "$mdst" -name '*.ko' | wc -l)
for m in virtio_net r8169 realtek; do
	find "$mdst" -name "$m.ko" | grep -q . || rxs_die "module $m missing from $krel"
done
echo "$krel" > "$out.tmp/release"

# --- cpio archives -----------------------------------------------------------------
(cd "$root" && find . | sort | cpio -o -H newc -R 0:0 --quiet) | gzip -1 > "$out.tmp/user.cpio.gz"
(cd "$mods" && find . | sort | cpio -o -H newc -R 0:0 --quiet) | gzip -1 > "$out.tmp/mods.cpio.gz"
cat "$out.tmp/user.cpio.gz" "$out.tmp/mods.cpio.gz" > "$out.tmp/initrd.img"
{
	echo "kernel $krel"
	for pv in $kernel_pins $user_pins; do echo "$pv"; done
	echo "modules $nmods"
} > "$out.tmp/manifest"
rm -rf "$out.tmp/root" "$out.tmp/kernel" "$out.tmp/mods"
rxs_stamp_set "$out.tmp" "$key"
rm -rf "$out"
mv "$out.tmp" "$out"
# Images of this kernel series built for other keys (older package
# versions or an older version of this script) are dead weight after a
# day; a younger one may still be booting in another run.
find "$RXS_CACHE/guest" -mindepth 1 -maxdepth 1 -type d -name "$kver-*" \
	! -path "$out" -mtime +0 -exec rm -rf {} + 2>/dev/null || true
rxs_log "guest $kver ($krel, $nmods modules) assembled in $(( $(rxsb_now) - t0 )) s"
echo "$out"
