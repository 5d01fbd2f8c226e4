#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make install / make uninstall of the user tools (issue 19) into a
# temporary DESTDIR: the exact list of files (tools, man pages, the record),
# modes, the installed tools answer --help, their pages render; a user's
# own file in a shared directory survives; uninstall leaves DESTDIR empty;
# a second uninstall fails; PREFIX is honoured.
#   test-install.sh TOP [REPORT-BIN REBALANCE-BIN]
TOP=${1:?usage: test-install.sh TOP [REPORT-BIN REBALANCE-BIN]}
REPORT=${2:-}
REBAL=${3:-}
T=$(mktemp -d /tmp/rxs-install-test.XXXXXX) || exit 1
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; [ -f "$T/out" ] && sed 's/^/    /' "$T/out" | head -n 30; }
# mk ARGS...: make in TOP, no kernel tree (the tools only)
mk() {
	make -s -C "$TOP" KDIR=/nonexistent ${REPORT:+REPORT_BIN=$REPORT} \
		REBALANCE_BIN=${REBAL:-/nonexistent} "$@" > "$T/out" 2>&1
	rc=$?
}

D=$T/dest
mkdir "$D"
mk install DESTDIR="$D"
[ "$rc" -eq 0 ] && ok || bad "make install: exit $rc"
grep -q "modules not installed: no kernel build tree at /nonexistent" "$T/out" && ok || bad "make install: the note on modules"
(cd "$D" && find . \( -type f -o -type l \) | sort) > "$T/list"
{
	echo ./usr/local/bin/rxscale-bench
	[ -z "$REBAL" ] || echo ./usr/local/bin/rxscale-rebalance
	[ -z "$REPORT" ] || echo ./usr/local/bin/rxscale-report
	echo ./usr/local/bin/rxscale-switch-driver
	echo ./usr/local/bin/rxscale-tune
	echo ./usr/local/share/man/man1/rxscale-bench.1
	[ -z "$REBAL" ] || echo ./usr/local/share/man/man1/rxscale-rebalance.1
	[ -z "$REPORT" ] || echo ./usr/local/share/man/man1/rxscale-report.1
	echo ./usr/local/share/man/man8/rxscale-switch-driver.8
	echo ./usr/local/share/man/man8/rxscale-tune.8
	echo ./usr/local/share/rxscale/installed
} > "$T/want"
if cmp -s "$T/list" "$T/want"; then ok; else diff "$T/want" "$T/list" > "$T/out"; bad "make install: the files (- wanted, + found)"; fi
sed 's/^/  installed: /' "$T/list"
for f in "$D"/usr/local/bin/*; do
	[ "$(stat -c %a "$f")" = 755 ] && ok || bad "$f: mode $(stat -c %a "$f")"
	"$f" --help > "$T/out" 2>&1 && grep -q 'usage\|Usage' "$T/out" && ok || bad "${f##*/} --help from the install"
done
for f in "$D"/usr/local/share/man/man*/*; do
	[ "$(stat -c %a "$f")" = 644 ] && ok || bad "$f: mode $(stat -c %a "$f")"
	n=${f##*/}
	LC_ALL=C.UTF-8 nroff -man "$f" 2>/dev/null | sed 's/.\x08//g' | grep -q "^NAME" && ok || bad "$n does not render"
done

# a file of someone else in a directory install created: kept, and so is
# its directory
echo mine > "$D/usr/local/bin/someone-elses"
mk uninstall DESTDIR="$D"
[ "$rc" -eq 0 ] && ok || bad "make uninstall: exit $rc"
grep -q "kept /usr/local/bin/ (not empty)" "$T/out" && ok || bad "uninstall: keeps the non-empty bin/"
[ "$(cd "$D" && find . -type f)" = ./usr/local/bin/someone-elses ] && ok ||
	{ (cd "$D" && find .) > "$T/out"; bad "uninstall: more or less than the foreign file left"; }
rm "$D/usr/local/bin/someone-elses"
rmdir "$D/usr/local/bin" "$D/usr/local" "$D/usr"

# installing twice: the second replaces the first, the record stays exact
mk install DESTDIR="$D"
mk install DESTDIR="$D"
[ "$rc" -eq 0 ] && ok || bad "make install twice: exit $rc"
mk uninstall DESTDIR="$D"
[ "$rc" -eq 0 ] && ok || bad "make uninstall: exit $rc"
[ -z "$(find "$D" -mindepth 1)" ] && ok || { find "$D" > "$T/out"; bad "uninstall left files or directories"; }
mk uninstall DESTDIR="$D"
[ "$rc" -ne 0 ] && grep -q "nothing to uninstall" "$T/out" && ok || bad "a second uninstall: exit $rc"

# PREFIX
mk install DESTDIR="$D" PREFIX=/opt/rxs
[ -x "$D/opt/rxs/bin/rxscale-tune" ] && [ -f "$D/opt/rxs/share/man/man8/rxscale-tune.8" ] && ok || bad "PREFIX=/opt/rxs"
mk uninstall DESTDIR="$D" PREFIX=/opt/rxs
[ -z "$(find "$D" -mindepth 1)" ] && ok || bad "uninstall PREFIX=/opt/rxs left files"
mk install DESTDIR="$D" PREFIX=opt
[ "$rc" -ne 0 ] && grep -q "must be absolute" "$T/out" && ok || bad "PREFIX=opt accepted"
[ -z "$(find "$D" -mindepth 1)" ] && ok || bad "a refused install wrote files"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
