#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Builds rsscheck (tests/bench/tools/rsscheck/rsscheck.cpp) for the arm64
# bench guest: C++17, static (the guest has no libstdc++), with
# aarch64-linux-gnu-g++ (tests/deps/rsscheck.txt). Output:
# build/bench-tools/rsscheck; its path is the last line printed.
# RXS_RSSCHECK_CXX overrides the compiler (e.g. g++ for a host build).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../../.." && pwd)
cxx=${RXS_RSSCHECK_CXX:-aarch64-linux-gnu-g++}
out=$top/build/bench-tools
bin=$out/rsscheck

command -v "$cxx" >/dev/null 2>&1 ||
	{ echo "error: $cxx not found (tests/deps.sh rsscheck)" >&2; exit 1; }
mkdir -p "$out"
src=$here/rsscheck.cpp
if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ] || [ "$0" -nt "$bin" ] ||
   [ -n "$(find "$top/include/rxscale" -newer "$bin" -name '*.h' 2>/dev/null)" ]; then
	"$cxx" -std=c++17 -O2 -Wall -Wextra -Werror -static \
		-I"$top/include" -o "$bin.tmp" "$src"
	mv "$bin.tmp" "$bin"
fi
echo "$bin"
