#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# r8127's probe: which devices it takes and which it leaves alone.
#
# The RTL8127 model presents PCI ID 10ec:<device-id> and a TxConfig XID
# (QEMU properties, run-scenario.sh --nic "rtl8127,device-id=...,xid=...").
# RXS_PROBE_EXPECT says what r8127 must do with it:
#
#   bind    it binds, names the chip RTL8127A, reports the PCI ID the
#           model was given (RXS_PROBE_DEVICE_ID, e.g. 0x0e10), and the
#           link carries traffic both ways;
#   refuse  the chip is not an RTL8127A (another XID): the module loads,
#           the device gets no driver and no interface, the log names the
#           XID it found, and rmmod is clean.
. ./lib.sh

expect=${RXS_PROBE_EXPECT:-bind}
want_id=${RXS_PROBE_DEVICE_ID:-0x8127}
dev=/sys/bus/pci/devices/$RXS_DUT_PCI

rxs_step "PCI identity"
[ -d "$dev" ] || rxs_fail "no PCI device at $RXS_DUT_PCI"
rxs_say "vendor $(cat "$dev/vendor") device $(cat "$dev/device") revision $(cat "$dev/revision")"
[ "$(cat "$dev/vendor")" = 0x10ec ] || rxs_fail "vendor is $(cat "$dev/vendor"), not 0x10ec"
[ "$(cat "$dev/device")" = "$want_id" ] ||
	rxs_fail "device ID is $(cat "$dev/device"), the model was given $want_id"

case $expect in
bind)
	rxs_setup r8127
	rxs_wait_link 20
	rxs_dmesg_expect_nofw 1
	dmesg | grep -E "r8127 .*RTL8127A" ||
		rxs_fail "r8127 did not name the chip RTL8127A"
	rxs_ping 3
	rxs_iperf rev 4 5
	rxs_iperf fwd 4 5
	rmmod r8127 || rxs_fail "rmmod r8127"
	;;
refuse)
	rxs_dmesg_mark
	rxs_load_driver
	# the refusal, once, at error level; no firmware request (the probe
	# stops before it)
	if [ -n "${RXS_PROBE_XID:-}" ]; then
		rxs_dmesg_expect err 1 "r8127 $RXS_DUT_PCI: unknown chip XID $(printf '%03x' "$((RXS_PROBE_XID & 0xfcf))")"
	else
		rxs_dmesg_expect_re err 1 "r8127 $RXS_DUT_PCI: unknown chip XID [0-9a-f]{3}"
	fi
	grep -q '^r8127 ' /proc/modules || rxs_fail "r8127 is not loaded"
	sleep 1
	[ -e "$dev/driver" ] &&
		rxs_fail "r8127 took a chip with XID ${RXS_PROBE_XID:-?}: bound to $(basename "$(readlink -f "$dev/driver")")"
	_if=$(rxs_iface_of_pci "$RXS_DUT_PCI" || true)
	[ -z "$_if" ] || rxs_fail "interface $_if exists for a refused chip"
	rxs_dmesg_new > /tmp/probe-log.txt
	_line=$(grep "unknown chip XID" /tmp/probe-log.txt || true)
	[ -n "$_line" ] || rxs_fail "no 'unknown chip XID' line in the log"
	echo "$_line"
	if [ -n "${RXS_PROBE_XID:-}" ]; then
		_x=$(printf '%03x' "$((RXS_PROBE_XID & 0xfcf))")
		echo "$_line" | grep -q "XID $_x\$" ||
			rxs_fail "the log does not name XID $_x"
	fi
	grep -c r8127 /proc/interrupts | grep -qx 0 ||
		rxs_fail "r8127 holds interrupts for a refused chip"
	rmmod r8127 || rxs_fail "rmmod r8127"
	;;
*)
	rxs_fail "RXS_PROBE_EXPECT must be bind or refuse, not '$expect'"
	;;
esac
rxs_dmesg_check
