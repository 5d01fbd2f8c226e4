#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build and run the C++ unit tests (GoogleTest under CTest).
set -eu

. "$(dirname "$0")/lib/common.sh"

sh "$RXS_TOP/tests/deps.sh" unit scripts
bdir=$RXS_TOP/build/tests
rxs_ccache
# shellcheck disable=SC2086
cmake -S "$RXS_TOP/tests" -B "$bdir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	$RXS_CMAKE_CCACHE >/dev/null
cmake --build "$bdir" -j"$(nproc)"
ctest --test-dir "$bdir" --output-on-failure
