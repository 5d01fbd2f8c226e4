#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Prepare the kernel build trees of the compile matrix, cached under
# $RXSCALE_CACHE (default /var/cache/rxscale) and keyed by version.
#
#   trees.sh list                 the tree names
#   trees.sh prepare [TREE...]    prepare (default: all) and print, per tree,
#                                 "NAME KDIR ARCH CROSS_COMPILE"
#
# The six trees:
#   6.1-x86_64, 6.1-arm64    Debian bookworm's linux-headers-<abi>-{amd64,arm64}
#   6.12-*, 7.3-*            linux-source-6.12 (trixie) and linux-source-7.3
#                            (trixie-backports), at the version of the
#                            matching linux-headers, configured with Debian's own
#                            config and Module.symvers for that version (from
#                            the matching linux-headers package), so modpost
#                            checks symbols and the 7.3 arm64 tree builds
#                            modules that load into Debian's 7.3 arm64 kernel.
#
# Debian's 6.12/7.3 header packages cannot be used directly: their host tools
# need glibc 2.38. So the trees are prepared from source here
# (olddefconfig + modules_prepare, about 2 minutes each on 2 cores).
set -eu

. "$(dirname "$0")/../lib/common.sh"

TREES="6.1-x86_64 6.1-arm64 6.12-x86_64 6.12-arm64 7.3-x86_64 7.3-arm64"
DEBS=$RXS_CACHE/debs
JOBS=${JOBS:-$(nproc)}

deb_arch() {
	case $1 in
	x86_64) echo amd64 ;;
	arm64) echo arm64 ;;
	*) rxs_die "unknown arch $1" ;;
	esac
}

cross_for() {
	[ "$1" = arm64 ] && [ "$(uname -m)" != aarch64 ] &&
		echo aarch64-linux-gnu- || true
}

# The ABI of Debian bookworm's current 6.1 kernel, e.g. 6.1.0-57.
bookworm_abi() {
	rxs_apt_refresh
	apt-cache depends linux-headers-amd64 2>/dev/null |
		sed -n 's/.*Depends: linux-headers-\(6\.1\.0-[0-9]*\)-amd64$/\1/p' |
		head -n 1
}

# Newest trixie(-backports) flavour release for a major version, e.g.
# "7.3" -> "7.3.4+deb13".
trixie_release() {
	rxs_apt_private_update
	# apt itself is asked: how it stores its lists (compressed or not)
	# depends on the machine's apt configuration.
	rxs_apt_in trixie apt-cache pkgnames "linux-headers-$1." |
		sed -n "s/^linux-headers-\($1\.[0-9]*+deb13\)-amd64$/\1/p" |
		sort -V | tail -n 1
}

prepare_debian_headers() {	# name arch
	abi=$(bookworm_abi)
	[ -n "$abi" ] || rxs_die "cannot find Debian's 6.1 ABI (apt-get update?)"
	darch=$(deb_arch "$2")
	kdir=/usr/src/linux-headers-$abi-$darch
	if [ "$darch" = amd64 ]; then
		rxs_apt_install "linux-headers-$abi-amd64"
	elif [ ! -f "$kdir/Makefile" ]; then
		# The arm64 package cannot be installed on amd64 without
		# pulling a foreign toolchain; its files only need to sit at
		# their absolute paths, next to the (installed) -common
		# package and the amd64 linux-kbuild. A new machine has no
		# arm64 architecture in its apt: the .deb comes through the
		# private bookworm configuration, which lists arm64.
		rxs_apt_install "linux-headers-$abi-common" "linux-kbuild-6.1"
		rxs_deb_get bookworm "$DEBS" "linux-headers-$abi-arm64:arm64"
		tmp=$(mktemp -d)
		dpkg-deb -x "$DEBS/linux-headers-$abi-arm64_"*_arm64.deb "$tmp"
		cp -a "$tmp/usr/src/linux-headers-$abi-arm64" /usr/src/
		rm -rf "$tmp"
	fi
	echo "$1 $kdir $2 $(cross_for "$2")"
}

# Unpack linux-source-MAJOR at exactly VERSION (the version of the
# linux-headers package whose config and Module.symvers the tree uses) into
# $RXS_CACHE/src/linux-source-MAJOR-VERSION. Both come from trixie: a source
# package of another suite or version drifts from the headers on its own
# schedule (bookworm-security's linux-source-6.12 moved to 6.12.118 while
# trixie's headers were 6.12.117, and the tree's release no longer matched).
unpack_source() {	# major version -> prints source dir
	major=$1
	ver=$2
	rxs_deb_get trixie "$DEBS" "linux-source-$major=$ver"
	deb=$(ls "$DEBS/linux-source-${major}_$(echo "$ver" | sed 's/:/%3a/')_"*.deb | head -n 1)
	src=$RXS_CACHE/src/linux-source-$major-$ver
	if ! rxs_stamp_ok "$src" "$ver"; then
		rxs_log "unpacking $(basename "$deb")"
		rm -rf "$src"
		mkdir -p "$src"
		dpkg-deb --fsys-tarfile "$deb" |
			tar -xO "./usr/src/linux-source-$major.tar.xz" |
			tar -xJ -C "$src" --strip-components=1
		rxs_stamp_set "$src" "$ver"
	fi
	echo "$src"
}

prepare_source_tree() {	# name arch major
	name=$1
	arch=$2
	major=$3
	darch=$(deb_arch "$arch")
	rel=$(trixie_release "$major")
	[ -n "$rel" ] || rxs_die "no Debian linux-headers-$major.*-$darch found"
	rxs_deb_get trixie "$DEBS" "linux-headers-$rel-$darch:$darch"
	hdeb=$(ls "$DEBS/linux-headers-$rel-${darch}_"*.deb | sort -V | tail -n 1)
	src=$(unpack_source "$major" "$(dpkg-deb -f "$hdeb" Version)")
	out=$RXS_CACHE/trees/$name
	key="$(basename "$src") $rel-$darch $(gcc -dumpversion) debian-config-2"
	if ! rxs_stamp_ok "$out" "$key"; then
		rxs_log "preparing $name from $(basename "$src") with Debian's $rel-$darch config"
		rm -rf "$out"
		mkdir -p "$out"
		tmp=$(mktemp -d)
		dpkg-deb -x "$hdeb" "$tmp"
		hdr=$tmp/usr/src/linux-headers-$rel-$darch
		cp "$hdr/.config" "$out/.config"
		cp "$hdr/Module.symvers" "$out/Module.symvers"
		rm -rf "$tmp"
		build_tree "$src" "$out" "$arch" "+${rel#*+}-$darch"
		[ "$(cat "$out/include/config/kernel.release")" = "$rel-$darch" ] ||
			rxs_die "$name: kernel release is not Debian's $rel-$darch"
		rxs_stamp_set "$out" "$key"
	fi
	echo "$name $out $arch $(cross_for "$arch")"
}

# Debian's release string is <upstream version>+debNN-<flavour>; keep it so
# that modules built here carry the vermagic of Debian's kernel. Everything
# else stays Debian's: options such as DEBUG_INFO_BTF_MODULES or MODULE_SIG
# change struct module, and a module built against another layout is
# refused ("section size must match"). Only the key paths, which point into
# Debian's build tree, are cleared (install-time signing is off).
build_tree() {	# src out arch localversion-suffix
	cfg="$1/scripts/config --file $2/.config"
	cp "$2/.config" "$2/config.debian"
	$cfg --set-str LOCALVERSION "$4" -d LOCALVERSION_AUTO \
		--set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS "" \
		--set-str MODULE_SIG_KEY "" -d MODULE_SIG_ALL
	mk="make -s -C $1 O=$2 ARCH=$3 CROSS_COMPILE=$(cross_for "$3") -j$JOBS"
	$mk olddefconfig >"$2/prepare.log" 2>&1 &&
		$mk modules_prepare >>"$2/prepare.log" 2>&1 ||
		{ tail -n 30 "$2/prepare.log" >&2; rxs_die "preparing $2 failed"; }
	config_drift "$2"
}

# Options olddefconfig changed from Debian's config, other than the ones set
# above and those that describe the toolchain (Debian builds with a newer
# gcc and has rustc): logged, and fatal when include/linux/module.h tests
# them, since struct module must match the running kernel's.
config_drift() {	# out
	drift=$(diff "$1/config.debian" "$1/.config" | sed -n 's/^[<>] //p' |
		sed -n 's/^# \(CONFIG_[A-Z0-9_]*\) is not set/\1=n/p; s/^\(CONFIG_[A-Z0-9_]*\)=.*/\1/p' |
		sed 's/=n$//' | sort -u |
		grep -v -E '^CONFIG_(LOCALVERSION|LOCALVERSION_AUTO|SYSTEM_TRUSTED_KEYS|SYSTEM_REVOCATION_KEYS|MODULE_SIG_KEY|MODULE_SIG_ALL|CC_.*|GCC_.*|AS_.*|LD_.*|LLD_.*|PAHOLE_.*|RUSTC_.*|RUST_.*|BINDGEN_.*|TOOLS_SUPPORT_.*|ARCH_SUPPORTS_.*|HAVE_.*_COMPILER.*|CLANG_.*|GCC_PLUGIN.*|TOOLCHAIN_.*)$' || true)
	[ -n "$drift" ] || return 0
	echo "$drift" >"$1/config.drift"
	rxs_log "$(basename "$1"): options that differ from Debian's config: $(echo $drift)"
	# Those that shape struct module make every module unloadable.
	for o in $drift; do
		if grep -q "$o\b" "$1/source/include/linux/module.h"; then
			rxs_die "$(basename "$1"): $o differs from Debian's config and shapes struct module"
		fi
	done
}

prepare_deps() {
	sh "$RXS_TOP/tests/deps.sh" matrix
}

prepare_one() {
	case $1 in
	6.1-*) prepare_debian_headers "$1" "${1#6.1-}" ;;
	6.12-*) prepare_source_tree "$1" "${1#6.12-}" 6.12 ;;
	7.3-*) prepare_source_tree "$1" "${1#7.3-}" 7.3 ;;
	*) rxs_die "unknown tree $1 (known: $TREES)" ;;
	esac
}

case ${1:-} in
list)
	echo "$TREES"
	;;
prepare)
	shift
	[ $# -gt 0 ] || set -- $TREES
	# One preparer at a time: two runs rebuilding the same tree would
	# delete each other's work.
	mkdir -p "$RXS_CACHE"
	exec 9>"$RXS_CACHE/trees.lock"
	flock 9
	prepare_deps
	for t in "$@"; do
		prepare_one "$t"
	done
	;;
*)
	echo "usage: $0 list | prepare [TREE...]" >&2
	exit 2
	;;
esac
