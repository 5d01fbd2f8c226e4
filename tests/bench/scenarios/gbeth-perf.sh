#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Cost per packet of a GbEth driver on the RZ/G2L GbEth model, for
# tests/bench/gbeth-compare.sh (run with --nic rzg2l-gbeth --monitor
# --append iomem=relaxed --icount, on --smp 1 as the single-core RZ/G2UL;
# rxscale's driver with --module core/rxscale_core.ko --module
# ravb/rzg2l_gbeth.ko, upstream ravb without).
#
# RXS_PERF_DRIVER: rzg2l_gbeth (default) or ravb.
# RXS_PERF_MODE: "defaults" (what the driver chose at probe) or "off"
#   (software IRQ coalescing and threaded NAPI off: gro_flush_timeout 0,
#   napi_defer_hard_irqs 0, threaded 0, written before any traffic).
# RXS_PERF_SECS (default 10): the measured window of each workload.
# RXS_PERF_WORKLOADS (default "udp-rx tcp-rx tcp-tx udp-tx"; also
#   udp-rx-iperf: the peer's iperf3 -u -b 0 as the UDP sender), separated
#   by spaces or commas (commas pass through gbeth-compare.sh's options).
# RXS_PERF_PKTGEN_DELAY (default 0: as fast as the peer can): udp-rx's
#   pktgen gap between frames in ns of guest time (pktgen's "delay";
#   e.g. 11700 for about 1 Gbit/s of 1442-byte frames), meaningful with
#   run-scenario.sh --icount-shift, where guest time follows the
#   instructions executed.
#
# Workloads: udp-rx (pktgen in the peer's namespace floods 1400-byte UDP
# datagrams, see pktgen_rx), then one iperf3 run each: tcp-rx (the peer sends, one TCP stream),
# tcp-tx (the DUT sends), udp-tx (the DUT sends UDP). The window starts
# once iperf3 has reported its first interval (warm-up and handshakes
# outside) and lasts RXS_PERF_SECS; iperf3 runs 3 s beyond it. What is
# counted over the window comes from outside the driver: frames the model
# received and sent and interrupts it raised (rising edges of its line,
# the model's bench window), the interrupts the kernel took on the DUT's
# line (/proc/interrupts), and the instructions the emulated CPU executed
# (the --icount plugin, between rxs_mark calls "WORKLOAD:start" and
# "WORKLOAD:end"). Goodput is iperf3's receiver total. Each workload
# prints one line:
#   RXSCALE-PERF: WORKLOAD mbits=M rx_frames=N tx_frames=N irqs=N
#                 kirqs=N secs=S
#
# CPUs. With --smp 1 the peer shares the DUT's only CPU (its namespace is
# in the same guest): the instructions then include its side of each
# packet and the peer's sending is what saturates the CPU. With --smp 2
# --append maxcpus=1 the DUT is a single-core board with a peer outside:
# the guest boots with CPU 0 alone online, the driver probes seeing one
# CPU (rzg2l_gbeth turns threaded NAPI on when one CPU is online), then
# CPU 1 comes online for the peer alone: the peer's iperf3 and its NIC's
# interrupts on CPU 1; the DUT's interrupt line, its NAPI thread and its
# iperf3 on CPU 0; the instructions counted are CPU 0's. Upstream ravb
# turns threaded NAPI on when one CPU is present (ravb_main.c:3091,
# num_present_cpus() == 1), which two present CPUs are not: its
# "defaults" here write threaded 1 as its probe would on the board.
. ./lib.sh

RXS_PERF_DRIVER=${RXS_PERF_DRIVER:-rzg2l_gbeth}
RXS_PERF_MODE=${RXS_PERF_MODE:-defaults}
RXS_PERF_SECS=${RXS_PERF_SECS:-10}
RXS_PERF_WORKLOADS=${RXS_PERF_WORKLOADS:-udp-rx tcp-rx tcp-tx udp-tx}
RXS_PERF_PKTGEN_DELAY=${RXS_PERF_PKTGEN_DELAY:-0}

[ "${RXS_DUT_BUS:-pci}" = platform ] ||
	rxs_fail "run with --nic rzg2l-gbeth (a platform DUT), not '$RXS_NIC'"
[ -x /rxscale/files/rxs-mark ] || rxs_fail "no /rxscale/files/rxs-mark (run with --icount)"
case $RXS_PERF_MODE in
defaults | off) ;;
*) rxs_fail "RXS_PERF_MODE '$RXS_PERF_MODE': defaults or off" ;;
esac

_ncpu=$(grep -c '^processor' /proc/cpuinfo)
_layout=shared
if [ "$RXS_SMP" -ge 2 ]; then
	[ "$(cat /sys/devices/system/cpu/online)" = 0 ] ||
		rxs_fail "--smp $RXS_SMP: boot with --append maxcpus=1 (online: $(cat /sys/devices/system/cpu/online))"
	_layout=peer-apart
fi
rxs_setup "$RXS_PERF_DRIVER"
rxs_wait_link 20
sysd=/sys/class/net/$RXS_DUT
[ "$(rxs_gbeth_count magic)" = $((0x52585343)) ] ||
	rxs_fail "no bench window in the model's registers (run with --append iomem=relaxed)"
_pdev=$(basename "$RXS_DUT_DEVPATH")
# the DUT's interrupt lines: rzg2l_gbeth names its line after the
# interface, ravb after the device
kirq_total() {
	awk -v d="$RXS_DUT" -v p=" $_pdev" 'index($0, p) || $NF == d {
		n++
		for (i = 2; i <= NF; i++) if ($i ~ /^[0-9]+$/) s += $i; else break
	} END { print (n ? s : "none") }' /proc/interrupts
}
[ "$(kirq_total)" != none ] || rxs_fail "no /proc/interrupts line of $RXS_DUT or $_pdev"

if [ "$_layout" = peer-apart ]; then
	echo 1 > /sys/devices/system/cpu/cpu1/online || rxs_fail "CPU 1 did not come online"
	# the DUT's line(s) to CPU 0, every other device interrupt (the peer's
	# virtio-net) to CPU 1
	for _d in /proc/irq/[0-9]*; do
		_n=$(basename "$_d")
		_l=$(grep "^ *$_n:" /proc/interrupts) || continue
		case $_l in
		*" $_pdev"* | *" $RXS_DUT") _c=0 ;;
		*virtio*) _c=1 ;;
		*) continue ;;
		esac
		echo "$_c" > "$_d/smp_affinity_list" || rxs_fail "IRQ $_n to CPU $_c refused"
	done
	rxs_say "CPU 1 online for the peer; IRQs: $(grep -E " $_pdev| $RXS_DUT\$|virtio" /proc/interrupts |
		awk '{ sub(":", "", $1); printf "%s %s, ", $1, $NF }')"
fi
if [ "$RXS_PERF_DRIVER" = ravb ] && [ "$RXS_PERF_MODE" = defaults ] &&
	[ "$(cat "$sysd/threaded")" = 0 ] && [ "$(cat /sys/devices/system/cpu/present)" != 0 ]; then
	echo 1 > "$sysd/threaded" || rxs_fail "ravb: threaded 1 refused"
	rxs_say "ravb: threaded 1, as its probe does with one CPU present (ravb_main.c:3091)"
fi
if [ "$RXS_PERF_MODE" = off ]; then
	echo 0 > "$sysd/gro_flush_timeout" && echo 0 > "$sysd/napi_defer_hard_irqs" &&
		echo 0 > "$sysd/threaded" || rxs_fail "could not switch coalescing and threading off"
fi
_settings="threaded=$(cat "$sysd/threaded") gro_flush_timeout=$(cat "$sysd/gro_flush_timeout")"
_settings="$_settings napi_defer_hard_irqs=$(cat "$sysd/napi_defer_hard_irqs")"
rxs_say "driver $RXS_PERF_DRIVER, mode $RXS_PERF_MODE: $_settings, $_ncpu CPU, layout $_layout"
echo "RXSCALE-PERF-SETTINGS: driver=$RXS_PERF_DRIVER mode=$RXS_PERF_MODE $_settings"
rxs_ping 3
_peer_cpu=
_dut_cpu=
if [ "$_layout" = peer-apart ]; then
	_peer_cpu="taskset -c 1"
	_dut_cpu="taskset -c 0"
	# the DUT's NAPI thread (threaded mode) stays on the DUT's CPU
	for _t in /proc/[0-9]*; do
		case $(cat "$_t/comm" 2>/dev/null) in
		napi/"$RXS_DUT"-*) taskset -p -c 0 "$(basename "$_t")" > /dev/null ||
			rxs_fail "cannot pin $(cat "$_t/comm")" ;;
		esac
	done
fi

# snap NAME: the window's counters
snap() {
	eval "$1_rx=$(rxs_gbeth_count rx_frames) $1_tx=$(rxs_gbeth_count tx_frames)"
	eval "$1_irq=$(rxs_gbeth_count irq_raised) $1_kirq=$(kirq_total)"
	eval "$1_t=$(cut -d' ' -f1 /proc/uptime)"
	# /proc/stat, CPU 0 (the DUT's): user+nice, system, irq, softirq, idle
	# ticks; context switches (all CPUs)
	eval "$(awk -v n="$1" '$1 == "cpu0" { printf "%s_us=%d %s_sy=%d %s_hi=%d %s_si=%d %s_id=%d ", \
		n, $2 + $3, n, $4, n, $7, n, $8, n, $5 }
		$1 == "ctxt" { printf "%s_cs=%d ", n, $2 }' /proc/stat)"
	eval "$(awk -v n="$1" '$1 == "NET_RX:" { printf "%s_nrx=%d ", n, $2 }
		$1 == "HRTIMER:" { printf "%s_hrt=%d ", n, $2 }' /proc/softirqs)"
}

window_secs() {
	awk -v a="$a_t" -v b="$b_t" 'BEGIN { printf "%.2f", b - a }'
}

# window_lines WORKLOAD MBITS [EXTRA]: the RXSCALE-PERF line of the window
# between snapshots a and b, and where CPU 0's time went
window_lines() {
	echo "RXSCALE-PERF: $1 mbits=$2 rx_frames=$((b_rx - a_rx)) tx_frames=$((b_tx - a_tx))" \
		"irqs=$((b_irq - a_irq)) kirqs=$((b_kirq - a_kirq)) secs=$(window_secs)${3:+ $3}"
	echo "RXSCALE-PERF-CPU: $1 ticks user $((b_us - a_us)) sys $((b_sy - a_sy))" \
		"irq $((b_hi - a_hi)) softirq $((b_si - a_si)) idle $((b_id - a_id))," \
		"ctxt $((b_cs - a_cs)), NET_RX $((b_nrx - a_nrx)), HRTIMER $((b_hrt - a_hrt))"
}

# workload NAME IPERF3-CLIENT-ARGS...
workload() {
	_pw=$1
	shift
	rxs_step "$_pw: iperf3 $*"
	rxs_in_peer $_peer_cpu iperf3 -s -1 -D -B "$RXS_PEER_IP" --logfile /tmp/perf-srv.log ||
		rxs_fail "iperf3 server did not start"
	rxs_wait_listen 5201
	$_dut_cpu iperf3 -c "$RXS_PEER_IP" -B "$RXS_DUT_IP" -t $((RXS_PERF_SECS + 4)) -f m \
		--forceflush --connect-timeout 5000 "$@" > /tmp/perf.txt 2>&1 &
	_pid=$!
	_i=0
	until grep -q ' sec ' /tmp/perf.txt; do
		kill -0 "$_pid" 2>/dev/null || { cat /tmp/perf.txt; rxs_fail "$_pw: iperf3 ended before its first interval"; }
		[ "$_i" -lt 100 ] || { cat /tmp/perf.txt; rxs_fail "$_pw: no interval within 20 s"; }
		rxs_tick
		_i=$((_i + 1))
	done
	snap a
	rxs_mark "$_pw:start"
	sleep "$RXS_PERF_SECS"
	rxs_mark "$_pw:end"
	snap b
	wait "$_pid" || { cat /tmp/perf.txt; rxs_fail "$_pw: iperf3 failed"; }
	_mb=$(grep receiver /tmp/perf.txt | tail -n 1 |
		awk '{ for (i = 1; i <= NF; i++) if ($i == "Mbits/sec") print $(i - 1) }')
	[ -n "$_mb" ] || { cat /tmp/perf.txt; rxs_fail "$_pw: no receiver total"; }
	window_lines "$_pw" "$_mb"
}

# pktgen_rx: the udp-rx workload. iperf3's UDP sender costs the peer more
# per datagram than receiving costs the DUT, so it cannot load a receiver
# (measured: 18 Mbit/s with the DUT's CPU idle part of the time); the
# kernel's pktgen (net/core/pktgen.c) in the peer's namespace, on the
# peer's CPU, sends 1442-byte frames (1400-byte UDP payload, UDP checksum
# filled in) as fast as it can, as a line-rate sender would. Goodput is
# what the DUT's UDP stack delivered to the receiving socket
# over the window (/proc/net/snmp Udp InDatagrams; the socket is read by
# tools/udpsink, one recv() per datagram, on the DUT's CPU),
# beside the frames the model dropped for a full ring and the socket's
# receive-buffer drops.
pktgen_rx() {
	rxs_step "udp-rx: pktgen in the peer's namespace"
	_pgc=0
	[ "$_layout" = peer-apart ] && _pgc=1
	modprobe pktgen || rxs_fail "modprobe pktgen"
	_pgd=/proc/net/pktgen
	rxs_in_peer sh -c "echo rem_device_all > $_pgd/kpktgend_$_pgc &&
		echo 'add_device $RXS_PEER' > $_pgd/kpktgend_$_pgc" ||
		rxs_fail "pktgen: add_device $RXS_PEER"
	for _c in "count 0" "delay $RXS_PERF_PKTGEN_DELAY" "pkt_size 1442" "clone_skb 0" "dst $RXS_DUT_IP" \
		"src_min $RXS_PEER_IP" "src_max $RXS_PEER_IP" "dst_mac $RXS_DUT_MAC" \
		"udp_src_min 9" "udp_src_max 9" "udp_dst_min 5001" "udp_dst_max 5001" \
		"flag UDPCSUM"; do
		rxs_in_peer sh -c "echo '$_c' > $_pgd/$RXS_PEER" ||
			rxs_fail "pktgen: '$_c' refused ($(rxs_in_peer sed -n 's/^Result: //p' "$_pgd/$RXS_PEER"))"
	done
	[ -x /rxscale/files/udpsink ] || rxs_fail "no /rxscale/files/udpsink (--file build/bench-tools/udpsink)"
	$_dut_cpu /rxscale/files/udpsink 5001 > /tmp/udpsink.txt 2>&1 &
	_ncpid=$!
	sleep 1
	rxs_in_peer sh -c "echo start > $_pgd/pgctrl" &
	_pgpid=$!
	sleep 2
	snap a
	_u0=$(awk '$1 == "Udp:" && $2 ~ /^[0-9]/ { print $2, $4, $6 }' /proc/net/snmp)
	_f0=$(rxs_gbeth_count rx_dropped_full)
	rxs_mark "udp-rx:start"
	sleep "$RXS_PERF_SECS"
	rxs_mark "udp-rx:end"
	snap b
	_u1=$(awk '$1 == "Udp:" && $2 ~ /^[0-9]/ { print $2, $4, $6 }' /proc/net/snmp)
	_f1=$(rxs_gbeth_count rx_dropped_full)
	rxs_in_peer sh -c "echo stop > $_pgd/pgctrl"
	wait "$_pgpid"
	kill "$_ncpid" 2>/dev/null
	wait "$_ncpid" 2>/dev/null
	cat /tmp/udpsink.txt
	rxs_in_peer sh -c "cat $_pgd/$RXS_PEER" | sed -n 's/^Result: //p'
	set -- $_u0 $_u1
	_secs=$(window_secs)
	_mb=$(awk -v n=$(($4 - $1)) -v t="$_secs" 'BEGIN { printf "%.1f", n * 1400 * 8 / t / 1e6 }')
	rxs_say "udp-rx: $(($4 - $1)) datagrams delivered, $(($6 - $3)) receive-buffer drops," \
		"$((_f1 - _f0)) frames dropped by the model (ring full), $((b_rx - a_rx)) frames into the ring"
	[ $(($4 - $1)) -gt 0 ] || rxs_fail "udp-rx: nothing delivered"
	window_lines udp-rx "$_mb" \
		"delivered=$(($4 - $1)) rcvbuf_drops=$(($6 - $3)) ring_full=$((_f1 - _f0))"
}

for _wl in $(echo "$RXS_PERF_WORKLOADS" | tr ',' ' '); do
	case $_wl in
	udp-rx) pktgen_rx ;;
	udp-rx-iperf) workload udp-rx-iperf -R -u -b 0 -l 1400 ;;
	tcp-rx) workload tcp-rx -R ;;
	tcp-tx) workload tcp-tx ;;
	udp-tx) workload udp-tx -u -b 0 -l 1400 ;;
	*) rxs_fail "unknown workload '$_wl'" ;;
	esac
done

rxs_dmesg_check
