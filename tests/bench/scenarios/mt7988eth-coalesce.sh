#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# mt7988_eth's ethtool -c/-C (issue 15): the TX half of the hardware delay
# interrupt (QDMA 0x460c, docs/hw/mt7988.md "Delay interrupts"; the model
# honours it). Off at probe; bad requests refused with their errno and
# extack message and nothing changed (ethtool -c and the register, read
# with devmem); tx-usecs 5000 tx-frames 32 lands in the register as the
# word the documented layout gives (computed here, not by the driver);
# TX-done interrupts per frame the peer received (UDP at a fixed rate),
# with the delay against without it, in one run; the setting kept over down/up. The TX-timeout
# reset keeping it is checked in mt7988eth-recovery.sh.
# Run with --nic mt7988 --append iomem=relaxed and the rxscale_core and
# mt7988_eth modules.
. ./lib.sh

RXS_COAL_SECS=${RXS_COAL_SECS:-5}

[ "${RXS_DUT_BUS:-pci}" = platform ] ||
	rxs_fail "run with --nic mt7988 (a platform DUT), not '$RXS_NIC'"
rxs_setup mt7988_eth
rxs_wait_link 20
_pdev=$(basename "$RXS_DUT_DEVPATH")
rxs_ping 3

_fe=$((0x${_pdev%%.*}))
QDMA_DELAY=$((_fe + 0x460c))
PDMA_DELAY=$((_fe + 0x6a0c))
reg() {
	devmem "$1" 32 || rxs_fail "devmem cannot read $1 (iomem=relaxed?)"
}
# coal: "tx-usecs tx-frames" as ethtool -c prints them
coal() {
	ethtool -c "$RXS_DUT" | awk '$1 == "tx-usecs:" { u = $2 } $1 == "tx-frames:" { f = $2 }
		END { print u, f }'
}
# word USECS FRAMES: the 0x460c word the layout gives: TX half in 31:16,
# enable 15, frames 14:8, time 7:0 in 20 us units (rounded up)
word() {
	_t=$((($1 + 19) / 20))
	_h=$(((_t & 0xff) | (($2 & 0x7f) << 8)))
	[ "$_h" = 0 ] || _h=$((_h | 0x8000))
	printf '0x%08X\n' $((_h << 16))
}
# tx_irqs: interrupts of the DUT's TX line so far
tx_irqs() {
	rxs_platform_irqs counts | awk '$3 ~ /-tx$/ { print $2; f = 1 } END { if (!f) print -1 }'
}
# measure TAG: DUT -> peer UDP, 1000-byte datagrams at 20 Mbit/s (2500
# frames a second, one TX buffer each: no TSO to hide frames in) for
# RXS_COAL_SECS s; TX-done interrupts per frame the peer received; sets PER
measure() {
	rxs_in_peer iperf3 -s -1 -D -B "$RXS_PEER_IP" --logfile /tmp/iperf3-coal.log ||
		rxs_fail "iperf3 server did not start"
	rxs_wait_listen 5201
	_i0=$(tx_irqs) _p0=$(rxs_peer_stat rx_packets)
	iperf3 -c "$RXS_PEER_IP" -B "$RXS_DUT_IP" -u -b 20M -l 1000 -t "$RXS_COAL_SECS" \
		> /tmp/iperf3-coal.txt 2>&1 || { cat /tmp/iperf3-coal.txt; rxs_fail "$1: iperf3 failed"; }
	_i=$(($(tx_irqs) - _i0)) _p=$(($(rxs_peer_stat rx_packets) - _p0))
	[ "$_p" -gt 1000 ] || rxs_fail "$1: the peer received only $_p frames"
	PER=$(awk -v i="$_i" -v p="$_p" 'BEGIN { printf "%.4f", i / p }')
	rxs_say "$1: $_i TX-done interrupts for $_p frames the peer received: $PER per frame"
	echo "RXSCALE-COAL: $1 irqs=$_i frames=$_p per_frame=$PER"
}

rxs_step "-c at probe"
ethtool -c "$RXS_DUT" | grep -E '^(tx-usecs|tx-frames|rx-usecs):'
[ "$(coal)" = "0 0" ] || rxs_fail "ethtool -c at probe: '$(coal)', want 0 0"
[ "$(reg "$QDMA_DELAY")" = 0x00000000 ] || rxs_fail "QDMA delay word $(reg "$QDMA_DELAY") at probe"

rxs_step "bad -C refused, nothing changed"
rxs_refused "tx-usecs 5101" "Invalid argument" "tx-usecs: at most 5100 (steps of 20 us)" \
	ethtool -C "$RXS_DUT" tx-usecs 5101
rxs_refused "tx-frames 128" "Invalid argument" "tx-frames: at most 127" \
	ethtool -C "$RXS_DUT" tx-frames 128
# the ethtool core refuses what supported_coalesce_params lacks
rxs_refused "rx-usecs" "Invalid argument" "cannot modify an unsupported parameter" \
	ethtool -C "$RXS_DUT" rx-usecs 50
rxs_refused "adaptive-tx" "Invalid argument" "cannot modify an unsupported parameter" \
	ethtool -C "$RXS_DUT" adaptive-tx on
[ "$(coal)" = "0 0" ] || rxs_fail "a refused -C changed ethtool -c: '$(coal)'"
[ "$(reg "$QDMA_DELAY")" = 0x00000000 ] || rxs_fail "a refused -C wrote $(reg "$QDMA_DELAY")"

rxs_step "TX-done interrupts per frame, delay off"
measure off
PER_OFF=$PER

rxs_step "-C tx-usecs 5000 tx-frames 32"
ethtool -C "$RXS_DUT" tx-usecs 5000 tx-frames 32 || rxs_fail "ethtool -C tx-usecs 5000 tx-frames 32"
[ "$(coal)" = "5000 32" ] || rxs_fail "ethtool -c after -C: '$(coal)', want 5000 32"
WORD=$(word 5000 32)
[ "$(reg "$QDMA_DELAY")" = "$WORD" ] || rxs_fail "QDMA delay word $(reg "$QDMA_DELAY"), the layout gives $WORD"
[ "$(reg "$PDMA_DELAY")" = "$WORD" ] || rxs_fail "PDMA delay word $(reg "$PDMA_DELAY"), want $WORD (7.3 writes both)"
rxs_say "delay word $WORD in QDMA and PDMA"
ethtool -C "$RXS_DUT" tx-usecs 4990 || rxs_fail "ethtool -C tx-usecs 4990"
[ "$(coal)" = "5000 32" ] || rxs_fail "tx-usecs 4990 reads back '$(coal)', want 5000 32 (20 us steps, rounded up)"
[ "$(reg "$QDMA_DELAY")" = "$WORD" ] || rxs_fail "QDMA delay word $(reg "$QDMA_DELAY") after tx-usecs 4990"
measure delayed
PER_ON=$PER
# off: about one interrupt per frame or per NAPI poll; with the delay
# at most one per 32 frames or 5 ms (200 a second, 0.08 per frame at
# 2500 frames a second); the check wants 4x fewer
awk -v a="$PER_ON" -v b="$PER_OFF" 'BEGIN { exit !(a * 4 <= b) }' ||
	rxs_fail "TX-done interrupts per frame $PER_ON with the delay, $PER_OFF without: not 4x fewer"
rxs_say "TX-done interrupts per frame: off $PER_OFF, tx-frames 32 / tx-usecs 5000 $PER_ON"

rxs_step "kept over down/up, set while down; off again"
ip link set "$RXS_DUT" down
ethtool -C "$RXS_DUT" tx-usecs 100 tx-frames 4 || rxs_fail "ethtool -C while down"
[ "$(reg "$QDMA_DELAY")" = "$(word 100 4)" ] ||
	rxs_fail "QDMA delay word $(reg "$QDMA_DELAY") after -C while down, want $(word 100 4)"
ethtool -C "$RXS_DUT" tx-usecs 5000 tx-frames 32 || rxs_fail "ethtool -C while down"
ip link set "$RXS_DUT" up
rxs_wait_link 20
[ "$(coal)" = "5000 32" ] || rxs_fail "ethtool -c after down/up: '$(coal)'"
_r=$(reg "$QDMA_DELAY")
[ "$_r" = "$WORD" ] || rxs_fail "QDMA delay word '$_r' after down/up, want $WORD"
rxs_ping 3
ethtool -C "$RXS_DUT" tx-usecs 0 tx-frames 0 || rxs_fail "ethtool -C off"
[ "$(reg "$QDMA_DELAY")" = 0x00000000 ] || rxs_fail "QDMA delay word $(reg "$QDMA_DELAY") after -C 0 0"
rxs_iperf fwd 1 2
rxs_no_iface_errors
rxs_dmesg_check
