#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# r8127: reconfiguration under allocation failure (issue 11, item 1).
# Under iperf3 --bidir -P 4 (4 streams each way), starting from
# "rx 2 tx 1" channels and 1024-descriptor rings:
#   1. with RXS_RECONF_FAILS (default 1) allocation failures injected
#      (debugfs RXS_RECONF_KNOB, default fail_reconf_alloc: the RX buffers
#      that fill a new configuration's rings), "ethtool -L rx 4 tx 2" (adds
#      queues and interrupt lines) fails with "Cannot allocate memory";
#      ethtool -l shows the old channels, the DUT holds the same interrupt
#      lines, its carrier never dropped (carrier_changes unchanged: the
#      running datapath was not stopped), the streams keep moving bytes
#      both ways and ping answers;
#   2. the same for "ethtool -G rx 512 tx 512" (ethtool -g unchanged);
#   3. without injection the same two changes succeed and ethtool -l/-g
#      show them, with traffic both ways after each;
#   4. no interface errors, clean dmesg (but the one line the driver logs
#      for each refused change).
# On a driver without fail_reconf_alloc, RXS_RECONF_KNOB=fail_rx_alloc with
# a large RXS_RECONF_FAILS injects the failure into the ring fill too (and
# into the datapath refill until the knob is reset right after the change).
. ./lib.sh
RXS_RECONF_KNOB=${RXS_RECONF_KNOB:-fail_reconf_alloc}
RXS_RECONF_FAILS=${RXS_RECONF_FAILS:-1}

rxs_setup r8127
rxs_wait_link 20
# the kernel log lines this scenario causes at warning level or above: the
# PHY patch asked for once (probe); each refused change fails on the first
# buffer of the new RX ring 0 and is logged (1024-descriptor rings for -L,
# the new 512 for -G)
_np="r8127 $RXS_DUT_PCI $RXS_DUT:"
rxs_dmesg_expect_nofw 1
rxs_dmesg_expect err 2 "$_np reconfiguration failed (-12), restoring the old configuration (it kept running)"
rxs_dmesg_expect warn 1 "$_np RX queue 0: no buffer for slot 0 of 1024"
rxs_dmesg_expect warn 1 "$_np RX queue 0: no buffer for slot 0 of 512"
rxs_ping 3
knob=/sys/kernel/debug/r8127/$RXS_DUT_PCI/$RXS_RECONF_KNOB
[ -f "$knob" ] || { ls /sys/kernel/debug/r8127/"$RXS_DUT_PCI" 2>&1; rxs_fail "no $knob"; }

# ---------------------------------------------------------------- helpers

# channels / rings: the "Current" part of ethtool -l / -g on one line
channels() {
	ethtool -l "$RXS_DUT" | sed -n '/^Current/,$p' | tr -s ' \t' ' ' | tr '\n' ' '
}
rings() {
	ethtool -g "$RXS_DUT" | sed -n '/^Current/,$p' | grep -E '^(RX|TX):' |
		tr -s ' \t' ' ' | tr '\n' ' '
}
# lines: the DUT's interrupt lines in /proc/interrupts, by name
lines() {
	grep -oE "[[:space:]]$RXS_DUT(-[a-z]+(-[0-9]+)?)?\$" /proc/interrupts |
		tr -d ' \t' | sort | tr '\n' ' '
}
carrier_changes() {
	cat "/sys/class/net/$RXS_DUT/carrier_changes"
}
# progress WHAT: the background streams move both ways after WHAT
progress() {
	rxs_bg_progress "$@"
	rxs_say "traffic both ways after: $* (rx +$RXS_PROGRESS_RX B, tx +$RXS_PROGRESS_TX B)"
}

# refused WHAT CMD...: with the failures injected, CMD fails with ENOMEM
# and changes nothing; the datapath kept running
refused() {
	_what=$1
	shift
	_ch0=$(channels)
	_rg0=$(rings)
	_ln0=$(lines)
	_cc0=$(carrier_changes)
	echo "$RXS_RECONF_FAILS" > "$knob" || rxs_fail "cannot write $knob"
	_err=$("$@" 2>&1) && { echo "0" > "$knob"; rxs_fail "$_what with $RXS_RECONF_FAILS allocation failure(s) injected succeeded"; }
	_left=$(cat "$knob")
	echo 0 > "$knob"
	echo "$_err"
	echo "$_err" | grep -q "Cannot allocate memory" ||
		rxs_fail "$_what failed with '$_err', not ENOMEM (Cannot allocate memory)"
	[ "$_left" -lt "$RXS_RECONF_FAILS" ] ||
		rxs_fail "$_what: no injected failure was taken ($RXS_RECONF_KNOB still $_left)"
	_ch1=$(channels)
	_rg1=$(rings)
	_ln1=$(lines)
	_cc1=$(carrier_changes)
	[ "$_ch1" = "$_ch0" ] || rxs_fail "refused $_what changed the channels: '$_ch0' -> '$_ch1'"
	[ "$_rg1" = "$_rg0" ] || rxs_fail "refused $_what changed the rings: '$_rg0' -> '$_rg1'"
	[ "$_ln1" = "$_ln0" ] || rxs_fail "refused $_what changed the interrupt lines: '$_ln0' -> '$_ln1'"
	progress "refused $_what"
	rxs_ping_some "refused $_what"
	[ "$_cc1" = "$_cc0" ] && [ "$(carrier_changes)" = "$_cc0" ] ||
		rxs_fail "refused $_what: carrier_changes $_cc0 -> $(carrier_changes), the datapath was stopped"
	dmesg | tail -n 5 | grep -q "reconfiguration failed (-12)" ||
		rxs_fail "no 'reconfiguration failed (-12)' line for the refused $_what"
	rxs_say "refused $_what: ENOMEM, channels '$_ch1', rings '$_rg1', lines '$_ln1' kept, carrier_changes $_cc1, traffic flows"
}

# ---------------------------------------------------------------- 0. start
rxs_step "start: rx 2 tx 1, rings 1024, iperf3 --bidir -P 4"
# (ethtool may exit non-zero when a setting is already what is asked)
ethtool -L "$RXS_DUT" combined 0 rx 2 tx 1
ethtool -G "$RXS_DUT" rx 1024 tx 1024
rxs_wait_up "setup"
rxs_say "channels '$(channels)', rings '$(rings)', lines '$(lines)'"
channels | grep -q "RX: 2 TX: 1" || rxs_fail "channels are '$(channels)', not rx 2 tx 1"
[ "$(rings)" = "RX: 1024 TX: 1024 " ] || rxs_fail "rings are '$(rings)', not 1024/1024"
rxs_bg_start bidir 600 --bidir -P 4
progress "start"

# ---------------------------------------------------------------- 1./2.
rxs_step "ethtool -L and -G with $RXS_RECONF_FAILS allocation failure(s) ($RXS_RECONF_KNOB)"
refused "ethtool -L rx 4 tx 2" ethtool -L "$RXS_DUT" combined 0 rx 4 tx 2
refused "ethtool -G rx 512 tx 512" ethtool -G "$RXS_DUT" rx 512 tx 512

# ---------------------------------------------------------------- 3.
rxs_step "the same changes without injection"
ethtool -L "$RXS_DUT" combined 0 rx 4 tx 2 || rxs_fail "ethtool -L rx 4 tx 2 without injection"
_ch=$(channels)
echo "$_ch" | grep -q "RX: 4 TX: 2" || rxs_fail "after -L rx 4 tx 2: channels '$_ch'"
rxs_bg_after "ethtool -L rx 4 tx 2"
_ln=$(lines)
for _l in rx-0 rx-1 rx-2 rx-3 tx-0 tx-1 link; do
	case " $_ln " in
	*" $RXS_DUT-$_l "*) ;;
	*) rxs_fail "after -L rx 4 tx 2: no line $RXS_DUT-$_l in '$_ln'" ;;
	esac
done
ethtool -G "$RXS_DUT" rx 512 tx 512 || rxs_fail "ethtool -G rx 512 tx 512 without injection"
_rg=$(rings)
[ "$_rg" = "RX: 512 TX: 512 " ] || rxs_fail "after -G rx 512 tx 512: rings '$_rg'"
rxs_bg_after "ethtool -G rx 512 tx 512"
rxs_say "without injection: channels '$_ch', rings '$_rg', lines '$_ln'"
rxs_bg_stop

# ---------------------------------------------------------------- 4.
ethtool -G "$RXS_DUT" rx 1024 tx 1024 || rxs_fail "ethtool -G back to 1024"
rxs_wait_up "ethtool -G back to 1024"
rxs_ping 3
rxs_no_iface_errors
rxs_dmesg_check
