#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The kernel's own driver selftests (tools/testing/selftests/drivers/net/
# and drivers/net/hw/ of the guest kernel's source, in /opt/linux from
# run-scenario.sh --guest-extra selftests) against the DUT, with the peer
# namespace as the remote end: NetDrvEpEnv with REMOTE_TYPE=netns, the
# setup netdev's CI uses for a NIC with its link partner in a namespace.
#
# Settings (run-scenario.sh --env):
#   RXS_SELFTEST_DRIVER  the driver the DUT must be bound to (r8127, r8169)
#   RXS_SELFTESTS        comma-separated tests, relative to drivers/net/
#                        (ping.py,hw/rss_api.py,hw/ethtool_std_stats.sh), or
#                        absolute (/rxscale/files/x.py, from --file: run with
#                        drivers/net/ on PYTHONPATH); default the list below
#                        (make selftests' default too: matrix.txt lines
#                        need no list in their options and log names)
#   RXS_SELFTEST_TIMEOUT seconds per test (default 300)
#   RXS_SELFTEST_NETIF   NETIF given to the tests instead of the DUT's
#                        interface (the scenario's own check: a name that
#                        does not exist must fail it)
# Known results: /rxscale/files/selftests-known.txt (run-scenario.sh
# --file), one "DRIVER CASE REASON" a line (DRIVER "*" for any): a "not
# ok" of CASE (the KTAP name, e.g. ping.test_xdp_native_sb) is printed as
# known with its reason, documented in docs/selftests.md; CASE may also be
# a test's path (hw/tso.py) for a test that gives no KTAP result.
#
# Prints each test's own output between "RXSCALE-SELFTEST-BEGIN: TEST" and
# "RXSCALE-SELFTEST-END: TEST rc=N secs=S", then one
# "RXSCALE-SELFTEST-RESULT: TEST CASE RESULT[: reason]" line per KTAP case
# (RESULT ok, skip, xfail, not-ok, not-ok-known) and per test that gave no
# KTAP result (error, or error-known when the known list names the test's
# path for this driver: it stopped before its cases on a device without
# what it needs; never for a timeout or a missing test). Fails on any not-ok that is not known, on a test
# without KTAP results (it crashed, timed out or could not set up), on the
# DUT left without link between tests, and on unexpected kernel log lines.

. ./lib.sh

drv=${RXS_SELFTEST_DRIVER:-}
[ -n "$drv" ] || rxs_fail "RXS_SELFTEST_DRIVER not set"
# not here: xdp.py (no native XDP in r8127, r8169, mt7988_eth, rzg2l_gbeth
# or ravb; upstream mtk_soc_eth has it, and passes its single-buffer cases)
# and hw/loopback.sh (no MAC loopback in the models nor a loopback
# feature in the drivers): docs/selftests.md. tests/bench/selftests.sh
# reads this line.
RXS_SELFTESTS_DEFAULT=ping.py,stats.py,queues.py,napi_id.py,napi_threaded.py,ring_reconfig.py,hds.py,hw/rss_api.py,hw/rss_ctx.py,hw/rss_drv.py,hw/toeplitz.py,hw/irq.py,hw/csum.py,hw/tso.py,hw/ethtool_std_stats.sh
RXS_SELFTESTS=${RXS_SELFTESTS:-$RXS_SELFTESTS_DEFAULT}
tmo=${RXS_SELFTEST_TIMEOUT:-300}
ksft=/opt/linux/tools/testing/selftests
[ -x /usr/bin/python3 ] && [ -d "$ksft/drivers/net/lib/py" ] ||
	rxs_fail "no selftests in the guest (run-scenario.sh --guest-extra selftests)"
known=$RXS_DIR/files/selftests-known.txt

RXS_DUT_IP6=2001:db8:1::1
RXS_PEER_IP6=2001:db8:1::2

# IPv6 addresses stay when a test takes the link down (the kernel's default
# drops them, and every later test would lose its IPv6 end), in both
# namespaces, as on a host whose network manager keeps them configured
sysctl -qw net.ipv6.conf.all.keep_addr_on_down=1 net.ipv6.conf.default.keep_addr_on_down=1 ||
	rxs_fail "sysctl keep_addr_on_down"
rxs_setup "$drv"
rxs_in_peer sysctl -qw net.ipv6.conf.all.keep_addr_on_down=1 ||
	rxs_fail "sysctl keep_addr_on_down (peer)"
sysctl -qw "net.ipv6.conf.$RXS_DUT.keep_addr_on_down=1"
rxs_in_peer sysctl -qw "net.ipv6.conf.$RXS_PEER.keep_addr_on_down=1"
ip -6 addr add "$RXS_DUT_IP6/64" dev "$RXS_DUT" nodad || rxs_fail "DUT IPv6 address"
rxs_in_peer ip -6 addr add "$RXS_PEER_IP6/64" dev "$RXS_PEER" nodad || rxs_fail "peer IPv6 address"
rxs_wait_link 20
rxs_ping 3

netif=${RXS_SELFTEST_NETIF:-$RXS_DUT}
for d in "$ksft/drivers/net" "$ksft/drivers/net/hw"; do
	printf '%s\n' "NETIF=$netif" "LOCAL_V4=$RXS_DUT_IP" "REMOTE_V4=$RXS_PEER_IP" \
		"LOCAL_V6=$RXS_DUT_IP6" "REMOTE_V6=$RXS_PEER_IP6" \
		"REMOTE_TYPE=netns" "REMOTE_ARGS=$RXS_NS" > "$d/net.config"
done
rxs_say "net.config: NETIF=$netif (driver $(rxs_dut_driver)), remote netns $RXS_NS ($RXS_PEER)"
rxs_say "the tests' ethtool: $(PATH=/opt/linux/bin:$PATH ethtool --version 2>&1)"
HOME=/root
export HOME

# known_reason CASE: the documented reason of a known "not ok" of CASE
known_reason() {
	[ -f "$known" ] || return 1
	awk -v d="$drv" -v c="$1" '
		/^[ \t]*(#|$)/ { next }
		($1 == d || $1 == "*") && $2 == c {
			$1 = ""; $2 = ""; sub(/^ +/, ""); print; found = 1; exit
		}
		END { exit !found }' "$known"
}

results=/tmp/rxs-selftest-results
: > "$results"
nfail=0
for t in $(echo "$RXS_SELFTESTS" | tr ',' ' '); do
	f=$ksft/drivers/net/$t
	pyp=
	# an absolute path: a test brought in with --file (the scenario's own
	# check with a planted failing test), with the selftest libraries
	case $t in /*) f=$t; pyp=$ksft/drivers/net ;; esac
	name=$(basename "$t")
	name=${name%.*}
	rxs_step "selftest $t"
	echo "RXSCALE-SELFTEST-BEGIN: $t"
	t0=$(cut -d' ' -f1 /proc/uptime)
	if [ -f "$f" ]; then
		(cd "$(dirname "$f")" && PATH=/opt/linux/bin:$PATH PYTHONPATH=$pyp timeout -s TERM "$tmo" "./$(basename "$f")") \
			> /tmp/rxs-selftest.out 2>&1 < /dev/null
		rc=$?
	else
		echo "no such test: $f" > /tmp/rxs-selftest.out
		rc=127
	fi
	cat /tmp/rxs-selftest.out
	secs=$(awk -v a="$t0" -v b="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN { printf "%.0f", b - a }')
	echo "RXSCALE-SELFTEST-END: $t rc=$rc secs=$secs"
	# the test's top-level KTAP result lines (nested ones are indented)
	tr -d '\r' < /tmp/rxs-selftest.out | awk '/^(not ok|ok) [0-9]+ / {
		r = ($1 == "not") ? "not ok" : "ok"
		sub(/^(not ok|ok) [0-9]+ /, "")
		print r "|" $0 }' > /tmp/rxs-selftest.ktap
	if [ ! -s /tmp/rxs-selftest.ktap ]; then
		why=$(tr -d '\r' < /tmp/rxs-selftest.out | grep -v '^#* *$' | tail -n 1 | cut -c1-160)
		[ "$rc" = 124 ] && why="timed out after $tmo s"
		# a test that stops before ksft_run on a device without what
		# it needs (e.g. hw/tso.py without qstats) may be known by its
		# path; never one that ran out of time or does not exist
		if [ "$rc" != 124 ] && [ "$rc" != 127 ] && kr=$(known_reason "$t"); then
			echo "$t - error-known: $kr (no KTAP result, rc $rc: ${why:-no output})" >> "$results"
		else
			echo "$t - error: no KTAP result (rc $rc): ${why:-no output}" >> "$results"
			nfail=$((nfail + 1))
		fi
	else
		while IFS='|' read -r res rest; do
			case_=${rest%% # *}
			case_=${case_%% }
			cmt=
			case $rest in *" # "*) cmt=${rest#* # } ;; esac
			case $res:$cmt in
			ok:SKIP*|ok:skip*) r="skip: $(echo "${cmt#[Ss][Kk][Ii][Pp]}" | sed 's/^ *//')" ;;
			ok:XFAIL*|ok:xfail*) r="xfail: $(echo "${cmt#[Xx][Ff][Aa][Ii][Ll]}" | sed 's/^ *//')" ;;
			ok:*) r=ok ;;
			*)
				if kr=$(known_reason "$case_"); then
					r="not-ok-known: $kr"
				else
					r="not-ok${cmt:+: $cmt}"
					nfail=$((nfail + 1))
				fi ;;
			esac
			echo "$t $case_ $r" >> "$results"
		done < /tmp/rxs-selftest.ktap
		# results before the limit do not make a test that ran out of
		# time complete: its remaining cases never ran
		if [ "$rc" = 124 ]; then
			echo "$t - error: timed out after $tmo s ($(wc -l < /tmp/rxs-selftest.ktap) cases reported)" >> "$results"
			nfail=$((nfail + 1))
		fi
	fi
	# the next test starts from a DUT with link (a test that left it down
	# would fail the ones after it). A test that ends right after
	# "ip link set up" (irq.check_down) leaves autonegotiation running:
	# 0.2 s on the model, seconds on a 10GBASE-T wire, so the carrier gets
	# 10 s to come back before the test counts as having left it down.
	_w=0
	while [ "$(cat "/sys/class/net/$RXS_DUT/carrier" 2>/dev/null)" != 1 ] &&
	      [ "$_w" -lt 50 ]; do
		rxs_tick
		_w=$((_w + 1))
	done
	[ "$_w" = 0 ] || rxs_say "carrier after $t: $((_w / 5)).$((_w % 5 * 2)) s"
	if [ "$(cat "/sys/class/net/$RXS_DUT/carrier" 2>/dev/null)" != 1 ]; then
		echo "$t - error: the DUT $RXS_DUT has no carrier after the test" >> "$results"
		nfail=$((nfail + 1))
		ip link set "$RXS_DUT" up
		rxs_wait_link 20
	fi
done

# The kernel log lines the tests cause, named exactly: r8127 asks for the
# PHY firmware the guest does not carry at every open (the tests take the
# link down and up); xdp.py's "ip link set mtu 9000 xdp ..." on a driver
# without native XDP fails after the MTU change (rtnetlink's do_setlink),
# once per case. Upstream mtk_soc_eth has native XDP: its attaches succeed,
# and its MTU 9000 is refused before anything is committed (max_mtu 2030),
# so the line must not appear there.
[ "$drv" = r8127 ] && rxs_dmesg_expect_nofw 1+ r8127
case ",$RXS_SELFTESTS,:$drv" in
*,xdp.py,*:mtk_soc_eth) ;;
*,xdp.py,*)
	rxs_dmesg_expect warn 1+ "A link change request failed with some changes committed already. Interface $RXS_DUT may have been left with an inconsistent configuration, please check." ;;
esac
rxs_step "results"
while read -r t c r; do
	echo "RXSCALE-SELFTEST-RESULT: $t $c $r"
done < "$results"
rxs_dmesg_check
[ "$nfail" = 0 ] || rxs_fail "$nfail selftest case(s) failed (not ok, or no KTAP result)"
rxs_say "selftests: $(grep -c ' ok$' "$results") ok, $(grep -c ' skip:' "$results") skip, $(grep -c ' not-ok-known:' "$results") known not ok, $(grep -c ' error-known:' "$results") known without KTAP result"
