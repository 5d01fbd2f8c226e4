#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rxscale-bench: its errors (bad options, missing tools, an interface that
# does not exist, no permission), a run that fails (nothing listens) and a
# complete run over loopback, each followed by rxscale-report.
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

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
