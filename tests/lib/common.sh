# SPDX-License-Identifier: GPL-2.0
# Shared helpers for rxscale's test and preparation scripts (POSIX sh).
#
# Heavy artifacts (kernel trees, the QEMU build, guest images, downloaded
# .debs) live in a cache outside the checkout, keyed by version, so that a
# second run is fast and a clean clone never carries them.

RXS_CACHE=${RXSCALE_CACHE:-/var/cache/rxscale}
RXS_TOP=$(cd "$(dirname "$0")" && git rev-parse --show-toplevel 2>/dev/null || pwd)

rxs_log() {
	printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2
}

rxs_die() {
	printf 'error: %s\n' "$*" >&2
	exit 1
}

# rxs_apt_refresh: the system's package lists, updated when this cache has
# not seen an update for 12 hours (a new machine's lists may be empty or old).
rxs_apt_refresh() {
	if [ ! -f "$RXS_CACHE/.apt-updated" ] ||
	   [ -n "$(find "$RXS_CACHE/.apt-updated" -mmin +720 2>/dev/null)" ]; then
		# not for expiry either: see rxs_apt_in
		apt-get update -qq -o DPkg::Lock::Timeout=900 \
			-o Acquire::Check-Valid-Until=false || rxs_die "apt-get update failed"
		mkdir -p "$RXS_CACHE" && touch "$RXS_CACHE/.apt-updated"
	fi
}

# rxs_apt_install PKG...: install Debian packages from the system's own
# (bookworm) sources, only those not installed yet.
rxs_apt_install() {
	_missing=
	for _p in "$@"; do
		dpkg-query -W -f='${Status}' "$_p" 2>/dev/null |
			grep -q 'install ok installed' || _missing="$_missing $_p"
	done
	[ -z "$_missing" ] && return 0
	rxs_log "apt-get install$_missing"
	rxs_apt_refresh
	# shellcheck disable=SC2086
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		-o DPkg::Lock::Timeout=900 \
		$_missing >/dev/null || rxs_die "apt-get install$_missing failed"
}

# Packages from other Debian suites, or for another architecture, are only
# downloaded through private apt configurations under the cache (one per
# suite: lists, .debs and sources in $RXS_CACHE/apt-<suite>) and unpacked
# with dpkg-deb. The system's own apt sources and dpkg state are never
# touched: mixing suites there would half-upgrade glibc.
#
#   trixie    deb:         trixie, trixie-updates, trixie-backports
#   bookworm  deb, deb-src: bookworm, -updates, -security
#   sid       deb-src:     sid
#
# rxs_apt_in SUITE apt-get|apt-cache ARGS...: run an apt tool on SUITE's
# private configuration (rxs_apt_update SUITE first). Release files are
# still checked against Debian's keys, but not for expiry: the archive this
# machine reaches may be a dated snapshot, whose sid Release file expires
# within a week (seen on a new machine: "Release file for .../sid/InRelease
# is expired"); this machine's own apt is configured the same way.
rxs_apt_in() {
	_suite_dir=$RXS_CACHE/apt-$1
	_tool=$2
	shift 2
	"$_tool" -o Dir::Etc::SourceList=/dev/null \
		-o Dir::Etc::SourceParts="$_suite_dir/parts" \
		-o Dir::State::Lists="$_suite_dir/lists" \
		-o Dir::Cache="$_suite_dir/cache" \
		-o APT::Architectures::=amd64 -o APT::Architectures::=arm64 \
		-o Acquire::Check-Valid-Until=false \
		-o Debug::NoLocking=1 -o APT::Sandbox::User=root "$@"
}

# rxs_guest_lock [FAIL]: take the machine's guest lock on fd 8, held until
# the caller exits: one TCG guest at a time on the machine (a second
# distorts timings and timeouts). The file is RXS_GUEST_LOCK; as root it
# defaults to /run/rxscale-guest.lock (set it empty to boot without), other
# users lock only when they set it. Returns 1 when no lock was taken; a
# lock that fails is reported through the caller's FAIL function (default
# rxs_die), so that a runner keeps its own verdict line.
rxs_guest_lock() {
	[ "$(id -u)" != 0 ] || : "${RXS_GUEST_LOCK=/run/rxscale-guest.lock}"
	[ -n "${RXS_GUEST_LOCK:-}" ] || return 1
	exec 8>"$RXS_GUEST_LOCK"
	flock 8 || "${1:-rxs_die}" "could not lock $RXS_GUEST_LOCK"
}

# rxs_apt_sources SUITE: the deb822 sources of a private configuration.
rxs_apt_sources() {
	_new_keys="/usr/share/keyrings/debian-archive-trixie-automatic.gpg /usr/share/keyrings/debian-archive-trixie-stable.gpg"
	_old_keys=/usr/share/keyrings/debian-archive-keyring.gpg
	case $1 in
	trixie)
		printf '%s\n' "Types: deb" "URIs: http://deb.debian.org/debian" \
			"Suites: trixie trixie-updates trixie-backports" \
			"Components: main" "Architectures: amd64 arm64" \
			"Signed-By: $_new_keys" ;;
	bookworm)
		printf '%s\n' "Types: deb deb-src" "URIs: http://deb.debian.org/debian" \
			"Suites: bookworm bookworm-updates" "Components: main" \
			"Architectures: amd64 arm64" "Signed-By: $_old_keys" "" \
			"Types: deb deb-src" "URIs: http://deb.debian.org/debian-security" \
			"Suites: bookworm-security" "Components: main" \
			"Architectures: amd64 arm64" "Signed-By: $_old_keys" ;;
	sid)
		printf '%s\n' "Types: deb-src" "URIs: http://deb.debian.org/debian" \
			"Suites: sid" "Components: main" "Signed-By: $_new_keys" ;;
	sid-deb)
		# sid's arm64 binaries, apart from sid's sources (the
		# selftests extra takes a few tools from it)
		printf '%s\n' "Types: deb" "URIs: http://deb.debian.org/debian" \
			"Suites: sid" "Components: main" "Architectures: arm64" \
			"Signed-By: $_new_keys" ;;
	*)
		rxs_die "no private apt configuration for suite '$1'" ;;
	esac
}

# rxs_apt_update SUITE: refresh SUITE's package lists when they are older
# than 12 hours (or were never fetched).
rxs_apt_fresh_() {
	[ -f "$1/updated" ] && [ -z "$(find "$1/updated" -mmin +720)" ]
}

# Serialised per suite (flock on apt-<suite>/update.lock): prepare builds
# the guests beside the kernel trees, and two updates of one lists
# directory at once delete each other's partial files (seen on a new
# machine: "Could not open file .../lists/partial/..."). A process that
# waited finds the lists fresh and returns.
rxs_apt_update() {
	_suite_dir=$RXS_CACHE/apt-$1
	rxs_apt_fresh_ "$_suite_dir" && return 0
	mkdir -p "$_suite_dir/parts" "$_suite_dir/lists/partial" \
		"$_suite_dir/cache/archives/partial"
	(
		flock 7 || exit 1
		rxs_apt_fresh_ "$_suite_dir" && exit 0
		rxs_apt_sources "$1" > "$_suite_dir/parts/$1.sources" || exit 1
		rxs_apt_in "$1" apt-get update -qq >&2 || exit 1
		touch "$_suite_dir/updated"
	) 7> "$_suite_dir/update.lock" ||
		rxs_die "private apt update ($1) failed"
}

# The trixie configuration, which the matrix and the report tools use.
RXS_APT_DIR=$RXS_CACHE/apt-trixie

rxs_apt_private() {
	rxs_apt_in trixie apt-get "$@"
}

rxs_apt_private_update() {
	rxs_apt_update trixie
}

# rxs_deb_get SUITE DIR PKG[:ARCH][=VERSION]...: the one way the scripts
# fetch Debian packages: download each .deb from SUITE's private apt
# configuration (bookworm, trixie: rxs_apt_in) into DIR, unless DIR already
# holds it. "Holds" means a file of that name, for that architecture (or
# arch all) when one is given, and of that exact version when one is given
# (apt writes an epoch's colon as %3a). Unpacking is left to the caller
# (dpkg-deb -x, or --fsys-tarfile for one member). The missing ones come
# in one apt run.
rxs_deb_get() {
	_suite=$1
	_dir=$2
	shift 2
	mkdir -p "$_dir"
	_get=
	for _p in "$@"; do
		_n=${_p%%[:=]*}
		_a=$(printf '%s' "$_p" | sed -n 's/^[^:=]*:\([a-z0-9]*\).*/\1/p')
		_v=
		case $_p in *=*) _v=${_p#*=} ;; esac
		_vf=$(printf '%s' "${_v:-*}" | sed 's/:/%3a/')
		# unquoted on purpose: the version and the arch may be globs (*)
		# shellcheck disable=SC2086
		ls "$_dir/${_n}_"$_vf"_"${_a:-*}.deb >/dev/null 2>&1 ||
			ls "$_dir/${_n}_"$_vf"_all.deb" >/dev/null 2>&1 ||
			_get="$_get $_p"
	done
	[ -n "$_get" ] || return 0
	rxs_log "downloading ($_suite):$_get"
	rxs_apt_update "$_suite"
	# shellcheck disable=SC2086
	(cd "$_dir" && rxs_apt_in "$_suite" apt-get download -qq $_get) ||
		rxs_die "could not download$_get ($_suite)"
}

# rxs_ccache: C and C++ builds of the tests go through ccache, kept in the
# cache. CI builds in a fresh clone each time; ccache is told to ignore
# where the clone is, so a rebuild of unchanged code is look-ups (the unit
# tests: about 2 min of compiling on 2 cores otherwise). Exports ccache's
# settings and sets RXS_CMAKE_CCACHE to cmake's options (empty without
# ccache).
rxs_ccache() {
	RXS_CMAKE_CCACHE=
	command -v ccache >/dev/null 2>&1 || return 0
	CCACHE_DIR=$RXS_CACHE/ccache
	CCACHE_BASEDIR=$RXS_TOP
	CCACHE_NOHASHDIR=1
	export CCACHE_DIR CCACHE_BASEDIR CCACHE_NOHASHDIR
	RXS_CMAKE_CCACHE="-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache"
}

# rxs_driver_modules: the modules a driver needs, one "<dir>/<module>" a
# line: the shared core (core/rxscale_core, which the drivers import)
# first, then those the driver directories' Kbuild files build
# (r8169/r8127).
rxs_driver_modules() {
	[ ! -f "$RXS_TOP/core/Kbuild" ] || echo core/rxscale_core
	for _d in r8169 mtk_eth_soc ravb; do
		[ -f "$RXS_TOP/$_d/Kbuild" ] || continue
		sed -n "s|^obj-m[ +:]*=[ ]*\([a-z0-9_]*\)\.o.*|$_d/\1|p" "$RXS_TOP/$_d/Kbuild"
	done
}

# rxs_stamp_ok DIR KEY: true when DIR was completed for KEY before.
rxs_stamp_ok() {
	[ -f "$1/.rxscale-done" ] && [ "$(cat "$1/.rxscale-done")" = "$2" ]
}

rxs_stamp_set() {
	printf '%s\n' "$2" > "$1/.rxscale-done"
}
