#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The man pages make install writes (scripts/man/gen-man.sh) say what the
# tools' --help says: rendered by nroff, each page holds every line of
# --help (spaces squeezed) and every option --help names (-x, --long).
#   check-man.sh TOP [REPORT-BIN [REBALANCE-BIN]]
TOP=${1:?usage: check-man.sh TOP [REPORT-BIN [REBALANCE-BIN]]}
command -v nroff > /dev/null 2>&1 || { echo "error: nroff missing (groff-base, tests/deps/scripts.txt)" >&2; exit 1; }
T=$(mktemp -d /tmp/rxs-man-test.XXXXXX) || exit 1
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
# check NAME SECTION TOOL-COMMAND...
check() {
	_n=$1 _s=$2
	shift 2
	if ! sh "$TOP/scripts/man/gen-man.sh" "$_n" "$_s" "$@" > "$T/$_n.$_s" 2> "$T/err"; then
		fail=$((fail + 1))
		echo "FAIL $_n: gen-man.sh: $(cat "$T/err")"
		return
	fi
	"$@" --help > "$T/help" 2>&1
	# nroff: no hyphenation, no adjusting, a line long enough for --help's
	LC_ALL=C.UTF-8 nroff -man -Tutf8 -rLL=200n -rHY=0 "$T/$_n.$_s" 2>/dev/null |
		sed 's/.\x08//g' | tr -s ' \t' '  ' | sed 's/^ //; s/ $//' > "$T/page"
	_miss=$(tr -s ' \t' '  ' < "$T/help" | sed 's/^ //; s/ $//' | grep -v '^$' |
		while IFS= read -r l; do grep -qxF -- "$l" "$T/page" || echo "line: $l"; done)
	for o in $(grep -oE '(^|[][ ,|(])--?[A-Za-z0-9][A-Za-z0-9-]*' "$T/help" | sed 's/^[][ ,|(]//' | sort -u); do
		grep -qe "$o" "$T/page" || _miss="$_miss
option: $o"
	done
	_nopt=$(grep -oE '(^|[][ ,|(])--?[A-Za-z0-9][A-Za-z0-9-]*' "$T/help" | sed 's/^[][ ,|(]//' | sort -u | wc -l)
	if [ -n "$_miss" ]; then
		fail=$((fail + 1))
		printf 'FAIL %s.%s lacks what --help says:\n%s\n' "$_n" "$_s" "$_miss" | head -n 20
	elif [ "$_nopt" -lt 2 ]; then
		fail=$((fail + 1))
		echo "FAIL $_n: --help names $_nopt options (is it the help?)"
	else
		pass=$((pass + 1))
		echo "ok $_n.$_s: $(grep -vc '^$' "$T/help") lines and $_nopt options of --help in the page"
	fi
	grep -q '^NAME' "$T/page" && grep -q "^$_n - " "$T/page" && grep -q '^DESCRIPTION' "$T/page" &&
		pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL $_n: no NAME or DESCRIPTION"; }
}
check rxscale-bench 1 sh "$TOP/scripts/rxscale-bench"
check rxscale-tune 8 sh "$TOP/scripts/rxscale-tune"
check rxscale-switch-driver 8 sh "$TOP/scripts/rxscale-switch-driver"
[ -z "${2:-}" ] || check rxscale-report 1 "$2"
[ -z "${3:-}" ] || check rxscale-rebalance 1 "$3"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
