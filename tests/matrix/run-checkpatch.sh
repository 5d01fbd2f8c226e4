#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# checkpatch.pl --strict, from the Linux 7.3 source tree of the matrix, over
# every kernel C source: the drivers, include/, the compat probes and the
# header test module. Any error, warning or check fails the run.
set -eu

. "$(dirname "$0")/../lib/common.sh"

src=$(ls -d "$RXS_CACHE"/src/linux-source-7.3-* 2>/dev/null | sort -V | tail -n 1)
if [ -z "$src" ] || [ ! -f "$src/scripts/checkpatch.pl" ]; then
	sh "$RXS_TOP/tests/matrix/trees.sh" prepare 7.3-x86_64 >/dev/null
	src=$(ls -d "$RXS_CACHE"/src/linux-source-7.3-* | sort -V | tail -n 1)
fi

cd "$RXS_TOP"
files=$(git ls-files -co --exclude-standard -- \
	'r8169/*.[ch]' 'mtk_eth_soc/*.[ch]' 'ravb/*.[ch]' 'include/*.h' \
	'compat/probes/*.c' 'tests/kmod/*.[ch]' 'core/*.[ch]' \
	'tests/kdebug/ctl/*.c')
# --no-tree: these files are not in the tree. --root all the same, for
# one thing: --strict's CamelCase check knows the identifiers the tree's
# include/ defines (struct ethtool_eth_mac_stats' FramesTransmittedOK, ...)
# only from the headers under root, which it reads when there is no git
# repository (GIT_DIR pointed away from ours; its cache file goes to
# build/).
mkdir -p "$RXS_TOP/build"
checkpatch() {
	case $1 in
	/*) _f=$1 ;;
	*) _f=$RXS_TOP/$1 ;;
	esac
	(cd "$RXS_TOP/build" && GIT_DIR=/nonexistent perl "$src/scripts/checkpatch.pl" \
		--strict --no-tree --root "$src" --show-types -f "$_f" 2>&1)
}
clean='^total: 0 errors, 0 warnings, 0 checks'

# Negative control: a file with a style defect must be flagged.
bad=$(mktemp --suffix=.c)
printf '// SPDX-License-Identifier: GPL-2.0\nint rxs_bad(int a)\n{\n    return a;\n}\n' >"$bad"
if checkpatch "$bad" | grep -q "$clean"; then
	rm -f "$bad"
	rxs_die "checkpatch passed a file indented with spaces: the gate cannot fail"
fi
printf '// SPDX-License-Identifier: GPL-2.0\nint rxs_bad(int fooBar)\n{\n\treturn fooBar;\n}\n' >"$bad"
if ! checkpatch "$bad" | grep -q 'CAMELCASE'; then
	rm -f "$bad"
	rxs_die "checkpatch passed a CamelCase name of the file's own: the gate cannot fail"
fi
rm -f "$bad"

pass=0
fail=0
for f in $files; do
	out=$(checkpatch "$f" || true)
	if printf '%s\n' "$out" | grep -q "$clean"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		printf '%s\n' "$out"
	fi
done
echo "checkpatch --strict ($(basename "$src")): $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
