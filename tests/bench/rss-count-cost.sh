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
# usage: tests/bench/rss-count-cost.sh [--runs N] [--reuse]
#   --runs N: boots per build (default 2), alternated count / no count
#   --reuse: judge the logs already in build/bench (cost-*.log, .pages)
# Logs: build/bench/cost-{count,nocount}-<run>.log and .pages

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/common.sh"

runs=2
reuse=0
while [ $# -gt 0 ]; do
	case $1 in
	--runs) runs=$2; shift 2 ;;
	--reuse) reuse=1; shift ;;
	-h | --help) sed -n '3,/^# Logs:/s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) rxs_die "unknown option $1 (--help)" ;;
	esac
done
case $runs in '' | *[!0-9]* | 0) rxs_die "--runs wants a positive number" ;; esac

logs=${RXS_BENCH_LOGS:-$RXS_TOP/build/bench}
mkdir -p "$logs"
on=$RXS_TOP/build/bench-modules/7.3-arm64
off=$RXS_TOP/build/bench-cost/7.3-arm64-nocount

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
		CC="$cc" KCFLAGS=-DR8127_BENCH_NO_RSS_BUCKETS -j"$(nproc)" modules \
		> "$off.log" 2>&1 || { tail -n 20 "$off.log"; rxs_die "the no-count build failed"; }
	sink=$("$here/tools/udpsink/build.sh" | tail -n 1) || rxs_die "udpsink build failed"
fi

# the two builds must differ in r8127 only, and there
cmp -s "$on/core/rxscale_core.ko" "$off/core/rxscale_core.ko" ||
	echo "note: rxscale_core.ko differs between the builds (KCFLAGS reaches it too; its code is not counted)"
cmp -s "$on/r8169/r8127.ko" "$off/r8169/r8127.ko" &&
	rxs_die "r8127.ko is the same in both builds: the switch did not take"

run_one() {	# VARIANT DIR RUN
	log=$logs/cost-$1-$3.log
	echo "== $1, boot $3: $2/r8169/r8127.ko"
	[ "$reuse" = 1 ] && return 0
	# shellcheck disable=SC2086
	"$here/run-scenario.sh" --show --kernel 7.3 --nic rtl8127 --smp 2 --timeout 400 \
		--icount-pages "$logs/cost-$1-$3.pages" \
		--module "$2/core/rxscale_core.ko" --module "$2/r8169/r8127.ko" \
		--file "$sink" "$here/scenarios/r8127-cost.sh" > "$log" 2>&1
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
	awk -v variant="$4" -v run="$5" '
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
			if (m == "r8127" && !($3 in size)) { print "ERROR no size for r8127 " $3; bad = 1 }
			s = (m == "r8127") ? size[$3] : 65536
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
				r = c[i + 1, "r8127"] - c[i, "r8127"]
				k = c[i + 1, "rxscale_core"] - c[i, "rxscale_core"]
				if (!(w in ip) || ip[w] <= 0 || r <= 0) { print "ERROR window " w ": nothing counted"; exit 1 }
				printf "%s %s %s %s %.0f %.1f %.1f\n", variant, run, w, ip[w],
					ip[w] / secs[w], r / ip[w], k / ip[w]
			}
		}' "$logs/.cost.sizes" "$logs/.cost.tmp" "$2"
}

rc=0
rows=$logs/cost-rows.txt
: > "$rows"
i=1
while [ "$i" -le "$runs" ]; do
	if [ $((i % 2)) = 1 ]; then order="count nocount"; else order="nocount count"; fi
	for v in $order; do
		d=$on
		[ "$v" = nocount ] && d=$off
		run_one "$v" "$d" "$i"
		if ! grep -q '^PASS ' "$logs/cost-$v-$i.log"; then
			echo "   boot failed (log $logs/cost-$v-$i.log)"
			rc=1
			continue
		fi
		judge "$logs/cost-$v-$i.log" "$logs/cost-$v-$i.pages" "$d/r8169/r8127.ko" "$v" "$i" \
			>> "$rows" || { echo "   cannot count: $(tail -n 1 "$rows")"; rc=1; }
	done
	i=$((i + 1))
done
grep -q '^ERROR' "$rows" && rc=1

echo
echo "r8127's instructions per frame the IP layer received (its text pages, TCG plugin),"
echo "pktgen 64-byte UDP into CPU 0, RTL8127 model, 7.3 guest; rxscale_core's beside it:"
echo
echo "| build | boot | window | frames | frames/s | r8127 insn/frame | rxscale_core insn/frame |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
grep -v '^ERROR' "$rows" | awk '{ printf "| %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7 }'
echo
grep -v '^ERROR' "$rows" | awk '
	function sort(v, n,    i, j, t) {
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
	}
	function med(v, n) { return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }
	{ n[$1]++; x[$1, n[$1]] = $6; r[$1, n[$1]] = $5 }
	END {
		print "| build | windows | r8127 insn/frame min / median / max | frames/s median |"
		print "| --- | --- | --- | --- |"
		for (b = 0; b < 2; b++) {
			v = b ? "nocount" : "count"
			if (!n[v]) continue
			delete a; delete f
			for (i = 1; i <= n[v]; i++) { a[i] = x[v, i]; f[i] = r[v, i] }
			sort(a, n[v]); sort(f, n[v])
			m[v] = med(a, n[v])
			printf "| %s | %d | %.1f / %.1f / %.1f | %.0f |\n", v, n[v], a[1], m[v], a[n[v]], med(f, n[v])
			lo[v] = a[1]; hi[v] = a[n[v]]
		}
		if (n["count"] && n["nocount"]) {
			printf "\ncount - no count, medians: %+.1f instructions per frame (%+.1f %%);", m["count"] - m["nocount"], 100 * (m["count"] - m["nocount"]) / m["nocount"]
			printf " the ranges %s\n", (lo["count"] > hi["nocount"] || lo["nocount"] > hi["count"]) ? "do not overlap" : "overlap"
			print "static count (docs/rebalance.md): 11 instructions and a test per frame"
		}
	}'
exit $rc
