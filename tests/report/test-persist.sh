#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rxscale-tune persist and apply (issue 19) on a fake /sys and /proc
# (RXT_ROOT) with a fake ethtool (-l/-L, -x/-X equal, -c/-C kept in files),
# writing into a temporary --dest: the udev rule's and the unit's exact
# text, the state file, --dry-run writing nothing, apply after a "driver
# reload" (new IRQ numbers, default settings, the interface down), --remove
# removing exactly what persist wrote, and refused input.
#   test-persist.sh PATH/rxscale-tune sh|busybox_ash
TUNE=${1:?usage: test-persist.sh TUNE SHELL}
case ${2:-sh} in
sh) SH="sh" ;;
busybox_ash) SH="busybox ash" ;;
*) echo "unknown shell $2" >&2; exit 2 ;;
esac
T=$(mktemp -d /tmp/rxs-persist-test.XXXXXX) || exit 1
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; [ -f "$T/out" ] && sed 's/^/    /' "$T/out"; }
expect_rc() { [ "$rc" -eq "$1" ] && ok || bad "$2: exit $rc, wanted $1"; }
expect_out() { grep -q -- "$1" "$T/out" && ok || bad "$2: output lacks '$1'"; }
expect_line() { grep -qxF -- "$2" "$1" && ok || { cp "$1" "$T/out" 2>/dev/null; bad "$3: $1 lacks the line '$2'"; }; }
expect_file() { [ "$(cat "$1" 2>/dev/null)" = "$2" ] && ok || bad "$3: $1 is '$(cat "$1" 2>/dev/null)', wanted '$2'"; }

R=$T/root
D=$T/dest
F=$T/fake
DEV=/devices/pci0000:00/0000:00:01.0/0000:01:00.0
MAC=52:54:00:12:34:56
mkdir -p "$D" "$F/bin"

# mk_tree IRQBASE: eth0 on $DEV bound to r8127 (4 RX queues, IRQs
# IRQBASE..IRQBASE+3 named eth0-rx-N), veth0 (virtual, random MAC), the
# driver's defaults everywhere; the fake ethtool's state back to defaults
mk_tree() {
	rm -rf "$R"
	mkdir -p "$R/proc" "$R/sys/devices/system/cpu" "$R/sys/class/net" "$R/sys/bus/pci/drivers/r8127"
	echo 0-3 > "$R/sys/devices/system/cpu/online"
	n=$R/sys$DEV/net/eth0
	mkdir -p "$n"
	ln -s ../../../../bus/pci/drivers/r8127 "$R/sys$DEV/driver"
	ln -s ../.. "$n/device"
	ln -s "../../devices/pci0000:00/0000:00:01.0/0000:01:00.0/net/eth0" "$R/sys/class/net/eth0"
	echo "$MAC" > "$n/address"
	echo 0 > "$n/addr_assign_type"
	echo down > "$n/operstate"
	echo 0x1002 > "$n/flags"
	v=$R/sys/devices/virtual/net/veth0
	mkdir -p "$v/queues/rx-0"
	ln -s ../../devices/virtual/net/veth0 "$R/sys/class/net/veth0"
	echo 8a:11:22:33:44:55 > "$v/address"
	echo 1 > "$v/addr_assign_type"
	for d in "$n" "$v"; do
		echo 0 > "$d/threaded"
		echo 0 > "$d/gro_flush_timeout"
		echo 0 > "$d/napi_defer_hard_irqs"
	done
	echo 0 > "$v/queues/rx-0/rps_cpus"
	for q in 0 1 2 3; do
		mkdir -p "$n/queues/rx-$q" "$n/queues/tx-$q"
		echo 0 > "$n/queues/rx-$q/rps_cpus"
		echo 0 > "$n/queues/rx-$q/rps_flow_cnt"
		echo 0 > "$n/queues/tx-$q/xps_cpus"
	done
	{
		echo "           CPU0       CPU1       CPU2       CPU3"
		for q in 0 1 2 3; do
			[ "$1" = none ] && break
			i=$(($1 + q))
			echo " $i:        10$q          0          0          0  PCI-MSIX-0000:01:00.0   $q-edge      eth0-rx-$q"
			mkdir -p "$R/proc/irq/$i"
			echo f > "$R/proc/irq/$i/smp_affinity"
		done
	} > "$R/proc/interrupts"
	echo "rx 4 tx 2 other 0 combined 0" > "$F/channels"
	echo "adaptive-rx off adaptive-tx off rx-usecs 20 tx-usecs 0" > "$F/coal"
	echo 4 > "$F/equal"
	echo r8127 > "$F/driver"
	: > "$F/log"
}

# fake ethtool: "key value" pairs in $FAKE/channels and $FAKE/coal, the RSS
# table as "equal N" over 4 rings; every call in $FAKE/log
cat > "$F/bin/ethtool" <<'EOS'
#!/bin/sh
echo "ethtool $*" >> "$FAKE/log"
setkv() { # FILE KEY VALUE...
	f=$1; shift
	for _x in $(cat "$f"); do :; done
	new=$(cat "$f")
	while [ $# -ge 2 ]; do
		case " $new " in *" $1 "*) ;; *) echo "ethtool: unknown key $1" >&2; exit 1 ;; esac
		new=$(echo " $new " | sed "s/ $1 [^ ]* / $1 $2 /; s/^ //; s/ \$//")
		shift 2
	done
	echo "$new" > "$f"
}
get() { awk -v k="$2" '{ for (i = 1; i < NF; i += 2) if ($i == k) print $(i + 1) }' "$1"; }
case $1 in
-l)
	echo "Channel parameters for $2:"
	echo "Pre-set maximums:"
	printf 'RX:\t\t4\nTX:\t\t2\nOther:\t\tn/a\nCombined:\tn/a\n'
	echo "Current hardware settings:"
	printf 'RX:\t\t%s\nTX:\t\t%s\nOther:\t\t%s\nCombined:\t%s\n' "$(get "$FAKE/channels" rx)" \
		"$(get "$FAKE/channels" tx)" "$(get "$FAKE/channels" other)" "$(get "$FAKE/channels" combined)" ;;
-L) shift 2; setkv "$FAKE/channels" "$@" ;;
-c)
	echo "Coalesce parameters for $2:"
	echo "Adaptive RX: $(get "$FAKE/coal" adaptive-rx)  TX: $(get "$FAKE/coal" adaptive-tx)"
	printf 'stats-block-usecs:\tn/a\nrx-usecs:\t%s\nrx-frames:\tn/a\ntx-usecs:\t%s\n' \
		"$(get "$FAKE/coal" rx-usecs)" "$(get "$FAKE/coal" tx-usecs)"
	echo "CQE mode RX: n/a  TX: n/a" ;;
-C) shift 2; setkv "$FAKE/coal" "$@" ;;
-x)
	n=$(cat "$FAKE/equal")
	echo "RX flow hash indirection table for $2 with 4 RX ring(s):"
	i=0
	while [ $i -lt 16 ]; do
		[ $((i % 8)) -eq 0 ] && printf '%5d:' $i
		printf '%6d' $((i % n))
		[ $((i % 8)) -eq 7 ] && echo
		i=$((i + 1))
	done
	echo "RSS hash key:"
	echo "6d:5a" ;;
-X) [ "$3" = equal ] || exit 1; echo "$4" > "$FAKE/equal" ;;
-i) [ "$2" = eth0 ] || exit 1; echo "driver: $(cat "$FAKE/driver")"; echo "version: 7.3" ;;
*) exit 1 ;;
esac
EOS
chmod +x "$F/bin/ethtool"

# tune ARGS...: rxscale-tune on the fake root, output in $T/out, status in rc
tune() {
	# shellcheck disable=SC2086
	PATH=$F/bin:$PATH FAKE=$F RXT_ROOT=$R $SH "$TUNE" "$@" > "$T/out" 2>&1
	rc=$?
}
# chosen: the settings away from the defaults that persist must keep
chosen() {
	tune rps eth0 on 2-3
	tune threaded eth0 on
	tune spread eth0 3,2,1,0
	PATH=$F/bin:$PATH FAKE=$F ethtool -L eth0 rx 3
	PATH=$F/bin:$PATH FAKE=$F ethtool -X eth0 equal 2
	PATH=$F/bin:$PATH FAKE=$F ethtool -C eth0 rx-usecs 50
}
STATE=/etc/rxscale/persist/eth0.state
RULE=/etc/udev/rules.d/90-rxscale-tune-eth0.rules
UNIT=/etc/systemd/system/rxscale-tune-eth0.service
WANTS=/etc/systemd/system/sys-subsystem-net-devices-eth0.device.wants/rxscale-tune-eth0.service

mk_tree 40
chosen
[ "$(cat "$R/proc/irq/40/smp_affinity")" = 8 ] && ok || bad "setup: spread 3,2,1,0 did not put rx-0 on CPU 3"

# --- dry run: the texts shown, nothing written
tune persist --dry-run --dest "$D" --tune /opt/rxs/rxscale-tune eth0
expect_rc 0 "persist --dry-run"
expect_out "would write $STATE:" "persist --dry-run: state"
expect_out "would write $RULE:" "persist --dry-run: rule"
expect_out '    ACTION=="add|move", SUBSYSTEM=="net", ATTR{address}=="52:54:00:12:34:56", RUN+="/opt/rxs/rxscale-tune apply --iface $name /etc/rxscale/persist/eth0.state"' \
	"persist --dry-run: the rule's text"
[ -z "$(find "$D" -mindepth 1)" ] && ok || bad "persist --dry-run wrote into $D: $(find "$D" -mindepth 1)"
tune -n persist --dest "$D" --tune /opt/rxs/rxscale-tune eth0
expect_out "would write $RULE:" "-n persist"
[ -z "$(find "$D" -mindepth 1)" ] && ok || bad "-n persist wrote into $D"

# --- the rule and the state file
tune persist --dest "$D" --tune /opt/rxs/rxscale-tune eth0
expect_rc 0 "persist"
expect_out "wrote $RULE" "persist: says what it wrote"
expect_out "note: the rule runs when eth0 appears, before it is up" "persist: the IRQ caveat"
expect_line "$D$RULE" 'ACTION=="add|move", SUBSYSTEM=="net", ATTR{address}=="52:54:00:12:34:56", RUN+="/opt/rxs/rxscale-tune apply --iface $name /etc/rxscale/persist/eth0.state"' \
	"persist: the rule"
[ "$(grep -vc '^#' "$D$RULE")" -eq 1 ] && ok || bad "persist: the rule file has more than one rule"
for l in "iface eth0" "driver r8127" "ethtool-l rx 3 tx 2 other 0 combined 0" "ethtool-x equal 2" \
	"ethtool-c adaptive-rx off adaptive-tx off rx-usecs 50 tx-usecs 0" \
	"sys threaded 1" "sys queues/rx-0/rps_cpus c" "sys queues/rx-3/rps_cpus c" \
	"irq -rx-0 8" "irq -rx-1 4" "irq -rx-2 2" "irq -rx-3 1"; do
	expect_line "$D$STATE" "$l" "persist: state"
done
head -n 1 "$D$STATE" | grep -q '^# rxscale-tune persisted state of eth0, written ' && ok || bad "persist: state header"
[ "$(stat -c %a "$D$RULE")" = 644 ] && ok || bad "persist: rule mode $(stat -c %a "$D$RULE")"

# --by path: the device path, any interface name under it
tune persist --by path --dest "$D" --tune /opt/rxs/rxscale-tune eth0
expect_rc 0 "persist --by path"
expect_line "$D$RULE" 'ACTION=="add|move", SUBSYSTEM=="net", DEVPATH=="/devices/pci0000:00/0000:00:01.0/0000:01:00.0/net/*", RUN+="/opt/rxs/rxscale-tune apply --iface $name /etc/rxscale/persist/eth0.state"' \
	"persist --by path: the rule"

# --systemd: the unit and systemctl enable's link
tune persist --systemd --wait-irqs 60 --dest "$D" --tune /opt/rxs/rxscale-tune eth0
expect_rc 0 "persist --systemd"
for l in "BindsTo=sys-subsystem-net-devices-eth0.device" "After=sys-subsystem-net-devices-eth0.device" \
	"Type=oneshot" "TimeoutStartSec=90" \
	"ExecStart=/opt/rxs/rxscale-tune apply --iface eth0 --wait-irqs 60 /etc/rxscale/persist/eth0.state" \
	"WantedBy=sys-subsystem-net-devices-eth0.device"; do
	expect_line "$D$UNIT" "$l" "persist --systemd: unit"
done
[ "$(readlink "$D$WANTS")" = ../rxscale-tune-eth0.service ] && ok || bad "persist --systemd: wants link '$(readlink "$D$WANTS")'"

# --- apply after a "driver reload": new IRQ numbers, defaults, down
cp "$D$STATE" "$T/state"
mk_tree 50
tune apply --iface eth0 "$T/state"
expect_rc 0 "apply, interface down with IRQs"
expect_line "$F/log" "ethtool -L eth0 rx 3" "apply: channels (only what differs)"
expect_line "$F/log" "ethtool -X eth0 equal 2" "apply: RSS table"
expect_line "$F/log" "ethtool -C eth0 rx-usecs 50" "apply: coalescing (only what differs)"
expect_file "$R/sys/class/net/eth0/threaded" 1 "apply: threaded"
expect_file "$R/sys/class/net/eth0/queues/rx-2/rps_cpus" c "apply: rps"
expect_file "$R/proc/irq/50/smp_affinity" 8 "apply: IRQ eth0-rx-0 by name (now IRQ 50)"
expect_file "$R/proc/irq/53/smp_affinity" 1 "apply: IRQ eth0-rx-3 by name (now IRQ 53)"
tune apply "$T/state"
expect_rc 0 "apply again"
expect_out "unchanged ethtool -L eth0" "apply again: channels unchanged"
expect_out "unchanged RSS table of eth0" "apply again: RSS unchanged"
grep -q "ethtool -[LXC]" "$F/log" && [ "$(grep -c 'ethtool -[LXC]' "$F/log")" -eq 3 ] && ok ||
	bad "apply again ran ethtool -L/-X/-C once more: $(cat "$F/log")"

# dry run: nothing changes
mk_tree 50
tune -n apply "$T/state"
expect_rc 0 "apply -n"
expect_out "would run ethtool -L eth0 rx 3" "apply -n: channels"
expect_out "would write 8 > /proc/irq/50/smp_affinity" "apply -n: IRQ"
expect_file "$R/sys/class/net/eth0/threaded" 0 "apply -n changed nothing"
expect_file "$R/proc/irq/50/smp_affinity" f "apply -n changed nothing"
grep -q "ethtool -[LXC]" "$F/log" && bad "apply -n ran $(grep 'ethtool -[LXC]' "$F/log")" || ok

# the IRQs not requested yet (driver requests them at link up): a note
mk_tree none
tune apply "$T/state"
expect_rc 0 "apply without IRQs"
expect_out "note: eth0 has no queue IRQs or is down now (down); not applied: IRQ affinity" "apply without IRQs"
expect_file "$R/sys/class/net/eth0/queues/rx-1/rps_cpus" c "apply without IRQs: the rest applied"
tune apply --wait-irqs 1 "$T/state"
expect_out "waiting up to 1 s for eth0 to be up with its queue IRQs" "apply --wait-irqs 1"

# a driver that adds its NAPI instances at open refuses threaded while
# down (r8127 on 7.3: EIO): a note, the rest applied, threaded after up
mk_tree none
rm "$R/sys/class/net/eth0/threaded"
mkdir "$R/sys/class/net/eth0/threaded"
tune apply "$T/state"
expect_rc 0 "apply, threaded refused while down"
expect_out "note: eth0 is down and refuses threaded NAPI now" "apply, threaded refused while down"
expect_out "not applied: threaded NAPI IRQ affinity" "apply, threaded refused while down: the summary"
expect_file "$R/sys/class/net/eth0/queues/rx-1/rps_cpus" c "apply, threaded refused while down: rps applied"
# up, with its IRQs: both set (what --wait-irqs does once up)
mk_tree 60
echo 0x1003 > "$R/sys/class/net/eth0/flags"
tune apply --wait-irqs 5 "$T/state"
expect_rc 0 "apply, up"
expect_file "$R/sys/class/net/eth0/threaded" 1 "apply, up: threaded"
expect_file "$R/proc/irq/60/smp_affinity" 8 "apply, up: IRQ eth0-rx-0 (now IRQ 60)"
grep -q "^waiting" "$T/out" && bad "apply, up: waited though up with IRQs" || ok

# another driver drives the interface now (rxscale-switch-driver): nothing
mk_tree 40
echo r8169 > "$F/driver"
tune apply "$T/state"
expect_rc 1 "apply under another driver"
expect_out "eth0 is driven by r8169 now; $T/state was persisted under r8127: not applied" "apply under another driver"
expect_file "$R/sys/class/net/eth0/queues/rx-1/rps_cpus" 0 "apply under another driver changed rps"
grep -q "ethtool -[LXC]" "$F/log" && bad "apply under another driver ran ethtool" || ok
echo r8127 > "$F/driver"

# --- --remove: exactly what persist wrote
tune persist --remove --dry-run --dest "$D" eth0
expect_rc 0 "persist --remove --dry-run"
expect_out "would remove $UNIT" "persist --remove --dry-run"
[ -e "$D$UNIT" ] && [ -e "$D$RULE" ] && [ -e "$D$STATE" ] && ok || bad "persist --remove --dry-run removed something"
tune persist --remove --dest "$D" eth0
expect_rc 0 "persist --remove"
for f in "$STATE" "$RULE" "$UNIT" "$WANTS"; do
	expect_out "removed $f" "persist --remove"
done
left=$(find "$D" -type f -o -type l)
[ -z "$left" ] && ok || bad "persist --remove left: $left"
tune persist --remove --dest "$D" eth0
expect_rc 1 "persist --remove twice"
expect_out "nothing persisted for eth0" "persist --remove twice"
# a rule of the same name that persist did not write is left alone
mkdir -p "$D/etc/udev/rules.d"
echo 'ACTION=="add", RUN+="/bin/true"' > "$D$RULE"
tune persist --dest "$D" --tune /opt/rxs/rxscale-tune eth0
expect_rc 1 "persist over a foreign rule"
expect_out "not written by rxscale-tune persist; not overwritten" "persist over a foreign rule"
tune persist --remove --dest "$D" eth0
expect_rc 1 "--remove of a foreign rule"
expect_file "$D$RULE" 'ACTION=="add", RUN+="/bin/true"' "--remove left the foreign rule"
rm -f "$D$RULE"

# --- refused input
mk_tree 40
tune persist --dest "$D" '../eth0'
expect_rc 2 "persist ../eth0"
expect_out "bad interface name" "persist ../eth0"
tune persist --dest "$D" 'eth0"x'
expect_rc 2 "persist with a quote in the name"
tune persist --dest "$D" nosuch0
expect_rc 1 "persist nosuch0"
expect_out "interface nosuch0 does not exist" "persist nosuch0"
tune persist --by serial --dest "$D" eth0
expect_rc 2 "persist --by serial"
tune persist --dest "$D" --tune rxscale-tune eth0
expect_rc 2 "persist --tune relative"
expect_out "absolute path" "persist --tune relative"
tune persist --dest "$D" --wait-irqs soon --systemd eth0
expect_rc 2 "persist --wait-irqs soon"
tune persist --dest "$T/nodir" eth0
expect_rc 2 "persist --dest missing"
tune persist --dest "$D" --frob eth0
expect_rc 2 "persist --frob"
tune persist --dest "$D" veth0
expect_rc 1 "persist veth0 --by mac"
expect_out "random or stolen" "persist veth0 --by mac"
tune persist --by path --dest "$D" veth0
expect_rc 1 "persist veth0 --by path"
expect_out "virtual interface" "persist veth0 --by path"
tune persist eth0 --dest "$D"
expect_rc 2 "persist IFACE before its options"
expect_out "one interface, after the options" "persist IFACE before its options"
tune persist --remove --systemd --dest "$D" eth0
expect_rc 2 "persist --remove --systemd"
left=$(find "$D" -type f -o -type l)
[ -z "$left" ] && ok || bad "refused persists wrote: $left"

printf '# rxscale-tune state of eth0\niface eth0\nw /proc/irq/40/smp_affinity 1\n' > "$T/saved"
tune apply "$T/saved"
expect_rc 1 "apply of a save file"
expect_out "not a state file of rxscale-tune persist" "apply of a save file"
# a file outside /sys that a path with .. would reach (from
# /sys/class/net/eth0/queues/rx-0, which is under $DEV: nine levels up is /)
mkdir -p "$R/canary"
echo 0 > "$R/canary/rps_cpus"
UP=../../../../../../../../..
printf '# rxscale-tune persisted state of eth0\niface eth0\nsys ../../../../../../canary/x 1\nsys queues/rx-0/%s/canary/rps_cpus f\nsys queues/rx-0/../../threaded 1\nsys address 00:11:22:33:44:55\n' "$UP" > "$T/evil"
[ -e "$R/sys/class/net/eth0/queues/rx-0/$UP/canary/rps_cpus" ] && ok || bad "the test's .. path does not reach $R/canary"
tune apply "$T/evil"
expect_rc 1 "apply of paths outside the queue settings"
expect_out 'refusing "sys ../../../../../../canary/x 1"' "apply: sys with .."
expect_out "refusing \"sys queues/rx-0/$UP/canary/rps_cpus f\"" "apply: rps_cpus path with .."
expect_out 'refusing "sys address 00:11:22:33:44:55"' "apply: sys address"
[ ! -e "$R/canary/x" ] && ok || bad "apply wrote $R/canary/x"
expect_file "$R/canary/rps_cpus" 0 "apply wrote through a .. path"
expect_file "$R/sys/class/net/eth0/threaded" 0 "apply: refused line changed threaded"
printf '# rxscale-tune persisted state of eth0\niface eth0\nethtool-l rx 3;reboot\nethtool-x equal two\nirq -rx-0 f$(id)\nfrob 1\n' > "$T/evil2"
tune apply "$T/evil2"
expect_rc 1 "apply of bad ethtool and irq lines"
expect_out 'refusing "ethtool-l rx 3;reboot"' "apply: ethtool-l with ;"
expect_out 'refusing "ethtool-x equal two"' "apply: ethtool-x"
expect_out 'refusing "frob 1"' "apply: unknown line"
expect_out 'refusing "irq -rx-0 f$(id)"' "apply: irq mask"
grep -q "ethtool -[LX]" "$F/log" && bad "apply ran ethtool on refused lines: $(cat "$F/log")" || ok
tune apply --wait-irqs x "$T/state"
expect_rc 2 "apply --wait-irqs x"
tune apply "$T/none"
expect_rc 1 "apply of a missing file"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
