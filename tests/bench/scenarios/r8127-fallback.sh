#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# r8127 with msix=0: the single-vector legacy mode (1 RX, 1 TX, no RSS).
# Asserted from what the kernel shows, not from the driver's log: one
# interrupt vector (msi_irqs), one RX and one TX queue (the stack's
# queues/ directory), one combined channel and no more (ethtool -l), RSS
# off (a one-ring indirection table, no hash fields for TCP/IPv4), and
# multi-queue requests refused with their errno and message.
. ./lib.sh
rxs_setup r8127
rxs_wait_link 20
# two probes (modprobe at set-up, then with msix=0)
rxs_dmesg_expect_nofw 2
rxs_step "reload with msix=0"
rmmod r8127 || rxs_fail "rmmod"
modprobe r8127 msix=0 || rxs_fail "modprobe msix=0"
rxs_find_dut r8127 15 "modprobe msix=0"
ip addr add "$RXS_DUT_IP/24" dev "$RXS_DUT" || rxs_fail "DUT address"
ip link set "$RXS_DUT" up || rxs_fail "DUT link up"
rxs_wait_link 20
dmesg | grep -E 'r8127.*(single|vector|queues)'

rxs_step "single vector, 1 RX / 1 TX, no RSS"
_vecs=$(rxs_pci_irqs "$RXS_DUT_PCI" | wc -l)
[ "$_vecs" = 1 ] || rxs_fail "$_vecs interrupt vectors with msix=0, want 1"
_q=$(cd "/sys/class/net/$RXS_DUT/queues" && echo *)
[ "$_q" = "rx-0 tx-0" ] || rxs_fail "stack queues '$_q' with msix=0, want 'rx-0 tx-0'"
ethtool -l "$RXS_DUT" > /tmp/fb-l.txt || rxs_fail "ethtool -l"
cat /tmp/fb-l.txt
_l=$(awk '/^Pre-set maximums/ { s = "max" } /^Current hardware/ { s = "cur" }
	/^(RX|TX|Other|Combined):/ { printf "%s-%s%s ", s, $1, $2 }' /tmp/fb-l.txt)
[ "$_l" = "max-RX:n/a max-TX:n/a max-Other:n/a max-Combined:1 cur-RX:n/a cur-TX:n/a cur-Other:n/a cur-Combined:1 " ] ||
	rxs_fail "ethtool -l with msix=0: '$_l', want one combined channel and nothing else"
_x=$(ethtool -x "$RXS_DUT") || rxs_fail "ethtool -x"
echo "$_x" | grep -q "with 1 RX ring(s):" || rxs_fail "ethtool -x: not 1 RX ring"
_tab=$(echo "$_x" | awk '/^ *[0-9]+:/ { for (i = 2; i <= NF; i++) if ($i != 0) n++ } END { print n + 0 }')
[ "$_tab" = 0 ] || rxs_fail "ethtool -x: $_tab table entries not on queue 0"
_h=$(ethtool -n "$RXS_DUT" rx-flow-hash tcp4) || rxs_fail "ethtool -n rx-flow-hash tcp4"
echo "$_h"
[ "$(echo "$_h" | sed -n 2p)" = None ] || rxs_fail "TCP/IPv4 flows hashed with msix=0 (RSS on)"
rxs_refused "rx 2 in single-vector mode" "Invalid argument" "requested channel count exceeds maximum" \
	ethtool -L "$RXS_DUT" rx 2
rxs_refused "coalescing in single-vector mode" "Operation not supported" \
	"netlink error: r8127: hardware timers need MSI-X vector mode" ethtool -C "$RXS_DUT" rx-usecs 10
rxs_ping 5
rxs_iperf rev 4 8
rxs_iperf fwd 4 8
rxs_irqs
ethtool -S "$RXS_DUT" | grep -E 'rx0_|tx0_|hw_'
# all of the traffic on the one vector
_irq=$(rxs_pci_irqs "$RXS_DUT_PCI")
_n=$(rxs_irq_counts | awk -v i="$_irq" '$1 == i { print $2 }')
[ "${_n:-0}" -gt 0 ] || rxs_fail "the single vector $_irq took no interrupts"
ethtool -G "$RXS_DUT" rx 256 tx 512 || rxs_fail "ethtool -G"
rxs_wait_link 20
rxs_ping 3
ip link set "$RXS_DUT" down
ip link set "$RXS_DUT" up
rxs_wait_link 20
rxs_ping 3
rmmod r8127 || rxs_fail "rmmod"
rxs_dmesg_check
