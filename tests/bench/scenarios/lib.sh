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
# Extended regex of dmesg lines that fail a scenario, and of lines to let
# through anyway (a scenario may extend RXS_DMESG_IGNORE).
RXS_DMESG_BAD='WARNING:|BUG:|Oops|Call trace|Kernel panic|NETDEV WATCHDOG|transmit queue .* timed out|soft lockup|hung_task|rcu.*stall|Unable to handle|error|fail'
# The guest carries no firmware files on purpose: r8169 reports the missing
# rtl_nic/ file and runs without it (as on a system without
# firmware-realtek); the models do not implement firmware patching.
# Modules injected with --module are unsigned: Debian's kernels then log
# "module verification failed" and taint, and load them (no enforcement).
RXS_DMESG_IGNORE=${RXS_DMESG_IGNORE:-'firmware: failed to load rtl_nic/|Unable to load firmware rtl_nic/|module verification failed: signature and/or required key missing - tainting kernel'}

rxs_say() {
	echo "rxs: $*"
}

rxs_fail() {
	echo "RXSCALE-FAIL: $*"
	exit 1
}

# rxs_skip REASON: the scenario cannot run here (a kernel without the
# interface it tests, say): ends it with status 77, which the runner
# reports as SKIP with REASON, never as PASS.
rxs_skip() {
	echo "RXSCALE-SKIP: $*"
	exit 77
}

# rxs_step NAME: marks the start of a step on the console, with the guest's
# uptime, so that a log shows where a scenario spends its time.
rxs_step() {
	echo "RXSCALE-STEP: $* [t=$(cut -d' ' -f1 /proc/uptime)]"
}

rxs_iface_of_pci() {
	for _n in /sys/bus/pci/devices/"$1"/net/*; do
		[ -e "$_n" ] && basename "$_n" && return 0
	done
	for _n in /sys/bus/pci/devices/"$1"/*/net/*; do
		[ -e "$_n" ] && basename "$_n" && return 0
	done
	return 1
}

# rxs_dut_attach WHAT: after a (re)bind or modprobe, wait up to 15 s for
# the DUT's interface (sets RXS_DUT), give it its address and bring it up
# with link. WHAT names the event in failure messages.
rxs_dut_attach() {
	_t=15
	RXS_DUT=
	while [ "$_t" -gt 0 ]; do
		RXS_DUT=$(rxs_iface_of_pci "$RXS_DUT_PCI" || true)
		[ -n "$RXS_DUT" ] && break
		sleep 1
		_t=$((_t - 1))
	done
	[ -n "$RXS_DUT" ] || rxs_fail "no interface on $RXS_DUT_PCI after $1"
	ip addr add "$RXS_DUT_IP/24" dev "$RXS_DUT" ||
		rxs_fail "address on $RXS_DUT after $1"
	ip link set "$RXS_DUT" up || rxs_fail "$RXS_DUT up after $1"
	rxs_wait_link 20
}

# rxs_load_driver: the injected modules (run-scenario.sh --module) if any,
# else the DUT's stock driver; virtio_net for the peer in any case.
# RXS_STOCK_DRIVER=always (run-scenario.sh --env) loads the stock driver
# before the injected modules too (for modules that are not the DUT's
# driver).
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
		for _m in $_extra; do
			_m=$(basename "$_m" .ko)
			rxs_say "modprobe $_m (injected)"
			modprobe "$_m" || rxs_fail "modprobe $_m (injected) failed"
		done
	elif [ -n "${RXS_DUT_DRIVER:-}" ]; then
		rxs_say "modprobe $RXS_DUT_DRIVER"
		modprobe "$RXS_DUT_DRIVER" || rxs_fail "modprobe $RXS_DUT_DRIVER failed"
	fi
}

# rxs_find_ifaces [TIMEOUT]: sets RXS_DUT and RXS_PEER from the PCI
# addresses the runner gave the NICs.
rxs_find_ifaces() {
	_t=${1:-10}
	while [ "$_t" -gt 0 ]; do
		RXS_DUT=$(rxs_iface_of_pci "$RXS_DUT_PCI" || true)
		RXS_PEER=$(rxs_iface_of_pci "$RXS_PEER_PCI" || true)
		[ -n "$RXS_DUT" ] && [ -n "$RXS_PEER" ] && break
		sleep 1
		_t=$((_t - 1))
	done
	if [ -z "$RXS_DUT" ]; then
		lspci 2>/dev/null
		ls /sys/class/net
		rxs_fail "no network interface for the DUT at $RXS_DUT_PCI"
	fi
	[ -n "$RXS_PEER" ] || rxs_fail "no network interface for the peer at $RXS_PEER_PCI"
	_drv=$(basename "$(readlink -f "/sys/class/net/$RXS_DUT/device/driver")")
	rxs_say "DUT $RXS_DUT ($RXS_DUT_PCI, driver $_drv, $(cat "/sys/class/net/$RXS_DUT/address")), peer $RXS_PEER"
	[ "$(cat "/sys/class/net/$RXS_DUT/address")" = "$RXS_DUT_MAC" ] ||
		rxs_say "note: DUT MAC is not the one QEMU was given ($RXS_DUT_MAC)"
}

# rxs_setup: drivers, interfaces, the peer in its own network namespace.
rxs_setup() {
	rxs_dmesg_mark
	rxs_load_driver
	rxs_find_ifaces 15
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
	while [ "$_s" -lt "$_t" ]; do
		if [ "$(cat "/sys/class/net/$RXS_DUT/carrier" 2>/dev/null)" = 1 ] &&
		   [ "$(rxs_in_peer cat "/sys/class/net/$RXS_PEER/carrier" 2>/dev/null)" = 1 ]; then
			rxs_say "link up after ${_s} s: $(ethtool "$RXS_DUT" 2>/dev/null |
				sed -n 's/^[[:space:]]*Speed: //p') $(cat "/sys/class/net/$RXS_DUT/operstate")"
			return 0
		fi
		sleep 1
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

# rxs_irq_counts: one line per interrupt vector of the DUT:
# "<irq> <total over all CPUs> <name>".
rxs_irq_counts() {
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
	echo "RXSCALE-IPERF: $_dir streams=$_p seconds=$_s mbits=$_mbits"
	awk -v m="$_mbits" -v min="$_min" 'BEGIN { exit !(m >= min) }' ||
		rxs_fail "iperf3 $_dir: $_mbits Mbit/s < $_min Mbit/s"
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

rxs_dmesg_mark() {
	RXS_DMESG_START=$(dmesg | wc -l)
}

# rxs_dmesg_check: no warning/bug/error lines since rxs_setup.
rxs_dmesg_check() {
	rxs_step "dmesg check"
	_bad=$(dmesg | tail -n +"$((RXS_DMESG_START + 1))" | grep -iE "$RXS_DMESG_BAD" |
		grep -vE "$RXS_DMESG_IGNORE" || true)
	if [ -n "$_bad" ]; then
		echo "$_bad"
		rxs_fail "kernel log has warnings/errors (above)"
	fi
	rxs_say "dmesg clean ($(dmesg | wc -l) lines)"
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
