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
sparse=$(sh "$top/tests/matrix/sparse.sh")
# Compiler and sparse diagnostics, modpost complaints, and kbuild saying it
# skipped the checker all count.
bad='(warning|error|WARNING|ERROR)[: ]|is not available or not up to date'

mkdir -p "$out"
table=$out/matrix.md
{
	echo '| tree | kernel release | modules built | files sparse checked | HAVE_* found | W=1 + sparse warnings | result |'
	echo '| --- | --- | --- | --- | --- | --- | --- |'
} >"$table"

expected_modules() {
	rxs_driver_modules
	echo tests/kmod/rxscale_hdrtest
	echo tests/kmod/rxscale_kcoretest
}

# The gate must be able to fail: build tests/matrix/canary, whose one W=1
# defect and one sparse defect must both be reported on this tree.
canary_check() {	# kdir arch cross workdir
	rm -rf "$4"
	cp -r "$top/tests/matrix/canary" "$4"
	make -C "$1" M="$4" ARCH="$2" CROSS_COMPILE="$3" W=1 C=1 \
		CHECK="$sparse" modules >"$4.log" 2>&1 || true
	w1=$(grep -c 'w1_canary.c:.*warning:.*unused-const-variable' "$4.log" || true)
	sp=$(grep -c 'sparse_canary.c:.*warning:.*address space' "$4.log" || true)
	if [ "$w1" -ge 1 ] && [ "$sp" -ge 1 ]; then
		echo ok
	else
		echo "W=1 defect seen $w1, sparse defect seen $sp"
	fi
}

# compat_check tree header: every expectation for this tree holds.
compat_check() {
	grep -v '^#' "$top/tests/matrix/compat-expect.txt" |
	while read -r prefix macro want; do
		case $1 in "$prefix"*) ;; *) continue ;; esac
		if grep -q "^#define $macro 1" "$2"; then got=yes; else got=no; fi
		[ "$got" = "$want" ] || echo "$macro=$got (expected $want)"
	done
}

echo "$trees" | while read -r name kdir arch cross; do
	[ -n "$name" ] || continue
	src=$out/$name
	rxs_log "matrix: $name ($kdir)"
	mkdir -p "$src"
	rsync -a --delete --exclude=/build --exclude=/.git "$top/" "$src/"
	# objects of an earlier run removed (rsync keeps mtimes), so that every
	# run compiles, and sparse checks, every file
	find "$src" -path "$src/build" -prune -o \( -name '*.o' -o -name '*.ko' \) -type f -exec rm -f {} +
	log=$out/$name.log
	rc=0
	make -C "$src" KDIR="$kdir" ARCH="$arch" CROSS_COMPILE="$cross" \
		W=1 C=1 CHECK="$sparse" BUILD="$src/build" -j"$(nproc)" \
		modules hdrtest >"$log" 2>&1 || rc=$?
	warnings=$(grep -E -c "$bad" "$log" || true)
	checked=$(grep -c '^ *CHECK ' "$log" || true)
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
	compat=$(compat_check "$name" "$(ls "$src"/build/compat/*/rxscale_autoconf.h)" | tr '\n' ' ')
	canary=$(canary_check "$kdir" "$arch" "$cross" "$out/$name-canary")
	if [ "$rc" -eq 0 ] && [ "$warnings" -eq 0 ] && [ -z "$missing" ] &&
	   [ "$checked" -gt 0 ] && [ "$canary" = ok ] && [ -z "$compat" ]; then
		result=PASS
	else
		result="FAIL${missing:+ (missing:$missing)}"
		[ "$checked" -gt 0 ] || result="$result (sparse did not run)"
		[ "$canary" = ok ] || result="$result (negative control: $canary)"
		[ -z "$compat" ] || result="$result (compat probes: $compat)"
		grep -E "$bad" "$log" | head -n 40 >&2 || true
		[ "$rc" -eq 0 ] || tail -n 20 "$log" >&2
	fi
		have=$(grep -c '^#define HAVE_' "$src"/build/compat/*/rxscale_autoconf.h || true)
	echo "| $name | $release |${built:- none} | $checked | $have/$(($(ls "$top"/compat/probes/*.c | wc -l) - 1)) | $warnings | $result |" >>"$table"
	echo "$result"
done >"$out/results"

cat "$table"
pass=$(grep -c '^PASS' "$out/results" || true)
fail=$(grep -c -v '^PASS' "$out/results" || true)
echo "matrix: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
