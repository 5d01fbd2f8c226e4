#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Issue 20: what r8127's per-bucket RSS counters (rss_buckets) cost on the
# receive path, in instructions the emulated CPU executes in r8127's own
# code per received frame: r8127 as built for the bench ("count") against
# a copy built with KCFLAGS=-DR8127_BENCH_NO_RSS_BUCKETS ("no count"; the
# count compiled out, r8169/r8127_txrx.c), booted alternately, N boots
# each, on the RTL8127 model (7.3 guest, --smp 2).
#
# Each boot runs scenarios/r8127-cost.sh: a pktgen flood of 64-byte UDP
# frames from the peer on CPU 1 into r8127 on CPU 0, 3 windows of 8 s. The
# TCG plugin (run-scenario.sh --icount-pages) counts the instructions of
# every kernel page at the windows' marks; r8127's are the sum over its
# text pages: each .text* section's address from the guest's
# /sys/module/r8127/sections, its size from the .ko (readelf). Per window:
# r8127's instructions / the frames the IP layer received (Ip InReceives:
# the kernel's count, not the driver's), and rxscale_core's beside it.
# Counting only the driver's pages keeps out what scatters the whole CPU's
# count (+-6 % per window: the stack, udpsink, idle), though the
# driver's per-frame work still depends on how many frames each poll
# finds (its fixed per-poll cost spread over the batch).
#
# Prints one row per window and the spread (min / median / max) of each
# build's windows, the difference of the medians beside the static count
# (docs/rebalance.md: 11 instructions and a test per frame on arm64).
# Exits 1 when a boot fails or a window cannot be counted.
#
# --nic mt7988: mt7988_eth on the MT7988 model, whose counters are off
# until debugfs rss_buckets_count is 1 (it hashes each frame in software
# then), with scenarios/mt7988eth-cost.sh, the same flood and windows
# (its 2 RX rings, RSS on, both on CPU 0). Three variants, booted in
# turn: "on" (the bench build, the switch 1), "off" (the same build, the
# switch 0: the per-frame test alone) and "nocode" (built with
# KCFLAGS=-DMT7988_BENCH_NO_RSS_BUCKETS: no test at all).
#
# usage: tests/bench/rss-count-cost.sh [--nic rtl8127|mt7988] [--runs N] [--reuse]
#   --nic: the driver measured (default rtl8127: r8127)
#   --runs N: boots per variant (default 2), the variants' order rotated
#   --reuse: judge the logs already in build/bench (cost-*.log, .pages)
# Logs: build/bench/cost-{count,nocount}-<run>.log and .pages (rtl8127),
# cost-mt7988-{on,off,nocode}-<run>.log and .pages (mt7988)

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/common.sh"

runs=2
reuse=0
nic=rtl8127
while [ $# -gt 0 ]; do
	case $1 in
	--runs) runs=$2; shift 2 ;;
	--nic) nic=${2:-}; shift 2 ;;
	--reuse) reuse=1; shift ;;
	-h | --help) sed -n '3,/^# Logs:/s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) rxs_die "unknown option $1 (--help)" ;;
	esac
done
case $runs in '' | *[!0-9]* | 0) rxs_die "--runs wants a positive number" ;; esac

logs=${RXS_BENCH_LOGS:-$RXS_TOP/build/bench}
mkdir -p "$logs"
on=$RXS_TOP/build/bench-modules/7.3-arm64
# per NIC: the module, its .ko under a tree, the build switch, the
# scenario, the variants in order, the log prefix, the other build's dir
case $nic in
rtl8127)
	mod=r8127 ko=r8169/r8127.ko flag=R8127_BENCH_NO_RSS_BUCKETS
	scen=r8127-cost.sh variants="count nocount" pre=cost
	off=$RXS_TOP/build/bench-cost/7.3-arm64-nocount ;;
mt7988)
	mod=mt7988_eth ko=mtk_eth_soc/mt7988_eth.ko flag=MT7988_BENCH_NO_RSS_BUCKETS
	scen=mt7988eth-cost.sh variants="on off nocode" pre=cost-mt7988
	off=$RXS_TOP/build/bench-cost/7.3-arm64-mt7988-nocode ;;
*) rxs_die "--nic rtl8127 or mt7988, not '$nic'" ;;
esac
# variant_dir VARIANT: the modules it boots; variant_env: its scenario setting
variant_dir() {
	case $1 in nocount | nocode) echo "$off" ;; *) echo "$on" ;; esac
}
variant_env() {
	case $nic/$1 in
	mt7988/on) echo RXS_COST_BUCKETS=1 ;;
	mt7988/off) echo RXS_COST_BUCKETS=0 ;;
	mt7988/nocode) echo RXS_COST_BUCKETS=none ;;
	*) echo RXS_COST_NIC=$nic ;;
	esac
}

if [ "$reuse" = 0 ]; then
	"$here/build-modules.sh" 7.3-arm64 > /dev/null ||
		rxs_die "building the modules for the 7.3 guest failed"
	# the same tree, the count compiled out
	read -r _ kdir arch cross <<-EOF
	$(sh "$RXS_TOP/tests/matrix/trees.sh" prepare 7.3-arm64)
	EOF
	mkdir -p "$off"
	rsync -a --delete "$on/" "$off/" || rxs_die "cannot copy $on"
	rxs_ccache
	cc=${cross}gcc
	command -v ccache > /dev/null 2>&1 && cc="ccache ${cross}gcc"
	make -s -C "$off" KDIR="$kdir" ARCH="$arch" CROSS_COMPILE="$cross" \
		CC="$cc" KCFLAGS=-D$flag -j"$(nproc)" modules \
		> "$off.log" 2>&1 || { tail -n 20 "$off.log"; rxs_die "the no-count build failed"; }
	sink=$("$here/tools/udpsink/build.sh" | tail -n 1) || rxs_die "udpsink build failed"
fi

# the two builds must differ in the driver only, and there
cmp -s "$on/core/rxscale_core.ko" "$off/core/rxscale_core.ko" ||
	echo "note: rxscale_core.ko differs between the builds (KCFLAGS reaches it too; its code is not counted)"
cmp -s "$on/$ko" "$off/$ko" &&
	rxs_die "${ko##*/} is the same in both builds: the switch did not take"

run_one() {	# VARIANT DIR RUN
	log=$logs/$pre-$1-$3.log
	echo "== $1, boot $3: $2/$ko ($(variant_env "$1"))"
	[ "$reuse" = 1 ] && return 0
	# shellcheck disable=SC2086
	"$here/run-scenario.sh" --show --kernel 7.3 --nic "$nic" --smp 2 --timeout 400 \
		--icount-pages "$logs/$pre-$1-$3.pages" --env "$(variant_env "$1")" \
		--module "$2/core/rxscale_core.ko" --module "$2/$ko" \
		--file "$sink" "$here/scenarios/$scen" > "$log" 2>&1
	tail -n 1 "$log"
}

# judge LOG PAGES KO VARIANT RUN: one row per window
judge() {
	tr -d '\r' < "$1" > "$logs/.cost.tmp"
	"${RXS_READELF:-readelf}" -SW "$3" | awk '
		$0 ~ /^ *\[ *[0-9]+\]/ {
			sub(/^ *\[ *[0-9]+\] */, "")
			# name type addr off size es flg ...
			if ($1 ~ /^\.text/ && $7 ~ /X/) print "size", $1, $5
		}' > "$logs/.cost.sizes"
	# 64-bit addresses exceed awk's doubles: the upper 32 bits stay text
	awk -v variant="$4" -v run="$5" -v mod="$mod" '
		function hex(h,    i, n) {
			n = 0; h = tolower(h)
			for (i = 1; i <= length(h); i++) n = n * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
			return n
		}
		FILENAME ~ /sizes$/ { size[$2] = hex($3); next }
		FILENAME ~ /tmp$/ && /^RXSCALE-MODSECT: / {
			a = tolower($4); sub(/^0x/, "", a)
			if (length(a) != 16) { print "ERROR address " $4; bad = 1; next }
			m = $2
			if (m == mod && !($3 in size)) { print "ERROR no size for " mod " " $3; bad = 1 }
			s = (m == mod) ? size[$3] : 65536
			hi = substr(a, 1, 8); lo = hex(substr(a, 9, 8))
			if (lo + s > 4294967296) { print "ERROR " m " " $3 " crosses a 4 GiB boundary"; bad = 1; next }
			for (p = int(lo / 4096); p * 4096 < lo + s; p++) own[hi sprintf("%08x", p * 4096)] = m
			next
		}
		FILENAME ~ /tmp$/ && /^RXSCALE-MARK: / { label[nm++] = $2; next }
		FILENAME ~ /tmp$/ && /^RXSCALE-COST: / {
			split($0, kv, /[ =]/)
			for (i = 2; i in kv; i += 2) f[kv[i]] = kv[i + 1]
			ip[f["window"]] = f["ip_in"]; secs[f["window"]] = f["secs"]
			next
		}
		FILENAME ~ /tmp$/ { next }
		/^mark / { seq = $2; next }
		/^error/ { print "ERROR " $0; bad = 1; next }
		{ if ($1 in own) c[seq, own[$1]] += $2 }
		END {
			if (bad) exit 1
			for (i = 0; i < nm; i += 2) {
				split(label[i], l, ":")
				w = substr(l[1], 2)
				r = c[i + 1, mod] - c[i, mod]
				k = c[i + 1, "rxscale_core"] - c[i, "rxscale_core"]
				if (!(w in ip) || ip[w] <= 0 || r <= 0) { print "ERROR window " w ": nothing counted"; exit 1 }
				printf "%s %s %s %s %.0f %.1f %.1f\n", variant, run, w, ip[w],
					ip[w] / secs[w], r / ip[w], k / ip[w]
			}
		}' "$logs/.cost.sizes" "$logs/.cost.tmp" "$2"
}

rc=0
rows=$logs/$pre-rows.txt
: > "$rows"
nv=$(echo $variants | wc -w)
i=1
while [ "$i" -le "$runs" ]; do
	# the order rotated by one each boot round (count/nocount alternate)
	order=$(echo $variants | awk -v k=$(((i - 1) % nv)) '{ for (j = 0; j < NF; j++) printf "%s ", $((j + k) % NF + 1) }')
	for v in $order; do
		d=$(variant_dir "$v")
		run_one "$v" "$d" "$i"
		if ! grep -q '^PASS ' "$logs/$pre-$v-$i.log"; then
			echo "   boot failed (log $logs/$pre-$v-$i.log)"
			rc=1
			continue
		fi
		judge "$logs/$pre-$v-$i.log" "$logs/$pre-$v-$i.pages" "$d/$ko" "$v" "$i" \
			>> "$rows" || { echo "   cannot count: $(tail -n 1 "$rows")"; rc=1; }
	done
	i=$((i + 1))
done
grep -q '^ERROR' "$rows" && rc=1

echo
echo "$mod's instructions per frame the IP layer received (its text pages, TCG plugin),"
echo "pktgen 64-byte UDP into CPU 0, $nic model, 7.3 guest; rxscale_core's beside it:"
echo
echo "| build | boot | window | frames | frames/s | $mod insn/frame | rxscale_core insn/frame |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
grep -v '^ERROR' "$rows" | awk '{ printf "| %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7 }'
echo
grep -v '^ERROR' "$rows" | awk -v mod="$mod" -v variants="$variants" '
	function sort(v, n,    i, j, t) {
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
	}
	function med(v, n) { return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }
	{ n[$1]++; x[$1, n[$1]] = $6; r[$1, n[$1]] = $5 }
	END {
		print "| build | windows | " mod " insn/frame min / median / max | frames/s median |"
		print "| --- | --- | --- | --- |"
		nvar = split(variants, vs, " ")
		for (b = 1; b <= nvar; b++) {
			v = vs[b]
			if (!n[v]) continue
			delete a; delete f
			for (i = 1; i <= n[v]; i++) { a[i] = x[v, i]; f[i] = r[v, i] }
			sort(a, n[v]); sort(f, n[v])
			m[v] = med(a, n[v])
			printf "| %s | %d | %.1f / %.1f / %.1f | %.0f |\n", v, n[v], a[1], m[v], a[n[v]], med(f, n[v])
			lo[v] = a[1]; hi[v] = a[n[v]]
		}
		# mt7988: each variant against the next (on - off, off - nocode)
		for (b = 1; b < nvar && vs[b] != "count"; b++) {
			u = vs[b]; w = vs[b + 1]
			if (!n[u] || !n[w]) continue
			printf "\n%s - %s, medians: %+.1f instructions per frame (%+.1f %%);", u, w, m[u] - m[w], 100 * (m[u] - m[w]) / m[w]
			printf " the ranges %s", (lo[u] > hi[w] || lo[w] > hi[u]) ? "do not overlap" : "overlap"
		}
		if (nvar > 2) print ""
		if (n["count"] && n["nocount"]) {
			printf "\ncount - no count, medians: %+.1f instructions per frame (%+.1f %%);", m["count"] - m["nocount"], 100 * (m["count"] - m["nocount"]) / m["nocount"]
			printf " the ranges %s\n", (lo["count"] > hi["nocount"] || lo["nocount"] > hi["count"]) ? "do not overlap" : "overlap"
			print "static count (docs/rebalance.md): 11 instructions and a test per frame"
		}
	}'
exit $rc
