#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# mt7988_eth (issue 15): every flow arrives on the RX ring that an
# independent software Toeplitz (tests/bench/tools/rsscheck, over the key
# and table ethtool -x shows) and the indirection table predict, for
# >= 1000 flows: UDP and TCP over IPv4 and IPv6 and ICMP echo requests
# from the peer. The frame engine writes no RSS hash into the RX
# descriptor (docs/hw/mt7988-driver.md "RSS"), so rsscheck compares the
# RX queue only (--queue-only; the driver's skb_record_rx_queue), and the
# hash types it assumes are the ones the driver reports with ethtool -n
# rx-flow-hash. Two rounds: the default table, then ethtool -X weight
# 1 2 0 3 (queue 2 takes no bucket), so a table the driver did not write
# to the hardware fails the second. Run with --nic mt7988 and the
# rxscale_core and mt7988_eth modules and build/bench-tools/rsscheck.
# Settings: lib.sh rxs_rsshash_prepare (RXS_RSSHASH_FLOWS, _MIN, _NSRC,
# RXS_RSSHASH_BADKEY=1: a wrong key, which must FAIL).
. ./lib.sh

[ "${RXS_DUT_BUS:-pci}" = platform ] ||
	rxs_fail "run with --nic mt7988 (a platform DUT), not '$RXS_NIC'"
rxs_setup mt7988_eth
rxs_wait_link 20
rxs_check_default_rss 4
rxs_rsshash_prepare

# tuple TYPE: 4 when ethtool -n says TYPE is hashed on its ports, else 2
tuple() {
	_h=$(ethtool -n "$RXS_DUT" rx-flow-hash "$1") || rxs_fail "ethtool -n rx-flow-hash $1"
	echo "$_h" | grep -q '^L4 bytes 0 & 1' && echo 4 || echo 2
}
rxs_step "hash types the driver reports"
U4=$(tuple udp4) U6=$(tuple udp6) T4=$(tuple tcp4) T6=$(tuple tcp6)
rxs_say "udp4: $U4-tuple, udp6: $U6-tuple, tcp4: $T4-tuple, tcp6: $T6-tuple"
[ "$U4" = "$U6" ] && [ "$T4" = "$T6" ] ||
	rxs_fail "IPv4 and IPv6 hash types differ: rsscheck takes one setting per protocol"

rxs_rsshash_round "$U4" "$T4" --queue-only

rxs_step "ethtool -X weight 1 2 0 3"
ethtool -X "$RXS_DUT" weight 1 2 0 3 || rxs_fail "ethtool -X weight 1 2 0 3"
rxs_rsshash_prepare_table
rxs_rsshash_round "$U4" "$T4" --queue-only
ethtool -X "$RXS_DUT" default || rxs_fail "ethtool -X default"
rxs_dmesg_check
