#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rxscale-tune on a fake /proc and /sys (RXT_ROOT): queue IRQ discovery,
# spread, RPS masks, threaded NAPI, dry run, save/restore, and its errors.
#   test-tune.sh PATH/rxscale-tune sh|busybox_ash
TUNE=${1:?usage: test-tune.sh TUNE SHELL}
case ${2:-sh} in
sh) SH="sh" ;;
busybox_ash) SH="busybox ash" ;;
*) echo "unknown shell $2" >&2; exit 2 ;;
esac
T=$(mktemp -d /tmp/rxs-tune-test.XXXXXX) || exit 1
trap 'rm -rf "$T"' EXIT
chmod 755 "$T"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; [ -f "$T/out" ] && sed 's/^/    /' "$T/out"; }

# tune ROOT ARGS...: run with the fake root, output in $T/out, status in $rc
tune() {
	_r=$1
	shift
	# shellcheck disable=SC2086
	RXT_ROOT=$_r $SH "$TUNE" "$@" > "$T/out" 2>&1
	rc=$?
}
expect_rc() { [ "$rc" -eq "$1" ] && ok || bad "$2: exit $rc, wanted $1"; }
expect_out() { grep -q -- "$1" "$T/out" && ok || bad "$2: output lacks '$1'"; }
expect_file() { [ "$(cat "$1")" = "$2" ] && ok || bad "$3: $1 is '$(cat "$1")', wanted '$2'"; }

# mk_tree ROOT ONLINE: eth0 with 4 RX and 4 TX queue IRQs (40-47), a veth
# without IRQs, and two IRQs named after a device, not an interface (60, 61)
mk_tree() {
	R=$1
	mkdir -p "$R/proc" "$R/sys/devices/system/cpu"
	echo "$2" > "$R/sys/devices/system/cpu/online"
	{
		echo "           CPU0       CPU1       CPU2       CPU3"
		echo "  1:          9          0          0          0  IO-APIC   1-edge      i8042"
		for q in 0 1 2 3; do
			echo " 4$q:        10$q          0          0          0  PCI-MSIX-0000:01:00.0   $q-edge      eth0-rx-$q"
		done
		for q in 0 1 2 3; do
			echo " 4$((q + 4)):          5          0          0          0  PCI-MSIX-0000:01:00.0   $((q + 4))-edge      eth0-tx-$q"
		done
		echo " 60:          7          0          0          0  GICv3 100 Level     mtk-rx-0"
		echo " 61:          7          0          0          0  GICv3 101 Level     mtk-rx-1"
		echo "NMI:          0          0          0          0   Non-maskable interrupts"
	} > "$R/proc/interrupts"
	for irq in 40 41 42 43 44 45 46 47 60 61; do
		mkdir -p "$R/proc/irq/$irq"
		echo f > "$R/proc/irq/$irq/smp_affinity"
		echo 0-3 > "$R/proc/irq/$irq/smp_affinity_list"
	done
	for ifc in eth0 veth0; do
		d=$R/sys/class/net/$ifc
		mkdir -p "$d"
		echo 0 > "$d/threaded"
		echo 0 > "$d/gro_flush_timeout"
		echo 0 > "$d/napi_defer_hard_irqs"
		for q in 0 1 2 3; do
			[ "$ifc" = veth0 ] && [ "$q" -gt 0 ] && break
			mkdir -p "$d/queues/rx-$q" "$d/queues/tx-$q"
			echo 0 > "$d/queues/rx-$q/rps_cpus"
			echo 0 > "$d/queues/rx-$q/rps_flow_cnt"
			echo 0 > "$d/queues/tx-$q/xps_cpus"
		done
	done
}

A=$T/four
mk_tree "$A" 0-3

# show
tune "$A" show eth0
expect_rc 0 "show"
grep -Eq '^40 +eth0-rx-0 +rx +0 +0-3 ' "$T/out" && ok || bad "show: eth0-rx-0 row"
grep -Eq '^47 +eth0-tx-3 +tx +3 ' "$T/out" && ok || bad "show: eth0-tx-3 row"
[ "$(grep -c 'eth0-[rt]x-' "$T/out")" -eq 8 ] && ok || bad "show: 8 queue IRQs"
expect_out "rx-3     0" "show: rps of rx-3"
tune "$A" show veth0
expect_rc 0 "show veth0"
expect_out "no per-queue IRQs found for veth0" "show veth0"

# spread, dry run: nothing changes
tune "$A" --dry-run spread eth0
expect_rc 0 "spread -n"
expect_out "would write 1 > /proc/irq/40/smp_affinity" "spread -n rx0"
expect_out "would write 8 > /proc/irq/43/smp_affinity" "spread -n rx3"
# no CPU left without an RX IRQ: each TX IRQ on the CPU after its RX twin
expect_out "would write 2 > /proc/irq/44/smp_affinity" "spread -n tx0"
expect_out "would write 1 > /proc/irq/47/smp_affinity" "spread -n tx3"
for irq in 40 41 42 43 44 45 46 47; do
	expect_file "$A/proc/irq/$irq/smp_affinity" f "dry run changed nothing"
done

# save, spread over CPUs 0-1, restore
tune "$A" --save "$T/state" spread eth0 0-1
expect_rc 0 "spread 0-1"
expect_file "$A/proc/irq/40/smp_affinity" 1 "spread 0-1 rx0"
expect_file "$A/proc/irq/41/smp_affinity" 2 "spread 0-1 rx1"
expect_file "$A/proc/irq/42/smp_affinity" 1 "spread 0-1 rx2"
expect_file "$A/proc/irq/43/smp_affinity" 2 "spread 0-1 rx3"
expect_file "$A/proc/irq/44/smp_affinity" 2 "spread 0-1 tx0"
expect_file "$A/proc/irq/45/smp_affinity" 1 "spread 0-1 tx1"
expect_file "$A/proc/irq/60/smp_affinity" f "spread leaves other IRQs alone"
grep -q "^w /proc/irq/40/smp_affinity f # eth0-rx-0$" "$T/state" && ok || bad "state file has IRQ 40"
tune "$A" --dry-run restore "$T/state"
expect_rc 0 "restore -n"
expect_file "$A/proc/irq/40/smp_affinity" 1 "restore -n changed nothing"
tune "$A" restore "$T/state"
expect_rc 0 "restore"
for irq in 40 41 42 43 44 45 46 47; do
	expect_file "$A/proc/irq/$irq/smp_affinity" f "restore"
done

# issue 19: a second --save to the same file keeps the original state, so
# restore returns to where the first change started; save refuses to
# overwrite an existing file
tune "$A" --save "$T/orig" spread eth0 0-1
expect_rc 0 "first --save"
cp "$T/orig" "$T/orig.copy"
tune "$A" --save "$T/orig" rps eth0 on
expect_rc 0 "second --save"
expect_out "keeping the earlier state in $T/orig" "second --save"
cmp -s "$T/orig" "$T/orig.copy" && ok || bad "second --save rewrote $T/orig"
tune "$A" restore "$T/orig"
expect_rc 0 "restore after two --save"
expect_file "$A/proc/irq/40/smp_affinity" f "restore after two --save: rx0"
expect_file "$A/proc/irq/44/smp_affinity" f "restore after two --save: tx0"
expect_file "$A/sys/class/net/eth0/queues/rx-0/rps_cpus" 0 "restore after two --save: rps"
tune "$A" save eth0 "$T/orig"
expect_rc 1 "save over an existing file"
expect_out "$T/orig exists" "save over an existing file"
cmp -s "$T/orig" "$T/orig.copy" && ok || bad "save rewrote $T/orig"
echo "not a state file" > "$T/foreign"
tune "$A" --save "$T/foreign" threaded eth0 on
expect_rc 1 "--save onto a file that is no state file"
expect_file "$A/sys/class/net/eth0/threaded" 0 "--save onto a foreign file changes nothing"
expect_file "$T/foreign" "not a state file" "--save onto a foreign file keeps it"

# 8 CPUs, 4 RX IRQs: TX IRQs on the CPUs without RX
B=$T/eight
mk_tree "$B" 0-7
tune "$B" spread eth0
expect_rc 0 "spread on 8"
expect_file "$B/proc/irq/43/smp_affinity" 8 "spread on 8 rx3"
expect_file "$B/proc/irq/44/smp_affinity" 10 "spread on 8 tx0"
expect_file "$B/proc/irq/47/smp_affinity" 80 "spread on 8 tx3"

# RPS masks
tune "$A" rps eth0 on
expect_rc 0 "rps on"
for q in 0 1 2 3; do expect_file "$A/sys/class/net/eth0/queues/rx-$q/rps_cpus" f "rps on"; done
tune "$A" rps eth0 on 0,2
expect_file "$A/sys/class/net/eth0/queues/rx-1/rps_cpus" 5 "rps on 0,2"
tune "$A" -n rps eth0 off
expect_file "$A/sys/class/net/eth0/queues/rx-1/rps_cpus" 5 "rps off -n"
tune "$A" rps eth0 off
expect_file "$A/sys/class/net/eth0/queues/rx-1/rps_cpus" 0 "rps off"
W=$T/wide
mk_tree "$W" 0-39
tune "$W" rps eth0 on 0,33
expect_rc 0 "rps on 0,33"
expect_file "$W/sys/class/net/eth0/queues/rx-0/rps_cpus" 2,00000001 "mask beyond 32 CPUs"
tune "$W" rps eth0 on 31-32
expect_file "$W/sys/class/net/eth0/queues/rx-0/rps_cpus" 1,80000000 "mask across a group edge"

# threaded NAPI
tune "$A" threaded eth0 on
expect_file "$A/sys/class/net/eth0/threaded" 1 "threaded on"
tune "$A" --dry-run threaded eth0 off
expect_file "$A/sys/class/net/eth0/threaded" 1 "threaded off -n"
tune "$A" threaded eth0 off
expect_file "$A/sys/class/net/eth0/threaded" 0 "threaded off"

# --irq-match: IRQs named after the device
tune "$A" --irq-match '^mtk' spread veth0 2-3
expect_rc 0 "spread --irq-match"
expect_file "$A/proc/irq/60/smp_affinity" 4 "irq-match rx0"
expect_file "$A/proc/irq/61/smp_affinity" 8 "irq-match rx1"

# errors
tune "$A" show nosuch0
expect_rc 1 "show nosuch0"
expect_out "interface nosuch0 does not exist" "show nosuch0"
tune "$A" spread veth0
expect_rc 1 "spread veth0"
expect_out "no per-queue IRQs found for veth0" "spread veth0"
tune "$A" spread eth0 7
expect_rc 2 "spread on an offline CPU"
expect_out "CPU 7 is not online" "spread on an offline CPU"
tune "$A" rps eth0 on 3-1
expect_rc 2 "bad CPU list"
tune "$A" rps eth0 maybe
expect_rc 2 "rps maybe"
tune "$A" frobnicate eth0
expect_rc 2 "unknown command"
sed 's/eth0-rx-2/eth0-rx-9/' "$A/proc/interrupts" > "$T/irq" && cp "$T/irq" "$A/proc/interrupts"
tune "$A" restore "$T/state"
expect_rc 1 "restore after an IRQ changed name"
expect_out "IRQ 42 is no longer eth0-rx-2" "restore after an IRQ changed name"
printf '# rxscale-tune state of eth0\niface eth0\nw /etc/passwd x\n' > "$T/evil"
tune "$A" restore "$T/evil"
expect_rc 1 "restore outside"
expect_out "refusing to write /etc/passwd" "restore outside"
# issue 19: paths with .. climb out of /sys/class/net/IFACE or /proc/irq
mkdir -p "$A/canary2"
printf '# rxscale-tune state of eth0\niface eth0\nw /sys/class/net/eth0/../../../../canary x\n' > "$T/evil2"
tune "$A" restore "$T/evil2"
expect_rc 1 "restore with .."
expect_out "refusing to write /sys/class/net/eth0/../../../../canary" "restore with .."
[ ! -e "$A/canary" ] && ok || bad "restore with ..: wrote $A/canary"
printf '# rxscale-tune state of eth0\niface eth0\nw /proc/irq/../../canary2/smp_affinity 1\n' > "$T/evil3"
tune "$A" restore "$T/evil3"
expect_rc 1 "restore with .. under /proc/irq"
[ ! -e "$A/canary2/smp_affinity" ] && ok || bad "restore with ..: wrote $A/canary2/smp_affinity"
tune "$A" restore "$T/nofile"
expect_rc 1 "restore of a missing file"

# no permission: an unprivileged user cannot write root's files
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	chmod -R a+rX "$A"
	# shellcheck disable=SC2086
	RXT_ROOT=$A setpriv --reuid=65534 --regid=65534 --clear-groups $SH "$TUNE" rps eth0 on \
		> "$T/out" 2>&1
	rc=$?
	expect_rc 1 "rps on as nobody"
	expect_out "permission denied; run as root" "rps on as nobody"
	expect_file "$A/sys/class/net/eth0/queues/rx-0/rps_cpus" 0 "rps on as nobody"
else
	bad "the permission check needs root and setpriv"
fi

# --- irqbalance (issue 19): detection from /proc/PID/comm, the warning after
# spread, ban/unban in IRQBALANCE_ARGS of /etc/default/irqbalance (Debian
# 12's file: comments and commented-out assignments, the user's own args kept)
B=$T/irqb
mk_tree "$B" 0-3
tune "$B" irqbalance eth0
expect_rc 0 "irqbalance, not running"
expect_out "irqbalance: not running" "irqbalance, not running"
expect_out '(no such file)' "irqbalance, no config"
tune "$B" show eth0
expect_out "irqbalance            not running" "show: irqbalance not running"
mkdir -p "$B/proc/812" "$B/proc/77" "$B/etc/default"
echo irqbalance > "$B/proc/812/comm"
echo sshd > "$B/proc/77/comm"
tune "$B" show eth0
expect_out "irqbalance            running (pid 812)" "show: irqbalance running"
tune "$B" spread eth0
expect_rc 0 "spread with irqbalance running"
expect_out "warning: irqbalance is running (pid 812) and moves IRQs 40 41 42 43 44 45 46 47 within 10 s" \
	"spread warns of irqbalance"
printf '%s\n' '# IRQBALANCE_ARGS' '#    Append any args here' '#IRQBALANCE_ARGS=' \
	'IRQBALANCE_ARGS="--banirq=60 --policyscript=/etc/irqb.sh"' > "$B/etc/default/irqbalance"
cp "$B/etc/default/irqbalance" "$T/irqb-orig"
tune "$B" --dry-run irqbalance eth0 ban
expect_rc 0 "irqbalance ban -n"
expect_out 'would set IRQBALANCE_ARGS="--banirq=60 --policyscript=/etc/irqb.sh --banirq=40 --banirq=41 --banirq=42 --banirq=43 --banirq=44 --banirq=45 --banirq=46 --banirq=47"' \
	"irqbalance ban -n"
cmp -s "$B/etc/default/irqbalance" "$T/irqb-orig" && ok || bad "irqbalance ban -n changed the file"
tune "$B" irqbalance eth0 ban
expect_rc 0 "irqbalance ban"
expect_out "systemctl restart irqbalance" "irqbalance ban: restart hint"
[ "$(grep -c '^IRQBALANCE_ARGS=' "$B/etc/default/irqbalance")" -eq 1 ] && ok ||
	bad "irqbalance ban: not one active IRQBALANCE_ARGS line"
grep -qx 'IRQBALANCE_ARGS="--banirq=60 --policyscript=/etc/irqb.sh --banirq=40 --banirq=41 --banirq=42 --banirq=43 --banirq=44 --banirq=45 --banirq=46 --banirq=47"' \
	"$B/etc/default/irqbalance" && ok || { cp "$B/etc/default/irqbalance" "$T/out"; bad "irqbalance ban: the file"; }
grep -qx '#    Append any args here' "$B/etc/default/irqbalance" && ok || bad "irqbalance ban: comments lost"
tune "$B" irqbalance eth0
expect_out "IRQ 43: banned" "irqbalance after ban"
tune "$B" spread eth0
grep -q "warning: irqbalance" "$T/out" && bad "spread warns though every IRQ is banned" || ok
tune "$B" irqbalance eth0 ban
expect_out "unchanged /etc/default/irqbalance" "irqbalance ban twice"
[ "$(grep -c -- '--banirq=40' "$B/etc/default/irqbalance")" -eq 1 ] && ok || bad "irqbalance ban twice: duplicates"
tune "$B" irqbalance eth0 unban
expect_rc 0 "irqbalance unban"
grep -qx 'IRQBALANCE_ARGS="--banirq=60 --policyscript=/etc/irqb.sh"' "$B/etc/default/irqbalance" && ok ||
	{ cp "$B/etc/default/irqbalance" "$T/out"; bad "irqbalance unban: the user's own args back"; }
tune "$B" irqbalance eth0 sideways
expect_rc 2 "irqbalance bad action"
tune "$B" irqbalance ../eth0 ban
expect_rc 2 "irqbalance bad interface"
tune "$B" irqbalance veth0 ban
expect_rc 1 "irqbalance ban of an interface without queue IRQs"
grep -qx 'IRQBALANCE_ARGS="--banirq=60 --policyscript=/etc/irqb.sh"' "$B/etc/default/irqbalance" && ok ||
	bad "irqbalance: a refused ban changed the file"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
