#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Upstream ravb (Debian 7.3's ravb module) on the RZ/G2L GbEth model (run
# with --nic rzg2l-gbeth): probe from the device tree QEMU writes (reset-
# simple reset, fixed clocks, the PHY on the PIR bit-banged MDIO bus), the
# 1000 Mb/s link through genphy, ping, TCP both ways with 4 streams through
# TX queue 0 (two descriptors per frame) and RX queue 0 (checksum trailer),
# a UDP run each way, interface down/up and unbind/rmmod/modprobe cycles, and a
# clean kernel log. A driver nobody here wrote checks the model (issue 14).
. ./lib.sh

RXS_CYCLES=${RXS_CYCLES:-10}
RXS_SECS=${RXS_SECS:-30}

# The DUT is a platform device: lib.sh finds its interface under
# RXS_DUT_DEVPATH.
[ "${RXS_DUT_BUS:-pci}" = platform ] ||
	rxs_fail "run with --nic rzg2l-gbeth (a platform DUT), not '$RXS_NIC'"

rxs_setup
rxs_wait_link 20
rxs_say "boot to link-up: $(cut -d' ' -f1 /proc/uptime) s of guest uptime"

rxs_step "identity"
_drv=$(basename "$(readlink -f "/sys/class/net/$RXS_DUT/device/driver")")
[ "$_drv" = ravb ] || rxs_fail "DUT bound to '$_drv', not ravb"
_of=$(tr '\0' ' ' < "$RXS_DUT_DEVPATH/of_node/compatible")
rxs_say "compatible: $_of"
[ "$_of" = "renesas,r9a07g044-gbeth renesas,rzg2l-gbeth " ] ||
	rxs_fail "device tree compatible '$_of'"
_mac=$(cat "/sys/class/net/$RXS_DUT/address")
[ "$_mac" = "$RXS_DUT_MAC" ] || rxs_fail "MAC $_mac, not local-mac-address $RXS_DUT_MAC"
_phydrv=$(basename "$(readlink -f "/sys/class/net/$RXS_DUT/phydev/driver")")
rxs_say "PHY driver: $_phydrv"
case $_phydrv in
*[Gg]eneric*) ;;
*) rxs_fail "PHY bound to '$_phydrv', not genphy" ;;
esac
_speed=$(ethtool "$RXS_DUT" | sed -n 's/^[[:space:]]*Speed: //p')
[ "$_speed" = 1000Mb/s ] || rxs_fail "link speed '$_speed', expected 1000Mb/s"
ethtool -k "$RXS_DUT" | grep -E '^(tx-checksum-ip-generic|rx-checksumming):'
dmesg | grep -E 'ravb .*Base address' | tail -n 1

rxs_ping 5
rxs_iperf fwd 4 "$RXS_SECS"
rxs_iperf rev 4 "$RXS_SECS"

rxs_step "UDP"
for _dir in "" -R; do
	rxs_in_peer iperf3 -s -1 -D -B "$RXS_PEER_IP" || rxs_fail "iperf3 server"
	rxs_wait_listen 5201
	timeout 30 iperf3 -c "$RXS_PEER_IP" -B "$RXS_DUT_IP" -u -b 20M -l 1400 \
		-t 3 $_dir -f m > /tmp/iperfu.txt 2>&1 ||
		{ cat /tmp/iperfu.txt; rxs_fail "iperf3 -u $_dir failed"; }
	_ul=$(grep receiver /tmp/iperfu.txt | tail -n 1)
	echo "UDP ${_dir:-fwd}: $_ul"
	_ur=$(echo "$_ul" | awk '{for (i = 1; i <= NF; i++) if ($i == "Mbits/sec") print $(i - 1)}')
	echo "RXSCALE-IPERF: udp${_dir:-fwd} mbits=$_ur"
	awk -v m="${_ur:-0}" 'BEGIN { exit !(m >= 1) }' ||
		rxs_fail "iperf3 -u $_dir: receiver got ${_ur:-nothing}"
done

# the interrupt line (lib.sh's rxs_irqs looks for PCI vectors)
echo "/proc/interrupts line of $RXS_DUT ($(basename "$RXS_DUT_DEVPATH")):"
head -n 1 /proc/interrupts
grep -F "$(basename "$RXS_DUT_DEVPATH")" /proc/interrupts || rxs_fail "no interrupt line of the DUT"
rxs_no_iface_errors

# Interrupts per received packet (a measurement, not a check): ravb turns
# on software IRQ coalescing for GbEth (gro_flush_timeout 20000 ns,
# napi_defer_hard_irqs 1); the same 5 s receive run with it and without.
_dev=$(basename "$RXS_DUT_DEVPATH")
irq_total() {
	grep -F "$_dev" /proc/interrupts | awk '{s = 0; for (i = 2; i <= NF; i++) if ($i ~ /^[0-9]+$/) s += $i; else break; print s}'
}
irq_rate() {
	_i0=$(irq_total)
	_p0=$(cat "/sys/class/net/$RXS_DUT/statistics/rx_packets")
	rxs_iperf rev 4 5
	_i1=$(irq_total)
	_p1=$(cat "/sys/class/net/$RXS_DUT/statistics/rx_packets")
	echo "RXSCALE-IRQRATE: $1 gro_flush_timeout=$(cat "/sys/class/net/$RXS_DUT/gro_flush_timeout") napi_defer_hard_irqs=$(cat "/sys/class/net/$RXS_DUT/napi_defer_hard_irqs") irqs=$((_i1 - _i0)) rx_packets=$((_p1 - _p0))" \
		"per_packet=$(awk -v i=$((_i1 - _i0)) -v p=$((_p1 - _p0)) 'BEGIN { if (p) printf "%.3f", i / p; else print "n/a" }')"
}
_gft=$(cat "/sys/class/net/$RXS_DUT/gro_flush_timeout")
_ndh=$(cat "/sys/class/net/$RXS_DUT/napi_defer_hard_irqs")
irq_rate default
echo 0 > "/sys/class/net/$RXS_DUT/gro_flush_timeout"
echo 0 > "/sys/class/net/$RXS_DUT/napi_defer_hard_irqs"
irq_rate off
echo "$_gft" > "/sys/class/net/$RXS_DUT/gro_flush_timeout"
echo "$_ndh" > "/sys/class/net/$RXS_DUT/napi_defer_hard_irqs"

rxs_step "link down/up"
ip link set "$RXS_DUT" down
sleep 1
ip link set "$RXS_DUT" up || rxs_fail "link up after down failed"
rxs_wait_link 20
rxs_ping 3

# ravb cannot be unloaded while bound: alloc_mdio_bitbang() takes a
# reference on bb_ops.owner, ravb itself, until ravb_remove() frees the bus
# (7.3 drivers/net/mdio/mdio-bitbang.c). So each cycle unbinds the device
# first (ravb_remove: reset asserted), then rmmod, then modprobe (probe).
_i=1
while [ "$_i" -le "$RXS_CYCLES" ]; do
	rxs_step "unbind/rmmod/modprobe cycle $_i"
	basename "$RXS_DUT_DEVPATH" > /sys/bus/platform/drivers/ravb/unbind ||
		rxs_fail "unbind from ravb failed (cycle $_i)"
	rmmod ravb || rxs_fail "rmmod ravb failed (cycle $_i)"
	[ -e "$RXS_DUT_DEVPATH/net" ] && rxs_fail "interface still present after rmmod"
	modprobe ravb || rxs_fail "modprobe ravb failed (cycle $_i)"
	rxs_dut_attach "modprobe (cycle $_i)"
	rxs_ping 3
	_i=$((_i + 1))
done
rxs_iperf rev 4 5
rxs_iperf fwd 4 5

rxs_dmesg_check
