#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Compile matrix: build every driver module and the header test module
# against each kernel tree of tests/matrix/trees.sh with W=1 and sparse
# (C=1), and fail on any warning.
#
#   run-matrix.sh [TREE...]     (default: all six trees)
#
# Each tree builds in its own copy of the sources under build/matrix/<tree>,
# so the generated compat header and objects of one tree never leak into
# another. Prints a Markdown table and a closing "N passed, N failed" line.
set -eu

. "$(dirname "$0")/../lib/common.sh"

top=$RXS_TOP
out=$top/build/matrix
trees=$(sh "$top/tests/matrix/trees.sh" prepare "$@")

mkdir -p "$out"
table=$out/matrix.md
{
	echo '| tree | kernel release | modules built | W=1 + sparse warnings | result |'
	echo '| --- | --- | --- | --- | --- |'
} >"$table"

expected_modules() {
	for d in r8169 mtk_eth_soc ravb; do
		[ -f "$top/$d/Kbuild" ] || continue
		sed -n 's/^obj-m[ +:]*=[ ]*\([a-z0-9_]*\)\.o.*/\1/p' "$top/$d/Kbuild" |
			sed "s|^|$d/|"
	done
	echo tests/kmod/rxscale_hdrtest
}

pass=0
fail=0
echo "$trees" | while read -r name kdir arch cross; do
	[ -n "$name" ] || continue
	src=$out/$name
	rxs_log "matrix: $name ($kdir)"
	mkdir -p "$src"
	rsync -a --delete --exclude=/build --exclude=/.git "$top/" "$src/"
	log=$out/$name.log
	rc=0
	make -C "$src" KDIR="$kdir" ARCH="$arch" CROSS_COMPILE="$cross" \
		W=1 C=1 BUILD="$src/build" -j"$(nproc)" modules hdrtest \
		>"$log" 2>&1 || rc=$?
	# Compiler, sparse and modpost warnings all count; "Skipping BTF"
	# is an informational line of trees without a vmlinux.
	warnings=$(grep -E -c '(warning|error|WARNING|ERROR)[: ]' "$log" || true)
	built=
	missing=
	for m in $(expected_modules); do
		if [ -f "$src/$m.ko" ]; then
			built="$built $(basename "$m").ko"
		else
			missing="$missing $(basename "$m").ko"
		fi
	done
	release=$(sed -n 's/.*UTS_RELEASE "\(.*\)"/\1/p' "$kdir/include/generated/utsrelease.h")
	if [ "$rc" -eq 0 ] && [ "$warnings" -eq 0 ] && [ -z "$missing" ]; then
		result=PASS
	else
		result="FAIL${missing:+ (missing:$missing)}"
		grep -E '(warning|error|WARNING|ERROR)[: ]' "$log" | head -n 40 >&2 || true
		[ "$rc" -eq 0 ] || tail -n 20 "$log" >&2
	fi
	echo "| $name | $release |${built:- none} | $warnings | $result |" >>"$table"
	echo "$result"
done >"$out/results"

cat "$table"
pass=$(grep -c '^PASS' "$out/results" || true)
fail=$(grep -c -v '^PASS' "$out/results" || true)
echo "matrix: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
