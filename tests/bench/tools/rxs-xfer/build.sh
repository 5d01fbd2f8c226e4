#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Builds rxs-xfer (tests/bench/tools/rxs-xfer/) for the arm64 bench guest:
# C++17, static (the guest has no libstdc++), with aarch64-linux-gnu-g++
# (the compiler rsscheck uses: tests/deps.sh rsscheck). Output:
# build/bench-tools/rxs-xfer; its path is the last line printed.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../../.." && pwd)
cxx=aarch64-linux-gnu-g++
out=$top/build/bench-tools
bin=$out/rxs-xfer

command -v "$cxx" >/dev/null 2>&1 ||
	{ echo "error: $cxx not found (tests/deps.sh rsscheck)" >&2; exit 1; }
mkdir -p "$out"
if [ ! -x "$bin" ] || [ "$0" -nt "$bin" ] ||
   [ -n "$(find "$here" -newer "$bin" \( -name '*.cpp' -o -name '*.hpp' \))" ]; then
	"$cxx" -std=c++17 -O2 -Wall -Wextra -Wshadow -Werror -static \
		-o "$bin.tmp" "$here/rxs-xfer.cpp"
	mv "$bin.tmp" "$bin"
fi
echo "$bin"
