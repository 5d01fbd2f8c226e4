#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# scripts/rxscale-switch-driver in the guest (run-scenario.sh --file
# scripts/rxscale-switch-driver --module r8127.ko --env
# RXS_STOCK_DRIVER=always): the DUT starts on the in-tree r8169; bad input
# is refused with exit status 2 and changes nothing; --dry-run changes
# nothing; r8169 -> r8127 (module loaded by the script, --persist writes the
# softdep) -> r8169 (--persist removes it), traffic both ways after each move.
. ./lib.sh
SW=$RXS_DIR/files/rxscale-switch-driver
CONF=/etc/modprobe.d/rxscale-switch-driver.conf
[ -x "$SW" ] || rxs_fail "$SW missing (run-scenario.sh --file scripts/rxscale-switch-driver)"
P=/sys/bus/pci/devices/$RXS_DUT_PCI

rxs_setup r8169
rxs_wait_link 20
# r8169 opens the DUT three times (set-up and the two moves back), r8127
# is probed twice (the two moves to it): each asks for the missing firmware
rxs_dmesg_expect_nofw 3 r8169
rxs_dmesg_expect_nofw 2 r8127

drv_of() {
	basename "$(readlink -f "$P/driver")"
}

# state: what must not change on refused input or --dry-run
state() {
	echo "driver=$(drv_of) override=$(cat "$P/driver_override") conf=$([ -e "$CONF" ] && echo yes || echo no) r8127=$(grep -c '^r8127 ' /proc/modules) iface=$(rxs_iface_of_pci "$RXS_DUT_PCI")"
}

# expect_refused WHAT ARGS...: exit status 2, nothing changed
expect_refused() {
	_what=$1
	shift
	_before=$(state)
	"$SW" "$@" > /tmp/sw.out 2>&1
	_rc=$?
	sed 's/^/    /' /tmp/sw.out
	[ "$_rc" = 2 ] || rxs_fail "$_what: exit status $_rc, expected 2"
	grep -q 'rxscale-switch-driver: ' /tmp/sw.out || rxs_fail "$_what: no error message"
	[ "$(state)" = "$_before" ] || rxs_fail "$_what changed the state: $_before -> $(state)"
	rxs_say "$_what: refused (2), nothing changed"
}

# moved DRIVER: the DUT is bound to DRIVER, gets its address, link, traffic
moved() {
	[ "$(drv_of)" = "$1" ] || rxs_fail "DUT bound to '$(drv_of)', expected $1"
	# the peer lives in its namespace: look up the DUT alone
	rxs_dut_attach "the move to $1" "$1"
	rxs_say "DUT is $RXS_DUT on $1"
	rxs_ping 3
	rxs_iperf rev 4 5
	rxs_iperf fwd 4 5
}

rxs_step "start on r8169"
[ "$(drv_of)" = r8169 ] || rxs_fail "DUT starts on '$(drv_of)', not r8169"
# baseline: r8169 moves traffic both ways before r8127 ever ran
rxs_ping 3
rxs_iperf rev 4 5
rxs_iperf fwd 4 5
# the script has to load r8127 itself
rmmod r8127 || rxs_fail "rmmod r8127"
"$SW" --status "$RXS_DUT" || rxs_fail "--status"
rxs_say "state: $(state)"

rxs_step "bad input"
expect_refused "unknown driver" "$RXS_DUT" e1000e
expect_refused "unknown driver (empty)" "$RXS_DUT" ""
expect_refused "unknown interface" eth9 r8127
expect_refused "path as device" ../../etc r8127
expect_refused "absent PCI address" 0000:00:1f.0 r8127
expect_refused "malformed PCI address" 1:0.0 r8127
expect_refused "virtio NIC to r8127" "$RXS_PEER_PCI" r8127
expect_refused "virtual interface" lo r8127
expect_refused "unknown option" --force "$RXS_DUT" r8127
expect_refused "missing driver" "$RXS_DUT"

rxs_step "--dry-run"
_before=$(state)
"$SW" --dry-run --persist "$RXS_DUT" r8127 || rxs_fail "--dry-run exit status $?"
[ "$(state)" = "$_before" ] || rxs_fail "--dry-run changed the state: $_before -> $(state)"
rxs_say "--dry-run: nothing changed"

rxs_step "r8169 -> r8127 (--persist), by interface name"
"$SW" --persist "$RXS_DUT" r8127 || rxs_fail "switch to r8127: exit status $?"
rxs_say "state: $(state)"
grep -q '^r8127 ' /proc/modules || rxs_fail "r8127 not loaded"
[ "$(cat "$P/driver_override")" = r8127 ] || rxs_fail "driver_override is '$(cat "$P/driver_override")'"
grep -qx 'softdep r8169 pre: r8127' "$CONF" || rxs_fail "$CONF has no softdep"
modprobe -c | grep -qx 'softdep r8169 pre: r8127' || rxs_fail "modprobe -c does not see the softdep"
moved r8127
ethtool -l "$RXS_DUT" | tail -n 5
"$SW" "$RXS_DUT" r8127 | grep -q 'already bound' || rxs_fail "second switch to r8127 not a no-op"
[ "$(drv_of)" = r8127 ] || rxs_fail "no-op switch moved the device"

rxs_step "r8127 -> r8169 (--persist), by PCI address"
"$SW" --persist "${RXS_DUT_PCI#0000:}" r8169 || rxs_fail "switch to r8169: exit status $?"
rxs_say "state: $(state)"
[ "$(cat "$P/driver_override")" = "(null)" ] ||
	rxs_fail "driver_override left at '$(cat "$P/driver_override")'"
[ -e "$CONF" ] && rxs_fail "$CONF still there"
moved r8169

rxs_step "r8169 -> r8127 -> r8169 again (no --persist)"
"$SW" "$RXS_DUT" r8127 || rxs_fail "second switch to r8127"
moved r8127
"$SW" "$RXS_DUT_PCI" r8169 || rxs_fail "second switch back to r8169"
moved r8169
[ -e "$CONF" ] && rxs_fail "$CONF written without --persist"
"$SW" --status "$RXS_DUT"
rxs_no_iface_errors
rxs_dmesg_check
