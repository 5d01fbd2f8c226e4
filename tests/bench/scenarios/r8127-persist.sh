#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rxs-guest-extra: udev
# r8127: settings saved by "rxscale-tune persist" come back after a driver
# reload (issue 19), applied by Debian's own udev daemon. rxscale-tune is
# /rxscale/files/rxscale-tune (run-scenario.sh --file scripts/rxscale-tune);
# the line above makes run-scenario.sh add the "udev" guest extra
# (tests/bench/guest/udev.sh: bookworm's systemd-udevd and udevadm, the
# guest userland's release, with Debian's stock rules).
#   0. systemd-udevd --daemon --debug (no systemd as PID 1; its log and
#      "udevadm monitor --kernel --udev" for net go to files), udevadm
#      trigger, udevadm settle. A naming rule keeps the DUT's name by its
#      MAC (70-rxs-persistent-net.rules, NAME=, as Debian's old persistent
#      net rules did; without it the stock 99-default.link names it
#      enp1s0 at the next add event);
#   1. away from the driver's defaults: ethtool -L rx (one RX channel fewer),
#      -X equal 2, -C rx-usecs, threaded NAPI on, RPS on CPUs 2-3, the RX
#      IRQs spread in reverse CPU order (rxscale-tune spread IFACE 3,2,1,0);
#   2. rxscale-tune persist writes the state file and the udev rule
#      (udevadm control --reload, as persist advises);
#   3. rmmod r8127, modprobe r8127. The kernel's add uevent reaches udevd;
#      the new interface (eth0 when the peer's eth0 is in its namespace)
#      is named back by the naming rule, the persisted rule matches (the
#      add event, and the move event of the rename) and udevd runs its
#      RUN+= command. Checked from udevd itself: its debug log shows the
#      rule file's RUN line applied, "Running command" of apply with $name
#      substituted and "Process ... succeeded" for each run, no error about
#      the rule file; udevadm monitor shows the processed add event. Then
#      the effect: channels, RSS table, coalescing and RPS are the
#      persisted ones, before the interface is up; threaded NAPI is
#      refused while down (r8127 adds its NAPI instances at open) and
#      apply says so. Without the udev extra (no systemd-udevd in the
#      guest) a stand-in evaluator of the rule (busybox "uevent" and
#      udev_eval below) runs it instead, and the real-udev check is a SKIP;
#   4. the IRQs are requested at link up (r8127_irq_request) and get the
#      driver's own spread then, so the rule cannot set them: the command
#      the --systemd unit runs (ExecStart, "apply --wait-irqs") is started
#      as systemd would when the interface appears, the interface brought
#      up once it waits, and the IRQ affinity and threaded NAPI checked to
#      be the persisted ones;
#   5. link down/up keeps all of it (the kernel keeps a written affinity,
#      IRQD_AFFINITY_SET); it makes no uevent, and udevd runs no rule;
#   6. persist --remove, another reload: udevd runs nothing of ours and the
#      defaults of step 1 come back (what came back in 3 and 4 was the
#      rule's and the unit's work).
. ./lib.sh
TUNE=$RXS_DIR/files/rxscale-tune
[ -x "$TUNE" ] || rxs_fail "no $TUNE (run-scenario.sh --file scripts/rxscale-tune)"
UDEVD=/usr/lib/systemd/systemd-udevd
REAL_UDEV=0
if [ -x "$UDEVD" ] && command -v udevadm > /dev/null; then
	REAL_UDEV=1
else
	command -v uevent > /dev/null ||
		rxs_fail "no systemd-udevd (the udev guest extra) and no busybox uevent applet in the guest"
fi

rxs_setup r8127
rxs_wait_link 20
rxs_ping 3
# one probe at setup and one per reload, each asks for the PHY patch
rxs_dmesg_expect_nofw 3

# ---------------------------------------------------------------- helpers

# snap: the settings this scenario changes, one "name value" a line
snap() {
	_i=$RXS_DUT
	echo "channels $(ethtool -l "$_i" | sed -n '/^Current/,$p' | grep -E '^(RX|TX|Combined):' | tr -s ' \t' ' ' | tr '\n' ' ')"
	echo "rss $(ethtool -x "$_i" | awk '/^ +[0-9]+:/ { for (i = 2; i <= NF; i++) printf "%s ", $i }')"
	echo "coalesce $(ethtool -c "$_i" | grep -E '^(rx|tx)-usecs:' | tr -s ' \t' ' ' | tr '\n' ' ')"
	echo "threaded $(cat "/sys/class/net/$_i/threaded")"
	for _q in /sys/class/net/"$_i"/queues/rx-*; do
		echo "rps ${_q##*/} $(cat "$_q/rps_cpus")"
	done
}
# irqsnap: the DUT's RX queue IRQs by name after the interface name (a
# reloaded DUT may get another ethN), with their affinity
irqsnap() {
	awk -v i="$RXS_DUT" '$NF ~ "^" i "-rx-" { sub(/:$/, "", $1); print $1, $NF }' /proc/interrupts |
		while read -r _n _name; do
			echo "irq ${_name#"$RXS_DUT"} $(cat "/proc/irq/$_n/smp_affinity_list")"
		done
}
show() { # LABEL FILE
	sed "s/^/rxs:   $1: /" "$2"
}
# reload WHAT: rmmod and modprobe r8127; RXS_DUT is the new interface,
# down and without an address. With the real udevd: once udevd has
# processed the add event and its queue is empty; UDEVD_L0 is the line of
# udevd's log where the reload began.
reload() {
	rxs_step "reload r8127 ($1)"
	ip link set "$RXS_DUT" down
	if [ "$REAL_UDEV" = 1 ]; then
		_adds=$(grep -cE "$MON_ADD" "$MON_LOG")
		UDEVD_L0=$(wc -l < "$UDEVD_LOG")
	fi
	rmmod r8127 || rxs_fail "rmmod r8127 ($1)"
	[ -z "$(rxs_ifaces_of_driver r8127)" ] || rxs_fail "interface left after rmmod ($1)"
	modprobe r8127 || rxs_fail "modprobe r8127 ($1)"
	if [ "$REAL_UDEV" = 1 ]; then
		udev_added "$_adds" "$1"
		return 0
	fi
	rxs_find_dut r8127 15 "modprobe r8127 ($1)"
	# the rule's run for the add event ends before the rename
	[ "${RULE_ON:-0}" = 0 ] || rule_runs_done 1
	# the peer's eth0 sits in another namespace, so the new DUT may be
	# eth0 here: give it the persisted name back, as a naming rule (udev
	# NAME=, systemd .link) keeps a NIC's name on a real system; the
	# rename is a "move" uevent
	if [ -n "${PNAME:-}" ] && [ "$RXS_DUT" != "$PNAME" ]; then
		rxs_say "the reloaded DUT is $RXS_DUT: renamed $PNAME"
		ip link set "$RXS_DUT" name "$PNAME" || rxs_fail "rename $RXS_DUT to $PNAME ($1)"
		RXS_DUT=$PNAME
		[ "${RULE_ON:-0}" = 0 ] || rule_runs_done 2
	fi
}
# udev_added N WHAT: (real udevd) wait, 60 s at most, until udevd has
# processed a net add event more than N (udevadm monitor prints an event
# once its RUN commands have ended), then until its queue is empty
# (udevadm settle: the move event of the rename); RXS_DUT is then the
# DUT's interface, which the naming rule gave the name it had at start
udev_added() {
	_t=0
	until [ "$(grep -cE "$MON_ADD" "$MON_LOG")" -gt "$1" ]; do
		_t=$((_t + 1))
		[ "$_t" -le 300 ] || {
			sed 's/^/rxs:   monitor: /' "$MON_LOG"
			rxs_fail "$2: udevd processed no add event of a net device within 60 s of modprobe"
		}
		rxs_tick
	done
	udevadm settle --timeout=60 || rxs_fail "$2: udevadm settle: udevd's queue not empty after 60 s"
	rxs_find_dut r8127 15 "modprobe r8127 ($2)"
	[ "$RXS_DUT" = "$DUT_NAME" ] ||
		rxs_fail "$2: the reloaded DUT is $RXS_DUT: udev's naming rule did not name it $DUT_NAME"
}
# udevd_new: udevd's log since the last reload began (UDEVD_L0)
udevd_new() {
	tail -n "+$((UDEVD_L0 + 1))" "$UDEVD_LOG"
}
# rule_runs_done N: (stand-in) wait (10 s at most) until N rule runs have
# started and every one that started has ended
rule_runs_done() {
	_t=0
	while :; do
		_m=$(grep -c "  match:" "$UEV_LOG")
		_e=$(grep -c "RUN exit" "$UEV_LOG")
		[ "$_m" -ge "$1" ] && [ "$_m" -eq "$_e" ] && return 0
		_t=$((_t + 1))
		[ "$_t" -le 50 ] || { cat "$UEV_LOG"; rxs_fail "rule runs: $_m started, $_e ended within 10 s of modprobe"; }
		rxs_tick
	done
}
up() { # WHAT
	ip addr add "$RXS_DUT_IP/24" dev "$RXS_DUT" || rxs_fail "address on $RXS_DUT ($1)"
	ip link set "$RXS_DUT" up || rxs_fail "$RXS_DUT up ($1)"
	rxs_wait_link 20
	rxs_ping 3
}

# ------------------------------------------------------------ 0. udevd

DUT_NAME=$RXS_DUT
if [ "$REAL_UDEV" = 1 ]; then
	rxs_step "systemd-udevd"
	UDEVD_LOG=/tmp/udevd.log
	MON_LOG=/tmp/udev-monitor.log
	# a net add event as udevadm monitor prints it once udevd processed it
	MON_ADD='^UDEV +\[[0-9. ]+\] +add +/.* \(net\)$'
	mkdir -p /etc/udev/rules.d
	# the DUT keeps its name over reloads
	printf '%s\n' "# the bench DUT keeps its name (written by r8127-persist.sh)" \
		"SUBSYSTEM==\"net\", ACTION==\"add\", ATTR{address}==\"$RXS_DUT_MAC\", NAME=\"$DUT_NAME\"" \
		> /etc/udev/rules.d/70-rxs-persistent-net.rules
	"$UDEVD" --version | head -n 1 | sed 's/^/rxs:   /'
	SYSTEMD_LOG_TARGET=console "$UDEVD" --daemon --debug > "$UDEVD_LOG" 2>&1 ||
		{ cat "$UDEVD_LOG"; rxs_fail "systemd-udevd --daemon failed"; }
	_t=0
	until udevadm control --ping 2>/dev/null; do
		_t=$((_t + 1))
		[ "$_t" -le 50 ] || { cat "$UDEVD_LOG"; rxs_fail "systemd-udevd does not answer udevadm control --ping after 10 s"; }
		rxs_tick
	done
	udevadm monitor --kernel --udev --subsystem-match=net > "$MON_LOG" 2>&1 &
	MON_PID=$!
	_t0=$(cut -d' ' -f1 /proc/uptime)
	udevadm trigger || rxs_fail "udevadm trigger"
	udevadm settle --timeout=120 || rxs_fail "udevadm settle: udevd's queue not empty 120 s after trigger"
	rxs_say "udevd up; trigger and settle took $(awk -v a="$_t0" '{ printf "%.1f", $1 - a }' /proc/uptime) s, $(wc -l < "$UDEVD_LOG") lines of debug log"
	kill -0 "$MON_PID" 2>/dev/null || rxs_fail "udevadm monitor did not start"
	[ -e "/sys/class/net/$DUT_NAME" ] || rxs_fail "udevadm trigger (change events) renamed $DUT_NAME"
else
	rxs_check_skip "real udevd runs the persisted rule" \
		"no systemd-udevd in the guest (the udev guest extra is missing): a stand-in evaluator of the rule runs it instead"
	# udev_eval (the uevent applet's handler, environment = the uevent): each
	# line of /etc/udev/rules.d/*rxscale* is matched the way udev matches the
	# keys persist writes; on a match its RUN+= command runs with $name
	# replaced (udev's substitution), output into $UEV_LOG.
	UEV_LOG=/tmp/udev-eval.log
	cat > /tmp/udev_eval <<-'EOS'
	#!/bin/sh
	LOG=/tmp/udev-eval.log
	echo "uevent $ACTION $SUBSYSTEM $DEVPATH${INTERFACE:+ INTERFACE=$INTERFACE}" >> "$LOG"
	[ "$SUBSYSTEM" = net ] || exit 0
	for rf in /etc/udev/rules.d/*rxscale*.rules; do
		[ -f "$rf" ] || continue
		grep -v '^#' "$rf" | while IFS= read -r line; do
			[ -n "$line" ] || continue
			run=
			ok=1
			rest=$line
			while [ -n "$rest" ]; do
				rest=${rest#, }
				key=${rest%%[=!+]*}
				op=${rest#"$key"}
				op=${op%%\"*}
				val=${rest#*\"}
				val=${val%%\"*}
				rest=${rest#*\"}
				rest=${rest#*\"}
				case $key$op in
				ACTION==) got=$ACTION ;;
				SUBSYSTEM==) got=$SUBSYSTEM ;;
				DEVPATH==) got=$DEVPATH ;;
				'ATTR{address}==') got=$(cat "/sys$DEVPATH/address" 2>/dev/null) ;;
				DRIVERS==)
					got=
					p=/sys$DEVPATH
					while [ "$p" != /sys ] && [ -n "$p" ]; do
						if [ -L "$p/driver" ]; then
							d=$(readlink -f "$p/driver"); d=${d##*/}
							# shellcheck disable=SC2254
							case $d in $val) got=$d; break ;; esac
						fi
						p=${p%/*}
					done ;;
				RUN+=) run=$val; continue ;;
				*) echo "UNSUPPORTED KEY $key$op in $rf" >> "$LOG"; ok=0; break ;;
				esac
				m=0
				oldifs=$IFS; IFS='|'
				for alt in $val; do
					# shellcheck disable=SC2254
					case $got in $alt) m=1 ;; esac
				done
				IFS=$oldifs
				[ "$m" = 1 ] || { ok=0; break; }
			done
			[ "$ok" = 1 ] || { echo "  no match: ${rf##*/}" >> "$LOG"; continue; }
			echo "  match: ${rf##*/}: RUN $run" >> "$LOG"
			cmd=$(echo "$run" | sed "s/\\\$name/$INTERFACE/g")
			# shellcheck disable=SC2086
			$cmd >> "$LOG" 2>&1
			echo "  RUN exit $?" >> "$LOG"
		done
	done
	EOS
	chmod +x /tmp/udev_eval
	: > "$UEV_LOG"
	uevent /tmp/udev_eval > /dev/null 2>&1 &
	UEV_PID=$!
	sleep 1
	kill -0 "$UEV_PID" 2>/dev/null || rxs_fail "busybox uevent did not start"
fi

# ----------------------------------------------------------- 1. non-default

rxs_step "defaults"
snap > /tmp/def
irqsnap > /tmp/defirq
show default /tmp/def
show default /tmp/defirq
[ -s /tmp/defirq ] || rxs_fail "no RX queue IRQs named $RXS_DUT-rx-N in /proc/interrupts"

rxs_step "away from the defaults"
_rx=$(ethtool -l "$RXS_DUT" | sed -n '/^Current/,$p' | awk '$1 == "RX:" { print $2 }')
case $_rx in '' | *[!0-9]*) rxs_fail "ethtool -l shows no RX channel count" ;; esac
[ "$_rx" -ge 3 ] || rxs_fail "only $_rx RX channels: the scenario wants 3 or more"
ethtool -L "$RXS_DUT" rx $((_rx - 1)) || rxs_fail "ethtool -L rx $((_rx - 1))"
ethtool -X "$RXS_DUT" equal 2 || rxs_fail "ethtool -X equal 2"
_us=$(ethtool -c "$RXS_DUT" | awk '$1 == "rx-usecs:" { print $2 }')
_nus=$((_us == 50 ? 100 : 50))
ethtool -C "$RXS_DUT" rx-usecs "$_nus" || rxs_fail "ethtool -C rx-usecs $_nus"
"$TUNE" threaded "$RXS_DUT" on || rxs_fail "rxscale-tune threaded on"
"$TUNE" rps "$RXS_DUT" on 2-3 || rxs_fail "rxscale-tune rps on 2-3"
"$TUNE" spread "$RXS_DUT" 3,2,1,0 || rxs_fail "rxscale-tune spread 3,2,1,0"
snap > /tmp/want
irqsnap > /tmp/wantirq
show chosen /tmp/want
show chosen /tmp/wantirq
for k in channels rss coalesce threaded; do
	[ "$(grep "^$k " /tmp/want)" != "$(grep "^$k " /tmp/def)" ] ||
		rxs_fail "$k did not change: $(grep "^$k " /tmp/want)"
done
cmp -s /tmp/wantirq /tmp/defirq && rxs_fail "the IRQ affinity did not change"

# ----------------------------------------------------------- 2. persist

rxs_step "persist"
"$TUNE" persist --dry-run --tune "$TUNE" "$RXS_DUT" > /tmp/dry || rxs_fail "persist --dry-run"
[ ! -e "/etc/udev/rules.d/90-rxscale-tune-$RXS_DUT.rules" ] || rxs_fail "persist --dry-run wrote the rule"
"$TUNE" persist --tune "$TUNE" "$RXS_DUT" || rxs_fail "rxscale-tune persist"
# the files are named after the interface at persist time
PNAME=$RXS_DUT
STATE=/etc/rxscale/persist/$PNAME.state
RULE=/etc/udev/rules.d/90-rxscale-tune-$PNAME.rules
sed 's/^/rxs:   rule: /' "$RULE"
sed 's/^/rxs:   state: /' "$STATE"
mkdir -p /tmp/sd
"$TUNE" persist --systemd --dest /tmp/sd --tune "$TUNE" "$RXS_DUT" > /dev/null ||
	rxs_fail "rxscale-tune persist --systemd --dest /tmp/sd"
EXEC=$(sed -n 's/^ExecStart=//p' "/tmp/sd/etc/systemd/system/rxscale-tune-$PNAME.service")
[ -n "$EXEC" ] || rxs_fail "no ExecStart in the unit"
rxs_say "the unit's ExecStart: $EXEC"
[ "$REAL_UDEV" = 0 ] || udevadm control --reload || rxs_fail "udevadm control --reload"

# ----------------------------------------------------------- 3. reload

if [ "$REAL_UDEV" = 1 ]; then
	_mon0=$(wc -l < "$MON_LOG")
	reload "persisted"
	BY="by udevd's run of the rule"
	# what udevd did, from udevd itself: the monitor's net events and
	# the debug log's lines about the rule and its command
	tail -n "+$((_mon0 + 1))" "$MON_LOG" | grep -E '^(KERNEL|UDEV)' | sed 's/^/rxs:   monitor: /'
	udevd_new > /tmp/udevd.reload
	grep -F -e "${RULE##*/}" -e "$TUNE" /tmp/udevd.reload | sed 's/^/rxs:   udevd: /'
	tail -n "+$((_mon0 + 1))" "$MON_LOG" | grep -qE '^KERNEL.* add +/.* \(net\)$' ||
		rxs_fail "udevadm monitor saw no kernel add uevent of a net device"
	# the rule file's errors, as udevd logs them ("FILE:LINE Invalid ...")
	_err=$(grep -F "${RULE##*/}:" "$UDEVD_LOG" | grep -iE 'invalid|failed|ignoring|unknown|error' | head -n 3)
	[ -z "$_err" ] || rxs_fail "udevd: $_err"
	grep -F "${RULE##*/}:" /tmp/udevd.reload | grep -q "RUN" ||
		rxs_fail "udevd's log shows no RUN of ${RULE##*/} applied for the reloaded DUT: the rule did not match"
	# every rxscale-tune command udevd ran succeeded, and one of them
	# was apply on the DUT's name ($name substituted)
	_cmd="$TUNE apply --iface $PNAME $STATE"
	_nrun=$(grep -cF "Running command \"$TUNE " /tmp/udevd.reload)
	_nok=$(grep -F "Process '$TUNE " /tmp/udevd.reload | grep -c "' succeeded\.$")
	[ "$_nok" -eq "$_nrun" ] || rxs_fail "udevd ran rxscale-tune $_nrun times, $_nok succeeded"
	grep -qF "Running command \"$_cmd\"" /tmp/udevd.reload || rxs_fail "udevd did not run '$_cmd' after the reload"
	rxs_check_pass "real udevd: the kernel's add uevent reached systemd-udevd, ${RULE##*/} matched and udevd ran its RUN+= with \$name substituted ($_nrun run(s): '$_cmd', each exit 0)"
	APPLY_LOG=/tmp/udevd.reload
else
	_ev0=$(grep -c '^uevent add net ' "$UEV_LOG")
	RULE_ON=1
	reload "persisted"
	RULE_ON=0
	BY="by the stand-in evaluator's run of the rule"
	sed 's/^/rxs:   udev: /' "$UEV_LOG"
	[ "$(grep -c '^uevent add net ' "$UEV_LOG")" -gt "$_ev0" ] || rxs_fail "no add uevent for net seen"
	grep -q "UNSUPPORTED KEY" "$UEV_LOG" && rxs_fail "the rule has a key udev_eval does not know"
	[ "$(grep -c "RUN exit" "$UEV_LOG")" -eq "$(grep -c "RUN exit 0" "$UEV_LOG")" ] ||
		rxs_fail "a run of the rule's apply failed"
	APPLY_LOG=$UEV_LOG
fi
[ "$(cat "/sys/class/net/$RXS_DUT/operstate")" = down ] || rxs_fail "$RXS_DUT is not down after modprobe"
snap > /tmp/got
show "after reload, before up" /tmp/got
# threaded NAPI: r8127 adds its NAPI instances at open, and the kernel
# refuses threaded while there are none; apply says so and leaves it for up
grep -q "note: $RXS_DUT is down and refuses threaded NAPI now" "$APPLY_LOG" ||
	rxs_say "note: threaded NAPI was accepted while down"
if cmp -s /tmp/got /tmp/want; then
	rxs_check_pass "channels, RSS table, coalescing, threaded NAPI, RPS back after reload ($BY, interface down)"
elif [ "$(grep -v '^threaded ' /tmp/got)" = "$(grep -v '^threaded ' /tmp/want)" ] &&
     grep -qx "threaded $(grep '^threaded ' /tmp/def | cut -d' ' -f2)" /tmp/got; then
	rxs_check_pass "channels, RSS table, coalescing, RPS back after reload ($BY, interface down); threaded NAPI refused while down, left for up"
else
	diff /tmp/want /tmp/got
	rxs_fail "after the reload the settings are not the persisted ones"
fi

# ----------------------------------------------------------- 4. IRQs at up

rxs_step "IRQ affinity at link up (the unit's command)"
# shellcheck disable=SC2086
$EXEC > /tmp/unit.log 2>&1 &
_up=$!
# systemd starts the unit when the device appears, before the network
# configuration brings the interface up: up once it waits
_t=0
until grep -q "^waiting up to" /tmp/unit.log; do
	kill -0 "$_up" 2>/dev/null || { cat /tmp/unit.log; rxs_fail "the unit's apply ended without waiting for up and the IRQs"; }
	_t=$((_t + 1))
	[ "$_t" -le 100 ] || { cat /tmp/unit.log; rxs_fail "the unit's apply did not reach its wait within 20 s"; }
	rxs_tick
done
up "after reload"
wait "$_up"
_rc=$?
sed 's/^/rxs:   unit: /' /tmp/unit.log
[ "$_rc" -eq 0 ] || rxs_fail "the unit's apply exited $_rc"
irqsnap > /tmp/gotirq
show "after up" /tmp/gotirq
snap > /tmp/got
if cmp -s /tmp/gotirq /tmp/wantirq && cmp -s /tmp/got /tmp/want; then
	rxs_check_pass "RX IRQ affinity and threaded NAPI back after reload and link up (the unit's apply --wait-irqs), the rest still as persisted"
else
	diff /tmp/wantirq /tmp/gotirq
	diff /tmp/want /tmp/got
	rxs_fail "after link up the IRQ affinity is not the persisted one"
fi
rxs_ping 3

# ----------------------------------------------------------- 5. down/up

# runs_so_far: the rule's runs up to now (udevd's or the stand-in's)
runs_so_far() {
	if [ "$REAL_UDEV" = 1 ]; then
		grep -cF "Running command \"$TUNE " "$UDEVD_LOG"
	else
		grep -c "RUN exit" "$UEV_LOG"
	fi
}
_runs=$(runs_so_far)
[ "$REAL_UDEV" = 0 ] || _mon0=$(wc -l < "$MON_LOG")
rxs_down_up
[ "$REAL_UDEV" = 0 ] || udevadm settle --timeout=30 || rxs_fail "udevadm settle after down/up"
irqsnap > /tmp/gotirq
snap > /tmp/got
cmp -s /tmp/gotirq /tmp/wantirq && cmp -s /tmp/got /tmp/want ||
	{ diff /tmp/want /tmp/got; diff /tmp/wantirq /tmp/gotirq; rxs_fail "link down/up changed a setting"; }
[ "$(runs_so_far)" -eq "$_runs" ] || rxs_fail "link down/up ran the rule"
if [ "$REAL_UDEV" = 1 ]; then
	tail -n "+$((_mon0 + 1))" "$MON_LOG" | grep -E '^(KERNEL|UDEV)' | sed 's/^/rxs:   monitor (down\/up): /'
	rxs_check_pass "everything kept over link down/up (kernel and driver keep it; udevd ran no rule, $(tail -n "+$((_mon0 + 1))" "$MON_LOG" | grep -cE '^UDEV') net events)"
else
	rxs_check_pass "everything kept over link down/up (kernel and driver keep it; no rule ran)"
fi

# ----------------------------------------------------------- 6. remove

rxs_step "persist --remove"
"$TUNE" persist --remove "$PNAME" || rxs_fail "persist --remove"
[ ! -e "$RULE" ] && [ ! -e "$STATE" ] || rxs_fail "persist --remove left $RULE or $STATE"
if [ "$REAL_UDEV" = 1 ]; then
	udevadm control --reload || rxs_fail "udevadm control --reload"
	reload "removed"
	udevd_new | grep -F -e "$TUNE" -e "rxscale-tune" | sed 's/^/rxs:   udevd: /'
	udevd_new | grep -qF "Running command \"$TUNE " && rxs_fail "udevd ran rxscale-tune after --remove"
else
	: > "$UEV_LOG"
	reload "removed"
	sleep 2
	sed 's/^/rxs:   udev: /' "$UEV_LOG"
	grep -q "match:" "$UEV_LOG" && rxs_fail "a rule matched after --remove"
fi
up "after reload without the rule"
snap > /tmp/got
irqsnap > /tmp/gotirq
show "after remove and reload" /tmp/got
if cmp -s /tmp/got /tmp/def && cmp -s /tmp/gotirq /tmp/defirq; then
	rxs_check_pass "without the rule a reload gives the defaults back (negative control)"
else
	diff /tmp/def /tmp/got
	diff /tmp/defirq /tmp/gotirq
	rxs_fail "after --remove and a reload the settings are not the defaults"
fi

if [ "$REAL_UDEV" = 1 ]; then
	kill "$MON_PID" 2>/dev/null
	udevadm control --exit || rxs_fail "udevadm control --exit"
	rxs_say "udevd's debug log: $(wc -l < "$UDEVD_LOG") lines"
else
	kill "$UEV_PID" 2>/dev/null
fi
rxs_no_iface_errors
rxs_dmesg_check
rxs_checks_end
