#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What a user of `make` sees: a missing KDIR gets one line naming the Debian
# package to install; `make install` puts the modules under
# /lib/modules/<release>/updates and depmod knows them (staged with
# INSTALL_MOD_PATH); `make clean` leaves no build products behind.
set -eu

. "$(dirname "$0")/../lib/common.sh"

pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
(cd "$RXS_TOP" && git ls-files -co --exclude-standard |
	rsync -a --ignore-missing-args --files-from=- ./ "$work/src/")

# 1. Missing kernel tree.
if make -s -C "$work/src" KDIR=/nonexistent >"$work/out" 2>"$work/err"; then
	bad "make with a missing KDIR succeeded"
elif [ "$(wc -l <"$work/err")" -ne 1 ] ||
     ! grep -q 'no kernel build tree at /nonexistent.*apt install linux-headers-' "$work/err"; then
	bad "missing KDIR: expected one error line naming linux-headers-*, got:"
	cat "$work/err"
else
	ok "missing KDIR: $(cat "$work/err")"
fi

# 2. Install into a staging root against Debian's 6.1 headers.
kdir=$(sh "$RXS_TOP/tests/matrix/trees.sh" prepare 6.1-x86_64 | awk '{ print $2 }')
rel=$(sed -n 's/.*UTS_RELEASE "\(.*\)"/\1/p' "$kdir/include/generated/utsrelease.h")
mods=$(cd "$work/src" && sed -n 's/^obj-m[ +:]*=[ ]*\([a-z0-9_]*\)\.o.*/\1/p' \
	r8169/Kbuild mtk_eth_soc/Kbuild ravb/Kbuild 2>/dev/null || true)
if [ -z "$mods" ]; then
	echo "install: no driver directory yet"
else
	if make -s -C "$work/src" KDIR="$kdir" INSTALL_MOD_PATH="$work/root" \
			install >"$work/install.log" 2>&1; then
		for m in $mods; do
			f=$(cd "$work/root/lib/modules/$rel" && find updates -name "$m.ko*" | head -n 1)
			if [ -n "$f" ] && grep -q "^$f:" "$work/root/lib/modules/$rel/modules.dep"; then
				ok "make install: $f in modules.dep"
			else
				bad "make install: $m.ko not installed under updates/ or not in modules.dep"
			fi
		done
	else
		bad "make install failed"
		tail -n 20 "$work/install.log"
	fi
	make -s -C "$work/src" KDIR="$kdir" clean >/dev/null 2>&1 || true
	left=$(cd "$work/src" && find . \( -name '*.ko' -o -name '*.o' -o -name '*.mod' \) | head -n 3)
	if [ -z "$left" ] && [ ! -d "$work/src/build" ]; then
		ok "make clean removed every build product"
	else
		bad "make clean left: $left"
	fi
fi

echo "buildsys: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
