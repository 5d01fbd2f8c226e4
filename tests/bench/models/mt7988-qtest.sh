#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Model-level checks of the MT7988 frame-engine model's PDMA RX rings 0..3,
# their interrupt groups and the RSS block, without a guest: QEMU runs with
# the qtest accelerator (-accel qtest -qtest stdio) and this script plays
# the CPU. No driver here programs RSS yet, so the script does what the
# SDK's mtk_rss_init does (docs/hw/mt7988.md, "RSS block"): four RX rings,
# hash types, the key (the SDK's reversed Microsoft key), a 128-entry
# indirection table, CFG_REQ/EN, the per-ring interrupt groups. Frames come
# from the RTL8127 model on the same QEMU hub (its TX path is checked by
# rtl8127-qtest.sh). The GIC's inputs are intercepted, so the pdma0..3
# lines are seen as the interrupt controller sees them.
#
# Checks (each compares the model with something it did not compute):
#   selfcheck  this script's Toeplitz gives Microsoft's published hashes;
#   rss        every frame (IPv4/IPv6 TCP and UDP on Microsoft's vector
#              addresses and ports, more TCP flows, IPv4 ICMP, ARP) lands in
#              the ring this script computes: its own Toeplitz over the
#              enabled type's fields, table[hash & 127]; non-IP -> ring 0;
#   desc       the descriptor: DONE|LS0, the frame's length, its bytes;
#   irq        ring n's done bit 24+n in PDMA_INT_STATUS and line pdma<g>
#              high for its group g (0x6a50/54/58; none -> pdma0), low
#              after the W1C;
#   pause      with CFG_REQ set a frame waits, and arrives on release;
#   off        RSS_EN clear: every frame to ring 0;
#   lro        ring 4 with a DIP rule: in-order segments of one flow merged
#              into one buffer, flushed on PSH, out-of-order, the
#              aggregation timer, the count limit, a relinquish request, a
#              TCP header of another length and LRO off; count and flush reason in rxd6, the merged payload
#              and a valid IPv4 header, all against what this script sent;
#   txdly      QDMA TX done (bit 28, line fe1) held by the TX delay
#              interrupt until its time or packet count, at once when off;
#   unknown    a write outside the known blocks is stored and logged;
#   unmapped   a ring aimed at unmapped memory stops with a logged error,
#              QEMU stays up, the other rings work.
#
# usage: tests/bench/models/mt7988-qtest.sh [QEMU]   (default: build.sh's)
# Prints PASS/FAIL per check; exits 1 if any check failed.
set -u

QT_NAME=mt7988-qtest
here=$(dirname "$0")
# shellcheck source=tests/bench/models/qtest-lib.sh
. "$here/qtest-lib.sh"

FE=$((0x0c000000))      # the only platform device: start of the bus
SPI_BASE=112            # the platform bus's first line (QEMU virt)

args="-M virt,highmem=off,gic-version=3 -display none -nodefaults -serial none
	-netdev hubport,id=n0,hubid=0 -netdev hubport,id=n1,hubid=0
	-device rtl8127,netdev=n0,addr=$SLOT,mac=52:54:00:12:34:56
	-device mt7988-eth,netdev=n1,mac=52:54:00:12:34:57"

# The GIC's QOM path, from the same machine's composition tree (GICv3, as
# on the bench). Intercepted lines report any non-zero level as raised;
# the GIC itself keeps bit 0 only: that the model's levels are 0/1 is seen
# by the guest scenarios, not here.
# shellcheck disable=SC2086
gic=$(printf 'info qom-tree\nquit\n' |
	"$qemu" $args -accel qtest -qtest null -monitor stdio 2>/dev/null |
	sed -n 's/^ *\(\/[^ ]*\) (\(arm_gic\|arm-gicv3\))\r*$/\1/p' | head -n 1)
[ -n "$gic" ] || { echo "mt7988-qtest: no GIC in the QOM tree"; exit 2; }
case $gic in /machine/*) ;; *) gic=/machine/unattached$gic ;; esac

# shellcheck disable=SC2086
qt_start $args -d unimp,guest_errors -D "$work/qemu.log"

fw() { q writel "$(hx $((FE + $1)))" "$(hx $(($2)))"; }
fr() { q readl "$(hx $((FE + $1)))"; echo $((R)); }
mr() { q readl "$(hx $(($1)))"; echo $((R)); }
line() { eval "echo \${irq_$((SPI_BASE + $1)):-0}"; }

q irq_intercept_in "$gic"

# --- the RTL8127 as the frame source (rtl8127-qtest.sh's send) ---
rtl_pci $CFG $BAR
rtl_tx_ring $BAR $((RAM + 0x100000)) $((RAM + 0x101000))
send() { rtl_send "$1"; }

# --- this script's own Toeplitz (Microsoft's key) ---
KEY=6d5a56da255b0ec24167253d43a38fb0d0ca2bcbae7b30b477cb2da38030f20c6a42b73bbeac01fa
i=0
while [ $i -lt 40 ]; do
	eval "k$i=$((0x$(printf '%s' "$KEY" | cut -c$((2 * i + 1))-$((2 * i + 2)))))"
	i=$((i + 1))
done
for i in 40 41 42 43 44; do eval "k$i=0"; done
kb() { eval "echo \$k$1"; }
# toep HEX: the hash of the input bytes HEX, decimal
toep() {
	_h=0 _i=0 _n=$((${#1} / 2))
	while [ $_i -lt $_n ]; do
		_b=$((0x$(printf '%s' "$1" | cut -c$((2 * _i + 1))-$((2 * _i + 2)))))
		_w=$(( ($(kb $_i) << 32) | ($(kb $((_i + 1))) << 24) |
			($(kb $((_i + 2))) << 16) | ($(kb $((_i + 3))) << 8) |
			$(kb $((_i + 4))) ))
		for _bit in 7 6 5 4 3 2 1 0; do
			[ $(((_b >> _bit) & 1)) = 1 ] &&
				_h=$((_h ^ ((_w >> (_bit + 1)) & 0xffffffff)))
		done
		_i=$((_i + 1))
	done
	echo "$_h"
}

# --- the model: four rings of 8 descriptors, 2 KiB buffers ---
NDESC=8
ringbase() { echo $((RAM + 0x200000 + $1 * 0x1000)); }
bufaddr() { echo $((RAM + 0x300000 + ($1 * NDESC + $2) * 0x800)); }
n=0
while [ $n -lt 4 ]; do
	i=0
	while [ $i -lt $NDESC ]; do
		d=$(($(ringbase $n) + i * 32))
		q write "$(hx "$d")" 32 "0x$(printf '%064x' 0)"
		q writel "$(hx "$d")" "$(hx "$(bufaddr $n $i)")"
		q writel "$(hx $((d + 4)))" "$(hx $((2048 << 8)))"
		i=$((i + 1))
	done
	fw $((0x6900 + 0x10 * n)) "$(ringbase $n)"
	fw $((0x6904 + 0x10 * n)) $NDESC
	fw $((0x6908 + 0x10 * n)) $((NDESC - 1))
	n=$((n + 1))
done
fw 0x6a08 0x000f0000            # DRX0..3 = 0
fw 0x6a28 0x0f004000            # mask: per-ring done 24..27, bit 14
fw 0x6a50 $((1 << 25))          # ring 1 -> group 1 (pdma1)
fw 0x6a54 $((1 << 26))          # ring 2 -> group 2
fw 0x6a58 $((1 << 27))          # ring 3 -> group 3; ring 0: none -> pdma0

# indirection table: entry i = (i * 5 + i / 32) % 4
ind() { echo $((($1 * 5 + $1 / 32) % 4)); }
w=0
while [ $w -lt 8 ]; do
	v=0 i=0
	while [ $i -lt 16 ]; do
		v=$((v | ($(ind $((w * 16 + i))) << (2 * i))))
		i=$((i + 1))
	done
	fw $((0x7050 + 4 * w)) $v
	w=$((w + 1))
done
# key: Microsoft's reversed byte by byte, little-endian words (the SDK's)
w=0
while [ $w -lt 10 ]; do
	b0=$(kb $((39 - 4 * w))) b1=$(kb $((38 - 4 * w)))
	b2=$(kb $((37 - 4 * w))) b3=$(kb $((36 - 4 * w)))
	fw $((0x7020 + 4 * w)) $((b0 | (b1 << 8) | (b2 << 16) | (b3 << 24)))
	w=$((w + 1))
done
GLO=$((0x7700))                 # IPv4 and IPv6 types all on
fw 0x7000 $GLO
fw 0x7000 $((GLO | 4))          # CFG_REQ
fw 0x7000 $((GLO | 4 | 1))      # EN
fw 0x7000 $((GLO | 1))          # release
fw 0x6a04 0x4                   # RX_DMA_EN

# --- frames ---
h2() { printf '%02x' "$1"; }
h4() { printf '%04x' "$1"; }
ip4hex() { printf '%02x%02x%02x%02x' "$@"; }
ETH=525400123457525400123456
# v4 PROTO SRCHEX DSTHEX L4HEX
v4() {
	_l4=$4
	_tot=$((20 + ${#_l4} / 2))
	echo "${ETH}08004500$(h4 $_tot)0001000040$(h2 "$1")0000$2$3$_l4"
}
v6() {
	_l4=$4
	echo "${ETH}86dd60000000$(h4 $((${#_l4} / 2)))$(h2 "$1")40$2$3$_l4"
}
tcp() { echo "$(h4 "$1")$(h4 "$2")0000000100000000500220000000""0000"; }
udp() { echo "$(h4 "$1")$(h4 "$2")00080000"; }
icmp() { echo 0800000000010001; }

# one row per frame: NAME FRAMEHEX INPUTHEX [PUBLISHED_HASH]
rows=$work/rows
: > "$rows"
add() { echo "$1 $2 $3 ${4:-}" >> "$rows"; }
set -- \
	"66 9 149 187" "161 142 100 80" 2794 1766 0x323e8fc2 0x51ccc178 \
	"199 92 111 2" "65 69 140 83" 14230 4739 0xd718262a 0xc626b0ea \
	"24 19 198 95" "12 22 207 184" 12898 38024 0xd2d0a5de 0x5c2b394a \
	"38 27 205 30" "209 142 163 6" 48228 2217 0x82989176 0xafc7327f \
	"153 39 163 191" "202 188 127 2" 44251 1303 0x5d1809c5 0x10e828a2
r=1
while [ $# -ge 6 ]; do
	# shellcheck disable=SC2086
	s=$(ip4hex $1) d=$(ip4hex $2)
	add "v4tcp$r" "$(v4 6 "$s" "$d" "$(tcp "$3" "$4")")" "$s$d$(h4 "$3")$(h4 "$4")" "$6"
	add "v4udp$r" "$(v4 17 "$s" "$d" "$(udp "$3" "$4")")" "$s$d$(h4 "$3")$(h4 "$4")" "$6"
	add "v4icmp$r" "$(v4 1 "$s" "$d" "$(icmp)")" "$s$d" "$5"
	shift 6
	r=$((r + 1))
done
set -- \
	3ffe250102001fff0000000000000007 3ffe2501020000030000000000000001 2794 1766 0x40207d3d \
	3ffe050100080000026097fffe40efab ff020000000000000000000000000001 14230 4739 0xdde51bbf \
	3ffe1900454500030200f8fffe2167cf fe800000000000000200f8fffe2167cf 44251 38024 0x02d1feef
r=1
while [ $# -ge 5 ]; do
	s=$1
	add "v6tcp$r" "$(v6 6 "$s" "$2" "$(tcp "$3" "$4")")" "$s$2$(h4 "$3")$(h4 "$4")" "$5"
	add "v6udp$r" "$(v6 17 "$s" "$2" "$(udp "$3" "$4")")" "$s$2$(h4 "$3")$(h4 "$4")" "$5"
	shift 5
	r=$((r + 1))
done
p=0
while [ $p -lt 12 ]; do
	s=$(ip4hex 198 18 0 1) d=$(ip4hex 198 19 0 2)
	sp=$((40000 + p * 977)) dp=5201
	add "flow$p" "$(v4 6 "$s" "$d" "$(tcp $sp $dp)")" "$s$d$(h4 $sp)$(h4 $dp)"
	p=$((p + 1))
done
add arp "${ETH}0806000108000604000152540012345698120001000000000000c6120002" ""

# --- selfcheck: this script's Toeplitz on the published hashes ---
bad=0 nrow=0
while read -r name fr in pub; do
	[ -n "$pub" ] || continue
	nrow=$((nrow + 1))
	[ "$(toep "$in")" = $((pub)) ] || { bad=$((bad + 1)); echo "  $name: $(hx "$(toep "$in")") != $pub"; }
done < "$rows"
if [ $bad = 0 ]; then
	pass "selfcheck: the script's Toeplitz matches $nrow published Microsoft hashes"
else
	fail "selfcheck: $bad of $nrow published hashes differ"
fi

# --- rss, desc, irq: each frame into the ring computed here ---
drx() { fr $((0x690c + 0x10 * $1)); }
grp_line() { case $1 in 0) echo 4 ;; 1) echo 5 ;; 2) echo 6 ;; 3) echo 7 ;; esac; }
# deliver FRAMEHEX: send it, find the ring whose DMA index moved ($got,
# -1: none, -2: more than one) and the descriptor index ($gidx)
deliver() {
	_b0=$(drx 0) _b1=$(drx 1) _b2=$(drx 2) _b3=$(drx 3)
	send "$1"
	got=-1 gidx=0
	for _n in 0 1 2 3; do
		eval "_b=\$_b$_n"
		_a=$(drx $_n)
		if [ "$_a" != "$_b" ]; then
			[ $got = -1 ] && { got=$_n; gidx=$_b; } || got=-2
		fi
	done
}
# consume RING IDX: hand the descriptor back (CRX = IDX) and ack the bits
consume() {
	d=$(($(ringbase "$1") + $2 * 32))
	q writel "$(hx $((d + 4)))" "$(hx $((2048 << 8)))"
	fw $((0x6908 + 0x10 * $1)) "$2"
	fw 0x6a20 0xff004000
}
rss_bad=0 desc_bad=0 irq_bad=0 nfr=0 hits0=0 hits1=0 hits2=0 hits3=0
while read -r name fr in pub; do
	nfr=$((nfr + 1))
	if [ -n "$in" ]; then
		h=$(toep "$in")
		want=$(ind $((h & 127)))
	else
		want=0
	fi
	deliver "$fr"
	if [ "$got" != "$want" ]; then
		rss_bad=$((rss_bad + 1))
		echo "  $name: ring $got, want $want (hash $(hx "${h:-0}"))"
		[ "$got" -ge 0 ] 2>/dev/null || continue
	fi
	eval "hits$got=\$((hits$got + 1))"
	# descriptor: DONE | LS0 | len << 8, and the frame's bytes
	d=$(($(ringbase "$got") + gidx * 32))
	len=$((${#fr} / 2))
	[ $len -lt 60 ] && len=60
	rxd2=$(mr $((d + 4)))
	q read "$(hx "$(bufaddr "$got" "$gidx")")" $((${#fr} / 2))
	if [ $((rxd2 & 0xc0000000)) != $((0xc0000000)) ] ||
		[ $(((rxd2 >> 8) & 0xffff)) != $len ] || [ "$R" != "0x$fr" ]; then
		desc_bad=$((desc_bad + 1))
		echo "  $name: rxd2 $(hx "$rxd2"), want DONE|LS0|$len<<8; bytes $( [ "$R" = "0x$fr" ] && echo same || echo differ)"
	fi
	# done bit 24 + ring, the group's line high; low after the W1C
	st=$(fr 0x6a20)
	gl=$(grp_line "$got")
	if [ $((st & (1 << (24 + got)))) = 0 ] || [ "$(line "$gl")" != 1 ]; then
		irq_bad=$((irq_bad + 1))
		echo "  $name: ring $got: status $(hx "$st"), line pdma$got $(line "$gl")"
	fi
	for o in 4 5 6 7; do
		[ "$o" = "$gl" ] && continue
		[ "$(line $o)" = 1 ] && { irq_bad=$((irq_bad + 1)); echo "  $name: pdma$((o - 4)) high too"; }
	done
	consume "$got" "$gidx"
	[ "$(line "$gl")" = 0 ] || { irq_bad=$((irq_bad + 1)); echo "  $name: pdma$((gl - 4)) still high after W1C"; }
done < "$rows"
if [ $rss_bad = 0 ]; then
	pass "rss: $nfr frames each in the ring computed here (rings 0..3: $hits0 $hits1 $hits2 $hits3)"
else
	fail "rss: $rss_bad of $nfr frames in another ring than computed here"
fi
if [ $desc_bad = 0 ]; then
	pass "desc: $nfr descriptors DONE|LS0 with the frame's length and bytes"
else
	fail "desc: $desc_bad of $nfr descriptors wrong"
fi
if [ $irq_bad = 0 ]; then
	pass "irq: per-ring done bits 24..27 and lines pdma0..3 by group, low after W1C"
else
	fail "irq: $irq_bad interrupt mismatches"
fi

# --- pause: CFG_REQ holds frames back until released ---
fr1=$(sed -n 1p "$rows" | cut -d' ' -f2)
in1=$(sed -n 1p "$rows" | cut -d' ' -f3)
want=$(ind $(($(toep "$in1") & 127)))
before=$(drx "$want")
fw 0x7000 $((GLO | 4 | 1))
deliver "$fr1"
held=$got
fw 0x7000 $((GLO | 1))
after=$(drx "$want")
if [ "$held" = -1 ] && [ "$after" = $(((before + 1) % NDESC)) ]; then
	pass "pause: held while CFG_REQ was set, delivered to ring $want on release"
else
	fail "pause: while CFG_REQ: ring $held (want none); ring $want DMA index $before -> $after after release"
fi
consume "$want" "$before"

# --- off: RSS_EN clear sends everything to ring 0 ---
fw 0x7000 $GLO
off_bad=0
for k in 2 3 4 5; do
	deliver "$(sed -n "${k}p" "$rows" | cut -d' ' -f2)"
	[ "$got" = 0 ] || off_bad=$((off_bad + 1))
	[ "$got" -ge 0 ] 2>/dev/null && consume "$got" "$gidx"
done
if [ $off_bad = 0 ]; then
	pass "off: with RSS_EN clear 4 frames in ring 0"
else
	fail "off: $off_bad of 4 frames not in ring 0"
fi


# --- lro: HW LRO on ring 4 (slot 1), as the SDK's mtk_hwlro_rx_init sets
# it up, with a DIP rule for 198.18.0.2 (docs/hw/mt7988.md, "HW LRO") ---
# csum16 HEX: ones' complement sum of 16-bit big-endian words, folded
csum16() {
	_h=$1 _s=0
	[ $((${#_h} % 4)) = 2 ] && _h=${_h}00
	while [ -n "$_h" ]; do
		_w=$(printf '%.4s' "$_h")
		_h=${_h#????}
		_s=$((_s + 0x$_w))
	done
	while [ $((_s >> 16)) != 0 ]; do _s=$(((_s & 0xffff) + (_s >> 16))); done
	echo "$_s"
}
LSRC=$(ip4hex 198 18 0 1) LDST=$(ip4hex 198 18 0 2)
# seg SEQ FLAGS PAYLOADHEX [DSTHEX]: an IPv4 TCP segment with right checksums;
# SEG_OPTS (hex, a multiple of 4 bytes) adds TCP options after the header
seg() {
	_d=${4:-$LDST}
	_o=${SEG_OPTS:-}
	_t="$(h4 40000)$(h4 5201)$(printf '%08x' "$1")00000001$(h2 $(((5 + ${#_o} / 8) << 4)))$(h2 "$2")2000"
	_tl=$((20 + ${#_o} / 2 + ${#3} / 2))
	_ck=$(( 0xffff - $(csum16 "$LSRC$_d""0006$(h4 $_tl)$_t""0000""0000$_o$3") ))
	_ip="4500$(h4 $((20 + _tl)))00010000""4006""0000$LSRC$_d"
	_ipck=$(( 0xffff - $(csum16 "$_ip") ))
	echo "${ETH}0800$(printf '%.20s' "$_ip")$(h4 $_ipck)$LSRC$_d$_t$(h4 $_ck)0000$_o$3"
}
pay() { _p='' _j=0; while [ $_j -lt 100 ]; do _p="$_p$(h2 "$1")"; _j=$((_j + 1)); done; echo "$_p"; }
LBUF=$((13824))
lbufaddr() { echo $((RAM + 0x400000 + $1 * 0x4000)); }
lring=$((RAM + 0x204000))
i=0
while [ $i -lt $NDESC ]; do
	d=$((lring + i * 32))
	q write "$(hx "$d")" 32 "0x$(printf '%064x' 0)"
	q writel "$(hx "$d")" "$(hx "$(lbufaddr $i)")"
	q writel "$(hx $((d + 4)))" "$(hx $((LBUF << 8)))"
	i=$((i + 1))
done
fw 0x6940 $lring
fw 0x6944 $NDESC
fw 0x6948 $((NDESC - 1))
fw 0x6a08 0x00100000            # DRX4 = 0
fw 0x6c54 $((0xc6120002))       # DIP(1)
fw 0x6c78 $((50 << 22))         # DW1(1): age 50 (1 ms)
# DW2(1): auto-learn, RING_VLD, MYIP_VLD, agg time 10 (200 us), count low
dw2() { echo $(((3 << 6) | (1 << 8) | (1 << 9) | (10 << 10) | (($1 & 0x3f) << 26))); }
fw 0x6c7c "$(dw2 64)"
fw 0x6c80 $((64 >> 6))          # DW3(1): count high
fw 0x6c08 $((1 | (1 << 23)))    # LRO_EN, PSH flush
fw 0x7000 $GLO                  # RSS off: the rest to ring 0
fw 0x6a04 $((0x4 | 0x100))      # RX DMA and LRO on
fw 0x6a28 0xff004000
lbad=0
lidx=0
# lro_expect WHAT COUNT REASON SEQ0 FIRSTBYTE...: the next ring 4 descriptor
# holds COUNT segments from SEQ0 with payloads of the given pattern bytes
# (behind a TCP header of LRO_THL bytes, default 20)
lro_expect() {
	_what=$1 _cnt=$2 _rsn=$3 _seq=$4
	_thl=${LRO_THL:-20}
	shift 4
	_pl=
	for _pb in "$@"; do _pl="$_pl$(pay "$_pb")"; done
	_len=$((14 + 20 + _thl + ${#_pl} / 2))
	_d=$((lring + lidx * 32))
	_r2=$(mr $((_d + 4)))
	_r6=$(mr $((_d + 20)))
	if [ "$(fr 0x694c)" != $(((lidx + 1) % NDESC)) ] ||
		[ $((_r2 & 0x80000000)) = 0 ] || [ $(((_r2 >> 8) & 0xffff)) != $_len ] ||
		[ $(((_r6 >> 16) & 0xff)) != "$_cnt" ] || [ $((_r6 & 7)) != "$_rsn" ]; then
		lbad=$((lbad + 1))
		echo "  lro $_what: DRX4 $(fr 0x694c) (want $(((lidx + 1) % NDESC))), rxd2 $(hx "$_r2") (want DONE, length $_len), rxd6 $(hx "$_r6") (want count $_cnt, reason $_rsn)"
	else
		q read "$(hx $(($(lbufaddr $lidx) + 34 + _thl)))" $((${#_pl} / 2))
		[ "$R" = "0x$_pl" ] || { lbad=$((lbad + 1)); echo "  lro $_what: payload differs"; }
		q read "$(hx $(($(lbufaddr $lidx) + 14)))" 20
		_ih=${R#0x}
		if [ "$(csum16 "$_ih")" != 65535 ] ||
			[ "$(printf '%s' "$_ih" | cut -c5-8)" != "$(h4 $((_len - 14)))" ]; then
			lbad=$((lbad + 1))
			echo "  lro $_what: IPv4 header $_ih (length or checksum)"
		fi
		q read "$(hx $(($(lbufaddr $lidx) + 38)))" 4
		[ $((R)) = $((_seq)) ] || { lbad=$((lbad + 1)); echo "  lro $_what: sequence $R, want $_seq"; }
	fi
	q writel "$(hx $((_d + 4)))" "$(hx $((LBUF << 8)))"
	fw 0x6948 $lidx
	fw 0x6a20 0xff004000
	lidx=$(((lidx + 1) % NDESC))
}
lro_none() {
	[ "$(fr 0x694c)" = $lidx ] || { lbad=$((lbad + 1)); echo "  lro $1: a descriptor was written early"; }
}
seq=1000
# in order, flushed by PSH: 5 segments in one buffer
for k in 1 2 3 4; do send "$(seg $((seq + (k - 1) * 100)) 0x10 "$(pay $k)")"; done
lro_none "psh (before)"
send "$(seg $((seq + 400)) 0x18 "$(pay 5)")"
lro_expect psh 5 1 $seq 1 2 3 4 5
# out of order: the pending one flushed (reason 3), the new one by the timer
seq=2000
send "$(seg $seq 0x10 "$(pay 6)")"
send "$(seg $((seq + 300)) 0x10 "$(pay 7)")"
lro_expect out-of-order 1 3 $seq 6
lro_none "timer (before)"
step 300000                     # 300 us > the 200 us aggregation time
lro_expect timer 1 2 $((seq + 300)) 7
# the count limit: 3
fw 0x6c7c "$(dw2 3)"
fw 0x6c80 0
seq=3000
for k in 1 2 3; do send "$(seg $((seq + (k - 1) * 100)) 0x10 "$(pay $((k + 7)))")"; done
lro_expect count 3 1 $seq 8 9 10
# relinquish: slot 1's request bit 24 flushes, done bit 28 set
fw 0x6c7c "$(dw2 64)"
fw 0x6c80 1
seq=4000
send "$(seg $seq 0x10 "$(pay 11)")"
send "$(seg $((seq + 100)) 0x10 "$(pay 12)")"
lro_none "relinquish (before)"
fw 0x6c08 $((1 | (1 << 23) | (1 << 24)))
lro_expect relinquish 2 2 $seq 11 12
[ $(($(fr 0x6c08) & (1 << 28))) != 0 ] || { lbad=$((lbad + 1)); echo "  lro relinquish: done bit 28 not set"; }
# another destination: not LRO, ring 0
b0=$(drx 0)
send "$(seg 5000 0x10 "$(pay 13)" "$(ip4hex 198 18 0 3)")"
if [ "$(drx 0)" != $(((b0 + 1) % NDESC)) ] || [ "$(fr 0x694c)" != $lidx ]; then
	lbad=$((lbad + 1))
	echo "  lro: a segment to another address did not go to ring 0"
fi
consume 0 "$b0"
# a TCP header of another length (12 bytes of options, NOPs) cannot join
# the aggregate (its payload would sit behind the first one's data
# offset): the pending one flushed (reason 1), the new one by the timer
seq=5500
send "$(seg $seq 0x10 "$(pay 16)")"
send "$(SEG_OPTS=010101010101010101010101 seg $((seq + 100)) 0x10 "$(pay 17)")"
lro_expect header-length 1 1 $seq 16
lro_none "header-length timer (before)"
step 300000
LRO_THL=32
lro_expect header-length-timer 1 2 $((seq + 100)) 17
LRO_THL=
# LRO switched off: what is pending is flushed
seq=6000
send "$(seg $seq 0x10 "$(pay 14)")"
send "$(seg $((seq + 100)) 0x10 "$(pay 15)")"
fw 0x6a04 0x4
lro_expect disable 2 2 $seq 14 15
if [ $lbad = 0 ]; then
	pass "lro: PSH (5 segments), out-of-order, timer, count limit, relinquish, other DIP, TCP header length, disable: counts, reasons, lengths, payloads, IPv4 headers as computed here"
else
	fail "lro: $lbad mismatches"
fi


# --- txdly: QDMA TX done (bit 28, line fe1) held by the TX delay interrupt
# (0x460c: enable 31, packets 30:24, time 23:16 in 20 us units) ---
txd=$((RAM + 0x500000))
txf=$((RAM + 0x510000))
q write "$(hx $txf)" 60 "0x$(v4 17 "$(ip4hex 198 18 0 2)" "$(ip4hex 198 18 0 1)" "$(udp 7 9)")"
i=0
while [ $i -lt 8 ]; do
	d=$((txd + i * 32))
	q write "$(hx $d)" 32 "0x$(printf '%064x' 0)"
	q writel "$(hx $d)" "$(hx $txf)"
	q writel "$(hx $((d + 4)))" "$(hx $((txd + ((i + 1) % 8) * 32)))"
	i=$((i + 1))
done
tnext=0
# txsend: one frame (one descriptor, LS0, 60 bytes) and the doorbell
txsend() {
	d=$((txd + tnext * 32))
	q writel "$(hx $((d + 8)))" "$(hx $(((1 << 30) | (60 << 8))))"
	tnext=$(((tnext + 1) % 8))
	fw 0x4700 $((txd + tnext * 32))
}
fw 0x4704 $txd                  # DTX
fw 0x4700 $txd                  # CTX: nothing to send
fw 0x461c $((1 << 28))          # TX done unmasked
fw 0x460c $(((1 << 31) | (3 << 24) | (5 << 16)))   # 3 frames or 100 us
fw 0x4604 1                     # TX DMA on
tbad=0
txdone() { echo "$((($(fr 0x4618) >> 28) & 1))$(line 1)"; }
txsend
[ "$(txdone)" = 00 ] || { tbad=$((tbad + 1)); echo "  txdly: done at once with 3 frames / 100 us set"; }
step 60000
[ "$(txdone)" = 00 ] || { tbad=$((tbad + 1)); echo "  txdly: done after 60 us"; }
step 50000
[ "$(txdone)" = 11 ] || { tbad=$((tbad + 1)); echo "  txdly: not done (status, fe1: $(txdone)) after 110 us"; }
fw 0x4618 $((1 << 28))
[ "$(txdone)" = 00 ] || { tbad=$((tbad + 1)); echo "  txdly: still raised after W1C"; }
txsend; txsend
[ "$(txdone)" = 00 ] || { tbad=$((tbad + 1)); echo "  txdly: done after 2 of 3 frames"; }
txsend
[ "$(txdone)" = 11 ] || { tbad=$((tbad + 1)); echo "  txdly: not done at the third frame"; }
fw 0x4618 $((1 << 28))
fw 0x460c 0                     # delay off: at once
txsend
[ "$(txdone)" = 11 ] || { tbad=$((tbad + 1)); echo "  txdly: not done at once with the delay off"; }
fw 0x4618 $((1 << 28))
[ $(($(mr $((txd + 8))) >> 31)) = 1 ] || { tbad=$((tbad + 1)); echo "  txdly: first descriptor not handed back"; }
if [ $tbad = 0 ]; then
	pass "txdly: TX done held until 100 us, or 3 frames; at once with the delay off"
else
	fail "txdly: $tbad mismatches"
fi

# --- unknown: a write outside the known blocks is stored and logged as
# unimplemented; a known register is not logged ---
fw 0x8000 0x12345678
fw 0x6a54 0
if [ "$(fr 0x8000)" = $((0x12345678)) ] &&
	grep -q 'unknown register 0x08000' "$work/qemu.log" &&
	! grep -q 'unknown register 0x06a54' "$work/qemu.log"; then
	pass "unknown: 0x8000 stored and logged (LOG_UNIMP), 0x6a54 not logged"
else
	fail "unknown: 0x8000 reads $(hx "$(fr 0x8000)"); log: $(grep -c 'unknown register' "$work/qemu.log") unknown-register lines"
fi

# --- unmapped: ring 0 aimed at memory that is not there stops with a
# logged error, QEMU stays up, ring 2 still takes frames ---
fw 0x6a04 0x4                   # LRO off; RSS is off: ring 0
fw 0x6900 $((0xfff00000))
d0=$(drx 0)
send "$(sed -n 2p "$rows" | cut -d' ' -f2)"
send "$(sed -n 3p "$rows" | cut -d' ' -f2)"
n_err=$(grep -c 'PDMA RX ring 0 descriptor unreadable' "$work/qemu.log")
fw 0x7000 $((GLO | 1))          # RSS on, table: ring 2 for entry 2 ...
w=0
while [ $w -lt 8 ]; do fw $((0x7050 + 4 * w)) $((0xaaaaaaaa)); w=$((w + 1)); done
b2=$(drx 2)
send "$(sed -n 4p "$rows" | cut -d' ' -f2)"
if [ "$(drx 0)" = "$d0" ] && [ "$n_err" = 1 ] && [ "$(drx 2)" = $(((b2 + 1) % NDESC)) ]; then
	pass "unmapped: ring 0 stopped with one guest-error line, QEMU up, ring 2 still receives"
else
	fail "unmapped: ring 0 index $d0 -> $(drx 0), $n_err error lines (want 1), ring 2 index $b2 -> $(drx 2)"
fi

qt_end
