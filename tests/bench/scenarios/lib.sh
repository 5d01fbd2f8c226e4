# SPDX-License-Identifier: GPL-2.0
# Shell library of the bench scenarios; runs INSIDE the guest (busybox ash
# plus iproute2, ethtool, iperf3, mpstat). A scenario does:
#
#   . ./lib.sh
#   rxs_setup                      # drivers, interfaces, peer netns, addresses
#   rxs_wait_link 20
#   rxs_ping
#   rxs_iperf fwd 4 10             # DUT -> peer, 4 streams, 10 s
#   rxs_iperf rev 4 10             # peer -> DUT (the DUT receives)
#   rxs_dmesg_check
#
# Every check that fails calls rxs_fail, which ends the scenario with
# status 1. Settings come from /rxscale/env (written by run-scenario.sh).

RXS_DIR=/rxscale
# shellcheck disable=SC1091
[ -f "$RXS_DIR/env" ] && . "$RXS_DIR/env"

RXS_DUT_IP=198.18.0.1
RXS_PEER_IP=198.18.0.2
RXS_NS=peer
RXS_DUT=
RXS_PEER=
RXS_DMESG_START=0
RXS_DMESG_MARK=
RXS_DMESG_NMARK=0
# Kernel log lines that fail a scenario at any level (the known signs of a
# kernel or driver bug), unless a scenario names the exact line with
# rxs_dmesg_expect. Besides these, every line at warning level or above
# fails unless it is expected (see rxs_dmesg_check).
RXS_DMESG_BAD='WARNING:|BUG:|Oops|Call trace:|cut here|Kernel panic|NETDEV WATCHDOG|transmit queue [0-9]+ timed out|soft lockup|hard LOCKUP|hung_task|blocked for more than|rcu.*stall|Unable to handle|stalled pool|unregister_netdevice: waiting|refcount_t:|list_add corruption|list_del corruption|UBSAN:|KASAN:|page allocation failure|Modules linked in:'
# The debug kernel's own reports (tests/kdebug, issue 18; not its boot lines
# "kasan: KernelAddressSanitizer initialized", "DMA-API: preallocated ..."): never expected,
# so rxs_kdebug_check looks for them in the whole log since boot, and they
# fail at any level within the marker's window too (part of RXS_DMESG_BAD).
RXS_KDEBUG_BAD='KASAN:|possible circular locking|possible recursive locking|inconsistent lock state|suspicious RCU usage|lock held when returning|BUG: sleeping function|scheduling while atomic|bad unlock balance|DEBUG_LOCKS_WARN_ON|DMA-API: [^ ]+ [^ ]+: |DMA-API: debugging out of memory|kmemleak:.*suspected memory leak|ref_tracker:|refcount_t:|BUG: Bad page|Bad page state|UBSAN:'
RXS_DMESG_BAD="$RXS_DMESG_BAD|$RXS_KDEBUG_BAD"
# Expected kernel log lines, one a line: "LEVEL MIN MAX KIND TEXT"
# (rxs_dmesg_expect).
RXS_DMESG_EXPECT=${RXS_DMESG_EXPECT:-/tmp/rxs-dmesg-expect}
: > "$RXS_DMESG_EXPECT"

rxs_say() {
	echo "rxs: $*"
}

# rxs_fail and rxs_skip end the scenario from a subshell too. A command
# substitution, each stage of a pipeline and ( ) run in subshells, where
# exit ends the subshell alone: x=$(rxs_ethtool_stat NAME) for a counter
# the driver lacks used to leave "RXSCALE-FAIL: ..." in x, unseen, and the
# scenario went on. So both print their line on stderr, which $(...) does
# not capture, and signal the scenario's shell: $$ is its PID in every
# subshell (POSIX XCU 2.5.2, "Special Parameters"), and the traps below end
# it with the status (its EXIT trap, if any, runs as for any exit).
# tests/bench/lib-check.sh checks this on the host's dash.
trap 'exit 1' USR1
trap 'exit 77' USR2

rxs_fail() {
	echo "RXSCALE-FAIL: $*" >&2
	kill -s USR1 $$
	exit 1
}

# rxs_skip REASON: the scenario cannot run here (a kernel without the
# interface it tests, say): ends it with status 77, which the runner
# reports as SKIP with REASON, never as PASS.
rxs_skip() {
	echo "RXSCALE-SKIP: $*" >&2
	kill -s USR2 $$
	exit 77
}

# Checks inside a scenario, for scenarios whose checks depend on what the
# kernel offers: each ends as "RXSCALE-CHECK: PASS WHAT" or
# "RXSCALE-CHECK: SKIP WHAT: REASON" (a check that did not run is never a
# PASS); run-all.sh lists the skipped ones under the scenario's line.
# rxs_checks_end ends the bookkeeping: the scenario is a SKIP when none of
# its checks ran.
RXS_CHECKS_PASSED=0
RXS_CHECKS_SKIPPED=0

rxs_check_pass() {
	RXS_CHECKS_PASSED=$((RXS_CHECKS_PASSED + 1))
	echo "RXSCALE-CHECK: PASS $*"
}

# rxs_check_skip WHAT REASON
rxs_check_skip() {
	RXS_CHECKS_SKIPPED=$((RXS_CHECKS_SKIPPED + 1))
	echo "RXSCALE-CHECK: SKIP $1: $2"
}

rxs_checks_end() {
	echo "RXSCALE-CHECKS: $RXS_CHECKS_PASSED passed, $RXS_CHECKS_SKIPPED skipped"
	[ "$RXS_CHECKS_PASSED" -gt 0 ] ||
		rxs_skip "none of its $RXS_CHECKS_SKIPPED checks can run here"
}

# rxs_step NAME: marks the start of a step on the console, with the guest's
# uptime, so that a log shows where a scenario spends its time.
rxs_step() {
	echo "RXSCALE-STEP: $* [t=$(cut -d' ' -f1 /proc/uptime)]"
}

# rxs_iface_of_pci ADDR: the interface of the PCI device ADDR. A DUT on
# virt's platform bus (RXS_DUT_BUS=platform) has no PCI address: its
# RXS_DUT_PCI is empty and its interface is under RXS_DUT_DEVPATH.
rxs_iface_of_pci() {
	if [ -z "$1" ] && [ "${RXS_DUT_BUS:-pci}" = platform ]; then
		for _n in "$RXS_DUT_DEVPATH"/net/*; do
			[ -e "$_n" ] && basename "$_n" && return 0
		done
		return 1
	fi
	for _n in /sys/bus/pci/devices/"$1"/net/*; do
		[ -e "$_n" ] && basename "$_n" && return 0
	done
	for _n in /sys/bus/pci/devices/"$1"/*/net/*; do
		[ -e "$_n" ] && basename "$_n" && return 0
	done
	return 1
}

# rxs_tick: one polling step of 0.2 s (busybox sleep takes fractions): the
# waits below poll five times a second instead of sleeping whole seconds.
rxs_tick() {
	sleep 0.2
}

# ------------------------------------------------------------ the DUT
# A scenario finds the DUT by the driver it expects and by interface, not
# by bus address, so that a PCI and a platform DUT are found alike:
#
#   rxs_setup r8127            # interfaces, peer netns, ...; the DUT is the
#                              # interface bound to r8127, or the scenario fails
#   rxs_expect_driver r8127    # later: the DUT is still bound to r8127
#   rxs_find_dut r8127 15 WHAT # after a reload: the DUT's new interface
#   rxs_reload_cycles 3 r8169  # rmmod/modprobe cycles with link and ping

# rxs_dut_driver [IFACE]: the driver IFACE's device (default the DUT's)
# is bound to; nothing if none.
rxs_dut_driver() {
	_l=$(readlink -f "/sys/class/net/${1:-$RXS_DUT}/device/driver" 2>/dev/null) &&
		[ -n "$_l" ] && basename "$_l"
	return 0
}

# rxs_ifaces_of_driver DRIVER: the interfaces of this network namespace
# whose device is bound to DRIVER, but for the peer's (its MAC), one a line.
rxs_ifaces_of_driver() {
	for _n in /sys/class/net/*; do
		[ -e "$_n/device/driver" ] || continue
		[ "$(rxs_dut_driver "${_n##*/}")" = "$1" ] || continue
		[ "$(cat "$_n/address")" = "${RXS_PEER_MAC:-}" ] && continue
		echo "${_n##*/}"
	done
	return 0
}

# rxs_find_dut DRIVER [TIMEOUT [WHAT]]: sets RXS_DUT to the interface bound
# to DRIVER that is not the peer, waiting up to TIMEOUT (default 15) s for
# it; of several, the one with the MAC QEMU gave the DUT. RXS_DUT_DEV is
# its device's name (the PCI address, or the platform device's). Fails
# naming every interface's driver when none is bound to DRIVER (WHAT, e.g.
# "modprobe (cycle 2)", says after what).
rxs_find_dut() {
	_t=$((${2:-15} * 5))
	while :; do
		_c=$(rxs_ifaces_of_driver "$1")
		[ -n "$_c" ] && break
		[ "$_t" -gt 0 ] || {
			_all=
			for _n in /sys/class/net/*; do
				[ -e "$_n/device" ] &&
					_all="$_all ${_n##*/}:$(rxs_dut_driver "${_n##*/}")"
			done
			rxs_fail "${3:+$3: }no interface bound to $1 after ${2:-15} s (interfaces and drivers:${_all:- none})"
		}
		rxs_tick
		_t=$((_t - 1))
	done
	RXS_DUT=
	if [ "$(echo "$_c" | wc -l)" -gt 1 ]; then
		for _n in $_c; do
			[ "$(cat "/sys/class/net/$_n/address")" = "$RXS_DUT_MAC" ] && RXS_DUT=$_n
		done
		[ -n "$RXS_DUT" ] ||
			rxs_fail "${3:+$3: }several interfaces bound to $1 ($(echo "$_c" | tr '\n' ' ')), none with the DUT's MAC $RXS_DUT_MAC"
	else
		RXS_DUT=$_c
	fi
	RXS_DUT_DEV=$(basename "$(readlink -f "/sys/class/net/$RXS_DUT/device")")
}

# rxs_expect_driver DRIVER [WHAT]: the DUT's interface is bound to DRIVER.
rxs_expect_driver() {
	_d=$(rxs_dut_driver)
	[ "$_d" = "$1" ] ||
		rxs_fail "${2:+$2: }DUT $RXS_DUT bound to '${_d:-no driver}', not $1"
}

# rxs_iface_of_mac MAC: the interface of this network namespace with MAC.
rxs_iface_of_mac() {
	for _n in /sys/class/net/*; do
		[ "$(cat "$_n/address" 2>/dev/null)" = "$1" ] &&
			basename "$_n" && return 0
	done
	return 1
}

# rxs_reload_cycles N MODULE [DRIVER]: N cycles of rmmod MODULE (no
# interface bound to DRIVER, default MODULE, is left, none on the DUT's
# device), modprobe MODULE,
# the DUT's new interface up with its address and link (rxs_dut_attach),
# ping. RXS_RELOAD_UNBIND=1 unbinds the DUT's device from DRIVER first
# (for a module that cannot be removed while bound).
rxs_reload_cycles() {
	_drvr=${3:-$2}
	_cy=1
	while [ "$_cy" -le "$1" ]; do
		rxs_step "rmmod/modprobe $2 cycle $_cy of $1"
		if [ "${RXS_RELOAD_UNBIND:-0}" = 1 ]; then
			echo "$RXS_DUT_DEV" > "/sys/bus/${RXS_DUT_BUS:-pci}/drivers/$_drvr/unbind" ||
				rxs_fail "unbind $RXS_DUT_DEV from $_drvr failed (cycle $_cy)"
		fi
		rmmod "$2" || rxs_fail "rmmod $2 failed (cycle $_cy)"
		[ -z "$(rxs_ifaces_of_driver "$_drvr")" ] ||
			rxs_fail "interface still bound to $_drvr after rmmod (cycle $_cy)"
		# nor one left on the device without its driver
		for _n in "/sys/bus/${RXS_DUT_BUS:-pci}/devices/$RXS_DUT_DEV"/net/*; do
			[ -e "$_n" ] &&
				rxs_fail "interface ${_n##*/} still on $RXS_DUT_DEV after rmmod (cycle $_cy)"
		done
		modprobe "$2" || rxs_fail "modprobe $2 failed (cycle $_cy)"
		rxs_dut_attach "modprobe $2 (cycle $_cy)" "$_drvr"
		rxs_ping 3
		_cy=$((_cy + 1))
	done
}

# rxs_dut_attach WHAT [DRIVER]: after a (re)bind or modprobe, wait up to
# 15 s for the DUT's interface (sets RXS_DUT): with DRIVER, the interface
# bound to DRIVER (rxs_find_dut), else the one at the DUT's bus address;
# give it its address and bring it up with link. WHAT names the event in
# failure messages.
rxs_dut_attach() {
	if [ -n "${2:-}" ]; then
		rxs_find_dut "$2" 15 "$1"
	else
		_t=75
		RXS_DUT=
		while [ "$_t" -gt 0 ]; do
			RXS_DUT=$(rxs_iface_of_pci "$RXS_DUT_PCI" || true)
			[ -n "$RXS_DUT" ] && break
			rxs_tick
			_t=$((_t - 1))
		done
		[ -n "$RXS_DUT" ] || rxs_fail "no interface on $RXS_DUT_PCI after $1"
	fi
	ip addr add "$RXS_DUT_IP/24" dev "$RXS_DUT" ||
		rxs_fail "address on $RXS_DUT after $1"
	ip link set "$RXS_DUT" up || rxs_fail "$RXS_DUT up after $1"
	rxs_wait_link 20
}

# rxs_load_driver: the injected modules (run-scenario.sh --module) if any,
# else the DUT's stock driver; virtio_net for the peer in any case.
# RXS_STOCK_DRIVER=always (run-scenario.sh --env) loads the stock driver
# before the injected modules too (for modules that are not the DUT's
# driver). Injected modules another injected one depends on (the library
# core/rxscale_core.ko that r8127.ko imports) load first: modprobe would
# pull them in anyway, and the first module loaded is the one the kernel
# names in its taint lines.
rxs_load_driver() {
	rxs_step "load drivers"
	# Debian builds virtio_pci as a module; nothing loads it but us
	modprobe virtio_pci || rxs_fail "modprobe virtio_pci failed"
	modprobe virtio_net || rxs_fail "modprobe virtio_net failed"
	_extra=$(ls "$RXS_DIR"/modules/*.ko 2>/dev/null || true)
	if [ -n "$_extra" ] && [ "${RXS_STOCK_DRIVER:-auto}" = always ] &&
	   [ -n "${RXS_DUT_DRIVER:-}" ]; then
		rxs_say "modprobe $RXS_DUT_DRIVER"
		modprobe "$RXS_DUT_DRIVER" || rxs_fail "modprobe $RXS_DUT_DRIVER failed"
	fi
	if [ -n "$_extra" ]; then
		_d=/lib/modules/$(uname -r)/extra
		mkdir -p "$_d"
		cp $_extra "$_d/"
		depmod -a || rxs_fail "depmod failed"
		# shellcheck disable=SC2086
		_deps=$(modinfo -F depends $_extra | tr ',' ' ')
		_libs=
		_drvs=
		for _m in $_extra; do
			_m=$(basename "$_m" .ko)
			case " $_deps " in
			*" $_m "*) _libs="$_libs $_m" ;;
			*) _drvs="$_drvs $_m" ;;
			esac
		done
		_first=
		for _m in $_libs $_drvs; do
			rxs_say "modprobe $_m (injected)"
			modprobe "$_m" || rxs_fail "modprobe $_m (injected) failed"
			[ -n "$_first" ] || _first=$_m
		done
		# The first unsigned, out-of-tree module taints the kernel; the
		# kernel says so once per boot (kernel/module/main.c, signing.c)
		rxs_dmesg_expect warn 1 "$_first: loading out-of-tree module taints kernel."
		rxs_dmesg_expect notice 1 "$_first: module verification failed: signature and/or required key missing - tainting kernel"
	elif [ -n "${RXS_DUT_DRIVER:-}" ]; then
		rxs_say "modprobe $RXS_DUT_DRIVER"
		modprobe "$RXS_DUT_DRIVER" || rxs_fail "modprobe $RXS_DUT_DRIVER failed"
		# upstream r8169 asks for the RTL8127's firmware at every open
		# (rtl_open), which the scenarios do not count: at least once
		if [ "$RXS_DUT_DRIVER" = r8169 ] &&
		   [ "$(cat "/sys/bus/pci/devices/$RXS_DUT_PCI/device" 2>/dev/null)" = 0x8127 ]; then
			rxs_dmesg_expect_nofw 1+ r8169
		fi
	fi
}

# rxs_find_ifaces [TIMEOUT [DRIVER]]: sets RXS_DUT and RXS_PEER. With
# DRIVER, the DUT is the interface bound to DRIVER (rxs_find_dut) and the
# peer the one with its MAC; without, both come from the bus addresses the
# runner gave the NICs.
rxs_find_ifaces() {
	if [ -n "${2:-}" ]; then
		rxs_find_dut "$2" "${1:-10}" "probe"
		_t=25
		until RXS_PEER=$(rxs_iface_of_mac "$RXS_PEER_MAC"); do
			[ "$_t" -gt 0 ] || rxs_fail "no interface with the peer's MAC $RXS_PEER_MAC"
			rxs_tick
			_t=$((_t - 1))
		done
		rxs_say "DUT $RXS_DUT ($RXS_DUT_DEV, driver $2, $(cat "/sys/class/net/$RXS_DUT/address")), peer $RXS_PEER"
		return 0
	fi
	_t=$((${1:-10} * 5))
	while [ "$_t" -gt 0 ]; do
		RXS_DUT=$(rxs_iface_of_pci "$RXS_DUT_PCI" || true)
		RXS_PEER=$(rxs_iface_of_pci "$RXS_PEER_PCI" || true)
		[ -n "$RXS_DUT" ] && [ -n "$RXS_PEER" ] && break
		rxs_tick
		_t=$((_t - 1))
	done
	if [ -z "$RXS_DUT" ]; then
		lspci 2>/dev/null
		ls /sys/class/net
		rxs_fail "no network interface for the DUT at $RXS_DUT_PCI"
	fi
	[ -n "$RXS_PEER" ] || rxs_fail "no network interface for the peer at $RXS_PEER_PCI"
	RXS_DUT_DEV=$(basename "$(readlink -f "/sys/class/net/$RXS_DUT/device")")
	_drv=$(basename "$(readlink -f "/sys/class/net/$RXS_DUT/device/driver")")
	rxs_say "DUT $RXS_DUT ($RXS_DUT_PCI, driver $_drv, $(cat "/sys/class/net/$RXS_DUT/address")), peer $RXS_PEER"
	[ "$(cat "/sys/class/net/$RXS_DUT/address")" = "$RXS_DUT_MAC" ] ||
		rxs_say "note: DUT MAC is not the one QEMU was given ($RXS_DUT_MAC)"
}

# rxs_setup [DRIVER]: drivers, interfaces, the peer in its own network
# namespace. With DRIVER, the DUT is found as the interface bound to
# DRIVER, and the scenario fails if there is none (rxs_find_dut).
rxs_setup() {
	rxs_dmesg_mark
	rxs_load_driver
	rxs_find_ifaces 15 "${1:-}"
	rxs_step "addresses and peer namespace"
	ip netns add "$RXS_NS" || rxs_fail "ip netns add failed"
	ip link set "$RXS_PEER" netns "$RXS_NS" || rxs_fail "cannot move $RXS_PEER to netns"
	ip -n "$RXS_NS" link set lo up
	ip -n "$RXS_NS" addr add "$RXS_PEER_IP/24" dev "$RXS_PEER" || rxs_fail "peer address"
	ip -n "$RXS_NS" link set "$RXS_PEER" up || rxs_fail "peer link up"
	ip addr add "$RXS_DUT_IP/24" dev "$RXS_DUT" || rxs_fail "DUT address"
	ip link set "$RXS_DUT" up || rxs_fail "DUT link up"
}

rxs_in_peer() {
	ip netns exec "$RXS_NS" "$@"
}

# rxs_wait_link SECONDS: both ends report carrier.
rxs_wait_link() {
	rxs_step "wait for link"
	_t=${1:-20}
	_s=0
	# polled every 0.2 s (rxs_tick)
	while [ "$_s" -lt $((_t * 5)) ]; do
		if [ "$(cat "/sys/class/net/$RXS_DUT/carrier" 2>/dev/null)" = 1 ] &&
		   [ "$(rxs_in_peer cat "/sys/class/net/$RXS_PEER/carrier" 2>/dev/null)" = 1 ]; then
			rxs_say "link up after $((_s / 5)).$((_s % 5 * 2)) s: $(ethtool "$RXS_DUT" 2>/dev/null |
				sed -n 's/^[[:space:]]*Speed: //p') $(cat "/sys/class/net/$RXS_DUT/operstate")"
			return 0
		fi
		rxs_tick
		_s=$((_s + 1))
	done
	ip link show
	rxs_fail "no link on $RXS_DUT after $_t s"
}

# rxs_ping [COUNT]: DUT -> peer, no loss allowed.
rxs_ping() {
	rxs_step "ping"
	_c=${1:-5}
	# -A: the next request as soon as a reply is in (busybox ping), not
	# once a second: the same replies counted, a quarter of the time.
	_out=$(ping -A -c "$_c" -W 2 "$RXS_PEER_IP" 2>&1)
	echo "$_out" | tail -n 2
	echo "$_out" | grep -q " $_c packets received" ||
		rxs_fail "ping $RXS_PEER_IP: packets lost"
}

# rxs_mpstat_start SECONDS / rxs_mpstat_stop: per-CPU utilisation while a
# test runs; rxs_mpstat_stop prints the averages (%soft is the softirq
# share, where NIC RX processing runs).
rxs_mpstat_start() {
	mpstat -P ALL 1 "$1" > /tmp/rxs-mpstat.txt 2>&1 &
	RXS_MPSTAT_PID=$!
}

rxs_mpstat_stop() {
	wait "$RXS_MPSTAT_PID" 2>/dev/null || true
	echo "per-CPU utilisation (mpstat averages):"
	grep '^Average' /tmp/rxs-mpstat.txt | awk '{
		if ($2 == "CPU") { printf "  %-4s %7s %7s %7s %7s\n", "CPU", "%usr", "%sys", "%soft", "%idle"; for (i = 1; i <= NF; i++) col[$i] = i }
		else printf "  %-4s %7s %7s %7s %7s\n", $2, $col["%usr"], $col["%sys"], $col["%soft"], $col["%idle"] }'
}

# rxs_irqs: the DUT's lines of /proc/interrupts (its MSI/MSI-X vectors,
# or lines naming the interface or the PCI address).
rxs_irqs() {
	_drv=$(basename "$(readlink -f "/sys/class/net/$RXS_DUT/device/driver")")
	echo "/proc/interrupts lines of $RXS_DUT ($_drv, $RXS_DUT_PCI):"
	head -n 1 /proc/interrupts
	_pat="$RXS_DUT|$RXS_DUT_PCI"
	for _i in /sys/bus/pci/devices/"$RXS_DUT_PCI"/msi_irqs/*; do
		[ -e "$_i" ] && _pat="$_pat|^ *$(basename "$_i"):"
	done
	grep -E "$_pat" /proc/interrupts || echo "  (none found)"
}

# rxs_platform_irqs [counts]: the /proc/interrupts lines of a platform DUT
# (RXS_DUT_BUS=platform), whose lines carry the device's name (e.g.
# c000000.ethernet, the basename of RXS_DUT_DEVPATH) rather than the
# interface's or a PCI address: the header and the lines, or with "counts"
# one line per interrupt, "<irq> <total over all CPUs> <name>". Returns 1
# if the device has no line there.
rxs_platform_irqs() {
	_pdev=$(basename "${RXS_DUT_DEVPATH:-}")
	[ -n "$_pdev" ] || { echo "rxs_platform_irqs: no RXS_DUT_DEVPATH" >&2; return 1; }
	grep -qF " $_pdev" /proc/interrupts || { echo "  (no line of $_pdev)"; return 1; }
	if [ "${1:-}" = counts ]; then
		grep -F " $_pdev" /proc/interrupts |
			awk -v n="$(grep -c '^processor' /proc/cpuinfo)" '{
			t = 0
			for (i = 2; i <= n + 1; i++) t += $i
			sub(":", "", $1)
			print $1, t, $NF }'
	else
		echo "/proc/interrupts lines of $RXS_DUT ($_pdev):"
		head -n 1 /proc/interrupts
		grep -F " $_pdev" /proc/interrupts
	fi
}

# rxs_irq_counts: one line per interrupt vector of the DUT:
# "<irq> <total over all CPUs> <name>". A platform DUT's are the lines
# carrying its device's name (rxs_platform_irqs): with no PCI address the
# pattern below would be "eth0|" and match every line.
rxs_irq_counts() {
	if [ "${RXS_DUT_BUS:-pci}" = platform ]; then
		rxs_platform_irqs counts || true
		return 0
	fi
	_pat="$RXS_DUT|$RXS_DUT_PCI"
	for _i in /sys/bus/pci/devices/"$RXS_DUT_PCI"/msi_irqs/*; do
		[ -e "$_i" ] && _pat="$_pat|^ *$(basename "$_i"):"
	done
	grep -E "$_pat" /proc/interrupts | awk -v n="$(grep -c '^processor' /proc/cpuinfo)" '{
		t = 0
		for (i = 2; i <= n + 1; i++) t += $i
		sub(":", "", $1)
		print $1, t, $NF }'
}

# rxs_wait_listen PORT: the peer has a TCP socket listening on PORT (an
# iperf3 server started with -D returns before it listens); up to 5 s.
rxs_wait_listen() {
	_w=0
	while [ "$_w" -lt 50 ]; do
		rxs_in_peer ss -Hltn "sport = :$1" 2>/dev/null | grep -q . && return 0
		sleep 0.1
		_w=$((_w + 1))
	done
	rxs_fail "nothing listens on the peer's port $1 after 5 s"
}

# rxs_iperf fwd|rev STREAMS SECONDS [MIN_MBITS]: TCP through the DUT. fwd:
# the DUT sends; rev: the peer sends and the DUT receives. Fails unless
# iperf3 succeeds and the receiver's total is at least MIN_MBITS (default 1).
# RXS_IPERF_TAG (e.g. "threaded=1 smp=2"), when set, goes on the
# RXSCALE-IPERF lines of this and rxs_udp_both_ways (a scenario's mode).
rxs_iperf() {
	_dir=$1
	_p=$2
	_s=$3
	_min=${4:-1}
	for _n in "$_p" "$_s"; do
		case $_n in
		''|*[!0-9]*) rxs_fail "rxs_iperf: streams '$_p' and seconds '$_s' must be numbers" ;;
		esac
	done
	rxs_step "iperf3 $_dir -P $_p -t $_s"
	rxs_in_peer iperf3 -s -1 -D -B "$RXS_PEER_IP" --logfile /tmp/iperf3-server.log ||
		rxs_fail "iperf3 server did not start"
	rxs_wait_listen 5201
	_r=
	[ "$_dir" = rev ] && _r=-R
	rxs_mpstat_start "$_s"
	# shellcheck disable=SC2086
	timeout $((_s + 30)) iperf3 -c "$RXS_PEER_IP" -B "$RXS_DUT_IP" -P "$_p" \
		-t "$_s" $_r -f m --connect-timeout 5000 > /tmp/iperf3.txt 2>&1
	_rc=$?
	rxs_mpstat_stop
	grep -E 'SUM|sender|receiver|error' /tmp/iperf3.txt | tail -n 4
	[ "$_rc" = 0 ] || { cat /tmp/iperf3.txt; rxs_fail "iperf3 $_dir exited with $_rc"; }
	if [ "$_p" -gt 1 ]; then
		_line=$(grep 'SUM' /tmp/iperf3.txt | grep receiver | tail -n 1)
	else
		_line=$(grep receiver /tmp/iperf3.txt | tail -n 1)
	fi
	_mbits=$(echo "$_line" | awk '{for (i = 1; i <= NF; i++) if ($i == "Mbits/sec") print $(i - 1)}')
	[ -n "$_mbits" ] || rxs_fail "iperf3 $_dir: no receiver total"
	echo "RXSCALE-IPERF: $_dir streams=$_p seconds=$_s ${RXS_IPERF_TAG:+$RXS_IPERF_TAG }mbits=$_mbits"
	awk -v m="$_mbits" -v min="$_min" 'BEGIN { exit !(m >= min) }' ||
		rxs_fail "iperf3 $_dir: $_mbits Mbit/s < $_min Mbit/s"
}

# rxs_udp_both_ways [MBITS [SECONDS]]: a UDP stream of MBITS (default 20)
# Mbit/s, 1400-byte datagrams, for SECONDS (default 3) each way (the DUT
# sending, then receiving; each bounded by timeout SECONDS + 27): iperf3
# succeeds and the receiver gets at least 1 Mbit/s. Exercises TX UDP
# checksum offload and the RX checksum status.
rxs_udp_both_ways() {
	rxs_step "UDP both ways"
	for _dir in fwd rev; do
		_r=
		[ "$_dir" = rev ] && _r=-R
		rxs_in_peer iperf3 -s -1 -D -B "$RXS_PEER_IP" || rxs_fail "iperf3 server"
		rxs_wait_listen 5201
		# shellcheck disable=SC2086
		timeout $((${2:-3} + 27)) iperf3 -c "$RXS_PEER_IP" -B "$RXS_DUT_IP" -u -b "${1:-20}M" -l 1400 \
			-t "${2:-3}" $_r -f m > /tmp/iperfu.txt 2>&1 ||
			{ cat /tmp/iperfu.txt; rxs_fail "iperf3 -u $_dir failed"; }
		_ul=$(grep receiver /tmp/iperfu.txt | tail -n 1)
		echo "UDP $_dir: $_ul"
		_ur=$(echo "$_ul" | awk '{for (i = 1; i <= NF; i++) if ($i == "Mbits/sec") print $(i - 1)}')
		echo "RXSCALE-IPERF: udp-$_dir ${RXS_IPERF_TAG:+$RXS_IPERF_TAG }mbits=$_ur"
		awk -v m="${_ur:-0}" 'BEGIN { exit !(m >= 1) }' ||
			rxs_fail "iperf3 -u $_dir: receiver got ${_ur:-nothing}"
	done
}

# rxs_down_up: the DUT's interface down (its carrier gone within 5 s),
# up again, link within 20 s, ping.
rxs_down_up() {
	rxs_step "link down/up"
	ip link set "$RXS_DUT" down || rxs_fail "link down failed"
	_i=0
	while [ "$(cat "/sys/class/net/$RXS_DUT/carrier" 2>/dev/null)" = 1 ]; do
		_i=$((_i + 1))
		[ "$_i" -le 25 ] || rxs_fail "$RXS_DUT still has carrier 5 s after down"
		rxs_tick
	done
	ip link set "$RXS_DUT" up || rxs_fail "link up after down failed"
	rxs_wait_link 20
	rxs_ping 3
}

# rxs_refused WHAT ERRNO MSG CMD...: CMD must fail, its output naming the
# errno ERRNO (strerror's text, as ethtool and ip print it: "Invalid
# argument", "Operation not supported", ...) and, unless MSG is empty, the
# message MSG (the netlink extack text, or ip's "Error: ..."). Any other
# error, or success, fails the scenario.
rxs_refused() {
	_what=$1
	_errno=$2
	_msg=$3
	shift 3
	_out=$("$@" 2>&1) && { printf '%s\n' "$_out"; rxs_fail "$_what: accepted ($*)"; }
	printf '%s\n' "$_out" | head -n 3 | sed 's/^/  /'
	printf '%s\n' "$_out" | grep -qF "$_errno" ||
		rxs_fail "$_what: refused, but not with $_errno ($*)"
	[ -z "$_msg" ] || printf '%s\n' "$_out" | grep -qF "$_msg" ||
		rxs_fail "$_what: refused without the message '$_msg' ($*)"
	rxs_say "refused as expected: $_what ($_errno${_msg:+: $_msg})"
}

# ------------------------------------------------------ background traffic
# For scenarios that change the DUT while traffic runs (r8127-stress,
# -reconf, -rxfault): iperf3 clients in the background, each against a
# one-off server of its own on the peer, and the checks after a change.
#
#   rxs_bg_start bidir 600 --bidir -P 4
#   ethtool -L ...
#   rxs_wait_up "ethtool -L"; rxs_ping_some "ethtool -L"
#   rxs_bg_progress "ethtool -L"
#   rxs_bg_stop
RXS_PROGRESS_BYTES=${RXS_PROGRESS_BYTES:-65536}
RXS_PROGRESS_WAIT=${RXS_PROGRESS_WAIT:-20}
RXS_BG_PORT=5300
RXS_BG_NAMES=

# rxs_bg_start NAME SECONDS IPERF3-ARGS...: a one-off iperf3 server on the
# peer (the next port from 5301), and once it listens, "iperf3 -c <peer>
# -t SECONDS IPERF3-ARGS" from the DUT in the background, its output in
# /tmp/rxs-bg-NAME.txt.
rxs_bg_start() {
	_bn=$1
	_bs=$2
	shift 2
	RXS_BG_PORT=$((RXS_BG_PORT + 1))
	rm -f "/tmp/rxs-bg-$_bn.srv"
	rxs_in_peer iperf3 -s -1 -D -p "$RXS_BG_PORT" -B "$RXS_PEER_IP" \
		-I "/tmp/rxs-bg-$_bn.srv" --logfile "/tmp/rxs-bg-$_bn.srvlog" ||
		rxs_fail "iperf3 server ($_bn) did not start"
	rxs_wait_listen "$RXS_BG_PORT"
	iperf3 -c "$RXS_PEER_IP" -B "$RXS_DUT_IP" -p "$RXS_BG_PORT" -t "$_bs" \
		-f m --connect-timeout 5000 "$@" > "/tmp/rxs-bg-$_bn.txt" 2>&1 &
	echo $! > "/tmp/rxs-bg-$_bn.pid"
	RXS_BG_NAMES="$RXS_BG_NAMES $_bn"
}

# rxs_bg_alive NAME WHAT: the client NAME still runs (WHAT: after what).
rxs_bg_alive() {
	kill -0 "$(cat "/tmp/rxs-bg-$1.pid")" 2>/dev/null ||
		{ cat "/tmp/rxs-bg-$1.txt"; rxs_fail "iperf3 client ($1) ended: $2"; }
}

# rxs_bg_sending NAME WAIT: the client NAME (started with --forceflush, or
# stdio holds its lines back) has reported its first interval
# within WAIT s (iperf3 prints one per second once the test runs, after the
# control connection's handshakes), so its streams are sending; DUT byte
# counters cannot tell, as other clients move them too.
rxs_bg_sending() {
	_i=0
	while [ "$_i" -lt $(($2 * 5)) ]; do
		grep -q ' sec ' "/tmp/rxs-bg-$1.txt" 2>/dev/null && return 0
		rxs_bg_alive "$1" "before its first interval"
		rxs_tick
		_i=$((_i + 1))
	done
	cat "/tmp/rxs-bg-$1.txt"
	rxs_fail "iperf3 client ($1): no interval reported within $2 s"
}

# rxs_bg_stop: ends every client started and its server.
rxs_bg_stop() {
	for _bn in $RXS_BG_NAMES; do
		_bp=$(cat "/tmp/rxs-bg-$_bn.pid")
		kill "$_bp" 2>/dev/null
		wait "$_bp" 2>/dev/null
		[ -s "/tmp/rxs-bg-$_bn.srv" ] && kill "$(cat "/tmp/rxs-bg-$_bn.srv")" 2>/dev/null
		rm -f "/tmp/rxs-bg-$_bn.srv" "/tmp/rxs-bg-$_bn.pid"
	done
	RXS_BG_NAMES=
	return 0
}

# rxs_rings: "RX TX", the DUT's ring sizes under ethtool -g's "Current
# hardware settings" (0 for one it does not print)
rxs_rings() {
	ethtool -g "$RXS_DUT" | awk '/^Current hardware settings/ { c = 1 }
		c && /^(RX|TX):/ { v[$1] = $2 } END { print v["RX:"] + 0, v["TX:"] + 0 }'
}

# rxs_ring RX|TX: one of them
rxs_ring() {
	case $1 in
	RX) rxs_rings | cut -d' ' -f1 ;;
	TX) rxs_rings | cut -d' ' -f2 ;;
	*) rxs_fail "rxs_ring $1: RX or TX" ;;
	esac
}

# rxs_sysfs_set FILE VALUE: VALUE written to the DUT's
# /sys/class/net/<dut>/FILE within 30 s and read back. A write that hangs
# (7.3's threaded NAPI switch waits for the NAPI to be idle: see
# gbeth-robust.sh) fails with the kernel stacks of the writer and of the
# DUT's NAPI threads, its queues' counters and interrupt lines.
rxs_sysfs_set() {
	_sf=/sys/class/net/$RXS_DUT/$1
	( echo "$2" > "$_sf" ) &
	_sw=$! _st=0
	while kill -0 "$_sw" 2>/dev/null && [ "$_st" -lt 150 ]; do
		rxs_tick
		_st=$((_st + 1))
	done
	if kill -0 "$_sw" 2>/dev/null; then
		for _sp in $_sw $(grep -l "^napi/$RXS_DUT" /proc/[0-9]*/comm 2>/dev/null | cut -d/ -f3); do
			echo "-- $_sp $(cat "/proc/$_sp/comm" 2>/dev/null) $(cat "/proc/$_sp/wchan" 2>/dev/null):"
			cat "/proc/$_sp/stack" 2>/dev/null
		done
		ethtool -S "$RXS_DUT" | grep -E '^ *[rt]x[0-9]+_(packets|alloc_fail|dropped):'
		grep -E "$RXS_DUT" /proc/interrupts
		rxs_fail "writing $2 to $1 did not return within 30 s"
	fi
	wait "$_sw" || rxs_fail "cannot write $2 to $1"
	[ "$(cat "$_sf")" = "$2" ] || rxs_fail "$1 reads $(cat "$_sf") after writing $2"
}

# rxs_dut_bytes: "RX_BYTES TX_BYTES" of the DUT's interface
rxs_dut_bytes() {
	echo "$(cat "/sys/class/net/$RXS_DUT/statistics/rx_bytes") $(cat "/sys/class/net/$RXS_DUT/statistics/tx_bytes")"
}

# rxs_bg_progress WHAT: both byte counters of the DUT grow by
# RXS_PROGRESS_BYTES within RXS_PROGRESS_WAIT s (the streams move again
# both ways after WHAT), and every client still runs. Sets
# RXS_PROGRESS_RX and RXS_PROGRESS_TX (bytes seen); prints nothing.
rxs_bg_progress() {
	# shellcheck disable=SC2046
	set -- "$*" $(rxs_dut_bytes)
	_i=0
	while [ "$_i" -lt $((RXS_PROGRESS_WAIT * 5)) ]; do
		rxs_tick
		_i=$((_i + 1))
		# shellcheck disable=SC2046
		set -- "$1" "$2" "$3" $(rxs_dut_bytes)
		[ $(($4 - $2)) -ge "$RXS_PROGRESS_BYTES" ] &&
			[ $(($5 - $3)) -ge "$RXS_PROGRESS_BYTES" ] && break
		set -- "$1" "$2" "$3"
	done
	[ $# -eq 5 ] ||
		rxs_fail "traffic stalled after: $1 (rx +$(($(rxs_dut_bytes | cut -d' ' -f1) - $2)) B, tx +$(($(rxs_dut_bytes | cut -d' ' -f2) - $3)) B in $RXS_PROGRESS_WAIT s)"
	# shellcheck disable=SC2034
	RXS_PROGRESS_RX=$(($4 - $2)) RXS_PROGRESS_TX=$(($5 - $3))
	for _bn in $RXS_BG_NAMES; do
		rxs_bg_alive "$_bn" "after $1"
	done
}

# rxs_wait_up WHAT: the DUT has carrier and operstate up within 20 s of
# WHAT (a change that restarts its datapath).
rxs_wait_up() {
	_i=0
	while [ "$_i" -lt 100 ]; do
		[ "$(cat "/sys/class/net/$RXS_DUT/carrier" 2>/dev/null)" = 1 ] &&
			[ "$(cat "/sys/class/net/$RXS_DUT/operstate" 2>/dev/null)" = up ] &&
			return 0
		rxs_tick
		_i=$((_i + 1))
	done
	ip link show "$RXS_DUT"
	rxs_fail "$RXS_DUT not up 20 s after: $*"
}

# rxs_ping_some WHAT: an echo answered within 20 s of WHAT, pinging twice
# a second until the first answer (the link is shared with the background
# streams; a lost echo right after a reset is not a failure, no answer
# is). Why 20 s: on the debug kernel under iperf3 --bidir -P 2 the guest's
# CPUs spend 50-78 % in softirq, and on a loaded host its userspace runs
# late. With 20 -L under two host busy loops (2026-12-07,
# docs/debug-kernel.md) 5 first answers came after 6.3-8.7 s, each the
# first echo (seq=0) with a round trip of 88 ms - 1.77 s: the time went to
# ping's start or to this loop seeing the answer, not on the wire, and the
# 6 s allowed before had failed a working path twice. An answer later than
# 6 s is printed with its delay, so a slow path stays visible; without one,
# it prints whether the DUT's counters still move (3 s apart), then fails.
rxs_ping_some() {
	_pt0=$(cut -d' ' -f1 /proc/uptime)
	: > /tmp/ping.txt
	ping -i 0.5 -w 20 "$RXS_PEER_IP" > /tmp/ping.txt 2>&1 &
	_pp=$!
	while ! grep -q 'bytes from' /tmp/ping.txt && kill -0 "$_pp" 2>/dev/null; do
		rxs_tick
	done
	kill "$_pp" 2>/dev/null
	wait "$_pp" 2>/dev/null
	if grep -q 'bytes from' /tmp/ping.txt; then
		_pt=$(awk -v a="$_pt0" -v b="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN { printf "%.1f", b - a }')
		awk -v t="$_pt" 'BEGIN { exit !(t > 6) }' &&
			rxs_say "ping after $*: first answer after $_pt s ($(grep -m 1 'bytes from' /tmp/ping.txt | grep -oE 'seq=[0-9]+ .*'))"
		return 0
	fi
	cat /tmp/ping.txt
	_rxs_moving 3
	rxs_fail "no ping answer within 20 s after: $*"
}

# _rxs_moving SECS: the DUT's rx/tx packets and its queues' packet
# counters, then again SECS seconds later (diagnostics for a failure)
_rxs_moving() {
	for _i in 1 2; do
		echo "rx_packets $(cat "/sys/class/net/$RXS_DUT/statistics/rx_packets") tx_packets $(cat "/sys/class/net/$RXS_DUT/statistics/tx_packets") $(ethtool -S "$RXS_DUT" 2>/dev/null | grep -E '^ *[rt]x[0-9]+_packets:' | tr -s ' ' | tr '\n' ' ')"
		[ "$_i" = 2 ] || sleep "$1"
	done
}

# rxs_bg_after WHAT: the checks after a change that restarts the DUT's
# datapath under the background traffic: up, ping, progress both ways.
rxs_bg_after() {
	rxs_wait_up "$@"
	rxs_ping_some "$@"
	rxs_bg_progress "$@"
}

# rxs_queues_receiving SECS Q...: those of the DUT's RX queues Q that the
# running streams reach: whose rx<Q>_packets grew by RXS_STREAM_FPS (20)
# frames a second or more over SECS seconds, space-separated; each queue's
# growth is said on stderr. Which queues a set of streams reaches is the
# hash of their random ports: ask before a change which queues to expect
# traffic on after it. Why a rate and not any growth: frames of no stream
# land on the queues too (mt7988_eth on Debian 7.3 with nothing sent,
# 2026-12-07: 7 frames over the four queues between 7 and 20 s after
# boot, most likely the peer's IPv6 autoconfiguration), and a queue that
# one of them reached and none of the streams was then expected to
# receive after the changes: mt7988eth-ring failed so once ("RX queue 0
# received nothing in 10 s"). The least busy queue a stream reached
# counted 486 frames in 3 s in the runs that followed. A queue without the
# counter fails the scenario ("not reached" would let the caller stop
# expecting traffic on it).
RXS_STREAM_FPS=${RXS_STREAM_FPS:-20}
rxs_queues_receiving() {
	_secs=$1
	shift
	_before=$(ethtool -S "$RXS_DUT")
	sleep "$_secs"
	_after=$(ethtool -S "$RXS_DUT")
	for _q in "$@"; do
		_a=$(printf '%s\n' "$_before" | sed -n "s/^[[:space:]]*rx${_q}_packets: //p")
		_b=$(printf '%s\n' "$_after" | sed -n "s/^[[:space:]]*rx${_q}_packets: //p")
		[ -n "$_a" ] && [ -n "$_b" ] || rxs_fail "ethtool -S has no rx${_q}_packets"
		_d=$((_b - _a))
		rxs_say "RX queue $_q: +$_d frames in $_secs s" >&2
		if [ "$_d" -gt 0 ] && [ "$_d" -ge $((RXS_STREAM_FPS * _secs)) ]; then
			printf '%s ' "$_q"
		fi
	done
}

# rxs_queues_receive WHAT Q...: each RX queue Q of the DUT counts new
# frames (ethtool -S rx<Q>_packets) within 10 s of the call, one queue
# after the other (traffic running: the streams' hashes spread over them).
rxs_queues_receive() {
	_what=$1
	shift
	for _q in "$@"; do
		_a=$(rxs_ethtool_stat "rx${_q}_packets") _t=0
		while [ "$(rxs_ethtool_stat "rx${_q}_packets")" = "$_a" ]; do
			_t=$((_t + 1))
			[ "$_t" -le 50 ] || rxs_fail "$_what: RX queue $_q received nothing in 10 s"
			rxs_tick
		done
	done
}

# rxs_no_iface_errors: the DUT's error counters are all zero.
rxs_no_iface_errors() {
	rxs_step "interface error counters"
	_st=/sys/class/net/$RXS_DUT/statistics
	_bad=
	for _c in rx_errors tx_errors rx_crc_errors rx_frame_errors \
		rx_length_errors rx_over_errors rx_fifo_errors tx_aborted_errors \
		tx_fifo_errors tx_carrier_errors; do
		_v=$(cat "$_st/$_c")
		[ "$_v" = 0 ] || _bad="$_bad $_c=$_v"
	done
	[ -z "$_bad" ] || rxs_fail "interface errors:$_bad"
	rxs_say "no interface errors (rx_packets $(cat "$_st/rx_packets"), tx_packets $(cat "$_st/tx_packets"))"
}

# ------------------------------------------------------------ kernel log
# The check reads the kernel log from a marker line this library writes
# into it (/dev/kmsg), not from a line count: a log that wrapped past the
# marker (lines lost) fails the check instead of skipping lines.

# rxs_dmesg_level NAME: the number of a log level (emerg 0 ... debug 7).
rxs_dmesg_level() {
	case $1 in
	emerg|0) echo 0 ;; alert|1) echo 1 ;; crit|2) echo 2 ;; err|3) echo 3 ;;
	warn|warning|4) echo 4 ;; notice|5) echo 5 ;; info|6) echo 6 ;;
	debug|7) echo 7 ;;
	*) rxs_fail "rxs_dmesg_level: no log level '$1'" ;;
	esac
}

# rxs_dmesg_mark: writes a unique marker line into the kernel log;
# rxs_dmesg_new and rxs_dmesg_check read what follows it. rxs_setup calls
# it first; a scenario that does not use rxs_setup calls it itself. The
# expected lines belong to the marker: a new marker starts with none but
# the one every scenario may see (declare the rest after it).
rxs_dmesg_mark() {
	: > "$RXS_DMESG_EXPECT"
	# Under TCG a stalled host can delay a timer interrupt; the kernel
	# says so once per boot (pr_warn_once in kernel/time/hrtimer.c)
	rxs_dmesg_expect_re warn 0-1 'hrtimer: interrupt took [0-9]+ ns'
	RXS_DMESG_NMARK=$((RXS_DMESG_NMARK + 1))
	RXS_DMESG_MARK="rxscale-dmesg-mark $$-$RXS_DMESG_NMARK-$(cut -d' ' -f1 /proc/uptime)"
	echo "<5>$RXS_DMESG_MARK" > /dev/kmsg ||
		rxs_fail "cannot write the kernel log marker to /dev/kmsg"
	# the line count too, for scenarios that still read "dmesg | tail -n
	# +$((RXS_DMESG_START + 1))" (a wrapped log shifts it: use rxs_dmesg_new)
	# shellcheck disable=SC2034
	RXS_DMESG_START=$(dmesg | wc -l)
	dmesg -r | grep -qF "] $RXS_DMESG_MARK" ||
		rxs_fail "the kernel log marker is not in dmesg -r"
}

# rxs_dmesg_new: the kernel log since the marker, one "LEVEL TEXT" line per
# log line (LEVEL 0-7, TEXT without the timestamp). Fails when the marker
# is gone (the log buffer wrapped: lines were lost unseen).
rxs_dmesg_new() {
	[ -n "$RXS_DMESG_MARK" ] || rxs_fail "rxs_dmesg_new: no marker (rxs_dmesg_mark)"
	dmesg -r > /tmp/rxs-dmesg.raw || rxs_fail "dmesg -r failed"
	if ! awk -v m="$RXS_DMESG_MARK" '
		{
			l = $0
			lvl = 6
			if (match(l, /^<[0-9]+>/)) {
				lvl = substr(l, 2, RLENGTH - 2) % 8
				l = substr(l, RLENGTH + 1)
			}
			if (match(l, /^\[[ 0-9.]*\] ?/))
				l = substr(l, RLENGTH + 1)
			if (match(l, /^\[ *[TC][0-9]+\] ?/))
				l = substr(l, RLENGTH + 1)
			if (seen)
				print lvl, l
			else if (l == m)
				seen = 1
		}
		END { if (!seen) exit 3 }' /tmp/rxs-dmesg.raw > /tmp/rxs-dmesg.new; then
		# on stderr: callers send rxs_dmesg_new's output to a file
		rxs_fail "kernel log marker '$RXS_DMESG_MARK' lost: the log buffer wrapped ($(wc -l < /tmp/rxs-dmesg.raw) lines kept), lines since the mark were not all seen" >&2
	fi
	cut -d' ' -f2- /tmp/rxs-dmesg.new
}

# rxs_dmesg_expect LEVEL COUNT TEXT: the scenario expects the kernel log
# line TEXT (exact, without the timestamp) at LEVEL (err, warn, notice,
# ...) COUNT times since the marker. COUNT is N, MIN-MAX or MIN+ (no
# upper bound). rxs_dmesg_check fails on any other count, and on any line
# at warning level or above that no expectation names.
rxs_dmesg_expect() {
	rxs_dmesg_add_ exact "$@"
}

# rxs_dmesg_expect_re LEVEL COUNT ERE: like rxs_dmesg_expect for a line
# with a variable part: the whole line must match the extended regular
# expression (anchored at both ends). Only for lines that are not signs of
# a bug: a line matching RXS_DMESG_BAD must be named exactly.
rxs_dmesg_expect_re() {
	rxs_dmesg_add_ re "$@"
}

# rxs_dmesg_expect_num LEVEL COUNT TEXT: like rxs_dmesg_expect, where each
# '#' in TEXT stands for a decimal number (a CPU, a queue, milliseconds):
# for lines that are exact but for their numbers, RXS_DMESG_BAD ones
# included (the NETDEV WATCHDOG line of a provoked TX timeout).
rxs_dmesg_expect_num() {
	rxs_dmesg_add_ num "$@"
}

# rxs_dmesg_expect_splat LEVEL COUNT WHERE FUNCTION MESSAGE TRACE: the
# scenario expects COUNT warning blocks of the kernel's __warn() (WARN,
# WARN_ONCE, ASSERT_RTNL: the block from "------------[ cut here
# ]------------" to "---[ end trace <hex> ]---"), every line of it at
# LEVEL, and each block exactly:
#   MESSAGE                          the WARN's own message line, exact
#                                    (empty: a WARN without one)
#   WARNING: WHERE at FUNCTION's name+0x<hex>/0x<hex>[ [module]], CPU#<n>: <comm>/<pid>
#                                    WHERE is file:line; FUNCTION is "name"
#                                    or "name [module]"
#   the register dump                Modules linked in, CPU, Tainted,
#                                    Hardware name, pstate, pc, lr, sp, x<n>
#   Call trace:                      its first frames are the functions
#                                    TRACE names (comma-separated, in order),
#                                    the rest frames too
#   ---[ end trace <hex> ]---
# A block counts once, for the first expectation it matches as a whole; a
# block that matches none (another warning, or one line that is not of
# these shapes) is checked line by line by rxs_dmesg_check, so it fails.
rxs_dmesg_expect_splat() {
	[ -n "$3" ] && [ -n "$4" ] && [ -n "$6" ] ||
		rxs_fail "rxs_dmesg_expect_splat: WHERE, FUNCTION and TRACE are needed"
	case $3$4$5$6 in
	*"	"*) rxs_fail "rxs_dmesg_expect_splat: no tabs in the fields" ;;
	esac
	rxs_dmesg_add_ splat "$1" "$2" "$(printf '%s\t%s\t%s\t%s' "$3" "$4" "$5" "$6")"
}

rxs_dmesg_add_() {
	_lv=$(rxs_dmesg_level "$2")
	case $3 in
	*[!0-9+-]*|'') rxs_fail "rxs_dmesg_expect: bad count '$3'" ;;
	*+) _mn=${3%+}; _mx=-1 ;;
	*-*) _mn=${3%-*}; _mx=${3#*-} ;;
	*) _mn=$3; _mx=$3 ;;
	esac
	[ -n "$4" ] || rxs_fail "rxs_dmesg_expect: no text"
	echo "$_lv $_mn $_mx $1 $4" >> "$RXS_DMESG_EXPECT"
}

# rxs_dmesg_expect_nofw COUNT [DRIVER]: DRIVER (default r8127) asked
# COUNT times (COUNT as for rxs_dmesg_expect) for rtl_nic/rtl8127a-1.fw,
# which the guest does not carry on purpose (as on a system without
# firmware-realtek). The driver says so at warning level each time. Both
# drivers ask with firmware_request_nowarn(); Debian's 6.1 logs every
# failed request anyway (its patch "firmware_class: Log every success and
# failure against given device"): "firmware: failed to load" twice per
# request (error level, seen on the 6.1 guest) and, once per boot, where
# to find firmware (expected once per boot here too); 7.3 logs nothing for
# them.
rxs_dmesg_expect_nofw() {
	_drvn=${2:-r8127}
	case $_drvn in
	r8127) rxs_dmesg_expect warn "$1" "r8127 $RXS_DUT_PCI: firmware rtl_nic/rtl8127a-1.fw not found (-2), using the PHY's built-in code" ;;
	r8169) rxs_dmesg_expect warn "$1" "r8169 $RXS_DUT_PCI: Unable to load firmware rtl_nic/rtl8127a-1.fw (-2)" ;;
	*) rxs_fail "rxs_dmesg_expect_nofw: no firmware lines known for $_drvn" ;;
	esac
	case $(uname -r) in
	6.1.*)
		case $1 in
		*+) _c2=$((2 * ${1%+}))+ ;;
		*-*) _c2=$((2 * ${1%-*}))-$((2 * ${1#*-})) ;;
		*) _c2=$((2 * $1)) ;;
		esac
		rxs_dmesg_expect err "$_c2" "$_drvn $RXS_DUT_PCI: firmware: failed to load rtl_nic/rtl8127a-1.fw (-2)"
		# once per boot, not per marker: expected in the first window
		# that asks (a scenario that checks two windows, as
		# r8127-stress does, sees it only in the first)
		if [ ! -f /tmp/rxs-fw-hint-expected ]; then
			rxs_dmesg_expect err 1 "firmware_class: See https://wiki.debian.org/Firmware for information about missing firmware"
			: > /tmp/rxs-fw-hint-expected
		fi
		;;
	esac
}

# rxs_kdebug_check: on a debug kernel (tests/kdebug: kmemleak, DMA-API
# debugging and lockdep present), fails on what those report outside the
# log window rxs_dmesg_check reads: kmemleak's suspects after two explicit
# scans (a new object is only reported once it is 5 s old and unchanged
# since the scan before, mm/kmemleak.c), a non-zero DMA-API error count
# (kernel/dma/debug.c prints only the first error of a boot), lockdep
# turned off by a report (/proc/lockdep_stats debug_locks: 0), and any
# RXS_KDEBUG_BAD line since boot. rxs_dmesg_check calls it first, so the
# kmemleak scan's own log line lands in the window it checks. Nothing on a
# kernel without these facilities.
rxs_kdebug_check() {
	_kml=/sys/kernel/debug/kmemleak
	_dma=/sys/kernel/debug/dma-api
	[ -e "$_kml" ] || [ -d "$_dma" ] || [ -e /proc/lockdep_stats ] || return 0
	_kbad=
	if [ -e "$_kml" ]; then
		sleep 5
		echo scan > "$_kml" || rxs_fail "kmemleak scan failed"
		sleep 1
		echo scan > "$_kml" || rxs_fail "kmemleak scan failed"
		if [ -s "$_kml" ] && grep -q 'unreferenced object' "$_kml"; then
			rxs_say "kmemleak: $(grep -c 'unreferenced object' "$_kml") suspected leaks:"
			head -n 40 "$_kml"
			_kbad="$_kbad kmemleak"
		fi
	fi
	if [ -d "$_dma" ]; then
		_n=$(cat "$_dma/error_count" 2>/dev/null) || _n=
		case $_n in
		0) ;;
		"") rxs_say "DMA-API: no error_count in $_dma"; _kbad="$_kbad dma-api" ;;
		*) rxs_say "DMA-API: error_count $_n"; _kbad="$_kbad dma-api" ;;
		esac
		[ "$(cat "$_dma/disabled" 2>/dev/null)" != Y ] ||
			{ rxs_say "DMA-API debugging disabled itself"; _kbad="$_kbad dma-api-off"; }
	fi
	if [ -e /proc/lockdep_stats ] &&
	   grep -q '^ *debug_locks: *0$' /proc/lockdep_stats; then
		rxs_say "lockdep turned itself off (debug_locks: 0): a report or taint before"
		_kbad="$_kbad lockdep-off"
	fi
	dmesg -r > /tmp/rxs-dmesg.all || rxs_fail "dmesg -r failed"
	if grep -E "$RXS_KDEBUG_BAD" /tmp/rxs-dmesg.all > /tmp/rxs-kdebug.bad; then
		rxs_say "debug-kernel reports since boot:"
		head -n 20 /tmp/rxs-kdebug.bad
		_kbad="$_kbad log"
	fi
	[ -z "$_kbad" ] || rxs_fail "debug kernel reports:$_kbad (above)"
	rxs_say "debug kernel: no kmemleak suspect, DMA-API error or lockdep report"
}

# rxs_dmesg_check: the kernel log since the marker has no line at warning
# level or above that the scenario did not expect (rxs_dmesg_expect), no
# line matching RXS_DMESG_BAD that it did not name exactly, and every
# expected line as often as expected. A warning block that an
# rxs_dmesg_expect_splat names is counted whole; with no such expectation
# every line of a block is checked on its own, as any other line.
rxs_dmesg_check() {
	rxs_step "dmesg check"
	rxs_kdebug_check
	rxs_dmesg_new > /dev/null
	awk -v bad="$RXS_DMESG_BAD" '
		# numeq(T, P): T is P with each "#" replaced by a decimal number
		function numeq(t, p,    n, parts, i, k) {
			n = split(p, parts, "#")
			for (i = 1; i <= n; i++) {
				k = length(parts[i])
				if (substr(t, 1, k) != parts[i])
					return 0
				t = substr(t, k + 1)
				if (i < n) {
					if (!match(t, /^[0-9]+/))
						return 0
					t = substr(t, RLENGTH + 1)
				}
			}
			return t == ""
		}
		# chk(L, T): one log line at level L, outside a warning block
		# that an expectation names
		function chk(l, t,    i, hit) {
			hit = 0
			for (i = 1; i <= n && !hit; i++) {
				if (lv[i] != l || kind[i] == "splat")
					continue
				if (kind[i] == "exact" ? t == txt[i] :
				    kind[i] == "num" ? numeq(t, txt[i]) : t ~ ("^(" txt[i] ")$")) {
					if (kind[i] == "re" && t ~ bad)
						continue
					cnt[i]++
					hit = 1
				}
			}
			if (hit)
				return
			if (t ~ bad) {
				printf "  unexpected (known bad pattern), level %d: %s\n", l, t
				nbad++
			} else if (l <= 4) {
				printf "  unexpected, level %d: %s\n", l, t
				nbad++
			}
		}
		# dump(T): a line of the register dump of a warning block
		function dump(t) {
			return t ~ /^Modules linked in:/ ||
			    t ~ /^CPU: [0-9]+ UID: [0-9]+ PID: [0-9]+ Comm: / ||
			    t ~ /^Tainted: / || t ~ /^Hardware name: / ||
			    t ~ /^pstate: [0-9a-f]+ / || t ~ /^(pc|lr) : / ||
			    t ~ /^sp : [0-9a-f]+$/ || t ~ /^(x[0-9]+ *: [0-9a-f]+ ?)+$/
		}
		# splat(I): the buffered block bl/bt[1..nb] is the one
		# expectation I names (rxs_dmesg_expect_splat)
		function splat(i,    k, p, r, nt, tr, j, f) {
			for (k = 1; k <= nb; k++)
				if (bl[k] != lv[i])
					return 0
			k = 2
			if (smsg[i] != "") {
				if (bt[k] != smsg[i])
					return 0
				k++
			}
			p = "WARNING: " swhere[i] " at " sfn[i] "+0x"
			if (substr(bt[k], 1, length(p)) != p)
				return 0
			r = substr(bt[k], length(p) + 1)
			if (!match(r, /^[0-9a-f]+\/0x[0-9a-f]+/))
				return 0
			r = substr(r, RLENGTH + 1)
			if (smod[i] != "") {
				p = " [" smod[i] "]"
				if (substr(r, 1, length(p)) != p)
					return 0
				r = substr(r, length(p) + 1)
			}
			if (r !~ /^, CPU#[0-9]+: [^ ]+\/[0-9]+$/)
				return 0
			for (k++; k < nb && bt[k] != "Call trace:"; k++)
				if (!dump(bt[k]))
					return 0
			if (k >= nb)
				return 0
			nt = split(strace[i], tr, ",")
			j = 0
			for (k++; k < nb; k++) {
				if (bt[k] !~ /^ [^ +]+\+0x[0-9a-f]+\/0x[0-9a-f]+( \[[^]]+\])?( \([A-Z]\))?$/)
					return 0
				f = substr(bt[k], 2, index(bt[k], "+") - 2)
				j++
				if (j <= nt && f != tr[j])
					return 0
			}
			return j >= nt
		}
		# endblk(): the buffered block is counted for the expectation
		# it matches, or checked line by line
		function endblk(    i, k) {
			inb = 0
			for (i = 1; i <= n; i++)
				if (kind[i] == "splat" && splat(i)) {
					cnt[i]++
					return
				}
			printf "  a warning block (cut here .. end trace, %d lines) that no rxs_dmesg_expect_splat names:\n", nb
			for (k = 1; k <= nb; k++)
				chk(bl[k], bt[k])
		}
		FNR == NR {
			n++
			lv[n] = $1; mn[n] = $2; mx[n] = $3; kind[n] = $4
			t = $0
			for (i = 1; i <= 4; i++)
				sub(/^[^ ]* /, "", t)
			txt[n] = t
			if (kind[n] == "splat") {
				nsplat++
				split(t, sp, "\t")
				swhere[n] = sp[1]; sfn[n] = sp[2]; smsg[n] = sp[3]; strace[n] = sp[4]
				smod[n] = ""
				if (match(sfn[n], / \[[^]]+\]$/)) {
					smod[n] = substr(sfn[n], RSTART + 2, RLENGTH - 3)
					sfn[n] = substr(sfn[n], 1, RSTART - 1)
				}
				txt[n] = "warning block: WARNING: " swhere[n] " at " sp[2] (smsg[n] == "" ? "" : ", message \"" smsg[n] "\"") ", call trace " strace[n]
			}
			next
		}
		{
			l = $1
			t = $0
			sub(/^[^ ]* /, "", t)
			# a warning block is held until its end when an expectation
			# may name it (without one, its lines are checked as they come)
			if (inb) {
				nb++
				bl[nb] = l; bt[nb] = t
				if (t ~ /^---\[ end trace [0-9a-f]+ \]---$/)
					endblk()
				next
			}
			if (nsplat && t == "------------[ cut here ]------------") {
				inb = 1
				nb = 1
				bl[1] = l; bt[1] = t
				next
			}
			chk(l, t)
		}
		END {
			if (inb) {
				printf "  a warning block without its end (%d lines):\n", nb
				for (k = 1; k <= nb; k++)
					chk(bl[k], bt[k])
			}
			for (i = 1; i <= n; i++) {
				c = cnt[i] + 0
				if (c < mn[i] || (mx[i] >= 0 && c > mx[i])) {
					printf "  expected %s times, seen %d, level %d: %s\n",
						(mx[i] < 0 ? mn[i] "+" : (mn[i] == mx[i] ? mn[i] : mn[i] "-" mx[i])),
						c, lv[i], txt[i]
					nbad++
				}
			}
			exit nbad > 0
		}' "$RXS_DMESG_EXPECT" /tmp/rxs-dmesg.new > /tmp/rxs-dmesg.res
	_rc=$?
	cat /tmp/rxs-dmesg.res
	[ "$_rc" = 0 ] || rxs_fail "kernel log: unexpected or missing lines since the marker (above)"
	rxs_say "dmesg clean: $(wc -l < /tmp/rxs-dmesg.new) lines since the marker, $(awk '$1 <= 4' /tmp/rxs-dmesg.new | wc -l) at warning level or above, all expected"
}

# rxs_irq_set_cpus IRQ CPULIST: routes an interrupt to CPULIST (e.g. "4" or
# "0-3") and prints "irq N -> effective CPUs" (the GIC ITS delivers an MSI
# to one CPU of the list). Fails if the kernel refuses.
rxs_irq_set_cpus() {
	echo "$2" > "/proc/irq/$1/smp_affinity_list" 2>/dev/null ||
		rxs_fail "cannot set the affinity of irq $1 to CPUs $2"
	_eff=$(cat "/proc/irq/$1/effective_affinity_list" 2>/dev/null || echo "?")
	rxs_say "irq $1 -> CPUs $2 (effective $_eff)"
}

# rxs_dut_irq_list: the DUT's interrupt numbers, one a line: its MSI/MSI-X
# vectors (PCI) or its lines of /proc/interrupts (platform).
rxs_dut_irq_list() {
	if [ "${RXS_DUT_BUS:-pci}" = platform ]; then
		rxs_platform_irqs counts | awk 'NF == 3 && $1 ~ /^[0-9]+$/ { print $1 }'
		return 0
	fi
	rxs_pci_irqs "$RXS_DUT_PCI"
}

# rxs_pci_irqs PCI_ADDRESS: the MSI/MSI-X interrupt numbers of a PCI device,
# one a line.
rxs_pci_irqs() {
	for _i in /sys/bus/pci/devices/"$1"/msi_irqs/*; do
		[ -e "$_i" ] && basename "$_i"
	done
	return 0
}

# rxs_cpu_ticks FILE: per-CPU snapshot of /proc/stat (USER_HZ ticks) into
# FILE, one line per CPU: "<cpu> <user+nice> <system> <idle+iowait> <irq>
# <softirq> <total>".
rxs_cpu_ticks() {
	awk '$1 ~ /^cpu[0-9]+$/ {
		t = 0
		for (i = 2; i <= 9; i++) t += $i
		print substr($1, 4), $2 + $3, $4, $5 + $6, $7, $8, t }' /proc/stat > "$1"
}

# rxs_net_rx_count FILE: per-CPU NET_RX softirq counts (/proc/softirqs)
# into FILE, one line per CPU: "<cpu> <count>".
rxs_net_rx_count() {
	awk '$1 == "NET_RX:" { for (i = 2; i <= NF; i++) print i - 2, $i }' \
		/proc/softirqs > "$1"
}

# ------------------------------------------------------------ model counters
# The RTL8127 model's own counts, which no driver computes: a read-only,
# bench-only window at BAR2 + 0xf000 of the model (not a chip register;
# docs/hw/rtl8127.md, "Bench-only counter window"), read with devmem. The
# words are 32-bit, never reset (they count from QEMU's start), so a check
# takes differences. While a driver holds the BAR, devmem needs the
# kernel parameter iomem=relaxed (run-scenario.sh --append iomem=relaxed).
#
#   rxs_model_counter NAME     NAME: rx_frames<q> (frames written into RX
#     ring q), rx_drops<q> (frames for ring q dropped, no descriptor),
#     tx_frames<q> (frames sent from TX ring q, after segmentation),
#     tx_chains<q> (descriptor chains of TX ring q: packets as the driver
#     queued them), rx_gated (frames dropped with RX off or no link),
#     rx_filtered (refused by the address filter), d3_resets (D3hot -> D0
#     transitions), irq<v> (interrupts raised on MSI-X vector v; v 0 is
#     also the MSI/INTx count).
#   rxs_model_reg OFFSET [WIDTH]  a register of the model (devmem, 8/16/32)
#   rxs_peer_stat NAME         the peer's /sys/class/net/*/statistics/NAME
#   rxs_within A B TOL         true if |A - B| <= TOL

rxs_model_bar() {
	[ -n "${_rxs_mbar:-}" ] && return 0
	_rxs_mbar=$(sed -n 3p "/sys/bus/pci/devices/$RXS_DUT_PCI/resource" | cut -d' ' -f1)
	[ -n "$_rxs_mbar" ] && [ "$_rxs_mbar" != 0x0000000000000000 ] ||
		rxs_fail "model counters: no BAR2 address for $RXS_DUT_PCI"
	_m=$(devmem $((_rxs_mbar + 0xf000)) 32 2>&1)
	[ "$((_m))" = $((0x52585343)) ] 2>/dev/null ||
		rxs_fail "model counters: no bench window at BAR2 + 0xf000 (devmem: '$_m'; not the RTL8127 model, or a bound driver without iomem=relaxed)"
}

rxs_model_reg() {
	rxs_model_bar
	_v=$(devmem $((_rxs_mbar + $1)) "${2:-32}") || rxs_fail "devmem read of register $1"
	echo $((_v))
}

rxs_model_counter() {
	case $1 in
	rx_frames[0-3]) _o=$((0x10 + 4 * ${1#rx_frames})) ;;
	rx_drops[0-3]) _o=$((0x20 + 4 * ${1#rx_drops})) ;;
	tx_frames[0-1]) _o=$((0x30 + 4 * ${1#tx_frames})) ;;
	tx_chains[0-1]) _o=$((0x40 + 4 * ${1#tx_chains})) ;;
	rx_gated) _o=$((0x50)) ;;
	rx_filtered) _o=$((0x54)) ;;
	d3_resets) _o=$((0x58)) ;;
	irq[0-9] | irq[0-3][0-9]) _o=$((0x80 + 4 * ${1#irq})) ;;
	*) rxs_fail "rxs_model_counter: unknown counter '$1'" ;;
	esac
	rxs_model_reg $((0xf000 + _o)) 32
}

rxs_peer_stat() {
	rxs_in_peer cat "/sys/class/net/$RXS_PEER/statistics/$1"
}

# rxs_ethtool_stat NAME: one counter of the DUT's ethtool -S; a counter the
# driver does not have fails the scenario.
rxs_ethtool_stat() {
	ethtool -S "$RXS_DUT" | awk -v n="$1:" '$1 == n { print $2; f = 1 } END { exit !f }' ||
		rxs_fail "ethtool -S has no $1"
}

# rxs_wait_carrier VALUE HALF-SECONDS: the DUT's carrier reads VALUE (0 or 1)
# within HALF-SECONDS half-seconds; status 1 if it does not.
rxs_wait_carrier() {
	_w=0
	while [ "$_w" -lt "$2" ]; do
		[ "$(cat "/sys/class/net/$RXS_DUT/carrier" 2>/dev/null)" = "$1" ] && return 0
		sleep 0.5
		_w=$((_w + 1))
	done
	return 1
}

rxs_within() {
	[ $(($1 - $2)) -le "$3" ] && [ $(($2 - $1)) -le "$3" ]
}
# rxs_count_snap P: after RXS_QUIET (default 2) s without traffic of the
# scenario's own, every count the checks below compare, into variables
# P_<name>: the model's (per RX ring frames, drops, interrupts; per TX
# ring frames and chains; gated, filtered), the driver's (ethtool -S
# rxq_packets, rxq_dropped, txq_packets; /proc/interrupts of the vector
# "<dut>-rx-q"; the interface's rx_packets) and the peer's (tx_packets,
# rx_packets, rx_dropped).
rxs_count_snap() {
	sleep "${RXS_QUIET:-2}"
	ethtool -S "$RXS_DUT" > /tmp/rxs-count-stats.txt
	for _q in 0 1 2 3; do
		eval "$1_mrx$_q=$(rxs_model_counter rx_frames$_q)"
		eval "$1_mdrop$_q=$(rxs_model_counter rx_drops$_q)"
		eval "$1_mirq$_q=$(rxs_model_counter irq$_q)"
		eval "$1_drx$_q=$(_rxs_stat rx${_q}_packets)"
		eval "$1_ddrop$_q=$(_rxs_stat rx${_q}_dropped)"
		eval "$1_kirq$_q=$(rxs_irq_total "$RXS_DUT-rx-$_q")"
	done
	for _q in 0 1; do
		eval "$1_mtxf$_q=$(rxs_model_counter tx_frames$_q)"
		eval "$1_mtxc$_q=$(rxs_model_counter tx_chains$_q)"
		eval "$1_dtx$_q=$(_rxs_stat tx${_q}_packets)"
	done
	eval "$1_mgated=$(rxs_model_counter rx_gated)"
	eval "$1_mfilt=$(rxs_model_counter rx_filtered)"
	eval "$1_nrx=$(cat "/sys/class/net/$RXS_DUT/statistics/rx_packets")"
	eval "$1_ptx=$(rxs_peer_stat tx_packets)"
	eval "$1_prx=$(rxs_peer_stat rx_packets)"
	eval "$1_pdrop=$(rxs_peer_stat rx_dropped)"
}

_rxs_stat() {
	awk -v n="$1:" '$1 == n { print $2; f = 1 } END { if (!f) print 0 }' \
		/tmp/rxs-count-stats.txt
}

# rxs_irq_total NAME: interrupts of the handler named NAME in
# /proc/interrupts, summed over the CPUs (0 if there is none)
rxs_irq_total() {
	awk -v n="$1" '$NF == n { s = 0
		for (i = 2; i <= NF; i++) if ($i ~ /^[0-9]+$/) s += $i; else break
		print s; f = 1 } END { if (!f) print 0 }' /proc/interrupts
}

_rxs_d() {
	eval "echo \$((${_rxs_b}_$1 - ${_rxs_a}_$1))"
}

# rxs_count_check WHAT A B [irq]: the driver's counts against the model's
# and the peer's between snapshots A and B (both quiet):
#  - per RX ring q: frames the model wrote into ring q = the driver's
#    rxq_packets + rxq_dropped (each frame in a ring is passed up or
#    dropped, and counted once);
#  - interface rx_packets + the rings' drops = the model's frames;
#  - frames the peer sent = frames the model took into a ring, dropped for
#    a full ring, refused by its filter, or dropped with RX off;
#  - per TX ring q: the driver's txq_packets = descriptor chains the model
#    sent from ring q; frames the model put on the wire (TSO segments
#    included) = the peer's rx_packets + rx_dropped;
#  - with "irq": per RX ring q, interrupts the kernel counted on the
#    ring's vector <= those the model raised on MSI-X vector q, and at
#    most RXS_IRQ_TOL_PCT (default 1) % + 2 fewer (a masked vector that
#    fires several times delivers once).
# Tolerance of the frame counts: RXS_COUNT_TOL (default 5) frames, for
# frames sent between the reads of the two sides in the quiet time (a
# snapshot takes 1-2 s of some 30 reads in the TCG guest; ARP, IPv6
# neighbour discovery, a late TCP ACK or FIN); the counts are otherwise
# exact. Measured (7.3, iperf3 -P 8 10 s each way, about 38000 frames in
# and 41000 out): per RX ring 0 apart, peer/model 1 apart, per TX ring
# 1 apart, wire/peer 2 apart; a driver counting each packet twice is off
# by thousands.
rxs_count_check() {
	_rxs_a=$2 _rxs_b=$3
	_tol=${RXS_COUNT_TOL:-5}
	rxs_step "$1: driver counters against the model's and the peer's (tolerance $_tol frames)"
	_mall=0 _mdrops=0 _ddrops=0 _mtx=0
	for _q in 0 1 2 3; do
		_m=$(_rxs_d mrx$_q) _dr=$(_rxs_d drx$_q) _dd=$(_rxs_d ddrop$_q)
		rxs_say "RX ring $_q: model $_m frames (+$(_rxs_d mdrop$_q) dropped, ring full), driver rx${_q}_packets +$_dr, rx${_q}_dropped +$_dd"
		rxs_within "$_m" $((_dr + _dd)) "$_tol" ||
			rxs_fail "$1: RX ring $_q: the model wrote $_m frames, the driver counted $_dr packets + $_dd dropped"
		_mall=$((_mall + _m))
		_mdrops=$((_mdrops + $(_rxs_d mdrop$_q)))
		_ddrops=$((_ddrops + _dd))
	done
	_n=$(_rxs_d nrx)
	rxs_say "interface rx_packets +$_n, rings' drops +$_ddrops; model frames +$_mall"
	[ "$_mall" -gt 100 ] || rxs_fail "$1: the model wrote only $_mall frames"
	rxs_within "$_mall" $((_n + _ddrops)) "$_tol" ||
		rxs_fail "$1: rx_packets + drops = $((_n + _ddrops)), the model wrote $_mall frames"
	_pin=$((_mall + _mdrops + $(_rxs_d mgated) + $(_rxs_d mfilt)))
	rxs_say "peer tx_packets +$(_rxs_d ptx); model: $_mall into rings, $_mdrops ring full, $(_rxs_d mfilt) filtered, $(_rxs_d mgated) RX off"
	rxs_within "$(_rxs_d ptx)" "$_pin" "$_tol" ||
		rxs_fail "$1: the peer sent $(_rxs_d ptx) frames, the model accounts for $_pin"
	for _q in 0 1; do
		rxs_say "TX ring $_q: driver tx${_q}_packets +$(_rxs_d dtx$_q), model chains +$(_rxs_d mtxc$_q), wire frames +$(_rxs_d mtxf$_q)"
		rxs_within "$(_rxs_d dtx$_q)" "$(_rxs_d mtxc$_q)" "$_tol" ||
			rxs_fail "$1: TX ring $_q: the driver counted $(_rxs_d dtx$_q) packets, the model sent $(_rxs_d mtxc$_q) chains"
		_mtx=$((_mtx + $(_rxs_d mtxf$_q)))
	done
	_p=$(($(_rxs_d prx) + $(_rxs_d pdrop)))
	rxs_say "model wire frames +$_mtx, peer rx_packets + rx_dropped +$_p"
	rxs_within "$_mtx" "$_p" "$_tol" ||
		rxs_fail "$1: the model sent $_mtx frames, the peer received $_p"
	[ "${4:-}" = irq ] || return 0
	for _q in 0 1 2 3; do
		_k=$(_rxs_d kirq$_q) _m=$(_rxs_d mirq$_q)
		rxs_say "vector of RX ring $_q: kernel $_k interrupts, model $_m"
		[ "$_k" -le "$_m" ] && [ $((_m - _k)) -le $((2 + _m * ${RXS_IRQ_TOL_PCT:-1} / 100)) ] ||
			rxs_fail "$1: RX ring $_q: the kernel counted $_k interrupts, the model raised $_m"
	done
}
# -------------------------------------------------------- end model counters

# rxs_monitor CMD...: ask the host to run CMD on QEMU's human monitor (the
# scenario must be run with run-scenario.sh --monitor, which accepts only
# "set_link dut|peer on|off" and "info network"). The request is a console
# line the runner polls about once a second; nothing comes back, so the
# caller waits for the effect (e.g. rxs_wait_carrier below the call).
rxs_monitor() {
	[ "${RXS_MONITOR:-0}" = 1 ] ||
		rxs_fail "rxs_monitor $*: run the scenario with run-scenario.sh --monitor"
	echo "RXS-MONITOR: $*"
}

# rxs_mark LABEL: a point the --icount plugin counts instructions at (run
# the scenario with run-scenario.sh --icount): rxs-mark executes the marker
# instruction, then the label goes to the console, where the runner pairs
# it with the plugin's count (RXSCALE-ICOUNT: LABEL COUNT).
rxs_mark() {
	/rxscale/files/rxs-mark || rxs_fail "rxs-mark failed (run with --icount)"
	echo "RXSCALE-MARK: $1"
}

# rxs_gbeth_count NAME: one word of the RZ/G2L GbEth model's bench-only
# counter window (register region + 0xf000; docs/hw/rzg2l-gbeth.md,
# "Bench-only counter window"), its own counts that no driver computes:
# magic, link (the PHY's link, 1 up), rx_frames, rx_dropped_full,
# rx_qff_raised, rx_gated, rx_filtered, rx_held, tx_frames, tx_dropped,
# irq_raised, link_changes, unknown_access, dma_errors. 32-bit, never
# reset; checks take differences. Read with devmem, which needs the kernel
# parameter iomem=relaxed while ravb holds the region.
rxs_gbeth_count() {
	case $1 in
	magic) _gbo=0x00 ;;
	link) _gbo=0x08 ;;
	rx_frames) _gbo=0x10 ;;
	rx_dropped_full) _gbo=0x14 ;;
	rx_qff_raised) _gbo=0x18 ;;
	rx_gated) _gbo=0x1c ;;
	rx_filtered) _gbo=0x20 ;;
	rx_held) _gbo=0x24 ;;
	tx_frames) _gbo=0x28 ;;
	tx_dropped) _gbo=0x2c ;;
	irq_raised) _gbo=0x30 ;;
	link_changes) _gbo=0x34 ;;
	unknown_access) _gbo=0x38 ;;
	dma_errors) _gbo=0x3c ;;
	*) rxs_fail "rxs_gbeth_count: unknown counter '$1'" ;;
	esac
	_gbv=$(devmem $((0x$(basename "$RXS_DUT_DEVPATH" | cut -d. -f1) + 0xf000 + _gbo)) 32) ||
		rxs_fail "rxs_gbeth_count: devmem read of $1 failed"
	echo $((_gbv))
}

# rxs_dmesg_expect_mtk_reload N: what Debian 7.3's upstream mtk_eth
# (Linux 7.3.4) logs for N rmmod/modprobe cycles of a boot, whatever the
# device does (docs/hw/mt7988.md, bring-up notes):
#  - on the first rmmod, three WARN_ONCE blocks: mtk_remove() calls
#    mtk_stop() and phylink_disconnect_phy() without RTNL (the ASSERT_RTNL
#    of phylink_stop, phylink.c:2515, and of phylink_disconnect_phy,
#    phylink.c:2362), then unregister_netdev() calls mtk_stop() again and
#    its refcount_dec_and_test(&eth->dma_refcnt) underflows
#    (refcount_warn_saturate, lib/refcount.c:28);
#  - at every probe after the first, one error line per PPE (three on
#    MT7988): mtk_ppe_debugfs_init() creates "ppe<n>" at the debugfs root
#    (mtk_ppe_debugfs.c:190) and nothing removes it.
# Each WARN block is named whole, with its call trace down to mtk_remove
# (lib.sh rxs_dmesg_expect_splat); each appears once for N >= 1 and never
# for N = 0. With "unbind" as the second argument the removes come from
# the driver's unbind file, not rmmod: the phylink_disconnect_phy block's
# trace then goes straight to mtk_remove, with no mtk_stop frame between
# (seen on 7.3, platform-switch.sh; the same code path, a different
# return address left on the stack).
rxs_dmesg_expect_mtk_reload() {
	_mw=0
	[ "$1" -ge 1 ] && _mw=1
	_dtr=phylink_disconnect_phy,mtk_stop,mtk_remove
	[ "${2:-}" = unbind ] && _dtr=phylink_disconnect_phy,mtk_remove
	rxs_dmesg_expect_splat warn "$_mw" "drivers/net/phy/phylink.c:2515" "phylink_stop [phylink]" \
		"RTNL: assertion failed at drivers/net/phy/phylink.c (2515)" \
		"phylink_stop,mtk_stop,mtk_remove"
	rxs_dmesg_expect_splat warn "$_mw" "drivers/net/phy/phylink.c:2362" "phylink_disconnect_phy [phylink]" \
		"RTNL: assertion failed at drivers/net/phy/phylink.c (2362)" \
		"$_dtr"
	rxs_dmesg_expect_splat warn "$_mw" "lib/refcount.c:28" "refcount_warn_saturate" \
		"refcount_t: underflow; use-after-free." \
		"refcount_warn_saturate,mtk_stop,__dev_close_many,netif_close_many,unregister_netdevice_many_notify,unregister_netdevice_queue,unregister_netdev,mtk_unreg_dev.isra.0,mtk_remove"
	for _pp in 0 1 2; do
		rxs_dmesg_expect err "$1" "debugfs: 'ppe$_pp' already exists in '/'"
	done
}

# rxs_check_default_rss N: the DUT's ethtool -x shows N RX rings, the
# default 128-entry table (entry i -> queue i % N) and Toeplitz; fails
# the scenario otherwise
rxs_check_default_rss() {
	_x=$(ethtool -x "$RXS_DUT") || rxs_fail "ethtool -x"
	echo "$_x" | head -n 4
	echo "$_x" | grep -q "with $1 RX ring(s):" || rxs_fail "ethtool -x: not $1 RX rings"
	_tab=$(echo "$_x" | awk '/^ *[0-9]+:/ { for (i = 2; i <= NF; i++) printf "%s ", $i }')
	_def=$(awk -v n="$1" 'BEGIN { for (i = 0; i < 128; i++) printf "%d ", i % n }')
	[ "$_tab" = "$_def" ] ||
		rxs_fail "ethtool -x: the default table is not entry i -> queue i % $1 over 128 entries: $_tab"
	echo "$_x" | grep -q '^ *toeplitz: on' || rxs_fail "ethtool -x: Toeplitz is not the hash function"
}

# ---------------------------------------------------------------- RSS flows
# The RSS hash and queue check of r8127-rsshash and mt7988eth-rsshash: the
# peer sends UDP and TCP flows (IPv4 and IPv6) and ICMP echo requests to
# the DUT; tests/bench/tools/rsscheck (a --module file) captures them on
# the DUT and compares each flow's RX queue (and, where the driver reports
# one, skb->hash) with its own software Toeplitz over the key and table
# that ethtool -x shows. Settings (the scenario's environment):
# RXS_RSSHASH_FLOWS flows per kind (300), RXS_RSSHASH_MIN distinct hash
# inputs a round must check (1000), RXS_RSSHASH_NSRC extra peer addresses
# per family (the flows per kind, at most 250: flow i of a kind comes from
# address i % NSRC, so that flows hashed on addresses only still differ),
# RXS_RSSHASH_BADKEY=1 gives rsscheck a wrong key (byte 4 inverted; byte 0
# would move only the hash's top bits, not the queue): the
# round must then fail.

# rxs_rsshash_prepare: the addresses on both ends, ping both families, and
# the key and table from ethtool -x (in _rh_key and _rh_indir).
rxs_rsshash_prepare() {
	_rh_chk=$RXS_DIR/modules/rsscheck
	_rh_n=${RXS_RSSHASH_FLOWS:-300}
	_rh_min=${RXS_RSSHASH_MIN:-1000}
	_rh_nsrc=${RXS_RSSHASH_NSRC:-$((_rh_n < 250 ? _rh_n : 250))}
	[ -x "$_rh_chk" ] || rxs_fail "no $_rh_chk: pass build/bench-tools/rsscheck with --module"
	[ "$_rh_nsrc" -le 250 ] || rxs_fail "RXS_RSSHASH_NSRC > 250"
	ip -6 addr add fd00:8127::1/64 dev "$RXS_DUT" nodad || rxs_fail "DUT IPv6 address"
	rxs_in_peer ip -6 addr add fd00:8127::2/64 dev "$RXS_PEER" nodad ||
		rxs_fail "peer IPv6 address"
	rxs_step "peer source addresses"
	awk -v n="$_rh_nsrc" -v d="$RXS_PEER" 'BEGIN { for (i = 0; i < n; i++) {
		printf "addr add 198.18.0.%d/24 dev %s\n", 3 + i, d
		printf "addr add fd00:8127::1:%x/64 dev %s nodad\n", i, d } }' > /tmp/addrs.txt
	ip -n "$RXS_NS" -batch /tmp/addrs.txt || rxs_fail "peer source addresses"
	rxs_say "peer has $(ip -n "$RXS_NS" -4 addr show dev "$RXS_PEER" | grep -c 'inet ') IPv4 and $(ip -n "$RXS_NS" -6 addr show dev "$RXS_PEER" | grep -c 'inet6 fd00') IPv6 addresses"
	rxs_ping 3
	ping -6 -A -c 3 -W 2 fd00:8127::2 > /tmp/ping6.txt 2>&1 ||
		{ cat /tmp/ping6.txt; rxs_fail "ping -6 failed"; }

	rxs_rsshash_prepare_table
}

# rxs_rsshash_prepare_table: the key and table from ethtool -x again
# (_rh_key, _rh_indir), after the scenario changed them.
rxs_rsshash_prepare_table() {
	rxs_step "RSS key and indirection table (ethtool -x)"
	ethtool -x "$RXS_DUT" > /tmp/x.txt 2>&1 || { cat /tmp/x.txt; rxs_fail "ethtool -x failed"; }
	cat /tmp/x.txt
	_rh_key=$(awk '/^RSS hash key:/ { getline; print; exit }' /tmp/x.txt)
	_rh_indir=$(awk '/^RSS hash key:/ { exit } /^ *[0-9]+:/ { for (i = 2; i <= NF; i++) printf "%s%s", (n++ ? "," : ""), $i }' /tmp/x.txt)
	[ -n "$_rh_key" ] || rxs_fail "no RSS key in ethtool -x"
	[ -n "$_rh_indir" ] || rxs_fail "no indirection table in ethtool -x"
	rxs_say "key $_rh_key"
	rxs_say "table of $(echo "$_rh_indir" | tr ',' '\n' | wc -l) entries"
	if [ "${RXS_RSSHASH_BADKEY:-0}" = 1 ]; then
		_b=$(echo "$_rh_key" | cut -d: -f5)
		_b=$(printf '%02x' $(( 0x$_b ^ 0xff )))
		_rh_key=$(echo "$_rh_key" | cut -d: -f1-4):$_b:$(echo "$_rh_key" | cut -d: -f6-)
		rxs_say "RXS_RSSHASH_BADKEY: checking against the wrong key $_rh_key"
	fi
}

# rxs_rsshash_round UDP TCP [RSSCHECK-RECV-OPTION...]: one receiver run
# with UDP hashed as a UDP-tuple and TCP as a TCP-tuple (2 or 4), one
# sender run from the peer, then rsscheck's verdict; fails the scenario
# when a flow went elsewhere than predicted or too few were checked.
rxs_rsshash_round() {
	_u=$1
	_tc=$2
	shift 2
	rxs_step "flows: UDP hashed as a $_u-tuple, TCP as a $_tc-tuple${1:+ ($*)}"
	_out=/tmp/recv-$_u-$_tc.txt
	rm -f "$_out"
	"$_rh_chk" recv --dev "$RXS_DUT" --key "$_rh_key" --indir "$_rh_indir" --udp4 "$_u" \
		--udp6 "$_u" --tcp4 "$_tc" --tcp6 "$_tc" --port 5201 --seconds 400 \
		--min-flows "$_rh_min" "$@" > "$_out" 2>&1 &
	_rpid=$!
	_t=0
	until grep -q '^rsscheck: ready' "$_out" 2>/dev/null; do
		_t=$((_t + 1))
		[ "$_t" -le 75 ] && kill -0 "$_rpid" 2>/dev/null ||
			{ cat "$_out"; rxs_fail "rsscheck recv did not start"; }
		rxs_tick
	done
	head -n 1 "$_out"
	_t0=$(cut -d' ' -f1 /proc/uptime)
	rxs_in_peer "$_rh_chk" send --dst4 "$RXS_DUT_IP" --dst6 fd00:8127::1 \
		--udp4 "$_rh_n" --udp6 "$_rh_n" --tcp4 "$_rh_n" --tcp6 "$_rh_n" --port 5201 \
		--sport-base $((20000 + _u * 1000)) --size 400 \
		--src4 198.18.0.3 --src6 fd00:8127::1:0 --nsrc "$_rh_nsrc"
	_src=$?
	# other IP traffic (2-tuple hash): ICMP echo requests from 8 addresses
	# per family, padded like the rest; all at once (a process each), each
	# leaves a file if answered
	rm -f /tmp/icmp-ok.*
	_pids=
	_i=0
	while [ "$_i" -lt 8 ]; do
		{ rxs_in_peer ping -c 1 -W 2 -s 400 -I "198.18.0.$((3 + _i))" "$RXS_DUT_IP" > /dev/null 2>&1 &&
			: > "/tmp/icmp-ok.4-$_i"; } &
		_pids="$_pids $!"
		{ rxs_in_peer ping -6 -c 1 -W 2 -s 400 -I "fd00:8127::1:$_i" fd00:8127::1 > /dev/null 2>&1 &&
			: > "/tmp/icmp-ok.6-$_i"; } &
		_pids="$_pids $!"
		_i=$((_i + 1))
	done
	for _p in $_pids; do
		wait "$_p"
	done
	_ok=$(find /tmp -maxdepth 1 -name 'icmp-ok.*' | wc -l)
	[ "$_ok" = 16 ] || {
		rxs_say "ICMP echo requests answered: $_ok of 16"
		_src=1
	}
	sleep 1
	kill -INT "$_rpid"
	wait "$_rpid"
	_rrc=$?
	rxs_say "round took $(awk -v a="$_t0" -v b="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN { print b - a }') s (guest time)"
	tail -n +2 "$_out"
	[ "$_src" = 0 ] || rxs_fail "rsscheck send or ping: not every flow was sent (status $_src)"
	[ "$_rrc" = 0 ] || rxs_fail "rsscheck recv: status $_rrc (UDP $_u-tuple, TCP $_tc-tuple)"
}
