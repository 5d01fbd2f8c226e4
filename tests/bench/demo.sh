#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make demo: where the receive work of a 10G NIC runs, upstream r8169
# against the project's r8127 on the same QEMU model of the RTL8127, then
# upstream mtk_eth against mt7988_eth on the MT7988 model (with HW LRO's
# segments per skb beside it), then rzg2l_gbeth on the GbEth model as a
# single-core board: its defaults against coalescing and threading off
# and against upstream ravb (gbeth-compare.sh, one run each).
#
# Builds QEMU (with the project's models), the guest and r8127.ko, then
# runs scenarios/softirq-share.sh once per driver (the measurement of
# softirq-compare.sh, shortened): 6 vCPUs, CPUs 0-3 serve the NIC, CPU 4
# runs the receiving iperf3, CPU 5 the peer; iperf3 -R -P 20 for 15 s.
# Softirq time per CPU is exact (a tracefs hist trigger in the guest, not
# mpstat's tick samples, which miss most softirq time on mostly idle CPUs:
# see docs/bench.md). Per driver it draws the DUT CPUs' shares of the
# receive softirq time (NET_RX) and the interrupts each NIC vector took,
# then a side-by-side table and the ratio of the busiest CPU's shares.
# The MT7988 runs add a phase with GRO off (softirq-share.sh
# RXS_SOFTIRQ_LRO=1): one stream's segments sent by the peer per skb the
# DUT's stack received, LRO on where the driver has it.
#
# usage: tests/bench/demo.sh [--kernel 7.3|6.1] [--nic NIC] [--module X.ko]...
#            [run-scenario.sh options, e.g. --env RXS_SOFTIRQ_SECONDS=30]
#   --kernel 6.1: its r8169 does not know the RTL8127, so only r8127 runs.
#   --nic NIC, --module X.ko: one run with that NIC (its stock driver) or
#       those modules instead of the comparison.
# Without the rtl8127 model in the QEMU build it falls back to one run on
# virtio-net-pci, and says so before and after.
# Logs: build/demo/<run>.log. Exits 1 if a run failed.

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/common.sh"

kernel=7.3
nic=rtl8127
mods=
args=
while [ $# -gt 0 ]; do
	case $1 in
	--kernel) kernel=$2; shift 2 ;;
	--nic) nic=$2; shift 2 ;;
	--module) mods="$mods $2"; shift 2 ;;
	-h|--help) sed -n '3,23s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) args="$args $1"; shift ;;
	esac
done

logs=$RXS_TOP/build/demo
# the demo's defaults; options given to demo.sh come later and win
defaults="--smp 6 --timeout 400 --env RXS_SOFTIRQ_SECONDS=15"

banner() {
	echo "########################################################################"
	for l in "$@"; do echo "### $l"; done
	echo "########################################################################"
}

# field NAME LINE: the value of NAME=value in an RXSCALE-SOFTIRQ line
field() {
	echo "$2" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1
}

# run LABEL [run-scenario.sh options]: one guest, output to
# $logs/LABEL.log; says how it went in one line (the console only comes
# at the end of a run, so nothing is streamed).
run() {
	_label=$1
	shift
	printf '%s' "== run $_label: guest on kernel $kernel, NIC '$nic' under TCG, TCP into the DUT ... "
	_t0=$(date +%s)
	# shellcheck disable=SC2086
	"$here/run-scenario.sh" --show --kernel "$kernel" --nic "$nic" $defaults \
		"$@" $args "$here/scenarios/softirq-share.sh" > "$logs/$_label.log" 2>&1
	_rc=$?
	echo "$(tail -n 1 "$logs/$_label.log" | cut -d ' ' -f 1) after $(($(date +%s) - _t0)) s"
	if [ "$_rc" != 0 ] || ! grep -q '^RXSCALE-SOFTIRQ:' "$logs/$_label.log"; then
		grep -E '^(RXSCALE-FAIL|FAIL|SKIP)' "$logs/$_label.log"
		echo "   $_label: no measurement (log: $logs/$_label.log)"
		return 1
	fi
	return 0
}

# sline LABEL: the run's RXSCALE-SOFTIRQ line
sline() {
	grep '^RXSCALE-SOFTIRQ:' "$logs/$1.log" | tail -n 1
}

# desc LABEL: who wrote the driver of a run
desc() {
	case $1 in
	r8169|mtk_eth) echo "upstream" ;;
	r8127|mt7988_eth) echo "rxscale" ;;
	*) field driver "$(sline "$1")" ;;
	esac
}

# shares LINE: "<cpu> <share %> <amount>" per DUT CPU of the headline
# measure: NET_RX time (hist), else all softirq time (hist without the
# per-vector field), else softirq ticks (no tracing); a first line
# "<what>|<unit>" names it. Bars, table and ratio use these numbers.
shares() {
	_l=$(field netrx_ms "$1")
	_what="receive softirq (NET_RX)"
	_unit=ms
	if [ -z "$_l" ] && [ "$(field source "$1")" = hist ]; then
		_l=$(field ms "$1")
		_what="softirq (all vectors)"
	elif [ -z "$_l" ]; then
		_l=$(field soft "$1")
		_what="softirq ticks (sampled: no tracing)"
		_unit=ticks
	fi
	echo "$_what|$_unit"
	echo "$_l" | tr ',' '\n' | awk '{ v[NR - 1] = $1; s += $1 }
		END { for (c = 0; c in v; c++) printf "%d %.1f %s\n", c, (s > 0 ? 100 * v[c] / s : 0), v[c] }'
}

# busiest LINE: "<cpu> <share %>" of the headline measure
busiest() {
	shares "$1" | awk 'NR > 1 && (b == "" || $2 > max) { b = $1; max = $2 }
		END { print b, max }'
}

# bars LABEL: per DUT CPU its share of the DUT CPUs' headline softirq
# time (40 characters = 100 %), then the interrupts per NIC vector.
bars() {
	_line=$(sline "$1")
	_w=$(sed -n 's/^per CPU over the measured window (\([0-9.]*\) s).*/\1/p' "$logs/$1.log")
	echo
	echo "== $1 ($(desc "$1")): $(field streams "$_line") TCP streams into the DUT for $(field seconds "$_line") s, measured over ${_w:-?} s"
	shares "$_line" | awk -F '|' -v pct="$(field pct "$_line")" '
		NR == 1 {
			printf "  each CPU'\''s share of the DUT CPUs'\'' %s time:\n", $1
			printf "  %-45s %7s %8s  %s\n", "", "share", $2, "in softirq"
			n = split(pct, p, ",")
			FS = " "
			next
		}
		{
			bar = ""
			for (i = 0; i < int($2 * 0.4 + 0.5); i++) bar = bar "#"
			printf "  CPU%d %-40s %5.1f %% %8s  %10s\n", $1, bar, $2, $3,
				(n ? sprintf("%.1f %%", p[$1 + 1]) : "")
		}'
	echo "  interrupts per NIC vector during the run:"
	grep '^RXSCALE-SOFTIRQ-VEC:' "$logs/$1.log" | awk '
		{
			for (i = 2; i <= NF; i++) {
				k = substr($i, 1, index($i, "=") - 1)
				f[k] = substr($i, length(k) + 2)
			}
			n++
			name[n] = f["name"]; cpus[n] = f["cpus"]; irqs[n] = f["irqs"]
			if (f["irqs"] + 0 > max) max = f["irqs"] + 0
			if (length(f["name"]) > w) w = length(f["name"])
		}
		END {
			if (!n) print "  (none listed)"
			for (i = 1; i <= n; i++) {
				bar = ""
				for (j = 0; max && j < int(40 * irqs[i] / max + 0.5); j++) bar = bar "#"
				printf "  %-" w "s on CPU%-4s %-40s %8d\n", name[i], cpus[i], bar, irqs[i]
			}
		}'
}

# facts LABEL: the run's column of the side-by-side table, one value a
# line, in the order of the row names in compare()
facts() {
	_line=$(sline "$1")
	_vec=$(grep -c '^RXSCALE-SOFTIRQ-VEC:' "$logs/$1.log")
	_fired=$(grep '^RXSCALE-SOFTIRQ-VEC:' "$logs/$1.log" | grep -cv ' irqs=0 ')
	busiest "$_line" | awk '{ printf "%.1f %% (CPU%s)\n", $2, $1 }'
	echo "$(field share "$_line") % ($(field busiest "$_line" | sed 's/cpu/CPU/'))"
	echo "$_fired of $_vec"
	field streams_per_cpu "$_line"
	field mbits "$_line"
}

# compare A B MODEL: the side-by-side table and the ratio of the busiest
# CPU's shares of the headline measure
compare() {
	_la=$(sline "$1")
	_what=$(shares "$_la" | head -n 1 | cut -d '|' -f 1)
	facts "$1" > "$logs/.facts-$1"
	facts "$2" > "$logs/.facts-$2"
	echo
	echo "== side by side: same $3 model, same guest, DUT CPUs $(field dutcpus "$_la")"
	printf '%s\n' "busiest CPU, $_what" "busiest CPU, all softirq" \
		"NIC vectors that fired" "streams per DUT CPU" "Mbit/s (TCG)" |
		paste -d '|' - "$logs/.facts-$1" "$logs/.facts-$2" |
		awk -F '|' -v a="$1 ($(desc "$1"))" -v b="$2 ($(desc "$2"))" '
			NR == 1 { printf "  %-39s %-18s %s\n", "", a, b }
			{ printf "  %-39s %-18s %s\n", $1, $2, $3 }'
	rm -f "$logs/.facts-$1" "$logs/.facts-$2"
	echo
	_a=$(busiest "$_la" | cut -d ' ' -f 2)
	_b=$(busiest "$(sline "$2")" | cut -d ' ' -f 2)
	awk -v a="$_a" -v b="$_b" -v na="$1" -v nb="$2" -v w="$_what" 'BEGIN {
		if (b > 0 && a >= b)
			r = sprintf("%.1fx less on the busiest core", a / b)
		else if (a > 0)
			r = sprintf("%.1fx MORE on the busiest core", b / a)
		else
			r = "no ratio: nothing measured"
		printf "busiest CPU'\''s share of %s: %s %.1f %%, %s %.1f %% (%s)\n",
			w, na, a, nb, b, r
	}'
	echo "An even spread over 4 DUT CPUs would be 25 %. RSS hashes the flows with a key"
	echo "drawn at each boot, so the multi-queue share moves with 'streams per DUT CPU'."
}

# lro LABEL: the run's RXSCALE-LRO line
lro() {
	grep '^RXSCALE-LRO:' "$logs/$1.log" | tail -n 1
}

# lro_compare A B: segments per skb with GRO off, side by side
lro_compare() {
	echo
	echo "== HW LRO: one TCP stream into the DUT, GRO off, so each skb the driver builds is one"
	echo "   IPv4 packet of the stack; segments the peer sent per packet the DUT's stack received"
	for _l in "$1" "$2"; do
		_x=$(lro "$_l")
		printf '  %-24s LRO %-12s %6s segments per skb  (peer sent %s, stack received %s; %s Mbit/s)%s\n' \
			"$_l ($(desc "$_l"))" "$(field lro "$_x")" "$(field segs_per_skb "$_x")" \
			"$(field peer_sent "$_x")" "$(field stack_skbs "$_x")" "$(field mbits "$_x")" \
			"$([ -n "$(field drv_lro_skbs "$_x")" ] &&
				echo "; driver: $(field drv_lro_segs "$_x") segments in $(field drv_lro_skbs "$_x") LRO buffers")"
	done
}

# mt7988_part: upstream mtk_eth against mt7988_eth on the MT7988 model,
# each with the LRO phase
mt7988_part() {
	echo
	echo "The same question on the MT7988 frame engine (BPI-R4): upstream mtk_eth against"
	echo "rxscale's mt7988_eth on the emulated MT7988, then HW LRO."
	_ok=
	_saved=$nic
	nic=mt7988
	if run mtk_eth --env RXS_SOFTIRQ_LRO=1; then _ok=mtk_eth; else rc=1; fi
	if run mt7988_eth --env RXS_SOFTIRQ_LRO=1 --module "$mtk_ko"; then
		_ok="$_ok mt7988_eth"
	else
		rc=1
	fi
	nic=$_saved
	for _l in $_ok; do
		bars "$_l"
	done
	if [ "$_ok" = "mtk_eth mt7988_eth" ]; then
		compare mtk_eth mt7988_eth MT7988
		lro_compare mtk_eth mt7988_eth
	fi
}

# gbeth_part: rzg2l_gbeth on the GbEth model as a single-core board, its
# defaults against coalescing and threading off and against upstream
# ravb: one run each of gbeth-compare.sh, its table
gbeth_part() {
	echo
	echo "A single-core RZ/G2L-family board (GbEth model, the DUT on CPU 0 alone, the peer on"
	echo "CPU 1): rzg2l_gbeth with its defaults (software IRQ coalescing, threaded NAPI)"
	echo "against both off and against upstream ravb; one run each, 5 s per workload."
	printf '%s' "== runs ours, ours-off, ravb: guest on kernel $kernel, NIC 'rzg2l-gbeth' under TCG ... "
	_t0=$(date +%s)
	if sh "$here/gbeth-compare.sh" --kernel "$kernel" --runs 1 --secs 5 --table-only \
		> "$logs/gbeth.log" 2>&1; then
		echo "PASS after $(($(date +%s) - _t0)) s"
	else
		echo "FAIL after $(($(date +%s) - _t0)) s (log: $logs/gbeth.log)"
		rc=1
	fi
	sed -n '/^gbeth-compare: /,$p' "$logs/gbeth.log" | sed 's/^/  /'
	echo "  irq/pkt: interrupts the model raised per frame of the workload's direction;"
	echo "  insn/pkt: instructions the emulated CPU 0 ran per frame (TCG plugin). One run:"
	echo "  no spread; make gbeth-compare runs 3 and calls a difference only when they part."
}

rc=0
t0=$(date +%s)
qemu=$("$here/qemu/build.sh" | tail -n 1)
[ -x "$qemu" ] || rxs_die "QEMU build failed"
"$here/guest/build.sh" "$kernel" > /dev/null || rxs_die "guest $kernel build failed"
mkdir -p "$logs"

devtype=${nic%%,*}
if ! "$qemu" -M virt -device help 2>/dev/null | grep -q "name \"$devtype\""; then
	banner "WARNING: device '$devtype' is NOT in this QEMU build." \
		"WARNING: the demo FALLS BACK to virtio-net-pci: the numbers below" \
		"WARNING: are NOT those of the RTL8127 model, and there is no comparison."
	nic=virtio
fi

if [ -z "$mods" ] && [ "$nic" = rtl8127 ] && [ -f "$RXS_TOP/r8169/Kbuild" ]; then
	built=$("$here/build-modules.sh" "$kernel-arm64") ||
		rxs_die "building the modules for the $kernel guest failed"
	ko=$(echo "$built" | grep '/r8127.ko$') ||
		rxs_die "building r8127.ko for the $kernel guest failed"
	# the MT7988 part: 7.3 only (6.1's mtk_eth has no MT7988), and only
	# with the model in this QEMU build
	mtk=0
	mtk_ko=$(echo "$built" | grep '/mt7988_eth.ko$')
	[ -n "$mtk_ko" ] && "$qemu" -M virt -device help 2>/dev/null |
		grep -q 'name "mt7988-eth"' && mtk=1
	gbeth=0
	echo "$built" | grep -q '/rzg2l_gbeth.ko$' && "$qemu" -M virt -device help 2>/dev/null |
		grep -q 'name "rzg2l-gbeth"' && gbeth=1
	if [ "$kernel" = 6.1 ]; then
		# 6.1's r8169 has no entry for the chip's XID (docs/bench.md)
		echo "== kernel 6.1: its r8169 does not know the RTL8127, so only r8127 runs"
		if run r8127 --module "$ko"; then bars r8127; else rc=1; fi
	else
		echo "Where does the receive work of a 10G NIC run? Upstream r8169 against rxscale's"
		echo "r8127 on the emulated RTL8127, then upstream mtk_eth against mt7988_eth on the"
		echo "emulated MT7988: one guest each, about a minute each; then what software IRQ"
		echo "coalescing and threaded NAPI do for a single-core GbEth board."
		# both guests first, then the results together
		ok=
		if run r8169; then ok=r8169; else rc=1; fi
		if run r8127 --module "$ko"; then ok="$ok r8127"; else rc=1; fi
		for l in $ok; do
			bars "$l"
		done
		[ "$ok" = "r8169 r8127" ] && compare r8169 r8127 RTL8127
		[ "$mtk" = 1 ] && mt7988_part
		[ "$gbeth" = 1 ] && gbeth_part
	fi
else
	set --
	label=$(echo "$nic" | tr -c 'A-Za-z0-9_.\n-' _)
	for m in $mods; do
		set -- "$@" --module "$m"
		label=$(basename "$m" .ko)
	done
	if run "$label" "$@"; then bars "$label"; else rc=1; fi
fi
echo "Under TCG throughput measures the emulator, not the driver (here $(nproc) host cores run"
echo "all vCPUs); the point is which CPUs do the receive work."
[ "$nic" = virtio ] && [ "$devtype" != virtio ] &&
	banner "REMINDER: this ran on virtio-net-pci, NOT on the $devtype model."
echo "demo: $(($(date +%s) - t0)) s in all; logs in $logs"
exit $rc
