#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Model-level checks of the RTL8127 model, without a guest: QEMU runs with
# the qtest accelerator (-accel qtest -qtest stdio) and this script plays
# the CPU, writing PCI config space through the virt board's ECAM,
# registers through BAR2, descriptors and frames into guest RAM, and
# moving the virtual clock by hand (clock_step). Frames the model sends
# are captured with QEMU's filter-dump (pcap) and checked here.
#
# Each check is one fact of docs/hw/rtl8127.md (sections 4, 5, 9, 10):
#   an       a BMCR write with restart-autonegotiation: link down at once,
#            up after a delay, with LinkChg (ISR0 bit 5) raised;
#   phystate PHY OCP 0xa420 bits 2:0 read 3 once the PHY is powered up;
#   csum4    IPv4 TCP checksum request without a transport offset in
#            opts2: the frame on the wire has a correct TCP checksum;
#   csum6    IPv6 without the offset is refused (no checksum written);
#   timer    TCTR0 (0x48) / TIMER_INT0 (0x58): ISR0 bit 14 after the count;
#   patch    PHY patch request 0xb820 bit 4 -> 0xb800 bit 6, and back;
#   regs     0x0402 and 0x1000 are known registers (not logged as unknown);
#   pm       a PCI PM capability; D3hot -> D0 loses the RSS key,
#            indirection table, mitigation and queue-count registers;
#   bench    the bench-only counter window counts the frames sent;
#   window   every 32-bit word of the 64 KiB BAR2 window reads.
#
# usage: tests/bench/models/rtl8127-qtest.sh [QEMU]   (default: build.sh's)
# Prints PASS/FAIL per check; exits 1 if any check failed.
set -u

QT_NAME=rtl8127-qtest
here=$(dirname "$0")
# shellcheck source=tests/bench/models/qtest-lib.sh
. "$here/qtest-lib.sh"


qt_start -M virt,highmem=off -display none -nodefaults -serial none \
	-netdev hubport,id=n0,hubid=0 \
	-object filter-dump,id=f0,netdev=n0,file="$work/tx.pcap" \
	-device "rtl8127,netdev=n0,addr=$SLOT,mac=52:54:00:12:34:56" \
	-d unimp -D "$work/qemu.log"

w32() { q writel "$(hx $((BAR + $1)))" "$(hx $(($2)))"; }
w16() { q writew "$(hx $((BAR + $1)))" "$(hx $(($2)))"; }
w8() { q writeb "$(hx $((BAR + $1)))" "$(hx $(($2)))"; }
r32() { q readl "$(hx $((BAR + $1)))"; echo $((R)); }
r16() { q readw "$(hx $((BAR + $1)))"; echo $((R)); }
cw32() { q writel "$(hx $((CFG + $1)))" "$(hx $(($2)))"; }
cr32() { q readl "$(hx $((CFG + $1)))"; echo $((R)); }
cr16() { q readw "$(hx $((CFG + $1)))"; echo $((R)); }
cr8() { q readb "$(hx $((CFG + $1)))"; echo $((R)); }

# PHY OCP through GPHY_OCP 0xb8 (docs/hw/rtl8127.md section 3)
phy_w() { w32 0xb8 $((0x80000000 | ($1 << 15) | $2)); }
phy_r() { w32 0xb8 $(($1 << 15)); echo $(( $(r32 0xb8) & 0xffff )); }

# --- PCI setup: BAR2 at $BAR, memory decoding and bus mastering on ---
[ "$(cr16 0)" = $((0x10ec)) ] || { echo "rtl8127-qtest: no RTL8127 at slot $SLOT"; exit 2; }
rtl_pci $CFG $BAR

# --- an: restart of autonegotiation ---
w32 0x3c 0xffffffff
w32 0x38 0x20                   # IMR0: LinkChg
phy_r 0xa402 > /dev/null        # BMSR latched bits
phy_w 0xa400 0x1200             # BMCR: AN enable | restart AN
bmsr0=$(phy_r 0xa402)
isr0=$(r32 0x3c)
w32 0x3c 0xffffffff
step 1000000000                 # 1 s
bmsr1=$(phy_r 0xa402)
isr1=$(r32 0x3c)
if [ $((bmsr0 & 4)) = 0 ] && [ $((bmsr1 & 0x24)) = $((0x24)) ] &&
	[ $((isr1 & 0x20)) = $((0x20)) ]; then
	pass "an: link down at restart (BMSR $(hx "$bmsr0"), ISR0 $(hx "$isr0")), up after 1 s with LinkChg (BMSR $(hx "$bmsr1"), ISR0 $(hx "$isr1"))"
else
	fail "an: BMSR $(hx "$bmsr0") at restart, $(hx "$bmsr1") after 1 s; ISR0 after 1 s $(hx "$isr1") (want link 0 then 1, ISR0 bit 5)"
fi
w32 0x3c 0xffffffff
w32 0x38 0

# --- phystate ---
st=$(phy_r 0xa420)
if [ $((st & 7)) = 3 ]; then
	pass "phystate: 0xa420 = $(hx "$st") (bits 2:0 = 3)"
else
	fail "phystate: 0xa420 = $(hx "$st"), bits 2:0 want 3"
fi

# --- csum4 / csum6: TX checksum requests without a transport offset ---
# RX/TX ring and buffers in RAM; 16-byte descriptors (MAC OCP 0xeb58 = 0)
ring=$((RAM + 0x100000))
buf=$((RAM + 0x101000))
rtl_tx_ring $BAR $ring $buf     # TX ring 0, TxEnb
# hexadecimal frames: Ethernet, IPv4 (ihl 5), TCP SYN; checksums zero
eth='52540012345752540012345608'
ip4='450000280001000040060000c6120001c6120002'
tcp='303900500000000100000000500220000000' ; tcp="${tcp}0000"
f4="${eth}00${ip4}${tcp}"
# IPv6 (next header TCP) with the same TCP header
ip6='6000000000140640''20010db8000000000000000000000001''20010db8000000000000000000000002'
f6='52540012345752540012345686dd'"${ip6}${tcp}"

send() { rtl_send "$@"; }

# csum16 HEX: ones' complement sum of 16-bit big-endian words, folded
csum16() {
	_h=$1 _s=0
	while [ -n "$_h" ]; do
		_w=$(printf '%.4s' "$_h")
		_h=${_h#????}
		_s=$((_s + 0x$_w))
	done
	while [ $((_s >> 16)) != 0 ]; do _s=$(((_s & 0xffff) + (_s >> 16))); done
	echo "$_s"
}

# frame N of the pcap (1-based) as hex, no spaces
pcap_frame() {
	_off=24 _n=1 _sz=$(wc -c < "$work/tx.pcap")
	while [ "$_off" -lt "$_sz" ]; do
		_cap=$(od -An -tu4 -j $((_off + 8)) -N4 "$work/tx.pcap" | tr -d ' ')
		if [ "$_n" = "$1" ]; then
			od -An -tx1 -v -j $((_off + 16)) -N "$_cap" "$work/tx.pcap" | tr -d ' \n'
			return 0
		fi
		_off=$((_off + 16 + _cap))
		_n=$((_n + 1))
	done
	return 1
}

tx0=$(r32 0xf030)
send "$f4" 0x60000000           # TCP_CS | IPv4_CS, offset 0
send "$f6" 0x50000000           # TCP_CS | IPv6_CS, offset 0
tx1=$(r32 0xf030)
fr4=$(pcap_frame 1 || true)
fr6=$(pcap_frame 2 || true)
if [ -z "$fr4" ] || [ -z "$fr6" ]; then
	fail "csum4: frames not captured ($(wc -c < "$work/tx.pcap") bytes of pcap)"
else
	# IPv4 header sums to 0xffff; TCP with the pseudo header too
	iph=$(printf '%s' "$fr4" | cut -c29-68)
	tcph=$(printf '%s' "$fr4" | cut -c69-108)
	ipsum=$(csum16 "$iph")
	tsum=$(csum16 "$(printf '%s' "$iph" | cut -c25-40)0006$(printf '%04x' 20)$tcph")
	got=$(printf '%s' "$tcph" | cut -c33-36)
	if [ "$ipsum" = 65535 ] && [ "$tsum" = 65535 ] && [ "$got" != 0000 ]; then
		pass "csum4: IPv4 without offset: IP and TCP checksums right (TCP 0x$got)"
	else
		fail "csum4: IPv4 without offset: IP sum $(hx "$ipsum"), TCP sum $(hx "$tsum") (want 0xffff), TCP checksum field 0x$got"
	fi
	# TCP checksum field of the IPv6 frame: byte 14 + 40 + 16 = 70
	got6=$(printf '%s' "$fr6" | cut -c141-144)
	if [ "$got6" = 0000 ]; then
		pass "csum6: IPv6 without offset: refused, checksum field left 0"
	else
		fail "csum6: IPv6 without offset: checksum field 0x$got6 (want untouched)"
	fi
fi

# --- bench: counters of the frames just sent ---
magic=$(r32 0xf000)
if [ "$magic" = $((0x52585343)) ] && [ $((tx1 - tx0)) = 2 ]; then
	pass "bench: window magic RXSC, TX ring 0 frames $tx0 -> $tx1"
else
	fail "bench: magic $(hx "$magic"), TX ring 0 frames $tx0 -> $tx1 (want +2)"
fi

# --- timer: TCTR0 / TIMER_INT0, ISR0 bit 14 ---
w32 0x3c 0xffffffff
w32 0x58 1000                   # threshold (count units)
w32 0x48 0                      # restart the count
step 1000
isr_a=$(r32 0x3c)
cnt=$(r32 0x48)
step 100000
isr_b=$(r32 0x3c)
w32 0x58 0
if [ $((isr_a & 0x4000)) = 0 ] && [ $((isr_b & 0x4000)) = $((0x4000)) ] &&
	[ "$cnt" -gt 0 ]; then
	pass "timer: ISR0 $(hx "$isr_a") before the count (TCTR0 $cnt), $(hx "$isr_b") after"
else
	fail "timer: ISR0 $(hx "$isr_a") before, $(hx "$isr_b") after (want bit 14 only after); TCTR0 $cnt"
fi
w32 0x3c 0xffffffff

# --- patch: PHY patch request handshake ---
p0=$(phy_r 0xb800)
phy_w 0xb820 $(( $(phy_r 0xb820) | 0x10 ))
p1=$(phy_r 0xb800)
phy_w 0xb820 $(( $(phy_r 0xb820) & ~0x10 ))
p2=$(phy_r 0xb800)
if [ $((p0 & 0x40)) = 0 ] && [ $((p1 & 0x40)) = $((0x40)) ] && [ $((p2 & 0x40)) = 0 ]; then
	pass "patch: 0xb800 bit 6 follows 0xb820 bit 4 ($(hx "$p0") $(hx "$p1") $(hx "$p2"))"
else
	fail "patch: 0xb800 $(hx "$p0") / $(hx "$p1") / $(hx "$p2") (want bit 6 0, 1, 0)"
fi

# --- regs: RADMFIFO_PROTECT 0x0402 and DOUBLE_VLAN_CONFIG 0x1000 ---
w16 0x0402 0x2001
w16 0x1000 0xf002
v402=$(r16 0x0402)
v1000=$(r16 0x1000)
if [ "$v402" = $((0x2001)) ] && [ "$v1000" = $((0xf002)) ] &&
	! grep -qE 'unknown register 0x(0402|1000)' "$work/qemu.log"; then
	pass "regs: 0x0402 and 0x1000 known and kept"
else
	fail "regs: 0x0402 $(hx "$v402"), 0x1000 $(hx "$v1000"); log: $(grep -E 'unknown register 0x(0402|1000)' "$work/qemu.log" | head -n 1)"
fi

# --- pm: PCI PM capability, D3hot -> D0 loses state ---
pm=0
cap=$(cr8 0x34)
while [ "$cap" != 0 ]; do
	[ "$(cr8 "$cap")" = 1 ] && { pm=$cap; break; }
	cap=$(cr8 $((cap + 1)))
done
if [ "$pm" = 0 ]; then
	fail "pm: no PCI power management capability"
else
	w32 0x4600 0x12345678           # RSS key
	w32 0x4700 0x03020100           # indirection table
	w8 0x0a00 0x13                  # RX mitigation timer of queue 0
	w16 0x4800 0x0008               # Q_NUM_CTRL
	w32 0x4500 0x00020703           # RSS_CTRL
	pmcsr=$(cr16 $((pm + 4)))
	cw32 $((pm + 4)) $(((pmcsr & ~3) | 3))   # D3hot
	d3=$(cr16 $((pm + 4)))
	keep=$(r32 0x4600)
	cw32 $((pm + 4)) $((pmcsr & ~3))         # D0
	after="$(r32 0x4600) $(r32 0x4700) $(r32 0x0a00) $(r16 0x4800) $(r32 0x4500)"
	if [ $((d3 & 3)) = 3 ] && [ "$after" = "0 0 0 0 0" ]; then
		pass "pm: capability at $(hx "$pm"), D3hot -> D0 cleared key, table, mitigation, queue registers (key in D3hot $(hx "$keep"))"
	else
		fail "pm: capability at $(hx "$pm"), PMCSR in D3hot $(hx "$d3"); after D0: key/table/miti/qnum/ctrl = $after (want all 0)"
	fi
fi

# --- window: every 32-bit word of BAR2 reads (QEMU survives) ---
o=0
while [ "$o" -lt 65536 ]; do
	q readl "$(hx $((BAR + o)))"
	o=$((o + 4))
done
pass "window: all 16384 words of BAR2 read"

qt_end
