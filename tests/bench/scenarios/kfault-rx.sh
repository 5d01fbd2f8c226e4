#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# RX allocation failures injected by the kernel's own fault injection
# (issue 18 step 4), not by a driver knob: the debug kernel's failslab and
# fail_page_alloc, each limited by its stack-trace filter to allocations
# made with the driver's code on the stack (require-start/-end: the
# module's text, from /proc/kallsyms), under a UDP stream the DUT receives.
#   1. failslab on skbuff_head_cache alone (cache-filter; the driver's
#      napi_build_skb takes its sk_buff heads from there in bulk, one bulk
#      call per failed frame): the driver's rxN_alloc_fail counters rise
#      by exactly the number of failures the kernel injected (its "times"
#      counting down), nothing else on that stack allocates skbs while only
#      UDP arrives;
#   2. fail_page_alloc of order-0 and up pages (page_pool's slow path
#      refilling the rings): the failures injected are counted, and the
#      drivers' counters rise by no more than them (page_pool's bulk
#      allocation falls back to a single page, so an injected failure need
#      not fail a buffer);
#   3. after each: ping, iperf3 both ways; at the end rmmod, no page_pool
#      "stalled pool shutdown" within RXS_LEAK_WAIT s (default 65) and, on
#      the debug kernel, kmemleak, KASAN, lockdep and DMA-API silent
#      (rxs_dmesg_check).
# SKIP where the kernel lacks failslab/fail_page_alloc with the stack-trace
# filter (Debian's kernels: CONFIG_FAULT_INJECTION is off).
#   RXS_DRIVER (default from the NIC), RXS_FAULTS (default 100 per phase),
#   RXS_UDP_MBITS (default 40).
. ./lib.sh
RXS_FAULTS=${RXS_FAULTS:-100}
RXS_UDP_MBITS=${RXS_UDP_MBITS:-40}
RXS_LEAK_WAIT=${RXS_LEAK_WAIT:-65}
case ${RXS_DRIVER:-} in
'')	case $RXS_NIC in
	rtl8127*) RXS_DRIVER=r8127 ;;
	mt7988*) RXS_DRIVER=mt7988_eth ;;
	rzg2l*) RXS_DRIVER=rzg2l_gbeth ;;
	*) rxs_fail "no driver for NIC '$RXS_NIC': set RXS_DRIVER" ;;
	esac ;;
esac
FS=/sys/kernel/debug/failslab
FP=/sys/kernel/debug/fail_page_alloc
SKBC=/sys/kernel/slab/skbuff_head_cache

for _f in "$FS/require-start" "$FP/require-start" "$FP/min-order" "$SKBC/failslab"; do
	[ -e "$_f" ] || rxs_skip "no $_f: a kernel without failslab and fail_page_alloc with the stack-trace filter (CONFIG_FAILSLAB, CONFIG_FAIL_PAGE_ALLOC, CONFIG_FAULT_INJECTION_STACKTRACE_FILTER)"
done

rxs_setup "$RXS_DRIVER"
rxs_wait_link 20
# r8127 asks for its firmware at probe, which the guest does not carry
[ "$RXS_DRIVER" != r8127 ] || rxs_dmesg_expect_nofw 1
rxs_ping 3

# text_range MODULE: "START END" in hex, the lowest text symbol of MODULE
# and the end of the page holding its highest (the module's text is one
# allocation with a guard page behind it; the last function's size is not
# in kallsyms)
text_range() {
	grep -E "^[0-9a-f]+ [tT] [^ ]+[[:space:]]+\[$1\]" /proc/kallsyms | cut -d' ' -f1 | sort |
		sed -n '1p;$p' | tr '\n' ' ' | sed 's/^\([0-9a-f]*\) \([0-9a-f]*\)[0-9a-f][0-9a-f][0-9a-f] $/\1 \2fff/'
}
# qsum NAME: the sum of ethtool -S's rxN_NAME counters
qsum() {
	ethtool -S "$RXS_DUT" | awk -v s="_$1:" '$1 ~ /^rx[0-9]+_/ && substr($1, 4) == s { t += $2 }
		END { print t + 0 }'
}

# arm DIR: a fault attribute set for RXS_FAULTS failures, 50 % of the
# calls that pass its filters, quiet, on any task or softirq, limited to
# the driver's stack
arm() {
	echo 0 > "$1/probability"
	echo "0x$TSTART" > "$1/require-start"
	echo "0x$TEND" > "$1/require-end"
	echo 32 > "$1/stacktrace-depth"
	echo 0 > "$1/verbose"
	echo 0 > "$1/space"
	echo 1 > "$1/interval"
	echo N > "$1/task-filter"
	echo "$RXS_FAULTS" > "$1/times"
	echo 50 > "$1/probability"
}
disarm() {
	echo 0 > "$1/probability"
}

# shellcheck disable=SC2046 # two words wanted
set -- $(text_range "$RXS_DRIVER")
[ $# = 2 ] || rxs_fail "no text symbols of $RXS_DRIVER in /proc/kallsyms"
TSTART=$1
TEND=$2
rxs_say "$RXS_DRIVER text 0x$TSTART..0x$TEND (the filter's range)"

# phase NAME DIR: UDP into the DUT, DIR armed once the stream runs, until
# its failures are used up (or 90 s); sets INJ (failures injected) and
# DELTA (the drivers' alloc_fail rise over the phase)
phase() {
	rxs_step "$1: $RXS_FAULTS failures, UDP ${RXS_UDP_MBITS} Mbit/s into the DUT"
	rxs_bg_start udp 200 -R -u -b "${RXS_UDP_MBITS}M" -l 1400 --forceflush
	rxs_bg_sending udp 20
	_a0=$(qsum alloc_fail)
	arm "$2"
	_t0=$(cut -d. -f1 /proc/uptime)
	_el=0
	while [ "$(cat "$2/times")" != 0 ] && [ "$_el" -lt 90 ]; do
		sleep 1
		_el=$(($(cut -d. -f1 /proc/uptime) - _t0))
	done
	disarm "$2"
	sleep 1
	rxs_bg_alive udp "during the $1 failures"
	rxs_bg_stop
	INJ=$((RXS_FAULTS - $(cat "$2/times")))
	DELTA=$(($(qsum alloc_fail) - _a0))
	rxs_say "$1: the kernel injected $INJ failures in $_el s; the driver counted $DELTA RX allocation failures"
}

# works WHAT: the interface still carries traffic both ways
works() {
	rxs_ping 3
	rxs_iperf fwd 2 3
	rxs_iperf rev 2 3
}

echo 1 > "$SKBC/failslab" || rxs_fail "cannot mark skbuff_head_cache for failslab"
echo Y > "$FS/cache-filter"
echo N > "$FS/ignore-gfp-wait"
phase failslab "$FS"
echo 0 > "$SKBC/failslab"
[ "$INJ" -gt 0 ] || rxs_fail "failslab: nothing injected in 90 s (the filter never matched?)"
[ "$DELTA" = "$INJ" ] ||
	rxs_fail "failslab: the driver counted $DELTA RX allocation failures, the kernel injected $INJ"
rxs_check_pass "failslab on skbuff_head_cache: $INJ injected, $DELTA counted"
works failslab

echo 0 > "$FP/min-order"
echo N > "$FP/ignore-gfp-wait"
echo N > "$FP/ignore-gfp-highmem"
phase fail_page_alloc "$FP"
if [ "$INJ" = 0 ]; then
	rxs_check_skip "fail_page_alloc" "no page allocation on the driver's stack in 90 s (page_pool recycled every page)"
else
	[ "$DELTA" -le "$INJ" ] ||
		rxs_fail "fail_page_alloc: the driver counted $DELTA failures, more than the $INJ injected"
	rxs_check_pass "fail_page_alloc: $INJ injected, $DELTA buffers not replaced"
fi
works fail_page_alloc
rxs_checks_end

rxs_step "rmmod, then $RXS_LEAK_WAIT s for page_pool's stalled-shutdown warning"
rmmod "$RXS_DRIVER" || rxs_fail "rmmod $RXS_DRIVER"
sleep "$RXS_LEAK_WAIT"
rxs_dmesg_check
