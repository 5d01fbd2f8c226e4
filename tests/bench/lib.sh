# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the emulation bench scripts (POSIX sh). Source after
# tests/lib/common.sh.
#
# Bookworm packages for another architecture (arm64 guest userland and
# kernel) and bookworm source packages (QEMU) come through a private apt
# configuration under the cache (rxs_apt_in in common.sh): the system's
# apt sources and dpkg state are never changed.

RXSB_APT_DIR=$RXS_CACHE/apt-bookworm

rxsb_apt() {
	rxs_apt_in bookworm apt-get "$@"
}

rxsb_apt_cache() {
	rxs_apt_in bookworm apt-cache "$@"
}

rxsb_apt_update() {
	rxs_apt_update bookworm
}

# rxsb_candidate PKG[:ARCH]: version apt would pick from bookworm.
rxsb_candidate() {
	rxsb_apt_update
	rxsb_apt_cache policy "$1" 2>/dev/null |
		sed -n 's/^ *Candidate: *//p' | head -n 1
}

# rxsb_src_version SRCPKG: newest bookworm source version.
rxsb_src_version() {
	rxsb_apt_update
	rxsb_apt_cache showsrc "$1" 2>/dev/null |
		sed -n 's/^Version: *//p' | sort -V | tail -n 1
}

# rxsb_lock FILE: take an exclusive lock for the rest of the script
# (file descriptor 9). Waits for other holders.
rxsb_lock() {
	mkdir -p "$(dirname "$1")"
	exec 9>"$1"
	if ! flock -n 9; then
		rxs_log "waiting for lock $1"
		flock 9 || rxs_die "could not lock $1"
	fi
}

rxsb_now() {
	date +%s
}
