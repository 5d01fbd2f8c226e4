#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Receive side scaling through the NIC under test: with 8 TCP flows into
# the DUT, at least RXS_MIN_RX_VECTORS (default 2) of its receive interrupt
# vectors must fire (vectors named "*rx*", or all of the DUT's vectors if
# none is). For multi-queue drivers (the project's r8127); a single-vector
# driver fails it, which is the point.
. ./lib.sh

RXS_MIN_RX_VECTORS=${RXS_MIN_RX_VECTORS:-2}
RXS_MIN_IRQS=${RXS_MIN_IRQS:-20}

rxs_setup
rxs_wait_link 20
# r8127 (injected) asks for its missing firmware once, at the probe;
# upstream r8169's lines are expected by rxs_load_driver
[ "$(rxs_dut_driver)" != r8127 ] ||
	rxs_dmesg_expect_nofw 1
rxs_ping 3
echo "== channels"
ethtool -l "$RXS_DUT" 2>/dev/null || echo "(ethtool -l: not supported)"

rxs_irq_counts > /tmp/irq-before.txt
[ -s /tmp/irq-before.txt ] || rxs_fail "no interrupt vectors found for $RXS_DUT"
rxs_iperf rev 8 10
rxs_irq_counts > /tmp/irq-after.txt

rxs_step "receive vectors"
if grep -qi 'rx' /tmp/irq-after.txt; then
	_filter=rx
else
	_filter=.
fi
_busy=$(awk -v min="$RXS_MIN_IRQS" -v f="$_filter" '
	NR == FNR { before[$1] = $2; next }
	tolower($3) ~ f {
		d = $2 - before[$1]
		printf "  irq %s %-16s +%d\n", $1, $3, d > "/dev/stderr"
		if (d >= min) busy++
	}
	END { print busy + 0 }' /tmp/irq-before.txt /tmp/irq-after.txt)
rxs_say "$_busy receive vector(s) took >= $RXS_MIN_IRQS interrupts"
[ "$_busy" -ge "$RXS_MIN_RX_VECTORS" ] ||
	rxs_fail "receive work used $_busy vector(s), expected at least $RXS_MIN_RX_VECTORS"
rxs_irqs
rxs_dmesg_check
