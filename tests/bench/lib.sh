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

# --- the compare scripts' readers of scenario logs ---------------------------
# (softirq-compare.sh and rebalance-compare.sh)

# rxsb_field NAME LINE: the value of NAME=value in a key=value line
rxsb_field() {
	echo "$2" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1
}

# rxsb_stacked_rx_cpus LOG: the CPUs (comma-separated) that the kernel
# delivered two or more RX vectors to, from softirq-share's
# RXSCALE-SOFTIRQ-VEC lines (effective affinity); empty when every RX
# ring has a CPU of its own.
rxsb_stacked_rx_cpus() {
	sed -n 's/^RXSCALE-SOFTIRQ-VEC: .* cpus=\([^ ]*\) .* name=.*rx-[0-9][0-9]*$/\1/p' "$1" |
		sort | uniq -d | paste -sd, -
}

# An awk function for the compare scripts' tables, put before their
# programs: median(v, n) of the n values v[1..n], sorting v in place.
RXSB_AWK_MEDIAN='
	function median(v, n,    i, j, t) {
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && v[j - 1] > v[j]; j--) {
				t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
			}
		return (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
	}'
