#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Builds rxs-mark (rxs-mark.S) for the arm64 bench guest: static, no libc,
# with the cross compiler the compile matrix already uses
# (aarch64-linux-gnu-gcc). Output: build/bench-tools/rxs-mark; its path
# is the last line printed.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../../.." && pwd)
cc=${RXS_MARK_CC:-aarch64-linux-gnu-gcc}
out=$top/build/bench-tools
bin=$out/rxs-mark

command -v "$cc" >/dev/null 2>&1 ||
	{ echo "error: $cc not found (tests/deps.sh)" >&2; exit 1; }
mkdir -p "$out"
src=$here/rxs-mark.S
if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ] || [ "$0" -nt "$bin" ]; then
	"$cc" -nostdlib -static -Wl,--build-id=none -o "$bin.tmp" "$src"
	mv "$bin.tmp" "$bin"
fi
echo "$bin"
