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
	if [ ! -f "$RXS_CACHE/.apt-updated" ] ||
	   [ -n "$(find "$RXS_CACHE/.apt-updated" -mmin +720 2>/dev/null)" ]; then
		apt-get update -qq -o DPkg::Lock::Timeout=900 || rxs_die "apt-get update failed"
		mkdir -p "$RXS_CACHE" && touch "$RXS_CACHE/.apt-updated"
	fi
	# shellcheck disable=SC2086
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		-o DPkg::Lock::Timeout=900 \
		$_missing >/dev/null || rxs_die "apt-get install$_missing failed"
}

# Newer Debian packages (trixie, trixie-backports) are only downloaded,
# through a private apt configuration, and unpacked with dpkg-deb. The
# system's own apt sources are never touched: mixing suites there would
# half-upgrade glibc.
RXS_APT_DIR=$RXS_CACHE/apt-trixie

rxs_apt_private() {
	apt-get -o Dir::Etc::SourceList=/dev/null \
		-o Dir::Etc::SourceParts="$RXS_APT_DIR/parts" \
		-o Dir::State::Lists="$RXS_APT_DIR/lists" \
		-o Dir::Cache="$RXS_APT_DIR/cache" \
		-o APT::Architectures::=amd64 -o APT::Architectures::=arm64 \
		-o Debug::NoLocking=1 -o APT::Sandbox::User=root "$@"
}

rxs_apt_private_update() {
	if [ -f "$RXS_APT_DIR/updated" ] &&
	   [ -z "$(find "$RXS_APT_DIR/updated" -mmin +720)" ]; then
		return 0
	fi
	mkdir -p "$RXS_APT_DIR/parts" "$RXS_APT_DIR/lists/partial" \
		"$RXS_APT_DIR/cache/archives/partial"
	cat > "$RXS_APT_DIR/parts/trixie.sources" <<SRC
Types: deb
URIs: http://deb.debian.org/debian
Suites: trixie trixie-updates trixie-backports
Components: main
Architectures: amd64 arm64
Signed-By: /usr/share/keyrings/debian-archive-trixie-automatic.gpg /usr/share/keyrings/debian-archive-trixie-stable.gpg
SRC
	rxs_apt_private update -qq || rxs_die "private apt update (trixie) failed"
	touch "$RXS_APT_DIR/updated"
}

# rxs_deb_fetch DIR PKG[:ARCH][=VERSION]...: download .debs (trixie suites)
# into DIR unless a matching file is already there.
rxs_deb_fetch() {
	_dir=$1
	shift
	mkdir -p "$_dir"
	for _p in "$@"; do
		_name=${_p%%[:=]*}
		if ls "$_dir/${_name}"_*.deb >/dev/null 2>&1; then
			continue
		fi
		rxs_apt_private_update
		(cd "$_dir" && rxs_apt_private download -qq "$_p") ||
			rxs_die "could not download $_p"
	done
}

# rxs_stamp_ok DIR KEY: true when DIR was completed for KEY before.
rxs_stamp_ok() {
	[ -f "$1/.rxscale-done" ] && [ "$(cat "$1/.rxscale-done")" = "$2" ]
}

rxs_stamp_set() {
	printf '%s\n' "$2" > "$1/.rxscale-done"
}
