#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The scripts must be POSIX sh that dash and busybox ash accept, with no
# bashism (checkbashisms) and no shellcheck warning.
#   check-scripts.sh TOP
TOP=${1:?usage: check-scripts.sh TOP}
pass=0
fail=0
for tool in busybox checkbashisms shellcheck; do
	command -v $tool >/dev/null 2>&1 || {
		echo "error: $tool missing (tests/deps/scripts.txt lists it)" >&2
		exit 1
	}
done
check() { # NAME COMMAND...
	_n=$1
	shift
	if _o=$("$@" 2>&1); then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		printf 'FAIL %s\n%s\n' "$_n" "$_o"
	fi
}
for f in "$TOP"/scripts/rxscale-bench "$TOP"/scripts/rxscale-tune "$TOP"/scripts/rxscale-switch-driver \
	"$TOP"/scripts/install-tools.sh "$TOP"/scripts/man/gen-man.sh "$TOP"/tests/report/*.sh; do
	[ -f "$f" ] || { fail=$((fail + 1)); echo "FAIL missing $f"; continue; }
	n=${f#"$TOP"/}
	check "$n: sh -n" sh -n "$f"
	check "$n: busybox ash -n" busybox ash -n "$f"
	check "$n: checkbashisms" checkbashisms -f "$f"
	check "$n: shellcheck" shellcheck -s sh -S warning "$f"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
