#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# mt7988_eth under continuous traffic (issue 15): RXS_CYCLES cycles of
# ethtool -L rx (1..4, neighbours differ; refused by the kernel while a
# table set with -X uses a queue the new count lacks), -X (equal /
# weight / default), an LRO rule added, -K lro off and on with the rule
# kept, the rule deleted, while iperf3 --bidir -P 4 runs; then RXS_CYCLES
# cycles of rmmod / modprobe mt7988_eth with iperf3 running at the moment
# of rmmod. After every change: up, ping, progress both ways. At the end:
# every queue of the table receiving, the interrupt lines gone after each
# rmmod and back after each probe, no interface errors, the exact kernel
# log. Run with --nic mt7988 and the rxscale_core and mt7988_eth modules.
#   RXS_CYCLES (default 20), RXS_PHASES (default "1 2").
. ./lib.sh
RXS_CYCLES=${RXS_CYCLES:-20}
RXS_PHASES=${RXS_PHASES:-1 2}

[ "${RXS_DUT_BUS:-pci}" = platform ] ||
	rxs_fail "run with --nic mt7988 (a platform DUT), not '$RXS_NIC'"
rxs_setup mt7988_eth
rxs_wait_link 20
PDEV=$(basename "$RXS_DUT_DEVPATH")
rxs_ping 3
T0=$(cut -d. -f1 /proc/uptime)

# n_rx: the RX queues ethtool -l reports now
n_rx() {
	ethtool -l "$RXS_DUT" | awk '/^Current/ { c = 1 } c && $1 == "RX:" { print $2; exit }'
}
# table_queues: the queues ethtool -x's table names, sorted, one line
table_queues() {
	ethtool -x "$RXS_DUT" | awk '/^ *[0-9]+:/ { for (i = 2; i <= NF; i++) print $i }' |
		sort -n | uniq | tr '\n' ' '
}
# want_table QUEUES WHAT: the table names exactly QUEUES ("0 1 2 ")
want_table() {
	[ "$(table_queues)" = "$1" ] || rxs_fail "$2: the table names queues '$(table_queues)', want '$1'"
}
upto() {
	seq 0 $(($1 - 1)) | tr '\n' ' '
}
rules() {
	ethtool -n "$RXS_DUT" | awk '/^Filter:/ { l = $2 } /Dest IP addr:/ { printf "%s=%s ", l, $4 }'
}
lro_feature() {
	ethtool -k "$RXS_DUT" | sed -n 's/^large-receive-offload: \([a-z]*\).*/\1/p'
}
# lines: the DUT's /proc/interrupts lines (its platform device's name)
lines() {
	grep -cF " $PDEV" /proc/interrupts
}
after_soft() {
	[ "$(cat "/sys/class/net/$RXS_DUT/operstate")" = up ] || rxs_fail "$RXS_DUT not up after: $*"
	rxs_bg_progress "$@"
	CHANGES=$((CHANGES + 1))
}
after() {
	rxs_bg_after "$@"
	CHANGES=$((CHANGES + 1))
}
CHANGES=0 REFUSED=0

phase1() {
	rxs_step "phase 1: $RXS_CYCLES cycles of -L / -X / LRO rule and -K lro under iperf3 --bidir -P 4"
	ethtool -K "$RXS_DUT" lro on || rxs_fail "ethtool -K lro on"
	rxs_bg_start bidir 1800 --bidir -P 4 --forceflush
	rxs_bg_sending bidir 20
	XMAX=0 XCONF='' X=default
	I=0
	while [ "$I" -lt "$RXS_CYCLES" ]; do
		N=$(echo "4 2 1 3" | cut -d' ' -f$((I % 4 + 1)))
		if [ "$XMAX" -ge "$N" ]; then
			_c=$(n_rx)
			ethtool -L "$RXS_DUT" rx "$N" 2>/dev/null &&
				rxs_fail "cycle $I: -L rx $N accepted while the table uses queue $XMAX"
			[ "$(n_rx)" = "$_c" ] || rxs_fail "cycle $I: a refused -L changed RX queues to $(n_rx)"
			REFUSED=$((REFUSED + 1))
			ethtool -X "$RXS_DUT" default || rxs_fail "cycle $I: -X default"
			after_soft "-X default before -L (cycle $I)"
			XMAX=0 XCONF=
		fi
		# a table the user set is kept (ethtool checked it fits), the
		# default one re-spreads
		_want=$(upto "$N")
		[ -z "$XCONF" ] || _want=$(table_queues)
		ethtool -L "$RXS_DUT" rx "$N" || rxs_fail "cycle $I: ethtool -L rx $N"
		[ "$(n_rx)" = "$N" ] || rxs_fail "cycle $I: ethtool -l shows $(n_rx) RX queues, set $N"
		want_table "$_want" "cycle $I: -L rx $N${XCONF:+ (the table set with -X $X kept)}"
		after "-L rx $N (cycle $I)"

		case $((I % 3)) in
		0)	ethtool -X "$RXS_DUT" equal "$N" || rxs_fail "cycle $I: -X equal $N"
			want_table "$(upto "$N")" "cycle $I: -X equal $N"
			XMAX=$((N - 1)) X="equal $N" XCONF=1 ;;
		1)	# queue 0 left out when there are several
			W='' _q=0
			while [ "$_q" -lt "$N" ]; do
				if [ "$_q" = 0 ] && [ "$N" -gt 1 ]; then W=0; else W="$W $((_q + 1))"; fi
				_q=$((_q + 1))
			done
			# shellcheck disable=SC2086
			ethtool -X "$RXS_DUT" weight $W || rxs_fail "cycle $I: -X weight $W"
			if [ "$N" -gt 1 ]; then
				want_table "$(seq 1 $((N - 1)) | tr '\n' ' ')" "cycle $I: -X weight $W"
			else
				want_table "0 " "cycle $I: -X weight $W"
			fi
			XMAX=$((N - 1)) X="weight$W" XCONF=1 ;;
		*)	ethtool -X "$RXS_DUT" default || rxs_fail "cycle $I: -X default"
			want_table "$(upto "$N")" "cycle $I: -X default"
			XMAX=0 X=default XCONF= ;;
		esac
		after_soft "-X $X (cycle $I)"

		_o=$(ethtool -N "$RXS_DUT" flow-type tcp4 dst-ip "$RXS_DUT_IP" action 0 loc 0 2>&1)
		case $_o in *Cannot*) echo "$_o"; rxs_fail "cycle $I: LRO rule add" ;; esac
		[ "$(rules)" = "0=$RXS_DUT_IP " ] || rxs_fail "cycle $I: rules '$(rules)' after add"
		ethtool -K "$RXS_DUT" lro off || rxs_fail "cycle $I: -K lro off"
		[ "$(lro_feature)" = off ] || rxs_fail "cycle $I: LRO '$(lro_feature)' after -K lro off"
		after "-K lro off (cycle $I)"
		ethtool -K "$RXS_DUT" lro on || rxs_fail "cycle $I: -K lro on"
		[ "$(rules)" = "0=$RXS_DUT_IP " ] || rxs_fail "cycle $I: rules '$(rules)' after -K lro off/on"
		after "-K lro on (cycle $I)"
		_o=$(ethtool -N "$RXS_DUT" delete 0 2>&1)
		case $_o in *Cannot*) echo "$_o"; rxs_fail "cycle $I: LRO rule delete" ;; esac
		[ -z "$(rules)" ] || rxs_fail "cycle $I: rules '$(rules)' after delete"
		after_soft "-N delete 0 (cycle $I)"
		rxs_say "cycle $I: rx $N, -X $X, rule add / lro off / on / delete: ok ($(cut -d. -f1 /proc/uptime) s)"
		I=$((I + 1))
	done
	# every queue the table names
	# shellcheck disable=SC2046
	rxs_queues_receive "after phase 1 (a queue in the table)" $(table_queues)
	rxs_bg_stop
	grep -E 'SUM.*(sender|receiver)' /tmp/rxs-bg-bidir.txt | tail -n 4
	rxs_say "phase 1: $CHANGES changes ($REFUSED -L refused as expected), table '$(table_queues)', every queue in it receiving"
	rxs_no_iface_errors
}

phase2() {
	rxs_step "phase 2: $RXS_CYCLES cycles of rmmod / modprobe mt7988_eth under iperf3"
	L0=$(lines)
	rxs_say "$L0 interrupt lines while bound"
	rmmod mt7988_eth || rxs_fail "rmmod mt7988_eth"
	I=0
	while [ "$I" -lt "$RXS_CYCLES" ]; do
		[ "$(lines)" = 0 ] || rxs_fail "cycle $I: $(lines) lines of $PDEV left after rmmod"
		modprobe mt7988_eth || rxs_fail "cycle $I: modprobe mt7988_eth"
		rxs_dut_attach "modprobe (cycle $I)" mt7988_eth
		[ "$(lines)" = "$L0" ] || rxs_fail "cycle $I: $(lines) interrupt lines after probe, the first had $L0"
		want_table "$(upto "$(n_rx)")" "cycle $I: a fresh probe's table"
		rxs_bg_start bidir 120 --bidir -P 4 --forceflush
		rxs_bg_sending bidir 20
		after "modprobe (cycle $I)"
		rmmod mt7988_eth || rxs_fail "cycle $I: rmmod mt7988_eth under traffic"
		[ -z "$(rxs_ifaces_of_driver mt7988_eth)" ] || rxs_fail "cycle $I: interface left after rmmod"
		rxs_bg_stop
		rxs_say "cycle $I: modprobe, up, traffic both ways, rmmod under traffic: ok ($(cut -d. -f1 /proc/uptime) s)"
		I=$((I + 1))
	done
	[ "$(lines)" = 0 ] || rxs_fail "$(lines) lines of $PDEV left after the last rmmod"
	modprobe mt7988_eth || rxs_fail "final modprobe mt7988_eth"
	rxs_dut_attach "final probe" mt7988_eth
	rxs_ping 5
	rxs_iperf rev 4 3
	rxs_iperf fwd 4 3
	rxs_no_iface_errors
}

case " $RXS_PHASES " in *" 1 "*) phase1 ;; esac
case " $RXS_PHASES " in *" 2 "*) phase2 ;; esac
rxs_say "total: $CHANGES changes checked in $(($(cut -d. -f1 /proc/uptime) - T0)) s"
rxs_dmesg_check
