#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build QEMU 7.2 (Debian bookworm's source package) with the project's
# device models (tests/bench/models/*.c, *.h) compiled into hw/net/.
#
# usage: tests/bench/qemu/build.sh [--print-path]
#
# The tree lives in $RXS_CACHE/qemu-7.2-<debian version>-<key>/ where <key>
# hashes what is patched into the unpacked source once (the revision below,
# tests/bench/models/*.patch, the target list). The models' sources, the
# Kconfig fragment, the devices files and the meson.build list are synced
# on every run and only rewritten when they change; meson then reconfigures
# by itself. A re-run therefore costs the ninja run: seconds when little
# changed. Concurrent runs are serialised with flock. The last line
# printed on stdout is the path of a copy of qemu-system-aarch64 named
# after the checkout's models (qemu-system-aarch64-m<hash>, below). TCG plugins are
# enabled, and the bench's own plugin (plugins/rxs_icount.c: instructions
# executed between guest markers) is built beside it as
# plugins/librxs_icount-<source hash>.so.
#
# Environment: RXSCALE_CACHE (cache root), RXS_QEMU_TARGETS (default
# "aarch64"; "aarch64 x86_64" also builds qemu-system-x86_64), RXS_JOBS
# (ninja -j, default 2).

set -eu

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../lib/common.sh"
. "$here/../lib.sh"

# Bump when the way the tree is patched or configured changes (3: plugins).
PATCH_REV=3
QEMU_SRC_PKG=qemu
QEMU_UPSTREAM=7.2

models_dir=$here/../models
targets=${RXS_QEMU_TARGETS:-aarch64}
jobs=${RXS_JOBS:-2}
print_only=0
[ "${1:-}" = "--print-path" ] && print_only=1

t0=$(rxsb_now)

rxs_apt_install libglib2.0-dev libpixman-1-dev libfdt-dev zlib1g-dev \
	ninja-build meson pkg-config flex bison python3 dpkg-dev xz-utils

mkdir -p "$RXS_CACHE"
rxsb_lock "$RXS_CACHE/qemu.lock"

# --- source ----------------------------------------------------------------
srcdl=$RXS_CACHE/qemu-src
mkdir -p "$srcdl"
dsc=$(ls "$srcdl"/${QEMU_SRC_PKG}_${QEMU_UPSTREAM}*.dsc 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$dsc" ]; then
	ver=$(rxsb_src_version "$QEMU_SRC_PKG")
	case $ver in
	*:${QEMU_UPSTREAM}*|${QEMU_UPSTREAM}*) ;;
	*) rxs_die "bookworm's qemu source is '$ver', expected $QEMU_UPSTREAM" ;;
	esac
	rxs_log "downloading qemu $ver source (bookworm)"
	(cd "$srcdl" && rxsb_apt source --download-only -qq "$QEMU_SRC_PKG=$ver") ||
		rxs_die "apt-get source qemu failed"
	dsc=$(ls "$srcdl"/${QEMU_SRC_PKG}_${QEMU_UPSTREAM}*.dsc | sort -V | tail -n 1)
fi
debver=$(sed -n 's/^Version: *//p' "$dsc" | head -n 1)
debver_noepoch=${debver#*:}

# --- cache key ---------------------------------------------------------------
key=$( {
	echo "rev $PATCH_REV targets $targets"
	for p in "$models_dir"/*.patch; do
		[ -f "$p" ] || continue
		echo "patch $(basename "$p")"
		cat "$p"
	done
} | sha256sum | cut -c1-12)
top=$RXS_CACHE/qemu-$QEMU_UPSTREAM-$debver_noepoch-$key
src=$top/src
bld=$top/build

# The build tree is shared by every checkout on the machine, and each run
# syncs its own checkout's models into it: a guest booted from
# $bld/qemu-system-aarch64 could run another checkout's models, synced and
# built while it waited for the guest lock. So the binary printed is a copy
# named after everything compiled from the checkout (models, devices
# files, Kconfig fragment, this script), made under the lock right after
# its build and never rewritten; when that copy exists, nothing is built.
mkey=$( {
	find "$models_dir" -type f ! -name '*.sh'
	ls "$here/Kconfig.rxscale" "$here"/devices-*.mak "$here/build.sh"
} | LC_ALL=C sort | xargs cat | sha256sum | cut -c1-12)
pinned=$bld/qemu-system-aarch64-m$mkey
plug=$bld/plugins/librxs_icount-$(sha256sum "$here/plugins/rxs_icount.c" | cut -c1-12).so
if [ -x "$pinned" ] && [ -f "$plug" ] && [ "$targets" = aarch64 ]; then
	echo "$pinned"
	exit 0
fi

# --- unpack and patch (once per key) ----------------------------------------
if ! rxs_stamp_ok "$src" "$debver $key"; then
	rxs_log "unpacking qemu $debver into $src"
	rm -rf "$top.tmp"
	mkdir -p "$top.tmp"
	dpkg-source --no-check -x "$dsc" "$top.tmp/src" >/dev/null ||
		rxs_die "dpkg-source -x failed"
	s=$top.tmp/src
	# The dfsg tarball has no edk2 firmware blobs to unpack.
	sed -i 's/^\( *unpack_edk2_blobs = \)bzip2.found()/\1false/' "$s/meson.build"
	grep -q 'unpack_edk2_blobs = bzip2' "$s/meson.build" &&
		rxs_die "could not disable the edk2 blob unpacking"
	for p in "$models_dir"/*.patch; do
		[ -f "$p" ] || continue
		rxs_log "applying $(basename "$p")"
		patch -d "$s" -p1 -s < "$p" || rxs_die "patch $p failed"
	done
	cp "$s/hw/net/Kconfig" "$s/hw/net/Kconfig.rxscale-orig"
	cp "$s/hw/net/meson.build" "$s/hw/net/meson.build.rxscale-orig"
	cp "$s/hw/net/trace-events" "$s/hw/net/trace-events.rxscale-orig"
	: > "$s/hw/net/.rxscale-models"
	rxs_stamp_set "$s" "$debver $key"
	rm -rf "$top"
	mv "$top.tmp" "$top"
fi

# update_file NEW DEST: replace DEST by NEW only if they differ (keeps the
# mtime, and so ninja's view, of unchanged files).
update_file() {
	if cmp -s "$1" "$2"; then
		rm -f "$1"
	else
		rxs_log "updated ${2#"$src"/}"
		mv "$1" "$2"
	fi
}

# --- devices files and Kconfig ----------------------------------------------
for t in $targets; do
	cp "$here/devices-$t.mak" "$src/configs/devices/$t-softmmu/rxscale.mak.new"
	update_file "$src/configs/devices/$t-softmmu/rxscale.mak.new" \
		"$src/configs/devices/$t-softmmu/rxscale.mak"
done
cat "$src/hw/net/Kconfig.rxscale-orig" "$here/Kconfig.rxscale" > "$src/hw/net/Kconfig.new"
update_file "$src/hw/net/Kconfig.new" "$src/hw/net/Kconfig"

# --- sync the models ----------------------------------------------------------
# Copy changed files only, so that ninja rebuilds only what changed.
net=$src/hw/net
manifest=$net/.rxscale-models
new_list=
for f in "$models_dir"/*.c "$models_dir"/*.h; do
	[ -f "$f" ] || continue
	new_list="$new_list $(basename "$f")"
done
for old in $(cat "$manifest"); do
	case " $new_list " in
	*" $old "*) ;;
	*) rxs_log "model file $old removed"; rm -f "$net/$old" ;;
	esac
done
for n in $new_list; do
	if [ -e "$net/$n" ] && ! grep -qx "$n" "$manifest"; then
		rxs_die "model file $n would overwrite QEMU's hw/net/$n: rename it"
	fi
	if ! cmp -s "$models_dir/$n" "$net/$n"; then
		rxs_log "model file $n updated"
		cp "$models_dir/$n" "$net/$n"
	fi
done
: > "$manifest.new"
for n in $new_list; do
	echo "$n" >> "$manifest.new"
done
mv "$manifest.new" "$manifest"

# model_symbol FILE.c: the Kconfig symbol (Kconfig.rxscale) that compiles a
# model's source file, by the file's name.
model_symbol() {
	case $1 in
	rtl8127*.c) echo RXSCALE_RTL8127 ;;
	mt7988*.c) echo RXSCALE_MT7988 ;;
	rzg2l_gbeth*.c) echo RXSCALE_RZG2L_GBETH ;;
	rxs_platform*.c) echo RXSCALE_PLATFORM ;;
	*) rxs_die "model file $1 has no Kconfig symbol: add it to model_symbol in $0 and to Kconfig.rxscale" ;;
	esac
}

# hw/net/meson.build = QEMU's + one softmmu_ss.add() per model symbol.
syms=
for n in $new_list; do
	case $n in *.c) ;; *) continue ;; esac
	sym=$(model_symbol "$n")
	case " $syms " in *" $sym "*) ;; *) syms="$syms $sym" ;; esac
done
{
	cat "$net/meson.build.rxscale-orig"
	echo
	echo "# rxscale device models (tests/bench/models/), one Kconfig symbol each"
	for sym in $syms; do
		echo "softmmu_ss.add(when: 'CONFIG_$sym', if_true: files("
		for n in $new_list; do
			case $n in *.c) ;; *) continue ;; esac
			if [ "$(model_symbol "$n")" = "$sym" ]; then
				echo "  '$n',"
			fi
		done
		echo "))"
	done
} > "$net/meson.build.new"
update_file "$net/meson.build.new" "$net/meson.build"

# Optional trace events of the models (tests/bench/models/trace-events).
{
	cat "$net/trace-events.rxscale-orig"
	if [ -f "$models_dir/trace-events" ]; then
		echo
		cat "$models_dir/trace-events"
	fi
} > "$net/trace-events.new"
update_file "$net/trace-events.new" "$net/trace-events"

# --- configure (once per key) -----------------------------------------------
tl=
devs=
bins=
for t in $targets; do
	tl="$tl${tl:+,}$t-softmmu"
	devs="$devs --with-devices-$t=rxscale"
	bins="$bins qemu-system-$t"
done
if ! rxs_stamp_ok "$bld" "$debver $key $tl" || [ ! -f "$bld/build.ninja" ]; then
	rxs_log "configuring qemu ($tl)"
	rm -rf "$bld"
	mkdir -p "$bld"
	# shellcheck disable=SC2086
	(cd "$bld" && "$src/configure" --target-list="$tl" \
		--without-default-features --without-default-devices $devs \
		--enable-tcg --enable-plugins --enable-fdt=system --disable-docs \
		--disable-werror \
		--disable-install-blobs --extra-cflags=-g0 > "$bld/configure.log" 2>&1) || {
		tail -n 30 "$bld/configure.log" >&2
		rxs_die "qemu configure failed (log: $bld/configure.log)"
	}
	rxs_stamp_set "$bld" "$debver $key $tl"
fi

# --- build -------------------------------------------------------------------
if [ "$print_only" = 0 ] || [ ! -x "$bld/qemu-system-aarch64" ]; then
	rxs_log "ninja -j$jobs$bins"
	# shellcheck disable=SC2086
	ninja -C "$bld" -j"$jobs" $bins > "$bld/ninja.log" 2>&1 || {
		grep -B2 -A12 -m 5 'error' "$bld/ninja.log" >&2 || tail -n 40 "$bld/ninja.log" >&2
		rxs_die "qemu build failed (log: $bld/ninja.log)"
	}
	rxs_log "qemu ready in $(( $(rxsb_now) - t0 )) s"
fi

# --- the bench's TCG plugin ----------------------------------------------------
# Built against the unpacked tree's qemu-plugin.h (the API of this QEMU),
# named after its source's hash: the build directory is shared by every
# checkout on the machine, and an mtime test let one checkout's older
# source replace another's newer plugin (run-scenario.sh names the same
# file).
plug_src=$here/plugins/rxs_icount.c
if [ ! -f "$plug" ]; then
	mkdir -p "$bld/plugins"
	cc -shared -fPIC -O2 -Wall -Wextra -Werror -Wno-unused-parameter \
		-I"$src/include/qemu" -o "$plug.tmp.$$" "$plug_src" ||
		rxs_die "the rxs_icount plugin did not build"
	mv "$plug.tmp.$$" "$plug"
fi
if [ ! -x "$pinned" ]; then
	cp "$bld/qemu-system-aarch64" "$pinned.tmp.$$"
	mv "$pinned.tmp.$$" "$pinned"
	# the 8 newest copies stay (a running QEMU keeps its file open)
	ls -t "$bld"/qemu-system-aarch64-m* 2>/dev/null | tail -n +9 | xargs -r rm -f
fi
echo "$pinned"
