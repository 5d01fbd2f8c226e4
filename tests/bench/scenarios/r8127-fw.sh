#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# r8127 with a PHY firmware file present (rtl_nic/rtl8127a-1.fw). The
# files come from tests/bench/tools/mkrtlfw.sh (run-scenario.sh --file
# build/bench-tools/rtlfw/<case>.fw); RXS_FW_CASE names the one to install:
#
#   good     loaded ("version rxscale-test-1, 21 actions"), run at every
#            bring-up with exactly 24 steps, 3 PHY and 1 MAC writes (the
#            driver's debug line, switched on with dyndbg), shown by
#            ethtool -i; link and traffic as without firmware
#   badsum   refused at load (checksum), the PHY keeps its built-in code
#   badjump  refused at load (action 1 jumps outside the list)
#   hang     loaded, but never finishes: cut off after 2 s at each
#            bring-up with a warning; link and traffic still work
#
# With any file the driver must come up, pass traffic both ways, go down
# and up again and unload cleanly.
. ./lib.sh

case=${RXS_FW_CASE:-good}
src=$RXS_DIR/files/$case.fw
[ -f "$src" ] || rxs_fail "no $src (run-scenario.sh --file build/bench-tools/rtlfw/$case.fw)"
mkdir -p /lib/firmware/rtl_nic /etc/modprobe.d
cp "$src" /lib/firmware/rtl_nic/rtl8127a-1.fw
# the per-bring-up line is a netdev_dbg
echo "options r8127 dyndbg=+p" > /etc/modprobe.d/r8127-debug.conf
rxs_say "installed $case.fw as rtl_nic/rtl8127a-1.fw ($(wc -c < "$src") bytes)"

rxs_setup r8127
rxs_wait_link 20
rxs_ping 3
# the warnings each case must log, exactly (one probe; the interpreter
# runs at each of the two bring-ups)
_dp="r8127 $RXS_DUT_PCI"
case $case in
badsum) rxs_dmesg_expect warn 1 "$_dp: firmware rtl_nic/rtl8127a-1.fw: bad header, size or checksum; using the PHY's built-in code" ;;
badjump) rxs_dmesg_expect warn 1 "$_dp: firmware rtl_nic/rtl8127a-1.fw: action 1 (0x30050000) is invalid or jumps outside the list; using the PHY's built-in code" ;;
# hang.fw has no header: the driver names it by its default version
hang) rxs_dmesg_expect_num warn 2 "$_dp $RXS_DUT: firmware rtl8127a-1 did not finish within 2000 ms (# steps); the PHY may run partly patched" ;;
esac

# log: the kernel log since the marker (rxs_dmesg_new: fails if it wrapped)
log() {
	rxs_dmesg_new > /tmp/fw-log.txt
	cat /tmp/fw-log.txt
}

# runs N: the number of completed firmware runs must be N, each with the
# expected counts
runs() {
	_n=$(log | grep -c "firmware rxscale-test-1: 24 steps, 3 PHY and 1 MAC writes" || true)
	_any=$(log | grep -c "firmware rxscale-test-1: .* steps" || true)
	[ "$_any" = "$_n" ] || { log | grep "firmware rxscale-test-1:"; rxs_fail "a firmware run with other counts than 24 steps, 3 PHY and 1 MAC writes"; }
	[ "$_n" = "$1" ] || rxs_fail "$_n firmware runs logged, expected $1"
}

fwver=$(ethtool -i "$RXS_DUT" | sed -n 's/^firmware-version: *//p')
rxs_say "ethtool -i firmware-version: '$fwver'"
rxs_step "firmware case $case"
case $case in
good)
	log | grep -E "r8127 .*firmware" || true
	log | grep -q "firmware rtl_nic/rtl8127a-1.fw version rxscale-test-1, 21 actions" ||
		rxs_fail "no 'version rxscale-test-1, 21 actions' line at load"
	runs 1
	[ "$fwver" = rxscale-test-1 ] || rxs_fail "ethtool -i shows '$fwver', not rxscale-test-1"
	;;
badsum|badjump)
	if [ "$case" = badsum ]; then
		_want="bad header, size or checksum"
	else
		_want="action 1 (0x30050000) is invalid or jumps outside the list"
	fi
	log | grep -E "r8127 .*firmware" || true
	log | grep -q "firmware rtl_nic/rtl8127a-1.fw: $_want; using the PHY's built-in code" ||
		rxs_fail "no '$_want' warning"
	log | grep -q "steps" && rxs_fail "a refused firmware was run"
	[ -z "$fwver" ] || rxs_fail "ethtool -i shows firmware '$fwver' for a refused file"
	;;
hang)
	log | grep -E "r8127 .*firmware" || true
	log | grep -q "did not finish within 2000 ms" ||
		rxs_fail "no 'did not finish within 2000 ms' warning"
	;;
*)
	rxs_fail "RXS_FW_CASE must be good, badsum, badjump or hang, not '$case'"
	;;
esac

rxs_iperf rev 4 5
rxs_iperf fwd 4 5

rxs_step "down and up: the firmware runs again"
ip link set "$RXS_DUT" down
ip link set "$RXS_DUT" up || rxs_fail "link up"
rxs_wait_link 20
rxs_ping 3
case $case in
good) runs 2 ;;
hang)
	[ "$(log | grep -c "did not finish within 2000 ms")" = 2 ] ||
		rxs_fail "expected a second cut-off run after down/up"
	;;
esac
rmmod r8127 || rxs_fail "rmmod r8127"
rm -f /etc/modprobe.d/r8127-debug.conf
rxs_dmesg_check
