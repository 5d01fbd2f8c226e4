#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# r8127 across system sleep: its suspend and resume callbacks, run by the
# PM core's own test mode (CONFIG_PM_DEBUG, Debian's kernels have it):
# with /sys/power/pm_test = platform, `echo freeze > /sys/power/state`
# freezes user space and suspends every device as for suspend-to-idle,
# through the late and noirq phases (where the PCI core puts a device
# without its own PM into D3hot; "devices" stops before them, and the
# chip would never lose power), waits 5 s, then resumes them. The
# emulated machine cannot really sleep
# (QEMU's virt board has no wake-up path), so this is what can be tested.
#
# Checked, over RXS_SLEEP_CYCLES (3) cycles with iperf3 -R running across
# each sleep:
#  - the sleep itself reports success and the log has no device errors;
#  - after resume the link comes back, iperf3 finishes without error and
#    packets arrive again;
#  - non-default settings survive: channels (rx 3 tx 1), the indirection
#    table, rx-flow-hash udp4 and rx-usecs, as the driver reports them;
#  - and in the chip: the model has PCI power management and loses its
#    registers on D3hot -> D0, as a chip does (its d3_resets counter must
#    rise across each sleep, or the check would be empty); after resume
#    its RSS key and indirection table must equal ethtool -x, its RX
#    mitigation timers ethtool -c's rx-usecs (one count per microsecond,
#    docs/hw/rtl8127.md), RSS_CTRL and Q_NUM_CTRL the channels (ring
#    count 2^n >= rx channels, the UDPv4 hash type on). Read with devmem:
#    run with --append iomem=relaxed;
#  - an interface that was down before sleep stays down after resume, and
#    comes up and works when asked;
#  - no error counters, rmmod clean, dmesg clean.
#
# RXS_SLEEP_TRAFFIC=0 sleeps with the traffic stopped and runs iperf3
# after each resume instead. The 6.1 guest needs it: there the peer's
# virtio-net keeps transmitting into its own frozen device ("Unexpected
# TXQ (0) queue failure: -5" at freeze, then a soft lockup in virtio
# start_xmit from the TCP tasklet), whatever the DUT's driver.
. ./lib.sh

cycles=${RXS_SLEEP_CYCLES:-3}

# chip_check WHAT: the model's registers against what the driver reports
chip_check() {
	_x=$(ethtool -x "$RXS_DUT")
	_key=$(echo "$_x" | sed -n '/RSS hash key:/{n;p;}' | tr -d ' ')
	_mkey=
	_i=0
	while [ "$_i" -lt 40 ]; do
		_w=$(rxs_model_reg $((0x4600 + _i)) 32)
		_mkey="$_mkey$(printf '%02x:%02x:%02x:%02x:' $((_w & 255)) $(((_w >> 8) & 255)) $(((_w >> 16) & 255)) $(((_w >> 24) & 255)))"
		_i=$((_i + 4))
	done
	_mkey=${_mkey%:}
	[ "$_mkey" = "$_key" ] ||
		rxs_fail "$1: RSS key in the chip $_mkey, ethtool -x $_key"
	_tbl=$(echo "$_x" | awk '/^ +[0-9]+:/ { for (i = 2; i <= NF; i++) printf "%s ", $i }')
	_mtbl=
	_i=0
	while [ "$_i" -lt 128 ]; do
		_w=$(rxs_model_reg $((0x4700 + _i)) 32)
		_mtbl="$_mtbl$((_w & 255)) $(((_w >> 8) & 255)) $(((_w >> 16) & 255)) $(((_w >> 24) & 255)) "
		_i=$((_i + 4))
	done
	[ "$_mtbl" = "$_tbl" ] ||
		rxs_fail "$1: indirection table in the chip '$_mtbl', ethtool -x '$_tbl'"
	_us=$(ethtool -c "$RXS_DUT" | awk '$1 == "rx-usecs:" { print $2 }')
	for _q in 0 1 2 3; do
		_v=$(rxs_model_reg $((0x0a00 + 8 * _q)) 8)
		[ "$_v" = "$_us" ] ||
			rxs_fail "$1: RX mitigation timer of ring $_q is $_v in the chip, rx-usecs $_us"
	done
	_rx=$(ethtool -l "$RXS_DUT" | sed -n '/^Current/,$p' | awk '$1 == "RX:" { print $2 }')
	_ctrl=$(rxs_model_reg 0x4500 32)
	_qn=$(rxs_model_reg 0x4800 16)
	_lg=$(((_ctrl >> 16) & 7))
	[ $((_ctrl & 0x383f)) != 0 ] && [ $((1 << _lg)) -ge "$_rx" ] &&
		[ $((_ctrl & 0x800)) != 0 ] && [ $(((_qn >> 2) & 7)) = "$_lg" ] ||
		rxs_fail "$1: RSS_CTRL $(printf 0x%x "$_ctrl"), Q_NUM_CTRL $(printf 0x%x "$_qn") in the chip for $_rx RX channels and udp4 hashing"
	rxs_say "$1: chip has the key, the table, rx-usecs $_us, RSS_CTRL $(printf 0x%x "$_ctrl") and Q_NUM_CTRL $(printf 0x%x "$_qn") for $_rx RX channels"
}

# d3_check WHAT BEFORE: the model went through D3hot -> D0 since BEFORE
d3_check() {
	_d3=$(rxs_model_counter d3_resets)
	[ "$_d3" -gt "$2" ] ||
		rxs_fail "$1: the chip did not go through D3hot -> D0 (d3_resets $2 -> $_d3), nothing was lost to check"
	rxs_say "$1: D3hot -> D0 transitions $2 -> $_d3"
}

rxs_setup r8127
rxs_wait_link 20
# r8127 asks for the PHY patch once, at probe
rxs_dmesg_expect_nofw 1
rxs_ping 3
[ -w /sys/power/pm_test ] || rxs_fail "no /sys/power/pm_test (kernel without CONFIG_PM_DEBUG)"
grep -qw freeze /sys/power/state || rxs_fail "suspend-to-idle missing from /sys/power/state"

rxs_step "non-default settings"
ethtool -L "$RXS_DUT" rx 3 tx 1 || rxs_fail "ethtool -L rx 3 tx 1"
rxs_wait_link 20
ethtool -X "$RXS_DUT" weight 1 2 1 || rxs_fail "ethtool -X weight 1 2 1"
ethtool -N "$RXS_DUT" rx-flow-hash udp4 sdfn || rxs_fail "ethtool -N udp4 sdfn"
ethtool -C "$RXS_DUT" rx-usecs 30 || rxs_fail "ethtool -C rx-usecs 30"

settings() {
	ethtool -l "$RXS_DUT" | sed -n '/^Current/,$p'
	ethtool -x "$RXS_DUT" | grep -E '^ +[0-9]+:'
	ethtool -n "$RXS_DUT" rx-flow-hash udp4
	ethtool -c "$RXS_DUT" | grep -E '^rx-usecs:'
}
settings > /tmp/settings0.txt
head -n 8 /tmp/settings0.txt
chip_check "before sleep"

rx_total() {
	cat "/sys/class/net/$RXS_DUT/statistics/rx_packets"
}

# sleep_once: one suspend/resume of all devices; fails on any error
sleep_once() {
	_t0=$(cut -d' ' -f1 /proc/uptime)
	echo freeze > /sys/power/state || rxs_fail "$1: echo freeze > /sys/power/state failed"
	_t1=$(cut -d' ' -f1 /proc/uptime)
	rxs_say "$1: slept and resumed in $(awk -v a="$_t0" -v b="$_t1" 'BEGIN { printf "%.1f", b - a }') s"
}

echo platform > /sys/power/pm_test || rxs_fail "cannot set pm_test to platform"
i=1
while [ "$i" -le "$cycles" ] && [ "${RXS_SLEEP_TRAFFIC:-1}" = 0 ]; do
	rxs_step "sleep cycle $i of $cycles, traffic stopped"
	d3=$(rxs_model_counter d3_resets)
	sleep_once "cycle $i"
	rxs_wait_link 20
	d3_check "cycle $i" "$d3"
	chip_check "cycle $i"
	rxs_iperf rev 4 4
	settings > /tmp/settings1.txt
	cmp -s /tmp/settings0.txt /tmp/settings1.txt ||
		{ diff /tmp/settings0.txt /tmp/settings1.txt; rxs_fail "cycle $i: settings changed across sleep (above)"; }
	i=$((i + 1))
done
while [ "$i" -le "$cycles" ]; do
	rxs_step "sleep cycle $i of $cycles under iperf3 -R -P 4"
	rxs_in_peer iperf3 -s -1 -D -B "$RXS_PEER_IP" --logfile /tmp/iperf3-server.log ||
		rxs_fail "iperf3 server did not start"
	sleep 1
	timeout 60 iperf3 -c "$RXS_PEER_IP" -B "$RXS_DUT_IP" -P 4 -t 18 -R -f m \
		--connect-timeout 5000 > /tmp/iperf3.txt 2>&1 &
	ipid=$!
	sleep 4
	before=$(rx_total)
	d3=$(rxs_model_counter d3_resets)
	sleep_once "cycle $i"
	rxs_wait_link 20
	d3_check "cycle $i" "$d3"
	chip_check "cycle $i"
	wait "$ipid"
	rc=$?
	grep -E 'SUM.*receiver|error' /tmp/iperf3.txt | tail -n 2
	[ "$rc" = 0 ] || { cat /tmp/iperf3.txt; rxs_fail "cycle $i: iperf3 across the sleep exited with $rc"; }
	got=$(( $(rx_total) - before ))
	rxs_say "cycle $i: $got packets received from just before the sleep to the end"
	[ "$got" -gt 1000 ] || rxs_fail "cycle $i: only $got packets after resume"
	settings > /tmp/settings1.txt
	if ! cmp -s /tmp/settings0.txt /tmp/settings1.txt; then
		diff /tmp/settings0.txt /tmp/settings1.txt
		rxs_fail "cycle $i: settings changed across sleep (above)"
	fi
	rxs_ping 3
	i=$((i + 1))
done

rxs_step "sleep with the interface down"
ip link set "$RXS_DUT" down || rxs_fail "link down"
d3=$(rxs_model_counter d3_resets)
sleep_once "down"
d3_check "down" "$d3"
ip link show "$RXS_DUT" | grep -q '[<,]UP[,>]' &&
	rxs_fail "the interface came up by itself after resume"
grep -c "$RXS_DUT-" /proc/interrupts | grep -qx 0 ||
	rxs_fail "IRQ handlers of a down interface after resume"
ip link set "$RXS_DUT" up || rxs_fail "link up after resume"
rxs_wait_link 20
rxs_ping 3
rxs_iperf rev 4 5
settings > /tmp/settings1.txt
cmp -s /tmp/settings0.txt /tmp/settings1.txt ||
	{ diff /tmp/settings0.txt /tmp/settings1.txt; rxs_fail "settings changed across down/sleep/up"; }
chip_check "down, sleep, up"
echo none > /sys/power/pm_test

rxs_no_iface_errors
rmmod r8127 || rxs_fail "rmmod r8127"
rxs_dmesg_check
