#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# How receive softirq work spreads over the CPUs that serve the NIC under
# test (the DUT). CPUs 0..RXS_SOFTIRQ_NDUT-1 (default 0-3) are the "DUT
# CPUs", the last CPU is the peer's, CPUs in between (run-scenario.sh
# --smp 6: CPU 4) run the receiving application:
#
#  - the peer (virtio-net in namespace "peer") is confined to the last
#    CPU: its MSI-X vectors, RPS of its receive queues, its iperf3 server;
#  - the DUT-side iperf3 client (the receiver; iperf3 3.12 runs all
#    streams in one thread) runs on the application CPUs
#    (RXS_SOFTIRQ_APP_CPUS; with --smp 5 there are none and it runs on the
#    DUT CPUs, where the TCP timers it arms add softirq time to its CPU);
#  - the DUT's interrupt vectors stay where the driver (or the kernel's
#    default) put them if that is on the DUT CPUs; a vector found
#    elsewhere is moved: "*rx-<q>" to DUT CPU q mod NDUT, any other (TX,
#    link, a single vector) to the DUT CPU list (the GIC ITS delivers it to
#    one CPU of it). RXS_SOFTIRQ_TX_TO_APP=1 (off by default) moves the
#    "*tx-<q>" vectors to the application CPUs instead, to see what TX
#    completion work adds to the DUT CPUs that also serve RX;
#  - RPS and RFS are off on the DUT and NAPI is not threaded, so receive
#    processing runs in softirq on the CPU that took the interrupt, and any
#    spread comes from the NIC's RSS alone.
#
# Traffic: iperf3 -R -P RXS_SOFTIRQ_STREAMS (default 20, as in the users'
# report) for RXS_SOFTIRQ_SECONDS (30) s, the DUT receives. Measured over
# the middle of the run (3 s after the start to 2 s before the end).
#
# Softirq time per CPU, two sources:
#  - hist (used when tracefs works): Debian's kernels have no
#    CONFIG_IRQ_TIME_ACCOUNTING, so /proc/stat only samples softirq time
#    at the tick. Instead a synthetic event carries the time from
#    irq:softirq_entry to irq:softirq_exit on the same CPU (the entry's
#    timestamp is saved per CPU, the exit computes the delta and fires the
#    event) and a hist trigger sums it per CPU and softirq vector
#    (NET_RX = 3, NET_TX = 2). The sums are read at both ends of the
#    window. This counts every softirq run, in interrupt exit or in
#    ksoftirqd, to the nanosecond (trace clock "local"). The triggers stay
#    soft-enabled: no ring-buffer records. RXS_SOFTIRQ_TRACE=0 switches
#    tracing off (to measure its overhead on the throughput);
#  - ticks: /proc/stat softirq ticks (USER_HZ), printed next to the
#    precise numbers, and the share's source when tracing is absent.
#    Ticks are biased against mostly idle CPUs: without IRQ time
#    accounting, idle time keeps running through an interrupt that
#    arrives while the idle tick is stopped (7.3.4
#    kernel/sched/cputime.c, kcpustat_irq_enter(); NO_HZ), so the
#    softirq that interrupt runs counts as idle and no tick samples it.
#    A DUT CPU of a multi-queue driver (85-97 % idle) loses most of its
#    softirq time that way, a CPU that is busy anyway loses little.
#    The hist time is guest wall time: under TCG on a loaded host it
#    also holds the time the vCPU's thread waited for a host CPU.
#   share = busiest DUT CPU's softirq time (all vectors) / sum over the
#           DUT CPUs
# The RXSCALE-SOFTIRQ line names the source (source=hist|ticks).
#
# Streams per CPU: a hist trigger on tcp:tcp_probe (tcp_rcv_established,
# receiving side) counts segments per local port and CPU; a stream's DUT
# CPU is the DUT CPU that handled most of its segments (segments a socket
# takes from its backlog in process context count on the application
# CPU). With one RX vector per CPU that CPU names the stream's RX ring.
# The local port of each iperf3 stream comes from iperf3's own output.
#
# Note: while the receiving process holds a socket's lock, TCP queues
# segments to the socket backlog and processes them in the process's
# context (system time of the application CPU, not softirq); that part of
# the receive work is outside the measurement, for every driver alike.
#
# Prints a per-CPU table and one "RXSCALE-SOFTIRQ: ..."
# summary (parsed by tests/bench/softirq-compare.sh and demo.sh), then one
# "RXSCALE-SOFTIRQ-VEC: irq= cpus= irqs= name=" line per DUT vector (its
# CPUs and interrupts during the run; parsed by demo.sh). Fails when the DUT
# CPUs spent less than 1 s in softirq in all (hist: RXS_SOFTIRQ_MIN_MS,
# default 1000; ticks: RXS_SOFTIRQ_MIN_TICKS, default 100; too little load
# to measure a share), or when optional goals are missed:
# RXS_SOFTIRQ_MAX_SHARE (percent, e.g. 40 for a multi-queue driver) or
# RXS_SOFTIRQ_MIN_SHARE (e.g. 90 for one vector). RXS_SOFTIRQ_LRO=1 adds
# a phase after the measurement: segments per skb with GRO off, LRO on
# where the driver has it (sq_lro_phase; one "RXSCALE-LRO:" line).
# A platform DUT (RXS_DUT_BUS=platform) has its /proc/interrupts lines
# (named after the device) as its vectors.
# shellcheck disable=SC1091
. ./lib.sh

RXS_SOFTIRQ_STREAMS=${RXS_SOFTIRQ_STREAMS:-20}
RXS_SOFTIRQ_SECONDS=${RXS_SOFTIRQ_SECONDS:-30}
RXS_SOFTIRQ_MIN_TICKS=${RXS_SOFTIRQ_MIN_TICKS:-100}
RXS_SOFTIRQ_MIN_MS=${RXS_SOFTIRQ_MIN_MS:-1000}
RXS_SOFTIRQ_TRACE=${RXS_SOFTIRQ_TRACE:-1}
RXS_SOFTIRQ_TX_TO_APP=${RXS_SOFTIRQ_TX_TO_APP:-0}
TR=/sys/kernel/tracing

ncpu=$(grep -c '^processor' /proc/cpuinfo)
[ "$ncpu" -ge 2 ] || rxs_fail "needs at least 2 CPUs (run-scenario.sh --smp 6), have $ncpu"
hk=$((ncpu - 1))
ndut=${RXS_SOFTIRQ_NDUT:-4}
[ "$ndut" -le "$hk" ] || ndut=$hk
dutlist=0-$((ndut - 1))
[ "$ndut" = 1 ] && dutlist=0
# CPUs between the DUT CPUs and the last one run the receiving iperf3
if [ "$ndut" -lt "$hk" ]; then
	app=${RXS_SOFTIRQ_APP_CPUS:-$ndut-$((hk - 1))}
else
	app=${RXS_SOFTIRQ_APP_CPUS:-$dutlist}
fi
[ "$RXS_SOFTIRQ_SECONDS" -ge 10 ] || rxs_fail "RXS_SOFTIRQ_SECONDS must be >= 10"

# sq_trace_setup: softirq time per CPU and vector, and segments per TCP
# port and CPU, as hist triggers (see the header). Returns 1, saying why,
# when tracefs or the triggers are not available.
sq_trace_setup() {
	if [ ! -e "$TR/synthetic_events" ]; then
		mount -t tracefs nodev "$TR" 2>/dev/null ||
			{ rxs_say "tracing: cannot mount tracefs on $TR"; return 1; }
	fi
	for _f in synthetic_events events/irq/softirq_entry/trigger \
		events/irq/softirq_exit/trigger events/tcp/tcp_probe/trigger; do
		[ -w "$TR/$_f" ] || { rxs_say "tracing: no $TR/$_f"; return 1; }
	done
	# the entry's timestamp per CPU; the exit's delta to it (ns), with
	# the vector number, into the synthetic event rxs_sirq ($ts0, $dt
	# are hist variables, not shell ones)
	# shellcheck disable=SC2016
	{ echo 'rxs_sirq u64 dt; unsigned int vec' >> "$TR/synthetic_events" &&
	  echo 'hist:keys=common_cpu:ts0=common_timestamp' \
		>> "$TR/events/irq/softirq_entry/trigger" &&
	  echo 'hist:keys=common_cpu:dt=common_timestamp-$ts0:onmatch(irq.softirq_entry).trace(rxs_sirq,$dt,vec)' \
		>> "$TR/events/irq/softirq_exit/trigger" &&
	  echo 'hist:keys=common_cpu,vec:vals=hitcount,dt:sort=common_cpu,vec' \
		>> "$TR/events/synthetic/rxs_sirq/trigger" &&
	  echo 'hist:keys=sport,common_cpu:vals=hitcount:sort=sport,common_cpu if dport == 5201' \
		>> "$TR/events/tcp/tcp_probe/trigger"; } 2>/dev/null || {
		rxs_say "tracing: setting up the hist triggers failed:"
		cat "$TR/error_log" 2>/dev/null
		return 1
	}
	return 0
}

# sq_hist FILE: the softirq sums so far, one line per CPU and vector:
# "<cpu> <vec> <runs> <ns>".
sq_hist() {
	awk '/^\{/ {
		c = v = h = d = ""
		for (i = 1; i < NF; i++) {
			if ($i == "common_cpu:") c = $(i + 1)
			else if ($i == "vec:") v = $(i + 1)
			else if ($i == "hitcount:") h = $(i + 1)
			else if ($i == "dt:") d = $(i + 1)
		}
		sub(",", "", c)
		sub(",", "", v)
		if (c != "" && v != "" && d != "")
			print c, v, h, d
	}' "$TR/events/synthetic/rxs_sirq/hist" > "$1"
}

# sq_probe FILE: tcp_probe hits so far, "<port> <cpu> <hits>" a line
sq_probe() {
	awk '/^\{/ {
		p = c = h = ""
		for (i = 1; i < NF; i++) {
			if ($i == "sport:") p = $(i + 1)
			else if ($i == "common_cpu:") c = $(i + 1)
			else if ($i == "hitcount:") h = $(i + 1)
		}
		sub(",", "", p)
		sub(",", "", c)
		if (p != "" && c != "")
			print p, c, h
	}' "$TR/events/tcp/tcp_probe/hist" > "$1"
}

# sq_snap N: all counters at one end of the window into /tmp/sq-*N.txt.
sq_snap() {
	cut -d ' ' -f 1 /proc/uptime > "/tmp/sq-up$1.txt"
	rxs_cpu_ticks "/tmp/sq-stat$1.txt"
	rxs_net_rx_count "/tmp/sq-netrx$1.txt"
	cp /proc/softirqs "/tmp/sq-softirqs$1.txt"
	if [ "$source" = hist ]; then
		sq_hist "/tmp/sq-hist$1.txt"
	else
		: > "/tmp/sq-hist$1.txt"
	fi
}

# sq_snmp FILE PREFIX FIELD: a counter of /proc/net/FILE (snmp, netstat)
sq_snmp() {
	awk -v p="$2:" -v f="$3" '$1 == p { if (!h) { for (i = 2; i <= NF; i++) c[$i] = i; h = 1 }
		else { print $c[f]; exit } }' "/proc/net/$1"
}

# sq_stat NAME: a counter of the DUT's ethtool -S, empty if it has none
sq_stat() {
	ethtool -S "$RXS_DUT" 2>/dev/null | awk -v n="$1:" '$1 == n { print $2 }'
}

# sq_lro_phase (RXS_SOFTIRQ_LRO=1, for demo.sh): after the measurement,
# GRO off (so that one skb the driver builds is one IPv4 packet of the
# stack), LRO on with a rule for the DUT's address where the driver has
# them (ethtool -K lro on, -N flow-type tcp4 dst-ip), then iperf3 -R -P 1
# for RXS_SOFTIRQ_LRO_SECS (8) s (one stream: a rule's LRO slot holds one
# flow at a time, the others to the same address take the RSS rings,
# docs/hw/mt7988.md "HW LRO"): the segments the peer sent (its
# interface's tx_packets) per skb the DUT's stack received (Ip
# InReceives), neither counted by the DUT's driver, beside the driver's
# own LRO counters where it has them. One "RXSCALE-LRO:" line. A driver
# without LRO is measured the same way (lro=unsupported).
sq_lro_phase() {
	[ "${RXS_SOFTIRQ_LRO:-0}" = 1 ] || return 0
	_secs=${RXS_SOFTIRQ_LRO_SECS:-8}
	rxs_step "LRO: iperf3 -R -P 1 -t $_secs with GRO off"
	ethtool -K "$RXS_DUT" gro off || rxs_fail "ethtool -K gro off"
	_lro=unsupported
	if ethtool -k "$RXS_DUT" | grep -q '^large-receive-offload: off$'; then
		ethtool -K "$RXS_DUT" lro on || rxs_fail "ethtool -K lro on"
		_o=$(ethtool -N "$RXS_DUT" flow-type tcp4 dst-ip "$RXS_DUT_IP" action 0 loc 0 2>&1) ||
			rxs_fail "LRO rule for $RXS_DUT_IP: $_o"
		case $_o in *Cannot*) rxs_fail "LRO rule for $RXS_DUT_IP: $_o" ;; esac
		_lro=on
	fi
	sleep 1
	_b_skb=$(sq_snmp snmp Ip InReceives) _b_ptx=$(rxs_peer_stat tx_packets)
	_b_lsk=$(sq_stat lro_skbs) _b_lsg=$(sq_stat lro_segments)
	rxs_in_peer taskset -c "$hk" iperf3 -s -1 -D -B "$RXS_PEER_IP" --logfile /tmp/iperf3-lro-server.log ||
		rxs_fail "iperf3 server did not start"
	sleep 1
	taskset -c "$app" timeout $((_secs + 30)) iperf3 -c "$RXS_PEER_IP" -B "$RXS_DUT_IP" \
		-P 1 -t "$_secs" -R -f m --connect-timeout 5000 > /tmp/iperf3-lro.txt 2>&1 ||
		{ cat /tmp/iperf3-lro.txt; rxs_fail "iperf3 (LRO phase) failed"; }
	sleep 1
	_skb=$(( $(sq_snmp snmp Ip InReceives) - _b_skb ))
	_ptx=$(( $(rxs_peer_stat tx_packets) - _b_ptx ))
	_lmb=$(grep receiver /tmp/iperf3-lro.txt | tail -n 1 |
		awk '{for (i = 1; i <= NF; i++) if ($i == "Mbits/sec") print $(i - 1)}')
	_drv=
	if [ -n "$_b_lsk" ]; then
		_lsk=$(( $(sq_stat lro_skbs) - _b_lsk ))
		_lsg=$(( $(sq_stat lro_segments) - _b_lsg ))
		_drv=" drv_lro_skbs=$_lsk drv_lro_segs=$_lsg"
	fi
	[ "$_skb" -gt 0 ] || rxs_fail "LRO phase: the stack received no IPv4 packet"
	if [ "$_lro" = on ]; then
		ethtool -N "$RXS_DUT" delete 0 || rxs_fail "ethtool -N delete 0"
		ethtool -K "$RXS_DUT" lro off || rxs_fail "ethtool -K lro off"
	fi
	ethtool -K "$RXS_DUT" gro on || rxs_fail "ethtool -K gro on"
	echo "RXSCALE-LRO: driver=$drv lro=$_lro seconds=$_secs mbits=${_lmb:-0} peer_sent=$_ptx stack_skbs=$_skb segs_per_skb=$(awk -v a="$_ptx" -v b="$_skb" 'BEGIN { printf "%.2f", a / b }')$_drv"
}

source=ticks
if [ "$RXS_SOFTIRQ_TRACE" = 1 ]; then
	if sq_trace_setup; then
		source=hist
		rxs_say "tracing: softirq_entry/exit hist triggers on, tcp_probe per port and CPU"
	else
		rxs_say "tracing: not available, the share comes from /proc/stat ticks"
	fi
else
	rxs_say "tracing: off (RXS_SOFTIRQ_TRACE=$RXS_SOFTIRQ_TRACE), the share comes from /proc/stat ticks"
fi

rxs_setup
# r8127 (injected) asks for its missing firmware once, at the probe;
# upstream r8169's lines are expected by rxs_load_driver
[ "$(rxs_dut_driver)" != r8127 ] ||
	rxs_dmesg_expect_nofw 1
rxs_wait_link 20
rxs_ping 3
drv=$(rxs_dut_driver)
echo "== driver $drv, $ncpu CPUs: DUT CPUs $dutlist, peer CPU $hk, DUT iperf3 on CPUs $app"
ethtool -l "$RXS_DUT" 2>/dev/null | sed -n '/Current/,$p' || true

rxs_step "isolate the peer on CPU $hk"
for irq in $(rxs_pci_irqs "$RXS_PEER_PCI"); do
	rxs_irq_set_cpus "$irq" "$hk"
done
hkmask=1
i=0
while [ "$i" -lt "$hk" ]; do
	hkmask=$((hkmask * 2))
	i=$((i + 1))
done
hkmask=$(printf '%x' "$hkmask")
for q in $(rxs_in_peer sh -c "ls -d /sys/class/net/$RXS_PEER/queues/rx-*"); do
	rxs_in_peer sh -c "echo $hkmask > $q/rps_cpus" ||
		rxs_fail "cannot set RPS of the peer ($q)"
done
rxs_say "peer RPS: $(rxs_in_peer sh -c "cat /sys/class/net/$RXS_PEER/queues/rx-*/rps_cpus" | tr '\n' ' ')"

rxs_step "DUT: RPS/RFS off, NAPI not threaded, vectors on CPUs $dutlist"
for q in /sys/class/net/"$RXS_DUT"/queues/rx-*; do
	echo 0 > "$q/rps_cpus" || rxs_fail "cannot switch RPS off on $q"
	[ -e "$q/rps_flow_cnt" ] && echo 0 > "$q/rps_flow_cnt"
done
echo 0 > /proc/sys/net/core/rps_sock_flow_entries 2>/dev/null || true
if [ -e "/sys/class/net/$RXS_DUT/threaded" ]; then
	echo 0 > "/sys/class/net/$RXS_DUT/threaded" 2>/dev/null || true
	[ "$(cat "/sys/class/net/$RXS_DUT/threaded")" = 0 ] ||
		rxs_fail "cannot switch threaded NAPI off on $RXS_DUT"
fi
rxs_say "DUT RPS: $(cat /sys/class/net/"$RXS_DUT"/queues/rx-*/rps_cpus | tr '\n' ' ')threaded NAPI: $(cat "/sys/class/net/$RXS_DUT/threaded" 2>/dev/null || echo n/a)"
nvec=0
nfree=0
: > /tmp/sq-vec.txt
for irq in $(rxs_dut_irq_list); do
	name=$(awk -v i="$irq:" '$1 == i { print $NF }' /proc/interrupts)
	# allocated but not requested by the driver: no handler, never fires
	if [ -z "$name" ] || [ ! -e "/proc/irq/$irq/smp_affinity_list" ]; then
		nfree=$((nfree + 1))
		continue
	fi
	nvec=$((nvec + 1))
	eff=$(cat "/proc/irq/$irq/effective_affinity_list" 2>/dev/null || echo "")
	last=$(echo "$eff" | tr -c '0-9' ' ' | awk '{ print $NF }')
	case $name in
	*tx-[0-9]*)
		if [ "$RXS_SOFTIRQ_TX_TO_APP" = 1 ]; then
			rxs_say "DUT vector $name (on CPUs $eff): to the application CPUs (RXS_SOFTIRQ_TX_TO_APP=1)"
			rxs_irq_set_cpus "$irq" "$app"
			echo "$(cat "/proc/irq/$irq/effective_affinity_list") $name" >> /tmp/sq-vec.txt
			continue
		fi ;;
	esac
	if [ -n "$last" ] && [ "$last" -lt "$ndut" ]; then
		rxs_say "DUT vector $name (irq $irq): on CPUs $eff, left where the driver put it"
		echo "$eff $name" >> /tmp/sq-vec.txt
		continue
	fi
	q=$(echo "$name" | sed -n 's/.*rx-\([0-9][0-9]*\)$/\1/p')
	if [ -n "$q" ]; then
		cpus=$((q % ndut))
	else
		cpus=$dutlist
	fi
	rxs_say "DUT vector $name"
	rxs_irq_set_cpus "$irq" "$cpus"
	echo "$(cat "/proc/irq/$irq/effective_affinity_list") $name" >> /tmp/sq-vec.txt
done
[ "$nfree" = 0 ] || rxs_say "($nfree more vectors allocated but not requested by the driver)"
[ "$nvec" -gt 0 ] || rxs_fail "no interrupt lines found for $RXS_DUT (MSI/MSI-X or platform)"

# --- RXS_SOFTIRQ_REBALANCE=1: the default table against rxscale-tune's ------
# (issue 20; tests/bench/rebalance-compare.sh). One iperf3 -R -P STREAMS
# session holds both windows, so the flows (ports, hashes, buckets) are the
# same before and after: 3 s, window "before" (RXS_SOFTIRQ_REBALANCE_WINDOW,
# default 20 s) with the table the driver set, then scripts/rxscale-tune
# rebalance --once -i RXS_SOFTIRQ_REBALANCE_INTERVAL (8) on the application
# CPUs (its input is that interval's rss_buckets under the same traffic),
# 3 s for the flows to settle, window "after" (same length). Each window
# is measured as the plain run measures its one: the hist sums per CPU
# and vector (NET_RX share of the busiest DUT CPU over DUT CPUs 0..NDUT-1),
# rx<q>_packets per ring (ethtool -S), each stream's DUT CPU from
# tcp_probe. One "RXSCALE-SOFTIRQ-REBAL: phase=before|after ..." line
# each, with the RXSCALE-SOFTIRQ line's key=value names, and one
# "RXSCALE-REBAL-TOOL: rc= decision= table=default|other
# queues_used= imbalance_now= imbalance_new=" line: the tool's exit status
# and decision, and the table ethtool -x shows after it (read by the
# scenario, not taken from the tool). Then the scenario ends (the plain run
# is skipped). Needs the hist triggers (source=hist) and the files
# rxscale-tune and rxscale-rebalance (static arm64 build) from
# run-scenario.sh --file. RXS_SOFTIRQ_REBALANCE_TUNE_OPTS: rxscale-tune
# options put before "rebalance" (a plant: -n, the table is never written).

# sq_rb_snap TAG: one end of a window, into /tmp/sq-rb-*TAG.txt
sq_rb_snap() {
	cut -d ' ' -f 1 /proc/uptime > "/tmp/sq-rb-up$1.txt"
	sq_hist "/tmp/sq-rb-hist$1.txt"
	sq_probe "/tmp/sq-rb-probe$1.txt"
	ethtool -S "$RXS_DUT" 2>/dev/null | grep -E '^ *rx[0-9]+_packets:' > "/tmp/sq-rb-ring$1.txt"
	cat "/sys/class/net/$RXS_DUT/statistics/rx_bytes" > "/tmp/sq-rb-bytes$1.txt"
}

# sq_rb_line PHASE T0 T1: the RXSCALE-SOFTIRQ-REBAL line of the window
# between the snapshots T0 and T1 (iperf3's ports in /tmp/sq-ports.txt)
sq_rb_line() {
	# the files by their place in the argument list: an empty one (a
	# hist that read nothing) must not shift the others
	_sum=$(awk -v ndut="$ndut" '
		BEGIN { for (i = 1; i < ARGC; i++) idx[ARGV[i]] = i }
		{ f = idx[FILENAME] }
		f == 1 { u0 = $1; next }
		f == 2 { u1 = $1; next }
		f == 3 { if ($1 < ndut && $2 == 3) h0[$1] = $4; next }
		f == 4 { if ($1 < ndut && $2 == 3) rx[$1] = $4 - h0[$1]; next }
		f == 5 { p0[$1, $2] = $3; next }
		f == 6 { if ($2 < ndut) seg[$1, $2] = $3 - p0[$1, $2]; next }
		f == 7 { port[$2] = 1; next }
		f == 8 { r0[$1] = $2; next }
		f == 9 { d = $2 - r0[$1]; rs += d; if (d > rm) rm = d; rl = rl (rl == "" ? "" : ",") d; next }
		f == 10 { b0 = $1; next }
		f == 11 { b1 = $1; next }
		END {
			W = u1 - u0
			if (W <= 0) W = 1
			s = 0; b = 0; l = ""
			for (c = 0; c < ndut; c++) {
				s += rx[c]
				if (rx[c] > rx[b]) b = c
				l = l (c ? "," : "") sprintf("%.0f", rx[c] / 1e6)
			}
			# a stream is counted on the DUT CPU with most of its
			# segments in this window ("?" none there)
			nn = 0
			for (p in port) {
				best = -1; max = 0
				for (c = 0; c < ndut; c++)
					if (seg[p, c] > max) { max = seg[p, c]; best = c }
				if (best < 0) nn++
				else ns[best]++
			}
			sl = ""
			for (c = 0; c < ndut; c++)
				sl = sl (c ? "," : "") (ns[c] + 0)
			printf "window_s=%.2f mbits=%.1f netrx_ms=%s netrx_busiest=cpu%d netrx_share=%.1f",
				W, 8 * (b1 - b0) / W / 1e6, l, b, (s > 0 ? 100 * rx[b] / s : 0)
			printf " total_netrx_ms=%.0f streams_per_cpu=%s", s / 1e6, sl (nn ? "+" nn "?" : "")
			if (rs > 0)
				printf " ring_pkts=%s ring_share=%.1f", rl, 100 * rm / rs
		}' "/tmp/sq-rb-up$2.txt" "/tmp/sq-rb-up$3.txt" \
		"/tmp/sq-rb-hist$2.txt" "/tmp/sq-rb-hist$3.txt" \
		"/tmp/sq-rb-probe$2.txt" "/tmp/sq-rb-probe$3.txt" /tmp/sq-ports.txt \
		"/tmp/sq-rb-ring$2.txt" "/tmp/sq-rb-ring$3.txt" \
		"/tmp/sq-rb-bytes$2.txt" "/tmp/sq-rb-bytes$3.txt")
	echo "RXSCALE-SOFTIRQ-REBAL: phase=$1 driver=$drv streams=$RXS_SOFTIRQ_STREAMS dutcpus=$dutlist tx=$_rbtx source=$source $_sum"
}

# sq_rb_prepare PHASE: what a rebalance phase needs: the hist triggers,
# rxscale-tune and rxscale-rebalance from run-scenario.sh --file (the
# latter copied to /tmp, executable); sets _rbF and _rbtx
sq_rb_prepare() {
	_rbF=$RXS_DIR/files
	[ "$source" = hist ] ||
		rxs_fail "$1 measures NET_RX time with the hist triggers, not with $source"
	for _rbf in rxscale-tune rxscale-rebalance; do
		[ -f "$_rbF/$_rbf" ] ||
			rxs_fail "$1 needs $_rbF/$_rbf (run-scenario.sh --file; see rebalance-compare.sh)"
	done
	{ cp "$_rbF/rxscale-rebalance" /tmp/rxscale-rebalance && chmod +x /tmp/rxscale-rebalance; } ||
		rxs_fail "cannot copy rxscale-rebalance"
	_rbtx=driver
	[ "$RXS_SOFTIRQ_TX_TO_APP" = 1 ] && _rbtx=app
}

sq_rebalance_phase() {
	_rbw=${RXS_SOFTIRQ_REBALANCE_WINDOW:-20}
	_rbi=${RXS_SOFTIRQ_REBALANCE_INTERVAL:-8}
	sq_rb_prepare "the rebalance phase"
	# iperf3 outlasts both windows and the tool by 15 s at least
	_rbt=$((3 + _rbw + _rbi + 15 + _rbw + 5))
	rxs_step "rebalance phase: iperf3 -R -P $RXS_SOFTIRQ_STREAMS -t $_rbt; ${_rbw} s default table, rxscale-tune rebalance --once -i $_rbi, ${_rbw} s after"
	ethtool -x "$RXS_DUT" | sed -n '1,4p'
	rxs_in_peer taskset -c "$hk" iperf3 -s -1 -D -B "$RXS_PEER_IP" \
		--logfile /tmp/iperf3-server.log || rxs_fail "iperf3 server did not start"
	sleep 1
	rxs_irq_counts > /tmp/sq-irq0.txt
	taskset -c "$app" timeout $((_rbt + 30)) iperf3 -c "$RXS_PEER_IP" \
		-B "$RXS_DUT_IP" -P "$RXS_SOFTIRQ_STREAMS" -t "$_rbt" -R -f m \
		--connect-timeout 5000 > /tmp/iperf3.txt 2>&1 &
	_rbpid=$!
	sleep 3
	sq_rb_snap b0
	sleep "$_rbw"
	sq_rb_snap b1
	rxs_say "rxscale-tune ${RXS_SOFTIRQ_REBALANCE_TUNE_OPTS:-}${RXS_SOFTIRQ_REBALANCE_TUNE_OPTS:+ }rebalance --once -i $_rbi $RXS_DUT (CPUs $app)"
	# shellcheck disable=SC2086
	RXT_REBALANCE=/tmp/rxscale-rebalance taskset -c "$app" sh "$_rbF/rxscale-tune" \
		${RXS_SOFTIRQ_REBALANCE_TUNE_OPTS:-} rebalance --once -i "$_rbi" "$RXS_DUT" \
		> /tmp/sq-rb-tool.txt 2>&1
	_rbtrc=$?
	sed 's/^/  tool: /' /tmp/sq-rb-tool.txt
	ethtool -x "$RXS_DUT" > /tmp/sq-rb-x.txt 2>&1
	sleep 3
	sq_rb_snap a0
	sleep "$_rbw"
	sq_rb_snap a1
	kill -0 "$_rbpid" 2>/dev/null ||
		rxs_fail "iperf3 ended before the after window did (the windows must lie inside one session)"
	wait "$_rbpid"
	_rbrc=$?
	rxs_irq_counts > /tmp/sq-irq1.txt
	grep -E 'SUM.*receiver|error' /tmp/iperf3.txt | tail -n 2
	[ "$_rbrc" = 0 ] || { cat /tmp/iperf3.txt; rxs_fail "iperf3 exited with $_rbrc"; }
	sed -n 's/^\[ *\([0-9][0-9]*\)\] local [0-9.]* port \([0-9][0-9]*\) connected.*/\1 \2/p' \
		/tmp/iperf3.txt > /tmp/sq-ports.txt
	[ "$(wc -l < /tmp/sq-ports.txt)" = "$RXS_SOFTIRQ_STREAMS" ] ||
		rxs_fail "iperf3 names $(wc -l < /tmp/sq-ports.txt) stream ports, want $RXS_SOFTIRQ_STREAMS"
	echo "DUT interrupt vectors during the session (+interrupts):"
	awk 'NR == FNR { b[$1] = $2; next } { printf "  irq %s %-14s +%d\n", $1, $3, $2 - b[$1] }' \
		/tmp/sq-irq0.txt /tmp/sq-irq1.txt
	echo "the table after the tool (ethtool -x):"
	sed 's/^/  /' /tmp/sq-rb-x.txt
	# the table as the device shows it: default (entry i = i % rings)?
	_rbtab=$(awk '/with [0-9]+ RX ring/ { for (i = 1; i <= NF; i++) if ($i == "with") n = $(i + 1); t = 1; next }
		t && /^[ \t]+[0-9]+:/ { for (i = 2; i <= NF; i++) { if ($i != k % n) o = 1; used[$i] = 1; k++ }; next }
		{ t = 0 }
		END { u = 0; for (q in used) u++
			if (k == 0) print "none 0"; else print (o ? "other" : "default"), u }' /tmp/sq-rb-x.txt)
	_rbdec=$(sed -n 's/^ *decision: \([a-z]*\).*/\1/p' /tmp/sq-rb-tool.txt | head -n 1)
	_rbimn=$(sed -n 's/^ *imbalance-now: *//p' /tmp/sq-rb-tool.txt | head -n 1)
	_rbimw=$(sed -n 's/^ *imbalance-new: *//p' /tmp/sq-rb-tool.txt | head -n 1)
	echo "RXSCALE-REBAL-TOOL: rc=$_rbtrc decision=${_rbdec:-none} table=${_rbtab% *} queues_used=${_rbtab#* } imbalance_now=${_rbimn:--} imbalance_new=${_rbimw:--} opts=${RXS_SOFTIRQ_REBALANCE_TUNE_OPTS:-none}"
	sq_rb_line before b0 b1
	sq_rb_line after a0 a1
	awk 'FILENAME ~ /vec/ { cpus[$2] = $1; next }
		FILENAME ~ /irq0/ { b[$1] = $2; next }
		{ printf "RXSCALE-SOFTIRQ-VEC: irq=%s cpus=%s irqs=%d name=%s\n", $1,
			($3 in cpus) ? cpus[$3] : "-", $2 - b[$1], $3 }' \
		/tmp/sq-vec.txt /tmp/sq-irq0.txt /tmp/sq-irq1.txt
	[ "$_rbtrc" = 0 ] || rxs_fail "rxscale-tune rebalance exited with $_rbtrc"
}

# --- RXS_SOFTIRQ_REBALANCE=loop: rxscale-tune rebalance --loop while the --
# flows change (issue 20). Two iperf3 -R -P STREAMS sessions one after the
# other (A, then B with a new server: new source ports, so new hashes and
# buckets; both to port 5201, which the tcp_probe trigger follows),
# RXS_SOFTIRQ_LOOP_PHASE (100) s each. Window A0
# (RXS_SOFTIRQ_LOOP_WINDOW, 15 s) with the driver's default table; then
# rxscale-tune rebalance --loop -i RXS_SOFTIRQ_LOOP_INTERVAL (5)
# RXS_SOFTIRQ_LOOP_OPTS runs until B ends (a timeout ends it: an interval
# takes 5 s more than -i under TCG), each of its lines stamped with
# the guest's uptime; window A1 at the end of A, B0 at the start of B (A's
# table, B's flows), B1 at the end of B. One RXSCALE-SOFTIRQ-REBAL line per
# window (phase=A0|A1|B0|B1) and one "RXSCALE-REBAL-LOOP: phase=A|B
# decisions= changes= last_change= keeps_after= series=" line per session:
# the tool's decisions whose interval lay wholly inside the session, the
# index of the last change among them (0: none), the keeps after it, and
# the tool's imbalance-now per decision ("c" after a changed one). Fails
# when the tool exits with an error or prints no decision in a session,
# when a session's last change comes after decision RXS_SOFTIRQ_LOOP_SETTLE
# (4) of it ("follows within a few intervals"), or when fewer than
# RXS_SOFTIRQ_LOOP_QUIET (3) keeps follow it to the session's end (no
# flapping). The NET_RX shares are printed, judged by
# tests/bench/rebalance-compare.sh --loop.
# sq_loop_session NAME: a one-off iperf3 server in the peer on port 5201
# (once the previous session's has left it) and an iperf3 -R -P STREAMS
# client of _lp s in the background, its output in /tmp/iperf3-NAME.txt,
# its pid in _lpc
sq_loop_session() {
	_lw8=0
	while rxs_in_peer ss -Hltn "sport = :5201" 2>/dev/null | grep -q . && [ "$_lw8" -lt 50 ]; do
		sleep 0.1
		_lw8=$((_lw8 + 1))
	done
	rxs_in_peer taskset -c "$hk" iperf3 -s -1 -D -B "$RXS_PEER_IP" \
		--logfile "/tmp/iperf3-server-$1.log" || rxs_fail "iperf3 server for session $1 did not start"
	rxs_wait_listen 5201
	taskset -c "$app" timeout $((_lp + 30)) iperf3 -c "$RXS_PEER_IP" -p 5201 \
		-B "$RXS_DUT_IP" -P "$RXS_SOFTIRQ_STREAMS" -t "$_lp" -R -f m \
		--connect-timeout 5000 > "/tmp/iperf3-$1.txt" 2>&1 &
	_lpc=$!
}

sq_rebalance_loop_phase() {
	_lp=${RXS_SOFTIRQ_LOOP_PHASE:-100}
	_lw=${RXS_SOFTIRQ_LOOP_WINDOW:-15}
	_li=${RXS_SOFTIRQ_LOOP_INTERVAL:-5}
	_lsettle=${RXS_SOFTIRQ_LOOP_SETTLE:-4}
	_lquiet=${RXS_SOFTIRQ_LOOP_QUIET:-3}
	sq_rb_prepare "the loop phase"
	rxs_step "loop phase: iperf3 -R -P $RXS_SOFTIRQ_STREAMS, sessions A then B of $_lp s; rxscale-tune rebalance --loop -i $_li ${RXS_SOFTIRQ_LOOP_OPTS:-} from A's ${_lw}th s to B's end"
	rxs_irq_counts > /tmp/sq-irq0.txt
	sq_loop_session A
	_lpa=$_lpc
	sleep 3
	sq_rb_snap A0s
	sleep "$_lw"
	sq_rb_snap A0e
	# the loop outlives B by a few seconds; timeout's TERM ends it
	_lt0=$(cut -d ' ' -f 1 /proc/uptime)
	# shellcheck disable=SC2086
	( RXT_REBALANCE=/tmp/rxscale-rebalance timeout $((2 * _lp + 10 - 3 - _lw)) \
		taskset -c "$app" sh "$_rbF/rxscale-tune" rebalance --loop -i "$_li" \
		${RXS_SOFTIRQ_LOOP_OPTS:-} "$RXS_DUT" 2>&1
	  echo "exit $?" ) | while IFS= read -r _l; do
		echo "$(cut -d ' ' -f 1 /proc/uptime) $_l"
	done > /tmp/sq-loop.txt &
	_lpl=$!
	sleep $((_lp - 3 - _lw - _lw - 3))
	sq_rb_snap A1s
	sleep "$_lw"
	sq_rb_snap A1e
	wait "$_lpa" || { cat /tmp/iperf3-A.txt; rxs_fail "iperf3 session A failed"; }
	_ltb=$(cut -d ' ' -f 1 /proc/uptime)
	sq_loop_session B
	_lpb=$_lpc
	sleep 3
	sq_rb_snap B0s
	sleep 10
	sq_rb_snap B0e
	sleep $((_lp - 3 - 10 - _lw - 3))
	sq_rb_snap B1s
	sleep "$_lw"
	sq_rb_snap B1e
	wait "$_lpb" || { cat /tmp/iperf3-B.txt; rxs_fail "iperf3 session B failed"; }
	_lte=$(cut -d ' ' -f 1 /proc/uptime)
	wait "$_lpl"
	rxs_irq_counts > /tmp/sq-irq1.txt
	echo "rxscale-tune rebalance --loop (guest uptime, line; session B from $_ltb s, ended $_lte s):"
	sed 's/^/  tool: /' /tmp/sq-loop.txt
	# ended by timeout's TERM (its trap exits 130 once its sleep is over;
	# 124 or 143 by other timeouts), after B: not on its own before
	_lend=$(awk -v te="$_lte" '$2 == "exit" {
		print (($3 == 124 || $3 == 130 || $3 == 143) && $1 >= te) ? "ok" : "early(" $0 ")" }' /tmp/sq-loop.txt)
	for _s in A B; do
		grep -E 'SUM.*receiver' "/tmp/iperf3-$_s.txt" | tail -n 1 | sed "s/^/session $_s: /"
	done
	_lfail=
	for _s in A B; do
		if [ "$_s" = A ]; then _f=$_lt0 _t=$_ltb; else _f=$_ltb _t=$_lte; fi
		_ll=$(awk -v from="$_f" -v to="$_t" -v settle="$_lsettle" -v quiet="$_lquiet" -v s="$_s" '
			$2 == "interval" { start = $1; next }
			$2 == "imbalance-now:" { im = $3; next }
			$2 == "decision:" {
				if (start < from || $1 > to) next
				n++
				if ($3 == "change") { ch++; last = n; ser = ser sep im "c" }
				else ser = ser sep im
				sep = ","
			}
			END {
				after = n - last
				printf "phase=%s decisions=%d changes=%d last_change=%d keeps_after=%d series=%s", s, n, ch + 0, last + 0, after, ser
				if (n == 0) print " check=no-decision"
				else if (last > settle) print " check=late"
				else if (after < quiet) print " check=flapping"
				else print " check=ok"
			}' /tmp/sq-loop.txt)
		echo "RXSCALE-REBAL-LOOP: $_ll"
		case $_ll in *check=ok) ;; *) _lfail="$_lfail $_s:${_ll##*check=}" ;; esac
	done
	for _s in A B; do
		sed -n 's/^\[ *\([0-9][0-9]*\)\] local [0-9.]* port \([0-9][0-9]*\) connected.*/\1 \2/p' \
			"/tmp/iperf3-$_s.txt" > /tmp/sq-ports.txt
		[ "$(wc -l < /tmp/sq-ports.txt)" = "$RXS_SOFTIRQ_STREAMS" ] ||
			rxs_fail "iperf3 session $_s names $(wc -l < /tmp/sq-ports.txt) stream ports, want $RXS_SOFTIRQ_STREAMS"
		for _lwn in 0 1; do
			_lwl=$(sq_rb_line "$_s$_lwn" "$_s${_lwn}s" "$_s${_lwn}e")
			echo "$_lwl"
			# a window without receive time or ring counts measured nothing
			case $_lwl in
			*" ring_pkts="*) ;;
			*) _lfail="$_lfail $_s$_lwn:no-ring-counts" ;;
			esac
			_wms=$(echo "$_lwl" | sed -n 's/.* total_netrx_ms=\([0-9]*\).*/\1/p')
			if [ "${_wms:-0}" -lt "${RXS_SOFTIRQ_MIN_MS:-1000}" ]; then
				_lfail="$_lfail $_s$_lwn:netrx-${_wms:-0}ms"
				rxs_say "window $_s$_lwn: hist files $(wc -l < "/tmp/sq-rb-hist$_s${_lwn}s.txt") and $(wc -l < "/tmp/sq-rb-hist$_s${_lwn}e.txt") lines; the trigger's hist now:"
				head -n 12 "$TR/events/synthetic/rxs_sirq/hist"
			fi
		done
	done
	echo "the table at the end (ethtool -x):"
	ethtool -x "$RXS_DUT" | sed 's/^/  /'
	awk 'FILENAME ~ /vec/ { cpus[$2] = $1; next }
		FILENAME ~ /irq0/ { b[$1] = $2; next }
		{ printf "RXSCALE-SOFTIRQ-VEC: irq=%s cpus=%s irqs=%d name=%s\n", $1,
			($3 in cpus) ? cpus[$3] : "-", $2 - b[$1], $3 }' \
		/tmp/sq-vec.txt /tmp/sq-irq0.txt /tmp/sq-irq1.txt
	grep -q 'error' /tmp/sq-loop.txt &&
		rxs_fail "rxscale-tune rebalance --loop printed an error"
	[ "$_lend" = ok ] ||
		rxs_fail "rxscale-tune rebalance --loop did not run to the end of session B: ${_lend:-no exit line}"
	[ -z "$_lfail" ] ||
		rxs_fail "loop phase checks failed:$_lfail (RXSCALE-REBAL-LOOP and -SOFTIRQ-REBAL lines above)"
}

if [ "${RXS_SOFTIRQ_REBALANCE:-0}" = 1 ]; then
	sq_rebalance_phase
	rxs_dmesg_check
	exit 0
fi
if [ "${RXS_SOFTIRQ_REBALANCE:-0}" = loop ]; then
	sq_rebalance_loop_phase
	rxs_dmesg_check
	exit 0
fi

rxs_step "iperf3 -R -P $RXS_SOFTIRQ_STREAMS -t $RXS_SOFTIRQ_SECONDS (DUT receives)"
rxs_in_peer taskset -c "$hk" iperf3 -s -1 -D -B "$RXS_PEER_IP" \
	--logfile /tmp/iperf3-server.log || rxs_fail "iperf3 server did not start"
sleep 1
rxs_irq_counts > /tmp/sq-irq0.txt
ethtool -S "$RXS_DUT" 2>/dev/null | grep -E '^ *rx[0-9]+_packets:' > /tmp/sq-ring0.txt
taskset -c "$app" timeout $((RXS_SOFTIRQ_SECONDS + 30)) iperf3 -c "$RXS_PEER_IP" \
	-B "$RXS_DUT_IP" -P "$RXS_SOFTIRQ_STREAMS" -t "$RXS_SOFTIRQ_SECONDS" -R -f m \
	--connect-timeout 5000 > /tmp/iperf3.txt 2>&1 &
ipid=$!
sleep 3
sq_snap 0
sleep $((RXS_SOFTIRQ_SECONDS - 5))
sq_snap 1
wait "$ipid"
rc=$?
rxs_irq_counts > /tmp/sq-irq1.txt
ethtool -S "$RXS_DUT" 2>/dev/null | grep -E '^ *rx[0-9]+_packets:' > /tmp/sq-ring1.txt
grep -E 'SUM.*receiver|error' /tmp/iperf3.txt | tail -n 2
[ "$rc" = 0 ] || { cat /tmp/iperf3.txt; rxs_fail "iperf3 exited with $rc"; }
mbits=$(grep 'SUM' /tmp/iperf3.txt | grep receiver | tail -n 1 |
	awk '{for (i = 1; i <= NF; i++) if ($i == "Mbits/sec") print $(i - 1)}')
[ -n "$mbits" ] || rxs_fail "iperf3: no receiver total"

rxs_step "softirq per CPU"
echo "DUT interrupt vectors during the run (+interrupts):"
awk 'NR == FNR { b[$1] = $2; next } { printf "  irq %s %-14s +%d\n", $1, $3, $2 - b[$1] }' \
	/tmp/sq-irq0.txt /tmp/sq-irq1.txt
if [ -s /tmp/sq-ring1.txt ]; then
	echo "packets per RX ring during the run (ethtool -S; RSS puts each flow on one ring):"
	awk 'NR == FNR { b[$1] = $2; next } { printf "  %s +%d\n", $1, $2 - b[$1] }' \
		/tmp/sq-ring0.txt /tmp/sq-ring1.txt
fi

# streams: "<id> <local port>" from iperf3, "<id> <Mbit/s>" per stream
sed -n 's/^\[ *\([0-9][0-9]*\)\] local [0-9.]* port \([0-9][0-9]*\) connected.*/\1 \2/p' \
	/tmp/iperf3.txt > /tmp/sq-ports.txt
sed -n 's/^\[ *\([0-9][0-9]*\)\].* \([0-9.][0-9.]*\) Mbits\/sec.*receiver.*/\1 \2/p' \
	/tmp/iperf3.txt > /tmp/sq-smbits.txt
# each stream's DUT CPU: most tcp_probe hits on a DUT CPU ("-" if none)
: > /tmp/sq-scpu.txt
if [ "$source" = hist ]; then
	sq_probe /tmp/sq-probe.txt
	awk -v ndut="$ndut" '
		FILENAME ~ /probe/ {
			hits[$1, $2] = $3
			if ($2 >= ndut) app[$1] += $3
			next
		}
		{
			best = "-"; max = 0; all = ""
			for (c = 0; c < ndut; c++) {
				h = hits[$2, c] + 0
				all = all (c ? "," : "") h
				if (h > max) { max = h; best = c }
			}
			print $1, $2, best, all, app[$2] + 0
		}' /tmp/sq-probe.txt /tmp/sq-ports.txt > /tmp/sq-scpu.txt
	echo "streams (iperf3 id, local port, DUT CPU = most segments in tcp_rcv_established there; segments per DUT CPU; in process context on other CPUs; Mbit/s):"
	awk 'NR == FNR { m[$1] = $2; next }
		{ printf "  [%s] port %s -> CPU %s (%s; other %s) %s Mbit/s\n", $1, $2, $3, $4, $5, m[$1] }' \
		/tmp/sq-smbits.txt /tmp/sq-scpu.txt
else
	echo "per-stream receiver Mbit/s (iperf3): $(awk '{ printf "%s ", $2 }' /tmp/sq-smbits.txt)"
fi

echo "per CPU over the measured window ($(awk 'NR == 1 { a = $1 } NR == 2 { printf "%.2f", $1 - a }' \
	/tmp/sq-up0.txt /tmp/sq-up1.txt) s):"
echo "  precise (hist): softirq time in ms, all vectors / NET_RX / NET_TX, and % of the window;"
echo "  ticks (/proc/stat, 10 ms): softirq ticks and % of the CPU's ticks; streams whose DUT CPU it is;"
echo "  vectors on the CPU (effective affinity)"
awk -v ndut="$ndut" -v hk="$hk" -v src="$source" '
	FILENAME ~ /up0/ { u0 = $1; next }
	FILENAME ~ /up1/ { u1 = $1; next }
	FILENAME ~ /hist0/ { h0[$1, $2] = $4; next }
	FILENAME ~ /hist1/ { d = $4 - h0[$1, $2]; all[$1] += d; v[$1, $2] = d; next }
	FILENAME ~ /stat0/ { for (i = 2; i <= 6; i++) s0[$1, i] = $i; t0[$1] = $7; next }
	FILENAME ~ /netrx0/ { n0[$1] = $2; next }
	FILENAME ~ /netrx1/ { n1[$1] = $2; next }
	FILENAME ~ /scpu/ { if ($3 != "-") ns[$3]++; next }
	FILENAME ~ /vec/ { vec[$1] = vec[$1] (vec[$1] == "" ? "" : ",") $2; next }
	{ cpu[$1] = 1; for (i = 2; i <= 6; i++) d6[$1, i] = $i - s0[$1, i]; dt[$1] = $7 - t0[$1] }
	END {
		W = (u1 - u0) * 1e9
		if (W <= 0) W = 1
		printf "  %-4s %-4s | %9s %9s %9s %6s | %6s %6s %6s %6s %6s | %8s %7s | %s\n",
			"CPU", "role", "soft ms", "NET_RX", "NET_TX", "%win",
			"ticks", "%soft", "%sys", "%usr", "%idle", "NET_RX n", "streams", "vectors"
		for (c = 0; c in cpu; c++) {
			T = dt[c] > 0 ? dt[c] : 1
			if (src == "hist")
				printf "  %-4s %-4s | %9.1f %9.1f %9.1f %6.1f |", c,
					(c < ndut ? "dut" : (c == hk ? "peer" : "app")),
					all[c] / 1e6, v[c, 3] / 1e6, v[c, 2] / 1e6, 100 * all[c] / W
			else
				printf "  %-4s %-4s | %9s %9s %9s %6s |", c,
					(c < ndut ? "dut" : (c == hk ? "peer" : "app")), "-", "-", "-", "-"
			printf " %6d %6.1f %6.1f %6.1f %6.1f | %8d %7s | %s\n", d6[c, 6],
				100 * d6[c, 6] / T, 100 * d6[c, 3] / T, 100 * d6[c, 2] / T,
				100 * d6[c, 4] / T, n1[c] - n0[c],
				(c < ndut && src == "hist" ? ns[c] + 0 : "-"), vec[c]
		}
	}' /tmp/sq-up0.txt /tmp/sq-up1.txt /tmp/sq-hist0.txt /tmp/sq-hist1.txt \
	/tmp/sq-stat0.txt /tmp/sq-netrx0.txt /tmp/sq-netrx1.txt /tmp/sq-scpu.txt \
	/tmp/sq-vec.txt /tmp/sq-stat1.txt
echo "softirqs raised per CPU over the window (/proc/softirqs deltas, counts not time):"
awk 'NR == FNR { if (FNR > 1) for (i = 2; i <= NF; i++) b[$1, i] = $i; next }
	FNR == 1 { printf "  %-9s", ""; for (i = 1; i <= NF; i++) printf " %8s", $i; print ""; next }
	{ printf "  %-9s", $1; for (i = 2; i <= NF; i++) printf " %8d", $i - b[$1, i]; print "" }' \
	/tmp/sq-softirqs0.txt /tmp/sq-softirqs1.txt

# the summary: share from the precise time (source=hist) or the ticks
summary=$(awk -v ndut="$ndut" -v src="$source" '
	FILENAME ~ /up0/ { u0 = $1; next }
	FILENAME ~ /up1/ { u1 = $1; next }
	FILENAME ~ /hist0/ { h0[$1, $2] = $4; next }
	FILENAME ~ /hist1/ {
		if ($1 < ndut) {
			d = $4 - h0[$1, $2]
			all[$1] += d
			if ($2 == 3) rx[$1] += d
		}
		next
	}
	FILENAME ~ /scpu/ { if ($3 != "-") ns[$3]++; else nn++; next }
	FILENAME ~ /stat0/ { s0[$1] = $6; t0[$1] = $7; next }
	$1 < ndut { tk[$1] = $6 - s0[$1]; tt[$1] = $7 - t0[$1] }
	function list(a, scale, fmt,    c, s) {
		s = ""
		for (c = 0; c < ndut; c++)
			s = s (c ? "," : "") sprintf(fmt, a[c] / scale)
		return s
	}
	function busiest(a,    c, b) {
		b = 0
		for (c = 1; c < ndut; c++)
			if (a[c] > a[b]) b = c
		return b
	}
	function sum(a,    c, s) {
		s = 0
		for (c = 0; c < ndut; c++)
			s += a[c]
		return s
	}
	function share(a,    s) {
		s = sum(a)
		return s > 0 ? 100 * a[busiest(a)] / s : 0
	}
	END {
		W = (u1 - u0) * 1e9
		if (W <= 0) W = 1
		for (c = 0; c < ndut; c++) {
			tp[c] = tt[c] > 0 ? 100 * tk[c] / tt[c] : 0
			hp[c] = 100 * all[c] / W
		}
		if (src == "hist") {
			b = busiest(all)
			printf "source=hist busiest=cpu%d share=%.1f ms=%s pct=%s", b,
				share(all), list(all, 1e6, "%.0f"), list(hp, 1, "%.1f")
			printf " netrx_ms=%s netrx_busiest=cpu%d netrx_share=%.1f", list(rx, 1e6, "%.0f"),
				busiest(rx), share(rx)
			printf " total_ms=%.0f", sum(all) / 1e6
		} else {
			b = busiest(tk)
			printf "source=ticks busiest=cpu%d share=%.1f pct=%s", b,
				share(tk), list(tp, 1, "%.1f")
		}
		printf " ticks=%d tick_busiest=cpu%d tick_share=%.1f soft=%s tick_pct=%s",
			sum(tk), busiest(tk), share(tk), list(tk, 1, "%d"), list(tp, 1, "%.1f")
		if (src == "hist")
			printf " streams_per_cpu=%s", list(ns, 1, "%d") (nn ? "+" nn "?" : "")
		printf "\n"
	}' /tmp/sq-up0.txt /tmp/sq-up1.txt /tmp/sq-hist0.txt /tmp/sq-hist1.txt \
	/tmp/sq-scpu.txt /tmp/sq-stat0.txt /tmp/sq-stat1.txt)
# for comparison (not a goal): the busiest RX ring's share of the
# received packets over the whole run (ethtool -S; a driver without
# per-ring counters has none). Under TCG a NAPI poll's softirq time
# depends more on the number of polls than on the packets they carry,
# so the two shares differ.
rings=$(awk 'NR == FNR { b[$1] = $2; next }
	{ d = $2 - b[$1]; sum += d; if (d > max) max = d; l = l (l == "" ? "" : ",") d }
	END { if (sum > 0) printf " ring_pkts=%s ring_share=%.1f", l, 100 * max / sum }' \
	/tmp/sq-ring0.txt /tmp/sq-ring1.txt)
txmode=driver
[ "$RXS_SOFTIRQ_TX_TO_APP" = 1 ] && txmode=app
echo "RXSCALE-SOFTIRQ: driver=$drv streams=$RXS_SOFTIRQ_STREAMS seconds=$RXS_SOFTIRQ_SECONDS dutcpus=$dutlist tx=$txmode mbits=$mbits $summary$rings"
# one line per DUT vector, for tests/bench/demo.sh: the CPUs it was
# delivered to (effective affinity as set above) and its interrupts
# during the run ("-": a vector not requested when the affinity was set)
awk 'FILENAME ~ /vec/ { cpus[$2] = $1; next }
	FILENAME ~ /irq0/ { b[$1] = $2; next }
	{ printf "RXSCALE-SOFTIRQ-VEC: irq=%s cpus=%s irqs=%d name=%s\n", $1,
		($3 in cpus) ? cpus[$3] : "-", $2 - b[$1], $3 }' \
	/tmp/sq-vec.txt /tmp/sq-irq0.txt /tmp/sq-irq1.txt
sq_lro_phase
# the goals are on NET_RX's own share (hist); ticks have no per-vector
# time, the all-softirq share stands in
share=$(echo "$summary" | sed -n 's/.* netrx_share=\([0-9.]*\).*/\1/p')
what="NET_RX softirq time"
if [ -z "$share" ]; then
	share=$(echo "$summary" | sed -n 's/.* share=\([0-9.]*\).*/\1/p')
	what="softirq time (all vectors)"
fi
if [ "$source" = hist ]; then
	ms=$(echo "$summary" | sed -n 's/.* total_ms=\([0-9]*\).*/\1/p')
	[ "$ms" -ge "$RXS_SOFTIRQ_MIN_MS" ] ||
		rxs_fail "the DUT CPUs spent $ms ms in softirq, < $RXS_SOFTIRQ_MIN_MS ms: too little receive load to measure a share"
else
	ticks=$(echo "$summary" | sed -n 's/.* ticks=\([0-9]*\).*/\1/p')
	[ "$ticks" -ge "$RXS_SOFTIRQ_MIN_TICKS" ] ||
		rxs_fail "the DUT CPUs took $ticks softirq ticks, < $RXS_SOFTIRQ_MIN_TICKS: too little receive load to measure a share"
fi
if [ -n "${RXS_SOFTIRQ_MAX_SHARE:-}" ]; then
	awk -v s="$share" -v g="$RXS_SOFTIRQ_MAX_SHARE" 'BEGIN { exit !(s <= g) }' ||
		rxs_fail "busiest DUT CPU has $share% of the $what ($source), goal <= $RXS_SOFTIRQ_MAX_SHARE%"
fi
if [ -n "${RXS_SOFTIRQ_MIN_SHARE:-}" ]; then
	awk -v s="$share" -v g="$RXS_SOFTIRQ_MIN_SHARE" 'BEGIN { exit !(s >= g) }' ||
		rxs_fail "busiest DUT CPU has $share% of the $what ($source), goal >= $RXS_SOFTIRQ_MIN_SHARE%"
fi
rxs_dmesg_check
