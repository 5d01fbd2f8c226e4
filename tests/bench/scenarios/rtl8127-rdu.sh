#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Per-ring receive back-pressure of the RTL8127 model. Run with --nic rtl8127
# --module r8127.ko --append iomem=relaxed (devmem on the bound NIC).
# All flows are steered to RX ring 1 and its vector is masked, so the ring
# fills up; further frames to ring 1 must be dropped and counted (tally
# rx_missed, RDU_STA bit 1). Then all flows are steered to ring 0, which
# must keep receiving while ring 1 stays full (the old model stalled every
# ring). Unmasking ring 1 lets the driver refill it.
. ./lib.sh

stat_of() {
	ethtool -S "$RXS_DUT" | sed -n "s/^[[:space:]]*$1: //p"
}

rxs_setup r8127
rxs_wait_link 20
# r8127 asks for the PHY patch once, at probe
rxs_dmesg_expect_nofw 1
rxs_ping 3

_dev=/sys/bus/pci/devices/$RXS_DUT_PCI
_bar=$(sed -n 3p "$_dev/resource" | cut -d' ' -f1)
[ -n "$_bar" ] && [ "$_bar" != 0x0000000000000000 ] || rxs_fail "no BAR2 address"
rdu_sta() { devmem $((_bar + 0x0d0a)) 16; }

rxs_step "RDU_STA write 1 to clear"
devmem $((_bar + 0x0d0a)) 16 0xffff || rxs_fail "devmem write"
_rdu=$(rdu_sta)
rxs_say "RDU_STA after clear: $_rdu"
[ -n "$_rdu" ] && [ $((_rdu)) = 0 ] || rxs_fail "RDU_STA not cleared"

rxs_step "all flows to ring 1, ring 1's vector masked"
ethtool -G "$RXS_DUT" rx 256 || rxs_fail "ethtool -G rx 256"
rxs_wait_link 20
ethtool -g "$RXS_DUT" | grep -E '^RX:' | tail -n 1
ethtool -X "$RXS_DUT" weight 0 1 0 0 || rxs_fail "ethtool -X weight 0 1 0 0"
sleep 1
_m0=$(stat_of hw_rx_missed)
devmem $((_bar + 0x0d00)) 32 0x2	# IMR_V2_CLEAR: vector of RX ring 1
rxs_in_peer ping -q -i 0.002 -c 1500 -w 10 "$RXS_DUT_IP" 2>&1 | tail -n 2
_m1=$(stat_of hw_rx_missed)
_rdu=$(rdu_sta)
rxs_say "hw_rx_missed $_m0 -> $_m1, RDU_STA $_rdu"
[ $((_rdu & 2)) = 2 ] || rxs_fail "RDU_STA bit 1 not set"
[ "$_m1" -gt "$_m0" ] || rxs_fail "frames to the full ring not counted"

rxs_step "all flows to ring 0 while ring 1 is full"
_r0a=$(stat_of rx0_packets)
ethtool -X "$RXS_DUT" weight 1 0 0 0 || rxs_fail "ethtool -X weight 1 0 0 0"
devmem $((_bar + 0x0d0a)) 16 0x3
rxs_ping 3
rxs_iperf rev 4 4
_r0b=$(stat_of rx0_packets)
_m2=$(stat_of hw_rx_missed)
rxs_say "rx0_packets $_r0a -> $_r0b, hw_rx_missed $_m2, RDU_STA $(rdu_sta)"
[ $((_r0b - _r0a)) -gt 1000 ] || rxs_fail "ring 0 starved by full ring 1"
rxs_in_peer ping -q -c 3 -W 1 "$RXS_DUT_IP" > /dev/null 2>&1
ethtool -X "$RXS_DUT" weight 0 1 0 0 || rxs_fail "ethtool -X weight 0 1 0 0"
rxs_in_peer ping -q -i 0.01 -c 20 -w 2 "$RXS_DUT_IP" > /dev/null 2>&1 &&
	rxs_fail "ring 1 answered pings while its vector was masked"
_m3=$(stat_of hw_rx_missed)
rxs_say "still full: hw_rx_missed $_m2 -> $_m3"
[ "$_m3" -gt "$_m2" ] || rxs_fail "ring 1 no longer full?"

rxs_step "unmask ring 1"
devmem $((_bar + 0x0d0c)) 32 0x2	# IMR_V2_SET
sleep 1
rxs_ping 3
ethtool -X "$RXS_DUT" default || rxs_fail "ethtool -X default"
devmem $((_bar + 0x0d0a)) 16 0x2
rxs_ping 3
rxs_iperf rev 8 4
rxs_iperf fwd 2 4
rxs_dmesg_check
