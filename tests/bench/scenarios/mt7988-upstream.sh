#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Upstream mtk_eth_soc (Debian 7.3's mtk_eth module) on the MT7988 frame
# engine model (run with --nic mt7988): probe from the device tree QEMU
# writes, gmac0's 10G fixed link, ping, TCP both ways with 4 streams
# through QDMA TX (SG, checksum, TSO) and PDMA RX ring 0, the GDM1 MIB
# counters against the peer's own counters, interface down/up and
# rmmod/modprobe cycles, and a clean kernel log. With the defaults this is
# the MT7988 independence check (issue 13): a driver nobody here wrote,
# 30 s of iperf3 -P 4 each way without interface errors, 10 reload cycles.
. ./lib.sh

RXS_CYCLES=${RXS_CYCLES:-10}
RXS_SECS=${RXS_SECS:-30}
# the iperf3 runs after the reload cycles (each way)
RXS_FINAL_SECS=${RXS_FINAL_SECS:-5}

# The DUT is a platform device: lib.sh finds its interface under
# RXS_DUT_DEVPATH.
[ "${RXS_DUT_BUS:-pci}" = platform ] ||
	rxs_fail "run with --nic mt7988 (a platform DUT), not '$RXS_NIC'"

# the DUT is the interface bound to mtk_soc_eth (the platform driver of
# module mtk_eth), or the scenario fails
rxs_setup mtk_soc_eth
# what upstream mtk_eth logs for the reload cycles below (lib.sh
# rxs_dmesg_expect_mtk_reload: three WARN_ONCE blocks of its mtk_remove()
# on the first rmmod, a debugfs error per PPE at each later probe), named
# whole and counted; any other line at warning level or above fails
rxs_dmesg_expect_mtk_reload "$RXS_CYCLES"
rxs_wait_link 20
rxs_say "boot to link-up: $(cut -d' ' -f1 /proc/uptime) s of guest uptime"

rxs_step "identity"
_of=$(tr '\0' ' ' < "$RXS_DUT_DEVPATH/of_node/compatible")
rxs_say "compatible: $_of"
[ "$_of" = "mediatek,mt7988-eth " ] || rxs_fail "device tree compatible '$_of'"
_speed=$(ethtool "$RXS_DUT" | sed -n 's/^[[:space:]]*Speed: //p')
[ "$_speed" = 10000Mb/s ] || rxs_fail "link speed '$_speed', expected 10000Mb/s"
ethtool -k "$RXS_DUT" | grep -E '^(scatter-gather|tx-checksum-ipv4|tcp-segmentation-offload|rx-checksumming):'
ethtool -k "$RXS_DUT" | grep -q '^tcp-segmentation-offload: on' ||
	rxs_fail "TSO is off: the run would not exercise the model's TSO"

rxs_ping 5
rxs_iperf fwd 4 "$RXS_SECS"
rxs_iperf rev 4 "$RXS_SECS"
# the interrupt lines, named after the platform device
rxs_platform_irqs || rxs_fail "no interrupt lines of the DUT"
rxs_no_iface_errors

# The MIB counters the driver reads (GDM1 TX packets) against what the
# peer's virtio-net counted: the model and the peer count the same frames;
# the peer may also have seen a few frames before the DUT's counters began.
rxs_step "MIB counters"
ethtool -S "$RXS_DUT" > /tmp/mtk-stats.txt || rxs_fail "ethtool -S failed"
grep -E '^[[:space:]]*(tx_packets|rx_packets|tx_bytes|rx_bytes):' /tmp/mtk-stats.txt
_txp=$(sed -n 's/^[[:space:]]*tx_packets: //p' /tmp/mtk-stats.txt)
_rxp=$(sed -n 's/^[[:space:]]*rx_packets: //p' /tmp/mtk-stats.txt)
_peer_rx=$(rxs_in_peer cat "/sys/class/net/$RXS_PEER/statistics/rx_packets")
_peer_tx=$(rxs_in_peer cat "/sys/class/net/$RXS_PEER/statistics/tx_packets")
rxs_say "MIB tx_packets $_txp, peer rx_packets $_peer_rx; MIB rx_packets $_rxp, peer tx_packets $_peer_tx"
[ "${_txp:-0}" -gt 1000 ] || rxs_fail "MIB tx_packets '$_txp' too low"
[ "${_rxp:-0}" -gt 1000 ] || rxs_fail "MIB rx_packets '$_rxp' too low"
awk -v a="$_txp" -v b="$_peer_rx" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 20 + b / 100) }' ||
	rxs_fail "MIB tx_packets $_txp differs from the peer's rx_packets $_peer_rx"
awk -v a="$_rxp" -v b="$_peer_tx" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 20 + b / 100) }' ||
	rxs_fail "MIB rx_packets $_rxp differs from the peer's tx_packets $_peer_tx"

rxs_down_up
rxs_reload_cycles "$RXS_CYCLES" mtk_eth mtk_soc_eth
rxs_iperf rev 4 "$RXS_FINAL_SECS"
rxs_iperf fwd 4 "$RXS_FINAL_SECS"

rxs_dmesg_check
