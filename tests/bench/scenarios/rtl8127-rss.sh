#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Multi-queue mode of the RTL8127 model, driven by a driver that uses it
# (run with --nic rtl8127 --module r8127.ko): MSI-X vector mode with one
# vector per RX ring, per TX ring and for the link, RSS spreading 8 TCP
# streams over more than one RX ring, TCP both ways.
. ./lib.sh

# rx_vector_counts: "name count" per RX vector of the DUT, summed over CPUs.
rx_vector_counts() {
	grep -E " $RXS_DUT-rx-[0-9]+\$" /proc/interrupts | awk '{
		s = 0
		for (i = 2; i <= NF; i++) if ($i ~ /^[0-9]+$/) s += $i; else break
		print $NF, s }'
}

rxs_setup r8127
rxs_wait_link 20
# r8127 asks for the PHY patch once, at probe
rxs_dmesg_expect_nofw 1
rxs_ping 5

rxs_step "vectors"
grep -E " $RXS_DUT(-|\$)" /proc/interrupts
_nrx=$(rx_vector_counts | wc -l)
[ "$_nrx" -ge 2 ] || rxs_fail "only $_nrx RX vector(s): multi-queue mode not in use"
rx_vector_counts > /tmp/rx-before.txt

rxs_iperf rev 8 "${RXS_SECS:-10}"
rx_vector_counts > /tmp/rx-after.txt
_busy=$(awk 'NR == FNR { b[$1] = $2; next } ($2 - b[$1]) > 20 { n++ } END { print n + 0 }' \
	/tmp/rx-before.txt /tmp/rx-after.txt)
paste /tmp/rx-before.txt /tmp/rx-after.txt
rxs_say "RX vectors with traffic: $_busy of $_nrx"
[ "$_busy" -ge 2 ] || rxs_fail "RSS did not spread 8 streams over RX rings"

rxs_iperf fwd 4 "${RXS_SECS:-10}"
ethtool -S "$RXS_DUT" 2>/dev/null | grep -iE 'rx.*(q|queue)[0-9_]*.*packets' | head -n 8
rxs_dmesg_check
