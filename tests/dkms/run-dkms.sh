#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# DKMS round trip against Debian's installed 6.1 headers: add, build,
# install (modules land in /lib/modules/<release>/updates/dkms and depmod
# knows them, the drivers depending on rxscale_core), then remove, leaving
# the system as it was.
set -eu

. "$(dirname "$0")/../lib/common.sh"

rxs_apt_install dkms
abi=$(apt-cache depends linux-headers-amd64 |
	sed -n 's/.*Depends: linux-headers-\(6\.1\.0-[0-9]*-amd64\)$/\1/p' | head -n 1)
[ -n "$abi" ] || rxs_die "cannot find Debian's 6.1 header package"
rxs_apt_install "linux-headers-$abi"

ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$RXS_TOP/dkms.conf")
mods=$(rxs_driver_modules | sed 's|.*/||')
if [ -z "$mods" ]; then
	echo "dkms: SKIPPED: no driver directory yet, nothing to package"
	exit 77
fi

src=/usr/src/rxscale-$ver
cleanup() {
	dkms remove "rxscale/$ver" --all >/dev/null 2>&1 || true
	rm -rf "$src"
}
trap cleanup EXIT INT TERM
cleanup
mkdir -p "$src"
(cd "$RXS_TOP" && git ls-files -co --exclude-standard | grep -v '^tests/' |
	rsync -a --ignore-missing-args --files-from=- ./ "$src/")

pass=0
fail=0
step() {
	if "$@" >/tmp/rxscale-dkms.log 2>&1; then
		pass=$((pass + 1))
		echo "ok   $*"
	else
		fail=$((fail + 1))
		echo "FAIL $*"
		tail -n 30 /tmp/rxscale-dkms.log
		[ -f "/var/lib/dkms/rxscale/$ver/build/make.log" ] &&
			tail -n 30 "/var/lib/dkms/rxscale/$ver/build/make.log"
	fi
}
step dkms add "rxscale/$ver"
step dkms build "rxscale/$ver" -k "$abi"
step dkms install "rxscale/$ver" -k "$abi"
for m in $mods; do
	step test -f "/lib/modules/$abi/updates/dkms/$m.ko" -o \
		-f "/lib/modules/$abi/updates/dkms/$m.ko.xz"
	step sh -c "modinfo -k $abi $m | grep -q '^vermagic: *$abi '"
done
# the drivers import rxscale_core: depmod knows, so modprobe loads it first
for m in $mods; do
	[ "$m" != rxscale_core ] || continue
	step sh -c "modinfo -k $abi -F depends $m | tr ',' '\\n' | grep -qx rxscale_core"
done
step dkms remove "rxscale/$ver" --all
for m in $mods; do
	step sh -c "! ls /lib/modules/$abi/updates/dkms/$m.ko* 2>/dev/null"
done
echo "dkms: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
