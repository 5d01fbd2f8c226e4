#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make install / make uninstall of the user tools: rxscale-bench,
# rxscale-tune, rxscale-switch-driver, and rxscale-report and
# rxscale-rebalance when they are built, each with a man page made from its
# --help (scripts/man/gen-man.sh). install records every file and every
# directory it created in PREFIX/share/rxscale/installed; uninstall removes
# exactly those (a directory only when it is empty again).
#   install-tools.sh install|uninstall
# environment: DESTDIR (staging root, default none), PREFIX (/usr/local),
# BINDIR (PREFIX/bin), MANDIR (PREFIX/share/man), REPORT_BIN, REBALANCE_BIN
# (the built binaries; default build/report-tool/rxscale-report and
# build/rebalance/rxscale-rebalance)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
PROG=install-tools.sh
die() { echo "$PROG: error: $*" >&2; exit 1; }
DESTDIR=${DESTDIR:-}
DESTDIR=${DESTDIR%/}
PREFIX=${PREFIX:-/usr/local}
BINDIR=${BINDIR:-$PREFIX/bin}
MANDIR=${MANDIR:-$PREFIX/share/man}
REPORT_BIN=${REPORT_BIN:-$top/build/report-tool/rxscale-report}
REBALANCE_BIN=${REBALANCE_BIN:-$top/build/rebalance/rxscale-rebalance}
for v in "$PREFIX" "$BINDIR" "$MANDIR"; do
	case $v in
	/*) ;;
	*) die "PREFIX, BINDIR and MANDIR must be absolute paths, not '$v'" ;;
	esac
	case $v in *[!A-Za-z0-9_./+-]*) die "'$v': only letters, digits and _ . / + - in install paths" ;; esac
done
[ -z "$DESTDIR" ] || [ -d "$DESTDIR" ] || die "DESTDIR $DESTDIR is not a directory"
MANIFEST=$PREFIX/share/rxscale/installed

uninstall() {
	m=$DESTDIR$MANIFEST
	[ -f "$m" ] || die "nothing to uninstall: no $m (make install writes it)"
	_list=$(cat "$m")
	# files first (the record last), then the directories install
	# created, deepest first
	echo "$_list" | sed -n 's/^f //p' | while read -r p; do
		rm -f "$DESTDIR$p" && echo "removed $p"
	done
	rm -f "$m"
	echo "removed $MANIFEST"
	echo "$_list" | sed -n 's/^d //p' | sort -r | while read -r p; do
		if rmdir "$DESTDIR$p" 2>/dev/null; then
			echo "removed $p/"
		else
			echo "kept $p/ (not empty)"
		fi
	done
}

case ${1:-} in
uninstall) uninstall; exit 0 ;;
install) ;;
*) echo "usage: install-tools.sh install|uninstall" >&2; exit 2 ;;
esac

# an earlier install under this PREFIX: take it away first, so that the
# record stays exact
[ ! -f "$DESTDIR$MANIFEST" ] || uninstall > /dev/null

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rxscale-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/files"
: > "$tmp/dirs"
# mkd DIR: DIR and its missing parents, each one created recorded
mkd() {
	_p=
	for _c in $(echo "$1" | tr '/' ' '); do
		_p=$_p/$_c
		[ -d "$DESTDIR$_p" ] && continue
		mkdir "$DESTDIR$_p" || die "cannot create $DESTDIR$_p"
		echo "d $_p" >> "$tmp/dirs"
	done
}
# put SRC DEST MODE
put() {
	mkd "${2%/*}"
	cp "$1" "$DESTDIR$2.new.$$" && chmod "$3" "$DESTDIR$2.new.$$" &&
		mv "$DESTDIR$2.new.$$" "$DESTDIR$2" || die "cannot write $DESTDIR$2"
	echo "f $2" >> "$tmp/files"
	echo "installed $2"
}
# tool SRC NAME SECTION [RUNNER]: the tool and its man page
tool() {
	put "$1" "$BINDIR/$2" 755
	# shellcheck disable=SC2086
	sh "$top/scripts/man/gen-man.sh" "$2" "$3" ${4:-} "$1" > "$tmp/$2.$3" ||
		die "cannot make the man page of $2"
	put "$tmp/$2.$3" "$MANDIR/man$3/$2.$3" 644
}
tool "$top/scripts/rxscale-bench" rxscale-bench 1 sh
tool "$top/scripts/rxscale-tune" rxscale-tune 8 sh
tool "$top/scripts/rxscale-switch-driver" rxscale-switch-driver 8 sh
if [ -x "$REPORT_BIN" ]; then
	tool "$REPORT_BIN" rxscale-report 1
else
	echo "not installed: rxscale-report (not built: make report-tool)"
fi
if [ -x "$REBALANCE_BIN" ]; then
	tool "$REBALANCE_BIN" rxscale-rebalance 1
else
	echo "not installed: rxscale-rebalance (not built: cmake -S scripts/rebalance -B build/rebalance && cmake --build build/rebalance)"
fi
mkd "${MANIFEST%/*}"
cat "$tmp/files" "$tmp/dirs" > "$DESTDIR$MANIFEST" || die "cannot write $DESTDIR$MANIFEST"
echo "recorded in $MANIFEST (make uninstall removes what it lists)"
