#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make demo: build QEMU (with the project's models) and the 7.3 guest, boot
# it with the RTL8127 model as the NIC under test, run iperf3 -P 4 through
# it, and show per-CPU %soft (mpstat) and the NIC's /proc/interrupts lines.
#
# usage: tests/bench/demo.sh [--kernel 6.1|7.3] [--nic NIC] [--module X.ko]...
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
banner "demo: kernel $kernel, NIC under test '$nic', TCG, 4 vCPUs"
# shellcheck disable=SC2086
"$here/run-scenario.sh" --show --kernel "$kernel" --nic "$nic" $args \
	"$here/scenarios/demo.sh"
rc=$?
[ "$nic" = virtio ] && [ "$devtype" != virtio ] &&
	banner "REMINDER: this ran on virtio-net-pci, NOT on the $devtype model."
exit $rc
