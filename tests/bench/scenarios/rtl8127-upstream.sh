#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Upstream r8169 on the RTL8127 model (run with --nic rtl8127): probe as
# RTL8127A, 10G link through the realtek PHY driver, ping, TCP both ways
# with 4 streams, the hardware tally counters, interface down/up and
# rmmod/modprobe cycles, and a clean kernel log. With the defaults this is
# the bench's independence check (issue 3): a driver nobody here wrote,
# 30 s of iperf3 -P 4 each way without interface errors, 10 reload cycles.
# make check's gate runs it shortened (RXS_SECS=5, RXS_CYCLES=3,
# RXS_EXTRAS=0: no IPv6, UDP or jumbo frames).
. ./lib.sh

# Debian has no rtl_nic/rtl8127a-1.fw (PHY patch); r8169 treats the missing
# file as non-fatal and runs without it (rtl_request_firmware), asking at
# every open: rxs_load_driver expects its line (1+).

RXS_CYCLES=${RXS_CYCLES:-10}
RXS_SECS=${RXS_SECS:-30}
# IPv6, UDP and jumbo frames (RXS_EXTRAS=0 leaves them to the full tier).
RXS_EXTRAS=${RXS_EXTRAS:-1}

rxs_setup r8169
rxs_wait_link 20

rxs_step "identity"
dmesg | grep -q 'RTL8127A' || rxs_fail "r8169 did not identify an RTL8127A"
dmesg | grep 'RTL8127A' | tail -n 1
_phydrv=$(basename "$(readlink -f "/sys/class/net/$RXS_DUT/phydev/driver")")
rxs_say "PHY driver: $_phydrv"
echo "$_phydrv" | grep -q 'NBASE-T' || rxs_fail "PHY not bound to the Realtek NBASE-T driver"
_speed=$(ethtool "$RXS_DUT" | sed -n 's/^[[:space:]]*Speed: //p')
[ "$_speed" = 10000Mb/s ] || rxs_fail "link speed '$_speed', expected 10000Mb/s"
ethtool "$RXS_DUT" | grep -q '10000baseT/Full' || rxs_fail "10000baseT/Full not supported"

rxs_ping 5
rxs_iperf fwd 4 "$RXS_SECS"
rxs_iperf rev 4 "$RXS_SECS"
rxs_irqs
rxs_no_iface_errors

extras() {
	# IPv6: neighbour discovery goes through the multicast hash filter (MAR),
	# TCP through IPv6 checksum offload and TSO6.
	rxs_step "IPv6"
	ip -6 addr add fd00:8127::1/64 dev "$RXS_DUT" nodad || rxs_fail "DUT IPv6 address"
	rxs_in_peer ip -6 addr add fd00:8127::2/64 dev "$RXS_PEER" nodad ||
		rxs_fail "peer IPv6 address"
	ping -6 -c 3 -W 2 fd00:8127::2 > /tmp/ping6.txt 2>&1
	tail -n 2 /tmp/ping6.txt
	grep -q ' 3 packets received' /tmp/ping6.txt || rxs_fail "ping -6: packets lost"
	rxs_in_peer iperf3 -s -1 -D -B fd00:8127::2 || rxs_fail "iperf3 -6 server"
	rxs_wait_listen 5201
	timeout 40 iperf3 -6 -c fd00:8127::2 -P 2 -t 5 -f m > /tmp/iperf6.txt 2>&1 ||
		{ cat /tmp/iperf6.txt; rxs_fail "iperf3 -6 failed"; }
	_m6=$(grep SUM /tmp/iperf6.txt | grep receiver | awk '{for (i = 1; i <= NF; i++) if ($i == "Mbits/sec") print $(i - 1)}')
	echo "RXSCALE-IPERF: fwd6 streams=2 seconds=5 mbits=$_m6"
	awk -v m="${_m6:-0}" 'BEGIN { exit !(m >= 1) }' || rxs_fail "iperf3 -6: $_m6 Mbit/s"

	# UDP both ways: TX UDP checksum offload, RX UDP checksum status.
	rxs_udp_both_ways 20 3

	# Jumbo frames: 9000-byte MTU, frames of up to 9018 bytes in one buffer.
	rxs_step "jumbo"
	ip link set "$RXS_DUT" mtu 9000 || rxs_fail "DUT mtu 9000"
	rxs_in_peer ip link set "$RXS_PEER" mtu 9000 || rxs_fail "peer mtu 9000"
	ping -c 3 -W 2 -s 8900 "$RXS_PEER_IP" > /tmp/pingj.txt 2>&1
	tail -n 2 /tmp/pingj.txt
	grep -q ' 3 packets received' /tmp/pingj.txt || rxs_fail "jumbo ping: packets lost"
	rxs_iperf rev 2 5
	rxs_iperf fwd 2 5
	ip link set "$RXS_DUT" mtu 1500
	rxs_in_peer ip link set "$RXS_PEER" mtu 1500
}

if [ "$RXS_EXTRAS" = 1 ]; then
	extras
else
	rxs_say "IPv6, UDP and jumbo frames not run here (RXS_EXTRAS=0): the full tier runs them"
fi

rxs_step "tally counters"
ethtool -S "$RXS_DUT" > /tmp/rtl-stats.txt || rxs_fail "ethtool -S failed"
grep -E 'tx_packets|rx_packets|tx_errors|rx_errors|rx_missed|unicast' /tmp/rtl-stats.txt
_txp=$(sed -n 's/^[[:space:]]*tx_packets: //p' /tmp/rtl-stats.txt)
_rxp=$(sed -n 's/^[[:space:]]*rx_packets: //p' /tmp/rtl-stats.txt)
[ "${_txp:-0}" -gt 1000 ] || rxs_fail "hardware tx_packets '$_txp' too low"
[ "${_rxp:-0}" -gt 1000 ] || rxs_fail "hardware rx_packets '$_rxp' too low"

rxs_down_up

rxs_reload_cycles "$RXS_CYCLES" r8169
rxs_iperf rev 4 5

rxs_dmesg_check
