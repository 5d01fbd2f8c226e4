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
#    one CPU of it);
#  - RPS and RFS are off on the DUT and NAPI is not threaded, so receive
#    processing runs in softirq on the CPU that took the interrupt, and any
#    spread comes from the NIC's RSS alone.
#
# Traffic: iperf3 -R -P RXS_SOFTIRQ_STREAMS (8) for RXS_SOFTIRQ_SECONDS (20)
# s, the DUT receives. Measured over the middle of the run (2 s after the
# start to 2 s before the end): softirq ticks per CPU from /proc/stat
# (USER_HZ; all softirq time, ksoftirqd included, NET_RX dominates under
# load: /proc/softirqs NET_RX counts are printed next to it).
#   share = busiest DUT CPU's softirq ticks / sum over the DUT CPUs
# Note: while the receiving process holds a socket's lock, TCP queues
# segments to the socket backlog and processes them in the process's
# context (system time of the application CPU, not softirq); that part of
# the receive work is outside the measurement, for every driver alike.
#
# Prints a per-CPU table and one "RXSCALE-SOFTIRQ: ..."
# summary (parsed by tests/bench/softirq-compare.sh). Fails when the DUT
# CPUs took fewer than RXS_SOFTIRQ_MIN_TICKS (default 100 = 1 s) softirq
# ticks in all (too little load to measure a share), or when optional
# goals are missed: RXS_SOFTIRQ_MAX_SHARE (percent, e.g. 40 for a
# multi-queue driver) or RXS_SOFTIRQ_MIN_SHARE (e.g. 90 for one vector).
. ./lib.sh

RXS_SOFTIRQ_STREAMS=${RXS_SOFTIRQ_STREAMS:-8}
RXS_SOFTIRQ_SECONDS=${RXS_SOFTIRQ_SECONDS:-20}
RXS_SOFTIRQ_MIN_TICKS=${RXS_SOFTIRQ_MIN_TICKS:-100}

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
[ "$RXS_SOFTIRQ_SECONDS" -ge 8 ] || rxs_fail "RXS_SOFTIRQ_SECONDS must be >= 8"

rxs_setup
rxs_wait_link 20
rxs_ping 3
drv=$(basename "$(readlink -f "/sys/class/net/$RXS_DUT/device/driver")")
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
for irq in $(rxs_pci_irqs "$RXS_DUT_PCI"); do
	name=$(awk -v i="$irq:" '$1 == i { print $NF }' /proc/interrupts)
	# allocated but not requested by the driver: no handler, never fires
	if [ -z "$name" ] || [ ! -e "/proc/irq/$irq/smp_affinity_list" ]; then
		nfree=$((nfree + 1))
		continue
	fi
	eff=$(cat "/proc/irq/$irq/effective_affinity_list" 2>/dev/null || echo "")
	last=$(echo "$eff" | tr -c '0-9' ' ' | awk '{ print $NF }')
	if [ -n "$last" ] && [ "$last" -lt "$ndut" ]; then
		rxs_say "DUT vector $name (irq $irq): on CPUs $eff, left where the driver put it"
		nvec=$((nvec + 1))
		continue
	fi
	q=$(echo "$name" | sed -n 's/.*rx-\([0-9][0-9]*\)$/\1/p')
	if [ -n "$q" ]; then
		cpus=$((q % ndut))
	else
		cpus=$dutlist
	fi
	rxs_say "DUT vector ${name:-?}"
	rxs_irq_set_cpus "$irq" "$cpus"
	nvec=$((nvec + 1))
done
[ "$nfree" = 0 ] || rxs_say "($nfree more vectors allocated but not requested by the driver)"
[ "$nvec" -gt 0 ] || rxs_fail "no MSI/MSI-X vectors found for $RXS_DUT"

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
sleep 2
rxs_cpu_ticks /tmp/sq-stat0.txt
rxs_net_rx_count /tmp/sq-netrx0.txt
cp /proc/softirqs /tmp/sq-softirqs0.txt
sleep $((RXS_SOFTIRQ_SECONDS - 4))
rxs_cpu_ticks /tmp/sq-stat1.txt
rxs_net_rx_count /tmp/sq-netrx1.txt
cp /proc/softirqs /tmp/sq-softirqs1.txt
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
echo "per-stream receiver Mbit/s (iperf3): $(grep receiver /tmp/iperf3.txt | grep -v SUM |
	awk '{for (i = 1; i <= NF; i++) if ($i == "Mbits/sec") printf "%s ", $(i - 1)}')"
if [ -s /tmp/sq-ring1.txt ]; then
	echo "packets per RX ring during the run (ethtool -S; RSS puts each flow on one ring):"
	awk 'NR == FNR { b[$1] = $2; next } { printf "  %s +%d\n", $1, $2 - b[$1] }' \
		/tmp/sq-ring0.txt /tmp/sq-ring1.txt
fi
echo "per CPU over the measured window (ticks of 10 ms; % of the CPU's time):"
awk -v ndut="$ndut" -v hk="$hk" '
	FILENAME ~ /stat0/ { for (i = 2; i <= 6; i++) s0[$1, i] = $i; t0[$1] = $7; next }
	FILENAME ~ /netrx0/ { n0[$1] = $2; next }
	FILENAME ~ /netrx1/ { n1[$1] = $2; next }
	{ cpu[$1] = 1; for (i = 2; i <= 6; i++) d[$1, i] = $i - s0[$1, i]; dt[$1] = $7 - t0[$1] }
	END {
		printf "  %-4s %-4s %8s %7s %7s %7s %7s %7s %10s\n", "CPU", "role",
			"soft", "%soft", "%irq", "%sys", "%usr", "%idle", "NET_RX"
		for (c = 0; c in cpu; c++) {
			T = dt[c] > 0 ? dt[c] : 1
			printf "  %-4s %-4s %8d %7.1f %7.1f %7.1f %7.1f %7.1f %10d\n", c,
				(c < ndut ? "dut" : (c == hk ? "peer" : "app")), d[c, 6], 100 * d[c, 6] / T,
				100 * d[c, 5] / T, 100 * d[c, 3] / T, 100 * d[c, 2] / T,
				100 * d[c, 4] / T, n1[c] - n0[c]
		}
	}' /tmp/sq-stat0.txt /tmp/sq-netrx0.txt /tmp/sq-netrx1.txt /tmp/sq-stat1.txt
echo "softirqs raised per CPU over the window (/proc/softirqs deltas, counts not time):"
awk 'NR == FNR { if (FNR > 1) for (i = 2; i <= NF; i++) b[$1, i] = $i; next }
	FNR == 1 { printf "  %-9s", ""; for (i = 1; i <= NF; i++) printf " %8s", $i; print ""; next }
	{ printf "  %-9s", $1; for (i = 2; i <= NF; i++) printf " %8d", $i - b[$1, i]; print "" }' \
	/tmp/sq-softirqs0.txt /tmp/sq-softirqs1.txt
summary=$(awk -v ndut="$ndut" '
	NR == FNR { s0[$1] = $6; t0[$1] = $7; next }
	$1 < ndut {
		d = $6 - s0[$1]; T = $7 - t0[$1]
		sum += d
		if (d > max || best == "") { max = d; best = $1 }
		soft = soft (soft == "" ? "" : ",") d
		p = 0
		if (T > 0)
			p = 100 * d / T
		pct = pct (pct == "" ? "" : ",") sprintf("%.1f", p)
	}
	END {
		share = 0
		if (sum > 0)
			share = 100 * max / sum
		printf "busiest=cpu%s share=%.1f ticks=%d soft=%s pct=%s\n", best,
			share, sum, soft, pct
	}' /tmp/sq-stat0.txt /tmp/sq-stat1.txt)
echo "RXSCALE-SOFTIRQ: driver=$drv streams=$RXS_SOFTIRQ_STREAMS seconds=$RXS_SOFTIRQ_SECONDS dutcpus=$dutlist mbits=$mbits $summary"
share=$(echo "$summary" | sed -n 's/.*share=\([0-9.]*\).*/\1/p')
ticks=$(echo "$summary" | sed -n 's/.*ticks=\([0-9]*\).*/\1/p')
[ "$ticks" -ge "$RXS_SOFTIRQ_MIN_TICKS" ] ||
	rxs_fail "the DUT CPUs took $ticks softirq ticks, < $RXS_SOFTIRQ_MIN_TICKS: too little receive load to measure a share"
if [ -n "${RXS_SOFTIRQ_MAX_SHARE:-}" ]; then
	awk -v s="$share" -v g="$RXS_SOFTIRQ_MAX_SHARE" 'BEGIN { exit !(s <= g) }' ||
		rxs_fail "busiest DUT CPU has $share% of the softirq time, goal <= $RXS_SOFTIRQ_MAX_SHARE%"
fi
if [ -n "${RXS_SOFTIRQ_MIN_SHARE:-}" ]; then
	awk -v s="$share" -v g="$RXS_SOFTIRQ_MIN_SHARE" 'BEGIN { exit !(s >= g) }' ||
		rxs_fail "busiest DUT CPU has $share% of the softirq time, goal >= $RXS_SOFTIRQ_MIN_SHARE%"
fi
rxs_dmesg_check
