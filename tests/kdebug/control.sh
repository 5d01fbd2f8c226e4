#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest scenario of the debug tier's negative controls (tests/kdebug):
# loads ctl/rxs_kdebug_ctl.ko (injected with --module) with
# fault=$RXS_KDEBUG_FAULT, unloads it, and checks the kernel log with the
# library's rxs_dmesg_check, which on the debug kernel includes
# rxs_kdebug_check. fault=none must PASS; every other fault must FAIL
# (tests/kdebug/check.sh runs them and judges). fault=dma binds the DUT PCI
# device (run with --nic virtio: nothing else binds it, virtio_pci is not
# loaded) to the module's driver through driver_override, then unbinds it.
. ./lib.sh

f=${RXS_KDEBUG_FAULT:-none}
ko=$RXS_DIR/modules/rxs_kdebug_ctl.ko
[ -f "$ko" ] || rxs_fail "no $ko (run with --module)"
rxs_dmesg_mark
rxs_step "negative control fault=$f"
insmod "$ko" fault="$f" || rxs_fail "insmod fault=$f failed"
rxs_dmesg_expect warn 1 "rxs_kdebug_ctl: loading out-of-tree module taints kernel."
rxs_dmesg_expect notice 1 "rxs_kdebug_ctl: module verification failed: signature and/or required key missing - tainting kernel"
if [ "$f" = dma ]; then
	d=/sys/bus/pci/devices/$RXS_DUT_PCI
	[ ! -e "$d/driver" ] || rxs_fail "$RXS_DUT_PCI already has a driver"
	echo rxs_kdebug_ctl > "$d/driver_override" || rxs_fail "driver_override"
	echo "$RXS_DUT_PCI" > /sys/bus/pci/drivers_probe || rxs_fail "drivers_probe"
	[ "$(basename "$(readlink "$d/driver")")" = rxs_kdebug_ctl ] ||
		rxs_fail "$RXS_DUT_PCI not bound to rxs_kdebug_ctl"
	rxs_say "bound $RXS_DUT_PCI to rxs_kdebug_ctl; unbinding"
	echo "$RXS_DUT_PCI" > /sys/bus/pci/drivers/rxs_kdebug_ctl/unbind ||
		rxs_fail "unbind"
fi
rmmod rxs_kdebug_ctl || rxs_fail "rmmod failed"
rxs_dmesg_check
rxs_say "fault=$f: nothing reported"
exit 0
