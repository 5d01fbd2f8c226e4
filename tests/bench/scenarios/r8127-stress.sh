#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# r8127 under continuous traffic: 20 cycles of ethtool -L (12 channel
# shapes: standalone rx 1..4 / tx 1..2 and combined 1..2 with standalone
# rx or tx queues), -X (equal / weight / default) and -N rx-flow-hash udp4 sdfn/sd while an
# iperf3 --bidir -P 4 runs (4 streams each way); then 20 cycles of rmmod /
# modprobe r8127 with iperf3 traffic running at the moment of rmmod. After
# every change: the DUT is up, answers ping and the iperf3 keeps moving
# bytes both ways (interface byte counters). At the end: the last settings
# are what ethtool reports, the table matches the queue count, the DUT has
# its vectors and no more, no interface errors, clean dmesg.
#   RXS_CYCLES (default 20): cycles of each phase.
#   RXS_PHASES (default "1 2"): the phases to run (diagnosis).
#   RXS_FINAL_SECS (default 5): iperf3 seconds each way after the last probe.
. ./lib.sh
RXS_CYCLES=${RXS_CYCLES:-20}
RXS_PHASES=${RXS_PHASES:-1 2}
RXS_FINAL_SECS=${RXS_FINAL_SECS:-5}
# after a change both byte counters must grow by RXS_PROGRESS_BYTES within
# RXS_PROGRESS_WAIT s (lib.sh rxs_bg_progress)

rxs_setup r8127
rxs_wait_link 20
# the probe at set-up; phase 1 checks the log up to its end
rxs_dmesg_expect_nofw 1
rxs_ping 3

t_start=$(cut -d. -f1 /proc/uptime)

# ---------------------------------------------------------------- helpers

# cur_channels: "COMBINED RX TX" of ethtool -l's current settings (n/a: 0)
cur_channels() {
	ethtool -l "$RXS_DUT" | awk '/^Current hardware settings/ { c = 1 }
		c && /^(RX|TX|Combined):/ { v[$1] = ($2 == "n/a") ? 0 : $2 }
		END { print v["Combined:"] + 0, v["RX:"] + 0, v["TX:"] + 0 }'
}

# the -L shapes of phase 1, "COMBINED RX TX" (RX queues: COMBINED + RX,
# TX queues: COMBINED + TX); neighbours differ
SHAPES="0,4,2 2,0,0 0,1,1 1,3,0 0,2,1 2,2,0 1,0,1 0,3,2 1,1,0 0,4,1 2,1,0 0,2,2"
NSHAPES=12

# indir_entries: the indirection table of ethtool -x, one entry a line
indir_entries() {
	ethtool -x "$RXS_DUT" | awk '/^ *[0-9]+:/ { for (i = 2; i <= NF; i++) print $i }'
}

# check_table MODE N [WEIGHTS...]: the table ethtool -x shows fits the last
# -X (default/equal K: exactly queues 0..K-1 appear; weight: exactly the
# queues with a non-zero weight) and names no queue >= N.
check_table() {
	_mode=$1
	_n=$2
	shift 2
	_tab=$(indir_entries)
	[ -n "$_tab" ] || rxs_fail "ethtool -x shows no indirection table"
	_cnt=$(echo "$_tab" | wc -l)
	_used=$(echo "$_tab" | sort -n | uniq | tr '\n' ' ')
	case $_mode in
	default) _want=$(seq 0 $((_n - 1)) | tr '\n' ' ') ;;
	equal) _want=$(seq 0 $(($1 - 1)) | tr '\n' ' ') ;;
	weight)
		_want=
		_q=0
		for _w in "$@"; do
			[ "$_w" -gt 0 ] && _want="$_want$_q "
			_q=$((_q + 1))
		done ;;
	esac
	[ "$_used" = "$_want" ] ||
		rxs_fail "indirection table after -X $_mode $*: queues '$_used', expected '$_want' ($_cnt entries, $_n RX queues)"
	echo "$_tab" | awk -v n="$_n" '$1 >= n { bad = 1 } END { exit bad }' ||
		rxs_fail "indirection table names a queue >= $_n"
}

# after WHAT: the checks after a change that resets the datapath (-L,
# probe): link up, ping, iperf3 progress both ways
after() {
	rxs_bg_after "$@"
	nchanges=$((nchanges + 1))
}

# after_soft WHAT: after a change that only rewrites RSS registers (-X,
# -N): still up and the iperf3 keeps moving both ways
after_soft() {
	[ "$(cat "/sys/class/net/$RXS_DUT/operstate")" = up ] ||
		rxs_fail "$RXS_DUT not up after: $*"
	rxs_bg_progress "$@"
	nchanges=$((nchanges + 1))
}

# dut_vectors: MSI/MSI-X vectors the DUT has allocated
dut_vectors() {
	find "/sys/bus/pci/devices/$RXS_DUT_PCI/msi_irqs" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l
}

# dut_irqs: interrupt handlers the DUT has requested (lines of
# /proc/interrupts named after the interface)
dut_irqs() {
	grep -cE "[[:space:]]$RXS_DUT([-_:@.][^[:space:]]*)?\$" /proc/interrupts
}

nchanges=0

phase1() {
	# ------------------------------------------- phase 1: ethtool under traffic
	rxs_step "phase 1: $RXS_CYCLES cycles of -L / -X / -N under iperf3 --bidir -P 4"
	set -- $(cur_channels)
	cb=$1
	rx=$(($1 + $2))
	tx=$(($1 + $3))
	rxs_say "start: combined $cb rx $2 tx $3 ($rx RX / $tx TX queues), $(dut_irqs) interrupt handlers, $(dut_vectors) MSI-X vectors"
	rxs_bg_start bidir 900 --bidir -P 4
	rxs_bg_progress "traffic start"
	b0=$(rxs_dut_bytes)
	xmode=default
	xmax=0
	refused=0
	i=0
	while [ "$i" -lt "$RXS_CYCLES" ]; do
		# shape: combined sc, standalone sr / st; n RX and m TX queues
		set -- $(echo "$SHAPES" | cut -d' ' -f$(((i + 1) % NSHAPES + 1)) | tr ',' ' ')
		sc=$1
		sr=$2
		st=$3
		n=$((sc + sr))
		m=$((sc + st))
		shape="combined $sc rx $sr tx $st"
		# -L: a table set with -X that uses a queue >= n must make the kernel
		# refuse the change, and nothing may change then
		if [ "$xmode" != default ] && [ "$xmax" -ge "$n" ]; then
			_c0=$(cur_channels)
			ethtool -L "$RXS_DUT" combined "$sc" rx "$sr" tx "$st" 2>/dev/null &&
				rxs_fail "cycle $i: -L $shape accepted while the table uses queue $xmax"
			[ "$(cur_channels)" = "$_c0" ] ||
				rxs_fail "cycle $i: refused -L changed the channels to $(cur_channels)"
			refused=$((refused + 1))
			ethtool -X "$RXS_DUT" default || rxs_fail "cycle $i: -X default"
			check_table default "$rx"
			after_soft "-X default (cycle $i)"
			xmode=default
		fi
		ethtool -L "$RXS_DUT" combined "$sc" rx "$sr" tx "$st" ||
			rxs_fail "cycle $i: ethtool -L $shape"
		cb=$sc
		rx=$n
		tx=$m
		[ "$(cur_channels)" = "$sc $sr $st" ] ||
			rxs_fail "cycle $i: ethtool -l shows $(cur_channels), set $shape"
		[ "$xmode" = default ] && check_table default "$rx"
		after "-L $shape (cycle $i)"

		# -X: equal K / weight W... / default in turn, within the n queues
		case $((i % 3)) in
		0)
			k=$(((i / 3) % n + 1))
			ethtool -X "$RXS_DUT" equal "$k" || rxs_fail "cycle $i: -X equal $k"
			check_table equal "$rx" "$k"
			xmode=equal
			xmax=$((k - 1))
			xdesc="equal $k" ;;
		1)
			# weights 1..n, with queue 0 left out when there are several
			w=
			q=0
			while [ "$q" -lt "$n" ]; do
				if [ "$q" = 0 ] && [ "$n" -gt 1 ]; then w="0"; else w="$w $((q + 1))"; fi
				q=$((q + 1))
			done
			# shellcheck disable=SC2086
			ethtool -X "$RXS_DUT" weight $w || rxs_fail "cycle $i: -X weight $w"
			# shellcheck disable=SC2086
			check_table weight "$rx" $w
			xmode=weight
			xmax=$((n - 1))
			xdesc="weight $w" ;;
		2)
			ethtool -X "$RXS_DUT" default || rxs_fail "cycle $i: -X default"
			check_table default "$rx"
			xmode=default
			xmax=0
			xdesc=default ;;
		esac
		after_soft "-X $xdesc (cycle $i)"

		# -N: UDP over IPv4 hashed on addresses+ports, then on addresses only
		if [ $((i % 2)) = 0 ]; then h=sdfn; hw="L4 bytes 0 & 1"; else h=sd; hw=; fi
		ethtool -N "$RXS_DUT" rx-flow-hash udp4 "$h" || rxs_fail "cycle $i: -N udp4 $h"
		_n=$(ethtool -n "$RXS_DUT" rx-flow-hash udp4)
		if [ "$rx" = 1 ]; then
			# one RX queue: RSS is off and the driver reports no hash fields
			echo "$_n" | grep -q "^None" || rxs_fail "cycle $i: 1 RX queue but udp4 hash: $_n"
		else
			echo "$_n" | grep -q "IP DA" || rxs_fail "cycle $i: udp4 hash lost the addresses: $_n"
		fi
		if [ "$rx" = 1 ]; then
			:
		elif [ -n "$hw" ]; then
			echo "$_n" | grep -q "$hw" || rxs_fail "cycle $i: udp4 $h not in effect: $_n"
		else
			echo "$_n" | grep -q "L4 bytes" && rxs_fail "cycle $i: udp4 sd still hashes ports: $_n"
		fi
		after_soft "-N udp4 $h (cycle $i)"
		rxs_say "cycle $i: $shape, -X $xdesc, udp4 $h: ok ($(cut -d. -f1 /proc/uptime) s)"
		i=$((i + 1))
	done
	b1=$(rxs_dut_bytes)
	rxs_bg_stop
	grep -E 'SUM.*(sender|receiver)' /tmp/rxs-bg-bidir.txt | tail -n 4
	rxs_say "phase 1: $nchanges changes ($refused -L refused as expected), DUT rx $(($(echo "$b1" | cut -d' ' -f1) - $(echo "$b0" | cut -d' ' -f1))) B, tx $(($(echo "$b1" | cut -d' ' -f2) - $(echo "$b0" | cut -d' ' -f2))) B"

	rxs_step "phase 1: leaked state"
	[ "$(cur_channels)" = "$cb $((rx - cb)) $((tx - cb))" ] ||
		rxs_fail "ethtool -l shows $(cur_channels), last set combined $cb, $rx RX / $tx TX queues"
	case $xmode in
	equal) check_table equal "$rx" $((xmax + 1)) ;;
	weight) check_table weight "$rx" $w ;;
	default) check_table default "$rx" ;;
	esac
	ethtool -n "$RXS_DUT" rx-flow-hash udp4
	ethtool -l "$RXS_DUT" | tail -n 5
	# a vector per RX ring and per TX ring, plus the link vector (docs of
	# rtl8127-rss), combined channels included (both of their vectors stay
	# requested): the vectors follow the queue count or stay allocated at
	# the maximum; more than 4 + 2 + 1 is a leak
	v=$(dut_irqs)
	grep -E "[[:space:]]$RXS_DUT([-_:@.][^[:space:]]*)?\$" /proc/interrupts
	rxs_say "$rx RX / $tx TX queues ($cb combined): $v interrupt handlers, $(dut_vectors) MSI-X vectors allocated"
	[ "$v" = $((rx + tx + 1)) ] ||
		rxs_fail "$v interrupt handlers for $rx RX / $tx TX queues (expected $((rx + tx + 1)))"
	ethtool -S "$RXS_DUT" | grep -E 'rx[0-9]_packets|tx[0-9]_packets|alloc_fail'
	rxs_no_iface_errors
	rxs_dmesg_check
	# the rest of the run is checked from a new marker
	rxs_dmesg_mark
}

phase2() {
	# ------------------------------------------- phase 2: rmmod / modprobe
	rxs_step "phase 2: $RXS_CYCLES cycles of rmmod / modprobe r8127 under iperf3"
	modprobe -r r8127 2>/dev/null
	i=0
	while [ "$i" -lt "$RXS_CYCLES" ]; do
		modprobe r8127 || rxs_fail "cycle $i: modprobe r8127"
		rxs_find_dut r8127 10 "cycle $i"
		# a fresh probe has the defaults again
		[ "$(cur_channels)" = "0 4 2" ] || rxs_fail "cycle $i: fresh probe has channels $(cur_channels), not combined 0 rx 4 tx 2"
		ip addr add "$RXS_DUT_IP/24" dev "$RXS_DUT" || rxs_fail "cycle $i: address"
		ip link set "$RXS_DUT" up || rxs_fail "cycle $i: link up"
		check_table default 4
		rxs_bg_start bidir 120 --bidir -P 4
		after "modprobe (cycle $i)"
		[ "$(dut_irqs)" = 7 ] || rxs_fail "cycle $i: $(dut_irqs) interrupt handlers after probe, expected 7"
		if [ "$i" = 0 ]; then
			vec0=$(dut_vectors)
		else
			[ "$(dut_vectors)" = "$vec0" ] || rxs_fail "cycle $i: $(dut_vectors) MSI-X vectors, first probe had $vec0"
		fi
		# rmmod with the streams running
		rmmod r8127 || rxs_fail "cycle $i: rmmod r8127 under traffic"
		[ -e "/sys/class/net/$RXS_DUT" ] && rxs_fail "cycle $i: $RXS_DUT still there after rmmod"
		[ "$(dut_vectors)" = 0 ] || rxs_fail "cycle $i: $(dut_vectors) vectors left after rmmod"
		[ "$(dut_irqs)" = 0 ] || rxs_fail "cycle $i: $RXS_DUT handlers left in /proc/interrupts after rmmod"
		rxs_bg_stop
		rxs_say "cycle $i: modprobe, $RXS_DUT up, traffic both ways, rmmod under traffic: ok ($(cut -d. -f1 /proc/uptime) s)"
		i=$((i + 1))
	done
}

# the probes from here on: one per phase-2 cycle, then the final one
_probes=1
case " $RXS_PHASES " in *" 1 "*) phase1 ;; *) _probes=2 ;; esac
case " $RXS_PHASES " in *" 2 "*) phase2; _probes=$((_probes + RXS_CYCLES)) ;; esac
rxs_dmesg_expect_nofw "$_probes"

rxs_step "phase 2: final probe"
modprobe r8127 || rxs_fail "final modprobe r8127"
rxs_dut_attach "final probe" r8127
rxs_ping 5
rxs_iperf rev 4 "$RXS_FINAL_SECS"
rxs_iperf fwd 4 "$RXS_FINAL_SECS"
rxs_no_iface_errors
rxs_say "total: $nchanges changes checked in $(($(cut -d. -f1 /proc/uptime) - t_start)) s"
rmmod r8127 || rxs_fail "rmmod r8127"
rxs_dmesg_check
