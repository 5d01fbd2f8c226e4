#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Build the project's driver modules for the bench guests' kernels
# (Debian's 6.1 and 7.3 arm64), into build/bench-modules/<tree>/, from the
# files of this checkout. The guests load them with --module.
#   build-modules.sh [TREE...]     (default: 6.1-arm64 7.3-arm64)
#
# No module of an earlier build can stand in for one that fails now: a
# failed build removes the tree's .ko files, and a .ko that no Kbuild
# names any more is removed after each build. Concurrent runs wait for
# each other.
set -eu

. "$(dirname "$0")/../lib/common.sh"

[ $# -gt 0 ] || set -- 6.1-arm64 7.3-arm64
out=$RXS_TOP/build/bench-modules
mkdir -p "$out"
exec 8>"$out/.lock"
flock 8

sh "$RXS_TOP/tests/matrix/trees.sh" prepare "$@" | while read -r name kdir arch cross; do
	dst=$out/$name
	mkdir -p "$dst"
	(cd "$RXS_TOP" && git ls-files -co --exclude-standard |
		rsync -a --ignore-missing-args --files-from=- ./ "$dst/")
	if ! make -s -C "$dst" KDIR="$kdir" ARCH="$arch" CROSS_COMPILE="$cross" \
		-j"$(nproc)" modules >"$dst.log" 2>&1; then
		find "$dst" -name '*.ko' -delete
		tail -n 20 "$dst.log" >&2
		rxs_die "building modules for $name failed"
	fi
	keep=$(rxs_driver_modules | sed 's/$/.ko/')
	(cd "$dst" && find . -name '*.ko' | sed 's|^\./||') | while read -r ko; do
		echo "$keep" | grep -qx "$ko" || { rxs_log "removing stale $ko"; rm -f "$dst/$ko"; }
	done
	for ko in $keep; do
		[ -f "$dst/$ko" ] || rxs_die "$name: $ko was not built"
	done
	find "$dst" -name '*.ko' | sort
done
