#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The RZ/G2L GbEth model's error paths (run with
# --nic rzg2l-gbeth,rx-drop-full=on --append iomem=relaxed --append mem=1008M):
#  1. the drop path: with ravb's interrupt deferred for a second at a time
#     (gro_flush_timeout 1 s, napi_defer_hard_irqs 100) a UDP stream from
#     the peer fills RX queue 0; the model drops (rx-drop-full=on, as the
#     hardware) and raises RIS2.QFF0, which ravb counts once per error
#     interrupt in rx_queue_0_over_errors (ethtool -S) and rx_over_errors.
#     Checked against the model's own counts (drops, QFF0 raises) and the
#     peer's (frames sent = written + dropped + gated + filtered);
#  2. with ravb unbound, the guest pokes the model directly (devmem) as a
#     broken driver could: unknown registers (accepted, stored or ignored,
#     counted by the model), descriptor tables, descriptors and buffers at
#     unmapped bus addresses and at the device's own registers, a LINKFIX
#     loop, then garbage written over the whole register window (every
#     word of the register file, one word per 256 bytes beyond it, every
#     word of the bench window) and read back. QEMU must survive (a crash
#     ends the run without RXSCALE-RESULT); the model counts the failed DMA
#     and the unknown accesses;
#  3. the reset asserted (as ravb_remove leaves it), ravb binds again and
#     works: link, ping, TCP both ways, a clean kernel log.
# The scratch RAM for descriptors (top 16 MiB of the default 1 GiB) is
# kept from the kernel by mem=1008M, so devmem may write it.
. ./lib.sh

RXS_DROP_SECS=${RXS_DROP_SECS:-4}
RXS_SECS=${RXS_SECS:-3}

[ "${RXS_DUT_BUS:-pci}" = platform ] ||
	rxs_fail "run with --nic rzg2l-gbeth,rx-drop-full=on (a platform DUT), not '$RXS_NIC'"
case ",$RXS_NIC," in
*,rx-drop-full=on,*) ;;
*) rxs_fail "run with --nic rzg2l-gbeth,rx-drop-full=on (the drop path), not '$RXS_NIC'" ;;
esac

_devname=$(basename "$RXS_DUT_DEVPATH")
_base=$((0x${_devname%%.*}))
# the reset-simple word (the device tree's unit address is relative to
# the platform bus; the device's name holds the CPU address)
_rst=$(ls -d /sys/bus/platform/devices/*.reset-controller 2>/dev/null | head -n 1)
[ -n "$_rst" ] || rxs_fail "no reset-controller platform device"
_rst=$(basename "$_rst")
_rst=$((0x${_rst%%.*}))
_scr=$((0x7f000000))	# scratch RAM the kernel does not use (mem=1008M)
_far=$((0x0f000000))	# nothing is mapped there on virt
grep -q 'mem=1008M' /proc/cmdline ||
	rxs_fail "run with --append mem=1008M (scratch RAM at 0x7f000000)"

w32() { devmem $((_base + $1)) 32 $(($2)) || rxs_fail "devmem write $1"; }
r32() { _rv=$(devmem $((_base + $1)) 32) || rxs_fail "devmem read $1"; echo $((_rv)); }
m32() { devmem $(($1)) 32 $(($2)) || rxs_fail "devmem write of scratch $1"; }
# desc ADDR DIE_DT DS DPTR: an 8-byte descriptor (ds, cc 0, die_dt, dptr)
desc() { m32 "$1" $(($2 * 0x1000000 + $3)); m32 $(($1 + 4)) "$4"; }
cnt() { rxs_gbeth_count "$1"; }

rxs_setup
rxs_wait_link 20
rxs_ping 3
[ "$(cnt magic)" = $((0x52585343)) ] ||
	rxs_fail "no bench window in the model's registers (iomem=relaxed?)"

# ---- 1. the drop path ------------------------------------------------------
ostat() {
	ethtool -S "$RXS_DUT" | awk '$1 == "rx_queue_0_over_errors:" { print $2; f = 1 } END { if (!f) print "none" }'
}
rxs_step "RX queue full: the model drops, ravb counts"
_gft=$(cat "/sys/class/net/$RXS_DUT/gro_flush_timeout")
_ndh=$(cat "/sys/class/net/$RXS_DUT/napi_defer_hard_irqs")
iperf3 -s -1 -D -B "$RXS_DUT_IP" --logfile /tmp/iperf3-drop.log || rxs_fail "iperf3 server"
_w=0
until ss -Hltn "sport = :5201" | grep -q . || [ "$_w" -ge 50 ]; do sleep 0.1; _w=$((_w + 1)); done
sleep 2
_o0=$(ostat) _s0=$(cat "/sys/class/net/$RXS_DUT/statistics/rx_over_errors")
_d0=$(cnt rx_dropped_full) _q0=$(cnt rx_qff_raised) _f0=$(cnt rx_frames)
_g0=$(cnt rx_gated) _l0=$(cnt rx_filtered) _n0=$(cat "/sys/class/net/$RXS_DUT/statistics/rx_packets")
_p0=$(rxs_peer_stat tx_packets)
[ "$_o0" != none ] || rxs_fail "ethtool -S $RXS_DUT has no rx_queue_0_over_errors"
# the deferral: after a poll with work, NAPI keeps the interrupt masked and
# polls again from a 1 s timer (napi_complete_done), so 1024 descriptors
# fill between polls
echo 1000000000 > "/sys/class/net/$RXS_DUT/gro_flush_timeout"
echo 100 > "/sys/class/net/$RXS_DUT/napi_defer_hard_irqs"
rxs_in_peer timeout $((RXS_DROP_SECS + 40)) iperf3 -c "$RXS_DUT_IP" -B "$RXS_PEER_IP" -u -b 200M -l 1200 \
	-t "$RXS_DROP_SECS" -f m > /tmp/iperf3-drop.txt 2>&1 ||
	{ cat /tmp/iperf3-drop.txt; rxs_fail "iperf3 -u from the peer failed"; }
grep -E 'sender|receiver' /tmp/iperf3-drop.txt | tail -n 2
echo "$_gft" > "/sys/class/net/$RXS_DUT/gro_flush_timeout"
echo "$_ndh" > "/sys/class/net/$RXS_DUT/napi_defer_hard_irqs"
sleep 3
_o1=$(ostat) _s1=$(cat "/sys/class/net/$RXS_DUT/statistics/rx_over_errors")
_d1=$(cnt rx_dropped_full) _q1=$(cnt rx_qff_raised) _f1=$(cnt rx_frames)
_g1=$(cnt rx_gated) _l1=$(cnt rx_filtered) _n1=$(cat "/sys/class/net/$RXS_DUT/statistics/rx_packets")
_p1=$(rxs_peer_stat tx_packets)
_md=$((_d1 - _d0)) _mq=$((_q1 - _q0)) _mf=$((_f1 - _f0)) _od=$((_o1 - _o0)) _sd=$((_s1 - _s0))
_acc=$((_mf + _md + _g1 - _g0 + _l1 - _l0))
rxs_say "model: $_mf frames written, $_md dropped (queue full) in $_mq QFF0 raises; peer sent $((_p1 - _p0)), model accounts for $_acc"
rxs_say "ravb: rx_queue_0_over_errors +$_od, rx_over_errors +$_sd, rx_packets +$((_n1 - _n0))"
echo "RXSCALE-DROP: model_dropped=$_md model_qff=$_mq ravb_over_errors=$_od rx_over_errors=$_sd"
[ "$_md" -gt 0 ] || rxs_fail "drop path: the model dropped nothing (the queue never filled)"
[ "$_mq" -gt 0 ] && [ "$_mq" -le "$_md" ] ||
	rxs_fail "drop path: $_mq QFF0 raises for $_md dropped frames"
[ "$_od" = "$_mq" ] ||
	rxs_fail "drop path: ravb counted $_od queue-full errors (rx_queue_0_over_errors), the model raised QFF0 $_mq times"
[ "$_sd" = "$_od" ] ||
	rxs_fail "drop path: rx_over_errors +$_sd, rx_queue_0_over_errors +$_od"
rxs_within $((_p1 - _p0)) "$_acc" 5 ||
	rxs_fail "drop path: the peer sent $((_p1 - _p0)) frames, the model accounts for $_acc"
rxs_within "$_mf" $((_n1 - _n0)) 5 ||
	rxs_fail "drop path: the model wrote $_mf frames, ravb counted $((_n1 - _n0))"
rxs_ping 3

# ---- 2. a broken driver --------------------------------------------------
rxs_step "unbind ravb"
echo "$_devname" > /sys/bus/platform/drivers/ravb/unbind || rxs_fail "unbind failed"
_rw=$(devmem "$_rst" 32)
rxs_say "registers at $(printf 0x%x "$_base"), reset word at $(printf 0x%x "$_rst") = $_rw"
[ $((_rw & 1)) = 1 ] || rxs_fail "ravb_remove left the reset deasserted (word $_rw)"
# held in reset, the model ignores writes (docs/hw/rzg2l-gbeth.md)
w32 0x004 0x12345670
[ "$(r32 0x004)" = 0 ] || rxs_fail "a write to DBAT took effect while held in reset"
devmem "$_rst" 32 0 || rxs_fail "cannot deassert the reset"

rxs_step "unknown registers: accepted, stored or ignored, counted"
_u0=$(cnt unknown_access)
w32 0x7f0 0x12345678		# inside the register file, no register there
w32 0x2000 0xdeadbeef		# beyond the register file
[ "$(r32 0x7f0)" = $((0x12345678)) ] || rxs_fail "unknown register 0x7f0 not stored"
[ "$(r32 0x2000)" = 0 ] || rxs_fail "0x2000 (no register) does not read 0"
_u1=$(cnt unknown_access)
rxs_say "the model counted $((_u1 - _u0)) unknown accesses (2 writes, 2 reads)"
[ $((_u1 - _u0)) = 4 ] || rxs_fail "the model counted $((_u1 - _u0)) unknown accesses, not 4"

rxs_step "descriptors and buffers at unmapped bus addresses"
_e0=$(cnt dma_errors)
# DBAT: TX queue 0 (entry 0) and RX queue 0 (entry 4) LINKFIX into scratch
desc $_scr 0x90 0 $((_scr + 0x100))
desc $((_scr + 0x20)) 0x90 0 $((_scr + 0x200))
# TX: a frame whose buffer is unmapped, then a LINKFIX to an unmapped ring
desc $((_scr + 0x100)) 0x70 100 $_far
desc $((_scr + 0x108)) 0x90 0 $_far
# RX: two empty buffers at unmapped addresses, looped by a LINKFIX
desc $((_scr + 0x200)) 0xc0 1500 $_far
desc $((_scr + 0x208)) 0xc0 1500 $((_far + 0x1000))
desc $((_scr + 0x210)) 0x90 0 $((_scr + 0x200))
w32 0x000 1			# CCC: CONFIG
w32 0x004 $_scr			# DBAT
w32 0x508 $((8192 + 4))		# RFLR
w32 0x000 2			# CCC: OPERATION (heads loaded from the DBAT)
w32 0x500 0x61			# ECMR: PRM, TE, RE
w32 0x800 0x30; w32 0x808 0x00700070	# checksum trailer on
w32 0x360 1; w32 0x378 1	# RIC0, TIC
w32 0x304 1			# TCCR.TSRQ0: send from the unmapped buffer
rxs_in_peer ping -c 2 -W 1 "$RXS_DUT_IP" > /dev/null 2>&1	# ARP into RX
w32 0x304 1			# again: now the ring is LINKFIX -> unmapped
rxs_say "frames into unmapped RX buffers and from an unmapped TX buffer: dma_errors +$(($(cnt dma_errors) - _e0))"
# the table itself unmapped, then at the device's own registers (its DMA
# reaching its own MMIO: QEMU's re-entrancy guard refuses it)
for _t in $_far $((_base + 0xf000)) $((_base + 0x000)); do
	w32 0x000 1; w32 0x004 "$_t"; w32 0x000 2; w32 0x304 1
done
# a TX ring that is one LINKFIX to itself (the walk is bounded)
desc $_scr 0x90 0 $((_scr + 0x300))
desc $((_scr + 0x300)) 0x90 0 $((_scr + 0x300))
w32 0x000 1; w32 0x004 $_scr; w32 0x000 2; w32 0x304 1
rxs_in_peer ping -c 1 -W 1 "$RXS_DUT_IP" > /dev/null 2>&1
_e1=$(cnt dma_errors)
rxs_say "the model counted $((_e1 - _e0)) failed DMA accesses"
[ $((_e1 - _e0)) -ge 4 ] || rxs_fail "the model counted $((_e1 - _e0)) failed DMA accesses, expected at least 4"

rxs_step "garbage over the whole register window"
_u0=$(cnt unknown_access)
_nb=0
# wbeyond FIRST LAST STEP VALUE: writes past the register file
wbeyond() {
	_o=$(($1))
	while [ "$_o" -le $(($2)) ]; do
		w32 "$_o" "$4"
		_nb=$((_nb + 1))
		_o=$((_o + $3))
	done
}
# every word of the register file once, the values taking turns (a devmem
# per word: all 16384 words of the window would take minutes in TCG)
_o=0
while [ "$_o" -lt $((0x810)) ]; do
	case $(((_o / 4) % 3)) in
	0) w32 "$_o" 0xffffffff ;;
	1) w32 "$_o" 0x5a5aa5a5 ;;
	*) w32 "$_o" 0 ;;
	esac
	_o=$((_o + 4))
done
# each write beyond the register file (the bench window included) is one
# unknown access of the model, and nothing else touches it meanwhile
_ub0=$(cnt unknown_access)
wbeyond 0x810 0xef10 0x100 0xffffffff
wbeyond 0xf000 0xf0fc 4 0xffffffff		# the bench window: ignored
wbeyond 0xf100 0xff00 0x100 0xa5a5a5a5
_ub1=$(cnt unknown_access)
devmem $((_rst + 4)) 32 0xffffffff 2>/dev/null	# beyond the reset word
[ "$(cnt magic)" = $((0x52585343)) ] || rxs_fail "a write changed the bench window"
_o=0
while [ "$_o" -lt $((0x10000)) ]; do
	r32 "$_o" > /dev/null
	if [ "$_o" -lt $((0x810)) ]; then _o=$((_o + 8)); else _o=$((_o + 0x100)); fi
done
_u1=$(cnt unknown_access)
rxs_say "$_nb writes beyond the register file, the model counted $((_ub1 - _ub0)) unknown accesses for them ($((_u1 - _u0)) over the whole garbage step, reads included); dma_errors now $(cnt dma_errors)"
[ $((_ub1 - _ub0)) = "$_nb" ] ||
	rxs_fail "the model counted $((_ub1 - _ub0)) unknown accesses for $_nb writes beyond its registers"

# ---- 3. ravb again --------------------------------------------------------
rxs_step "reset asserted (as ravb_remove leaves it), ravb binds again"
devmem "$_rst" 32 1 || rxs_fail "cannot assert the reset"
echo "$_devname" > /sys/bus/platform/drivers/ravb/bind || rxs_fail "bind failed"
rxs_dut_attach "bind after the garbage"
rxs_ping 3
rxs_iperf fwd 4 "$RXS_SECS"
rxs_iperf rev 4 "$RXS_SECS"
rxs_dmesg_check
