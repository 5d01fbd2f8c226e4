#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rxscale-bench: its errors (bad options, missing tools, an interface that
# does not exist, no permission), its snapshots on a fake /proc and /sys
# (RXB_ROOT) with a stub ethtool, a run that fails (nothing listens) and a
# complete run over loopback, each followed by rxscale-report, --repeat and
# --sweep.
#   test-bench.sh PATH/rxscale-bench PATH/rxscale-report sh|busybox_ash
BENCH=${1:?usage: test-bench.sh BENCH REPORT SHELL}
REPORT=${2:?usage: test-bench.sh BENCH REPORT SHELL}
case ${3:-sh} in
sh) SH="sh" ;;
busybox_ash) SH="busybox ash" ;;
*) echo "unknown shell $3" >&2; exit 2 ;;
esac
for tool in iperf3 mpstat ss; do
	command -v $tool >/dev/null || { echo "error: $tool missing (tests/deps/scripts.txt)" >&2; exit 1; }
done
T=$(mktemp -d /tmp/rxs-bench-test.XXXXXX) || exit 1
SRV=
trap '[ -n "$SRV" ] && kill "$SRV" 2>/dev/null; rm -rf "$T"' EXIT
chmod 755 "$T"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; [ -f "$T/out" ] && sed 's/^/    /' "$T/out"; }
bench() {
	# shellcheck disable=SC2086
	$SH "$BENCH" "$@" > "$T/out" 2>&1
	rc=$?
}
expect_rc() { [ "$rc" -eq "$1" ] && ok || bad "$2: exit $rc, wanted $1"; }
expect_out() { grep -q -- "$1" "$T/out" && ok || bad "$2: output lacks '$1'"; }
absent() { [ ! -e "$1" ] && ok || bad "$2: $1 exists"; }

# a TCP port on 127.0.0.1 where nothing listens
free_port() {
	p=$1
	while ss -Htan | grep -q "127.0.0.1:$p "; do p=$((p + 1)); done
	echo "$p"
}

# --- usage and environment errors: exit 2, nothing run, no run directory
bench -c 127.0.0.1 -i nosuch0 -o "$T/r1"
expect_rc 2 "missing interface"
expect_out "interface nosuch0 does not exist" "missing interface"
absent "$T/r1" "missing interface"
IPERF3=/nonexistent/iperf3 bench -c 127.0.0.1 -o "$T/r2"
expect_rc 2 "missing iperf3"
expect_out "/nonexistent/iperf3 not found" "missing iperf3"
absent "$T/r2" "missing iperf3"
bench -o "$T/r3"
expect_rc 2 "neither -c nor -s"
bench -c 127.0.0.1 -P 0 -o "$T/r3"
expect_rc 2 "-P 0"
bench -c 127.0.0.1 -t 1x -o "$T/r3"
expect_rc 2 "-t 1x"
bench -s -R -o "$T/r3"
expect_rc 2 "server with -R"
absent "$T/r3" "bad options"
# issue 19: -c and -s together are refused, whichever comes last
bench -c 127.0.0.1 -s -o "$T/r4"
expect_rc 2 "-c HOST -s"
expect_out "either -c HOST (client) or -s (server), not both" "-c HOST -s"
absent "$T/r4" "-c HOST -s"
bench -s -c 127.0.0.1 -o "$T/r4"
expect_rc 2 "-s -c HOST"
absent "$T/r4" "-s -c HOST"
# issue 19: mpstat that fails at once: exit 2 and no run directory left
# (an empty one given with -o stays, empty)
printf '#!/bin/sh\necho "mpstat: cannot open /proc/stat" >&2\nexit 1\n' > "$T/mpstat-bad"
chmod +x "$T/mpstat-bad"
MPSTAT=$T/mpstat-bad bench -q -c 127.0.0.1 -t 1 -o "$T/r5"
expect_rc 2 "mpstat fails"
expect_out "mpstat did not start: mpstat: cannot open /proc/stat" "mpstat fails"
absent "$T/r5" "mpstat fails"
mkdir "$T/r6"
MPSTAT=$T/mpstat-bad bench -q -c 127.0.0.1 -t 1 -o "$T/r6"
expect_rc 2 "mpstat fails, given empty directory"
[ -d "$T/r6" ] && [ -z "$(ls -A "$T/r6")" ] && ok || bad "mpstat fails: $T/r6 not left empty"
mkdir "$T/full" && touch "$T/full/x"
bench -c 127.0.0.1 -o "$T/full"
expect_rc 2 "non-empty run directory"
expect_out "is not empty" "non-empty run directory"

# --- no permission: nobody cannot create a run directory in root's
mkdir "$T/rootonly" && chmod 755 "$T/rootonly"
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	# shellcheck disable=SC2086
	setpriv --reuid=65534 --regid=65534 --clear-groups $SH "$BENCH" -c 127.0.0.1 \
		-o "$T/rootonly/run" > "$T/out" 2>&1
	rc=$?
	expect_rc 2 "run directory without permission"
	expect_out "cannot create $T/rootonly/run" "run directory without permission"
else
	bad "the permission check needs root and setpriv"
fi

# --- the iperf3 version warning (a stub that only answers --version)
for v in 3.9 3.12 3.16 3.18; do
	printf '#!/bin/sh\n[ "$1" = --version ] && { echo "iperf %s (cJSON 1.7.15)"; exit 0; }\nexit 1\n' "$v" > "$T/iperf3-$v"
	chmod +x "$T/iperf3-$v"
	IPERF3=$T/iperf3-$v bench -q -c 127.0.0.1 -t 1 -o "$T/v$v"
	expect_rc 1 "stub iperf3 $v fails the run"
	case $v in
	3.9 | 3.12) expect_out "iperf3 $v is older than 3.16" "warning for $v" ;;
	*) grep -q "older than 3.16" "$T/out" && bad "warning for $v" || ok ;;
	esac
done

# --- a real run that fails: nothing listens on the port
port=$(free_port 15201)
bench -q -c 127.0.0.1 -p "$port" -t 2 -o "$T/fail"
expect_rc 1 "refused run"
expect_out "run FAILED: iperf3 reported: unable to connect" "refused run"
grep -q '^failed: iperf3 reported: unable to connect' "$T/fail/status" && ok || bad "status of the refused run"
"$REPORT" "$T/fail" > "$T/out" 2>&1
rc=$?
expect_rc 1 "report of the refused run"
expect_out "the run is not complete" "report of the refused run"

# --- the snapshots, on a fake /proc and /sys (RXB_ROOT) with a stub ethtool:
# every file compared with what the fake tree holds (written here by hand)
F=$T/root
mkdir -p "$F/proc/net" "$F/proc/sys/net/core" "$F/proc/irq/40" "$F/proc/irq/41" \
	"$F/sys/class/net/eth9/statistics" "$F/sys/class/net/eth9/queues/rx-0" \
	"$F/sys/devices/system/cpu/cpu0/cpufreq" "$F/sys/devices/system/cpu/cpu1/cpufreq"
printf 'processor\t: 0\nprocessor\t: 1\n' > "$F/proc/cpuinfo"
echo '0.50 0.40 0.30 1/100 4242' > "$F/proc/loadavg"
echo '1000.50 1900.00' > "$F/proc/uptime"
cat > "$F/proc/interrupts" <<'EOT'
           CPU0       CPU1
 40:        100          0  PCI-MSIX-0000:01:00.0   0-edge      eth9-rx-0
 41:          0         50  PCI-MSIX-0000:01:00.0   1-edge      eth9-tx-0
 50:          3          0  PCI-MSIX-0000:02:00.0   0-edge      eth90-rx-0
NMI:          0          0   Non-maskable interrupts
EOT
cat > "$F/proc/softirqs" <<'EOT'
                    CPU0       CPU1
          HI:          0          0
      NET_TX:         10         20
      NET_RX:        300        400
EOT
cat > "$F/proc/net/softnet_stat" <<'EOT'
0000a000 00000002 00000011 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000
0000b000 00000000 00000003 00000000 00000000 00000000 00000000 00000000 00000000 00000005 00000000 00000000 00000001 00000000 00000000
EOT
echo 600 > "$F/proc/sys/net/core/netdev_budget"
echo 4000 > "$F/proc/sys/net/core/netdev_budget_usecs"
echo 2000 > "$F/proc/sys/net/core/netdev_max_backlog"
echo 64 > "$F/proc/sys/net/core/dev_weight"
echo performance > "$F/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"
echo schedutil > "$F/sys/devices/system/cpu/cpu1/cpufreq/scaling_governor"
echo 0 > "$F/proc/irq/40/smp_affinity_list"
echo 1 > "$F/proc/irq/41/smp_affinity_list"
d=$F/sys/class/net/eth9
echo 9000 > "$d/mtu"
echo 10000 > "$d/speed"
echo full > "$d/duplex"
echo 1 > "$d/threaded"
echo 2 > "$d/queues/rx-0/rps_cpus"
echo 0 > "$d/statistics/rx_bytes"
echo 0 > "$d/statistics/tx_bytes"
# threads: a NAPI thread, a ksoftirqd, a shell (not taken), and a process
# that is gone (no stat)
mkdir -p "$F/proc/100" "$F/proc/101" "$F/proc/102" "$F/proc/103"
echo napi/eth9-8193 > "$F/proc/100/comm"
echo '100 (napi/eth9-8193) S 2 0 0 0 -1 2129984 0 0 0 0 1234 56 0 0 20 0 1 0 300 0 0 18446744073709551615 0 0 0 0 0 0 0 2147483647 0 1 0 0 17 3 0 0 0 0 0 0 0 0 0 0 0 0 0' > "$F/proc/100/stat"
echo ksoftirqd/1 > "$F/proc/101/comm"
echo '101 (ksoftirqd/1) S 2 0 0 0 -1 69238848 0 0 0 0 7 8 0 0 20 0 1 0 26 0 0 18446744073709551615 0 0 0 0 0 0 0 2147483647 0 1 0 0 17 1 0 0 0 0 0 0 0 0 0 0 0 0 0' > "$F/proc/101/stat"
echo bash > "$F/proc/102/comm"
echo '102 (bash) S 1 0 0 0 -1 0 0 0 0 0 99 99 0 0 20 0 1 0 26 0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 17 0 0 0 0 0 0 0 0 0 0 0 0 0 0' > "$F/proc/102/stat"
echo ksoftirqd/0 > "$F/proc/103/comm"
# a stub ethtool: each option's own text, -n fails as a driver without
# RX classification does
cat > "$T/ethtool-stub" <<'EOT'
#!/bin/sh
case $1 in
-n) echo "rxclass: Cannot get RX class rule count: Operation not supported" >&2; exit 1 ;;
-S) printf 'NIC statistics:\n     rx_packets: 5\n' ;;
*) echo "stub ethtool $1 $2" ;;
esac
EOT
printf '#!/bin/sh\n[ "$1" = --version ] && { echo "iperf 3.18 (cJSON 1.7.15)"; exit 0; }\nexit 1\n' > "$T/iperf3-fail"
chmod +x "$T/ethtool-stub" "$T/iperf3-fail"
RXB_ROOT=$F ETHTOOL=$T/ethtool-stub IPERF3=$T/iperf3-fail bench -q -c 127.0.0.1 -t 1 -i eth9 -o "$T/fake"
expect_rc 1 "fake tree run (stub iperf3 fails)"
# same_file FILE WANT-TEXT WHAT
same_file() {
	printf '%s\n' "$2" > "$T/want"
	if cmp -s "$1" "$T/want"; then ok; else
		bad "$3: $1 differs from the expected text"
		diff "$T/want" "$1" | sed 's/^/    /'
	fi
}
for w in before after; do
	same_file "$T/fake/threads.$w" 'uptime 1000.50
100 1234 56 3 napi/eth9-8193
101 7 8 1 ksoftirqd/1' "threads.$w"
	same_file "$T/fake/settings.$w" 'sysctl/netdev_budget 600
sysctl/netdev_budget_usecs 4000
sysctl/netdev_max_backlog 2000
sysctl/dev_weight 64
cpu0/scaling_governor performance
cpu1/scaling_governor schedutil
mtu 9000
speed 10000
duplex full
threaded 1
queues/rx-0/rps_cpus 2
irq/40/smp_affinity_list 0
irq/41/smp_affinity_list 1' "settings.$w"
	cmp -s "$T/fake/softnet_stat.$w" "$F/proc/net/softnet_stat" && ok || bad "softnet_stat.$w is not the fake tree's"
	for o in l x c k g i; do
		same_file "$T/fake/ethtool-$o.$w" "stub ethtool -$o eth9" "ethtool -$o"
		absent "$T/fake/ethtool-$o.$w.err" "ethtool -$o succeeded"
	done
	absent "$T/fake/ethtool-n.$w" "ethtool -n failed"
	same_file "$T/fake/ethtool-n.$w.err" "rxclass: Cannot get RX class rule count: Operation not supported" "ethtool -n error"
done
# no cpufreq (a VM): said, not left out
rm -r "$F/sys/devices/system/cpu/cpu0/cpufreq" "$F/sys/devices/system/cpu/cpu1/cpufreq"
RXB_ROOT=$F ETHTOOL=$T/ethtool-stub IPERF3=$T/iperf3-fail bench -q -c 127.0.0.1 -t 1 -o "$T/fake2"
expect_rc 1 "fake tree run without -i"
same_file "$T/fake2/settings.before" 'sysctl/netdev_budget 600
sysctl/netdev_budget_usecs 4000
sysctl/netdev_max_backlog 2000
sysctl/dev_weight 64
cpufreq none' "settings without -i or cpufreq"
absent "$T/fake2/ethtool-l.before" "no ethtool without -i"

# --- iperf3 options passed through: a stub iperf3 writes its arguments
printf '#!/bin/sh\n[ "$1" = --version ] && { echo "iperf 3.18 (cJSON 1.7.15)"; exit 0; }\necho "$*" > "%s/args"\nexit 1\n' "$T" > "$T/iperf3-args"
printf '#!/bin/sh\n[ "$1" = --version ] && { echo "iperf 3.6 (cJSON 1.5.2)"; exit 0; }\nexit 1\n' > "$T/iperf3-3.6"
chmod +x "$T/iperf3-args" "$T/iperf3-3.6"
IPERF3=$T/iperf3-args bench -q -c 127.0.0.1 -t 1 --omit 2 --bidir --length 64K --mss 1400 --affinity 1,0 -o "$T/pass1"
expect_rc 1 "long passthrough options (stub iperf3 fails)"
same_file "$T/args" "-J -c 127.0.0.1 -P 1 -t 1 -O 2 --bidir -l 64K -M 1400 -A 1,0" "long passthrough options"
for kv in omit=2 bidir=1 length=64K mss=1400 affinity=1,0; do
	grep -qx "$kv" "$T/pass1/meta.txt" && ok || bad "meta.txt lacks $kv"
done
IPERF3=$T/iperf3-args bench -q -c 127.0.0.1 -t 1 -O 3 -L 8k -M 9000 -A 0 -l -O -o "$T/pass2"
expect_rc 1 "short passthrough options"
same_file "$T/args" "-J -c 127.0.0.1 -P 1 -t 1 -O 3 -l 8k -M 9000 -A 0" "short passthrough options"
grep -qx "label=-O" "$T/pass2/meta.txt" && ok || bad "a label '-O' is a label"
IPERF3=$T/iperf3-args bench -q -s -t 1 --affinity=1 --repeat=1 -o "$T/pass3"
expect_rc 1 "server with --affinity"
same_file "$T/args" "-J -s -1 -A 1" "server with --affinity"
# refused before anything runs
for args in "--bidir -R" "--omit x" "--omit 601" "--mss 50" "--length 1K2" "--length K" \
	"--affinity a" "--affinity 1,2,3"; do
	# shellcheck disable=SC2086
	IPERF3=$T/iperf3-args bench -q -c 127.0.0.1 -t 1 $args -o "$T/pref"
	expect_rc 2 "refused: $args"
done
for args in "--omit 1" "--bidir" "--length 8K" "--mss 1400"; do
	# shellcheck disable=SC2086
	IPERF3=$T/iperf3-args bench -q -s $args -o "$T/pref"
	expect_rc 2 "server refuses $args"
	expect_out "are client options" "server refuses $args"
done
IPERF3=$T/iperf3-3.6 bench -q -c 127.0.0.1 -t 1 --bidir -o "$T/pref"
expect_rc 2 "--bidir with iperf3 3.6"
expect_out "--bidir needs iperf3 3.7 or newer" "--bidir with iperf3 3.6"
absent "$T/pref" "refused passthrough options"

# --- --repeat: a series that fails at its first run stops there
bench -q --repeat 3 -c 127.0.0.1 -p "$(free_port 15401)" -t 1 -o "$T/rfail"
expect_rc 1 "--repeat 3, nothing listens"
grep -q '^failed: run 1 of 3: iperf3 reported: unable to connect' "$T/rfail/status" && ok ||
	bad "--repeat: the series' status is '$(cat "$T/rfail/status")'"
grep -q '^failed: iperf3 reported: unable to connect' "$T/rfail/run-1/status" && ok ||
	bad "--repeat: run-1's status is '$(cat "$T/rfail/run-1/status")'"
absent "$T/rfail/run-2" "--repeat stops at the failed run"
bench -q --repeat 0 -c 127.0.0.1 -o "$T/r0"
expect_rc 2 "--repeat 0"
expect_out "--repeat wants a number from 1 to 100, got '0'" "--repeat 0"
absent "$T/r0" "--repeat 0"
bench -q --repeat=x -c 127.0.0.1 -o "$T/r0"
expect_rc 2 "--repeat=x"
bench -q --bogus -c 127.0.0.1 -o "$T/r0"
expect_rc 2 "unknown long option"
expect_out "unknown option --bogus" "unknown long option"

# --- a complete run over loopback, then its report
port=$(free_port 15301)
iperf3 -s -1 -B 127.0.0.1 -p "$port" >/dev/null 2>&1 &
SRV=$!
i=0
while [ $i -lt 50 ] && ! ss -Htln | grep -q "127.0.0.1:$port "; do sleep 0.1; i=$((i + 1)); done
bench -c 127.0.0.1 -p "$port" -P 2 -t 3 -b 200M -i lo -l loop -o "$T/ok"
expect_rc 0 "loopback run"
wait "$SRV"
SRV=
for f in meta.txt iperf3.json mpstat.json interrupts.before interrupts.after softirqs.before \
	softirqs.after ethtool-S.before.err settings.before; do
	[ -e "$T/ok/$f" ] && ok || bad "loopback run: no $f"
done
# the last progress line comes at or after 3 s: a loaded machine can sleep
# past a second, so 't=4s/3s' is as right as 't=3s/3s' (seen in CI)
grep -Eq 'rxscale-bench: t=[3-9]s/3s  lo rx [0-9]+\.[0-9]{2} tx' "$T/out" && ok ||
	bad "progress line: no final 't=Ns/3s  lo rx' line"
[ "$(cat "$T/ok/status")" = complete ] && ok || bad "loopback run status"
"$REPORT" "$T/ok" > "$T/out" 2>&1
rc=$?
expect_rc 0 "report of the loopback run"
expect_out "# rxscale report: loop" "report of the loopback run"
expect_out "no per-queue IRQs found for lo" "report of the loopback run"
# -b 200M over 2 streams: 0.4 Gbit/s in all (units right, pacing kept
# even on a loaded machine)
grep -Eq 'received \*\*0\.(3[5-9]|4[0-2]) Gbit/s' "$T/out" && ok || bad "loopback rate is 0.4 Gbit/s"

# --- a complete --repeat 2 series over loopback (a server that stays up)
port=$(free_port 15501)
iperf3 -s -B 127.0.0.1 -p "$port" >/dev/null 2>&1 &
SRV=$!
i=0
while [ $i -lt 50 ] && ! ss -Htln | grep -q "127.0.0.1:$port "; do sleep 0.1; i=$((i + 1)); done
bench -q --repeat 2 -c 127.0.0.1 -p "$port" -t 2 -b 100M -i lo -l rep -o "$T/rep"
expect_rc 0 "--repeat 2 over loopback"
kill "$SRV" 2>/dev/null
wait "$SRV" 2>/dev/null
SRV=
same_file "$T/rep/status" complete "--repeat 2: status of the series"
for k in 1 2; do
	same_file "$T/rep/run-$k/status" complete "--repeat 2: run-$k"
	grep -qx "repeat=$k/2" "$T/rep/run-$k/meta.txt" && ok || bad "run-$k/meta.txt lacks repeat=$k/2"
done
grep -qx "repeat=2" "$T/rep/repeat.txt" && ok || bad "repeat.txt lacks repeat=2"
absent "$T/rep/run-3" "--repeat 2 made a third run"
"$REPORT" "$T/rep" > "$T/out" 2>&1
rc=$?
expect_rc 0 "report of the --repeat 2 series"
expect_out "# rxscale report: rep (2 runs)" "report of the --repeat 2 series"
expect_out "| throughput (end of test), Gbit/s | 0\.[0-9][0-9] | 0\.[0-9][0-9] |" "report of the --repeat 2 series"

# --- a series against a series: rxscale-bench -s --repeat 2 on the other end
# (it restarts iperf3 -s -1 after each run: the client's pause covers that)
port=$(free_port 15601)
# shellcheck disable=SC2086
$SH "$BENCH" -q -s -B 127.0.0.1 -p "$port" -t 2 --repeat 2 -o "$T/psrv" > "$T/psrv.log" 2>&1 &
SRV=$!
i=0
while [ $i -lt 50 ] && ! ss -Htln | grep -q "127.0.0.1:$port "; do sleep 0.1; i=$((i + 1)); done
bench -q --repeat 2 -c 127.0.0.1 -p "$port" -t 2 -b 100M -o "$T/pcli"
expect_rc 0 "client series against a server series"
wait "$SRV"
src=$?
SRV=
[ "$src" -eq 0 ] && ok || { bad "server series: exit $src"; sed 's/^/    /' "$T/psrv.log"; }
same_file "$T/psrv/status" complete "server series status"
same_file "$T/pcli/status" complete "client series status"
"$REPORT" "$T/psrv" "$T/pcli" > "$T/out" 2>&1
rc=$?
expect_rc 0 "report of server series vs client series"
expect_out "# rxscale report: psrv (2 runs) vs pcli (2 runs)" "report of two series"

# --- --sweep: bad specs refused before anything runs (exit 2, no directory)
for args in "--sweep P=1" "--sweep P=0,2" "--sweep P=01,2" "--sweep P=1,129" "--sweep X=1,2" \
	"--sweep P=1,1" "--sweep P=1,,2" "--sweep P=1,2," "--sweep P" "--sweep=P=1;2" \
	"-P 2 --sweep P=1,2" "--sweep P=1,2 --sweep P=3,4" "--sweep rps=on,off" \
	"--sweep rps=on,maybe -i lo" "--sweep threaded=1,0 -i lo" "--sweep rss=default,equal0 -i lo" \
	"--sweep P=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21"; do
	# shellcheck disable=SC2086
	IPERF3=$T/iperf3-args bench -q -c 127.0.0.1 -t 1 $args -o "$T/sw0"
	expect_rc 2 "refused: $args"
	absent "$T/sw0" "refused: $args"
	rm -rf "$T/sw0" # one failure, not every one after it
done
IPERF3=$T/iperf3-args bench -q -s --sweep P=1,2 -o "$T/sw0"
expect_rc 2 "server with --sweep P"
expect_out "--sweep P is a client option" "server with --sweep P"
absent "$T/sw0" "server with --sweep P"

# --- --sweep rps on the fake tree: rxscale-tune writes the fake rps_cpus
# (2 before), a stub iperf3 plays a recorded run; the server side does not
# pause between runs. Each point's runs see their value; 2 again after.
echo 0-1 > "$F/sys/devices/system/cpu/online"
RJ=$(dirname "$0")/data/run-rps-off/iperf3.json
printf '#!/bin/sh\n[ "$1" = --version ] && { echo "iperf 3.18 (cJSON 1.7.15)"; exit 0; }\ncat "%s"\n' "$RJ" > "$T/iperf3-play"
chmod +x "$T/iperf3-play"
RXB_ROOT=$F ETHTOOL=$T/ethtool-stub IPERF3=$T/iperf3-play bench -q -s -t 1 -i eth9 --repeat 2 \
	--sweep rps=off,on -l swr -o "$T/swr"
expect_rc 0 "--sweep rps=off,on on the fake tree"
same_file "$T/swr/status" complete "--sweep rps: status of the sweep"
same_file "$F/sys/class/net/eth9/queues/rx-0/rps_cpus" 2 "--sweep rps: rps_cpus restored"
grep -qx restored=yes "$T/swr/sweep.txt" && ok || bad "--sweep rps: sweep.txt lacks restored=yes"
for p in 1 2; do
	v=$([ $p = 1 ] && echo off || echo on)
	m=$([ $p = 1 ] && echo 0 || echo 3)
	same_file "$T/swr/point-$p/status" complete "--sweep rps: point-$p"
	for k in 1 2; do
		grep -qx "sweep=rps=$v" "$T/swr/point-$p/run-$k/meta.txt" && ok || bad "point-$p/run-$k lacks sweep=rps=$v"
		grep -qx "queues/rx-0/rps_cpus $m" "$T/swr/point-$p/run-$k/settings.before" && ok ||
			bad "point-$p/run-$k ran without rps_cpus $m"
	done
done
# --- --sweep rss with a stub ethtool whose RSS table (2 rings, 8 entries)
# lives in a file: a table set by hand and too many rings are refused; a
# sweep default,equal1 sees each table and leaves the default one behind
cat > "$T/ethtool-rss" <<'EOT'
#!/bin/sh
st=${RSS_STATE:?}
case $1 in
-x) printf 'RX flow hash indirection table for %s with 2 RX ring(s):\n    0: %s\nRSS hash key:\nOperation not supported\n' "$2" "$(cat "$st")" ;;
-X) case $3 in
    default) echo "0 1 0 1 0 1 0 1" > "$st" ;;
    equal) [ "$4" = 1 ] && echo "0 0 0 0 0 0 0 0" > "$st" || echo "0 1 0 1 0 1 0 1" > "$st" ;;
    *) exit 1 ;;
    esac ;;
-S) printf 'NIC statistics:\n     rx_packets: 5\n' ;;
*) echo "stub ethtool $1 $2" ;;
esac
EOT
chmod +x "$T/ethtool-rss"
export RSS_STATE="$T/rss-table"
echo "1 0 1 0 1 0 1 0" > "$RSS_STATE"
RXB_ROOT=$F ETHTOOL=$T/ethtool-rss IPERF3=$T/iperf3-play bench -q -s -t 1 -i eth9 --sweep rss=default,equal1 -o "$T/sws"
expect_rc 2 "--sweep rss: a table set by hand"
expect_out "the RSS table of eth9 is not the default one" "--sweep rss: a table set by hand"
absent "$T/sws" "--sweep rss: a table set by hand"
echo "0 1 0 1 0 1 0 1" > "$RSS_STATE"
RXB_ROOT=$F ETHTOOL=$T/ethtool-rss IPERF3=$T/iperf3-play bench -q -s -t 1 -i eth9 --sweep rss=default,equal3 -o "$T/sws"
expect_rc 2 "--sweep rss: equal3 on 2 rings"
expect_out "equal3, but eth9 has 2 RX rings" "--sweep rss: equal3 on 2 rings"
absent "$T/sws" "--sweep rss: equal3 on 2 rings"
RXB_ROOT=$F ETHTOOL=$T/ethtool-rss IPERF3=$T/iperf3-play bench -q -s -t 1 -i eth9 --sweep rss=default,equal1 -o "$T/sws"
expect_rc 0 "--sweep rss=default,equal1"
grep -q "0: 0 1 0 1 0 1 0 1" "$T/sws/point-1/ethtool-x.before" && ok || bad "--sweep rss: point 1 did not run with the default table"
grep -q "0: 0 0 0 0 0 0 0 0" "$T/sws/point-2/ethtool-x.before" && ok || bad "--sweep rss: point 2 did not run with equal 1"
same_file "$RSS_STATE" "0 1 0 1 0 1 0 1" "--sweep rss: the default table back after the sweep"
grep -qx restored=yes "$T/sws/sweep.txt" && ok || bad "--sweep rss: sweep.txt lacks restored=yes"
unset RSS_STATE

# a point that cannot be set before any run: exit 2, nothing left (a stub
# rxscale-tune that saves but cannot write, as on a device without NAPI)
printf '#!/bin/sh\ncase $1 in save) : > "$3" ;; restore) exit 0 ;; *) echo "rxscale-tune: error: cannot write 0 to threaded: I/O error" >&2; exit 1 ;; esac\n' > "$T/tune-fail"
RXSCALE_TUNE=$T/tune-fail RXB_ROOT=$F ETHTOOL=$T/ethtool-stub IPERF3=$T/iperf3-play \
	bench -q -s -t 1 -i eth9 --sweep threaded=off,on -o "$T/swt"
expect_rc 2 "--sweep threaded: point 1 cannot be set"
expect_out "cannot set threaded=off on eth9: rxscale-tune: error: cannot write 0 to threaded" \
	"--sweep threaded: point 1 cannot be set"
absent "$T/swt" "--sweep threaded: point 1 cannot be set"
# a run that fails at point 2: the sweep stops, says where, restores
printf '#!/bin/sh\n[ "$1" = --version ] && { echo "iperf 3.18 (cJSON 1.7.15)"; exit 0; }\ncase "$*" in *"-P 4"*) exit 1 ;; esac\ncat "%s"\n' "$RJ" > "$T/iperf3-p4"
chmod +x "$T/iperf3-p4"
RXB_ROOT=$F ETHTOOL=$T/ethtool-stub IPERF3=$T/iperf3-p4 bench -q -c 127.0.0.1 -t 1 -i eth9 \
	--sweep P=1,4,8 -o "$T/swf"
expect_rc 1 "--sweep P: a run fails at point 2"
grep -q '^failed: point 2 of 3 (P=4): iperf3 exited with status 1' "$T/swf/status" && ok ||
	bad "--sweep P: the sweep's status is '$(cat "$T/swf/status")'"
absent "$T/swf/point-3" "--sweep stops at the failed point"

# --- exact softirq time (issue 19): a fake tracefs whose files take what
# is written to them. The hist text is laid out as the kernel prints it; a
# stub iperf3 replaces it during the run (more softirq time after).
TRF=$F/sys/kernel/tracing
mkdir -p "$TRF/events/irq/softirq_entry" "$TRF/events/irq/softirq_exit" "$TRF/events/synthetic/rxb_sirq"
: > "$TRF/synthetic_events"
: > "$TRF/events/irq/softirq_entry/trigger"
: > "$TRF/events/irq/softirq_exit/trigger"
: > "$TRF/events/synthetic/rxb_sirq/trigger"
hist_text() {
	printf '# event histogram\n#\n# trigger info: hist:keys=common_cpu,vec:vals=hitcount,dt:sort=common_cpu,vec:size=2048 [active]\n#\n\n'
	printf '{ common_cpu:          0, vec:          1 } hitcount:        250  dt:    1500000\n'
	printf '{ common_cpu:          0, vec:          3 } hitcount:       %4d  dt:  %10d\n' "$1" "$2"
	printf '{ common_cpu:          1, vec:          3 } hitcount:         40  dt:    5000000\n'
	printf '\nTotals:\n    Hits: 1290\n    Entries: 3\n    Dropped: 0\n'
}
hist_text 1000 200000000 > "$TRF/events/synthetic/rxb_sirq/hist"
hist_text 3000 700000000 > "$T/hist-after"
printf '#!/bin/sh\n[ "$1" = --version ] && { echo "iperf 3.18 (cJSON 1.7.15)"; exit 0; }\ncp "%s" "%s"\necho "1010.50 1900.00" > "%s"\ncat "%s"\n' \
	"$T/hist-after" "$TRF/events/synthetic/rxb_sirq/hist" "$F/proc/uptime" "$RJ" > "$T/iperf3-sirq"
chmod +x "$T/iperf3-sirq"
KREL=$(uname -r)
mkdir -p "$F/boot"
printf 'CONFIG_TICK_CPU_ACCOUNTING=y\n# CONFIG_IRQ_TIME_ACCOUNTING is not set\n' > "$F/boot/config-$KREL"
RXB_ROOT=$F ETHTOOL=$T/ethtool-stub IPERF3=$T/iperf3-sirq bench -c 127.0.0.1 -t 1 -o "$T/sirq"
expect_rc 0 "run with a fake tracefs"
expect_out "softirq time: exact, from hist triggers in /sys/kernel/tracing" "run with a fake tracefs"
same_file "$T/sirq/softirq-time.before" 'uptime 1000.50
0 1 250 1500000
0 3 1000 200000000
1 3 40 5000000' "softirq-time.before"
same_file "$T/sirq/softirq-time.after" 'uptime 1010.50
0 1 250 1500000
0 3 3000 700000000
1 3 40 5000000' "softirq-time.after"
grep -qx 'softirq_time=hist /sys/kernel/tracing' "$T/sirq/meta.txt" && ok || bad "meta.txt lacks softirq_time=hist"
grep -qx 'irq_time_accounting=n' "$T/sirq/meta.txt" && ok || bad "meta.txt lacks irq_time_accounting=n"
grep -qx "irq_time_accounting_from=/boot/config-$KREL" "$T/sirq/meta.txt" && ok || bad "meta.txt: config not from /boot"
# set up, then removed (the same trigger with a '!'), last first
same_file "$TRF/synthetic_events" 'rxb_sirq u64 dt; unsigned int vec
!rxb_sirq' "synthetic_events after the run"
same_file "$TRF/events/irq/softirq_entry/trigger" 'hist:keys=common_cpu:rxb_t0=common_timestamp
!hist:keys=common_cpu:rxb_t0=common_timestamp' "softirq_entry trigger after the run"
# shellcheck disable=SC2016
same_file "$TRF/events/irq/softirq_exit/trigger" 'hist:keys=common_cpu:rxb_dt=common_timestamp-$rxb_t0:onmatch(irq.softirq_entry).trace(rxb_sirq,$rxb_dt,vec)
!hist:keys=common_cpu:rxb_dt=common_timestamp-$rxb_t0:onmatch(irq.softirq_entry).trace(rxb_sirq,$rxb_dt,vec)' "softirq_exit trigger after the run"
same_file "$TRF/events/synthetic/rxb_sirq/trigger" 'hist:keys=common_cpu,vec:vals=hitcount,dt:sort=common_cpu,vec
!hist:keys=common_cpu,vec:vals=hitcount,dt:sort=common_cpu,vec' "rxb_sirq trigger after the run"
echo '1000.50 1900.00' > "$F/proc/uptime"
# a signal during the run: the triggers go too
for f in synthetic_events events/irq/softirq_entry/trigger events/irq/softirq_exit/trigger \
	events/synthetic/rxb_sirq/trigger; do : > "$TRF/$f"; done
printf '#!/bin/sh\n[ "$1" = --version ] && { echo "iperf 3.18 (cJSON 1.7.15)"; exit 0; }\ntouch "%s/iperf3-started"\nexec sleep 30\n' "$T" > "$T/iperf3-hang"
chmod +x "$T/iperf3-hang"
# shellcheck disable=SC2086
RXB_ROOT=$F IPERF3=$T/iperf3-hang $SH "$BENCH" -q -c 127.0.0.1 -t 1 -o "$T/sirq-int" > "$T/out" 2>&1 &
bp=$!
i=0
while [ $i -lt 100 ] && [ ! -e "$T/iperf3-started" ]; do sleep 0.1; i=$((i + 1)); done
kill -TERM "$bp"
wait "$bp"
rc=$?
expect_rc 1 "signal during a traced run"
tail -n 1 "$TRF/synthetic_events" | grep -qx '!rxb_sirq' && ok || bad "signal: rxb_sirq not removed"
tail -n 1 "$TRF/events/synthetic/rxb_sirq/trigger" | grep -q '^!hist:' && ok || bad "signal: rxb_sirq trigger not removed"
# the setup fails at its last step (no events/synthetic/rxb_sirq: the
# kernel refused the event): the three steps before are undone, mpstat only
mv "$TRF/events/synthetic" "$TRF/events/synthetic.off"
for f in synthetic_events events/irq/softirq_entry/trigger events/irq/softirq_exit/trigger; do : > "$TRF/$f"; done
rm -f "$F/boot/config-$KREL"
printf 'CONFIG_IRQ_TIME_ACCOUNTING=y\n' | gzip > "$F/proc/config.gz"
RXB_ROOT=$F IPERF3=$T/iperf3-play bench -c 127.0.0.1 -t 1 -o "$T/sirq-half"
expect_rc 0 "run whose trigger setup fails"
expect_out "softirq time: no exact measurement (setting up the hist triggers failed at step 4 of 4" "setup fails"
absent "$T/sirq-half/softirq-time.before" "setup fails"
grep -q '^softirq_time=none: setting up the hist triggers failed' "$T/sirq-half/meta.txt" && ok || bad "setup fails: meta.txt"
tail -n 1 "$TRF/synthetic_events" | grep -qx '!rxb_sirq' && ok || bad "setup fails: rxb_sirq not removed"
tail -n 1 "$TRF/events/irq/softirq_exit/trigger" | grep -q '^!hist:' && ok || bad "setup fails: exit trigger not removed"
tail -n 1 "$TRF/events/irq/softirq_entry/trigger" | grep -q '^!hist:' && ok || bad "setup fails: entry trigger not removed"
grep -qx 'irq_time_accounting=y' "$T/sirq-half/meta.txt" && ok || bad "meta.txt lacks irq_time_accounting=y"
grep -qx 'irq_time_accounting_from=/proc/config.gz' "$T/sirq-half/meta.txt" && ok || bad "meta.txt: config not from /proc/config.gz"
# no tracefs, no config: said
mv "$F/sys/kernel" "$F/sys/kernel.off"
rm -f "$F/proc/config.gz"
RXB_ROOT=$F IPERF3=$T/iperf3-play bench -c 127.0.0.1 -t 1 -o "$T/sirq-none"
expect_rc 0 "run without tracefs"
expect_out "softirq time: no exact measurement (no synthetic_events in /sys/kernel/tracing" "no tracefs"
absent "$T/sirq-none/softirq-time.before" "no tracefs"
grep -qx 'irq_time_accounting=unknown' "$T/sirq-none/meta.txt" && ok || bad "meta.txt lacks irq_time_accounting=unknown"
mv "$F/sys/kernel.off" "$F/sys/kernel"
mv "$TRF/events/synthetic.off" "$TRF/events/synthetic"

# --- a --sweep P over loopback (a server that stays up), then its report
port=$(free_port 15701)
iperf3 -s -B 127.0.0.1 -p "$port" >/dev/null 2>&1 &
SRV=$!
i=0
while [ $i -lt 50 ] && ! ss -Htln | grep -q "127.0.0.1:$port "; do sleep 0.1; i=$((i + 1)); done
bench -q -c 127.0.0.1 -p "$port" -t 1 -b 100M --sweep P=1,2 -l swp -o "$T/swp"
expect_rc 0 "--sweep P=1,2 over loopback"
kill "$SRV" 2>/dev/null
wait "$SRV" 2>/dev/null
SRV=
same_file "$T/swp/status" complete "--sweep P: status"
grep -qx "parallel=2" "$T/swp/point-2/meta.txt" && ok || bad "--sweep P: point-2 did not run -P 2"
"$REPORT" "$T/swp" > "$T/out" 2>&1
rc=$?
expect_rc 0 "report of the --sweep P"
expect_out "# rxscale report: swp (sweep of iperf3 parallel streams (-P), 2 points, 1 run each)" "report of the sweep"
# -b 100M a stream: 0.1 and 0.2 Gbit/s on a quiet machine; a 1 s paced
# run on a loaded one (make unit beside guests) fell short once
# (2026-12-06), so only the column's form is checked here
expect_out "| 1 | 1 | 0\.[0-2][0-9] | - |" "report of the sweep: point 1"
expect_out "| 2 | 1 | 0\.[0-2][0-9] | not called (fewer than 2 runs on a side) |" "report of the sweep: point 2"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
