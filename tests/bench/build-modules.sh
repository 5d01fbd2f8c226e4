#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Build the project's driver modules for the bench guests' kernels
# (Debian's 6.1 and 7.3 arm64), into build/bench-modules/<tree>/, from the
# files of this checkout. The guests load them with --module.
#   build-modules.sh [TREE...]     (default: 6.1-arm64 7.3-arm64)
set -eu

. "$(dirname "$0")/../lib/common.sh"

[ $# -gt 0 ] || set -- 6.1-arm64 7.3-arm64
out=$RXS_TOP/build/bench-modules
sh "$RXS_TOP/tests/matrix/trees.sh" prepare "$@" | while read -r name kdir arch cross; do
	dst=$out/$name
	mkdir -p "$dst"
	(cd "$RXS_TOP" && git ls-files -co --exclude-standard |
		rsync -a --files-from=- ./ "$dst/")
	make -s -C "$dst" KDIR="$kdir" ARCH="$arch" CROSS_COMPILE="$cross" \
		-j"$(nproc)" modules >"$dst.log" 2>&1 ||
		{ tail -n 20 "$dst.log" >&2; rxs_die "building modules for $name failed"; }
	find "$dst" -name '*.ko' | sort
done
