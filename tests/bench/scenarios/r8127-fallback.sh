#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# r8127 with msix=0: the single-vector legacy mode (1 RX, 1 TX, no RSS).
. ./lib.sh
RXS_DMESG_IGNORE="$RXS_DMESG_IGNORE|firmware: failed to load rtl_nic|hrtimer: interrupt took|module verification failed"
rxs_setup
rxs_wait_link 20
rxs_step "reload with msix=0"
rmmod r8127 || rxs_fail "rmmod"
modprobe r8127 msix=0 || rxs_fail "modprobe msix=0"
sleep 1
RXS_DUT=$(rxs_iface_of_pci "$RXS_DUT_PCI") || rxs_fail "no interface"
ip addr add "$RXS_DUT_IP/24" dev "$RXS_DUT" || rxs_fail "DUT address"
ip link set "$RXS_DUT" up || rxs_fail "DUT link up"
rxs_wait_link 20
dmesg | grep -E 'r8127.*(single|vector|queues)'
ethtool -l "$RXS_DUT"
ethtool -L "$RXS_DUT" rx 2 && rxs_fail "rx 2 accepted in single-vector mode"
ethtool -C "$RXS_DUT" rx-usecs 10 && rxs_fail "coalescing accepted in single-vector mode"
ethtool -n "$RXS_DUT" rx-flow-hash tcp4
rxs_ping 5
rxs_iperf rev 4 8
rxs_iperf fwd 4 8
rxs_irqs
ethtool -S "$RXS_DUT" | grep -E 'rx0_|tx0_|hw_'
ethtool -G "$RXS_DUT" rx 256 tx 512 || rxs_fail "ethtool -G"
rxs_wait_link 20
rxs_ping 3
ip link set "$RXS_DUT" down
ip link set "$RXS_DUT" up
rxs_wait_link 20
rxs_ping 3
rmmod r8127 || rxs_fail "rmmod"
rxs_dmesg_check
