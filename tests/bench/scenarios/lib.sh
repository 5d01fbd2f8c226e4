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
		eval "$1_kirq$_q=$(_rxs_kirq "$RXS_DUT-rx-$_q")"
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

# interrupts of the vector named $1, summed over the CPUs
_rxs_kirq() {
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
