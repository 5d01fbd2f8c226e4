#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Endurance (issue 18 step 5), meant for the debug kernel (--kernel
# 7.3-debug: KASAN, lockdep, kmemleak, DMA-API debugging), r8127 on
# --nic rtl8127, mt7988_eth on --nic mt7988 or rzg2l_gbeth on --nic
# rzg2l-gbeth (tests/kdebug/check.sh: --smp 1, the single-core case), with
# rxscale_core and the driver as --module. Three phases (the GbEth, with
# one queue and no RSS, has no channels phase, and its transfer changes
# its rings and software coalescing instead), each checked on its own
# kernel log window (rxs_dmesg_check: on the debug kernel kmemleak after
# two scans, the DMA-API error count, lockdep still on, no report since
# boot):
#   reload    RXS_ENDURE_RELOADS (100) cycles: modprobe the driver, the DUT
#             up with its address, iperf3 --bidir -P 2 moving bytes both
#             ways, ping, rmmod with the streams running; after each rmmod
#             no interface, and no interrupt vector (PCI: msi_irqs; a
#             platform DUT: its /proc/interrupts lines) left, after each
#             probe as many as the first probe had;
#   channels  RXS_ENDURE_CHANNELS (100) ethtool -L changes under iperf3
#             --bidir -P 2, through the driver's channel shapes (r8127:
#             combined/rx/tx, mt7988_eth: rx 1..4): after each, ethtool -l
#             shows the shape, the default table spreads over exactly the
#             new RX queues, up, ping, bytes both ways;
#   transfer  RXS_ENDURE_MB (1024) MiB of a seeded pseudo-random stream
#             from the peer to the DUT over one TCP connection (rxs-xfer,
#             --file build/bench-tools/rxs-xfer, its SHA-256 first checked
#             against busybox sha256sum), SHA-256 at both ends, which must
#             match, with the byte count, and every received byte compared
#             with the seed's stream; while it
#             runs, RXS_ENDURE_CHANGES (20) changes of the channels (-L)
#             and the RSS table (-X weight / equal / default), paced by the
#             DUT's received bytes so that they spread over the transfer;
#             the sender must still run when each is made and after the
#             last (else FAIL: RXS_ENDURE_MB too small for the changes,
#             which take 1-3 s each on the debug kernel). rzg2l_gbeth's
#             changes, in turns: ethtool -G (rx/tx ring sizes, which
#             rebuild its rings), ethtool -C rx-usecs 50 / 20 (its
#             gro_flush_timeout) and napi_defer_hard_irqs 2 / 1 (sysfs).
# At the end rmmod and RXS_LEAK_WAIT (65) s for page_pool's stalled-pool
# warning, then the last log check. RXS_ENDURE_PHASES (default "reload
# channels transfer") picks phases. The summary lines
# "RXSCALE-ENDURE: PHASE ..." carry counts, seconds and rates.
. ./lib.sh
RXS_ENDURE_RELOADS=${RXS_ENDURE_RELOADS:-100}
RXS_ENDURE_CHANNELS=${RXS_ENDURE_CHANNELS:-100}
RXS_ENDURE_MB=${RXS_ENDURE_MB:-1024}
RXS_ENDURE_CHANGES=${RXS_ENDURE_CHANGES:-20}
RXS_ENDURE_PHASES=${RXS_ENDURE_PHASES:-}
RXS_LEAK_WAIT=${RXS_LEAK_WAIT:-65}
# a transfer that moves nothing for this many seconds has stalled
RXS_ENDURE_STALL=${RXS_ENDURE_STALL:-60}
case ${RXS_DRIVER:-} in
'')	case $RXS_NIC in
	rtl8127*) RXS_DRIVER=r8127 ;;
	mt7988*) RXS_DRIVER=mt7988_eth ;;
	rzg2l-gbeth*) RXS_DRIVER=rzg2l_gbeth ;;
	*) rxs_fail "no driver for NIC '$RXS_NIC': set RXS_DRIVER" ;;
	esac ;;
esac
case $RXS_DRIVER in
r8127)	# "COMBINED RX TX" shapes (r8127-stress), neighbours differ
	SHAPES="0,4,2 2,0,0 0,1,1 1,3,0 0,2,1 2,2,0 1,0,1 0,3,2 1,1,0 0,4,1 2,1,0 0,2,2" ;;
mt7988_eth)
	SHAPES="0,4,0 0,2,0 0,1,0 0,3,0" ;;
rzg2l_gbeth)	# one queue: no -L; "RX TX" ring sizes for -G instead
	# (GBETH_*_RING_MIN/MAX in ravb/rzg2l_gbeth.h: rx 64..2048, tx 64..1024)
	SHAPES=
	RINGS="256,128 2048,1024 64,64 1024,64" ;;
*)	rxs_fail "no channel shapes known for $RXS_DRIVER" ;;
esac
NSHAPES=$(echo "$SHAPES" | wc -w)
if [ -z "$RXS_ENDURE_PHASES" ]; then
	RXS_ENDURE_PHASES="reload channels transfer"
	[ "$NSHAPES" -gt 0 ] || RXS_ENDURE_PHASES="reload transfer"
fi

now() {
	cut -d. -f1 /proc/uptime
}

# probes: the driver's probes in the current log window; r8127 asks for
# its firmware at each, which the guest does not carry (a warning each)
PROBES=0
expect_probes() {
	[ "$RXS_DRIVER" != r8127 ] || [ "$PROBES" = 0 ] || rxs_dmesg_expect_nofw "$PROBES"
}
# window_check WHAT: the log window since the last mark, then a new mark
window_check() {
	expect_probes
	rxs_dmesg_check
	rxs_dmesg_mark
	PROBES=0
}

# vectors: the DUT's interrupt vectors (PCI: allocated MSI/MSI-X vectors;
# a platform DUT: its lines in /proc/interrupts, named after the device
# (mt7988_eth: "<device>-rx-0" ... "<device>-tx") or, requested at open as ravb does,
# after the interface (rzg2l_gbeth))
vectors() {
	if [ "${RXS_DUT_BUS:-pci}" = platform ]; then
		awk -v d=" $(basename "$RXS_DUT_DEVPATH")" -v n="$RXS_DUT" \
			'index($0, d) || $NF == n { c++ } END { print c + 0 }' /proc/interrupts
	else
		find "/sys/bus/pci/devices/$RXS_DUT_PCI/msi_irqs" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l
	fi
}
# channels: "COMBINED RX TX" of ethtool -l's current settings (n/a: 0)
channels() {
	ethtool -l "$RXS_DUT" | awk '/^Current hardware settings/ { c = 1 }
		c && /^(RX|TX|Combined):/ { v[$1] = ($2 == "n/a") ? 0 : $2 }
		END { print v["Combined:"] + 0, v["RX:"] + 0, v["TX:"] + 0 }'
}
# table_queues: the queues ethtool -x's table names, sorted, on one line
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
# set_shape K WHAT: ethtool -L to shape K (mod NSHAPES); sets RXQ
set_shape() {
	# shellcheck disable=SC2046 # three words wanted
	set -- $(echo "$SHAPES" | cut -d' ' -f$(($1 % NSHAPES + 1)) | tr ',' ' ') "$2"
	RXQ=$(($1 + $2))
	if [ "$RXS_DRIVER" = mt7988_eth ]; then
		ethtool -L "$RXS_DUT" rx "$2" || rxs_fail "$4: ethtool -L rx $2"
	else
		ethtool -L "$RXS_DUT" combined "$1" rx "$2" tx "$3" ||
			rxs_fail "$4: ethtool -L combined $1 rx $2 tx $3"
	fi
	if [ "$RXS_DRIVER" = mt7988_eth ]; then
		# its TX queues are not the user's to set
		[ "$(channels | cut -d' ' -f1-2)" = "$1 $2" ] ||
			rxs_fail "$4: ethtool -l shows $(channels), set rx $2"
	else
		[ "$(channels)" = "$1 $2 $3" ] ||
			rxs_fail "$4: ethtool -l shows $(channels), set $1 $2 $3"
	fi
	SHAPE="combined $1 rx $2 tx $3"
}
meminfo() {
	awk '/^(MemAvailable|Slab):/ { printf "%s %s kB ", $1, $2 }' /proc/meminfo
}

rxs_setup "$RXS_DRIVER"
PROBES=1
rxs_wait_link 20
rxs_ping 3
T0=$(now)
V0=$(vectors)
rxs_say "$RXS_DRIVER: $V0 interrupt vectors, channels $(channels), $(meminfo)"
window_check

# ------------------------------------------------------------ reload
phase_reload() {
	EN=$RXS_ENDURE_RELOADS
	rxs_step "reload: $EN cycles of modprobe / rmmod $RXS_DRIVER under iperf3 --bidir -P 2"
	E_T0=$(now)
	E_M0=$(meminfo)
	rmmod "$RXS_DRIVER" || rxs_fail "rmmod $RXS_DRIVER"
	EI=1
	while [ "$EI" -le "$EN" ]; do
		[ "$(vectors)" = 0 ] || rxs_fail "cycle $EI: $(vectors) interrupt vectors left after rmmod"
		modprobe "$RXS_DRIVER" || rxs_fail "cycle $EI: modprobe $RXS_DRIVER"
		PROBES=$((PROBES + 1))
		rxs_dut_attach "modprobe (cycle $EI)" "$RXS_DRIVER"
		[ "$(vectors)" = "$V0" ] ||
			rxs_fail "cycle $EI: $(vectors) interrupt vectors after probe, the first probe had $V0"
		rxs_bg_start bidir 300 --bidir -P 2 --forceflush
		rxs_bg_sending bidir 30
		rxs_bg_after "modprobe (cycle $EI)"
		rmmod "$RXS_DRIVER" || rxs_fail "cycle $EI: rmmod $RXS_DRIVER under traffic"
		[ -z "$(rxs_ifaces_of_driver "$RXS_DRIVER")" ] ||
			rxs_fail "cycle $EI: an interface still bound to $RXS_DRIVER after rmmod"
		[ ! -e "/sys/class/net/$RXS_DUT" ] || rxs_fail "cycle $EI: $RXS_DUT still there after rmmod"
		rxs_bg_stop
		rxs_say "cycle $EI: probe, up, rx +$RXS_PROGRESS_RX B tx +$RXS_PROGRESS_TX B, rmmod under traffic: ok ($(now) s)"
		EI=$((EI + 1))
	done
	[ "$(vectors)" = 0 ] || rxs_fail "$(vectors) interrupt vectors left after the last rmmod"
	modprobe "$RXS_DRIVER" || rxs_fail "modprobe $RXS_DRIVER after the cycles"
	PROBES=$((PROBES + 1))
	rxs_dut_attach "modprobe after the cycles" "$RXS_DRIVER"
	rxs_ping 3
	rxs_iperf rev 2 3
	rxs_iperf fwd 2 3
	rxs_no_iface_errors
	rxs_say "memory before: $E_M0"
	rxs_say "memory after:  $(meminfo)"
	echo "RXSCALE-ENDURE: reload cycles=$EN seconds=$(($(now) - E_T0))"
	window_check
}

# ------------------------------------------------------------ channels
phase_channels() {
	EN=$RXS_ENDURE_CHANNELS
	rxs_step "channels: $EN ethtool -L changes under iperf3 --bidir -P 2"
	E_T0=$(now)
	ethtool -X "$RXS_DUT" default || rxs_fail "ethtool -X default"
	rxs_bg_start bidir 7200 --bidir -P 2 --forceflush
	rxs_bg_sending bidir 30
	E_B0=$(rxs_dut_bytes)
	EI=1
	while [ "$EI" -le "$EN" ]; do
		set_shape "$EI" "change $EI"
		want_table "$(upto "$RXQ")" "change $EI: -L $SHAPE, the default table"
		rxs_bg_after "-L $SHAPE (change $EI)"
		rxs_say "change $EI: $SHAPE, rx +$RXS_PROGRESS_RX B tx +$RXS_PROGRESS_TX B: ok ($(now) s)"
		EI=$((EI + 1))
	done
	E_B1=$(rxs_dut_bytes)
	rxs_bg_stop
	grep -E 'SUM.*(sender|receiver)' /tmp/rxs-bg-bidir.txt | tail -n 4
	rxs_no_iface_errors
	rxs_ping 3
	echo "RXSCALE-ENDURE: channels changes=$EN seconds=$(($(now) - E_T0)) rx_bytes=$((${E_B1% *} - ${E_B0% *})) tx_bytes=$((${E_B1#* } - ${E_B0#* }))"
	window_check
}

# ------------------------------------------------------------ transfer
E=/tmp/endure
PORT=6400

# listening PORT: a TCP socket of this namespace listens on PORT
listening() {
	ss -Hltn "sport = :$1" 2>/dev/null | grep -q .
}
rx_bytes() {
	cat "/sys/class/net/$RXS_DUT/statistics/rx_bytes"
}
# change_gbeth K: rzg2l_gbeth's K-th change, in turns: -G to the next ring
# sizes, -C rx-usecs (gro_flush_timeout) 50 / 20, napi_defer_hard_irqs 2 / 1
change_gbeth() {
	case $(($1 % 3)) in
	1)	# shellcheck disable=SC2046 # two words wanted
		set -- "$1" $(echo "$RINGS" | cut -d' ' -f$(($1 / 3 % $(echo "$RINGS" | wc -w) + 1)) | tr ',' ' ')
		ethtool -G "$RXS_DUT" rx "$2" tx "$3" ||
			rxs_fail "transfer change $1: ethtool -G rx $2 tx $3"
		[ "$(rxs_rings)" = "$2 $3" ] ||
			rxs_fail "transfer change $1: ethtool -g shows $(rxs_rings), set rx $2 tx $3"
		rxs_wait_up "transfer change $1: -G rx $2 tx $3"
		E_WHAT="-G rx $2 tx $3" ;;
	2)	_u=$((50 - $1 / 3 % 2 * 30))
		ethtool -C "$RXS_DUT" rx-usecs "$_u" ||
			rxs_fail "transfer change $1: ethtool -C rx-usecs $_u"
		[ "$(cat "/sys/class/net/$RXS_DUT/gro_flush_timeout")" = $((_u * 1000)) ] ||
			rxs_fail "transfer change $1: gro_flush_timeout $(cat "/sys/class/net/$RXS_DUT/gro_flush_timeout") after -C rx-usecs $_u"
		E_WHAT="-C rx-usecs $_u" ;;
	0)	_h=$((1 + $1 / 3 % 2))
		rxs_sysfs_set napi_defer_hard_irqs "$_h"
		E_WHAT="napi_defer_hard_irqs $_h" ;;
	esac
}

# change K: the K-th change during the transfer, in turns: -L to the next
# shape (the table default then), -X over the queues, -X default
change() {
	[ "$NSHAPES" -gt 0 ] || { change_gbeth "$1"; return; }
	case $(($1 % 3)) in
	1)	set_shape $((NSHAPE + 1)) "transfer change $1"
		NSHAPE=$((NSHAPE + 1))
		want_table "$(upto "$RXQ")" "transfer change $1: -L $SHAPE"
		rxs_wait_up "transfer change $1: -L $SHAPE"
		E_WHAT="-L $SHAPE" ;;
	2)	if [ "$RXQ" -gt 1 ]; then
			# queue 0 left out, weights 1..
			EW=0 EQ=1
			while [ "$EQ" -lt "$RXQ" ]; do
				EW="$EW $EQ"
				EQ=$((EQ + 1))
			done
			# shellcheck disable=SC2086
			ethtool -X "$RXS_DUT" weight $EW || rxs_fail "transfer change $1: -X weight $EW"
			want_table "$(seq 1 $((RXQ - 1)) | tr '\n' ' ')" "transfer change $1: -X weight $EW"
			E_WHAT="-X weight $EW"
		else
			ethtool -X "$RXS_DUT" equal 1 || rxs_fail "transfer change $1: -X equal 1"
			want_table "0 " "transfer change $1: -X equal 1"
			E_WHAT="-X equal 1"
		fi ;;
	0)	ethtool -X "$RXS_DUT" default || rxs_fail "transfer change $1: -X default"
		want_table "$(upto "$RXQ")" "transfer change $1: -X default"
		E_WHAT="-X default" ;;
	esac
}

phase_transfer() {
	E_MB=$RXS_ENDURE_MB
	E_NC=$RXS_ENDURE_CHANGES
	E_BYTES=$((E_MB * 1048576))
	if [ "$NSHAPES" -gt 0 ]; then
		rxs_step "transfer: $E_MB MiB peer -> DUT, sha256 at both ends, $E_NC channel / RSS table changes during it"
		ethtool -X "$RXS_DUT" default || rxs_fail "ethtool -X default"
		set_shape 0 "before the transfer"
		NSHAPE=0
		rxs_wait_up "-L $SHAPE before the transfer"
	else
		rxs_step "transfer: $E_MB MiB peer -> DUT, sha256 at both ends, $E_NC ring / coalescing changes during it"
	fi
	rm -f "$E".*
	# rxs-xfer (tests/bench/tools/rxs-xfer): one process per end hashing
	# in place; its digest checked against busybox sha256sum first, on
	# 1 MiB of this run's stream
	XF=$RXS_DIR/files/rxs-xfer
	[ -x "$XF" ] || rxs_fail "no $XF (run-scenario.sh --file build/bench-tools/rxs-xfer)"
	E_SEED=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
	E_H1=$("$XF" hash 1048576 "$E_SEED" | awk '{ print $NF }')
	E_H2=$("$XF" gen 1048576 "$E_SEED" 2>/dev/null | sha256sum | cut -d' ' -f1)
	[ -n "$E_H1" ] && [ "$E_H1" = "$E_H2" ] ||
		rxs_fail "rxs-xfer's sha256 of 1 MiB (${E_H1:-none}) is not busybox sha256sum's ($E_H2)"
	rxs_say "stream seed $E_SEED; rxs-xfer's sha256 of its first MiB equals busybox sha256sum's ($E_H1)"
	"$XF" recv "$PORT" "$E_SEED" > "$E.rx" 2>&1 &
	E_RPID=$!
	EW=0
	until listening "$PORT"; do
		EW=$((EW + 1))
		[ "$EW" -le 50 ] || rxs_fail "the DUT's rxs-xfer does not listen on $PORT"
		rxs_tick
	done
	E_T0=$(cut -d' ' -f1 /proc/uptime)
	E_R0=$(rx_bytes)
	rxs_in_peer sh -c "$XF send $RXS_DUT_IP $PORT $E_BYTES $E_SEED > $E.tx 2>&1; echo \$? > $E.src" &
	E_SPID=$!
	EK=1
	E_LAST=$E_R0
	E_LT=$(now)
	while [ "$EK" -le "$E_NC" ]; do
		E_TARGET=$((E_R0 + E_BYTES * EK / (E_NC + 1)))
		while [ "$(rx_bytes)" -lt "$E_TARGET" ]; do
			kill -0 "$E_SPID" 2>/dev/null ||
				rxs_fail "the transfer ended (sender status $(cat "$E.src" 2>/dev/null)) after $((EK - 1)) of $E_NC changes, $(($(rx_bytes) - E_R0)) B received"
			if [ "$(rx_bytes)" != "$E_LAST" ]; then
				E_LAST=$(rx_bytes)
				E_LT=$(now)
			elif [ $(($(now) - E_LT)) -ge "$RXS_ENDURE_STALL" ]; then
				rxs_fail "the transfer stalled: nothing received for $RXS_ENDURE_STALL s after $((EK - 1)) changes"
			fi
			sleep 1
		done
		# a change after the last byte would not be "during" it
		kill -0 "$E_SPID" 2>/dev/null ||
			rxs_fail "the transfer ended before change $EK of $E_NC (set RXS_ENDURE_MB larger: the changes take longer than the transfer)"
		change "$EK"
		rxs_say "transfer change $EK: $E_WHAT at $(($(rx_bytes) - E_R0)) B received ($(now) s)"
		EK=$((EK + 1))
	done
	kill -0 "$E_SPID" 2>/dev/null ||
		rxs_fail "the transfer ended during change $E_NC (set RXS_ENDURE_MB larger)"
	rxs_step "transfer: the $E_NC changes made, waiting for its end"
	while kill -0 "$E_SPID" 2>/dev/null; do
		if [ "$(rx_bytes)" != "$E_LAST" ]; then
			E_LAST=$(rx_bytes)
			E_LT=$(now)
		elif [ $(($(now) - E_LT)) -ge "$RXS_ENDURE_STALL" ]; then
			rxs_fail "the transfer stalled: nothing received for $RXS_ENDURE_STALL s after the changes"
		fi
		sleep 1
	done
	# the sender ends after the receiver closed: the receiver has read all
	EW=0
	while kill -0 "$E_RPID" 2>/dev/null; do
		EW=$((EW + 1))
		[ "$EW" -le 150 ] || rxs_fail "the DUT's rxs-xfer still runs 30 s after the sender ended"
		rxs_tick
	done
	E_T1=$(cut -d' ' -f1 /proc/uptime)
	E_RRC=0
	wait "$E_RPID" || E_RRC=$?
	E_GOT=$(sed -n 's/^rxs-xfer: received \([0-9]*\) bytes .*/\1/p' "$E.rx")
	E_SX=$(sed -n 's/^rxs-xfer: sent [0-9]* bytes sha256 //p' "$E.tx")
	E_RX=$(sed -n 's/^rxs-xfer: received [0-9]* bytes sha256 //p' "$E.rx")
	rxs_say "DUT's rxs-xfer: $(sed -n 's/^rxs-xfer: stream: //p' "$E.rx") (exit $E_RRC)"
	E_SECS=$(awk -v a="$E_T0" -v b="$E_T1" 'BEGIN { printf "%.1f", b - a }')
	E_RATE=$(awk -v n="$E_BYTES" -v s="$E_SECS" 'BEGIN { printf "%.2f", n * 8 / s / 1e6 }')
	rxs_say "peer sent $E_BYTES B (rxs-xfer status $(cat "$E.src")), sha256 $E_SX"
	rxs_say "DUT received ${E_GOT:-?} B, sha256 $E_RX"
	echo "RXSCALE-ENDURE: transfer mib=$E_MB bytes=$E_BYTES received=${E_GOT:-?} changes=$E_NC seconds=$E_SECS mbits=$E_RATE sha256_equal=$([ "$E_SX" = "$E_RX" ] && echo yes || echo no)"
	[ "$(cat "$E.src")" = 0 ] || rxs_fail "the peer's rxs-xfer ended with status $(cat "$E.src"): $(cat "$E.tx")"
	[ "$E_RRC" = 0 ] || rxs_fail "the DUT's rxs-xfer ended with status $E_RRC: $(cat "$E.rx")"
	[ "$E_GOT" = "$E_BYTES" ] || rxs_fail "the DUT received ${E_GOT:-?} B, the peer sent $E_BYTES"
	if [ -z "$E_SX" ] || [ "$E_SX" != "$E_RX" ]; then
		rxs_fail "sha256 differs: peer ${E_SX:-none}, DUT ${E_RX:-none}"
	fi
	rxs_no_iface_errors
	rxs_ping 3
	window_check
}

for EP in $RXS_ENDURE_PHASES; do
	case $EP in
	reload) phase_reload ;;
	channels) [ "$NSHAPES" -gt 0 ] || rxs_fail "$RXS_DRIVER has one queue: no channels phase"
		phase_channels ;;
	transfer) phase_transfer ;;
	*) rxs_fail "unknown phase '$EP' in RXS_ENDURE_PHASES" ;;
	esac
done

rxs_step "rmmod, then $RXS_LEAK_WAIT s for page_pool's stalled-shutdown warning"
rmmod "$RXS_DRIVER" || rxs_fail "rmmod $RXS_DRIVER"
sleep "$RXS_LEAK_WAIT"
echo "RXSCALE-ENDURE: total phases='$RXS_ENDURE_PHASES' seconds=$(($(now) - T0))"
expect_probes
rxs_dmesg_check
