#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# scripts/rxscale-switch-driver on a platform DUT (issues 15 and 16): the
# device starts on the in-tree driver, bad input is refused with exit
# status 2 and changes nothing, --dry-run changes nothing, then in-tree ->
# ours (module loaded by the script, --persist writes the softdep) -> in-tree
# (--persist removes it) and the same round trip without --persist; after
# every move: the interface on the expected driver, ping and iperf3 both ways
# counted at the peer.
#
# Run with --file scripts/rxscale-switch-driver, RXS_STOCK_DRIVER=always and
# ours injected (--module), and:
#   RXS_SW_INTREE      the in-tree driver's name (ravb, mtk_soc_eth)
#   RXS_SW_INTREE_MOD  its module (ravb, mtk_eth)
#   RXS_SW_OURS        ours (rzg2l_gbeth, mt7988_eth)
#   RXS_SW_OTHER       a platform driver of the tool that cannot drive this
#                      device (mt7988_eth, rzg2l_gbeth): refused
# matrix.txt has the two lines.
. ./lib.sh
SW=$RXS_DIR/files/rxscale-switch-driver
CONF=/etc/modprobe.d/rxscale-switch-driver.conf
IN=${RXS_SW_INTREE:?}
IN_MOD=${RXS_SW_INTREE_MOD:?}
OURS=${RXS_SW_OURS:?}
OTHER=${RXS_SW_OTHER:?}
[ -x "$SW" ] || rxs_fail "$SW missing (run-scenario.sh --file scripts/rxscale-switch-driver)"
[ "${RXS_DUT_BUS:-pci}" = platform ] || rxs_fail "run with a platform DUT, not '$RXS_NIC'"
P=$RXS_DUT_DEVPATH
ADDR=$(basename "$P")

rxs_setup "$IN"
rxs_wait_link 20
# upstream mtk_eth's remove path warns (WARN_ONCE) and its re-probe finds
# its own debugfs files still there: named, counted (lib.sh); two removes
# and two re-probes in this scenario (after rxs_setup: its marker resets
# the expectations)
[ "$IN_MOD" = mtk_eth ] && rxs_dmesg_expect_mtk_reload 2 unbind

drv_of() {
	[ -e "$P/driver" ] && basename "$(readlink -f "$P/driver")"
}

state() {
	echo "driver=$(drv_of) override=$(cat "$P/driver_override") conf=$([ -e "$CONF" ] && echo yes || echo no) ours=$(grep -c "^$OURS " /proc/modules) iface=$(rxs_iface_of_pci "")"
}

# expect_refused WHAT ARGS...: exit status 2, a message, nothing changed
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
	rxs_dut_attach "the move to $1" "$1"
	rxs_say "DUT is $RXS_DUT on $1"
	rxs_ping 3
	rxs_iperf rev 4 5
	rxs_iperf fwd 4 5
}

rxs_step "start on $IN"
[ "$(drv_of)" = "$IN" ] || rxs_fail "DUT starts on '$(drv_of)', not $IN"
rxs_ping 3
rxs_iperf rev 4 5
rxs_iperf fwd 4 5
# the script has to load ours itself
rmmod "$OURS" || rxs_fail "rmmod $OURS"
"$SW" --status "$RXS_DUT" || rxs_fail "--status"
"$SW" --status "$ADDR" | grep -q "^device: *$ADDR (platform, " || rxs_fail "--status by device name"
rxs_say "state: $(state)"

rxs_step "bad input"
expect_refused "unknown driver" "$RXS_DUT" e1000e
expect_refused "a PCI driver for a platform device" "$RXS_DUT" r8127
expect_refused "a platform driver for another device" "$RXS_DUT" "$OTHER"
expect_refused "the virtio peer's PCI device to $OURS" "$RXS_PEER_PCI" "$OURS"
expect_refused "absent platform device" 1000.nothing "$OURS"
expect_refused "path as device" "../$ADDR" "$OURS"
expect_refused "virtual interface" lo "$OURS"
expect_refused "missing driver" "$RXS_DUT"

rxs_step "--dry-run"
_before=$(state)
"$SW" --dry-run --persist "$RXS_DUT" "$OURS" || rxs_fail "--dry-run exit status $?"
[ "$(state)" = "$_before" ] || rxs_fail "--dry-run changed the state: $_before -> $(state)"
rxs_say "--dry-run: nothing changed"

rxs_step "$IN -> $OURS (--persist), by interface name"
"$SW" --persist "$RXS_DUT" "$OURS" || rxs_fail "switch to $OURS: exit status $?"
rxs_say "state: $(state)"
grep -q "^$OURS " /proc/modules || rxs_fail "$OURS not loaded"
[ "$(cat "$P/driver_override")" = "$OURS" ] || rxs_fail "driver_override is '$(cat "$P/driver_override")'"
grep -qx "softdep $IN_MOD pre: $OURS" "$CONF" || rxs_fail "$CONF has no softdep"
modprobe -c | grep -qx "softdep $IN_MOD pre: $OURS" || rxs_fail "modprobe -c does not see the softdep"
moved "$OURS"
"$SW" "$RXS_DUT" "$OURS" | grep -q 'already bound' || rxs_fail "second switch to $OURS not a no-op"

rxs_step "$OURS -> $IN (--persist), by platform device name"
"$SW" --persist "$ADDR" "$IN_MOD" || rxs_fail "switch to $IN: exit status $?"
rxs_say "state: $(state)"
[ "$(cat "$P/driver_override")" = "(null)" ] ||
	rxs_fail "driver_override left at '$(cat "$P/driver_override")'"
[ -e "$CONF" ] && rxs_fail "$CONF still there"
moved "$IN"

rxs_step "$IN -> $OURS -> $IN again (no --persist)"
"$SW" "$ADDR" "$OURS" || rxs_fail "second switch to $OURS"
moved "$OURS"
"$SW" "$RXS_DUT" "$IN" || rxs_fail "second switch back to $IN"
moved "$IN"
[ -e "$CONF" ] && rxs_fail "$CONF written without --persist"
"$SW" --status "$RXS_DUT"
rxs_no_iface_errors
rxs_dmesg_check
