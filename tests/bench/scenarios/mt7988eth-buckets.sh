#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# mt7988_eth (issue 20): the per-bucket RSS counters the driver counts by
# hashing frames in software (debugfs rss_buckets, switch
# rss_buckets_count; docs/rebalance.md). With the switch on and 20 TCP
# and 12 UDP flows from the peer: no counted frame's bucket points at
# another ring than the one the model delivered it on (the "mismatches"
# of the file's header: the ring is the model's choice, computed by the
# model's own Toeplitz); the bucket sums per queue against the rings'
# rx<q>_packets/bytes (ring 0 may also get non-IP frames, uncounted);
# the switch off stops the counting; bad writes are refused and change
# nothing; rxscale-tune rebalance --once --dry-run turns the switch on,
# decides, and puts it back. Run with --nic mt7988 --smp 4, the
# rxscale_core and mt7988_eth modules, --file scripts/rxscale-tune and
# --file build/bench-tools/rxscale-rebalance
# (tests/bench/tools/rebalance/build.sh).
. ./lib.sh
. ./lib-buckets.sh

[ "${RXS_DUT_BUS:-pci}" = platform ] ||
	rxs_fail "run with --nic mt7988 (a platform DUT), not '$RXS_NIC'"
rxs_setup mt7988_eth
rxs_wait_link 20
rxs_check_default_rss 4
[ -d /sys/kernel/debug/mt7988_eth ] || mount -t debugfs none /sys/kernel/debug 2>/dev/null
D=/sys/kernel/debug/mt7988_eth/$RXS_DUT_DEV
CNT=$D/rss_buckets
SW=$D/rss_buckets_count
[ -r "$CNT" ] && [ -w "$SW" ] || { ls -lR /sys/kernel/debug/mt7988_eth 2>&1; rxs_fail "no $CNT or $SW"; }
rxs_ping 3

stat_of() { rxs_ethtool_stat "$1"; }
# snap NAME: the counter file and the rings' counters (lib-buckets.sh)
snap() {
	rxs_buckets_snap "$CNT" "$1"
}
mism() { sed -n 's/^# counting [01] .*mismatches \([0-9]*\)$/\1/p' "/tmp/b.$1"; }
total() { awk '!/^#/ { s += $3 } END { print s + 0 }' "/tmp/b.$1"; }
switch_is() {
	[ "$(cat "$SW")" = "$1" ] || rxs_fail "$SW reads '$(cat "$SW")', want $1 ($2)"
}
traffic() {	# SECONDS TCP-STREAMS UDP-STREAMS
	rxs_in_peer iperf3 -s -1 -D -B "$RXS_PEER_IP" -p 5201 || rxs_fail "iperf3 server"
	rxs_in_peer iperf3 -s -1 -D -B "$RXS_PEER_IP" -p 5202 || rxs_fail "iperf3 server"
	rxs_wait_listen 5201
	rxs_wait_listen 5202
	timeout $(($1 + 30)) iperf3 -c "$RXS_PEER_IP" -B "$RXS_DUT_IP" -R -P "$2" -t "$1" \
		-p 5201 > /tmp/tcp.txt 2>&1 &
	_tp=$!
	timeout $(($1 + 30)) iperf3 -c "$RXS_PEER_IP" -B "$RXS_DUT_IP" -R -u -b 3M -l 1000 \
		-P "$3" -t "$1" -p 5202 > /tmp/udp.txt 2>&1 ||
		{ cat /tmp/udp.txt; rxs_fail "iperf3 -u -R -P $3"; }
	wait "$_tp" || { cat /tmp/tcp.txt; rxs_fail "iperf3 -R -P $2"; }
	grep SUM /tmp/tcp.txt /tmp/udp.txt | grep receiver
}

rxs_step "the switch: off at probe, bad writes refused"
switch_is 0 "at probe"
head -n 3 "$CNT"
grep -q '^# counting 0 (software Toeplitz), mismatches 0$' "$CNT" ||
	rxs_fail "header: $(sed -n 2p "$CNT")"
[ "$(grep -vc '^#' "$CNT")" = 128 ] || rxs_fail "$CNT has not 128 bucket lines"
for v in 2 x -1 0x2 "1 1" 10; do
	# dd, one write(2), says why it failed (dash's printf does not)
	printf '%s' "$v" | dd of="$SW" conv=notrunc 2>/tmp/err && rxs_fail "'$v' written to $SW was accepted"
	grep -q "Invalid argument" /tmp/err || rxs_fail "'$v' refused, but not with EINVAL: $(cat /tmp/err)"
	switch_is 0 "after '$v'"
done

rxs_step "off: nothing counted"
traffic 3 4 2
snap off
[ "$(total off)" = 0 ] || rxs_fail "$(total off) packets counted with the switch off"

rxs_step "on: 20 TCP and 12 UDP flows"
echo 1 > "$SW" || rxs_fail "cannot write 1 to $SW"
switch_is 1 "after 1"
echo 1 > "$SW" || rxs_fail "writing 1 again failed"
switch_is 1 "after 1 again"
for v in 2 x; do
	printf '%s' "$v" > "$SW" 2>/dev/null && rxs_fail "'$v' accepted with the switch on"
	switch_is 1 "after '$v' with the switch on"
done
snap a
traffic 8 20 12
snap b
M=$(mism b)
N=$(($(total b) - $(total a)))
rxs_say "counted $N packets, mismatches $M"
[ -n "$M" ] || rxs_fail "no mismatch count in the header: $(sed -n 2p /tmp/b.b)"
[ "$N" -ge 20000 ] || rxs_fail "only $N packets counted"
[ "$M" = 0 ] || rxs_fail "$M counted frames' buckets point at another ring than the model delivered them on"
rxs_buckets_vs_rings a b

rxs_step "off again: counting stops"
echo 0 > "$SW" || rxs_fail "cannot write 0 to $SW"
switch_is 0 "after 0"
snap c
traffic 3 4 2
snap d
cmp -s /tmp/b.c /tmp/b.d || { diff /tmp/b.c /tmp/b.d | head; rxs_fail "counters moved with the switch off"; }
rx=$(awk '{ s -= $2 } END { print s }' /tmp/q.c)
rx=$((rx + $(awk '{ s += $2 } END { print s }' /tmp/q.d)))
[ "$rx" -ge 1000 ] || rxs_fail "the off round received only $rx frames"
rxs_say "off: $rx frames received, counters unchanged"

rxs_step "rxscale-tune rebalance --once --dry-run"
F=$RXS_DIR/files
[ -f "$F/rxscale-tune" ] && [ -f "$F/rxscale-rebalance" ] ||
	rxs_fail "needs $F/rxscale-tune and $F/rxscale-rebalance (run-scenario.sh --file)"
cp "$F/rxscale-rebalance" /tmp/rxscale-rebalance && chmod +x /tmp/rxscale-rebalance ||
	rxs_fail "cannot copy rxscale-rebalance"
rxs_in_peer iperf3 -s -1 -D -B "$RXS_PEER_IP" -p 5201 || rxs_fail "iperf3 server"
rxs_wait_listen 5201
timeout 50 iperf3 -c "$RXS_PEER_IP" -B "$RXS_DUT_IP" -R -P 20 -t 16 -p 5201 > /tmp/tcp.txt 2>&1 &
tp=$!
sleep 2
snap e
RXT_REBALANCE=/tmp/rxscale-rebalance sh "$F/rxscale-tune" --dry-run rebalance --once -i 6 "$RXS_DUT" \
	> /tmp/tune.txt 2>&1
rc=$?
snap f
wait "$tp" || { cat /tmp/tcp.txt; rxs_fail "iperf3 -R -P 20 beside rxscale-tune"; }
cat /tmp/tune.txt
[ "$rc" = 0 ] || rxs_fail "rxscale-tune rebalance exited $rc"
grep -q "^counting on (.*rss_buckets_count: 1 while sampling, back to 0 after)" /tmp/tune.txt ||
	rxs_fail "rxscale-tune did not say it turned the counting on"
grep -q "^  decision: " /tmp/tune.txt || rxs_fail "rxscale-tune decided nothing"
switch_is 0 "after rxscale-tune"
n=$(($(total f) - $(total e)))
[ "$n" -ge 5000 ] || rxs_fail "rxscale-tune's interval counted only $n packets"
[ "$(mism f)" = 0 ] || rxs_fail "mismatches $(mism f) after rxscale-tune's interval"
rxs_check_default_rss 4
rxs_say "rxscale-tune: $n packets counted while it sampled, switch back to 0, table unchanged"
rxs_dmesg_check
