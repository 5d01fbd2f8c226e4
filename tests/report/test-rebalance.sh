#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rxscale-tune rebalance on a fake /sys, /proc and debugfs (RXT_ROOT), with
# a fake ethtool (-x, -X default, -X weight: ethtool's weight fill written
# out in awk), a fake sleep that puts the next counter snapshot in place,
# and the real rxscale-rebalance (its 'set', the ioctl, stood in for).
# Expected tables are derived here by hand rules, not by the tool.
#   test-rebalance.sh PATH/rxscale-tune PATH/rxscale-rebalance sh|busybox_ash
TUNE=${1:?usage: test-rebalance.sh TUNE REBALANCE SHELL}
REAL=${2:?usage: test-rebalance.sh TUNE REBALANCE SHELL}
case ${3:-sh} in
sh) SH="sh" ;;
busybox_ash) SH="busybox ash" ;;
*) echo "unknown shell $3" >&2; exit 2 ;;
esac
T=$(mktemp -d /tmp/rxs-rebal-test.XXXXXX) || exit 1
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; [ -f "$T/out" ] && sed 's/^/    /' "$T/out"; }
expect_rc() { [ "$rc" -eq "$1" ] && ok || bad "$2: exit $rc, wanted $1"; }
expect_out() { grep -q -- "$1" "$T/out" && ok || bad "$2: output lacks '$1'"; }
expect_no() { grep -q -- "$1" "$T/out" && bad "$2: output has '$1'" || ok; }

R=$T/root
F=$T/fake
PCI=0000:01:00.0
CNT=$R/sys/kernel/debug/r8127/$PCI/rss_buckets
mkdir -p "$F/bin" "$R/proc" "$R/sys/class/net/veth0" "$R/sys/devices/pci0000:00/$PCI" \
	"$R/sys/kernel/debug/r8127/$PCI"
# /sys/class/net/eth0/device: the PCI device
mkdir -p "$R/sys/class/net/eth0"
ln -s "../../../devices/pci0000:00/$PCI" "$R/sys/class/net/eth0/device"
{
	echo "           CPU0       CPU1       CPU2       CPU3"
	for q in 0 1 2 3; do
		echo " 4$q:        10$q          0          0          0  PCI-MSIX-$PCI   $q-edge      eth0-rx-$q"
	done
} > "$R/proc/interrupts"
for q in 0 1 2 3; do
	mkdir -p "$R/proc/irq/4$q" "$R/sys/devices/system/cpu/cpu$q"
	echo "$q" > "$R/proc/irq/4$q/effective_affinity_list"
	echo 1024 > "$R/sys/devices/system/cpu/cpu$q/cpu_capacity"
done

# fake ethtool: the table in $F/table, one entry a line; calls in $F/log
cat > "$F/bin/ethtool" <<'EOS'
#!/bin/sh
echo "ethtool $*" >> "$FAKE/log"
[ -f "$FAKE/ethtool-fail" ] && { echo "Cannot set RX flow hash configuration: Operation not supported" >&2; exit 1; }
case $1 in
-x)
	echo "RX flow hash indirection table for $2 with 4 RX ring(s):"
	awk '{ if ((NR - 1) % 8 == 0) printf "%s%5d:", (NR > 1 ? "\n" : ""), NR - 1
	       printf "%6d", $1 } END { printf "\n" }' "$FAKE/table"
	echo "RSS hash key:"
	echo "6d:5a:56:da:25:5b:0e:c2"
	echo "RSS hash function:"
	echo "    toeplitz: on"
	;;
-X)
	case $3 in
	default) awk 'BEGIN { for (i = 0; i < 128; i++) print i % 4 }' > "$FAKE/table" ;;
	weight)
		shift 3
		# ethtool's fill_indir_table(): j = -1; for each i, while
		# i >= size * partial / sum: j++, partial += w[j]
		echo "$@" | awk '{ n = NF; for (k = 1; k <= n; k++) { w[k - 1] = $k; sum += $k }
			j = -1; p = 0
			for (i = 0; i < 128; i++) {
				while (i >= int(128 * p / sum)) { j++; p += w[j] }
				print j
			} }' > "$FAKE/table" ;;
	*) exit 1 ;;
	esac ;;
*) exit 1 ;;
esac
EOS
# fake sleep: the next snapshot named in $F/seq becomes the counter file
cat > "$F/bin/sleep" <<'EOS'
#!/bin/sh
echo "sleep $*" >> "$FAKE/log"
sw=${FAKE_CNT%/*}/rss_buckets_count
[ -f "$sw" ] && echo "switch while sampling: $(cat "$sw")" >> "$FAKE/log"
[ -f "$FAKE/sleep-kill" ] && kill -TERM "$PPID"
n=$(head -n 1 "$FAKE/seq")
[ -n "$n" ] && cp "$FAKE/$n" "$FAKE_CNT"
tail -n +2 "$FAKE/seq" > "$FAKE/seq.new" && mv "$FAKE/seq.new" "$FAKE/seq"
EOS
# the real tool, with 'set' (ETHTOOL_SRXFHINDIR) standing for a write of
# the fake table
cat > "$F/bin/rebal" <<'EOS'
#!/bin/sh
if [ "$1" = set ]; then
	echo "rebal $*" >> "$FAKE/log"
	tr ' ' '\n' < "$3" | grep . > "$FAKE/table"
	# a device that keeps another table than it was given
	if [ -f "$FAKE/set-wrong" ]; then
		awk 'NR == 1 { $1 = 3 } { print }' "$FAKE/table" > "$FAKE/t.new"
		mv "$FAKE/t.new" "$FAKE/table"
	fi
	exit 0
fi
exec "$REAL" "$@"
EOS
chmod +x "$F/bin/ethtool" "$F/bin/sleep" "$F/bin/rebal"

# snap NAME BUCKET=HUNDREDS...: a counter file of BUCKET's packets in
# hundreds (the tool judges nothing below 1000 packets), every other bucket 0
snap() {
	_n=$1
	shift
	echo "$@" | awk '{ for (k = 1; k <= NF; k++) { split($k, a, "="); p[a[1]] = a[2] } }
		END { print "# rss_buckets eth0: 128 entries, 4 RX queues"
		      print "# bucket queue packets bytes"
		      for (i = 0; i < 128; i++) print i, i % 4, p[i] * 100, p[i] * 150000 }' > "$F/$_n"
}
default_table() { awk 'BEGIN { for (i = 0; i < 128; i++) print i % 4 }' > "$F/table"; }
# qloads TABLE LOADS-SNAP-BEFORE LOADS-SNAP-AFTER: packets per queue
qloads() {
	awk 'FNR == 1 { f++ } f == 1 { t[FNR - 1] = $1; next }
	     /^#/ { next } f == 2 { b[$1] = $3; next }
	     { l[t[$1]] += $3 - b[$1] }
	     END { print l[0] + 0, l[1] + 0, l[2] + 0, l[3] + 0 }' "$1" "$F/$2" "$F/$3"
}

# tune ARGS...: output in $T/out, status in $rc
tune() {
	# shellcheck disable=SC2086
	FAKE=$F FAKE_CNT=$CNT REAL=$REAL RXT_REBALANCE=$F/bin/rebal PATH=$F/bin:$PATH \
		RXT_ROOT=$R $SH "$TUNE" "$@" > "$T/out" 2>&1
	rc=$?
}
seq_is() { printf '%s\n' "$@" > "$F/seq"; }

# loads: buckets 0, 4, 8 (all queue 0 in the default table) and 1 at
# 100 each. No elephant (100 = the fair share). Heaviest first, ties by
# index: 0->q0 1->q1 4->q2 8->q3; then the idle buckets 2 3 5 6 7 9..127
# in order go round robin from q0 (all queues have one bucket and 100)
snap s0
snap s1 0=100 4=100 8=100 1=100
awk 'BEGIN { k = 0
	for (i = 0; i < 128; i++) {
		if (i == 0) print 0; else if (i == 1) print 1
		else if (i == 4) print 2; else if (i == 8) print 3
		else print (k++) % 4 } }' > "$T/want"

# dry run: nothing written
default_table
cp "$F/s0" "$CNT"
seq_is s1
: > "$F/log"
tune --dry-run rebalance eth0
expect_rc 0 "dry run"
expect_out "load-now: 30000 10000 0 0" "dry run: loads now"
expect_out "load-new: 10000 10000 10000 10000" "dry run: loads new"
expect_out "imbalance-now: 3.00" "dry run: imbalance now"
expect_out "decision: change" "dry run: decision"
expect_out "would write the table of eth0: 0 1 0 1 2 2 3 0 3 " "dry run: table shown"
grep -q "rebal set" "$F/log" && bad "dry run wrote a table" || ok
grep -q "sleep 5" "$F/log" && ok || bad "dry run: default interval 5 s"
awk 'BEGIN { for (i = 0; i < 128; i++) print i % 4 }' | cmp -s - "$F/table" && ok || bad "dry run changed the table"

# --once: written with ETHTOOL_SRXFHINDIR, recorded, read back
cp "$F/s0" "$CNT"
seq_is s1
: > "$F/log"
tune rebalance --once -i 2 eth0
expect_rc 0 "once"
expect_out "wrote the table of eth0" "once"
cmp -s "$F/table" "$T/want" && ok || bad "once: table is not the hand-derived one"
[ "$(qloads "$F/table" s0 s1)" = "10000 10000 10000 10000" ] && ok || bad "once: queue loads $(qloads "$F/table" s0 s1)"
cmp -s "$R/run/rxscale/rebalance-eth0.table" "$T/want" && ok || bad "once: table not recorded"
grep -q "sleep 2" "$F/log" && ok || bad "once: -i 2"

# again: the table in use is rebalance's own, not a hand-set one; no change
cp "$F/s0" "$CNT"
seq_is s1
: > "$F/log"
tune rebalance eth0
expect_rc 0 "once again"
expect_out "decision: keep (the table in use)" "once again"
grep -q "rebal set" "$F/log" && bad "once again wrote a table" || ok

# a table set by hand is refused, --force replaces it
awk 'BEGIN { for (i = 0; i < 128; i++) print (i < 64 ? 0 : 1) }' > "$F/table"
cp "$F/s0" "$CNT"
seq_is s1
tune rebalance eth0
expect_rc 1 "hand-set table"
expect_out "was set by hand" "hand-set table"
awk 'BEGIN { for (i = 0; i < 128; i++) print (i < 64 ? 0 : 1) }' | cmp -s - "$F/table" && ok || bad "hand-set table changed"
cp "$F/s0" "$CNT"
seq_is s1
tune rebalance --force eth0
expect_rc 0 "--force"
cmp -s "$F/table" "$T/want" && ok || bad "--force: table"

# --restore: the default, the record gone; dry run changes nothing
tune --dry-run rebalance --restore eth0
expect_rc 0 "restore -n"
expect_out "would run ethtool -X eth0 default" "restore -n"
cmp -s "$F/table" "$T/want" && ok || bad "restore -n changed the table"
tune rebalance --restore eth0
expect_rc 0 "restore"
awk 'BEGIN { for (i = 0; i < 128; i++) print i % 4 }' | cmp -s - "$F/table" && ok || bad "restore: not the default table"
[ -e "$R/run/rxscale/rebalance-eth0.table" ] && bad "restore: record left" || ok

# --weights: ethtool -X weight, one run per queue; the fake's weight fill
# must give every queue 100 (runs 0 | 1 | 2-4 | 5-127 or another split of
# the same value)
default_table
cp "$F/s0" "$CNT"
seq_is s1
: > "$F/log"
tune rebalance --weights eth0
expect_rc 0 "weights"
grep -q "ethtool -X eth0 weight " "$F/log" && ok || bad "weights: no ethtool -X weight"
[ "$(qloads "$F/table" s0 s1)" = "10000 10000 10000 10000" ] && ok || bad "weights: queue loads $(qloads "$F/table" s0 s1)"
awk 'NR > 1 && $1 < prev { bad = 1 } { prev = $1 } END { exit bad }' "$F/table" && ok || bad "weights: table not in runs"
# a failing ethtool is an error
default_table
cp "$F/s0" "$CNT"
seq_is s1
: > "$F/ethtool-fail"
tune rebalance --weights eth0
rm -f "$F/ethtool-fail"
expect_rc 1 "weights, ethtool fails"
expect_out "Operation not supported" "weights, ethtool fails"

# capacities from the CPUs of the queue IRQs: 1024 1024 512 512; six
# buckets of 100 (by hand: 200 200 100 100)
echo 512 > "$R/sys/devices/system/cpu/cpu2/cpu_capacity"
echo 512 > "$R/sys/devices/system/cpu/cpu3/cpu_capacity"
snap s2 0=100 1=100 2=100 3=100 4=100 5=100
default_table
cp "$F/s0" "$CNT"
seq_is s2
tune --dry-run rebalance eth0
expect_rc 0 "capacity"
expect_out "capacity: 1024 1024 512 512" "capacity"
expect_out "load-new: 20000 20000 10000 10000" "capacity"
tune --dry-run rebalance --capacity 1,1,1,1 eth0
expect_out "capacity: 1 1 1 1" "--capacity"
expect_out "decision: keep" "--capacity: 6 x 100 on the default table, gain below 10 %"
echo 1024 > "$R/sys/devices/system/cpu/cpu2/cpu_capacity"
echo 1024 > "$R/sys/devices/system/cpu/cpu3/cpu_capacity"

# a dead band: queue 0 at 113 of 400 (1.13) where a perfect table exists
# (50+50 three times, 50+37+13): 11.5 % lighter, but 1.13 <= 1.15 keeps
snap s6 0=13 4=50 8=50 1=50 5=37 2=50 6=50 3=50 7=50
default_table
cp "$F/s0" "$CNT"
seq_is s6
tune --dry-run rebalance eth0
expect_rc 0 "dead band"
expect_out "decision: keep (imbalance 1.13 <= 1.15)" "dead band"
cp "$F/s0" "$CNT"
seq_is s6
tune --dry-run rebalance --keep-below 1.1 eth0
expect_out "imbalance-new: 1.00" "dead band narrowed"
expect_out "decision: change" "dead band narrowed"
tune --dry-run rebalance --keep-below x eth0
expect_rc 2 "bad --keep-below"

# loop with hysteresis: change, hold one interval, then buckets 2 and 6 at
# 10 each: queues 0 and 3 at 110 of 420 in the new table, and no table does
# better: no gain. With the dead band off (--keep-below 1) the gain rule
# keeps it. One write in four intervals
snap s3 0=200 4=200 8=200 1=200
snap s4 0=300 4=300 8=300 1=300 2=10 6=10
snap s5 0=400 4=400 8=400 1=400 2=20 6=20
default_table
cp "$F/s0" "$CNT"
seq_is s1 s3 s4 s5
: > "$F/log"
tune rebalance --loop --count 4 --hold 1 -i 1 --keep-below 1 eth0
expect_rc 0 "loop"
[ "$(grep -c 'rebal set' "$F/log")" -eq 1 ] && ok || bad "loop: $(grep -c 'rebal set' "$F/log") writes, wanted 1"
expect_out "holding: 1 more interval" "loop: hold"
expect_out "interval 4 " "loop: 4 intervals"
expect_out "decision: keep (gain below 10 %)" "loop: hysteresis"
# a table set by hand during the loop stops it
default_table
cp "$F/s0" "$CNT"
seq_is s1 s3 s4 s5
printf '#!/bin/sh\necho "sleep $*" >> "$FAKE/log"\nawk '"'"'BEGIN { for (i = 0; i < 128; i++) print 3 - i %% 4 }'"'"' > "$FAKE/table"\nn=$(head -n 1 "$FAKE/seq"); [ -n "$n" ] && cp "$FAKE/$n" "$FAKE_CNT"\ntail -n +2 "$FAKE/seq" > "$FAKE/seq.new" && mv "$FAKE/seq.new" "$FAKE/seq"\n' > "$F/bin/sleep.hand"
mv "$F/bin/sleep" "$F/bin/sleep.orig"
mv "$F/bin/sleep.hand" "$F/bin/sleep"
chmod +x "$F/bin/sleep"
tune rebalance --loop --count 4 --hold 0 -i 1 eth0
expect_rc 1 "loop, table set by hand meanwhile"
expect_out "was set by hand" "loop, table set by hand meanwhile"
mv "$F/bin/sleep.orig" "$F/bin/sleep"

# errors
default_table
cp "$F/s0" "$CNT"
seq_is s1
rm -f "$R/run/rxscale/rebalance-eth0.table"
: > "$F/set-wrong"
tune rebalance eth0
rm -f "$F/set-wrong"
expect_rc 1 "table read back differs"
expect_out "reads back a different table" "table read back differs"
[ -e "$R/run/rxscale/rebalance-eth0.table" ] && bad "table read back differs: recorded anyway" || ok
tune rebalance veth0
expect_rc 1 "no device"
expect_out "has no device" "no device"
tune rebalance --counters "$T/none" eth0
expect_rc 1 "no counter file"
default_table
cp "$F/s1" "$CNT"
seq_is s0
tune rebalance eth0
expect_rc 1 "counters backwards"
expect_out "went backwards" "counters backwards"
tune rebalance --metric frames eth0
expect_rc 2 "bad metric"
tune rebalance --interval x eth0
expect_rc 2 "bad interval"
tune rebalance
expect_rc 2 "no interface"
mv "$CNT" "$CNT.away"
tune rebalance eth0
expect_rc 1 "driver without counters"
expect_out "no rss_buckets file for eth0 ($PCI)" "driver without counters"
mv "$CNT.away" "$CNT"

# the counter file: the driver's debugfs directory first (a decoy of
# another driver for the same device is not read), else any directory but
# tracing/ (whose automount Linux 7.x logs as deprecated)
mkdir -p "$R/sys/bus/pci/drivers/r8127" "$R/sys/kernel/debug/aaa/$PCI" "$R/sys/kernel/debug/tracing/$PCI"
echo garbage > "$R/sys/kernel/debug/aaa/$PCI/rss_buckets"
echo garbage > "$R/sys/kernel/debug/tracing/$PCI/rss_buckets"
ln -s "../../../bus/pci/drivers/r8127" "$R/sys/devices/pci0000:00/$PCI/driver"
default_table
cp "$F/s0" "$CNT"
seq_is s1
tune --dry-run rebalance eth0
expect_rc 0 "driver's debugfs directory"
expect_out "decision: change" "driver's debugfs directory"
rm "$R/sys/devices/pci0000:00/$PCI/driver"
cp "$F/s0" "$CNT"
seq_is s1
tune --dry-run rebalance eth0
expect_rc 1 "without a driver link, the first directory"
expect_out "line 1: want 'bucket queue packets bytes'" "without a driver link, the first directory (the decoy)"
rm -r "$R/sys/kernel/debug/aaa"
mv "$R/sys/kernel/debug/r8127" "$T/r8127.away"
tune --dry-run rebalance eth0
expect_rc 1 "tracing/ is never read"
expect_out "no rss_buckets file for eth0" "tracing/ is never read"
mv "$T/r8127.away" "$R/sys/kernel/debug/r8127"

# a driver that counts on demand (mt7988_eth): rss_buckets_count beside the
# counter file is 1 while sampling and what it was after, also after an
# error and a signal; r8127's directory has none (nothing said, above)
SW=${CNT%/*}/rss_buckets_count
echo 0 > "$SW"
default_table
cp "$F/s0" "$CNT"
seq_is s1
: > "$F/log"
tune --dry-run rebalance --once eth0
expect_rc 0 "switch"
expect_out "counting on (.*rss_buckets_count: 1 while sampling, back to 0 after)" "switch"
grep -q "switch while sampling: 1" "$F/log" && ok || bad "switch: not 1 while sampling"
[ "$(cat "$SW")" = 0 ] && ok || bad "switch: $(cat "$SW") after, wanted 0"
cp "$F/s1" "$CNT"
seq_is s0
tune rebalance eth0
expect_rc 1 "switch, counters backwards"
[ "$(cat "$SW")" = 0 ] && ok || bad "switch after an error: $(cat "$SW"), wanted 0"
cp "$F/s0" "$CNT"
seq_is s1
: > "$F/sleep-kill"
tune rebalance --loop eth0
rm -f "$F/sleep-kill"
expect_rc 130 "switch, TERM while sampling"
[ "$(cat "$SW")" = 0 ] && ok || bad "switch after TERM: $(cat "$SW"), wanted 0"
echo 1 > "$SW"
cp "$F/s0" "$CNT"
seq_is s1
tune --dry-run rebalance eth0
expect_rc 0 "switch already on"
expect_no "counting on" "switch already on"
[ "$(cat "$SW")" = 1 ] && ok || bad "switch already on: $(cat "$SW") after, wanted 1"
echo 2 > "$SW"
tune --dry-run rebalance eth0
expect_rc 1 "switch reads 2"
expect_out "not 0 or 1" "switch reads 2"
rm -f "$SW"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
