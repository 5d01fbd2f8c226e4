#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Builds nlcheck (tests/bench/tools/nlcheck/nlcheck.cpp + nlmsg.h) for the
# arm64 bench guest: C++17, static (the guest has no libstdc++), with
# aarch64-linux-gnu-g++ (tests/deps/nlcheck.txt). Output:
# build/bench-tools/nlcheck; its path is the last line printed.
# RXS_NLCHECK_CXX overrides the compiler (e.g. g++ for a host build, which
# then goes to build/bench-tools/host/nlcheck).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../../.." && pwd)
cxx=${RXS_NLCHECK_CXX:-aarch64-linux-gnu-g++}
out=$top/build/bench-tools
[ -n "${RXS_NLCHECK_CXX:-}" ] && out=$out/host
bin=$out/nlcheck

command -v "$cxx" >/dev/null 2>&1 ||
	{ echo "error: $cxx not found (tests/deps.sh nlcheck)" >&2; exit 1; }
mkdir -p "$out"
if [ ! -x "$bin" ] || [ "$here/nlcheck.cpp" -nt "$bin" ] ||
   [ "$here/nlmsg.h" -nt "$bin" ] || [ "$0" -nt "$bin" ]; then
	"$cxx" -std=c++17 -O2 -Wall -Wextra -Wshadow -Werror -static \
		-o "$bin.tmp" "$here/nlcheck.cpp"
	mv "$bin.tmp" "$bin"
fi
echo "$bin"
