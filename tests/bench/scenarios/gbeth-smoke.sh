#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rxscale's rzg2l_gbeth on the RZ/G2L GbEth model (run with --nic
# rzg2l-gbeth --monitor --append iomem=relaxed --module core/rxscale_core.ko
# --module ravb/rzg2l_gbeth.ko, on --smp 1 as the single-core RZ/G2UL):
# probe from the device tree QEMU writes (reset-simple reset, fixed clocks,
# genphy over the PIR bit-banged MDIO bus), the 1000 Mb/s link, threaded
# NAPI on by default on one CPU and the software IRQ coalescing values in
# sysfs (both switchable), ping, TCP with 4 streams each way, UDP each way,
# frames above one RX buffer (multi-descriptor, assembled as fragments),
# the frame counts against the model's own and the peer's, ethtool -i/-S/
# -g/-G/-k/-K with refusals that change nothing, link down/up from QEMU's
# monitor, rmmod/modprobe cycles (no unbind needed, unlike ravb), and a
# kernel log with nothing at warning level but the lines named here.
. ./lib.sh

RXS_SECS=${RXS_SECS:-5}
RXS_UDP_SECS=${RXS_UDP_SECS:-3}
RXS_CYCLES=${RXS_CYCLES:-3}
DRV=rzg2l_gbeth

[ "${RXS_DUT_BUS:-pci}" = platform ] ||
	rxs_fail "run with --nic rzg2l-gbeth (a platform DUT), not '$RXS_NIC'"

rxs_setup "$DRV"
rxs_wait_link 20
rxs_say "boot to link-up: $(cut -d' ' -f1 /proc/uptime) s of guest uptime"
sysd=/sys/class/net/$RXS_DUT

# ---- identity -------------------------------------------------------------
rxs_step "identity"
_of=$(tr '\0' ' ' < "$RXS_DUT_DEVPATH/of_node/compatible")
[ "$_of" = "renesas,r9a07g044-gbeth renesas,rzg2l-gbeth " ] ||
	rxs_fail "device tree compatible '$_of'"
[ "$(cat "$sysd/address")" = "$RXS_DUT_MAC" ] ||
	rxs_fail "MAC $(cat "$sysd/address"), not local-mac-address $RXS_DUT_MAC"
_phydrv=$(basename "$(readlink -f "$sysd/phydev/driver")")
case $_phydrv in
*[Gg]eneric*) ;;
*) rxs_fail "PHY bound to '$_phydrv', not genphy" ;;
esac
_speed=$(ethtool "$RXS_DUT" | sed -n 's/^[[:space:]]*Speed: //p')
[ "$_speed" = 1000Mb/s ] || rxs_fail "link speed '$_speed', expected 1000Mb/s"
ethtool -i "$RXS_DUT" > /tmp/ethi.txt || rxs_fail "ethtool -i failed"
grep -qx "driver: $DRV" /tmp/ethi.txt || { cat /tmp/ethi.txt; rxs_fail "ethtool -i: driver"; }
grep -qx "bus-info: $(basename "$RXS_DUT_DEVPATH")" /tmp/ethi.txt ||
	{ cat /tmp/ethi.txt; rxs_fail "ethtool -i: bus-info"; }
rxs_say "compatible '$_of', PHY $_phydrv, $_speed, ethtool -i driver $DRV"

# ---- the model's own counts (docs/hw/rzg2l-gbeth.md, bench-only window) --
[ "$(rxs_gbeth_count magic)" = $((0x52585343)) ] ||
	rxs_fail "no bench window in the model's registers (run with --append iomem=relaxed)"
_dev=$(basename "$RXS_DUT_DEVPATH")
count_snap() {
	sleep 2
	eval "$1_mrx=$(rxs_gbeth_count rx_frames) $1_mdrop=$(rxs_gbeth_count rx_dropped_full)"
	eval "$1_mgate=$(rxs_gbeth_count rx_gated) $1_mfilt=$(rxs_gbeth_count rx_filtered)"
	eval "$1_mtx=$(rxs_gbeth_count tx_frames) $1_mirq=$(rxs_gbeth_count irq_raised)"
	eval "$1_drx=$(cat "$sysd/statistics/rx_packets") $1_dtx=$(cat "$sysd/statistics/tx_packets")"
	eval "$1_erx=$(rxs_ethtool_stat rx0_packets) $1_etx=$(rxs_ethtool_stat tx0_packets)"
	eval "$1_kirq=$(rxs_irq_total "$RXS_DUT")"
	eval "$1_ptx=$(rxs_peer_stat tx_packets) $1_prx=$(rxs_peer_stat rx_packets)"
}
# frames the peer sent = the model wrote + dropped + gated + filtered; the
# model wrote = the driver's rx_packets (= ethtool rx0_packets, read a
# moment later); the driver sent = the model sent = the peer received;
# kernel interrupts = model edges. 5 frames of slack for ARP/ND and late
# ACKs between the reads.
count_check() {
	_a=$2 _b=$3
	rxs_step "$1: the driver's counts against the model's and the peer's"
	d() { eval "echo \$((${_b}_$1 - ${_a}_$1))"; }
	rxs_say "peer sent $(d ptx), model wrote $(d mrx) (+$(d mdrop) queue full, $(d mgate) gated, $(d mfilt) filtered), rx_packets $(d drx), rx0_packets $(d erx)"
	rxs_say "tx_packets $(d dtx), tx0_packets $(d etx), model sent $(d mtx), peer received $(d prx)"
	rxs_say "interrupts: model raised $(d mirq), kernel counted $(d kirq)"
	[ "$(d mrx)" -gt 100 ] || rxs_fail "$1: the model wrote only $(d mrx) frames"
	rxs_within "$(d ptx)" $(($(d mrx) + $(d mdrop) + $(d mgate) + $(d mfilt))) 5 ||
		rxs_fail "$1: the peer sent $(d ptx) frames, the model accounts for $(($(d mrx) + $(d mdrop) + $(d mgate) + $(d mfilt)))"
	rxs_within "$(d mrx)" "$(d drx)" 5 ||
		rxs_fail "$1: the model wrote $(d mrx) frames, the driver counted $(d drx)"
	rxs_within "$(d drx)" "$(d erx)" 5 ||
		rxs_fail "$1: rx_packets $(d drx), ethtool rx0_packets $(d erx)"
	rxs_within "$(d dtx)" "$(d etx)" 5 ||
		rxs_fail "$1: tx_packets $(d dtx), ethtool tx0_packets $(d etx)"
	rxs_within "$(d dtx)" "$(d mtx)" 5 ||
		rxs_fail "$1: the driver sent $(d dtx) frames, the model $(d mtx)"
	rxs_within "$(d mtx)" "$(d prx)" 5 ||
		rxs_fail "$1: the model sent $(d mtx) frames, the peer received $(d prx)"
	rxs_within "$(d mirq)" "$(d kirq)" 3 ||
		rxs_fail "$1: the model raised $(d mirq) interrupts, the kernel counted $(d kirq)"
}

# ---- NAPI policy: threaded on one CPU, software IRQ coalescing -----------
rxs_step "NAPI defaults"
_thr=$(cat "$sysd/threaded")
_gft=$(cat "$sysd/gro_flush_timeout")
_ndh=$(cat "$sysd/napi_defer_hard_irqs")
rxs_say "threaded $_thr on $(nproc) CPU(s), gro_flush_timeout $_gft, napi_defer_hard_irqs $_ndh"
if [ "$(nproc)" = 1 ]; then
	[ "$_thr" = 1 ] || rxs_fail "threaded NAPI off on one CPU"
	grep -h '^napi/' /proc/[0-9]*/comm 2>/dev/null | grep -q "^napi/$RXS_DUT-" ||
		rxs_fail "threaded NAPI on, but no napi/$RXS_DUT- thread"
else
	[ "$_thr" = 0 ] || rxs_fail "threaded NAPI on with $(nproc) CPUs"
fi
# PREEMPT_RT kernels keep the kernel's defaults (0, 0)
if uname -v | grep -q PREEMPT_RT; then
	[ "$_gft" = 0 ] && [ "$_ndh" = 0 ] || rxs_fail "coalescing on under PREEMPT_RT"
else
	[ "$_gft" = 20000 ] || rxs_fail "gro_flush_timeout $_gft, expected 20000"
	[ "$_ndh" = 1 ] || rxs_fail "napi_defer_hard_irqs $_ndh, expected 1"
fi
for _f in threaded:0 threaded:1 gro_flush_timeout:0 napi_defer_hard_irqs:0 \
	gro_flush_timeout:$_gft napi_defer_hard_irqs:$_ndh threaded:$_thr; do
	echo "${_f#*:}" > "$sysd/${_f%%:*}" || rxs_fail "cannot write ${_f#*:} to ${_f%%:*}"
	[ "$(cat "$sysd/${_f%%:*}")" = "${_f#*:}" ] ||
		rxs_fail "${_f%%:*} reads $(cat "$sysd/${_f%%:*}") after writing ${_f#*:}"
done
rxs_say "threaded, gro_flush_timeout, napi_defer_hard_irqs switched and restored"

# ---- traffic ---------------------------------------------------------------
count_snap c0
rxs_ping 5
rxs_iperf fwd 4 "$RXS_SECS"
rxs_iperf rev 4 "$RXS_SECS"
[ "$RXS_UDP_SECS" -gt 0 ] && rxs_udp_both_ways 20 "$RXS_UDP_SECS"
count_snap c1
count_check "traffic" c0 c1
_ok=$(rxs_ethtool_stat rx0_csum_ok)
[ "$_ok" -gt 100 ] || rxs_fail "rx0_csum_ok $_ok: the RX checksum trailer was not used"
rxs_say "rx0_csum_ok $_ok, rx0_csum_none $(rxs_ethtool_stat rx0_csum_none), tx0_csum_sw $(rxs_ethtool_stat tx0_csum_sw)"

# Frames above one 2 KiB buffer: the peer's MTU raised, 3000-byte pings
# come in as FSTART/FEND pairs (the DUT's replies leave fragmented).
rxs_step "multi-descriptor RX"
_fr0=$(rxs_ethtool_stat rx0_frags)
ip -n "$RXS_NS" link set "$RXS_PEER" mtu 4000 || rxs_fail "peer MTU 4000"
rxs_in_peer ping -c 5 -i 0.3 -W 2 -s 3000 "$RXS_DUT_IP" > /tmp/bigping.txt 2>&1 ||
	{ cat /tmp/bigping.txt; rxs_fail "3000-byte pings from the peer unanswered"; }
ip -n "$RXS_NS" link set "$RXS_PEER" mtu 1500
_fr=$(($(rxs_ethtool_stat rx0_frags) - _fr0))
[ "$_fr" -ge 5 ] || rxs_fail "only $_fr multi-descriptor frames for 5 big pings"
rxs_say "5 pings of 3028-byte frames answered, rx0_frags +$_fr"

# ---- ethtool -g/-G ---------------------------------------------------------
rxs_step "ethtool -g/-G"
_rg=$(rxs_rings)
[ "$_rg" = "1024 64" ] || rxs_fail "default rings $_rg (RX TX), not 1024 64"
rxs_refused "-G rx 32" "Invalid argument" "" ethtool -G "$RXS_DUT" rx 32
rxs_refused "-G rx 4096" "Invalid argument" "" ethtool -G "$RXS_DUT" rx 4096
rxs_refused "-G tx 2000" "Invalid argument" "" ethtool -G "$RXS_DUT" tx 2000
_rg=$(rxs_rings)
[ "$_rg" = "1024 64" ] || rxs_fail "a refused -G changed the rings to $_rg (RX TX)"
ethtool -G "$RXS_DUT" rx 256 tx 128 || rxs_fail "-G rx 256 tx 128 refused"
_rg=$(rxs_rings)
[ "$_rg" = "256 128" ] || rxs_fail "-G rx 256 tx 128 reads $_rg (RX TX)"
[ "$(cat "$sysd/carrier")" = 1 ] || rxs_fail "carrier lost over -G"
rxs_ping 3
rxs_iperf rev 2 2
ethtool -G "$RXS_DUT" rx 1024 tx 64 || rxs_fail "-G back to 1024/64 refused"
rxs_ping 3

# ---- ethtool -k/-K ---------------------------------------------------------
rxs_step "ethtool -k/-K"
feat() { ethtool -k "$RXS_DUT" | sed -n "s/^[[:space:]]*$1: \([a-z]*\).*/\1/p"; }
[ "$(feat rx-checksumming)" = on ] && [ "$(feat tx-checksum-ip-generic)" = on ] ||
	rxs_fail "checksum offloads not on by default"
[ "$(feat scatter-gather)" = off ] || rxs_fail "scatter-gather on (no SG on GbEth)"
ethtool -K "$RXS_DUT" rx off || rxs_fail "-K rx off refused"
[ "$(feat rx-checksumming)" = off ] || rxs_fail "-K rx off did not take"
_ok0=$(rxs_ethtool_stat rx0_csum_ok)
rxs_iperf rev 2 2
[ "$(rxs_ethtool_stat rx0_csum_ok)" = "$_ok0" ] || rxs_fail "rx0_csum_ok grew with rx-checksumming off"
ethtool -K "$RXS_DUT" tx off || rxs_fail "-K tx off refused"
[ "$(feat tx-checksum-ip-generic)" = off ] || rxs_fail "-K tx off did not take"
rxs_iperf fwd 2 2
ethtool -K "$RXS_DUT" rx on tx on || rxs_fail "-K rx on tx on refused"
[ "$(feat rx-checksumming)" = on ] && [ "$(feat tx-checksum-ip-generic)" = on ] ||
	rxs_fail "-K rx on tx on did not take"
_ok0=$(rxs_ethtool_stat rx0_csum_ok)
rxs_iperf rev 2 2
[ "$(rxs_ethtool_stat rx0_csum_ok)" -gt "$_ok0" ] || rxs_fail "rx0_csum_ok still with rx-checksumming back on"
ethtool -K "$RXS_DUT" sg on > /tmp/ksg.txt 2>&1
[ "$(feat scatter-gather)" = off ] || rxs_fail "-K sg on turned scatter-gather on"
rxs_say "rx/tx checksum offloads off and on, traffic each way; sg stays off"

rxs_no_iface_errors

# ---- link down/up from QEMU's monitor --------------------------------------
rxs_step "link down from the monitor (set_link dut off)"
_lc0=$(rxs_gbeth_count link_changes)
rxs_monitor set_link dut off
rxs_wait_carrier 0 40 || rxs_fail "carrier still on 20 s after set_link dut off"
_tx0=$(rxs_gbeth_count tx_frames)
ping -c 2 -W 1 "$RXS_PEER_IP" > /dev/null 2>&1 && rxs_fail "ping answered with the link down"
[ "$(rxs_gbeth_count tx_frames)" = "$_tx0" ] ||
	rxs_fail "the model sent $(($(rxs_gbeth_count tx_frames) - _tx0)) frames with the link down"
rxs_step "link up from the monitor (set_link dut on)"
rxs_monitor set_link dut on
rxs_wait_carrier 1 40 || rxs_fail "carrier still off 20 s after set_link dut on"
[ $(($(rxs_gbeth_count link_changes) - _lc0)) = 2 ] ||
	rxs_fail "the model saw $(($(rxs_gbeth_count link_changes) - _lc0)) link changes, not 2"
rxs_ping 3
rxs_iperf rev 1 2

# ---- rmmod/modprobe --------------------------------------------------------
# mdio-bitbang holds no reference on this module (no bb_ops.owner), so it
# goes without unbinding first, as any rmmod would.
_i=1
while [ "$_i" -le "$RXS_CYCLES" ]; do
	rxs_step "rmmod/modprobe cycle $_i of $RXS_CYCLES"
	rmmod "$DRV" || rxs_fail "rmmod $DRV failed (cycle $_i)"
	[ -e "$RXS_DUT_DEVPATH/net" ] && rxs_fail "interface still present after rmmod"
	[ "$(rxs_gbeth_count link)" = 1 ] || rxs_fail "the model's link went down"
	modprobe "$DRV" || rxs_fail "modprobe $DRV failed (cycle $_i)"
	rxs_dut_attach "modprobe (cycle $_i)" "$DRV"
	sysd=/sys/class/net/$RXS_DUT
	if [ "$(nproc)" = 1 ]; then
		[ "$(cat "$sysd/threaded")" = 1 ] || rxs_fail "threaded NAPI off after modprobe"
	fi
	rxs_ping 3
	_i=$((_i + 1))
done
rxs_iperf rev 4 2
rxs_iperf fwd 4 2

rxs_dmesg_check
