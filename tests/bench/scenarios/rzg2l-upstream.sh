#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Upstream ravb (Debian 7.3's ravb module) on the RZ/G2L GbEth model (run
# with --nic rzg2l-gbeth --monitor --append iomem=relaxed, on --smp 1 or 2
# as the single- and dual-core parts): probe from the device tree QEMU
# writes (reset-simple reset, fixed clocks, the PHY on the PIR bit-banged
# MDIO bus), the 1000 Mb/s link through genphy, then for each NAPI mode in
# RXS_NAPI_MODES (threaded on and off; ravb turns it on by itself on one
# CPU): ping, TCP both ways with 4 streams through TX queue 0 (two
# descriptors per frame) and RX queue 0 (checksum trailer), a UDP run each
# way, interrupts per received packet with ravb's software IRQ coalescing
# and without; the frame counts against the model's and the peer's; the
# link taken down and up from QEMU's monitor (set_link) with phylib seeing
# it through the PHY and traffic resuming; interface down/up and
# unbind/rmmod/modprobe cycles, and a clean kernel log. A driver nobody
# here wrote checks the model (issue 14).
. ./lib.sh

RXS_CYCLES=${RXS_CYCLES:-10}
RXS_SECS=${RXS_SECS:-30}
RXS_UDP_SECS=${RXS_UDP_SECS:-3}		# 0: no UDP runs
RXS_FINAL_SECS=${RXS_FINAL_SECS:-5}	# TCP after the reload cycles; 0: none
RXS_IRQ_SECS=${RXS_IRQ_SECS:-5}
# NAPI modes, in order: 1 threaded, 0 softirq
RXS_NAPI_MODES=${RXS_NAPI_MODES:-1 0}

# The DUT is a platform device: lib.sh finds its interface under
# RXS_DUT_DEVPATH.
[ "${RXS_DUT_BUS:-pci}" = platform ] ||
	rxs_fail "run with --nic rzg2l-gbeth (a platform DUT), not '$RXS_NIC'"

# the DUT is the interface bound to ravb, or the scenario fails
rxs_setup ravb
rxs_wait_link 20
rxs_say "boot to link-up: $(cut -d' ' -f1 /proc/uptime) s of guest uptime"

rxs_step "identity"
_of=$(tr '\0' ' ' < "$RXS_DUT_DEVPATH/of_node/compatible")
rxs_say "compatible: $_of"
[ "$_of" = "renesas,r9a07g044-gbeth renesas,rzg2l-gbeth " ] ||
	rxs_fail "device tree compatible '$_of'"
_mac=$(cat "/sys/class/net/$RXS_DUT/address")
[ "$_mac" = "$RXS_DUT_MAC" ] || rxs_fail "MAC $_mac, not local-mac-address $RXS_DUT_MAC"
_phydrv=$(basename "$(readlink -f "/sys/class/net/$RXS_DUT/phydev/driver")")
rxs_say "PHY driver: $_phydrv"
case $_phydrv in
*[Gg]eneric*) ;;
*) rxs_fail "PHY bound to '$_phydrv', not genphy" ;;
esac
_speed=$(ethtool "$RXS_DUT" | sed -n 's/^[[:space:]]*Speed: //p')
[ "$_speed" = 1000Mb/s ] || rxs_fail "link speed '$_speed', expected 1000Mb/s"
ethtool -k "$RXS_DUT" | grep -E '^(tx-checksum-ip-generic|rx-checksumming):'
dmesg | grep -E 'ravb .*Base address' | tail -n 1

# ---- the model's own counts (bench-only window, docs/hw/rzg2l-gbeth.md) --
# lib.sh rxs_gbeth_count; devmem needs iomem=relaxed while ravb holds the
# region.
gbeth_count() {
	rxs_gbeth_count "$@"
}
[ "$(gbeth_count magic)" = $((0x52585343)) ] ||
	rxs_fail "no bench window in the model's registers (run with --append iomem=relaxed)"

# the interrupts of the DUT's line(s), summed over the CPUs
irq_total() {
	rxs_platform_irqs counts | awk '{ s += $2 } END { print s + 0 }'
}
rx_packets() {
	cat "/sys/class/net/$RXS_DUT/statistics/rx_packets"
}

# count_snap P: quiet counts of the three sides into P_*: the model's
# (frames into RX queue 0, taken by none, sent; interrupt edges), the
# driver's (rx_packets, tx_packets, kernel interrupts) and the peer's.
count_snap() {
	sleep 2
	eval "$1_mrx=$(gbeth_count rx_frames) $1_mdrop=$(gbeth_count rx_dropped_full)"
	eval "$1_mgate=$(gbeth_count rx_gated) $1_mfilt=$(gbeth_count rx_filtered)"
	eval "$1_mtx=$(gbeth_count tx_frames) $1_mirq=$(gbeth_count irq_raised)"
	eval "$1_drx=$(rx_packets) $1_dtx=$(cat "/sys/class/net/$RXS_DUT/statistics/tx_packets")"
	eval "$1_kirq=$(irq_total)"
	eval "$1_ptx=$(rxs_peer_stat tx_packets) $1_prx=$(rxs_peer_stat rx_packets)"
}
# count_check WHAT A B: frames the peer sent = frames the model wrote +
# dropped + gated + filtered; frames the model wrote = the driver's
# rx_packets; frames the driver sent = the model's = the peer's received
# (5 frames of slack for ARP/ND and late ACKs between the reads).
count_check() {
	_a=$2 _b=$3
	rxs_step "$1: ravb's counts against the model's and the peer's"
	d() { eval "echo \$((${_b}_$1 - ${_a}_$1))"; }
	rxs_say "peer sent $(d ptx), model wrote $(d mrx) (+$(d mdrop) queue full, $(d mgate) gated, $(d mfilt) filtered), ravb rx_packets $(d drx)"
	rxs_say "ravb tx_packets $(d dtx), model sent $(d mtx), peer received $(d prx)"
	rxs_say "interrupts: model raised $(d mirq), kernel counted $(d kirq)"
	[ "$(d mrx)" -gt 100 ] || rxs_fail "$1: the model wrote only $(d mrx) frames"
	rxs_within "$(d ptx)" $(($(d mrx) + $(d mdrop) + $(d mgate) + $(d mfilt))) 5 ||
		rxs_fail "$1: the peer sent $(d ptx) frames, the model accounts for $(($(d mrx) + $(d mdrop) + $(d mgate) + $(d mfilt)))"
	rxs_within "$(d mrx)" "$(d drx)" 5 ||
		rxs_fail "$1: the model wrote $(d mrx) frames, ravb counted $(d drx)"
	rxs_within "$(d dtx)" "$(d mtx)" 5 ||
		rxs_fail "$1: ravb sent $(d dtx) frames, the model $(d mtx)"
	rxs_within "$(d mtx)" "$(d prx)" 5 ||
		rxs_fail "$1: the model sent $(d mtx) frames, the peer received $(d prx)"
}

# Interrupts per received packet (a measurement, not a check): ravb turns
# on software IRQ coalescing for GbEth (gro_flush_timeout 20000 ns,
# napi_defer_hard_irqs 1); the same receive run with it and without. The
# kernel's count (/proc/interrupts) and the model's (line edges) against
# the frames the model wrote and those the peer sent.
irq_rate() {
	_i0=$(irq_total) _p0=$(rx_packets) _m0=$(gbeth_count irq_raised)
	_f0=$(gbeth_count rx_frames) _t0=$(rxs_peer_stat tx_packets)
	rxs_iperf rev 4 "$RXS_IRQ_SECS"
	_i1=$(irq_total) _p1=$(rx_packets) _m1=$(gbeth_count irq_raised)
	_f1=$(gbeth_count rx_frames) _t1=$(rxs_peer_stat tx_packets)
	echo "RXSCALE-IRQRATE: $1 threaded=$2 smp=$RXS_SMP gro_flush_timeout=$(cat "/sys/class/net/$RXS_DUT/gro_flush_timeout") napi_defer_hard_irqs=$(cat "/sys/class/net/$RXS_DUT/napi_defer_hard_irqs") kernel_irqs=$((_i1 - _i0)) model_irqs=$((_m1 - _m0)) rx_packets=$((_p1 - _p0)) model_rx=$((_f1 - _f0)) peer_tx=$((_t1 - _t0))" \
		"per_packet=$(awk -v i=$((_i1 - _i0)) -v p=$((_p1 - _p0)) 'BEGIN { if (p) printf "%.4f", i / p; else print "n/a" }')"
}

# ravb's own choice: threaded NAPI on a single CPU (ravb_probe, 6.11+)
_thr=$(cat "/sys/class/net/$RXS_DUT/threaded")
rxs_say "threaded NAPI after probe: $_thr on $RXS_SMP CPU(s)"
if [ "$RXS_SMP" = 1 ]; then
	[ "$_thr" = 1 ] || rxs_fail "ravb left threaded NAPI off on one CPU"
else
	[ "$_thr" = 0 ] || rxs_fail "ravb turned threaded NAPI on with $RXS_SMP CPUs"
fi
_gft=$(cat "/sys/class/net/$RXS_DUT/gro_flush_timeout")
_ndh=$(cat "/sys/class/net/$RXS_DUT/napi_defer_hard_irqs")
rxs_say "software IRQ coalescing after probe: gro_flush_timeout $_gft, napi_defer_hard_irqs $_ndh"

count_snap c0
for _m in $RXS_NAPI_MODES; do
	rxs_step "threaded NAPI $_m"
	echo "$_m" > "/sys/class/net/$RXS_DUT/threaded" ||
		rxs_fail "cannot set threaded NAPI to $_m"
	[ "$(cat "/sys/class/net/$RXS_DUT/threaded")" = "$_m" ] ||
		rxs_fail "threaded NAPI reads $(cat "/sys/class/net/$RXS_DUT/threaded"), not $_m"
	if [ "$_m" = 1 ]; then
		grep -h '^napi/' /proc/[0-9]*/comm 2>/dev/null ||
			rxs_fail "threaded NAPI on, but no napi/ thread"
	fi
	rxs_ping 5
	# the mode and CPU count on each RXSCALE-IPERF line (read by lib.sh)
	# shellcheck disable=SC2034
	RXS_IPERF_TAG="threaded=$_m smp=$RXS_SMP"
	rxs_iperf fwd 4 "$RXS_SECS"
	rxs_iperf rev 4 "$RXS_SECS"
	if [ "$RXS_UDP_SECS" -gt 0 ]; then
		rxs_udp_both_ways 20 "$RXS_UDP_SECS"
	fi
	# shellcheck disable=SC2034
	RXS_IPERF_TAG=
	if [ "$RXS_IRQ_SECS" -gt 0 ]; then
		echo "$_gft" > "/sys/class/net/$RXS_DUT/gro_flush_timeout"
		echo "$_ndh" > "/sys/class/net/$RXS_DUT/napi_defer_hard_irqs"
		irq_rate default "$_m"
		echo 0 > "/sys/class/net/$RXS_DUT/gro_flush_timeout"
		echo 0 > "/sys/class/net/$RXS_DUT/napi_defer_hard_irqs"
		irq_rate off "$_m"
		echo "$_gft" > "/sys/class/net/$RXS_DUT/gro_flush_timeout"
		echo "$_ndh" > "/sys/class/net/$RXS_DUT/napi_defer_hard_irqs"
	fi
done
count_snap c1
count_check "traffic" c0 c1

# the interrupt line, named after the platform device
rxs_platform_irqs || rxs_fail "no interrupt line of the DUT"
rxs_no_iface_errors

# ---- link down/up from QEMU's monitor ------------------------------------
# set_link on the DUT's netdev: the model's PHY must drop BMSR.LSTATUS,
# which phylib polls through ravb's PIR bit-banged MDIO (once a second),
# so the carrier goes off; traffic must stop; then back on and resume.
wait_carrier() {
	_w=0
	while [ "$_w" -lt "$2" ]; do
		[ "$(cat "/sys/class/net/$RXS_DUT/carrier" 2>/dev/null)" = "$1" ] && return 0
		sleep 0.5
		_w=$((_w + 1))
	done
	return 1
}
rxs_step "link down from the monitor (set_link dut off)"
_lc0=$(gbeth_count link_changes)
rxs_monitor set_link dut off
wait_carrier 0 40 ||
	rxs_fail "carrier still on 20 s after set_link dut off (the model's link word: $(gbeth_count link), link changes +$(($(gbeth_count link_changes) - _lc0)))"
[ "$(gbeth_count link)" = 0 ] || rxs_fail "carrier off, but the model's PHY link is up"
rxs_say "carrier off, operstate $(cat "/sys/class/net/$RXS_DUT/operstate"), model link changes +$(($(gbeth_count link_changes) - _lc0))"
_tx0=$(gbeth_count tx_frames)
ping -c 2 -W 1 "$RXS_PEER_IP" > /dev/null 2>&1 && rxs_fail "ping answered with the link down"
[ "$(gbeth_count tx_frames)" = "$_tx0" ] ||
	rxs_fail "the model sent $(($(gbeth_count tx_frames) - _tx0)) frames with the link down"
rxs_step "link up from the monitor (set_link dut on)"
rxs_monitor set_link dut on
wait_carrier 1 40 || rxs_fail "carrier still off 20 s after set_link dut on"
rxs_say "carrier on: $(ethtool "$RXS_DUT" | sed -n 's/^[[:space:]]*Speed: //p'), model link changes +$(($(gbeth_count link_changes) - _lc0))"
[ $(($(gbeth_count link_changes) - _lc0)) = 2 ] ||
	rxs_fail "the model saw $(($(gbeth_count link_changes) - _lc0)) link changes, not 2"
rxs_ping 3
rxs_iperf rev 1 2

rxs_down_up

# ravb cannot be unloaded while bound: alloc_mdio_bitbang() takes a
# reference on bb_ops.owner, ravb itself, until ravb_remove() frees the bus
# (7.3 drivers/net/mdio/mdio-bitbang.c). So each cycle unbinds the device
# first (ravb_remove: reset asserted), then rmmod, then modprobe (probe).
# shellcheck disable=SC2034 # read by lib.sh rxs_reload_cycles
RXS_RELOAD_UNBIND=1
rxs_reload_cycles "$RXS_CYCLES" ravb
if [ "$RXS_FINAL_SECS" -gt 0 ]; then
	rxs_iperf rev 4 "$RXS_FINAL_SECS"
	rxs_iperf fwd 4 "$RXS_FINAL_SECS"
fi

rxs_dmesg_check
