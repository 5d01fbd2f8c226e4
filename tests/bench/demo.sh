#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make demo: build QEMU (with the project's models) and the 7.3 guest, boot
# it with the RTL8127 model as the NIC under test, run iperf3 -P 4 through
# it, and show per-CPU %soft (mpstat) and the NIC's /proc/interrupts lines.
#
# usage: tests/bench/demo.sh [--kernel 6.1|7.3] [--nic NIC] [--module X.ko]...
# Without --module, and when the project's RTL8127 driver is in the
# checkout, it runs twice on the same model, upstream r8169 and then the
# project's r8127, and prints the two side by side.
# Without the rtl8127 model in the QEMU build it falls back to
# virtio-net-pci, and says so.

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/common.sh"
. "$here/lib.sh"

kernel=7.3
nic=rtl8127
args=
while [ $# -gt 0 ]; do
	case $1 in
	--kernel) kernel=$2; shift 2 ;;
	--nic) nic=$2; shift 2 ;;
	*) args="$args $1"; shift ;;
	esac
done

banner() {
	echo "########################################################################"
	for l in "$@"; do echo "### $l"; done
	echo "########################################################################"
}

qemu=$("$here/qemu/build.sh" | tail -n 1)
[ -x "$qemu" ] || rxs_die "QEMU build failed"
"$here/guest/build.sh" "$kernel" > /dev/null || rxs_die "guest $kernel build failed"

devtype=$(echo "$nic" | cut -d, -f1)
if ! "$qemu" -M virt -device help 2>/dev/null | grep -q "name \"$devtype\""; then
	banner "WARNING: device '$devtype' is NOT in this QEMU build." \
		"WARNING: the demo FALLS BACK to virtio-net-pci: the numbers below" \
		"WARNING: are NOT those of the RTL8127 model."
	nic=virtio
fi
logs=$RXS_TOP/build/demo
mkdir -p "$logs"

# summary LOG: "receive Mbit/s, busiest CPU %soft while receiving, send
# Mbit/s, interrupt lines of the NIC that fired" from a demo run's console.
summary() {
	tr -d '\r' <"$1" | awk '
	/RXSCALE-STEP: iperf3 rev/ { blk = "rev" }
	/RXSCALE-STEP: iperf3 fwd/ { blk = "fwd" }
	/per-CPU utilisation/ { inmp = 1; next }
	/RXSCALE-IPERF:/ {
		inmp = 0
		for (i = 1; i <= NF; i++) if ($i ~ /^mbits=/) mb[$2] = substr($i, 7)
	}
	inmp && $1 ~ /^[0-9]+$/ && NF == 5 {
		if ($4 + 0 > soft[blk] + 0) { soft[blk] = $4; cpu[blk] = $1 }
	}
	/^== interrupts/ { inirq = 1; next }
	/RXSCALE-STEP: dmesg/ { inirq = 0 }
	inirq && $1 ~ /^[0-9]+:$/ {
		s = 0
		for (i = 2; i <= NF; i++) if ($i ~ /^[0-9]+$/) s += $i; else break
		if (s > 0) fired++
	}
	END {
		printf "%s | %s%% (CPU%s) | %s | %d\n", mb["rev"], soft["rev"],
			cpu["rev"], mb["fwd"], fired
	}'
}

run_demo() {	# label, then run-scenario.sh options
	label=$1
	shift
	banner "demo: $label: kernel $kernel, NIC under test '$nic', TCG, 4 vCPUs"
	# The console is shown as it comes and kept for the summary.
	{
		"$here/run-scenario.sh" --show --kernel "$kernel" --nic "$nic" "$@" \
			"$here/scenarios/demo.sh"
		echo $? >"$logs/$label.rc"
	} | tee "$logs/$label.log"
	[ "$(cat "$logs/$label.rc")" = 0 ]
}

rc=0
if [ -z "$args" ] && [ "$devtype" = rtl8127 ] && [ -f "$RXS_TOP/r8169/Kbuild" ]; then
	ko=$("$here/build-modules.sh" "$kernel-arm64" | grep '/r8127.ko$') ||
		rxs_die "building r8127.ko for the $kernel guest failed"
	run_demo r8169 || rc=1
	run_demo r8127 --module "$ko" || rc=1
	echo
	echo "Side by side, same model, same guest, iperf3 -P 4 -t 10 (TCG: the"
	echo "numbers measure the emulation; the CPU spread is the point):"
	echo
	echo "| driver | DUT receives, Mbit/s | busiest CPU %soft while receiving | DUT sends, Mbit/s | NIC interrupt lines that fired |"
	echo "| --- | --- | --- | --- | --- |"
	for d in "r8169 upstream" "r8127 rxscale"; do
		set -- $d
		echo "| $1 ($2) | $(summary "$logs/$1.log") |"
	done
else
	# shellcheck disable=SC2086
	run_demo "$nic" $args || rc=1
fi
[ "$nic" = virtio ] && [ "$devtype" != virtio ] &&
	banner "REMINDER: this ran on virtio-net-pci, NOT on the $devtype model."
exit $rc
