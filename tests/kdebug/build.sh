#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build the debug-tier guest kernel (issue 18): Linux 7.3 arm64 from the
# cached linux-source tree, allnoconfig + tests/kdebug/debug.config (QEMU
# virt, the bench's needs, upstream r8169/ravb/mtk_eth_soc as modules,
# KASAN, lockdep, kmemleak, DMA-API debug, fault injection).
#
# usage: tests/kdebug/build.sh [--name]
#
# --name: print only the output directory's name (kdebug-7.3-<key>), built or
# not; the resume key of `make check-full` names the debug kernel with it.
#
# Prints the output directory $RXS_CACHE/kdebug-7.3-<key>/ (key: hash of the
# source version, the fragment and this script):
#   build/    the O= tree (KDIR for out-of-tree modules: Module.symvers, .config)
#   Image     the kernel
#   mods/     modules_install output (usr/lib/modules/<release>/, signed)
#   release   uname -r
#   build-seconds  wall time of the cold build (first build of this key)
# The source tree is never written to. Concurrent runs wait for each other.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/common.sh"

SRC=${RXS_KDEBUG_SRC:-$RXS_CACHE/src/linux-source-7.3-7.3.4-1~bpo13+1}
FRAG=$here/debug.config
CROSS=aarch64-linux-gnu-
JOBS=${JOBS:-$(nproc)}

[ -f "$SRC/Makefile" ] || rxs_die "no kernel source at $SRC"
command -v "${CROSS}gcc" >/dev/null 2>&1 || rxs_die "no ${CROSS}gcc"

key=$( { basename "$SRC"; cat "$FRAG" "$0"; } | sha256sum | cut -c1-12)
out=$RXS_CACHE/kdebug-7.3-$key
if [ "${1:-}" = --name ]; then
	echo "${out##*/}"
	exit 0
fi
mkdir -p "$RXS_CACHE"
exec 9>"$RXS_CACHE/kdebug.lock"
flock 9
if rxs_stamp_ok "$out" "$key"; then
	echo "$out"
	exit 0
fi

rxs_ccache
cc=${CROSS}gcc
command -v ccache >/dev/null 2>&1 && cc="ccache ${CROSS}gcc"
b=$out/build
mkdir -p "$b"
kmake() {
	nice -n 19 make -s -C "$SRC" O="$b" ARCH=arm64 CROSS_COMPILE="$CROSS" \
		CC="$cc" "$@"
}

t0=$(date +%s)
kmake KCONFIG_ALLCONFIG="$FRAG" allnoconfig >"$out/config.log" 2>&1 ||
	{ tail -n 20 "$out/config.log" >&2; rxs_die "allnoconfig failed"; }
# Every symbol the fragment sets must have its value in .config: a
# dependency that drops one would silently build a kernel without it.
miss=$(grep -E '^CONFIG_[A-Z0-9_]+=' "$FRAG" | while read -r l; do
	grep -qxF "$l" "$b/.config" || echo "$l (got: $(grep "^${l%%=*}=" "$b/.config" || echo unset))"
done
grep -E '^# CONFIG_[A-Z0-9_]+ is not set' "$FRAG" | while read -r l; do
	s=${l#\# }; s=${s%% *}
	! grep -q "^$s=" "$b/.config" || echo "$s should be unset"
done)
[ -z "$miss" ] || rxs_die "debug.config not applied:
$miss"

kmake -j"$JOBS" Image modules >"$out/build.log" 2>&1 ||
	{ tail -n 30 "$out/build.log" >&2; rxs_die "kernel build failed (log $out/build.log)"; }
rm -rf "$out/mods"
kmake INSTALL_MOD_PATH="$out/mods/usr" modules_install >>"$out/build.log" 2>&1 ||
	{ tail -n 30 "$out/build.log" >&2; rxs_die "modules_install failed"; }
cp "$b/arch/arm64/boot/Image" "$out/Image"
kmake -s kernelrelease > "$out/release"
t1=$(date +%s)
echo $((t1 - t0)) > "$out/build-seconds"
rxs_stamp_set "$out" "$key"
rxs_log "debug kernel $(cat "$out/release") built in $((t1 - t0)) s (-j$JOBS, nice 19)"
echo "$out"
