#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# mt7988_eth's ethtool -g/-G (issue 15): the RSS rings' size, 64..1024
# descriptors; the TX ring fixed at 1024. Bad requests refused with their
# errno and extack message, nothing changed (ethtool -g and the rings'
# size registers PDMA_RX_MAX_CNT, read with devmem: what the model's
# DMA uses, not what the driver says); RXS_RING_CYCLES changes under
# iperf3 --bidir -P 4, each followed by the registers, ping and progress
# both ways, every RSS queue the streams reached before receiving again;
# a size set while down taken at open; the LRO ring untouched; no
# interface errors, the exact kernel log. Run with --nic mt7988
# --append iomem=relaxed and the rxscale_core and mt7988_eth modules.
. ./lib.sh

RXS_RING_CYCLES=${RXS_RING_CYCLES:-20}

[ "${RXS_DUT_BUS:-pci}" = platform ] ||
	rxs_fail "run with --nic mt7988 (a platform DUT), not '$RXS_NIC'"
rxs_setup mt7988_eth
rxs_wait_link 20
PDEV=$(basename "$RXS_DUT_DEVPATH")
FE=$((0x${PDEV%%.*}))
rxs_ping 3

# max_cnt RING: PDMA_RX_MAX_CNT of PDMA ring RING (0x6904 + 0x10 RING,
# docs/hw/mt7988.md)
max_cnt() {
	_v=$(devmem $((FE + 0x6904 + 0x10 * $1)) 32) ||
		rxs_fail "devmem cannot read PDMA_RX_MAX_CNT($1) (iomem=relaxed?)"
	echo $((_v))
}
NRX=$(ethtool -l "$RXS_DUT" | awk '/^Current/ { c = 1 } c && $1 == "RX:" { print $2; exit }')
[ "${NRX:-0}" -ge 2 ] || rxs_fail "ethtool -l: RX queues '$NRX', want 2 or more"
# sizes: every RSS ring's register, as one line
sizes() {
	_q=0 _o=
	while [ "$_q" -lt "$NRX" ]; do
		_o="$_o$(max_cnt "$_q") "
		_q=$((_q + 1))
	done
	echo "$_o"
}
# want SIZE WHAT: ethtool -g and each running RSS ring's register say SIZE,
# the first LRO ring (4) still 64
want() {
	[ "$(rxs_rings)" = "$1 1024" ] || rxs_fail "$2: ethtool -g '$(rxs_rings)', want '$1 1024'"
	for _s in $(sizes); do
		[ "$_s" = "$1" ] || rxs_fail "$2: ring sizes in the registers '$(sizes)', want $1"
	done
	[ "$(max_cnt 4)" = 64 ] || rxs_fail "$2: LRO ring 4 has $(max_cnt 4) descriptors, want 64"
}

rxs_step "-g at probe"
ethtool -g "$RXS_DUT"
want 1024 "at probe"
rxs_say "$NRX RSS rings of 1024 descriptors: registers '$(sizes)'"

rxs_step "bad -G refused, nothing changed"
rxs_refused "rx 32" "Invalid argument" "rx: at least 64 descriptors" \
	ethtool -G "$RXS_DUT" rx 32
rxs_refused "tx 512" "Invalid argument" "tx: the TX ring has 1024 descriptors, not changeable" \
	ethtool -G "$RXS_DUT" tx 512
# the ethtool core refuses what exceeds the maxima the driver reports
rxs_refused "rx 2048" "Invalid argument" "" ethtool -G "$RXS_DUT" rx 2048
rxs_refused "rx-mini 8" "Invalid argument" "" ethtool -G "$RXS_DUT" rx-mini 8
want 1024 "after the refusals"

rxs_step "$RXS_RING_CYCLES ring size changes under iperf3 --bidir -P 4"
rxs_bg_start bidir 900 --bidir -P 4 --forceflush
rxs_bg_sending bidir 20
# the queues the streams reach (their random ports decide: a queue misses
# all of the 9 flows one run in 13) are those expected after the changes
# shellcheck disable=SC2046
REACHED=$(rxs_queues_receiving 3 $(seq 0 $((NRX - 1))))
[ -n "$REACHED" ] || rxs_fail "no RX queue received under iperf3"
rxs_say "RX queues receiving before the changes: $REACHED"
N=0
while [ "$N" -lt "$RXS_RING_CYCLES" ]; do
	case $((N % 5)) in
	0) S=256 ;; 1) S=64 ;; 2) S=1000 ;; 3) S=128 ;; *) S=1024 ;;
	esac
	ethtool -G "$RXS_DUT" rx "$S" || rxs_fail "ethtool -G rx $S (cycle $N)"
	want "$S" "cycle $N, rx $S"
	rxs_bg_after "ethtool -G rx $S"
	N=$((N + 1))
done
# shellcheck disable=SC2086
rxs_queues_receive "after $N changes" $REACHED
rxs_say "$N changes under traffic; last rx $S: registers '$(sizes)', RX queues $REACHED receiving again"
rxs_bg_stop

rxs_step "rx 128 set while down, taken at open"
ip link set "$RXS_DUT" down
ethtool -G "$RXS_DUT" rx 128 || rxs_fail "ethtool -G rx 128 while down"
[ "$(rxs_rings)" = "128 1024" ] || rxs_fail "ethtool -g while down: '$(rxs_rings)'"
ip link set "$RXS_DUT" up
rxs_wait_link 20
want 128 "after up"
rxs_iperf rev 4 3
rxs_iperf fwd 2 2
ethtool -G "$RXS_DUT" rx 1024 || rxs_fail "ethtool -G rx 1024"
want 1024 "back to 1024"
rxs_ping 3
rxs_no_iface_errors
rxs_dmesg_check
