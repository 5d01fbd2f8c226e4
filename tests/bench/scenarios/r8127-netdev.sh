#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# r8127 and the kernel's netdev interfaces (issue 4), "where the kernel
# has them":
#   netdev generic netlink (7.3; the family exists from 6.3), read with
#   tests/bench/tools/nlcheck:
#     - queue-get: 4 RX + 2 TX queues, each with a NAPI id
#       (netif_queue_set_napi); after ethtool -L rx 2 tx 1 and back the
#       listing follows
#     - napi-get: every NAPI has an IRQ (netif_napi_set_irq) whose
#       /proc/interrupts name is <if>-rx-<q> / <if>-tx-<q> for its queue
#     - qstats-get (netdev_stat_ops): per queue equal to ethtool -S
#       rxN_/txN_packets and _bytes (read with traffic stopped), the queues
#       add up to the device scope, which equals /sys/.../statistics (also
#       with queues removed by a channel change: base stats)
#     - napi-set + persistent NAPI config (netif_napi_add_config, 6.13):
#       settings and NAPI ids of an RX queue survive channel changes
#     - combined channels (one NAPI for an RX and a TX queue): r8127
#       offers 2 (ethtool -l max Combined); none offered is a FAIL
#   ethtool (all kernels): the IEEE 802.3 MAC statistics (--groups eth-mac)
#   grow by the frames and octets the peer counted and by the broadcast
#   and multicast frames sent on purpose; eth-ctrl is reported
#   sysfs (all kernels): gro_flush_timeout / napi_defer_hard_irqs show the
#   driver's software IRQ coalescing defaults, threaded 1 creates
#   napi/<if>-<id> kthreads and traffic flows, threaded 0 removes them,
#   bad values are refused with nothing changed.
# On a kernel without the netdev family (6.1) nlcheck must exit 3 and
# only the sysfs part runs: each netlink check is a SKIP with its reason
# ("RXSCALE-CHECK: SKIP ...", listed by run-all.sh under the scenario's
# PASS), never a PASS; the scenario is a SKIP if none of its checks ran.
#
#   tests/bench/run-scenario.sh --kernel 7.3 --nic rtl8127 \
#     --module build/bench-modules/7.3-arm64/r8169/r8127.ko \
#     --module build/bench-tools/nlcheck tests/bench/scenarios/r8127-netdev.sh
. ./lib.sh

NLC=$RXS_DIR/modules/nlcheck
SECS=${RXS_SECS:-5}
SYS=
IFX=

[ -x "$NLC" ] || rxs_fail "no $NLC: pass build/bench-tools/nlcheck with --module"

# nlc_ok TEXT: a check that ran and passed; nlc_notrun WHAT: REASON: a
# check that cannot run on this kernel (a SKIP with its reason).
nlc_ok() {
	rxs_check_pass "$*"
}

nlc_notrun() {
	rxs_check_skip "${1%%: *}" "${1#*: }"
}

# nlc_kv LINE KEY: the value of KEY in an nlcheck "key=value" line.
nlc_kv() {
	echo "$1" | sed -n "s/.* $2=\([^ ]*\).*/\1/p"
}

# nlc_kver_ge MAJOR MINOR: the running kernel is at least MAJOR.MINOR.
nlc_kver_ge() {
	_v=$(uname -r)
	_ma=${_v%%.*}
	_mi=${_v#*.}
	_mi=${_mi%%[!0-9]*}
	[ "$_ma" -gt "$1" ] || { [ "$_ma" -eq "$1" ] && [ "$_mi" -ge "$2" ]; }
}

# nlc_irq_name IRQ: the action name of IRQ in /proc/interrupts.
nlc_irq_name() {
	awk -v i="$1:" '$1 == i { print $NF }' /proc/interrupts
}

# nlc_napi_vectors: number of DUT vectors that run a NAPI (all named
# <if>-... except <if>-link).
nlc_napi_vectors() {
	awk -v d="$RXS_DUT-" 'index($NF, d) == 1 && $NF != d "link" { n++ }
		END { print n + 0 }' /proc/interrupts
}

# nlc_threads: "PID COMM" of the DUT's NAPI kthreads (comm napi/<if>-<id>,
# cut to 15 characters by the kernel).
nlc_threads() {
	for _f in /proc/[0-9]*/comm; do
		read -r _c < "$_f" 2>/dev/null || continue
		case $_c in
		"napi/$RXS_DUT-"*)
			_p=${_f#/proc/}
			echo "${_p%/comm} $_c" ;;
		esac
	done
}

nlc_nthreads() {
	nlc_threads | wc -l
}

# nlc_queues FILE: nlcheck queues -> FILE ("rx 0 NAPI_ID" lines, sorted),
# prints the layout ("rx0 rx1 ... tx1").
nlc_queues() {
	"$NLC" queues "$IFX" > /tmp/nlc-q.raw 2>&1 ||
		{ cat /tmp/nlc-q.raw; rxs_fail "nlcheck queues failed"; }
	sed 's/^/  /' /tmp/nlc-q.raw >&2
	awk '$1 == "queue" { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
		print v["type"], v["id"], v["napi-id"] }' /tmp/nlc-q.raw | sort > "$1"
	awk '{ printf "%s%s%s", sep, $1, $2; sep = " " } END { print "" }' "$1"
}

# nlc_napi_of FILE TYPE Q: the NAPI id of queue TYPE Q in a nlc_queues file.
nlc_napi_of() {
	awk -v t="$2" -v q="$3" '$1 == t && $2 == q { print $3 }' "$1"
}

# nlc_napis FILE: nlcheck napis -> FILE (raw lines).
nlc_napis() {
	"$NLC" napis "$IFX" > "$1" 2>&1 ||
		{ cat "$1"; rxs_fail "nlcheck napis failed"; }
	sed 's/^/  /' "$1"
}

# nlc_cur_channels FILE NAME: the current RX/TX/Combined count in an
# ethtool -l output file (n/a is 0).
nlc_cur_channels() {
	awk -v k="$2:" '/^Current hardware settings/ { c = 1 }
		c && $1 == k { print ($2 == "n/a") ? 0 : $2; exit }' "$1"
}

# nlc_napi_line FILE ID: the napi line of NAPI ID.
nlc_napi_line() {
	grep "^napi id=$2 " "$1"
}

# nlc_quiet_stats PREFIX: ethtool -S, qstats (queue and device scope) and
# the interface statistics read while nothing moves: ethtool -S before
# and after must agree (stray IPv6/ARP frames make it retry).
nlc_quiet_stats() {
	_try=0
	while [ "$_try" -lt 8 ]; do
		ethtool -S "$RXS_DUT" | grep -E '^ *(rx|tx)[0-9]+_(packets|bytes):' > "$1.e1"
		"$NLC" qstats "$IFX" > "$1.q" 2>&1 || { cat "$1.q"; rxs_fail "nlcheck qstats failed"; }
		"$NLC" qstats "$IFX" dev > "$1.d" 2>&1 || { cat "$1.d"; rxs_fail "nlcheck qstats dev failed"; }
		cat "$SYS/statistics/rx_packets" "$SYS/statistics/tx_packets" \
			"$SYS/statistics/rx_bytes" "$SYS/statistics/tx_bytes" > "$1.s"
		ethtool -S "$RXS_DUT" | grep -E '^ *(rx|tx)[0-9]+_(packets|bytes):' > "$1.e2"
		cmp -s "$1.e1" "$1.e2" && return 0
		_try=$((_try + 1))
		sleep 1
	done
	rxs_fail "counters kept moving: no quiet moment to compare them"
}

# nlc_check_qstats PREFIX NRX NTX: per-queue qstats == ethtool -S, the
# queues add up to the device scope (all queues active) or to at most it
# (queues removed: the rest is base stats), and the device scope equals
# the interface statistics.
nlc_check_qstats() {
	_p=$1
	sed 's/^/  /' "$_p.q" "$_p.d"
	_n=$(grep -c '^qstats .* type=' "$_p.q")
	[ "$_n" = $(($2 + $3)) ] || rxs_fail "qstats: $_n queue records, want $2 RX + $3 TX"
	_srp=0; _srb=0; _stp=0; _stb=0
	for _t in rx tx; do
		_q=0
		[ "$_t" = rx ] && _max=$2 || _max=$3
		while [ "$_q" -lt "$_max" ]; do
			_l=$(grep "^qstats .* type=$_t id=$_q " "$_p.q")
			[ -n "$_l" ] || rxs_fail "qstats: no record for $_t queue $_q"
			_qp=$(nlc_kv "$_l" "$_t-packets")
			_qb=$(nlc_kv "$_l" "$_t-bytes")
			_ep=$(sed -n "s/^ *$_t${_q}_packets: //p" "$_p.e1")
			_eb=$(sed -n "s/^ *$_t${_q}_bytes: //p" "$_p.e1")
			[ -n "$_qp" ] && [ -n "$_qb" ] || rxs_fail "qstats $_t $_q: no $_t-packets/$_t-bytes"
			[ "$_qp" = "$_ep" ] && [ "$_qb" = "$_eb" ] ||
				rxs_fail "$_t queue $_q: qstats $_qp packets $_qb bytes, ethtool -S $_ep / $_eb"
			if [ "$_t" = rx ]; then
				_srp=$((_srp + _qp)); _srb=$((_srb + _qb))
			else
				_stp=$((_stp + _qp)); _stb=$((_stb + _qb))
			fi
			_q=$((_q + 1))
		done
	done
	_d=$(cat "$_p.d")
	_drp=$(nlc_kv "$_d" rx-packets); _dtp=$(nlc_kv "$_d" tx-packets)
	_drb=$(nlc_kv "$_d" rx-bytes); _dtb=$(nlc_kv "$_d" tx-bytes)
	{ read -r _xrp; read -r _xtp; read -r _xrb; read -r _xtb; } < "$_p.s"
	[ "$_drp" = "$_xrp" ] && [ "$_dtp" = "$_xtp" ] && [ "$_drb" = "$_xrb" ] && [ "$_dtb" = "$_xtb" ] ||
		rxs_fail "qstats device scope rx $_drp/$_drb tx $_dtp/$_dtb != statistics rx $_xrp/$_xrb tx $_xtp/$_xtb"
	# ethtool -S lists all 4 RX / 2 TX rings; the inactive ones are base
	_erp=$(awk '/^ *rx[0-9]+_packets:/ { s += $2 } END { print s + 0 }' "$_p.e1")
	_etp=$(awk '/^ *tx[0-9]+_packets:/ { s += $2 } END { print s + 0 }' "$_p.e1")
	[ "$_erp" = "$_drp" ] && [ "$_etp" = "$_dtp" ] ||
		rxs_fail "ethtool -S totals rx $_erp tx $_etp != qstats device rx $_drp tx $_dtp"
	if [ "$2" = 4 ] && [ "$3" = 2 ]; then
		[ "$_srp" = "$_drp" ] && [ "$_srb" = "$_drb" ] && [ "$_stp" = "$_dtp" ] && [ "$_stb" = "$_dtb" ] ||
			rxs_fail "queue sums rx $_srp/$_srb tx $_stp/$_stb != device rx $_drp/$_drb tx $_dtp/$_dtb"
	else
		[ "$_srp" -le "$_drp" ] && [ "$_stp" -le "$_dtp" ] ||
			rxs_fail "queue sums rx $_srp tx $_stp exceed the device rx $_drp tx $_dtp"
	fi
	rxs_say "qstats: $2 RX + $3 TX queues == ethtool -S; sums rx $_srp tx $_stp packets, device rx $_drp tx $_dtp == statistics"
}

# nlc_relayout "rx N tx M" "LAYOUT" QFILE NAPIFILE: ethtool -L rx N tx M,
# link back, queue-get lists LAYOUT (into QFILE), the NAPIs (into
# NAPIFILE) and their IRQs match the queues (nlc_check_links)
nlc_relayout() {
	# shellcheck disable=SC2086
	ethtool -L "$RXS_DUT" $1 || rxs_fail "ethtool -L $1"
	rxs_wait_link 20
	_lay=$(nlc_queues "$3")
	rxs_say "queues after $1: $_lay"
	[ "$_lay" = "$2" ] || rxs_fail "queue-get lists '$_lay' after $1"
	nlc_napis "$4"
	nlc_check_links "$3" "$4"
}

# nlc_check_links QFILE NAPIFILE: every queue has a NAPI, every NAPI an
# IRQ of the DUT named after its queue(s), no NAPI without a queue.
nlc_check_links() {
	_qf=$1
	_nf=$2
	_ids=$(awk '{ print $3 }' "$_qf" | sort -u)
	for _id in $_ids; do
		case $_id in ''|-|*[!0-9]*) rxs_fail "a queue without a NAPI id: $(tr '\n' ';' < "$_qf")" ;; esac
		_l=$(nlc_napi_line "$_nf" "$_id")
		[ -n "$_l" ] || rxs_fail "NAPI $_id of a queue is not in napi-get"
		_irq=$(nlc_kv "$_l" irq)
		case $_irq in ''|-|*[!0-9]*) rxs_fail "NAPI $_id has no IRQ" ;; esac
		[ -e "/sys/bus/pci/devices/$RXS_DUT_PCI/msi_irqs/$_irq" ] ||
			rxs_fail "NAPI $_id: IRQ $_irq is not an MSI-X vector of the DUT"
		_name=$(nlc_irq_name "$_irq")
		_qs=$(awk -v n="$_id" '$3 == n { print $1 "-" $2 }' "$_qf" | tr '\n' ' ')
		_ok=0
		set -- $_qs
		if [ $# = 1 ]; then
			[ "$_name" = "$RXS_DUT-$1" ] && _ok=1
		else
			# one NAPI for an RX and a TX queue (combined channel)
			for _q in $_qs; do
				_n=${_q#*-}
				case $_name in
				"$RXS_DUT-$_q"|"$RXS_DUT-TxRx-$_n"|"$RXS_DUT-txrx-$_n"|"$RXS_DUT-combined-$_n") _ok=1 ;;
				esac
			done
		fi
		[ "$_ok" = 1 ] || rxs_fail "NAPI $_id (queues $_qs) has IRQ $_irq named '$_name'"
		echo "  NAPI $_id: queues $_qs IRQ $_irq '$_name'"
	done
	_nn=$(grep -c '^napi ' "$_nf")
	_nq=$(echo "$_ids" | wc -w)
	[ "$_nn" = "$_nq" ] || rxs_fail "$_nn NAPIs listed but $_nq referenced by queues"
}

# mac_stats FILE: the IEEE 802.3 MAC statistics (ethtool -S --groups
# eth-mac), "<name> <value>" a line, and the peer's interface counters
# ("peer_<name> <value>").
mac_stats() {
	ethtool -S "$RXS_DUT" --groups eth-mac 2>/dev/null |
		sed -n 's/^ *eth-mac-\([A-Za-z]*\): *\([0-9][0-9]*\)$/\1 \2/p' > "$1"
	for _c in rx_packets tx_packets rx_bytes tx_bytes; do
		echo "peer_$_c $(rxs_peer_stat "$_c")" >> "$1"
		echo "sw_$_c $(cat "/sys/class/net/$RXS_DUT/statistics/$_c")" >> "$1"
	done
}

# mac_delta NAME: NAME's growth from /tmp/mac0.txt to /tmp/mac1.txt.
mac_delta() {
	awk -v n="$1" 'NR == FNR { if ($1 == n) a = $2; next }
		$1 == n { print $2 - a; f = 1 } END { if (!f) print "none" }' /tmp/mac0.txt /tmp/mac1.txt
}

# mac_expect NAME WANT WHY [LOW]: NAME grew by WANT - LOW .. WANT +
# MAC_EXTRA. MAC_EXTRA: frames of the kernel's own in the window (ARP, IPv6
# neighbour discovery, IGMP/MLD reports); against a peer counter LOW is
# MAC_EXTRA too, for the peer's multicast frames the DUT's receive filter
# rightly drops (seen: the peer sent 31, the DUT received 30).
MAC_EXTRA=3
mac_expect() {
	_d=$(mac_delta "$1")
	_lo=$(($2 - ${4:-0}))
	[ "$_d" != none ] || rxs_fail "eth-mac: no $1 (ethtool -S --groups eth-mac: $(paste -sd ' ' /tmp/mac1.txt))"
	[ "$_d" -ge "$_lo" ] && [ "$_d" -le $(($2 + MAC_EXTRA)) ] ||
		rxs_fail "eth-mac: $1 grew by $_d, want $_lo..$(($2 + MAC_EXTRA)) ($3)"
	rxs_say "eth-mac $1 +$_d ($3: $2)"
}

# mac_octets NAME PEERBYTES DUTFRAMES PEERFRAMES: the octets counted for
# the same frames as the peer's bytes: the model counts each frame padded
# to 60 bytes and with its 4-byte FCS both ways (a 42-byte ARP reply counts
# 64; the peer's virtio-net counts 42; docs/hw/rtl8127.md "Tally
# counters"), so at least 4 and up to 22 more per frame (the kernel's
# ethtool_std_stats.sh wants the 4); and a frame only one side counted
# (see mac_expect) moves it by up to 1518.
mac_octets() {
	_d=$(mac_delta "$1")
	_df=$(($3 - $4))
	[ "$_df" -ge 0 ] || _df=$((-_df))
	_nf=$3
	[ "$4" -ge "$_nf" ] || _nf=$4
	_lo=$(($2 + 4 * _nf - 1518 * _df))
	_hi=$(($2 + 22 * $3 + 1518 * _df))
	[ "$_d" -ge "$_lo" ] && [ "$_d" -le "$_hi" ] ||
		rxs_fail "eth-mac: $1 grew by $_d, want $_lo..$_hi (the peer's $2 bytes in $4 frames, $3 frames here)"
	rxs_say "eth-mac $1 +$_d (the peer's bytes: $2)"
}

# mac_fcs NAME SWBYTES SWFRAMES HWFRAMES: the same octets against the
# driver's own count of the frames it handed over or took in (the
# interface's tx_bytes/rx_bytes: the Ethernet frame without FCS,
# include/uapi/linux/if_link.h; a short frame as padded to 60, which the
# driver does before sending and the model before delivering): when both
# counted the same frames, the tally is exactly 4 bytes a frame more, the
# FCS, counted both ways (docs/hw/rtl8127.md "Tally counters").
mac_fcs() {
	_d=$(mac_delta "$1")
	[ "$3" = "$4" ] ||
		rxs_fail "eth-mac: $4 frames in the tally, $3 counted by the driver: cannot compare $1"
	_x=$((_d - $2))
	[ "$_x" -eq $((4 * $3)) ] ||
		rxs_fail "eth-mac: $1 grew by $_d, the driver's bytes by $2 in the same $3 frames: +$_x, want +$((4 * $3)) (the FCS, 4 bytes a frame)"
	rxs_say "eth-mac $1 +$_d, the driver's bytes +$2 in $3 frames: +$_x (the FCS)"
}

rxs_setup r8127
rxs_wait_link 20
rxs_dmesg_expect_nofw 1
rxs_ping 3
SYS=/sys/class/net/$RXS_DUT
IFX=$(cat "$SYS/ifindex")
ethtool -l "$RXS_DUT"

rxs_step "netdev generic netlink family ($(uname -r))"
"$NLC" family > /tmp/nlc-family.txt 2>&1
_rc=$?
cat /tmp/nlc-family.txt
NL=0
case $_rc in
0)
	nlc_kver_ge 6 3 || rxs_fail "a netdev family on $(uname -r)?"
	for _op in queue-get napi-get qstats-get; do
		grep -q "name=$_op .*dump=1" /tmp/nlc-family.txt || rxs_fail "no $_op dump"
	done
	NL=1
	nlc_ok "netdev family present; queue-get, napi-get, qstats-get dumps"
	;;
3)
	nlc_kver_ge 6 3 && rxs_fail "nlcheck: no netdev family on $(uname -r)"
	nlc_ok "nlcheck exits 3 (no netdev family) on $(uname -r)"
	for _c in "queue-get listing and NAPI ids" "napi-get IRQs and names" \
		"qstats vs ethtool -S" "channel changes in queue-get" \
		"persistent NAPI config (napi-set)" "combined channels"; do
		nlc_notrun "$_c: no netdev family in this kernel"
	done
	;;
*) rxs_fail "nlcheck family exited $_rc" ;;
esac
HAVE_SET=0
if [ "$NL" = 1 ]; then
	if grep -q "name=napi-set do=1" /tmp/nlc-family.txt; then
		HAVE_SET=1
	else
		nlc_kver_ge 6 13 && rxs_fail "no napi-set on $(uname -r)"
		nlc_notrun "persistent NAPI config: no napi-set before 6.13"
	fi
fi

rxs_step "software IRQ coalescing defaults (sysfs)"
# r8127 calls rxs_sw_irq_coalesce_default_on() (include/rxscale/kcompat.h)
# = netdev_sw_irq_coalesce_default_on() where the kernel has it: 20000 ns
# and 1 (7.3 net/core/dev.c, not on PREEMPT_RT); else the kernel's 0 / 0.
if awk '$3 == "netdev_sw_irq_coalesce_default_on" { f = 1 } END { exit !f }' /proc/kallsyms; then
	EXP_GRO=20000; EXP_DEFER=1; _why="kernel has netdev_sw_irq_coalesce_default_on"
else
	EXP_GRO=0; EXP_DEFER=0; _why="kernel has no netdev_sw_irq_coalesce_default_on: kernel defaults"
fi
grep -q PREEMPT_RT /proc/version && { EXP_GRO=0; EXP_DEFER=0; _why="PREEMPT_RT kernel"; }
_g=$(cat "$SYS/gro_flush_timeout")
_d=$(cat "$SYS/napi_defer_hard_irqs")
rxs_say "gro_flush_timeout $_g napi_defer_hard_irqs $_d (want $EXP_GRO / $EXP_DEFER: $_why)"
[ "$_g" = "$EXP_GRO" ] && [ "$_d" = "$EXP_DEFER" ] ||
	rxs_fail "software IRQ coalescing defaults $_g / $_d, want $EXP_GRO / $EXP_DEFER"
nlc_ok "sysfs gro_flush_timeout $_g, napi_defer_hard_irqs $_d ($_why)"
if [ "$NL" = 1 ]; then
	nlc_napis /tmp/nlc-n0.txt
	_bad=$(grep '^napi ' /tmp/nlc-n0.txt | grep -v " defer-hard-irqs=$EXP_DEFER gro-flush-timeout=$EXP_GRO " || true)
	[ -z "$_bad" ] || rxs_fail "NAPIs without the defaults: $_bad"
	nlc_ok "every NAPI has defer-hard-irqs $EXP_DEFER, gro-flush-timeout $EXP_GRO (napi-get)"
fi

rxs_step "traffic"
rxs_iperf rev 8 "$SECS"
rxs_iperf fwd 4 "$SECS"
ethtool -S "$RXS_DUT" | grep -E '^ *(rx|tx)[0-9]+_packets:'
_rx=$(ethtool -S "$RXS_DUT" | awk '/^ *rx[0-9]+_packets:/ && $2 > 100 { n++ } END { print n + 0 }')
rxs_say "RX queues with > 100 packets: $_rx of 4"

if [ "$NL" = 1 ]; then
	rxs_step "queue-get / napi-get: queues, NAPIs, IRQs"
	_lay=$(nlc_queues /tmp/nlc-q0.txt)
	rxs_say "queues: $_lay"
	[ "$_lay" = "rx0 rx1 rx2 rx3 tx0 tx1" ] || rxs_fail "queue-get lists '$_lay', want 4 RX + 2 TX"
	nlc_napis /tmp/nlc-n1.txt
	nlc_check_links /tmp/nlc-q0.txt /tmp/nlc-n1.txt
	nlc_ok "queue-get: rx0-3 tx0-1, each with a NAPI; each NAPI's IRQ named <if>-rx-<q>/<if>-tx-<q>"

	rxs_step "qstats-get vs ethtool -S (traffic stopped)"
	nlc_quiet_stats /tmp/nlc-s1
	nlc_check_qstats /tmp/nlc-s1 4 2
	nlc_ok "qstats per queue == ethtool -S rxN/txN packets+bytes; sums == device scope == statistics"
fi

rxs_step "IEEE 802.3 MAC statistics (ethtool -S --groups eth-mac) against the peer"
# From the chip's tally counters (the model counts each frame itself); the
# traffic is known frame by frame: 20 pings of 1000 bytes each way from
# the peer (unicast), 5 broadcast ARP requests from the DUT (answered by
# unicast), 5 multicast echo requests from the peer to 224.0.0.1 (the DUT
# receives them and, ignoring multicast echo, sends nothing back).
sleep 2
mac_stats /tmp/mac0.txt
rxs_in_peer ping -q -c 20 -i 0.05 -s 1000 "$RXS_DUT_IP" > /dev/null ||
	rxs_fail "peer: 20 pings to $RXS_DUT_IP"
arping -b -c 5 -w 5 -I "$RXS_DUT" "$RXS_PEER_IP" > /dev/null ||
	rxs_fail "arping -b -c 5 from $RXS_DUT"
rxs_in_peer ping -q -c 5 -i 0.05 -W 1 -I "$RXS_PEER" 224.0.0.1 > /dev/null 2>&1
sleep 1
mac_stats /tmp/mac1.txt
_prx=$(mac_delta peer_rx_packets)
_ptx=$(mac_delta peer_tx_packets)
rxs_say "peer: +$_ptx frames sent, +$_prx received; DUT: $(paste -sd ' ' /tmp/mac1.txt)"
mac_expect FramesTransmittedOK "$_prx" "the peer's rx_packets" "$MAC_EXTRA"
mac_expect FramesReceivedOK "$_ptx" "the peer's tx_packets" "$MAC_EXTRA"
mac_expect BroadcastFramesXmittedOK 5 "arping -b -c 5"
mac_expect BroadcastFramesReceivedOK 0 "the peer sent no broadcast"
mac_expect MulticastFramesReceivedOK 5 "5 echo requests to 224.0.0.1"
mac_fcs OctetsTransmittedOK "$(mac_delta sw_tx_bytes)" "$(mac_delta sw_tx_packets)" "$(mac_delta FramesTransmittedOK)"
mac_fcs OctetsReceivedOK "$(mac_delta sw_rx_bytes)" "$(mac_delta sw_rx_packets)" "$(mac_delta FramesReceivedOK)"
mac_octets OctetsTransmittedOK "$(mac_delta peer_rx_bytes)" "$(mac_delta FramesTransmittedOK)" "$_prx"
mac_octets OctetsReceivedOK "$(mac_delta peer_tx_bytes)" "$(mac_delta FramesReceivedOK)" "$_ptx"
_ctl=$(ethtool -S "$RXS_DUT" --groups eth-ctrl 2>/dev/null | grep -c 'UnsupportedOpcodesReceived: 0$')
[ "$_ctl" = 1 ] || rxs_fail "eth-ctrl: no UnsupportedOpcodesReceived 0 ($(ethtool -S "$RXS_DUT" --groups eth-ctrl 2>&1 | tr '\n' ' '))"
rxs_check_pass "eth-mac frames and octets each way equal the peer's counts, octets 4 FCS bytes a frame over the driver's, broadcast/multicast as sent; eth-ctrl present"

rxs_step "threaded NAPI (sysfs)"
NV=$(nlc_napi_vectors)
rxs_say "NAPI vectors of $RXS_DUT: $NV"
[ "$NV" -ge 2 ] || rxs_fail "fewer than 2 NAPI vectors ($NV)"
[ "$(cat "$SYS/threaded")" = 0 ] || rxs_fail "threaded is not 0 at start"
[ "$(nlc_nthreads)" = 0 ] || rxs_fail "NAPI kthreads before threaded mode: $(nlc_threads)"
echo 1 > "$SYS/threaded" || rxs_fail "echo 1 > threaded refused"
[ "$(cat "$SYS/threaded")" = 1 ] || rxs_fail "threaded reads $(cat "$SYS/threaded") after echo 1"
nlc_threads
_n=$(nlc_nthreads)
[ "$_n" = "$NV" ] || rxs_fail "$_n napi/$RXS_DUT-* kthreads, want $NV"
if [ "$NL" = 1 ]; then
	nlc_napis /tmp/nlc-n2.txt
	for _l in $(grep '^napi ' /tmp/nlc-n2.txt | sed 's/^napi id=\([0-9]*\) .* pid=\([^ ]*\) threaded=\([^ ]*\) .*/\1:\2:\3/'); do
		_id=${_l%%:*}; _pid=${_l#*:}; _thr=${_pid#*:}; _pid=${_pid%:*}
		[ "$_thr" = 1 ] || rxs_fail "NAPI $_id threaded=$_thr after echo 1"
		_c=$(cat "/proc/$_pid/comm" 2>/dev/null)
		[ "$_c" = "$(echo "napi/$RXS_DUT-$_id" | cut -c1-15)" ] ||
			rxs_fail "NAPI $_id: pid $_pid is '$_c'"
	done
	nlc_ok "napi-get: threaded=1 and a pid whose comm is napi/<if>-<id> for every NAPI"
fi
nlc_threads | while read -r _pid _c; do
	awk '{ print $14 + $15 }' "/proc/$_pid/stat"
done > /tmp/nlc-t0.txt
rxs_iperf rev 4 "$SECS"
_t1=0
nlc_threads | while read -r _pid _c; do
	echo "$_pid $_c $(awk '{ print $14 + $15 }' "/proc/$_pid/stat")"
done > /tmp/nlc-t1.txt
sed 's/^/  kthread cpu ticks: /' /tmp/nlc-t1.txt
_t0=$(awk '{ s += $1 } END { print s + 0 }' /tmp/nlc-t0.txt)
_t1=$(awk '{ s += $3 } END { print s + 0 }' /tmp/nlc-t1.txt)
[ "$_t1" -gt "$_t0" ] || rxs_fail "NAPI kthreads used no CPU during traffic ($_t0 -> $_t1 ticks)"
nlc_ok "threaded 1: $NV napi/$RXS_DUT-* kthreads, traffic flows, they ran ($_t0 -> $_t1 ticks)"

for _v in 7 2 -1 abc ""; do
	if echo "$_v" > "$SYS/threaded" 2>/dev/null; then
		rxs_fail "echo '$_v' > threaded accepted"
	fi
	[ "$(cat "$SYS/threaded")" = 1 ] || rxs_fail "threaded changed by '$_v'"
	[ "$(nlc_nthreads)" = "$NV" ] || rxs_fail "kthreads changed by '$_v'"
done
nlc_ok "echo 7 / 2 / -1 / abc / '' > threaded refused, threaded and kthreads unchanged"

echo 0 > "$SYS/threaded" || rxs_fail "echo 0 > threaded refused"
[ "$(cat "$SYS/threaded")" = 0 ] || rxs_fail "threaded reads $(cat "$SYS/threaded") after echo 0"
_n=$(nlc_nthreads)
# 7.3 net/core/dev.c napi_set_threaded() stops the kthread when threaded
# is turned off (napi_stop_kthread: "net: stop napi kthreads when THREADED
# napi is disabled", net-next June 2025, so 6.17); 6.12 and older keep it,
# idle, until netif_napi_del() (6.12 dev_set_threaded only clears bits).
if nlc_kver_ge 6 17; then
	[ "$_n" = 0 ] || rxs_fail "$_n kthreads left after echo 0: $(nlc_threads)"
	if [ "$NL" = 1 ]; then
		nlc_napis /tmp/nlc-n2b.txt
		_bad=$(grep '^napi ' /tmp/nlc-n2b.txt | grep -v ' pid=- threaded=0 ' || true)
		[ -z "$_bad" ] || rxs_fail "NAPIs still threaded or with a pid after echo 0: $_bad"
	fi
	nlc_ok "threaded 0: kthreads stopped at once (napi-get: no pid, threaded=0)"
else
	rxs_say "threaded 0: $_n kthreads left (this kernel stops them at netif_napi_del)"
fi
ip link set "$RXS_DUT" down
ip link set "$RXS_DUT" up || rxs_fail "DUT up after threaded 0"
rxs_wait_link 20
_n=$(nlc_nthreads)
[ "$_n" = 0 ] || rxs_fail "$_n kthreads after threaded 0 and down/up: $(nlc_threads)"
rxs_ping 3
nlc_ok "threaded 0 (+ down/up): no napi/$RXS_DUT-* kthreads, traffic flows"

rxs_step "sysfs coalescing: bad values refused"
_g=$(cat "$SYS/gro_flush_timeout")
_d=$(cat "$SYS/napi_defer_hard_irqs")
for _v in abc -5 ""; do
	echo "$_v" > "$SYS/gro_flush_timeout" 2>/dev/null &&
		rxs_fail "echo '$_v' > gro_flush_timeout accepted"
	echo "$_v" > "$SYS/napi_defer_hard_irqs" 2>/dev/null &&
		rxs_fail "echo '$_v' > napi_defer_hard_irqs accepted"
done
# the S32_MAX bound is in 6.12's net-sysfs.c change_napi_defer_hard_irqs();
# Debian's 6.1 stores 2147483648 (checked on the 6.1 guest)
if nlc_kver_ge 6 12; then
	echo 2147483648 > "$SYS/napi_defer_hard_irqs" 2>/dev/null &&
		rxs_fail "napi_defer_hard_irqs 2147483648 (> S32_MAX) accepted"
	nlc_ok "napi_defer_hard_irqs 2147483648 (> S32_MAX) refused"
else
	nlc_notrun "napi_defer_hard_irqs > S32_MAX refused: this kernel has no such bound"
fi
[ "$(cat "$SYS/gro_flush_timeout")" = "$_g" ] && [ "$(cat "$SYS/napi_defer_hard_irqs")" = "$_d" ] ||
	rxs_fail "bad values changed gro_flush_timeout/napi_defer_hard_irqs"
nlc_ok "bad gro_flush_timeout / napi_defer_hard_irqs values refused, values kept ($_g / $_d)"

if [ "$NL" = 1 ]; then
	rxs_step "channels: queue-get follows ethtool -L; persistent NAPI config"
	_lay=$(nlc_queues /tmp/nlc-q1.txt)
	[ "$_lay" = "rx0 rx1 rx2 rx3 tx0 tx1" ] || rxs_fail "queues after down/up: '$_lay'"
	R0=$(nlc_napi_of /tmp/nlc-q1.txt rx 0)
	R1=$(nlc_napi_of /tmp/nlc-q1.txt rx 1)
	R2=$(nlc_napi_of /tmp/nlc-q1.txt rx 2)
	R3=$(nlc_napi_of /tmp/nlc-q1.txt rx 3)
	rxs_say "RX NAPI ids: $R0 $R1 $R2 $R3"
	if [ "$HAVE_SET" = 1 ]; then
		# the kernel's policy refuses threaded > 2 (extack message)
		if "$NLC" napi-set "$R1" threaded 7; then
			rxs_fail "napi-set threaded 7 accepted"
		fi
		"$NLC" napi-set 999999 defer-hard-irqs 3 && rxs_fail "napi-set on NAPI 999999 accepted"
		"$NLC" napi-set "$R1" defer-hard-irqs 7 gro-flush-timeout 123000 ||
			rxs_fail "napi-set defer-hard-irqs/gro-flush-timeout on $R1"
		"$NLC" napi-set "$R3" threaded 1 || rxs_fail "napi-set threaded 1 on $R3"
		_l=$("$NLC" napi-get "$R1")
		echo "  $_l"
		[ "$(nlc_kv "$_l" defer-hard-irqs)" = 7 ] && [ "$(nlc_kv "$_l" gro-flush-timeout)" = 123000 ] ||
			rxs_fail "napi-set on $R1 not applied"
		_l=$("$NLC" napi-get "$R0")
		[ "$(nlc_kv "$_l" defer-hard-irqs)" = "$EXP_DEFER" ] || rxs_fail "napi-set on $R1 changed $R0"
		_l=$("$NLC" napi-get "$R3")
		echo "  $_l"
		[ "$(nlc_kv "$_l" threaded)" = 1 ] || rxs_fail "napi-set threaded on $R3 not applied"
		[ "$(nlc_nthreads)" = 1 ] || rxs_fail "napi-set threaded 1 on one NAPI: $(nlc_nthreads) kthreads"
		nlc_ok "napi-set: bad threaded value and unknown NAPI refused; per-NAPI settings applied to one NAPI only"
	fi

	nlc_relayout "rx 2 tx 1" "rx0 rx1 tx0" /tmp/nlc-q2.txt /tmp/nlc-n3.txt
	rxs_ping 3
	nlc_quiet_stats /tmp/nlc-s2
	nlc_check_qstats /tmp/nlc-s2 2 1
	nlc_ok "rx 2 tx 1: queue-get lists rx0-1 tx0, NAPIs/IRQs match, qstats == ethtool -S, device scope keeps removed queues"
	if [ "$HAVE_SET" = 1 ]; then
		[ "$(nlc_napi_of /tmp/nlc-q2.txt rx 0)" = "$R0" ] && [ "$(nlc_napi_of /tmp/nlc-q2.txt rx 1)" = "$R1" ] ||
			rxs_fail "RX NAPI ids changed with rx 2: $(tr '\n' ';' < /tmp/nlc-q2.txt)"
		_l=$(nlc_napi_line /tmp/nlc-n3.txt "$R1")
		[ "$(nlc_kv "$_l" defer-hard-irqs)" = 7 ] && [ "$(nlc_kv "$_l" gro-flush-timeout)" = 123000 ] ||
			rxs_fail "rx queue 1 lost its NAPI settings with rx 2: $_l"
		[ "$(nlc_nthreads)" = 0 ] || rxs_fail "kthread of removed queue 3 still there: $(nlc_threads)"
	fi

	nlc_relayout "rx 4 tx 2" "rx0 rx1 rx2 rx3 tx0 tx1" /tmp/nlc-q3.txt /tmp/nlc-n4.txt
	nlc_ok "back to rx 4 tx 2: queue-get lists rx0-3 tx0-1, NAPIs/IRQs match"
	if [ "$HAVE_SET" = 1 ]; then
		for _q in 0 1 2 3; do
			case $_q in
			0) _want=$R0 ;; 1) _want=$R1 ;; 2) _want=$R2 ;; *) _want=$R3 ;;
			esac
			[ "$(nlc_napi_of /tmp/nlc-q3.txt rx "$_q")" = "$_want" ] ||
				rxs_fail "rx queue $_q: NAPI id $(nlc_napi_of /tmp/nlc-q3.txt rx "$_q"), was $_want"
		done
		_l=$(nlc_napi_line /tmp/nlc-n4.txt "$R1")
		[ "$(nlc_kv "$_l" defer-hard-irqs)" = 7 ] && [ "$(nlc_kv "$_l" gro-flush-timeout)" = 123000 ] ||
			rxs_fail "rx queue 1 lost its NAPI settings: $_l"
		_l=$(nlc_napi_line /tmp/nlc-n4.txt "$R3")
		[ "$(nlc_kv "$_l" threaded)" = 1 ] || rxs_fail "rx queue 3 lost threaded: $_l"
		_pid=$(nlc_kv "$_l" pid)
		_c=$(cat "/proc/$_pid/comm" 2>/dev/null)
		# 7.3 netif_napi_add_weight_locked() starts the kthread of a
		# NAPI whose config says threaded before napi_enable() gives
		# the NAPI its id back: the thread is named napi/<if>-0
		case $_c in
		"$(echo "napi/$RXS_DUT-$R3" | cut -c1-15)"|"napi/$RXS_DUT-0") ;;
		*) rxs_fail "rx queue 3's NAPI thread: pid $_pid is '$_c'" ;;
		esac
		rxs_say "rx queue 3's NAPI $R3 runs in kthread $_pid '$_c'"
		for _id in $R0 $R2; do
			_l=$(nlc_napi_line /tmp/nlc-n4.txt "$_id")
			[ "$(nlc_kv "$_l" defer-hard-irqs)" = "$EXP_DEFER" ] &&
			[ "$(nlc_kv "$_l" gro-flush-timeout)" = "$EXP_GRO" ] &&
			[ "$(nlc_kv "$_l" threaded)" = 0 ] || rxs_fail "NAPI $_id changed: $_l"
		done
		nlc_ok "persistent NAPI config: RX NAPI ids $R0 $R1 $R2 $R3 kept over rx 2 tx 1 -> rx 4 tx 2; queue 1's defer 7 / gro 123000 and queue 3's threaded kept, others at defaults"
		"$NLC" napi-set "$R3" threaded 0 || rxs_fail "napi-set threaded 0 on $R3"
		"$NLC" napi-set "$R1" defer-hard-irqs "$EXP_DEFER" gro-flush-timeout "$EXP_GRO" ||
			rxs_fail "napi-set back to defaults on $R1"
	fi
	rxs_iperf rev 4 "$SECS"
	nlc_quiet_stats /tmp/nlc-s3
	nlc_check_qstats /tmp/nlc-s3 4 2
	nlc_ok "traffic after the channel changes; qstats == ethtool -S, sums == device == statistics"

	rxs_step "combined channels"
	_mc=$(ethtool -l "$RXS_DUT" | awk '/^Pre-set maximums/ { m = 1 } m && /^Combined:/ { print $2; exit }')
	if [ "${_mc:-0}" -gt 0 ] 2>/dev/null; then
		# RX queues = combined + rx, TX queues = combined + tx (ethtool
		# channel semantics); the driver's own rules decide which forms
		# it takes, the current settings it reports are checked below
		ethtool -L "$RXS_DUT" combined 2 rx 2 tx 0 ||
			ethtool -L "$RXS_DUT" combined 2 rx 0 tx 0 ||
			rxs_fail "max Combined $_mc but ethtool -L combined 2 refused"
		ethtool -l "$RXS_DUT" > /tmp/nlc-l.txt
		tail -n 5 /tmp/nlc-l.txt
		_nc=$(nlc_cur_channels /tmp/nlc-l.txt Combined)
		_nr=$(($(nlc_cur_channels /tmp/nlc-l.txt RX) + _nc))
		_nt=$(($(nlc_cur_channels /tmp/nlc-l.txt TX) + _nc))
		[ "$_nc" -gt 0 ] || rxs_fail "ethtool -L combined 2 accepted but Combined is $_nc"
		_want=$(awk -v r="$_nr" -v t="$_nt" 'BEGIN {
			for (i = 0; i < r; i++) { printf "%s%s", sep, "rx" i; sep = " " }
			for (i = 0; i < t; i++) { printf "%s%s", sep, "tx" i; sep = " " }
			print "" }')
		rxs_wait_link 20
		_lay=$(nlc_queues /tmp/nlc-q4.txt)
		rxs_say "queues with combined $_nc (rx $_nr, tx $_nt): $_lay"
		[ "$_lay" = "$_want" ] || rxs_fail "queue-get lists '$_lay', want '$_want'"
		nlc_napis /tmp/nlc-n5.txt
		nlc_check_links /tmp/nlc-q4.txt /tmp/nlc-n5.txt
		_shared=$(awk '{ t[$3] = t[$3] " " $1 } END { for (n in t) if (t[n] ~ /rx/ && t[n] ~ /tx/) c++; print c + 0 }' /tmp/nlc-q4.txt)
		[ "$_shared" = "$_nc" ] || rxs_fail "$_shared NAPIs shared by an RX and a TX queue, want $_nc"
		rxs_ping 3
		ethtool -L "$RXS_DUT" combined 0 rx 4 tx 2 || rxs_fail "ethtool -L combined 0 rx 4 tx 2"
		rxs_wait_link 20
		_lay=$(nlc_queues /tmp/nlc-q5.txt)
		[ "$_lay" = "rx0 rx1 rx2 rx3 tx0 tx1" ] || rxs_fail "queues after combined 0: '$_lay'"
		nlc_ok "combined $_nc: $_shared NAPIs each serve an RX and a TX queue; back to rx 4 tx 2"
	else
		rxs_fail "combined channels: r8127 offers none (ethtool -l max Combined ${_mc:-?}), it has 2"
	fi
fi

rxs_step "rmmod"
rmmod r8127 || rxs_fail "rmmod r8127"
rxs_dmesg_check
rxs_checks_end
