#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Boot the bench guest under QEMU (TCG) with a NIC under test and run one
# scenario script in it.
#
# usage: tests/bench/run-scenario.sh --kernel 6.1|7.3|7.3-debug --nic NIC
#            [--module FILE.ko]... [--driver MODNAME] [--timeout S]
#            [--smp N] [--mem MB] [--log FILE] [--show] [--verbose]
#            [--append "KERNEL ARGS"] [--env VAR=VALUE]... [--file FILE]...
#            [--monitor] [--guest-extra NAME] [--icount] [--icount-pages FILE]
#            [--icount-shift N] SCENARIO.sh
#
#   --kernel 7.3-debug: the debug kernel of tests/kdebug (KASAN, lockdep,
#        kmemleak, DMA-API debugging, fault injection) with the 7.3 guest's
#        userland (tests/kdebug/guest.sh); lib.sh's rxs_dmesg_check then
#        also fails on what those report (rxs_kdebug_check). Modules for it
#        are built against $RXS_CACHE/kdebug-7.3-*/build. It boots with
#        slab_debug=U, without which kmemleak misses leaks on 7.x.
#   NIC: a name (virtio, e1000e, rtl8127, mt7988, rzg2l-gbeth) or a QEMU -device string
#        ("rtl8127,foo=bar"); ",netdev=dut" is added if absent. A PCI DUT
#        sits behind a pcie-root-port (guest 0000:01:00.0); a platform DUT
#        (mt7988: the mt7988-eth model on virt's platform bus) is the first
#        device there, guest /sys/bus/platform/devices/c000000.ethernet. The
#        peer NIC is a virtio-net-pci (0000:00:03.0). Both are ports of QEMU
#        hub 0, nothing else is connected. The guest's env file says which:
#        RXS_DUT_BUS=pci (RXS_DUT_PCI) or platform (RXS_DUT_DEVPATH).
#   --module: a file copied into the guest's /rxscale/modules; the .ko files
#        are loaded by the scenario library (after depmod) instead of the
#        DUT's stock driver, other files (tools) are there for the scenario.
#   --driver: stock module the scenario loads for the DUT (default from NIC).
#   --file: any file (e.g. a script under test) copied into the guest as
#        /rxscale/files/<its name>, mode kept.
#   --show: print the scenario's output even when it passes.
#   --append: kernel arguments; repeatable (joined with spaces), so that a
#        matrix line, whose option values hold no spaces, can pass several.
#   --monitor: QEMU's human monitor on a pipe the runner holds; a console
#        line "RXS-MONITOR: <command>" from the guest (lib.sh rxs_monitor)
#        is run there within about a second. Only "set_link dut|peer on|off"
#        and "info network" are accepted; the guest learns the outcome from
#        its effect (e.g. the DUT's carrier). Monitor output: the log shown
#        on failure.
#   --guest-extra NAME: append the archive tests/bench/guest/NAME.sh builds
#        for the kernel (its overlay.cpio.gz) to the guest's initramfs, e.g.
#        "selftests": python3 and the kernel's driver selftests in /opt/linux.
#        The base image stays as it is for the scenarios that do not ask.
#        A scenario asks itself with a line "# rxs-guest-extra: NAME" (e.g.
#        "udev": Debian's systemd-udevd and udevadm, guest/udev.sh).
#   --icount: load the bench's TCG plugin (qemu/plugins/rxs_icount.c), which
#        counts the instructions the emulated CPUs execute, and copy
#        rxs-mark into the guest (/rxscale/files/rxs-mark). Each lib.sh
#        rxs_mark LABEL runs it (the plugin logs the count) and prints
#        "RXSCALE-MARK: LABEL"; after the run, the runner pairs the two in
#        order and prints "RXSCALE-ICOUNT: LABEL COUNT [VCPU0 VCPU1 ...]"
#        (the per-vCPU counts with --smp 2 or more) for each, on stdout
#        and at the end of the log. A scenario whose marks and the plugin's
#        do not pair up FAILs.
#   --icount-pages FILE: --icount, and the plugin also counts instructions
#        per 4 KiB page of the kernel's address space (all vCPUs) and
#        writes them at every mark into FILE ("mark SEQ", then "PAGE
#        COUNT" lines; rxs_icount.c): one module's instructions are the
#        sum over its text pages (tests/bench/rss-count-cost.sh).
#   --icount-shift N: QEMU's -icount shift=N,sleep=off: the guest's clocks
#        advance 2^N ns per instruction executed (single-threaded TCG,
#        the vCPUs in turn), so the guest sees a CPU of fixed speed (N=0:
#        one instruction per ns, about a 1 GHz in-order core) whatever the
#        host's speed or load, and its timers (NAPI's gro_flush_timeout,
#        pktgen's rate) keep their meaning relative to its work. Idle time
#        is skipped (sleep=off).
#   RXS_GUEST_LOCK=FILE (environment): boot only while holding FILE's lock,
#        so that several checkouts on one 2-core machine run one guest at a
#        time (a second TCG guest distorts timings and timeouts); as root
#        the default is /run/rxscale-guest.lock, empty boots without a lock
#        (common.sh rxs_guest_lock). The wait is printed as
#        "RXSCALE-LOCKWAIT: <seconds>".
#
# Prints "PASS <scenario> ...", "SKIP <scenario> ...: reason" (the scenario
# called rxs_skip) or "FAIL <scenario> ...: reason" and exits 0, 77 or 1.
# The scenario's exit status comes from the guest console marker
# "RXSCALE-RESULT: <rc>". On failure the console log is printed. QEMU is
# killed when --timeout (default 300 s) expires.

set -eu

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/common.sh"
. "$here/lib.sh"

kernel=
nic=
driver=
modules=
files=
timeout=300
smp=4
mem=1024
log=
show=0
verbose=0
append=
envs=
scenario=
monitor=0
extras=
icount=0
pages_out=
ishift=

usage() {
	sed -n '3,/^$/s/^# \{0,1\}//p' "$0" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	--kernel) kernel=$2; shift 2 ;;
	--nic) nic=$2; shift 2 ;;
	--driver) driver=$2; shift 2 ;;
	--module)
		[ -f "$2" ] || rxs_die "module $2 not found"
		modules="$modules $(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
		shift 2 ;;
	--file)
		[ -f "$2" ] || rxs_die "file $2 not found"
		files="$files $(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
		shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--smp) smp=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--log) log=$2; shift 2 ;;
	--show) show=1; shift ;;
	--monitor) monitor=1; shift ;;
	--guest-extra)
		[ -x "$here/guest/$2.sh" ] || rxs_die "no guest extra tests/bench/guest/$2.sh"
		extras="$extras $2"; shift 2 ;;
	--icount) icount=1; shift ;;
	--icount-pages) icount=1; pages_out=$2; shift 2 ;;
	--icount-shift)
		case $2 in [0-9] | 10) ishift=$2 ;; *) rxs_die "--icount-shift wants 0..10" ;; esac
		shift 2 ;;
	--verbose) verbose=1; show=1; shift ;;
	--append) append="${append:+$append }$2"; shift 2 ;;
	--env) envs="$envs
$2"; shift 2 ;;
	-h|--help) usage ;;
	-*) echo "unknown option $1" >&2; usage ;;
	*) scenario=$1; shift; break ;;
	esac
done
[ -n "$kernel" ] && [ -n "$nic" ] && [ -n "$scenario" ] || usage
[ -f "$scenario" ] || rxs_die "scenario $scenario not found"
name=$(basename "$scenario" .sh)
for x in $(sed -n 's/^# rxs-guest-extra: *\([A-Za-z0-9_-]*\) *$/\1/p' "$scenario"); do
	[ -x "$here/guest/$x.sh" ] || rxs_die "$scenario asks for guest extra $x: no tests/bench/guest/$x.sh"
	case " $extras " in *" $x "*) ;; *) extras="$extras $x" ;; esac
done

fail() {
	echo "FAIL $name (kernel $kernel, nic $nic): $*"
	exit 1
}

# NIC names -> QEMU device and stock guest driver.
case $nic in
virtio|virtio-net|virtio-net-pci) dev=virtio-net-pci; drv=virtio_net ;;
e1000e) dev=e1000e; drv=e1000e ;;
rtl8127|rtl8127,*) dev=$nic; drv=r8169 ;;
mt7988|mt7988,*) dev=mt7988-eth${nic#mt7988}; drv=mtk_eth ;;
rzg2l-gbeth|rzg2l-gbeth,*) dev=$nic; drv=ravb ;;
*) dev=$nic; drv= ;;
esac
[ -n "$driver" ] && drv=$driver
devtype=${dev%%,*}
# Platform-bus DUTs: no PCI bus, no option ROM; where the guest finds them.
dut_bus=pci
dut_devpath=
case $devtype in
mt7988-eth) dut_bus=platform; dut_devpath=/sys/bus/platform/devices/c000000.ethernet ;;
rzg2l-gbeth) dut_bus=platform; dut_devpath=/sys/bus/platform/devices/c000000.ethernet ;;
esac
case ",$dev," in *,netdev=*) ;; *) dev="$dev,netdev=dut" ;; esac
case ",$dev," in *,mac=*) ;; *) dev="$dev,mac=52:54:00:12:80:01" ;; esac
if [ "$dut_bus" = pci ]; then
	case ",$dev," in *,bus=*) ;; *) dev="$dev,bus=rxs_rp0" ;; esac
	# no option ROM: the guest boots its kernel directly, and the dfsg
	# QEMU source ships no ROM images
	case ",$dev," in *,romfile=*) ;; *) dev="$dev,romfile=" ;; esac
fi

# --- prerequisites: QEMU with the device, guest kernel + initramfs -----------
qemu=$("$here/qemu/build.sh" | tail -n 1) || fail "QEMU build failed"
[ -x "$qemu" ] || fail "no QEMU binary ($qemu)"
case $kernel in
7.3-debug)
	guest=$("$here/../kdebug/guest.sh" | tail -n 1) || fail "guest $kernel build failed"
	# SLUB debug user tracking: caches with debug flags get no per-CPU
	# sheaves (mm/slub.c calculate_sheaf_capacity), whose arrays keep the
	# pointer to each object handed out and so hide every leak from
	# kmemleak (docs/debug-kernel.md)
	append="slab_debug=U${append:+ $append}" ;;
*) guest=$("$here/guest/build.sh" "$kernel" | tail -n 1) || fail "guest $kernel build failed" ;;
esac
[ -f "$guest/Image" ] && [ -f "$guest/initrd.img" ] || fail "guest $kernel incomplete"
extra_cpios=
for x in $extras; do
	xdir=$("$here/guest/$x.sh" "$kernel" | tail -n 1) || fail "guest extra $x ($kernel) build failed"
	[ -f "$xdir/overlay.cpio.gz" ] || fail "guest extra $x ($kernel): no overlay.cpio.gz in $xdir"
	extra_cpios="$extra_cpios $xdir/overlay.cpio.gz"
done
plugin_opt=
if [ "$icount" = 1 ]; then
	plugin=$(dirname "$qemu")/plugins/librxs_icount-$(sha256sum "$here/qemu/plugins/rxs_icount.c" | cut -c1-12).so
	[ -f "$plugin" ] || fail "no TCG plugin $plugin (tests/bench/qemu/build.sh builds it)"
	mark=$(sh "$here/tools/rxs-mark/build.sh" | tail -n 1)
	[ -x "$mark" ] || fail "rxs-mark build failed"
	files="$files $mark"
fi
if ! "$qemu" -M virt -device help 2>/dev/null | grep -q "name \"$devtype\""; then
	fail "device '$devtype' is not in this QEMU build ($qemu)"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/rxs-bench.XXXXXX")
qpid=
mon_cat=
cleanup() {
	if [ -n "$qpid" ] && kill -0 "$qpid" 2>/dev/null; then
		kill "$qpid" 2>/dev/null || true
	fi
	if [ -n "$mon_cat" ]; then
		kill "$mon_cat" 2>/dev/null || true
	fi
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
[ -n "$log" ] || log=$work/console.log
[ "$icount" = 1 ] && plugin_opt="-plugin $plugin,out=$work/icount.txt${pages_out:+,pages=$pages_out}"

# --- the injected archive: scenario, library, modules, settings -------------
inj=$work/inj
mkdir -p "$inj/rxscale/modules"
cp "$scenario" "$inj/rxscale/scenario.sh"
# lib.sh and the shared parts some scenarios source beside it (lib-*.sh)
cp "$here"/scenarios/lib.sh "$here"/scenarios/lib-*.sh "$inj/rxscale/"
echo "$name" > "$inj/rxscale/name"
# A driver module's library dependencies (the .modinfo depends= field: rxscale_core)
# come along from the same build tree (build-modules.sh puts core/ beside
# the driver's directory), so --module r8127.ko alone is enough.
for m in $modules; do
	case $m in *.ko) ;; *) continue ;; esac
	for d in $(tr '\0' '\n' <"$m" | sed -n 's/^depends=//p' | tr ',' ' '); do
		dep=$(dirname "$(dirname "$m")")/core/$d.ko
		[ -f "$dep" ] && cp "$dep" "$inj/rxscale/modules/"
	done
done
for m in $modules; do
	cp "$m" "$inj/rxscale/modules/"
done
if [ -n "$files" ]; then
	mkdir -p "$inj/rxscale/files"
	for f in $files; do
		cp -p "$f" "$inj/rxscale/files/"
	done
fi
{
	echo "RXS_KERNEL=$kernel"
	echo "RXS_NIC='$nic'"
	echo "RXS_DUT_DRIVER='$drv'"
	echo "RXS_DUT_BUS=$dut_bus"
	if [ "$dut_bus" = pci ]; then
		echo "RXS_DUT_PCI=0000:01:00.0"
	else
		echo "RXS_DUT_PCI="
		echo "RXS_DUT_DEVPATH=$dut_devpath"
	fi
	echo "RXS_PEER_PCI=0000:00:03.0"
	echo "RXS_DUT_MAC=52:54:00:12:80:01"
	echo "RXS_PEER_MAC=52:54:00:12:80:02"
	echo "RXS_SMP=$smp"
	echo "RXS_MONITOR=$monitor"
	printf '%s\n' "$envs" | sed -n "s/^\([A-Za-z_][A-Za-z0-9_]*\)=\(.*\)$/\1='\2'/p"
} > "$inj/rxscale/env"
(cd "$inj" && find . | sort | cpio -o -H newc -R 0:0 --quiet) | gzip -1 > "$work/inj.cpio.gz"
# shellcheck disable=SC2086
cat "$guest/initrd.img" $extra_cpios "$work/inj.cpio.gz" > "$work/initrd.img"

# --- boot ----------------------------------------------------------------------
lock0=$(date +%s)
if rxs_guest_lock fail; then
	# run-all.sh takes the wait out of the scenario's time and budget
	echo "RXSCALE-LOCKWAIT: $(( $(date +%s) - lock0 ))"
fi
: > "$log"
# --monitor: HMP on the FIFO pair monitor.in/monitor.out (QEMU's "pipe"
# chardev opens both read-write, so neither side blocks); what QEMU answers
# is copied into monitor.log.
monitor_opt=none
mon_done=0
if [ "$monitor" = 1 ]; then
	mkfifo "$work/monitor.in" "$work/monitor.out"
	monitor_opt=pipe:$work/monitor
	: > "$work/monitor.log"
	cat "$work/monitor.out" >> "$work/monitor.log" &
	mon_cat=$!
fi
# forward_monitor: run the guest's new "RXS-MONITOR: CMD" console requests
# (allowed commands only) on the monitor, in order, each once.
forward_monitor() {
	_n=$(grep -c '^RXS-MONITOR: ' "$log" 2>/dev/null) || _n=0
	while [ "$mon_done" -lt "$_n" ]; do
		mon_done=$((mon_done + 1))
		_cmd=$(grep '^RXS-MONITOR: ' "$log" | sed -n "${mon_done}p" |
			tr -d '\r' | sed 's/^RXS-MONITOR: //')
		case $_cmd in
		"set_link dut on" | "set_link dut off" | "set_link peer on" | \
		"set_link peer off" | "info network")
			echo "[$(( $(rxsb_now) - t0 )) s] request $mon_done: $_cmd" >> "$work/monitor.log"
			# a FIFO without its reader (QEMU gone) would block the open
			timeout 5 sh -c 'printf "%s\n" "$1" > "$2"' sh "$_cmd" "$work/monitor.in" ||
				echo "request $mon_done: monitor gone" >> "$work/monitor.log" ;;
		*)
			echo "[$(( $(rxsb_now) - t0 )) s] request $mon_done refused: $_cmd" >> "$work/monitor.log" ;;
		esac
	done
}
accel_opt="-accel tcg"
[ -n "$ishift" ] && accel_opt="-accel tcg,thread=single -icount shift=$ishift,sleep=off"
t0=$(rxsb_now)
# shellcheck disable=SC2086
"$qemu" -M virt,gic-version=3,its=on $accel_opt -cpu cortex-a57 \
	-smp "$smp" -m "$mem" -display none -monitor "$monitor_opt" -serial "file:$log" \
	-no-reboot -nodefaults $plugin_opt \
	-kernel "$guest/Image" -initrd "$work/initrd.img" \
	-append "console=ttyAMA0 panic=-1 loglevel=5 $append" \
	-device pcie-root-port,id=rxs_rp0,bus=pcie.0,chassis=1,addr=0x2 \
	-netdev hubport,id=dut,hubid=0 -device "$dev" \
	-netdev hubport,id=peer,hubid=0 \
	-device virtio-net-pci,netdev=peer,mac=52:54:00:12:80:02,bus=pcie.0,addr=0x3,romfile= \
	< /dev/null > "$work/qemu.out" 2>&1 &
qpid=$!

if [ "$verbose" = 1 ]; then
	tail -n +1 -f "$log" &
	tailpid=$!
fi
timed_out=0
while kill -0 "$qpid" 2>/dev/null; do
	if [ $(( $(rxsb_now) - t0 )) -ge "$timeout" ]; then
		timed_out=1
		kill "$qpid" 2>/dev/null || true
		sleep 1
		kill -9 "$qpid" 2>/dev/null || true
		break
	fi
	# a guest that printed its result but did not power off
	if grep -q '^RXSCALE-POWEROFF' "$log" 2>/dev/null; then
		sleep 5
		kill "$qpid" 2>/dev/null || true
		break
	fi
	[ "$monitor" = 1 ] && forward_monitor
	sleep 1
done
wait "$qpid" 2>/dev/null || true
qpid=
[ "$verbose" = 1 ] && kill "$tailpid" 2>/dev/null
elapsed=$(( $(rxsb_now) - t0 ))

boot=$(sed -n 's/^RXSCALE-BOOT: .* up after \([0-9.]*\) s.*/\1/p' "$log" | tr -d '\r' | head -n 1)
rc=$(sed -n 's/^RXSCALE-RESULT: *\([^ ]*\).*/\1/p' "$log" | tr -d '\r' | head -n 1)

show_scenario_output() {
	sed -n '/^RXSCALE-SCENARIO:/,/^RXSCALE-RESULT:/p' "$log" | tr -d '\r'
}
show_log() {
	echo "---- guest console ($log) ----"
	tr -d '\r' < "$log"
	if [ -s "$work/qemu.out" ]; then
		echo "---- qemu stderr ----"
		cat "$work/qemu.out"
	fi
	if [ -s "$work/monitor.log" ]; then
		echo "---- monitor ----"
		tr -d '\r' < "$work/monitor.log"
	fi
	echo "---- end ----"
}

info="kernel $kernel, nic $nic, boot ${boot:-?} s, ${elapsed} s"
# --icount: the scenario's marks, in order, against the plugin's
icount_lines=
icount_error=
if [ "$icount" = 1 ]; then
	tr -d '\r' < "$log" | sed -n 's/^RXSCALE-MARK: //p' > "$work/marks.txt"
	sed -n 's/^mark [0-9]* [0-9]* //p' "$work/icount.txt" 2>/dev/null > "$work/counts.txt"
	_nm=$(wc -l < "$work/marks.txt")
	_nc=$(wc -l < "$work/counts.txt")
	if [ "$_nm" != "$_nc" ]; then
		icount_error="$_nm RXSCALE-MARK lines but $_nc plugin marks"
	else
		icount_lines=$(paste -d ' ' "$work/marks.txt" "$work/counts.txt" |
			sed 's/^/RXSCALE-ICOUNT: /')
		printf '%s\n' "$icount_lines" >> "$log"
	fi
fi
# Scenarios run without set -e, so a helper name that does not exist, a
# syntax error in an eval'd string or a non-number in a test only prints
# dash's "<script>: <line>: ...: not found" (or "Syntax error", "Illegal
# number", ...) and the scenario goes on to PASS without the check it
# meant to make. Any such line fails the run, whatever the result line.
shell_errors=$(show_scenario_output | grep -E '^[^ ]+: [0-9]+: .*(not found|Syntax error|Bad substitution|Illegal number|unexpected operator|parameter not set)' | head -n 3)
if [ "$timed_out" = 1 ]; then
	show_log
	fail "timeout after $timeout s: QEMU killed"
fi
if [ -n "$shell_errors" ]; then
	show_log
	fail "the scenario's shell reported errors ($info): $(echo "$shell_errors" | paste -sd '|' -)"
fi
if [ -n "$icount_error" ]; then
	show_log
	fail "--icount: $icount_error ($info)"
fi
[ -n "$icount_lines" ] && printf '%s\n' "$icount_lines"
if [ "$rc" = 0 ]; then
	[ "$show" = 1 ] && show_scenario_output
	echo "PASS $name ($info)"
	exit 0
fi
if [ "$rc" = 77 ]; then
	[ "$show" = 1 ] && show_scenario_output
	why=$(sed -n 's/^RXSCALE-SKIP: *//p' "$log" | tr -d '\r' | tail -n 1)
	echo "SKIP $name ($info): ${why:-no reason given}"
	exit 77
fi
show_log
case $rc in
"") fail "no RXSCALE-RESULT line (guest crashed or QEMU failed; $info)" ;;
*) fail "scenario exit status $rc ($info)" ;;
esac
