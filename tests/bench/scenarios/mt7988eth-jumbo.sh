#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# mt7988_eth's jumbo frames: max_mtu 9194 (9216 less header, one VLAN tag
# and FCS); an MTU out of range refused with EINVAL and its extack, the
# MTU unchanged; MTU 9000 on both ends (the peer is virtio-net): 9000-byte
# ICMP packets both ways with no IP fragment made or reassembled at
# either end (/proc/net/snmp), iperf3 both ways, the driver's counts
# against the model's GDM1 MIB (frames and bytes) and the peer's; the
# buffer size the next RX descriptor of every RSS ring states (read with
# devmem from the ring in the SRAM: what the model's DMA uses, not what
# the driver says); -G and -L at MTU 9000; MTU changes under iperf3
# --bidir, each RSS queue the streams reached before receiving after; an
# MTU set while down taken at open; back to 1500; no drops or
# errors in ethtool -S, the exact kernel log. Busybox ping has no -M do:
# the snmp fragment counters stand for it. Run with --nic mt7988
# --append iomem=relaxed and the rxscale_core and mt7988_eth modules.
. ./lib.sh

RXS_SECS=${RXS_SECS:-3}
RXS_JUMBO_CYCLES=${RXS_JUMBO_CYCLES:-6}
# ICMP payload of a 9000-byte IPv4 packet, a 9014-byte frame
PAYLOAD=8972
FRAME=9014

[ "${RXS_DUT_BUS:-pci}" = platform ] ||
	rxs_fail "run with --nic mt7988 (a platform DUT), not '$RXS_NIC'"
rxs_setup mt7988_eth
rxs_wait_link 20
PDEV=$(basename "$RXS_DUT_DEVPATH")
FE=$((0x${PDEV%%.*}))
rxs_ping 3

mtu_of() {
	cat "/sys/class/net/$RXS_DUT/mtu"
}
reg() {
	_v=$(devmem "$1" 32) || rxs_fail "devmem cannot read $1 (iomem=relaxed?)"
	echo $((_v))
}
NRX=$(ethtool -l "$RXS_DUT" | awk '/^Current/ { c = 1 } c && $1 == "RX:" { print $2; exit }')
[ "${NRX:-0}" -ge 2 ] || rxs_fail "ethtool -l: RX queues '$NRX', want 2 or more"
# bufs: PLEN0 (rxd2 bits 23:8) of the descriptor each RSS ring's DMA
# writes next (PDMA_RX_BASE + 32 x PDMA_RX_DRX, 0x6900 / 0x690c + 0x10 q):
# the buffer the model puts the next frame into. Rings 0..NRX-1 (those
# allocated; -L rx 2 keeps them armed). Under traffic the DMA may fill
# that descriptor between the two reads: one with DONE (bit 31) holds a
# frame's length, not the buffer's; DRX is read again (20 tries).
bufs() {
	_q=0 _o=
	while [ "$_q" -lt "$NRX" ]; do
		_b=$(reg $((FE + 0x6900 + 0x10 * _q))) _n=0
		while :; do
			_i=$(reg $((FE + 0x690c + 0x10 * _q)))
			_d=$(reg $((_b + 32 * _i + 4)))
			[ $((_d >> 31)) = 0 ] && break
			_n=$((_n + 1))
			[ "$_n" -lt 20 ] || rxs_fail "RX ring $_q: its next descriptor (DRX $_i) done 20 times in a row"
		done
		_o="$_o$(( (_d >> 8) & 0xffff )) "
		_q=$((_q + 1))
	done
	echo "$_o"
}
# want_bufs MIN MAX WHAT: every RSS ring's next buffer MIN..MAX bytes
want_bufs() {
	_bs=$(bufs)
	for _s in $_bs; do
		{ [ "$_s" -ge "$1" ] && [ "$_s" -le "$2" ]; } ||
			rxs_fail "$3: RX buffers in the descriptors '$_bs', want $1..$2 bytes"
	done
	rxs_say "$3: RSS rings' next RX buffers '$_bs' bytes ($1..$2)"
}
# snmp NS FIELD: the Ip FIELD of /proc/net/snmp (NS peer: the peer's)
snmp() {
	if [ "$1" = peer ]; then
		_f=$(rxs_in_peer cat /proc/net/snmp)
	else
		_f=$(cat /proc/net/snmp)
	fi
	printf '%s\n' "$_f" | awk -v k="$2" '$1 == "Ip:" && !h { for (i = 2; i <= NF; i++) c[$i] = i; h = 1; next }
		$1 == "Ip:" { print $c[k] }'
}
# snap: the model's MIB, the peer's and the driver's counts, fragments.
# The MIB and the driver's counts come from one ethtool -S (one read of
# both in the kernel), so in a quiet moment they agree exactly.
snap() {
	sleep 1
	ethtool -S "$RXS_DUT" > /tmp/jumbo-a.txt
	_p_txp=$(rxs_peer_stat tx_packets) _p_txb=$(rxs_peer_stat tx_bytes)
	_p_rxp=$(rxs_peer_stat rx_packets) _p_rxb=$(rxs_peer_stat rx_bytes)
	_f=$(($(snmp dut FragCreates) + $(snmp dut ReasmReqds) + $(snmp peer FragCreates) + $(snmp peer ReasmReqds)))
}
# st FILE NAME: counter NAME of an ethtool -S output; rx_packets and
# rx_bytes: the RSS queues' rx<q>_ counters added up
st() {
	awk -v n="$2" '$1 == n ":" { t += $2; f = 1 }
		n ~ /^rx_/ && $1 ~ /^rx[0-9]_/ && substr($1, 4) == substr(n, 3) ":" { t += $2; f = 1 }
		END { print t + 0; exit !f }' "$1" || rxs_fail "ethtool -S has no $2"
}
# dst NAME: counter NAME's change from /tmp/jumbo-a.txt to /tmp/jumbo-b.txt
dst() {
	echo $(($(st /tmp/jumbo-b.txt "$1") - $(st /tmp/jumbo-a.txt "$1")))
}
# match WHAT [TOL]: since snap, the model's MIB against the peer's counts
# in frames (TOL; default 20 + 1 % of the peer's, as mt7988eth-smoke) and
# bytes (TOL x 1518: below one jumbo frame for TOL 5; the model pads
# short frames to 60 bytes, the peer counts them unpadded) both ways; the
# driver's RX frames against the MIB's within 2, and its bytes exactly
# the MIB's less the 14-byte header the stack pulls, 9216 bytes allowed
# per frame the two counts differ by. Sets D_RXP, D_RXB.
match() {
	sleep 1
	ethtool -S "$RXS_DUT" > /tmp/jumbo-b.txt
	D_RXP=$(dst hw_rx_packets) D_RXB=$(dst hw_rx_bytes)
	_txp=$(dst hw_tx_packets) _txb=$(dst hw_tx_bytes)
	_drp=$(dst rx_packets) _drb=$(dst rx_bytes)
	_ptp=$(($(rxs_peer_stat tx_packets) - _p_txp)) _ptb=$(($(rxs_peer_stat tx_bytes) - _p_txb))
	_prp=$(($(rxs_peer_stat rx_packets) - _p_rxp)) _prb=$(($(rxs_peer_stat rx_bytes) - _p_rxb))
	rxs_say "$1: RX: peer sent $_ptp frames / $_ptb B, model MIB $D_RXP / $D_RXB B, driver $_drp / $_drb B"
	rxs_say "$1: TX: model MIB $_txp frames / $_txb B, peer received $_prp / $_prb B"
	_t=${2:-$((20 + _ptp / 100))}
	_bt=$((_t * 1518))
	{ rxs_within "$D_RXP" "$_ptp" "$_t" && rxs_within "$D_RXB" "$_ptb" "$_bt"; } ||
		rxs_fail "$1: the peer sent $_ptp frames ($_ptb B), the model's MIB took $D_RXP ($D_RXB B)"
	{ rxs_within "$_txp" "$_prp" "$_t" && rxs_within "$_txb" "$_prb" "$_bt"; } ||
		rxs_fail "$1: the model sent $_txp frames ($_txb B), the peer received $_prp ($_prb B)"
	rxs_within "$_drp" "$D_RXP" 2 ||
		rxs_fail "$1: the driver counted $_drp RX frames, the model's MIB $D_RXP"
	_fd=$((_drp - D_RXP))
	# rx_bytes and the MIB both count the frame without its FCS
	rxs_within "$_drb" "$D_RXB" $((${_fd#-} * 9216)) ||
		rxs_fail "$1: the driver counted $_drb RX bytes, the model's MIB $D_RXB"
}
# jping COUNT WHAT: 9000-byte ICMP packets DUT -> peer and peer -> DUT,
# all answered, no fragment made or reassembled at either end, at least
# 4 COUNT jumbo frames through the model's RX (both echoes' requests and
# replies: 2 COUNT into the DUT, 2 COUNT out).
jping() {
	rxs_step "$2: ping -s $PAYLOAD both ways"
	snap
	_out=$(ping -c "$1" -W 2 -s "$PAYLOAD" "$RXS_PEER_IP" 2>&1)
	printf '%s\n' "$_out" | tail -n 2
	printf '%s\n' "$_out" | grep -q " $1 packets received" ||
		rxs_fail "$2: ping -s $PAYLOAD to the peer lost packets"
	_out=$(rxs_in_peer ping -c "$1" -W 2 -s "$PAYLOAD" "$RXS_DUT_IP" 2>&1)
	printf '%s\n' "$_out" | tail -n 2
	printf '%s\n' "$_out" | grep -q " $1 packets received" ||
		rxs_fail "$2: ping -s $PAYLOAD from the peer lost packets"
	_f2=$(($(snmp dut FragCreates) + $(snmp dut ReasmReqds) + $(snmp peer FragCreates) + $(snmp peer ReasmReqds)))
	[ "$_f2" = "$_f" ] ||
		rxs_fail "$2: IP fragments made or reassembled: $((_f2 - _f)) (snmp FragCreates + ReasmReqds of both ends)"
	match "$2" 5
	[ "$D_RXB" -ge $((2 * $1 * FRAME)) ] ||
		rxs_fail "$2: the model's MIB took $D_RXB B, under $((2 * $1)) frames of $FRAME"
	rxs_say "$2: $1 + $1 echoes of $FRAME-byte frames each way, unfragmented"
}
# no_drops WHAT: no RX drop, allocation failure or TX error in ethtool -S
no_drops() {
	_bad=$(ethtool -S "$RXS_DUT" | awk '$1 ~ /(dropped|alloc_fail|errors):$/ && $2 != 0 { printf " %s %s", $1, $2 }')
	[ -z "$_bad" ] || rxs_fail "$1: ethtool -S:$_bad"
}

rxs_step "limits"
ip -d link show "$RXS_DUT" | grep -o 'minmtu [0-9]* maxmtu [0-9]*'
ip -d link show "$RXS_DUT" | grep -q 'minmtu 68 maxmtu 9194' ||
	rxs_fail "min/max MTU: '$(ip -d link show "$RXS_DUT" | grep -o 'minmtu [0-9]* maxmtu [0-9]*')', want 68 and 9194"
want_bufs 1522 9013 "MTU 1500"
rxs_refused "mtu 9195" "Error: mtu greater than device maximum." "" \
	ip link set "$RXS_DUT" mtu 9195
rxs_refused "mtu 67" "Error: mtu less than device minimum." "" \
	ip link set "$RXS_DUT" mtu 67
[ "$(mtu_of)" = 1500 ] || rxs_fail "MTU $(mtu_of) after the refusals, want 1500"
want_bufs 1522 9013 "after the refusals"
rxs_ping 3

rxs_step "MTU 9000 on both ends, running"
rxs_in_peer ip link set "$RXS_PEER" mtu 9000 || rxs_fail "peer MTU 9000"
ip link set "$RXS_DUT" mtu 9000 || rxs_fail "DUT MTU 9000"
[ "$(mtu_of)" = 9000 ] || rxs_fail "MTU $(mtu_of), want 9000"
rxs_wait_up "MTU 9000"
want_bufs 9022 65535 "MTU 9000"
jping 5 "MTU 9000"
rxs_refused "mtu 9195 at 9000" "Error: mtu greater than device maximum." "" \
	ip link set "$RXS_DUT" mtu 9195
[ "$(mtu_of)" = 9000 ] || rxs_fail "MTU $(mtu_of) after the refusal, want 9000"
ip link set "$RXS_DUT" mtu 9194 || rxs_fail "DUT MTU 9194"
want_bufs 9216 65535 "MTU 9194"
ip link set "$RXS_DUT" mtu 9000 || rxs_fail "DUT MTU 9000 again"

rxs_step "iperf3 both ways at MTU 9000"
snap
rxs_iperf rev 2 "$RXS_SECS"
rxs_iperf fwd 2 "$RXS_SECS"
match "iperf3 at MTU 9000"
[ "$D_RXB" -gt $((D_RXP * 4000)) ] ||
	rxs_fail "iperf3 at MTU 9000: $D_RXP frames of $((D_RXB / (D_RXP + 1))) B on average, no jumbo segments"
rxs_say "iperf3 at MTU 9000: $D_RXP frames in, $((D_RXB / D_RXP)) B on average"
no_drops "MTU 9000"

rxs_step "-G and -L at MTU 9000"
ethtool -G "$RXS_DUT" rx 256 || rxs_fail "ethtool -G rx 256 at MTU 9000"
rxs_wait_up "-G rx 256"
want_bufs 9022 65535 "-G rx 256"
jping 3 "-G rx 256"
ethtool -L "$RXS_DUT" rx 2 || rxs_fail "ethtool -L rx 2 at MTU 9000"
rxs_wait_up "-L rx 2"
want_bufs 9022 65535 "-L rx 2"
jping 3 "-L rx 2"
ethtool -L "$RXS_DUT" rx "$NRX" || rxs_fail "ethtool -L rx $NRX"
ethtool -G "$RXS_DUT" rx 1024 || rxs_fail "ethtool -G rx 1024"
rxs_wait_up "-G rx 1024, -L rx $NRX"
jping 3 "-G rx 1024, -L rx $NRX"
no_drops "-G/-L at MTU 9000"

rxs_step "MTU set while down, taken at open"
ip link set "$RXS_DUT" down
ip link set "$RXS_DUT" mtu 1500 || rxs_fail "MTU 1500 while down"
ip link set "$RXS_DUT" mtu 9000 || rxs_fail "MTU 9000 while down"
ip link set "$RXS_DUT" up
rxs_wait_link 20
# the DUT's IPv6 start-up frames (DAD, MLD, RS) over before the counts
sleep 3
want_bufs 9022 65535 "up at MTU 9000"
jping 3 "up at MTU 9000"

rxs_step "$RXS_JUMBO_CYCLES MTU changes under iperf3 --bidir -P 4 (peer at 1500)"
rxs_in_peer ip link set "$RXS_PEER" mtu 1500 || rxs_fail "peer MTU 1500"
ip link set "$RXS_DUT" mtu 1500 || rxs_fail "DUT MTU 1500"
rxs_bg_start bidir 900 --bidir -P 4 --forceflush
rxs_bg_sending bidir 20
# the queues the streams reach (their random ports decide: a queue misses
# all of the 9 flows one run in 13) are those expected after the changes
# shellcheck disable=SC2046
REACHED=$(rxs_queues_receiving 3 $(seq 0 $((NRX - 1))))
[ -n "$REACHED" ] || rxs_fail "no RX queue received under iperf3"
rxs_say "RX queues receiving before the changes: $REACHED"
N=0
while [ "$N" -lt "$RXS_JUMBO_CYCLES" ]; do
	case $((N % 3)) in
	0) M=9000 LO=9022 ;; 1) M=4000 LO=4022 ;; *) M=1500 LO=1522 ;;
	esac
	ip link set "$RXS_DUT" mtu "$M" || rxs_fail "MTU $M (cycle $N)"
	[ "$(mtu_of)" = "$M" ] || rxs_fail "MTU $(mtu_of), want $M (cycle $N)"
	want_bufs "$LO" 65535 "cycle $N, MTU $M"
	rxs_bg_after "MTU $M"
	N=$((N + 1))
done
# shellcheck disable=SC2086
rxs_queues_receive "after $N changes" $REACHED
rxs_bg_stop
no_drops "MTU changes under traffic"

rxs_step "back to MTU 1500"
ip link set "$RXS_DUT" mtu 1500 || rxs_fail "DUT MTU 1500"
[ "$(mtu_of)" = 1500 ] || rxs_fail "MTU $(mtu_of), want 1500"
want_bufs 1522 9013 "MTU 1500 again"
rxs_ping 3
snap
rxs_iperf rev 2 "$RXS_SECS"
rxs_iperf fwd 2 "$RXS_SECS"
match "iperf3 at MTU 1500"
no_drops "the end"
rxs_no_iface_errors
rxs_dmesg_check
