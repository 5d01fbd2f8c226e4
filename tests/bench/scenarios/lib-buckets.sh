# SPDX-License-Identifier: GPL-2.0
# The per-bucket RSS counters (docs/rebalance.md) against the rings' own
# counters, shared by r8127-buckets.sh and mt7988eth-buckets.sh, sourced
# after lib.sh. The rings' counters are counted per ring the hardware
# picked, the buckets per hash (the hardware's, or the driver's software
# hash): a byte count of another basis, a wrong bucket index or a missed
# frame shows.

# rxs_buckets_snap FILE NAME: the counter file FILE as /tmp/b.NAME, the 4
# rings' rx<q>_packets and rx<q>_bytes as /tmp/q.NAME
rxs_buckets_snap() {
	cat "$1" > "/tmp/b.$2" || rxs_fail "cannot read $1"
	for q in 0 1 2 3; do
		echo "$q $(rxs_ethtool_stat "rx${q}_packets") $(rxs_ethtool_stat "rx${q}_bytes")"
	done > "/tmp/q.$2"
}

# rxs_buckets_vs_rings A B: between snapshots A and B, per queue, the
# packets and bytes of the buckets the table points at the queue equal
# the ring's (ring 0 may take up to 20 frames no hash type covers, ARP,
# which no bucket counts), every queue got at least 100 counted packets
# and at least 16 buckets counted; fails the scenario otherwise
rxs_buckets_vs_rings() {
	awk -v a="$1" -v b="$2" '
	FILENAME == "/tmp/b." a && !/^#/ { p0[$1] = $3; y0[$1] = $4; next }
	FILENAME == "/tmp/b." b && !/^#/ { bp[$2] += $3 - p0[$1]; by[$2] += $4 - y0[$1]
		if ($3 > p0[$1]) used++; next }
	FILENAME == "/tmp/q." a { rp[$1] = -$2; ry[$1] = -$3; next }
	FILENAME == "/tmp/q." b { rp[$1] += $2; ry[$1] += $3 }
	END {
		for (q = 0; q < 4; q++) {
			printf "queue %d: buckets %d packets %d bytes, ring %d packets %d bytes\n",
				q, bp[q], by[q], rp[q], ry[q]
			d = rp[q] - bp[q]
			if (d < 0 || d > 20 || (q > 0 && (d != 0 || ry[q] != by[q])) ||
			    (q == 0 && ry[q] < by[q]))
				bad = 1
			if (bp[q] < 100) idle = 1
		}
		printf "buckets with packets: %d\n", used
		if (used < 16) bad = 1
		exit bad + 2 * idle
	}' "/tmp/b.$1" "/tmp/b.$2" "/tmp/q.$1" "/tmp/q.$2"
	case $? in
	0) ;;
	2) rxs_fail "a queue got fewer than 100 counted packets" ;;
	*) rxs_fail "bucket sums and ring counters differ (above)" ;;
	esac
}
