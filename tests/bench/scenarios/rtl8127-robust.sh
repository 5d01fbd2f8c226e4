#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Robustness of the RTL8127 model (run with --nic rtl8127): with r8169
# unbound, the guest pokes the registers directly (devmem) the way a broken
# driver could: rings, counters and doorbells aimed at unmapped bus
# addresses, out-of-range indices in every indirect window, RSS and vector
# mode garbage, reads across the register window (one word per 256 bytes
# and every word of the bench counter window; a devmem per word makes all
# 16384 too slow in the TCG guest: tests/bench/models/rtl8127-qtest.sh
# reads every word, without a guest). QEMU must survive
# (a crash ends the run without RXSCALE-RESULT) and, after r8169 is bound
# again, the NIC must work: link, ping, TCP.
. ./lib.sh

# r8169 asks for the missing PHY patch at every open: rxs_load_driver
# expects its line (1+).

rxs_setup r8169
rxs_wait_link 20
rxs_ping 3

rxs_step "unbind r8169"
_dev=/sys/bus/pci/devices/$RXS_DUT_PCI
echo "$RXS_DUT_PCI" > /sys/bus/pci/drivers/r8169/unbind || rxs_fail "unbind failed"
echo 1 > "$_dev/enable" 2>/dev/null
# memory decoding and bus mastering on, so that the DMA paths run
printf '\007\000' | dd of="$_dev/config" bs=1 seek=4 conv=notrunc 2>/dev/null ||
	rxs_fail "cannot write the command register"
# BAR2 (third line of "resource") holds the registers
_bar=$(sed -n 3p "$_dev/resource" | cut -d' ' -f1)
[ -n "$_bar" ] && [ "$_bar" != 0x0000000000000000 ] || rxs_fail "no BAR2 address"
rxs_say "registers at $_bar"

w32() { devmem $((_bar + $1)) 32 "$2" || rxs_fail "devmem write $1"; }
w16() { devmem $((_bar + $1)) 16 "$2" || rxs_fail "devmem write $1"; }
w8() { devmem $((_bar + $1)) 8 "$2" || rxs_fail "devmem write $1"; }
r32() { devmem $((_bar + $1)) 32; }

rxs_step "identity through devmem"
_txc=$(r32 0x40)
rxs_say "TxConfig $_txc"
[ $(( (_txc >> 20) & 0x7cf )) = $((0x6c9)) ] || rxs_fail "XID not 0x6c9"

rxs_step "DMA to unmapped bus addresses"
_far=0x0000fff0		# high half: 0xfff0_xxxx_xxxx, nothing mapped there
w32 0x3c 0xffffffff
w32 0x38 0
w32 0x24 $_far; w32 0x20 0x00001000		# TX ring 0
w32 0x2104 $_far; w32 0x2100 0x00002000	# TX ring 1
w32 0xe8 $_far; w32 0xe4 0x00003000		# RX ring 0
for _q in 0 1 2; do
	w32 $((0x4004 + 8 * _q)) $_far
	w32 $((0x4000 + 8 * _q)) 0x00004000
done
w32 0xf0 $(( $(r32 0xf0) & ~0x80000 ))	# RX gate off
w8 0x37 0x0c				# RX and TX on
w32 0x44 0x40c00f3f			# accept everything
w16 0x90 0x0003				# both TX doorbells
w32 0x20e4 0x04; w32 0x0d30 0x12345; w32 0x0d38 0x7fffffff	# no-close tails
w32 0x20e4 0x00
w32 0x14 $_far; w32 0x10 0x00000008	# counter dump
w32 0x10 0x00000001			# counter reset
rxs_in_peer ping -c 2 -W 1 "$RXS_DUT_IP" > /dev/null 2>&1	# RX on bad rings

rxs_step "RSS and vector-mode garbage"
w32 0x4500 0xffffffff
_i=0
while [ "$_i" -lt 40 ]; do w32 $((0x4600 + _i)) 0xdeadbeef; _i=$((_i + 4)); done
_i=0
while [ "$_i" -lt 128 ]; do w32 $((0x4700 + _i)) 0xffffffff; _i=$((_i + 4)); done
w16 0x4800 0xffff
w8 0xd8 0x02				# RxDescV4
w8 0x34 0x01				# vector mode
w32 0x0d04 0xffffffff; w32 0x0d0c 0xffffffff; w32 0x0d00 0xffffffff
w32 0x0a00 0xffffffff; w32 0x0a04 0xffffffff	# mitigation timers
rxs_in_peer ping -c 2 -W 1 "$RXS_DUT_IP" > /dev/null 2>&1
w16 0x90 0x0003

rxs_step "indirect windows"
w32 0xb0 0xffffffff; r32 0xb0 > /dev/null	# MAC OCP
w32 0xb0 0x7fff0000; r32 0xb0 > /dev/null
w32 0xb8 0x7fff0000; r32 0xb8 > /dev/null	# PHY OCP read
w32 0xb8 0xd2000800				# PHY OCP write BMCR: power down
w32 0xb8 0xd2000000				# and up again
w32 0x70 0xffffffff; w32 0x74 0xffffffff	# ERI write, all types
w32 0x74 0x0003ffff; r32 0x70 > /dev/null	# ERI read
w32 0x68 0x0000fffc; r32 0x64 > /dev/null	# CSI read past config
w32 0x80 0xffffffff; w32 0x80 0x7fff0000	# EPHY
w16 0x36 0x1000					# 16-bit write over ChipCmd

rxs_step "reads across the register window"
_o=0
while [ "$_o" -lt 65536 ]; do
	r32 "$_o" > /dev/null || rxs_fail "devmem read $_o"
	_o=$((_o + 256))
done
# the bench-only counter window, every word; writes there are ignored
_o=$((0xf000))
while [ "$_o" -lt $((0xf200)) ]; do
	r32 "$_o" > /dev/null || rxs_fail "devmem read $_o"
	_o=$((_o + 4))
done
w32 0xf000 0
[ $(($(r32 0xf000))) = $((0x52585343)) ] || rxs_fail "a write changed the bench window's magic"

rxs_step "quiesce and rebind"
w32 0x38 0; w32 0x3c 0xffffffff
w32 0x0d00 0xffffffff; w32 0x0d04 0xffffffff
w8 0x34 0x00
w8 0x37 0x10					# CmdReset
echo "$RXS_DUT_PCI" > /sys/bus/pci/drivers/r8169/bind || rxs_fail "bind failed"
rxs_dut_attach "the rebind" r8169
rxs_ping 3
rxs_iperf rev 2 5
rxs_iperf fwd 2 5
rxs_dmesg_check
