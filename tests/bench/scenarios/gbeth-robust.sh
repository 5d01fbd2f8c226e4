#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rxscale's rzg2l_gbeth under faults and changes, all under traffic (run
# with --nic rzg2l-gbeth --monitor --append iomem=relaxed --module
# core/rxscale_core.ko --module ravb/rzg2l_gbeth.ko, on --smp 1):
#  1. RXS_CYCLES cycles of: threaded NAPI off/on (with the traffic
#     stopped, see phase1), then under iperf3 --bidir -P 2:
#     gro_flush_timeout and napi_defer_hard_irqs changed (sysfs),
#     ethtool -C rx-usecs (read back through sysfs and -c), link down and
#     up from QEMU's monitor; after each change the streams move again
#     both ways. Then the driver's counts against the model's and the
#     peer's over the whole phase, and ethtool -c/-C refusals that change
#     nothing.
#  2. TX timeout: the model's DMAC is put in CONFIG mode behind the
#     driver's back (devmem CCC.OPC = 1), TX stops completing, the stack's
#     watchdog fires, the driver's reset work restarts the datapath; the
#     traffic moves again, tx_timeouts and resets are 1, the frames left
#     in the TX ring are counted dropped, the counts add up with the
#     model's and the peer's.
#  3. RX buffer allocation failure (debugfs fail_rx_alloc): 300 refills
#     fail under traffic, rx0_alloc_fail grows by exactly 300, nothing is
#     lost (the counts add up), the traffic moves on; a failure at open
#     fails the open with ENOMEM and the next open works; bad knob input
#     is refused.
#  4. RXS_CYCLES cycles of rmmod under iperf3 --bidir and modprobe: the
#     interface, its interrupt handler and its debugfs directory go, the
#     model's link stays, the new probe has the defaults and carries
#     traffic.
# The kernel log: the three lines of the TX timeout, nothing else at
# warning level or above.
#   RXS_CYCLES (default 20): cycles of phases 1 and 4.
#   RXS_PHASES (default "1 2 3 4"): the phases to run.
# the snapshots' variables are set through eval; A && B || fail is meant
# shellcheck disable=SC2154,SC2015
. ./lib.sh

RXS_CYCLES=${RXS_CYCLES:-20}
RXS_PHASES=${RXS_PHASES:-1 2 3 4}
DRV=rzg2l_gbeth

[ "${RXS_DUT_BUS:-pci}" = platform ] ||
	rxs_fail "run with --nic rzg2l-gbeth (a platform DUT), not '$RXS_NIC'"

rxs_setup "$DRV"
# The peer takes every frame the model puts on the wire: QEMU's virtio-net
# drops multicast its guest did not join before the guest sees it (its
# receive filter), and each link up makes the DUT send IPv6 MLD reports,
# RS and DAD to such groups; seen without this: the model sent 29840, the
# peer received 29832 over two link changes
ip -n "$RXS_NS" link set "$RXS_PEER" promisc on || rxs_fail "peer promisc"
rxs_wait_link 20
rxs_ping 3
t_start=$(cut -d. -f1 /proc/uptime)
sysd=/sys/class/net/$RXS_DUT
_base=$((0x$(basename "$RXS_DUT_DEVPATH" | cut -d. -f1)))
knob=/sys/kernel/debug/$DRV/$RXS_DUT_DEV/fail_rx_alloc
[ "$(rxs_gbeth_count magic)" = $((0x52585343)) ] ||
	rxs_fail "no bench window in the model's registers (run with --append iomem=relaxed)"

# ---------------------------------------------------------------- helpers

# snap P: after 2 quiet seconds, the model's counts, the driver's and the
# peer's into P_<name>
snap() {
	sleep 2
	ethtool -S "$RXS_DUT" > /tmp/gbr-stats.txt || rxs_fail "ethtool -S"
	for _c in rx0_packets rx0_dropped rx0_errors rx0_alloc_fail tx0_packets \
		tx0_dropped tx_timeouts resets; do
		_v=$(awk -v n="$_c:" '$1 == n { print $2; f = 1 } END { exit !f }' /tmp/gbr-stats.txt) ||
			rxs_fail "ethtool -S has no $_c"
		eval "$1_$_c=$_v"
	done
	for _c in rx_frames rx_dropped_full rx_gated rx_filtered tx_frames \
		tx_dropped irq_raised; do
		eval "$1_m$_c=$(rxs_gbeth_count "$_c")"
	done
	eval "$1_kirq=$(rxs_irq_total "$RXS_DUT")"
	eval "$1_ptx=$(rxs_peer_stat tx_packets) $1_prx=$(rxs_peer_stat rx_packets)"
}
# counts WHAT A B [peer]: between snapshots A and B of one probe:
#  - every frame the model wrote into the RX ring was passed up, dropped
#    (a frame stranded by a reset) or counted an error by the driver;
#  - every frame the driver counted sent, the model completed (put on the
#    wire, or dropped for want of a link), and the peer got the wire's;
#  - the model's interrupt edges are the kernel's count;
#  - with "peer": every frame the peer sent the model accounts for (not
#    over a link change: QEMU drops a downed NIC's frames before the
#    model sees them).
# 5 frames of slack for ARP/ND and late ACKs between the reads.
counts() {
	_a=$2 _b=$3
	d() { eval "echo \$((${_b}_$1 - ${_a}_$1))"; }
	rxs_step "$1: the driver's counts against the model's and the peer's"
	rxs_say "model wrote $(d mrx_frames) (+$(d mrx_dropped_full) full, $(d mrx_gated) RX off, $(d mrx_filtered) filtered), peer sent $(d ptx); rx0_packets +$(d rx0_packets), rx0_dropped +$(d rx0_dropped), rx0_errors +$(d rx0_errors)"
	rxs_say "tx0_packets +$(d tx0_packets), tx0_dropped +$(d tx0_dropped); model sent $(d mtx_frames), dropped $(d mtx_dropped); peer received $(d prx)"
	rxs_say "interrupts: model raised $(d mirq_raised), kernel counted $(d kirq)"
	[ "$(d mrx_frames)" -gt 100 ] || rxs_fail "$1: the model wrote only $(d mrx_frames) frames"
	rxs_within "$(d mrx_frames)" $(($(d rx0_packets) + $(d rx0_dropped) + $(d rx0_errors))) 5 ||
		rxs_fail "$1: the model wrote $(d mrx_frames) frames, the driver accounts for $(($(d rx0_packets) + $(d rx0_dropped) + $(d rx0_errors)))"
	rxs_within "$(d tx0_packets)" $(($(d mtx_frames) + $(d mtx_dropped))) 5 ||
		rxs_fail "$1: the driver sent $(d tx0_packets) frames, the model completed $(($(d mtx_frames) + $(d mtx_dropped)))"
	rxs_within "$(d mtx_frames)" "$(d prx)" 5 ||
		rxs_fail "$1: the model sent $(d mtx_frames) frames, the peer received $(d prx)"
	rxs_within "$(d mirq_raised)" "$(d kirq)" 3 ||
		rxs_fail "$1: the model raised $(d mirq_raised) interrupts, the kernel counted $(d kirq)"
	[ "${4:-}" = peer ] || return 0
	_pin=$(($(d mrx_frames) + $(d mrx_dropped_full) + $(d mrx_gated) + $(d mrx_filtered)))
	rxs_within "$(d ptx)" "$_pin" 5 ||
		rxs_fail "$1: the peer sent $(d ptx) frames, the model accounts for $_pin"
}
coal() {	# ethtool -c's rx-usecs
	ethtool -c "$RXS_DUT" | sed -n 's/^rx-usecs:[[:space:]]*//p'
}
defaults() {	# WHAT: threaded on (1 CPU) and the coalescing defaults
	_t=0
	[ "$(nproc)" = 1 ] && _t=1
	[ "$(cat "$sysd/threaded")" = "$_t" ] && [ "$(cat "$sysd/gro_flush_timeout")" = 20000 ] &&
		[ "$(cat "$sysd/napi_defer_hard_irqs")" = 1 ] && [ "$(coal)" = 20 ] ||
		rxs_fail "$1: threaded $(cat "$sysd/threaded"), gro_flush_timeout $(cat "$sysd/gro_flush_timeout"), napi_defer_hard_irqs $(cat "$sysd/napi_defer_hard_irqs"), rx-usecs $(coal): not the defaults"
}

uname -v | grep -q PREEMPT_RT && rxs_skip "PREEMPT_RT: no software IRQ coalescing defaults to check"
defaults "probe"

# ---- 1: NAPI and coalescing changes, link down/up, under traffic ----------
phase1() {
	rxs_step "phase 1: $RXS_CYCLES cycles of threaded, coalescing, -C and link changes under iperf3 --bidir -P 2"
	snap p1a
	# The threaded NAPI switch is made with the traffic stopped: on 7.3
	# (net/core/dev.c napi_stop_kthread(), under netif_set_threaded() ->
	# napi_set_threaded(); 6.12 and 6.1 have no such wait), writing 0 to
	# threaded clears NAPI_STATE_THREADED and then sleeps in 20 ms steps
	# until the NAPI thread's poll completes (napi_complete_done()
	# clearing NAPI_STATE_SCHED_THREADED), that is until a poll finds less
	# than its budget. Under TCG an unlimited
	# iperf3 keeps the one CPU's NAPI at its budget for good (QEMU queues
	# the peer's frames without end), and the write never returned (seen:
	# 30 s in msleep under napi_set_threaded, 247022 frames and 282
	# interrupts). A property of the kernel, not of the driver; the write
	# still has 30 s (rxs_sysfs_set), and the traffic must move again after.
	# Everything else in the cycle is done under the traffic.
	_lc0=$(rxs_gbeth_count link_changes)
	i=0
	while [ "$i" -lt "$RXS_CYCLES" ]; do
		rxs_sysfs_set threaded $(((i + 1) % 2))
		rxs_bg_start "bidir$i" 600 --bidir -P 2
		rxs_bg_progress "traffic start, threaded $(((i + 1) % 2)) (cycle $i)"
		_g=$(echo "0 50000 100000 20000" | cut -d' ' -f$((i % 4 + 1)))
		_h=$(echo "2 0 1" | cut -d' ' -f$((i % 3 + 1)))
		rxs_sysfs_set gro_flush_timeout "$_g"
		rxs_sysfs_set napi_defer_hard_irqs "$_h"
		[ "$(coal)" = $((_g / 1000)) ] ||
			rxs_fail "cycle $i: rx-usecs $(coal) with gro_flush_timeout $_g"
		rxs_bg_progress "gro_flush_timeout $_g, napi_defer_hard_irqs $_h (cycle $i)"
		# -C rx-usecs onto gro_flush_timeout, where interrupts are deferred
		_u=$((i % 5 * 20 + 20))
		if [ "$_h" != 0 ]; then
			ethtool -C "$RXS_DUT" rx-usecs "$_u" || rxs_fail "cycle $i: -C rx-usecs $_u"
			[ "$(cat "$sysd/gro_flush_timeout")" = $((_u * 1000)) ] && [ "$(coal)" = "$_u" ] ||
				rxs_fail "cycle $i: -C rx-usecs $_u: gro_flush_timeout $(cat "$sysd/gro_flush_timeout"), rx-usecs $(coal)"
			rxs_bg_progress "-C rx-usecs $_u (cycle $i)"
		fi
		rxs_monitor set_link dut off
		rxs_wait_carrier 0 40 || rxs_fail "cycle $i: carrier still on 20 s after set_link dut off"
		rxs_monitor set_link dut on
		rxs_wait_carrier 1 40 || rxs_fail "cycle $i: carrier still off 20 s after set_link dut on"
		rxs_bg_after "link down/up (cycle $i)"
		rxs_bg_stop
		rxs_say "cycle $i: threaded $(cat "$sysd/threaded"), gro_flush_timeout $(cat "$sysd/gro_flush_timeout"), napi_defer_hard_irqs $_h, link down/up: ok ($(cut -d. -f1 /proc/uptime) s)"
		i=$((i + 1))
	done
	_lc=$(($(rxs_gbeth_count link_changes) - _lc0))
	[ "$_lc" = $((2 * RXS_CYCLES)) ] ||
		rxs_fail "the model saw $_lc link changes, not $((2 * RXS_CYCLES))"
	snap p1b
	counts "phase 1" p1a p1b

	rxs_step "ethtool -c/-C refusals"
	rxs_sysfs_set napi_defer_hard_irqs 0
	rxs_sysfs_set gro_flush_timeout 20000
	rxs_refused "-C rx-usecs 30 with napi_defer_hard_irqs 0" "Invalid argument" \
		"napi_defer_hard_irqs is 0" ethtool -C "$RXS_DUT" rx-usecs 30
	rxs_sysfs_set napi_defer_hard_irqs 1
	rxs_refused "-C rx-usecs 1000001" "Invalid argument" \
		"rx-usecs (gro_flush_timeout) 0..1000000" ethtool -C "$RXS_DUT" rx-usecs 1000001
	rxs_refused "-C tx-usecs 10" "Invalid argument" \
		"cannot modify an unsupported parameter" ethtool -C "$RXS_DUT" tx-usecs 10
	rxs_refused "-C rx-frames 8" "Invalid argument" \
		"cannot modify an unsupported parameter" ethtool -C "$RXS_DUT" rx-frames 8
	[ "$(cat "$sysd/gro_flush_timeout")" = 20000 ] || rxs_fail "a refused -C changed gro_flush_timeout to $(cat "$sysd/gro_flush_timeout")"
	ethtool -C "$RXS_DUT" rx-usecs 0 || rxs_fail "-C rx-usecs 0"
	[ "$(cat "$sysd/gro_flush_timeout")" = 0 ] || rxs_fail "-C rx-usecs 0: gro_flush_timeout $(cat "$sysd/gro_flush_timeout")"
	rxs_sysfs_set gro_flush_timeout 20500
	ethtool -C "$RXS_DUT" rx-usecs 20 || rxs_fail "-C rx-usecs 20 (what -c shows)"
	[ "$(cat "$sysd/gro_flush_timeout")" = 20500 ] || rxs_fail "-C of the value -c shows changed gro_flush_timeout 20500 to $(cat "$sysd/gro_flush_timeout")"
	ethtool -C "$RXS_DUT" rx-usecs 20 || rxs_fail "-C rx-usecs 20"
	rxs_sysfs_set gro_flush_timeout 20000
	[ "$(nproc)" = 1 ] && rxs_sysfs_set threaded 1
	[ "$(nproc)" = 1 ] || rxs_sysfs_set threaded 0
	defaults "after phase 1"
	rxs_say "-C refused without changes; rx-usecs 0 and back; -C of what -c shows keeps the nanoseconds"
}

# ---- 2: TX timeout ----------------------------------------------------------
# txq_state WHEN: what the stack's watchdog looks at, for a phase 2 that
# sees no timeout (6.1 once, 7.3 once under load; a second 6.1 run fired
# 5 s after the stall with the queue stopped): carrier, the DMAC mode,
# BQL, the driver's stop/wake counts and the qdisc's backlog/requeues.
txq_state() {
	_q=/sys/class/net/$RXS_DUT/queues/tx-0/byte_queue_limits
	rxs_say "$1: carrier $(cat "/sys/class/net/$RXS_DUT/carrier"), CCC $(devmem "$_base" 32)," \
		"BQL inflight $(cat "$_q/inflight") of $(cat "$_q/limit")," \
		"tx0 stops $(rxs_ethtool_stat tx0_stops) wakes $(rxs_ethtool_stat tx0_wakes)" \
		"xmit_cleans $(rxs_ethtool_stat tx0_xmit_cleans)," \
		"tx_bytes $(cat "/sys/class/net/$RXS_DUT/statistics/tx_bytes");" \
		"qdisc $(tc -s qdisc show dev "$RXS_DUT" | grep -o 'backlog [^ ]* [^ ]* requeues [0-9]*' | head -n 1)"
}

phase2() {
	rxs_step "phase 2: TX timeout (the model's DMAC in CONFIG mode behind the driver)"
	_np="$DRV $RXS_DUT_DEV $RXS_DUT:"
	rxs_dmesg_expect_num crit 1 "$_np NETDEV WATCHDOG: CPU: #: transmit queue # timed out # ms"
	rxs_dmesg_expect_num warn 1 "$_np TX queue 0 timed out (prod #, cons #)"
	rxs_dmesg_expect warn 1 "$_np resetting the datapath"
	snap p2a
	# TCP both ways for the progress checks, and UDP out to fill the TX
	# ring once the DMAC stops: TCP alone stops sending when the ACKs stop
	# (its window), and may leave the ring short of full and the queue
	# running, so that the watchdog never fires (seen: no reset within
	# 40 s of the stall). One UDP socket is not enough either: it stops
	# being writable once half its send buffer is held by frames in the
	# ring (sock_writeable(): wmem_alloc < sndbuf / 2, about 46 frames of
	# 212992 bytes' truesize), short of the ring's 64 slots with TCP's few
	# beside them; seen on 6.1 in 1 of 3 runs: 3 s after the stall tx0
	# stops 19 = wakes 19, qdisc backlog 0, the ring filled only by TCP
	# retransmissions too late for the 40 s. Three UDP streams hold more
	# than the ring, once they send: the stall must not come while the
	# UDP client still shakes hands (seen: 3 s after the stall stops 121
	# = wakes 121, 37 frames in the ring, the qdisc empty), and TCP alone
	# satisfies rxs_bg_progress.
	rxs_bg_start bidir 120 --bidir -P 2
	rxs_bg_start udp 120 -u -b 10M -P 3 --forceflush
	rxs_bg_progress "traffic start"
	rxs_bg_sending udp 20
	_ccc=$(devmem "$_base" 32) || rxs_fail "devmem read of CCC"
	devmem "$_base" 32 $(((_ccc & ~3) | 1)) || rxs_fail "devmem write of CCC"
	_t=0
	while [ "$_t" -lt 40 ]; do
		[ "$(rxs_ethtool_stat resets)" -ge 1 ] && break
		[ "$_t" = 3 ] && txq_state "3 s after the stall"
		sleep 1
		_t=$((_t + 1))
	done
	[ "$(rxs_ethtool_stat resets)" -ge 1 ] || {
		txq_state "40 s after the stall"
		# the senders: iperf3's last intervals, the sockets' queues
		tail -n 4 /tmp/rxs-bg-udp.txt /tmp/rxs-bg-bidir.txt
		cat /proc/net/udp
		dmesg | tail -n 20
		rxs_fail "no reset within 40 s of the stall"
	}
	rxs_say "reset ${_t} s after the stall"
	rxs_bg_after "TX timeout reset"
	rxs_bg_stop
	snap p2b
	counts "phase 2" p2a p2b peer
	[ $((p2b_tx_timeouts - p2a_tx_timeouts)) = 1 ] && [ $((p2b_resets - p2a_resets)) = 1 ] ||
		rxs_fail "tx_timeouts +$((p2b_tx_timeouts - p2a_tx_timeouts)), resets +$((p2b_resets - p2a_resets)): want one of each"
	_dr=$((p2b_tx0_dropped - p2a_tx0_dropped))
	_ring=$(rxs_ring TX)
	[ "$_dr" -ge 1 ] && [ "$_dr" -le "$_ring" ] ||
		rxs_fail "tx0_dropped +$_dr after the reset: the stalled frames (1..$_ring) not counted"
	rxs_say "tx_timeouts 1, resets 1, $_dr stalled frames dropped and counted"
	rxs_ping 3
}

# ---- 3: RX buffer allocation failures -----------------------------------------
phase3() {
	rxs_step "phase 3: RX buffer allocation failures (debugfs fail_rx_alloc)"
	[ -f "$knob" ] || { ls -R "/sys/kernel/debug/$DRV" 2>&1; rxs_fail "no $knob"; }
	[ "$(cat "$knob")" = 0 ] || rxs_fail "knob reads $(cat "$knob"), not 0"
	echo foo > "$knob" 2>/dev/null && rxs_fail "knob took 'foo'"
	echo -1 > "$knob" 2>/dev/null && rxs_fail "knob took -1"
	[ "$(cat "$knob")" = 0 ] || rxs_fail "refused knob input left $(cat "$knob")"
	snap p3a
	rxs_bg_start rev 120 -R -P 2
	rxs_bg_progress "traffic start"
	echo 300 > "$knob" || rxs_fail "cannot write 300 to $knob"
	_t=0
	while [ "$(cat "$knob")" != 0 ] && [ "$_t" -lt 100 ]; do
		rxs_tick
		_t=$((_t + 1))
	done
	[ "$(cat "$knob")" = 0 ] || rxs_fail "$(cat "$knob") of 300 failures still pending after 20 s of traffic"
	rxs_bg_progress "300 RX allocation failures"
	rxs_bg_stop
	snap p3b
	counts "phase 3" p3a p3b peer
	_af=$((p3b_rx0_alloc_fail - p3a_rx0_alloc_fail))
	[ "$_af" = 300 ] || rxs_fail "rx0_alloc_fail +$_af for 300 injected failures"
	rxs_say "300 failures counted exactly, retried, no frame lost"

	rxs_step "phase 3: allocation failure at open"
	ip link set "$RXS_DUT" down || rxs_fail "down"
	echo 1 > "$knob" || rxs_fail "knob"
	rxs_refused "open with a failing RX fill" "Cannot allocate memory" "" \
		ip link set "$RXS_DUT" up
	[ "$(cat "$knob")" = 0 ] || rxs_fail "the open did not take the failure"
	[ "$(cat "$sysd/operstate")" = down ] || rxs_fail "operstate $(cat "$sysd/operstate") after a failed open"
	ip link set "$RXS_DUT" up || rxs_fail "open after the failed one"
	rxs_wait_link 20
	rxs_ping 3
	rxs_iperf rev 2 2
}

# ---- 4: rmmod under traffic ------------------------------------------------------
phase4() {
	rxs_step "phase 4: $RXS_CYCLES cycles of rmmod under iperf3 --bidir -P 2, modprobe"
	i=0
	while [ "$i" -lt "$RXS_CYCLES" ]; do
		rxs_bg_start bidir 120 --bidir -P 2
		rxs_bg_progress "traffic start (cycle $i)"
		_old=$RXS_DUT
		rmmod "$DRV" || rxs_fail "cycle $i: rmmod $DRV under traffic"
		[ -e "/sys/class/net/$_old" ] && rxs_fail "cycle $i: $_old still there after rmmod"
		[ "$(rxs_irq_total "$RXS_DUT")" = 0 ] && ! grep -qE "[[:space:]]$_old\$" /proc/interrupts ||
			rxs_fail "cycle $i: a handler named $_old left in /proc/interrupts"
		[ -e "/sys/kernel/debug/$DRV" ] && rxs_fail "cycle $i: /sys/kernel/debug/$DRV still there after rmmod"
		[ "$(rxs_gbeth_count link)" = 1 ] || rxs_fail "cycle $i: the model's link went down"
		rxs_bg_stop
		modprobe "$DRV" || rxs_fail "cycle $i: modprobe $DRV"
		rxs_dut_attach "modprobe (cycle $i)" "$DRV"
		sysd=/sys/class/net/$RXS_DUT
		defaults "modprobe (cycle $i)"
		rxs_say "cycle $i: rmmod under traffic, modprobe, defaults: ok ($(cut -d. -f1 /proc/uptime) s)"
		i=$((i + 1))
	done
	snap p4a
	rxs_iperf rev 2 3
	rxs_iperf fwd 2 3
	snap p4b
	counts "after phase 4" p4a p4b peer
}

for _ph in $RXS_PHASES; do
	"phase$_ph"
done
rxs_no_iface_errors
rxs_say "total: $(($(cut -d. -f1 /proc/uptime) - t_start)) s of guest time"
rxs_dmesg_check
