#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rxscale-switch-driver on a fake /sys (RXS_SWITCH_SYSFS) with a fake
# kernel behind it: an RTL8127 on PCI (r8169 <-> r8127), an RZ/G2L GbEth
# (ravb <-> rzg2l_gbeth) and an MT7988 frame engine (mtk_eth's driver
# mtk_soc_eth <-> mt7988_eth) on the platform bus; moves both ways with and
# without --persist, the modprobe.d file with two pairs in it, refused input
# (exit 2, nothing changed), a driver that does not bind (exit 1, the old
# one back), --dry-run and --status.
#   test-switch.sh PATH/rxscale-switch-driver sh|busybox_ash
#
# The fake kernel: every unbind file and drivers_probe of a bus is the same
# FIFO, read by one background loop per bus. A line naming a bound device
# unbinds it (its interface goes); one naming an unbound device binds it to
# its driver_override, or without one to its default (the in-tree) driver,
# if that driver is registered and not listed in $T/refuse. modprobe
# registers a driver (its directory appears); modinfo prints the aliases in
# $T/aliases/MODULE.
SW=${1:?usage: test-switch.sh SWITCH SHELL}
case ${2:-sh} in
sh) SH="sh" ;;
busybox_ash) SH="busybox ash" ;;
*) echo "unknown shell $2" >&2; exit 2 ;;
esac
T=$(mktemp -d /tmp/rxs-switch-test.XXXXXX) || exit 1
R=$T/sys
kpids=
cleanup() {
	for _b in pci platform; do
		[ -p "$R/bus/$_b/.kernel" ] && echo quit > "$R/bus/$_b/.kernel" &
	done
	sleep 1
	# shellcheck disable=SC2086
	[ -n "$kpids" ] && kill $kpids 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL %s\n' "$*"; [ -f "$T/out" ] && sed 's/^/    /' "$T/out"; }

# ---- the fake tree ----------------------------------------------------------
mkdir -p "$R/class/net/lo" "$T/bin" "$T/aliases" "$T/modules" "$T/modprobe.d"
: > "$T/modules/modules.builtin"
: > "$T/modprobe.log"
for b in pci platform; do
	mkdir -p "$R/bus/$b/devices" "$R/bus/$b/drivers"
	mkfifo "$R/bus/$b/.kernel"
	ln -s .kernel "$R/bus/$b/drivers_probe"
done

# register BUS DRIVER: the driver's directory with its unbind file
register() {
	mkdir -p "$R/bus/$1/drivers/$2"
	ln -sf ../../.kernel "$R/bus/$1/drivers/$2/unbind"
}

# mkdev BUS ADDR MODALIAS DEFAULT-DRIVER IFACE [COMPATIBLE...]: a device
# bound to DEFAULT-DRIVER (registered), with interface IFACE
mkdev() {
	_d=$R/bus/$1/devices/$2
	mkdir -p "$_d/net"
	ln -s "$R/bus/$1" "$_d/subsystem"
	echo "$3" > "$_d/modalias"
	echo "$4" > "$_d/.default"
	echo "$5" > "$_d/.iface"
	echo "(null)" > "$_d/driver_override"
	if [ $# -gt 5 ]; then
		mkdir -p "$_d/of_node"
		shift 5
		printf '%s\0' "$@" > "$_d/of_node/compatible"
	fi
	bind "$_d" "$(cat "$_d/.default")"
}

# bind DEVDIR DRIVER / unbind DEVDIR: what the fake kernel does
bind() {
	_b=$(basename "$(readlink -f "$1/subsystem")")
	register "$_b" "$2"
	ln -s "$R/bus/$_b/drivers/$2" "$1/driver"
	_i=$(cat "$1/.iface")
	mkdir -p "$1/net/$_i" "$R/class/net/$_i"
	ln -s "$1" "$R/class/net/$_i/device"
}
unbind() {
	rm -f "$1/driver"
	_i=$(cat "$1/.iface")
	rm -rf "${1:?}/net/$_i" "${R:?}/class/net/$_i"
}

fake_kernel() {
	_fifo=$R/bus/$1/.kernel
	# every line of an opening, not one: a second writer may open the FIFO
	# before the reader has closed it, and its line would be lost
	while :; do
		while read -r _a; do
			[ "$_a" = quit ] && exit 0
			kernel_act "$1" "$_a"
		done < "$_fifo"
	done
}

# kernel_act BUS ADDR: unbind a bound device, bind an unbound one
kernel_act() {
	_d=$R/bus/$1/devices/$2
	[ -d "$_d" ] || return 0
	if [ -L "$_d/driver" ]; then
		unbind "$_d"
		return 0
	fi
	_o=$(cat "$_d/driver_override")
	# an override written empty reads back as (null), as the kernel's does
	if [ -z "$_o" ]; then
		echo "(null)" > "$_d/driver_override"
		_o="(null)"
	fi
	[ "$_o" = "(null)" ] && _o=$(cat "$_d/.default")
	[ -d "$R/bus/$1/drivers/$_o" ] || return 0
	grep -qx "$_o" "$T/refuse" 2>/dev/null && return 0
	bind "$_d" "$_o"
}

# module aliases as the real modules list them (modinfo -F alias)
RTL='pci:v000010ECd00008127sv*sd*bc*sc*i*'
echo "$RTL" > "$T/aliases/r8127"
printf '%s\n' "$RTL" 'pci:v000010ECd00008168sv*sd*bc*sc*i*' > "$T/aliases/r8169"
printf '%s\n' 'of:N*T*Crenesas,rzg2l-gbethC*' 'of:N*T*Crenesas,rzg2l-gbeth' > "$T/aliases/rzg2l_gbeth"
printf '%s\n' 'of:N*T*Crenesas,etheravb-rcar-gen3' 'of:N*T*Crenesas,rzg2l-gbethC*' \
	'of:N*T*Crenesas,rzg2l-gbeth' > "$T/aliases/ravb"
printf '%s\n' 'of:N*T*Cmediatek,mt7988-ethC*' 'of:N*T*Cmediatek,mt7988-eth' > "$T/aliases/mt7988_eth"
printf '%s\n' 'of:N*T*Cmediatek,mt7986-eth' 'of:N*T*Cmediatek,mt7988-ethC*' \
	'of:N*T*Cmediatek,mt7988-eth' > "$T/aliases/mtk_eth"
cat > "$T/bin/modinfo" <<EOF
#!/bin/sh
[ "\$1" = -F ] && [ "\$2" = alias ] || exit 1
[ -f "$T/aliases/\$3" ] || { echo "modinfo: ERROR: Module \$3 not found." >&2; exit 1; }
cat "$T/aliases/\$3"
EOF
cat > "$T/bin/modprobe" <<EOF
#!/bin/sh
echo "\$*" >> "$T/modprobe.log"
[ -f "$T/aliases/\$1" ] || exit 1
case \$1 in r8127|r8169) b=pci ;; *) b=platform ;; esac
mkdir -p "$R/bus/\$b/drivers/\$1"
ln -sf ../../.kernel "$R/bus/\$b/drivers/\$1/unbind"
EOF
chmod +x "$T/bin/modinfo" "$T/bin/modprobe"

RTLA=0000:01:00.0
GBA=11c20000.ethernet
MTA=15100000.ethernet
mkdev pci $RTLA 'pci:v000010ECd00008127sv000010ECsd00008127bc02sc00i00' r8169 eth1
echo 0x10ec > "$R/bus/pci/devices/$RTLA/vendor"
echo 0x8127 > "$R/bus/pci/devices/$RTLA/device"
mkdev platform $GBA 'of:NethernetT(null)Crenesas,r9a07g044-gbethCrenesas,rzg2l-gbeth' ravb eth0 \
	renesas,r9a07g044-gbeth renesas,rzg2l-gbeth
mkdev platform $MTA 'of:NethernetT(null)Cmediatek,mt7988-eth' mtk_soc_eth eth2 mediatek,mt7988-eth
fake_kernel pci &
kpids="$kpids $!"
fake_kernel platform &
kpids="$kpids $!"
CONF=$T/modprobe.d/rxscale-switch-driver.conf

# sw ARGS...: run the script on the fake tree, output in $T/out, status in $rc
sw() {
	# shellcheck disable=SC2086
	PATH=$T/bin:$PATH RXS_SWITCH_SYSFS=$R RXS_SWITCH_MODPROBE_D=$T/modprobe.d \
		RXS_SWITCH_MODULES=$T/modules RXS_SWITCH_BIND_WAIT=${BIND_WAIT:-5} \
		timeout 60 $SH "$SW" "$@" > "$T/out" 2>&1
	rc=$?
}
drv_of() { # BUS ADDR
	[ -L "$R/bus/$1/devices/$2/driver" ] &&
		basename "$(readlink -f "$R/bus/$1/devices/$2/driver")"
}
state() {
	for _x in "pci $RTLA" "platform $GBA" "platform $MTA"; do
		# shellcheck disable=SC2086
		set -- $_x
		printf '%s=%s/%s ' "$2" "$(drv_of "$1" "$2")" "$(override_of "$1" "$2")"
	done
	printf 'conf=%s mods=%s ifaces=%s' "$(cat "$CONF" 2>/dev/null | cksum)" \
		"$(wc -l < "$T/modprobe.log")" "$(ls "$R/class/net" | tr '\n' ,)"
}
expect_rc() { [ "$rc" -eq "$1" ] && ok || bad "$2: exit $rc, wanted $1"; }
expect_out() { grep -qF -- "$1" "$T/out" && ok || bad "$2: output lacks '$1'"; }
expect_drv() { [ "$(drv_of "$1" "$2")" = "$3" ] && ok || bad "$4: $2 on '$(drv_of "$1" "$2")', wanted $3"; }
# an override written empty reads back as (null) from the kernel's
# sysfs; the fake tree's file stays empty until the next probe
override_of() {
	_ov=$(cat "$R/bus/$1/devices/$2/driver_override")
	echo "${_ov:-(null)}"
}
expect_override() {
	[ "$(override_of "$1" "$2")" = "$3" ] && ok ||
		bad "$4: $2 driver_override '$(override_of "$1" "$2")', wanted '$3'"
}
expect_conf() { # LINES WHAT: the softdep lines of $CONF, sorted, '|'-joined
	_got=$(grep '^softdep ' "$CONF" 2>/dev/null | sort | tr '\n' '|')
	[ "$_got" = "$1" ] && ok || bad "$2: $CONF softdeps '$_got', wanted '$1'"
}
# refused WHAT ARGS...: exit 2, a message, nothing changed
refused() {
	_what=$1
	shift
	_before=$(state)
	sw "$@"
	expect_rc 2 "$_what"
	expect_out "rxscale-switch-driver: " "$_what (message)"
	[ "$(state)" = "$_before" ] && ok || bad "$_what changed the state: $_before -> $(state)"
}

# ---- refused input ----------------------------------------------------------
refused "unknown driver" eth0 e1000e
refused "PCI device to a platform driver" eth1 rzg2l_gbeth
expect_out "rzg2l_gbeth drives platform devices; $RTLA is a pci device" "PCI to platform"
refused "platform device to a PCI driver" eth0 r8127
refused "GbEth to the MT7988 driver" $GBA mt7988_eth
expect_out "mt7988_eth does not support $GBA" "GbEth to mt7988_eth"
refused "virtual interface" lo rzg2l_gbeth
refused "absent platform device" 10000000.ethernet rzg2l_gbeth
refused "path as device" ../$GBA rzg2l_gbeth
refused "bound to a third driver (none known)" eth0 ""
printf '%s\n' 'of:N*T*Cmediatek,mt7986-eth' > "$T/aliases/mtk_eth.new"
mv "$T/aliases/mtk_eth" "$T/aliases/mtk_eth.old"
mv "$T/aliases/mtk_eth.new" "$T/aliases/mtk_eth"
refused "no way back (in-tree mtk_eth without MT7988)" eth2 mt7988_eth
expect_out "is not a device mtk_eth supports" "no way back"
mv "$T/aliases/mtk_eth.old" "$T/aliases/mtk_eth"
echo "kernel/drivers/net/ethernet/renesas/ravb.ko" > "$T/modules/modules.builtin"
refused "--persist with ravb built in" --persist eth0 rzg2l_gbeth
expect_out "ravb is built into this kernel" "built-in ravb"
: > "$T/modules/modules.builtin"

# ---- --status and --dry-run ---------------------------------------------------
sw --status $GBA
expect_rc 0 "--status"
expect_out "device:          $GBA (platform, renesas,r9a07g044-gbeth renesas,rzg2l-gbeth)" "--status device"
expect_out "driver:          ravb" "--status driver"
expect_out "interfaces:      eth0" "--status interfaces"
_before=$(state)
sw --dry-run --persist eth0 rzg2l_gbeth
expect_rc 0 "--dry-run"
expect_out "would: modprobe rzg2l_gbeth" "--dry-run modprobe"
expect_out "would: echo 'rzg2l_gbeth' > $R/bus/platform/devices/$GBA/driver_override" "--dry-run override"
expect_out "would: echo '$GBA' > $R/bus/platform/drivers/ravb/unbind" "--dry-run unbind"
expect_out "would: echo '$GBA' > $R/bus/platform/drivers_probe" "--dry-run probe"
expect_out "softdep ravb pre: rzg2l_gbeth" "--dry-run persist"
[ "$(state)" = "$_before" ] && ok || bad "--dry-run changed the state: $_before -> $(state)"

# ---- moves --------------------------------------------------------------------
sw --persist eth1 r8127
expect_rc 0 "r8169 -> r8127"
expect_drv pci $RTLA r8127 "r8169 -> r8127"
expect_override pci $RTLA r8127 "r8169 -> r8127"
expect_conf "softdep r8169 pre: r8127|" "r8169 -> r8127 --persist"

sw --persist eth0 rzg2l_gbeth
expect_rc 0 "ravb -> rzg2l_gbeth"
expect_drv platform $GBA rzg2l_gbeth "ravb -> rzg2l_gbeth"
expect_override platform $GBA rzg2l_gbeth "ravb -> rzg2l_gbeth"
grep -qx "rzg2l_gbeth" "$T/modprobe.log" && ok || bad "ravb -> rzg2l_gbeth: no modprobe rzg2l_gbeth"
expect_conf "softdep r8169 pre: r8127|softdep ravb pre: rzg2l_gbeth|" "two pairs persisted"
[ -e "$R/class/net/eth0/device" ] && ok || bad "ravb -> rzg2l_gbeth: no eth0 after the move"

sw eth0 rzg2l_gbeth
expect_rc 0 "second move to rzg2l_gbeth"
expect_out "already bound to rzg2l_gbeth" "second move to rzg2l_gbeth"

sw --persist $GBA ravb
expect_rc 0 "rzg2l_gbeth -> ravb"
expect_drv platform $GBA ravb "rzg2l_gbeth -> ravb"
expect_override platform $GBA "(null)" "rzg2l_gbeth -> ravb"
expect_conf "softdep r8169 pre: r8127|" "ravb's line removed, r8169's kept"

sw --persist ${RTLA#0000:} r8169
expect_rc 0 "r8127 -> r8169"
expect_drv pci $RTLA r8169 "r8127 -> r8169"
[ -e "$CONF" ] && bad "last softdep removed but $CONF still there" || ok

# the MT7988: named by the in-tree module's driver name on the way back
sw $MTA mt7988_eth
expect_rc 0 "mtk_soc_eth -> mt7988_eth"
expect_drv platform $MTA mt7988_eth "mtk_soc_eth -> mt7988_eth"
sw eth2 mtk_soc_eth
expect_rc 0 "mt7988_eth -> mtk_soc_eth"
expect_drv platform $MTA mtk_soc_eth "mt7988_eth -> mtk_soc_eth"
expect_override platform $MTA "(null)" "mt7988_eth -> mtk_soc_eth"
sw eth2 mtk_eth
expect_out "already bound to mtk_soc_eth" "module name of a bound driver"
[ -e "$CONF" ] && bad "$CONF written without --persist" || ok

# ---- a driver that does not bind: exit 1, the old one back -------------------
echo rzg2l_gbeth > "$T/refuse"
BIND_WAIT=1 sw eth0 rzg2l_gbeth
expect_rc 1 "refused bind"
expect_out "rzg2l_gbeth did not bind $GBA" "refused bind"
# the fake kernel rebinds asynchronously
_i=0
while [ "$(drv_of platform $GBA)" != ravb ] && [ $_i -lt 10 ]; do
	sleep 1
	_i=$((_i + 1))
done
expect_drv platform $GBA ravb "refused bind: back on ravb"
expect_override platform $GBA "(null)" "refused bind: override restored"
rm -f "$T/refuse"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
