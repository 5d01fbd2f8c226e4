#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The scenario library's verdicts, checked on the host with dash (the
# guests' /bin/sh, tests/bench/guest/build.sh): rxs_fail and rxs_skip end
# the scenario with status 1 and 77 and their line, also when called in a
# command substitution or a pipeline (subshells, where a plain exit ended
# the subshell alone and the scenario went on: lib.sh, above rxs_fail).
# Each case runs a small scenario in its own dash and compares its status,
# whether it went on past the call, and its RXSCALE- line.
#
# usage: tests/bench/lib-check.sh [LIB]   (default: scenarios/lib.sh;
#        another LIB, e.g. an older lib.sh, shows what it gets wrong)
set -u

here=$(cd "$(dirname "$0")" && pwd)
lib=${1:-$here/scenarios/lib.sh}
# not run is not passed: 77 is run-check.sh's SKIP
command -v dash >/dev/null 2>&1 || { echo "SKIP lib-check: no dash on this host"; exit 77; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
failed=0

# check NAME STATUS LINE BODY: BODY, run after lib.sh, must exit with
# STATUS, print LINE (a fixed string; - for none) and never "went-on"
check() {
	{
		echo "RXS_DMESG_EXPECT=$work/expect"
		echo ". '$lib'"
		# a stand-in for ethtool -S with one counter
		echo 'ethtool() { echo "NIC statistics:"; echo "     rx0_packets: 7"; }'
		echo "$4"
		echo 'echo went-on'
	} > "$work/s.sh"
	dash "$work/s.sh" > "$work/out" 2>&1
	rc=$?
	why=
	[ "$rc" = "$2" ] || why="status $rc, want $2"
	if grep -q went-on "$work/out"; then
		[ "$2" = 0 ] || why="${why:+$why; }the scenario went on after the call"
	else
		[ "$2" != 0 ] || why="${why:+$why; }the scenario stopped"
	fi
	[ "$3" = - ] || grep -qF "$3" "$work/out" || why="${why:+$why; }no line '$3'"
	if [ -z "$why" ]; then
		echo "ok   $1"
	else
		echo "FAIL $1: $why; output:"
		sed 's/^/    /' "$work/out"
		failed=$((failed + 1))
	fi
}

check "rxs_fail in the scenario's shell" 1 "RXSCALE-FAIL: plain" \
	'rxs_fail plain'
check "rxs_fail in a command substitution" 1 "RXSCALE-FAIL: in subst" \
	'x=$(rxs_fail in subst); echo "x=$x"'
check "rxs_fail in a pipeline's stage" 1 "RXSCALE-FAIL: in pipe" \
	'echo a | while read -r l; do rxs_fail in pipe; done'
check "rxs_fail in ( )" 1 "RXSCALE-FAIL: in parens" \
	'( rxs_fail in parens )'
check "rxs_skip in a command substitution" 77 "RXSCALE-SKIP: cannot here" \
	'x=$(rxs_skip cannot here)'
check "the scenario's EXIT trap runs on rxs_fail from a subshell" 1 "cleanup ran" \
	'trap "echo cleanup ran" EXIT; x=$(rxs_fail late)'
check "rxs_ethtool_stat of a counter the driver lacks" 1 "RXSCALE-FAIL: ethtool -S has no tx9_nothing" \
	'[ "$(rxs_ethtool_stat tx9_nothing)" -ge 0 ]'
check "rxs_ethtool_stat of a counter it has" 0 "v=7" \
	'v=$(rxs_ethtool_stat rx0_packets); echo "v=$v"'
check "a failing command in a substitution alone ends nothing" 0 - \
	'x=$(false)'
check "rxs_queues_receiving of a queue without rx<Q>_packets" 1 "RXSCALE-FAIL: ethtool -S has no rx1_packets" \
	'r=$(rxs_queues_receiving 0 0 1); echo "r=$r"'
check "rxs_queues_receiving of a queue whose count stood still" 0 "r=[]" \
	'r=$(rxs_queues_receiving 0 0); echo "r=[$r]"'
# rxs_ping_some against a stand-in ping: answered at once, answered late
# (said with its delay), never answered (fails, after the counters)
check "rxs_ping_some answered after 1 s" 0 "pinged" \
	'RXS_PEER_IP=x; ping() { echo PING; sleep 1; echo "64 bytes from x: seq=2 ttl=64 time=9 ms"; sleep 30; }
	rxs_ping_some "-L rx 1" | grep -q "first answer" || echo pinged'
check "rxs_ping_some answered after 7 s" 0 "rxs: ping after -L rx 1: first answer after 7." \
	'RXS_PEER_IP=x; ping() { echo PING; sleep 7; echo "64 bytes from x: seq=14 ttl=64 time=5000 ms"; sleep 30; }
	rxs_ping_some "-L rx 1"'
check "rxs_ping_some never answered" 1 "RXSCALE-FAIL: no ping answer within 20 s after: -L rx 1" \
	'RXS_PEER_IP=x RXS_DUT=none; ping() { echo PING; sleep 1; }
	rxs_ping_some "-L rx 1"'
# a stand-in whose counters grow by 3 (queue 0) and 500 (queue 1) a call
grow='echo 0 > "$RXS_DMESG_EXPECT.n"; ethtool() { n=$(($(cat "$RXS_DMESG_EXPECT.n") + 1)); echo "$n" > "$RXS_DMESG_EXPECT.n"; echo "NIC statistics:"; echo "     rx0_packets: $((n * 3))"; echo "     rx1_packets: $((n * 500))"; }'
check "rxs_queues_receiving leaves out a queue only stray frames reached" 0 "r=[1 ]" \
	"$grow"'; r=$(rxs_queues_receiving 1 0 1); echo "r=[$r]"'
check "rxs_queues_receiving says each queue's growth" 0 "rxs: RX queue 0: +3 frames in 1 s" \
	"$grow"'; r=$(rxs_queues_receiving 1 0 1)'
check "rxs_queues_receive of a queue without rx<Q>_packets" 1 "RXSCALE-FAIL: ethtool -S has no rx1_packets" \
	'rxs_queues_receive planted 1'

[ "$failed" = 0 ] || { echo "lib-check: $failed failed"; exit 1; }
echo "lib-check: 0 failed"
