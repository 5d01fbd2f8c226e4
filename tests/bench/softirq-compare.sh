#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Issue 4: how evenly receive softirq work spreads over the CPUs serving the
# RTL8127, upstream r8169 against the project's r8127, on the same QEMU
# model and guest. Runs scenarios/softirq-share.sh for both drivers (6
# vCPUs: CPUs 0-3 serve the DUT, CPU 4 runs the receiving iperf3, CPU 5 the
# peer; iperf3 -R -P 20 for 30 s; see the scenario for the set-up and what
# is measured), prints each run's per-CPU numbers and the host's load
# average before and after it (other guests on the host slow this one
# down), then
#
#   driver | busiest DUT CPU's NET_RX share | its all-softirq share |
#   source | per-CPU softirq % | streams per DUT CPU | busiest ring's RX
#   packet share | Mbit/s
#
# The gate is the NET_RX share: the receive softirq time (NET_RX, vector
# 3) of the DUT CPU that has the most of it, over the NET_RX time summed
# over DUT CPUs 0-3. Beside it, the all-softirq share (every vector:
# timers, RCU, NET_TX, ... of the CPU busiest in all of them, over the
# sum), which is not gated. Its source is named: "hist" = time from
# softirq_entry to softirq_exit summed per CPU and vector by a hist
# trigger in the guest (precise), "ticks" = /proc/stat softirq ticks
# (sampled at the tick, all vectors together: only when tracing is not
# available, and then the gate falls back to the all-softirq share, said
# so in the table). Goals (fixed): r8127 share <= 40 %, r8169 share >= 90 %.
# With --runs N (N > 1) the spread of both shares per driver follows:
# min / median / max over the runs.
#
# What gates, and why not "every r8127 run <= 40 %": each boot draws a
# random RSS key (netdev_rss_key_fill) and iperf3 random source ports, so
# where the 20 flows land is luck: with 20 flows hashed uniformly onto 4
# rings, one ring gets 9 or more of them (over 40 % of the flows) in about
# one boot in six (binomial: 4 x P(X >= 9), X ~ B(20, 1/4) = 0.16; issue 20
# measured the same and asks for a rebalancer). No driver that honours the
# table can beat that placement, so a per-run 40 % gate would fail a
# correct driver in ~58 % of 5-run sets. The gate is therefore:
#   - r8169: every run >= 90 % (one ring, one vector: never luck);
#   - r8127, every run: the busiest CPU's NET_RX share is at most the
#     busiest ring's share of received packets (ring_share, from the
#     per-ring counters) plus RING_SLACK points, i.e. the driver spreads
#     receive work as the hardware spread the packets and never stacks
#     rings on one CPU; and no two RX vectors are delivered to the same
#     CPU (effective affinity, RXSCALE-SOFTIRQ-VEC lines);
#   - r8127: the median over the runs <= 40 %.
# A run over 40 % is printed as such, with its streams per ring.
#
# TX vectors: the runs move r8127's TX completion vectors ("*tx-<q>") to
# the application CPU (the scenario's RXS_SOFTIRQ_TX_TO_APP=1; --tx driver
# leaves them where r8127 puts them: tx-q on CPU q, beside rx-q). TX
# completion NAPI also runs in NET_RX, and with -R the DUT sends one ACK per
# one or two segments, so with the driver's placement CPUs 0 and 1 carry
# TX completion polls the ring counts do not see: in check-full on
# 2026-12-03 run 2 had tx-0 raise 4647 interrupts on CPU 0 beside rx-0's
# 3037, CPU 0's NET_RX share was 51.6 % against its ring's 42.8 % of the
# packets, and the per-run check failed a driver that spread RX correctly.
# On the application CPU the TX work is out of the DUT CPUs' sums, which
# then hold receive work only. Upstream r8169 has one vector for
# everything, none named tx-, so its runs are unchanged.
# Exits 1 if a gate above is missed or a run fails, 0 otherwise.
#
# usage: tests/bench/softirq-compare.sh [--kernel 7.3] [--runs N] [--smp 6]
#            [--module r8127.ko] [--tx app|driver] [--reuse]
#            [run-scenario.sh options...]
# Without --module, r8127.ko is built from this checkout
# (tests/bench/build-modules.sh). --runs N repeats the pair N times and
# adds the spread (min / median / max) of the shares. Scenario settings go through
# run-scenario.sh's --env, e.g. --env RXS_SOFTIRQ_STREAMS=8,
# --env RXS_SOFTIRQ_TRACE=0 (no tracing: ticks). --reuse runs no
# guest: it judges the logs already in the log directory again.
# Logs: build/bench/softirq-*.log

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/common.sh"
. "$here/lib.sh"

R8127_MAX_SHARE=40
R8169_MIN_SHARE=90
RING_SLACK=5

kernel=7.3
runs=1
smp=6
ko=
args=
reuse=0
tx=app
while [ $# -gt 0 ]; do
	case $1 in
	--kernel) kernel=$2; shift 2 ;;
	--runs) runs=$2; shift 2 ;;
	--smp) smp=$2; shift 2 ;;
	--module) ko=$2; shift 2 ;;
	--reuse) reuse=1; shift ;;
	--tx) tx=$2; shift 2 ;;
	-h|--help) sed -n '3,/^# Logs:/s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) args="$args $1"; shift ;;
	esac
done
case $runs in ''|*[!0-9]*|0) rxs_die "--runs wants a positive number" ;; esac
case $tx in
app) txenv=1 ;;
driver) txenv=0 ;;
*) rxs_die "--tx wants app or driver, not '$tx'" ;;
esac

if [ "$reuse" = 1 ]; then
	ko=/dev/null
elif [ -z "$ko" ]; then
	ko=$("$here/build-modules.sh" "$kernel-arm64" | grep '/r8127.ko$') ||
		rxs_die "building r8127.ko for the $kernel guest failed"
fi
[ "$reuse" = 1 ] || [ -f "$ko" ] || rxs_die "module $ko not found"
logs=${RXS_BENCH_LOGS:-$RXS_TOP/build/bench}
mkdir -p "$logs"

rc=0
rows=
streams=
i=1
while [ "$i" -le "$runs" ]; do
	for drv in r8169 r8127; do
		log=$logs/softirq-$drv-$i.log
		set --
		[ "$drv" = r8127 ] && set -- --module "$ko"
		echo "== run $i/$runs: $drv (kernel $kernel, rtl8127 model, $smp vCPUs)"
		load0=$(sed 's/ .*//' /proc/loadavg)
		if [ "$reuse" = 1 ]; then
			# --reuse: judge the logs of an earlier run again
			grep -q '^RXSCALE-RESULT: 0' "$log" 2>/dev/null
			run_rc=$?
			load0=-
		else
			# shellcheck disable=SC2086
			"$here/run-scenario.sh" --show --kernel "$kernel" --nic rtl8127 \
				--smp "$smp" --timeout 400 "$@" \
				--env RXS_SOFTIRQ_TX_TO_APP=$txenv $args \
				"$here/scenarios/softirq-share.sh" > "$log" 2>&1
			run_rc=$?
		fi
		load1=$(sed 's/ .*//' /proc/loadavg)
		[ "$reuse" = 1 ] && load1=-
		echo "   host load average (1 min) before/after: $load0 / $load1"
		# the scenario's raw per-CPU numbers
		sed -n '/^DUT interrupt vectors during the run/,/^RXSCALE-SOFTIRQ:/p' "$log" |
			grep -v '^RXSCALE-SOFTIRQ:'
		line=$(grep '^RXSCALE-SOFTIRQ:' "$log" | tail -n 1)
		if [ "$run_rc" != 0 ] || [ -z "$line" ]; then
			grep -E '^(RXSCALE-FAIL|FAIL)' "$log"
			echo "   $drv run $i FAILED (log $log)"
			rows="$rows
$drv $i FAIL"
			rc=1
			continue
		fi
		all=$(rxsb_field share "$line")
		busiest_all=$(rxsb_field busiest "$line")
		src=$(rxsb_field source "$line")
		# the gate: NET_RX's own share (hist); with ticks there is no
		# per-vector time, the all-softirq share stands in (marked)
		share=$(rxsb_field netrx_share "$line")
		busiest=$(rxsb_field netrx_busiest "$line")
		gsrc=NET_RX
		if [ -z "$share" ]; then
			share=$all
			busiest=$busiest_all
			gsrc=all
		fi
		pct=$(rxsb_field pct "$line")
		mbits=$(rxsb_field mbits "$line")
		spc=$(rxsb_field streams_per_cpu "$line")
		streams=$(rxsb_field streams "$line")
		tx=$(rxsb_field tx "$line")
		ring=$(rxsb_field ring_share "$line")
		if [ "$drv" = r8127 ]; then
			# the RX vectors' CPUs as the kernel delivered them
			# (effective affinity): one RX ring per CPU
			stacked=$(rxsb_stacked_rx_cpus "$log")
			# over 40 % alone does not fail the run (the median
			# gates, see the header); more than the packets brought does
			ok=$(awk -v s="$share" -v g="$R8127_MAX_SHARE" -v r="${ring:-}" -v k="$RING_SLACK" \
				-v st="$stacked" 'BEGIN {
				if (st != "") { print "MISSED(rx-vectors-stacked-on-cpu-" st ")"; exit }
				if (r == "") { print "MISSED(no-ring-share)"; exit }
				if (s > r + k) { print "MISSED(over-ring-share)"; exit }
				print (s <= g) ? "met" : "over(placement)" }')
			goal="<= $R8127_MAX_SHARE% median, <= ring share + $RING_SLACK"
		else
			ok=$(awk -v s="$share" -v g="$R8169_MIN_SHARE" 'BEGIN { print (s >= g) ? "met" : "MISSED" }')
			goal=">= $R8169_MIN_SHARE%"
		fi
		case $ok in met|over*) ;; *) rc=1 ;; esac
		echo "   $drv run $i: NET_RX share $share% on ${busiest:-?} ($gsrc, $src; goal $goal: $ok), all softirq $all% on $busiest_all, busiest ring ${ring:--}% of packets, streams per CPU ${spc:--}, $mbits Mbit/s, TX vectors: $tx"
		rows="$rows
$drv $i $share ${busiest:--} $src $pct ${spc:--} $mbits $ok $load0/$load1 ${ring:--} $all $busiest_all $gsrc"
	done
	i=$((i + 1))
done

echo
echo "Busiest DUT CPU's share of the NET_RX softirq time over DUT CPUs 0-3 (the gate),"
echo "and of all softirq time (beside it, not gated); iperf3 -R -P ${streams:-?} (the DUT"
echo "receives), kernel $kernel, same RTL8127 model (TCG); source hist = softirq_entry..exit"
echo "time per CPU and vector (hist trigger), ticks = /proc/stat (all vectors: the gate then"
echo "uses the all-softirq share, marked 'all'); r8127's TX vectors: --tx $tx:"
echo
echo "| driver | run | NET_RX share (busiest CPU) | all-softirq share (busiest CPU) | source | per-CPU softirq % of time (CPU0,1,2,3) | streams per DUT CPU | busiest ring's RX packet share | Mbit/s | host load before/after | goal |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
medfile=$logs/softirq-median.txt
rm -f "$medfile"
echo "$rows" | awk -v g27="$R8127_MAX_SHARE" -v g69="$R8169_MIN_SHARE" -v slack="$RING_SLACK" \
	-v medfile="$medfile" "$RXSB_AWK_MEDIAN"'
	NF == 0 { next }
	{
		goal = ($1 == "r8127") ? "<= " g27 "% median, <= ring share + " slack : ">= " g69 "%"
		if ($3 == "FAIL") {
			printf "| %s | %s | run failed | | | | | | | | %s: MISSED |\n", $1, $2, goal
			next
		}
		printf "| %s | %s | %s%% (%s)%s | %s%% (%s) | %s | %s | %s | %s%s | %s | %s | %s: %s |\n", $1, $2,
			$3, $4, ($14 == "all" ? " all" : ""), $12, $13, $5, $6, $7, $11,
			($11 == "-" ? "" : "%"), $8, $10, goal, $9
		n[$1]++
		rx[$1, n[$1]] = $3 + 0
		al[$1, n[$1]] = $12 + 0
	}
	END {
		runs = 0
		for (d in n)
			if (n[d] > runs) runs = n[d]
		# the r8127 median gates (see the header); written for the
		# shell, from the same numbers as the spread below
		if (n["r8127"]) {
			k = n["r8127"]
			for (i = 1; i <= k; i++) a[i] = rx["r8127", i]
			print median(a, k) > medfile
			delete a
		}
		if (runs > 1) {
			print ""
			print "Spread over the runs (min / median / max):"
			print ""
			print "| driver | runs | NET_RX share (gate) | all-softirq share |"
			print "| --- | --- | --- | --- |"
			for (d in n) {
				k = n[d]
				for (i = 1; i <= k; i++) { a[i] = rx[d, i]; b[i] = al[d, i] }
				ma = median(a, k); mb = median(b, k)
				printf "| %s | %d | %.1f / %.1f / %.1f %% | %.1f / %.1f / %.1f %% |\n",
					d, k, a[1], ma, a[k], b[1], mb, b[k]
			}
		}
	}'
# the r8127 median gate (see the header), computed by the table's awk
med=$(cat "$medfile" 2>/dev/null)
over=$(echo "$rows" | grep -c '^r8127 .* over(placement) ')
echo
if [ -z "$med" ]; then
	echo "r8127: no run measured"
	rc=1
elif awk -v m="$med" -v g="$R8127_MAX_SHARE" 'BEGIN { exit !(m <= g) }'; then
	echo "r8127: median NET_RX share $med% <= $R8127_MAX_SHARE% (met); $over run(s) over $R8127_MAX_SHARE% by flow placement"
else
	echo "r8127: median NET_RX share $med% > $R8127_MAX_SHARE% (MISSED)"
	rc=1
fi
if [ "$rc" = 0 ]; then
	echo "softirq-compare: goals met (r8127 median <= $R8127_MAX_SHARE% and each run <= its busiest ring's packet share + $RING_SLACK, r8169 >= $R8169_MIN_SHARE% each run)"
else
	echo "softirq-compare: FAILED (a goal missed or a run failed; logs in $logs)"
fi
exit $rc
