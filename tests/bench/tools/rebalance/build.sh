#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Builds rxscale-rebalance (scripts/rebalance/, C++17) for the arm64 bench
# guest, static (the guest has no libstdc++), with aarch64-linux-gnu-g++
# (tests/deps/rsscheck.txt installs it), for the scenarios that run
# scripts/rxscale-tune rebalance in the guest (softirq-share.sh with
# RXS_SOFTIRQ_REBALANCE=1, tests/bench/rebalance-compare.sh). The host
# build stays CMake's (scripts/rebalance/CMakeLists.txt). Output:
# build/bench-tools/rxscale-rebalance; its path is the last line printed.
# RXS_REBALANCE_CXX overrides the compiler (e.g. g++ for a host build).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../../.." && pwd)
cxx=${RXS_REBALANCE_CXX:-aarch64-linux-gnu-g++}
src=$top/scripts/rebalance
out=$top/build/bench-tools
bin=$out/rxscale-rebalance

command -v "$cxx" >/dev/null 2>&1 ||
	{ echo "error: $cxx not found (tests/deps.sh rsscheck)" >&2; exit 1; }
mkdir -p "$out"
if [ ! -x "$bin" ] || [ -n "$(find "$0" -newer "$bin")" ] ||
   [ -n "$(find "$src" -newer "$bin" \( -name '*.cpp' -o -name '*.hpp' \) 2>/dev/null)" ]; then
	# the same warnings as CMakeLists.txt gives both targets
	"$cxx" -std=c++17 -O2 -Wall -Wextra -Wpedantic -Werror -static \
		-I"$src" -o "$bin.tmp" "$src/main.cpp" "$src/rebalance.cpp"
	mv "$bin.tmp" "$bin"
fi
echo "$bin"
