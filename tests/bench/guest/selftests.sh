#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# An extra initramfs archive for the bench guest that carries the kernel's
# own driver selftests (tools/testing/selftests/drivers/net/ and
# drivers/net/hw/ of the guest kernel's source) and what they need:
# python3 with PyYAML, bash, socat, iputils ping, jq, mausezahn
# (netsniff-ng), bpftool, the selftests' Python libraries, the YNL Python library
# and the netlink specs, the C helpers and BPF objects some tests run,
# cross-built for arm64 here.
#
# usage: tests/bench/guest/selftests.sh 7.3
#
# Prints the directory holding overlay.cpio.gz (and manifest). The base
# guest (build.sh) is left as it is: run-scenario.sh --guest-extra
# selftests appends this archive to it for the scenarios that ask, so the
# other scenarios keep their small image. Cached in
# $RXS_CACHE/guest/selftests-<kver>-<key>/, keyed by the base guest, the
# package versions, the kernel source and this script.
#
# In the guest the selftests are in /opt/linux, laid out as in the kernel
# source (tools/testing/selftests/..., tools/net/ynl,
# Documentation/netlink/specs), so that their libraries find each other
# the way they do in a kernel tree ("running in tree").

set -eu

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../lib/common.sh"
. "$here/../lib.sh"

# Bump when the assembly below changes.
ST_REV=3

# bookworm arm64 packages on top of the base guest's. Every ELF's NEEDED
# libraries are checked against the base guest and these together.
ST_PKGS="python3.11-minimal libpython3.11-minimal libpython3.11-stdlib
python3.11 python3-minimal python3 libpython3-stdlib python3-yaml
libyaml-0-2 libexpat1 libffi8 libbz2-1.0 libcrypt1 libncursesw6 libncurses6
libtinfo6 libnsl2 libreadline8 libsqlite3-0 libuuid1 bash socat
libwrap0 iputils-ping libidn2-0 libunistring2 jq libjq1 libonig5
netsniff-ng libcli1.10 libgeoip1 libnet1 libnetfilter-conntrack3
libnfnetlink0 libnl-3-200 libnl-genl-3-200 libnl-route-3-200 libpcap0.8
libsodium23 liburcu8 libdbus-1-3 libsystemd0 libgcrypt20 libgpg-error0
liblz4-1 libibverbs1 coreutils libacl1 libattr1 libgmp10 bpftool"
# bpftool: xdp.py reads and sets the maps of the XDP program it attached
# (net/lib/py/bpf.py: map update name, map dump id --json, prog show id);
# its libraries (libelf1, zlib1g, libcap2) are the base guest's.
# Their binaries go to /opt/linux/bin (the tests' PATH only), not over the
# base guest's busybox applets that the scenario library uses: coreutils
# (net/forwarding/lib.sh needs readlink -e).
ST_OPT_PKGS="coreutils"

# From sid (arm64), for the tests only (/opt/linux/bin): ethtool. The tests
# read --json output of -l, -g, -c...: bookworm's 6.1 has none of them,
# trixie's 6.14 none for -l (napi_threaded.py), which came in ethtool 6.15
# ("Feature: JSON output for channels info (-l)", NEWS); sid has 7.2. Its
# binary needs glibc 2.34 and libmnl.so.0, both in bookworm (checked below).
# Debian's archive as this machine reaches it has sid's arm64 binaries but
# not its source files (apt-get source ethtool: 404).
ST_SID_PKGS="ethtool"

kver=${1:-}
case $kver in
7.3) tree=7.3-arm64 ;;
*) rxs_die "usage: $0 7.3 (the selftests come from the guest kernel's source; only 7.3 is prepared)" ;;
esac

rxs_apt_install cpio gzip binutils clang python3 python3-yaml gcc-aarch64-linux-gnu \
	libc6-dev-arm64-cross make bc flex bison rsync

# The base guest (for its package list and key) and the kernel source of
# the guest kernel (the matrix's prepared 7.3 arm64 tree points at it).
base=$("$here/build.sh" "$kver" | tail -n 1)
[ -f "$base/user.cpio.gz" ] || rxs_die "base guest $base has no user.cpio.gz"
kdir=$(sh "$here/../../matrix/trees.sh" prepare "$tree" | awk -v t="$tree" '$1 == t { print $2 }')
[ -n "$kdir" ] && [ -e "$kdir/source" ] || rxs_die "no prepared $tree tree"
src=$(readlink -f "$kdir/source")
[ -d "$src/tools/testing/selftests/drivers/net" ] || rxs_die "no selftests in $src"
krel=$(cat "$base/release")
case $(basename "$src") in
linux-source-7.3-*) ;;
*) rxs_die "kernel source $src is not 7.3's" ;;
esac

mkdir -p "$RXS_CACHE/guest"
rxsb_lock "$RXS_CACHE/guest/selftests.lock"
# (not *.tmp: build.sh removes guest/*.tmp of other runs as it starts)
rm -rf "$RXS_CACHE"/guest/selftests-*.work
debs=$RXS_CACHE/guest/selftests-debs
mkdir -p "$debs"

# --- package versions -----------------------------------------------------------
# sid's arm64 binaries come through a private apt configuration of their
# own, sid-deb (common.sh rxs_apt_sources; the shared sid one has sid's
# deb-src only, for sparse).
rxsb_apt_update
resolved=$RXS_CACHE/guest/selftests-resolved-$kver
want_id=$(echo "$ST_PKGS $ST_SID_PKGS $ST_REV" | sha256sum | cut -c1-12)
pins=
if [ -f "$resolved" ] && [ -n "$(find "$resolved" -newer "$RXSB_APT_DIR/updated")" ] &&
   [ "$(sed -n 1p "$resolved")" = "$want_id" ]; then
	pins=$(sed -n 2p "$resolved")
fi
tpins=$(sed -n 3p "$resolved" 2>/dev/null || true)
if [ -z "$pins" ] || [ -z "$tpins" ]; then
	pins=
	rxs_apt_update sid-deb
	tpins=
	for p in $ST_SID_PKGS; do
		v=$(rxs_apt_in sid-deb apt-cache policy "$p:arm64" 2>/dev/null | sed -n 's/^ *Candidate: *//p' | head -n 1)
		[ -n "$v" ] && [ "$v" != "(none)" ] || rxs_die "no sid arm64 candidate for $p"
		tpins="$tpins $p=$v"
	done
	# shellcheck disable=SC2046
	pol=$(rxsb_apt_cache policy $(for p in $ST_PKGS; do echo "$p:arm64"; done) 2>/dev/null |
		awk '/^[^ ].*:$/ { sub(/:arm64:$/, ""); sub(/:$/, ""); p = $0 }
		     /^  Candidate:/ { print p "=" $2 }')
	for p in $ST_PKGS; do
		pv=$(echo "$pol" | grep "^$p=" | head -n 1)
		case $pv in
		""|*"=(none)") rxs_die "no arm64 candidate for $p" ;;
		esac
		pins="$pins $pv"
	done
	printf '%s\n' "$want_id" "$pins" "$tpins" > "$resolved.new"
	mv "$resolved.new" "$resolved"
fi

key=$( {
	echo "rev $ST_REV $pins $tpins $(basename "$base") $(basename "$src")"
	cat "$0"
} | sha256sum | cut -c1-12)
out=$RXS_CACHE/guest/selftests-$kver-$key
if rxs_stamp_ok "$out" "$key"; then
	echo "$out"
	exit 0
fi
t0=$(rxsb_now)

# shellcheck disable=SC2046
rxs_deb_get bookworm "$debs" $(for pv in $pins; do echo "${pv%%=*}:arm64=${pv#*=}"; done)

# sid's, into the same directory (kept: sid replaces its versions quickly)
# shellcheck disable=SC2046
rxs_deb_get sid-deb "$debs" $(for pv in $tpins; do echo "${pv%%=*}:arm64=${pv#*=}"; done)

rm -rf "$out.work"
mkdir -p "$out.work/root" "$out.work/build"
root=$out.work/root
bld=$out.work/build

# --- userland -----------------------------------------------------------------------
for pv in $pins; do
	_v=$(echo "${pv#*=}" | sed 's/:/%3a/')
	f=
	for _a in arm64 all; do
		[ -f "$debs/${pv%%=*}_${_v}_$_a.deb" ] && f=$debs/${pv%%=*}_${_v}_$_a.deb
	done
	[ -n "$f" ] || rxs_die "no .deb for $pv in $debs"
	case " $ST_OPT_PKGS " in
	*" ${pv%%=*} "*)
		rm -rf "$out.work/opt-pkg"
		dpkg-deb -x "$f" "$out.work/opt-pkg"
		mkdir -p "$root/opt/linux/bin"
		for b in "$out.work/opt-pkg"/bin/* "$out.work/opt-pkg"/usr/bin/*; do
			[ -f "$b" ] && cp -a "$b" "$root/opt/linux/bin/"
		done
		rm -rf "$out.work/opt-pkg" ;;
	*) dpkg-deb -x "$f" "$root" ;;
	esac
done
[ -x "$root/opt/linux/bin/readlink" ] || rxs_die "coreutils' readlink not in /opt/linux/bin"
rm -rf "$root/usr/share/doc" "$root/usr/share/man" "$root/usr/share/locale" \
	"$root/usr/share/info" "$root/usr/share/lintian" "$root/usr/share/bug" \
	"$root/usr/share/bash-completion" "$root/etc/cron.d" "$root/usr/lib/python3.11/test" \
	"$root/usr/lib/python3.11/idlelib" "$root/usr/lib/python3.11/tkinter" \
	"$root/usr/lib/python3.11/ensurepip" "$root/usr/lib/python3.11/lib2to3"
# merged /usr: the base guest's /bin, /sbin, /lib are links into /usr; a
# directory of this name in a later archive would replace the link
for d in bin sbin lib; do
	if [ -d "$root/$d" ] && [ ! -L "$root/$d" ]; then
		mkdir -p "$root/usr/$d"
		cp -a "$root/$d/." "$root/usr/$d/"
		rm -rf "${root:?}/$d"
	fi
done
rm -rf "${root:?}/lib64"
ln -sf python3.11 "$root/usr/bin/python3"
# iputils ping for the tests (fractional -W, -s 65000) in /opt/linux/bin,
# which only the selftests scenario puts first on PATH: the base guest's
# busybox ping, whose output the scenario library reads, stays /usr/bin/ping
mkdir -p "$root/opt/linux/bin"
mv "$root/usr/bin/ping" "$root/opt/linux/bin/ping"
[ -e "$root/usr/sbin/mausezahn" ] || rxs_die "netsniff-ng has no mausezahn"

# the sid tools, unpacked apart, their binaries into /opt/linux/bin
mkdir -p "$out.work/sid"
for pv in $tpins; do
	_v=$(echo "${pv#*=}" | sed 's/:/%3a/')
	dpkg-deb -x "$debs/${pv%%=*}_${_v}_arm64.deb" "$out.work/sid"
done
cp "$out.work/sid/usr/sbin/ethtool" "$root/opt/linux/bin/ethtool"
# the release whose NEWS says -l has JSON output (6.15) or a later one
eth_news=$(gzip -dc "$out.work/sid/usr/share/doc/ethtool/NEWS.gz" 2>/dev/null | sed -n '1s/^Version \([0-9.]*\) .*/\1/p')
[ -n "$eth_news" ] || rxs_die "sid's ethtool package has no NEWS.gz to read its release from"
[ "$(printf '%s\n' "$eth_news" 6.15 | sort -V | head -n 1)" = 6.15 ] ||
	rxs_die "sid's ethtool is $eth_news: JSON output of -l needs 6.15 or later"
rm -rf "$out.work/sid"
glibc_max=$(readelf -V "$root/opt/linux/bin/ethtool" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -n 1)
[ "$(printf '%s\n' "$glibc_max" GLIBC_2.36 | sort -V | tail -n 1)" = GLIBC_2.36 ] ||
	rxs_die "sid's ethtool needs $glibc_max, bookworm's glibc is 2.36"

# --- the selftests, laid out as in the kernel tree ------------------------------------
lin=$root/opt/linux
ks=tools/testing/selftests
mkdir -p "$lin/$ks/net/forwarding" "$lin/tools/net/ynl" "$lin/Documentation/netlink"
cp -a "$src/$ks/drivers" "$lin/$ks/"
# only the NIC driver tests: the other driver directories are not run here
for d in "$lin/$ks/drivers"/*; do
	[ "${d##*/}" = net ] || rm -rf "$d"
done
for d in "$lin/$ks/drivers/net"/*/; do
	case ${d%/} in */hw|*/lib) ;; *) rm -rf "$d" ;; esac
done
cp -a "$src/$ks/net/lib" "$lin/$ks/net/"
cp -a "$src/$ks/net/lib.sh" "$lin/$ks/net/"
cp -a "$src/$ks/net/forwarding/lib.sh" "$src/$ks/net/forwarding/ipip_lib.sh" \
	"$src/$ks/net/forwarding/tc_common.sh" "$lin/$ks/net/forwarding/"
cp -a "$src/$ks/kselftest" "$src/$ks/kselftest.h" "$lin/$ks/"
cp -a "$src/tools/net/ynl/pyynl" "$lin/tools/net/ynl/"
cp -a "$src/Documentation/netlink/specs" "$lin/Documentation/netlink/"
[ -f "$src/Documentation/netlink/genetlink.yaml" ] &&
	cp -a "$src/Documentation/netlink/"*.yaml "$lin/Documentation/netlink/"

# --- C helpers and BPF objects (arm64) ---------------------------------------------
# the uapi headers of this kernel, installed out of the (read-only) tree
make -s -C "$src" O="$bld/hdr-obj" ARCH=arm64 INSTALL_HDR_PATH="$bld/hdr" headers_install ||
	rxs_die "headers_install of $src failed"
uapi=$bld/hdr/include
CC=aarch64-linux-gnu-gcc
cflags="-O2 -Wall -Wl,--no-as-needed -isystem $uapi -I$src/$ks"
built=
# cc_helper OUT SOURCE... [-- EXTRA FLAGS]: one helper, installed at OUT
cc_helper() {
	_o=$1
	shift
	# shellcheck disable=SC2086
	$CC $cflags -o "$lin/$_o" "$@" || rxs_die "cross-building $_o failed"
	built="$built $_o"
}
cc_helper "$ks/drivers/net/napi_id_helper" "$src/$ks/drivers/net/napi_id_helper.c"
cc_helper "$ks/net/lib/csum" "$src/$ks/net/lib/csum.c"
cc_helper "$ks/net/lib/xdp_helper" "$src/$ks/net/lib/xdp_helper.c"
cc_helper "$ks/net/lib/gro" "$src/$ks/net/lib/gro.c"

# toeplitz uses the YNL C library and the ethtool family's generated code
ynl=$bld/ynl
mkdir -p "$ynl"
for fam in ethtool netdev; do
	gen_arg=
	[ "$fam" = ethtool ] && gen_arg="--user-header linux/ethtool_netlink.h --exclude-op stats-get"
	for what in header source; do
		ext=h
		[ "$what" = source ] && ext=c
		# shellcheck disable=SC2086
		python3 "$src/tools/net/ynl/pyynl/ynl_gen_c.py" --mode user --$what \
			--spec "$src/Documentation/netlink/specs/$fam.yaml" \
			-o "$ynl/$fam-user.$ext" $gen_arg >/dev/null ||
			rxs_die "YNL code generation ($fam $what) failed"
	done
done
ynlflags="-std=gnu11 -O2 -isystem $uapi -I$src/tools/net/ynl/lib -I$ynl"
for c in "$src/tools/net/ynl/lib/ynl.c" "$ynl/ethtool-user.c" "$ynl/netdev-user.c"; do
	# shellcheck disable=SC2086
	$CC $ynlflags -c -o "$ynl/$(basename "$c" .c).o" "$c" || rxs_die "YNL: $c failed"
done
# shellcheck disable=SC2086
$CC $cflags -I"$src/tools/net/ynl/lib" -I"$ynl" \
	-o "$lin/$ks/drivers/net/hw/toeplitz" "$src/$ks/drivers/net/hw/toeplitz.c" \
	"$ynl/ynl.o" "$ynl/ethtool-user.o" "$ynl/netdev-user.o" ||
	rxs_die "cross-building toeplitz failed"
built="$built $ks/drivers/net/hw/toeplitz"

# BPF objects: clang --target=bpf against this kernel's uapi and libbpf's
# bpf_helpers.h, whose generated helper declarations come from bpf.h
bpfinc=$bld/bpfinc
mkdir -p "$bpfinc/bpf"
cp "$src/tools/lib/bpf/bpf_helpers.h" "$src/tools/lib/bpf/bpf_endian.h" \
	"$src/tools/lib/bpf/bpf_tracing.h" "$src/tools/lib/bpf/bpf_core_read.h" "$bpfinc/bpf/"
python3 "$src/scripts/bpf_doc.py" --header --file "$src/include/uapi/linux/bpf.h" \
	> "$bpfinc/bpf/bpf_helper_defs.h" || rxs_die "bpf_helper_defs.h generation failed"
sysinc=$(clang --target=aarch64-linux-gnu -v -E - </dev/null 2>&1 |
	sed -n '/<...> search starts here:/,/End of search list./{ s| \(/.*\)|-idirafter \1|p }')
nbpf=0
for c in "$src/$ks/net/lib/"*.bpf.c "$src/$ks/drivers/net/hw/"*.bpf.c; do
	[ -f "$c" ] || continue
	o=${c%.c}.o
	o=$lin/${o#"$src/"}
	# shellcheck disable=SC2086
	if clang -O2 -g --target=bpf -I"$bpfinc" -I"$src/$ks/bpf" -isystem "$uapi" \
		-I"$src/$ks/net/lib" $sysinc -idirafter /usr/aarch64-linux-gnu/include \
		-c "$c" -o "$o" 2>"$bld/bpf.log"; then
		nbpf=$((nbpf + 1))
		built="$built ${o#"$lin/"}"
	else
		rxs_log "BPF object $(basename "$o") not built: $(head -n 1 "$bld/bpf.log")"
	fi
done
# ping.py and xdp.py load these two
for o in xdp_dummy xdp_native; do
	[ -f "$lin/$ks/net/lib/$o.bpf.o" ] || rxs_die "$o.bpf.o not built"
done

# --- Python bytecode, compiled on the host --------------------------------------------
# Debian compiles .pyc at install time (py3compile), which an unpacked
# package never does; under TCG the guest would compile every module at
# every boot. The host's python3 must be the same minor version, or the
# guest compiles them itself (slower, same result).
pyv=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
if [ "$pyv" = 3.11 ]; then
	python3 -m compileall -q -j 2 -s "$root" -p / "$root/usr/lib/python3.11" \
		"$root/usr/lib/python3/dist-packages" "$lin" >/dev/null ||
		rxs_log "compileall reported errors (modules the guest cannot import anyway)"
else
	rxs_log "host python3 is $pyv, not 3.11: no precompiled bytecode"
fi

# --- every ELF finds its libraries (the base guest's or these) ----------------------
gzip -dc "$base/user.cpio.gz" | cpio -it --quiet 2>/dev/null |
	sed -n 's|^\(\./\)\{0,1\}usr/lib/\(aarch64-linux-gnu/\)\{0,1\}\([^/]*\)$|\3|p' | sort -u > "$bld/base-libs"
missing=$(find "$root" -type f \( -perm -u+x -o -name '*.so*' \) | while read -r f; do
	readelf -d "$f" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' |
	while read -r lib; do
		[ -e "$root/usr/lib/aarch64-linux-gnu/$lib" ] ||
		[ -e "$root/usr/lib/$lib" ] ||
		grep -qxF "$lib" "$bld/base-libs" ||
		echo "${f#"$root"} needs $lib"
	done
done)
[ -z "$missing" ] || rxs_die "selftests userland incomplete:
$missing"
for b in usr/bin/python3.11 usr/bin/bash usr/bin/socat opt/linux/bin/ping opt/linux/bin/ethtool usr/bin/jq usr/sbin/mausezahn usr/sbin/bpftool; do
	[ -x "$root/$b" ] || rxs_die "selftests userland lacks /$b"
done

# --- the archive ---------------------------------------------------------------------
(cd "$root" && find . | sort | cpio -o -H newc -R 0:0 --quiet) | gzip -1 > "$out.work/overlay.cpio.gz"
{
	echo "base $(basename "$base") ($krel)"
	echo "source $(basename "$src")"
	echo "built$built"
	echo "bpf objects $nbpf"
	for pv in $pins; do echo "$pv"; done
	for pv in $tpins; do echo "$pv (sid, /opt/linux/bin)"; done
} > "$out.work/manifest"
rm -rf "$root" "$bld"
rxs_stamp_set "$out.work" "$key"
rm -rf "$out"
mv "$out.work" "$out"
find "$RXS_CACHE/guest" -mindepth 1 -maxdepth 1 -type d -name "selftests-$kver-*" \
	! -path "$out" -mtime +0 -exec rm -rf {} + 2>/dev/null || true
rxs_log "selftests overlay $kver assembled in $(( $(rxsb_now) - t0 )) s ($(du -h "$out/overlay.cpio.gz" | cut -f1))"
echo "$out"
