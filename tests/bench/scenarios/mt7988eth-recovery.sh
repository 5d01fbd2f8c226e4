#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# mt7988_eth TX timeout recovery (run with --nic mt7988 --append
# iomem=relaxed and the rxscale_core and mt7988_eth modules): the QDMA's
# TX_DMA_EN is cleared behind the driver's back (devmem on QDMA_GLO_CFG),
# the TX ring fills, the stack's watchdog reports the stalled queue, the
# driver resets the frame engine through ethsys and starts the same rings
# again; traffic flows both ways, the MIB totals kept over the reset, the
# LRO rule, -K lro and the TX delay interrupt (-C) kept, the exact kernel
# log lines.
. ./lib.sh

[ "${RXS_DUT_BUS:-pci}" = platform ] ||
	rxs_fail "run with --nic mt7988 (a platform DUT), not '$RXS_NIC'"

rxs_setup mt7988_eth
rxs_wait_link 20
_pdev=$(basename "$RXS_DUT_DEVPATH")
_np="mt7988_eth $_pdev $RXS_DUT:"
# The TX-timeout path once: the stack's watchdog (dev_watchdog(),
# netdev_crit and no WARN on 7.3 and on Debian's 6.1 as well, seen
# there), ndo_tx_timeout and the reset work.
rxs_dmesg_expect_num crit 1 "$_np NETDEV WATCHDOG: CPU: #: transmit queue # timed out # ms"
rxs_dmesg_expect_num warn 1 "$_np TX queue # timed out"
rxs_dmesg_expect warn 1 "$_np resetting the frame engine"
rxs_ping 3

_fe=$((0x${_pdev%%.*}))
QDMA_GLO_CFG=$((_fe + 0x4604))
QDMA_DELAY=$((_fe + 0x460c))
stat_of() {
	ethtool -S "$RXS_DUT" | sed -n "s/^[[:space:]]*$1: //p"
}
rules() {
	ethtool -n "$RXS_DUT" | awk '/^Filter:/ { l = $2 } /Dest IP addr:/ { printf "%s=%s ", l, $4 }'
}

rxs_step "LRO rule, -K lro on and -C before the reset"
# tx-usecs 100 tx-frames 4: 5 units of 20 us, 4 frames, enable: TX half
# 0x8405 in 31:16 (docs/hw/mt7988.md "Delay interrupts")
ethtool -C "$RXS_DUT" tx-usecs 100 tx-frames 4 || rxs_fail "ethtool -C tx-usecs 100 tx-frames 4"
_d=$(devmem "$QDMA_DELAY" 32) || rxs_fail "devmem cannot read the QDMA delay word (iomem=relaxed?)"
[ "$_d" = 0x84050000 ] || rxs_fail "QDMA delay word $_d, want 0x84050000"
ethtool -K "$RXS_DUT" lro on || rxs_fail "ethtool -K lro on"
_o=$(ethtool -N "$RXS_DUT" flow-type tcp4 dst-ip "$RXS_DUT_IP" action 0 loc 0 2>&1)
case $_o in *Cannot*) echo "$_o"; rxs_fail "LRO rule" ;; esac
[ "$(rules)" = "0=$RXS_DUT_IP " ] || rxs_fail "rules '$(rules)'"
rxs_iperf rev 1 2
_mib_rx=$(stat_of hw_rx_packets)
rxs_say "before: hw_rx_packets $_mib_rx, lro_skbs $(stat_of lro_skbs)"

rxs_step "stall TX"
_g=$(devmem "$QDMA_GLO_CFG" 32) || rxs_fail "devmem cannot read QDMA_GLO_CFG (iomem=relaxed?)"
rxs_say "QDMA_GLO_CFG $_g, TX_DMA_EN cleared"
devmem "$QDMA_GLO_CFG" 32 $((_g & ~1)) || rxs_fail "devmem write QDMA_GLO_CFG"
rxs_in_peer iperf3 -s -1 -D -B "$RXS_PEER_IP" --logfile /tmp/iperf3-server.log ||
	rxs_fail "iperf3 server did not start"
rxs_wait_listen 5201
ping -c 2000 -i 0.01 -W 1 "$RXS_PEER_IP" > /dev/null 2>&1 &
_pp=$!
iperf3 -c "$RXS_PEER_IP" -B "$RXS_DUT_IP" -t 15 -P 2 > /dev/null 2>&1 &
_ip=$!
_t=0
while [ "$_t" -lt 40 ]; do
	dmesg | grep -q 'mt7988_eth.*resetting the frame engine' && break
	sleep 1
	_t=$((_t + 1))
done
kill "$_pp" "$_ip" 2>/dev/null
wait 2>/dev/null
dmesg | grep -E 'timed out|resetting|Link is' | tail -n 5
dmesg | grep -q 'mt7988_eth.*resetting the frame engine' || rxs_fail "no reset within 40 s"
rxs_say "reset after ${_t} s"

rxs_step "traffic after the reset"
rxs_wait_link 20
_g2=$(devmem "$QDMA_GLO_CFG" 32)
[ $((_g2 & 1)) = 1 ] || rxs_fail "QDMA_GLO_CFG $_g2 after the reset: TX_DMA_EN off"
rxs_ping 5
rxs_iperf rev 4 3
rxs_iperf fwd 2 3
ethtool -S "$RXS_DUT" | grep -E 'tx_timeouts|resets|hw_rx_packets|lro_skbs'
_to=$(stat_of tx_timeouts) _rs=$(stat_of resets)
[ "$_to" = 1 ] && [ "$_rs" = 1 ] || rxs_fail "tx_timeouts $_to, resets $_rs: want one of each"
[ "$(stat_of hw_rx_packets)" -gt "$_mib_rx" ] ||
	rxs_fail "hw_rx_packets $(stat_of hw_rx_packets) after the reset, $_mib_rx before: the MIB totals were lost"
[ "$(rules)" = "0=$RXS_DUT_IP " ] || rxs_fail "rules '$(rules)' after the reset"
_d=$(devmem "$QDMA_DELAY" 32)
[ "$_d" = 0x84050000 ] || rxs_fail "QDMA delay word $_d after the reset, want 0x84050000 (-C lost)"
ethtool -c "$RXS_DUT" | grep -q '^tx-usecs:[[:space:]]*100$' || rxs_fail "ethtool -c after the reset: tx-usecs not 100"
_l=$(stat_of lro_skbs)
rxs_iperf rev 1 2
[ "$(stat_of lro_skbs)" -gt "$_l" ] || rxs_fail "no LRO buffer after the reset"
rxs_no_iface_errors
rxs_dmesg_check
