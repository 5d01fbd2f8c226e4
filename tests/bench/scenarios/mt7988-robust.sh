#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Robustness of the MT7988 frame-engine model (run with --nic mt7988 and
# --append iomem=relaxed): with upstream mtk_eth removed, the guest pokes
# the frame engine's registers directly (devmem) the way a broken driver
# could: garbage over the whole 256 KiB window (one word per 256 bytes,
# then every word of the QDMA pointer and PDMA/LRO/RSS blocks), then every RX ring 0..7 and
# QDMA TX aimed at unmapped bus addresses with RX and TX enabled, RSS and
# LRO on, and frames from the peer. QEMU must survive (a crash ends the
# run without RXSCALE-RESULT) and stop those rings with an error instead;
# after modprobe mtk_eth the NIC must work again: link, ping, TCP both ways.
. ./lib.sh

RXS_SECS=${RXS_SECS:-5}

[ "${RXS_DUT_BUS:-pci}" = platform ] ||
	rxs_fail "run with --nic mt7988 (a platform DUT), not '$RXS_NIC'"

rxs_setup
# one rmmod and one modprobe of upstream mtk_eth: its mtk_remove()'s three
# WARN_ONCE blocks and a debugfs error per PPE at the second probe, named
# whole and counted (lib.sh rxs_dmesg_expect_mtk_reload); any other line
# at warning level or above fails
rxs_dmesg_expect_mtk_reload 1
rxs_wait_link 20
rxs_ping 3

# the frame engine's registers: the device's name is its bus address
_pdev=$(basename "$RXS_DUT_DEVPATH")
_fe=$((0x${_pdev%%.*}))
rxs_say "frame engine at $(printf '0x%x' "$_fe") ($_pdev)"
w32() { devmem $((_fe + $1)) 32 "$2" || rxs_fail "devmem write $(printf '0x%x' "$1")"; }
r32() { devmem $((_fe + $1)) 32; }

rxs_step "remove mtk_eth"
rmmod mtk_eth || rxs_fail "rmmod mtk_eth failed"
[ -e "$RXS_DUT_DEVPATH/net" ] && rxs_fail "interface still present after rmmod"
# the MAC's version register reads as the model stored it: the window works
r32 0 > /dev/null || rxs_fail "devmem cannot read the frame engine (iomem=relaxed?)"

# Values never aimed at guest RAM (0x40000000.. with 1 GiB): a ring or
# buffer there would let the model write frames over the guest's memory.
rxs_step "garbage over the whole register window"
# garbage START END STEP: alternating all-ones, 0xdeadbeef, zero
garbage() {
	_o=$1
	while [ "$_o" -lt "$2" ]; do
		case $(((_o / $3) % 3)) in
		0) w32 "$_o" 0xffffffff ;;
		1) w32 "$_o" 0xdeadbeef ;;
		*) w32 "$_o" 0x00000000 ;;
		esac
		_o=$((_o + $3))
	done
}
garbage 0 $((0x40000)) $((0x100))
rxs_in_peer ping -c 2 -W 1 "$RXS_DUT_IP" > /dev/null 2>&1
garbage $((0x4600)) $((0x4800)) 4       # QDMA global, pointers
garbage $((0x6800)) $((0x7100)) 4       # PDMA rings, groups, LRO, RSS
rxs_in_peer ping -c 2 -W 1 "$RXS_DUT_IP" > /dev/null 2>&1

rxs_step "rings aimed at unmapped memory"
_far=0xfff00000			# above the guest's RAM: nothing mapped
w32 0x6a04 0			# PDMA off while the rings are set
_n=0
while [ "$_n" -lt 8 ]; do
	w32 $((0x6900 + 0x10 * _n)) $((_far + 0x1000 * _n))
	w32 $((0x6904 + 0x10 * _n)) 64
	w32 $((0x6908 + 0x10 * _n)) 63
	_n=$((_n + 1))
done
w32 0x6a08 0x00ff0000		# DMA indexes of rings 0..7 to 0
w32 0x0500 0			# GDM1 forwarding: not drop-all
w32 0x7000 0x7701		# RSS on, every type
w32 0x6c08 0x00000001		# LRO on
w32 0x6a04 0x00000104		# RX DMA and LRO on
w32 0x6a28 0xff004000		# every RX done unmasked
rxs_in_peer ping -c 3 -W 1 "$RXS_DUT_IP" > /dev/null 2>&1
rxs_in_peer ping -c 3 -W 1 -s 1400 "$RXS_DUT_IP" > /dev/null 2>&1
w32 0x4704 $_far		# QDMA TX: DTX unmapped
w32 0x4604 0x00000005		# TX and RX DMA on
w32 0x4700 $((_far + 0x40))	# doorbell
w32 0x461c 0xffffffff
_st=$(r32 0x6a20)
rxs_say "after the unmapped rings: PDMA status $_st, DMA index ring 0 $(r32 0x690c)"

rxs_step "the window still reads"
_o=0
while [ "$_o" -lt $((0x40000)) ]; do
	r32 "$_o" > /dev/null || rxs_fail "devmem read $(printf '0x%x' "$_o")"
	_o=$((_o + 0x400))
done

rxs_step "quiesce, modprobe mtk_eth"
w32 0x6a28 0; w32 0x461c 0
w32 0x6a04 0; w32 0x4604 0; w32 0x7000 0; w32 0x6c08 0
modprobe mtk_eth || rxs_fail "modprobe mtk_eth failed"
rxs_dut_attach "modprobe after the garbage"
rxs_ping 3
rxs_iperf rev 2 "$RXS_SECS"
rxs_iperf fwd 2 "$RXS_SECS"
rxs_platform_irqs || rxs_fail "no interrupt lines of the DUT"
rxs_no_iface_errors

rxs_dmesg_check
