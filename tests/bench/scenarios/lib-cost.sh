# SPDX-License-Identifier: GPL-2.0
# The bench's datapath-cost method (issue 20), shared by r8127-cost.sh and
# mt7988eth-cost.sh, sourced after lib.sh: every vector or line of the DUT's
# driver on CPU 0 (RX and TX NAPI there, in softirq: RPS off, NAPI not
# threaded), the peer (virtio-net in namespace "peer", its vectors and RPS)
# on CPU 1, where the kernel's pktgen floods 60-byte UDP frames (64 on the
# wire) at the DUT from RXS_COST_PORTS (256) source ports into
# tools/udpsink on CPU 0 (so no ICMP port unreachable goes back);
# RXS_COST_WINDOWS (3) windows of RXS_COST_SECS (8) s between rxs_mark
# "wN:start" and "wN:end" (the TCG plugin of run-scenario.sh
# --icount-pages writes every kernel page's instruction count at each
# mark; the host sums the driver's text pages), each printed as
# "RXSCALE-COST: window=N secs=S ip_in=N drv_rx=N" (ip_in: /proc/net/snmp
# Ip InReceives, the kernel's count, not the driver's). The module text
# sections first, "RXSCALE-MODSECT: MODULE SECTION ADDR" each.

RXS_COST_WINDOWS=${RXS_COST_WINDOWS:-3}
RXS_COST_SECS=${RXS_COST_SECS:-8}
RXS_COST_PORTS=${RXS_COST_PORTS:-256}

# rxs_cost_check: what the method needs from the runner
rxs_cost_check() {
	[ -x /rxscale/files/rxs-mark ] || rxs_fail "no /rxscale/files/rxs-mark (run with --icount-pages)"
	[ -x /rxscale/files/udpsink ] || rxs_fail "no /rxscale/files/udpsink (--file build/bench-tools/udpsink)"
	[ "$(grep -c '^processor' /proc/cpuinfo)" = 2 ] || rxs_fail "run with --smp 2 (DUT CPU 0, peer CPU 1)"
}

# rxs_cost_layout MODULE: the CPUs as above, then MODULE's and
# rxscale_core's text sections
rxs_cost_layout() {
	rxs_step "peer on CPU 1, every $1 vector on CPU 0, RPS off, NAPI in softirq"
	for irq in $(rxs_pci_irqs "$RXS_PEER_PCI"); do
		rxs_irq_set_cpus "$irq" 1
	done
	for q in $(rxs_in_peer sh -c "ls -d /sys/class/net/$RXS_PEER/queues/rx-*"); do
		rxs_in_peer sh -c "echo 2 > $q/rps_cpus" || rxs_fail "cannot set RPS of the peer ($q)"
	done
	for q in /sys/class/net/"$RXS_DUT"/queues/rx-*; do
		echo 0 > "$q/rps_cpus" || rxs_fail "cannot switch RPS off on $q"
	done
	if [ -e "/sys/class/net/$RXS_DUT/threaded" ]; then
		echo 0 > "/sys/class/net/$RXS_DUT/threaded" ||
			rxs_fail "cannot switch threaded NAPI off on $RXS_DUT"
	fi
	for irq in $(rxs_dut_irq_list); do
		[ -e "/proc/irq/$irq/smp_affinity_list" ] || continue
		rxs_irq_set_cpus "$irq" 0
	done
	ethtool -l "$RXS_DUT" | sed -n '/Current/,$p'

	for m in rxscale_core "$1"; do
		for s in "/sys/module/$m/sections"/.text*; do
			[ -e "$s" ] || rxs_fail "no $s"
			echo "RXSCALE-MODSECT: $m ${s##*/} $(cat "$s")"
		done
	done
}

# rxs_cost_start: pktgen on the peer's CPU 1 and udpsink on CPU 0, running
# (sets cost_pg, cost_sink, cost_pgpid)
rxs_cost_start() {
	rxs_step "pktgen: 60-byte UDP frames from $RXS_COST_PORTS source ports, peer CPU 1"
	modprobe pktgen || rxs_fail "modprobe pktgen"
	cost_pg=/proc/net/pktgen
	rxs_in_peer sh -c "echo rem_device_all > $cost_pg/kpktgend_1 &&
		echo 'add_device $RXS_PEER' > $cost_pg/kpktgend_1" ||
		rxs_fail "pktgen: add_device $RXS_PEER"
	for c in "count 0" "delay 0" "pkt_size 60" "clone_skb 0" "dst $RXS_DUT_IP" \
		"src_min $RXS_PEER_IP" "src_max $RXS_PEER_IP" "dst_mac $RXS_DUT_MAC" \
		"udp_src_min 10000" "udp_src_max $((10000 + RXS_COST_PORTS - 1))" \
		"udp_dst_min 5001" "udp_dst_max 5001" "flag UDPCSUM"; do
		rxs_in_peer sh -c "echo '$c' > $cost_pg/$RXS_PEER" ||
			rxs_fail "pktgen: '$c' refused"
	done
	taskset -c 0 /rxscale/files/udpsink 5001 > /tmp/udpsink.txt 2>&1 &
	cost_sink=$!
	sleep 1
	rxs_in_peer sh -c "echo start > $cost_pg/pgctrl" &
	cost_pgpid=$!
	sleep 3
}

rxs_cost_ip_in() {
	awk '$1 == "Ip:" && $3 ~ /^[0-9]/ { print $4 }' /proc/net/snmp
}
rxs_cost_drv_rx() {
	cat "/sys/class/net/$RXS_DUT/statistics/rx_packets"
}

# rxs_cost_windows: the measured windows
rxs_cost_windows() {
	w=1
	while [ "$w" -le "$RXS_COST_WINDOWS" ]; do
		i0=$(rxs_cost_ip_in) d0=$(rxs_cost_drv_rx) t0=$(cut -d ' ' -f 1 /proc/uptime)
		rxs_mark "w$w:start"
		sleep "$RXS_COST_SECS"
		rxs_mark "w$w:end"
		i1=$(rxs_cost_ip_in) d1=$(rxs_cost_drv_rx) t1=$(cut -d ' ' -f 1 /proc/uptime)
		if [ -z "$i0" ] || [ -z "$i1" ] || [ -z "$d0" ] || [ -z "$d1" ]; then
			rxs_fail "window $w: no Ip InReceives or rx_packets"
		fi
		echo "RXSCALE-COST: window=$w secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') ip_in=$((i1 - i0)) drv_rx=$((d1 - d0))"
		[ $((i1 - i0)) -gt 1000 ] || rxs_fail "window $w: only $((i1 - i0)) frames reached IP"
		w=$((w + 1))
	done
}

# rxs_cost_stop: pktgen and udpsink stopped; pktgen's result and the DUT's
# RX counters printed
rxs_cost_stop() {
	rxs_in_peer sh -c "echo stop > $cost_pg/pgctrl"
	wait "$cost_pgpid"
	kill "$cost_sink" 2>/dev/null
	wait "$cost_sink" 2>/dev/null
	rxs_in_peer sh -c "cat $cost_pg/$RXS_PEER" | sed -n 's/^Result: //p'
	ethtool -S "$RXS_DUT" |
		grep -E '^ *(rx[0-9]*_packets|rx_missed|rx[0-9]*_dropped|rx[0-9]*_alloc_fail):' |
		sed 's/^ */  /'
}
