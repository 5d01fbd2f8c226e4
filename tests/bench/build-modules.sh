#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Build the project's driver modules for the bench guests' kernels
# (Debian's 6.1 and 7.3 arm64), into build/bench-modules/<tree>/, from the
# files of this checkout. The guests load them with --module.
#   build-modules.sh [TREE...]     (default: 6.1-arm64 7.3-arm64)
#
# Each tree is built from scratch in a clean directory (<tree>.new, the
# checkout's files copied in), which replaces build/bench-modules/<tree>/
# only when every module of rxs_driver_modules was built: no .ko of an
# earlier build, nor of a source file removed since, can stand in for one
# that fails now. A failed build leaves no .ko of that tree at all and
# exits non-zero (tests/prepare.sh then fails, and with it the bench).
# Concurrent runs wait for each other.
set -eu

. "$(dirname "$0")/../lib/common.sh"

[ $# -gt 0 ] || set -- 6.1-arm64 7.3-arm64
out=$RXS_TOP/build/bench-modules
mkdir -p "$out"
exec 8>"$out/.lock"
flock 8
# From scratch every time, but through ccache (tests/lib/common.sh): an
# unchanged file is a look-up, not a compile
rxs_ccache

sh "$RXS_TOP/tests/matrix/trees.sh" prepare "$@" | while read -r name kdir arch cross; do
	dst=$out/$name
	new=$dst.new
	rm -rf "$new"
	mkdir -p "$new"
	(cd "$RXS_TOP" && git ls-files -co --exclude-standard |
		rsync -a --ignore-missing-args --files-from=- ./ "$new/")
	cc=${cross}gcc
	command -v ccache >/dev/null 2>&1 && cc="ccache ${cross}gcc"
	if ! make -s -C "$new" KDIR="$kdir" ARCH="$arch" CROSS_COMPILE="$cross" \
		CC="$cc" -j"$(nproc)" modules >"$dst.log" 2>&1; then
		rm -rf "$new"
		[ ! -d "$dst" ] || find "$dst" -name '*.ko' -delete
		tail -n 20 "$dst.log" >&2
		rxs_die "building modules for $name failed"
	fi
	keep=$(rxs_driver_modules | sed 's/$/.ko/')
	for ko in $keep; do
		if [ ! -f "$new/$ko" ]; then
			rm -rf "$new"
			[ ! -d "$dst" ] || find "$dst" -name '*.ko' -delete
			rxs_die "$name: $ko was not built"
		fi
	done
	(cd "$new" && find . -name '*.ko' | sed 's|^\./||') | while read -r ko; do
		echo "$keep" | grep -qx "$ko" || { rxs_log "$name: removing $ko (no driver module)"; rm -f "$new/$ko"; }
	done
	rm -rf "$dst"
	mv "$new" "$dst"
	find "$dst" -name '*.ko' | sort
done
