#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# deps.sh COMPONENT...: install the Debian packages listed in
# tests/deps/<component>.txt (missing files are an error).
set -eu

. "$(dirname "$0")/lib/common.sh"

pkgs=
for c in "$@"; do
	f=$RXS_TOP/tests/deps/$c.txt
	[ -f "$f" ] || rxs_die "no package list $f"
	pkgs="$pkgs $(sed -e 's/#.*//' "$f" | tr '\n' ' ')"
done
# shellcheck disable=SC2086
rxs_apt_install $pkgs
