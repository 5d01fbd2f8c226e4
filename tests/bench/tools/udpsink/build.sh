#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Builds udpsink (udpsink.c) for the arm64 bench guest, static, with the
# compile matrix's cross compiler (aarch64-linux-gnu-gcc). Output:
# build/bench-tools/udpsink; its path is the last line printed.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../../.." && pwd)
cc=${RXS_UDPSINK_CC:-aarch64-linux-gnu-gcc}
out=$top/build/bench-tools
bin=$out/udpsink

command -v "$cc" >/dev/null 2>&1 ||
	{ echo "error: $cc not found (tests/deps.sh)" >&2; exit 1; }
mkdir -p "$out"
src=$here/udpsink.c
if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ] || [ "$0" -nt "$bin" ]; then
	"$cc" -O2 -Wall -Wextra -Werror -static -o "$bin.tmp" "$src"
	mv "$bin.tmp" "$bin"
fi
echo "$bin"
