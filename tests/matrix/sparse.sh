#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Print the path of a sparse that the matrix trees accept. Linux 7.3's
# scripts/checker-valid.sh wants __typeof_unqual__, which bookworm's sparse
# 0.6.4 lacks, and kbuild then silently skips checking. So sparse is built
# from Debian's newer source package (sid), downloaded through a private apt
# configuration, and cached.
set -eu

. "$(dirname "$0")/../lib/common.sh"

# Any cached build is good enough: the version only needs to be new enough.
cached=$(ls -d "$RXS_CACHE"/sparse-*/sparse 2>/dev/null | sort -V | tail -n 1)
if [ -n "$cached" ] && [ -x "$cached" ]; then
	echo "$cached"
	exit 0
fi

rxs_apt_update sid
VERSION=$(rxs_apt_in sid apt-cache showsrc sparse 2>/dev/null |
	sed -n 's/^Version: *//p' | sort -V | tail -n 1)
[ -n "$VERSION" ] || rxs_die "no sparse source package in sid"
dir=$RXS_CACHE/sparse-$VERSION
rm -rf "$dir"
mkdir -p "$dir/src"
(cd "$dir/src" && rxs_apt_in sid apt-get source --download-only -qq "sparse=$VERSION" >&2) ||
	rxs_die "cannot download Debian's sparse $VERSION source"
tar -xzf "$dir"/src/sparse_*.orig.tar.gz -C "$dir/src" --strip-components=1
make -C "$dir/src" -j"$(nproc)" sparse >"$dir/build.log" 2>&1 ||
	{ tail -n 20 "$dir/build.log" >&2; rxs_die "building sparse failed"; }
cp "$dir/src/sparse" "$dir/sparse"
echo "$dir/sparse"
