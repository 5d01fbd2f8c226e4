#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# r8127 on the RTL8127 model: identity, queues, RSS spread, ethtool ops.
. ./lib.sh
RXS_SECS=${RXS_SECS:-8}
# Channel shapes "combined/rx/tx", comma-separated; the gate tier runs two
# of the five (make check-full all of them).
RXS_SMOKE_SHAPES=${RXS_SMOKE_SHAPES:-2/0/0,1/3/0,2/2/0,1/0/1,1/1/0}
# iperf3 seconds per direction for each shape
RXS_SHAPE_SECS=${RXS_SHAPE_SECS:-4}
rxs_setup r8127
rxs_wait_link 20
# the kernel log lines this scenario causes at warning level or above, and
# the refusals set_channels logs (no extack; rxscale_core's words)
rxs_dmesg_expect_nofw 1
_np="r8127 $RXS_DUT_PCI $RXS_DUT:"
rxs_dmesg_expect info 1 "$_np channels: combined with both rx and tx channels is not supported"
rxs_dmesg_expect info 1 "$_np channels: too many RX queues (combined + rx)"
rxs_dmesg_expect info 1 "$_np channels: too many TX queues (combined + tx)"
rxs_dmesg_expect info 1 "$_np channels: the other (link) channel count cannot be changed"

rxs_step "identity"
dmesg | grep r8127
ethtool -i "$RXS_DUT"
ethtool "$RXS_DUT" | grep -E 'Speed|Duplex|Link detected'
ethtool -l "$RXS_DUT" || rxs_fail "ethtool -l"
# the default indirection table: 128 entries spreading over the 4 RX
# queues (ethtool_rxfh_indir_default(): entry i -> queue i % 4)
rxs_check_default_rss 4
ethtool -n "$RXS_DUT" rx-flow-hash tcp4
ethtool -n "$RXS_DUT" rx-flow-hash udp4
rxs_ping 5
# packets per RX queue taken during the iperf3 run alone
_rxq() {
	ethtool -S "$RXS_DUT" | sed -n "s/^[[:space:]]*rx$1_packets: //p"
}
_b0=$(_rxq 0); _b1=$(_rxq 1); _b2=$(_rxq 2); _b3=$(_rxq 3)
rxs_iperf rev 8 "$RXS_SECS"
rxs_irqs
ethtool -S "$RXS_DUT" | grep -E 'rx[0-9]_packets|tx[0-9]_packets|alloc_fail|hw_'
_used=0
_per=
for q in 0 1 2 3; do
	eval "_b=\$_b$q"
	_p=$(_rxq "$q")
	[ -n "$_p" ] && [ -n "$_b" ] || rxs_fail "ethtool -S has no rx${q}_packets"
	_d=$((_p - _b))
	_per="$_per $_d"
	[ "$_d" -gt 100 ] && _used=$((_used + 1))
done
rxs_say "RX queues with over 100 packets of the 8 streams: $_used (per queue:$_per)"
# 8 flows under a random key all on one of 4 queues: 4 * (1/4)^8, 6e-5
[ "$_used" -ge 2 ] ||
	rxs_fail "RSS: only $_used of 4 RX queues took over 100 packets from 8 TCP streams"
rxs_iperf fwd 4 "$RXS_SECS"

rxs_step "ethtool -L rx 2"
ethtool -L "$RXS_DUT" rx 2 || rxs_fail "ethtool -L rx 2"
ethtool -l "$RXS_DUT" | tail -n 5
rxs_wait_link 20
rxs_ping 3
ethtool -L "$RXS_DUT" rx 3 || rxs_fail "ethtool -L rx 3"
ethtool -x "$RXS_DUT" | head -n 3
ethtool -x "$RXS_DUT" | grep -qE "^ +[0-9]+:.* 3( |$)" && rxs_fail "queue 3 in the table with 3 queues"
rxs_wait_link 20
rxs_iperf rev 4 "$RXS_SECS"
ethtool -S "$RXS_DUT" | grep -E "rx[0-9]_packets"
rxs_refused "ethtool -L rx 5" "Invalid argument" "requested channel count exceeds maximum" \
	ethtool -L "$RXS_DUT" rx 5
ethtool -L "$RXS_DUT" rx 4 tx 1 || rxs_fail "ethtool -L rx 4 tx 1"
rxs_wait_link 20
rxs_ping 3
ethtool -L "$RXS_DUT" tx 2 || rxs_fail "ethtool -L tx 2"
rxs_wait_link 20

# ---------------------------------------------------------------- combined
# A channel is a NAPI instance (fbnic's meaning): standalone rx/tx queues
# have one each, a combined channel q is RX queue q + TX queue q under one
# NAPI that both vectors (<if>-rx-q, <if>-tx-q) schedule. NAPIs are
# counted as the kthreads of threaded NAPI (one per instance).
rxs_step "ethtool -L combined"

# chan: "COMBINED RX TX" of ethtool -l's current settings (n/a is 0)
chan() {
	ethtool -l "$RXS_DUT" | awk '/^Current hardware settings/ { c = 1 }
		c && /^(RX|TX|Combined):/ { v[$1] = ($2 == "n/a") ? 0 : $2 }
		END { print v["Combined:"] + 0, v["RX:"] + 0, v["TX:"] + 0 }'
}

dut_irq_names() {
	grep -E "[[:space:]]$RXS_DUT(-[^[:space:]]*)?\$" /proc/interrupts |
		awk '{ print $NF }' | sort | tr '\n' ' '
}

napis() {
	ps | grep -c "[n]api/$RXS_DUT-"
}

# napis_are N: the NAPI kthreads number N within 5 s (threaded NAPI
# starts and stops them after the change that asks for them)
napis_are() {
	_k=0
	while [ "$(napis)" != "$1" ] && [ "$_k" -lt 25 ]; do
		rxs_tick
		_k=$((_k + 1))
	done
	[ "$(napis)" = "$1" ]
}

# irq_of NAME: total count of the interrupt named NAME
irq_of() {
	grep -E "[[:space:]]$1\$" /proc/interrupts | awk -v n="$(grep -c '^processor' /proc/cpuinfo)" '
		{ t = 0; for (i = 2; i <= n + 1; i++) t += $i; print t }'
}

txq_pkts() {
	ethtool -S "$RXS_DUT" | sed -n "s/^[[:space:]]*tx$1_packets: //p"
}

# refused WHY MSG ARGS...: ethtool -L ARGS fails with EINVAL ("Invalid
# argument") and the netlink message MSG (the core's checks; r8127's own
# refusals have no extack: MSG is empty and the reason is in the log,
# counted by the dmesg check), and the channels stay
refused() {
	_before=$(chan)
	_why=$1
	_m=$2
	shift 2
	rxs_refused "ethtool -L $* ($_why)" "Invalid argument" "$_m" ethtool -L "$RXS_DUT" "$@"
	[ "$(chan)" = "$_before" ] || rxs_fail "refused -L $* changed the channels to $(chan)"
}

ethtool -l "$RXS_DUT"
[ "$(ethtool -l "$RXS_DUT" | awk '/^Combined:/ { print $2; exit }')" = 2 ] ||
	rxs_fail "max combined is not 2"
[ "$(chan)" = "0 4 2" ] || rxs_fail "channels $(chan), expected combined 0 rx 4 tx 2"
echo 1 > "/sys/class/net/$RXS_DUT/threaded" || rxs_fail "threaded NAPI"
napis_are 6 || { ps | grep napi; rxs_fail "$(napis) NAPIs with rx 4 tx 2, expected 6"; }
for shape in $(echo "$RXS_SMOKE_SHAPES" | tr ',' ' '); do
	shape=$(echo "$shape" | tr / ' ')
	set -- $shape
	nrx=$(($1 + $2))
	ntx=$(($1 + $3))
	ethtool -L "$RXS_DUT" combined "$1" rx "$2" tx "$3" ||
		rxs_fail "ethtool -L combined $1 rx $2 tx $3"
	[ "$(chan)" = "$shape" ] || rxs_fail "channels $(chan) after -L combined $1 rx $2 tx $3"
	rxs_wait_link 20
	_want=
	q=0
	while [ "$q" -lt "$nrx" ]; do _want="$_want$RXS_DUT-rx-$q "; q=$((q + 1)); done
	q=0
	while [ "$q" -lt "$ntx" ]; do _want="$_want$RXS_DUT-tx-$q "; q=$((q + 1)); done
	_want=$(echo $_want "$RXS_DUT-link" | tr ' ' '\n' | sort | tr '\n' ' ')
	[ "$(dut_irq_names)" = "$_want" ] ||
		rxs_fail "combined $1 rx $2 tx $3: interrupts '$(dut_irq_names)', expected '$_want'"
	napis_are $(($1 + $2 + $3)) ||
		{ ps | grep napi; rxs_fail "combined $1 rx $2 tx $3: $(napis) NAPIs, expected $(($1 + $2 + $3))"; }
	# the default table spreads over all combined + rx queues
	_tab=$(ethtool -x "$RXS_DUT" | awk '/^ *[0-9]+:/ { for (i = 2; i <= NF; i++) print $i }' | sort -n | uniq | tr '\n' ' ')
	[ "$_tab" = "$(seq 0 $((nrx - 1)) | tr '\n' ' ')" ] ||
		rxs_fail "combined $1 rx $2 tx $3: indirection table uses queues '$_tab'"
	# TX completions of a combined channel's queue arrive on its own
	# vector, which schedules the shared NAPI
	q=0
	_i0=
	_t0=
	while [ "$q" -lt "$ntx" ]; do
		_i0="$_i0 $(irq_of "$RXS_DUT-tx-$q")"
		_t0="$_t0 $(txq_pkts "$q")"
		q=$((q + 1))
	done
	rxs_ping 3
	rxs_iperf rev 4 "$RXS_SHAPE_SECS"
	rxs_iperf fwd 8 "$RXS_SHAPE_SECS"
	q=0
	_fired=0
	for _v in $_i0; do
		_t=$(echo "$_t0" | awk -v k=$((q + 1)) '{ print $k }')
		if [ "$(txq_pkts "$q")" -gt $((_t + 100)) ]; then
			[ "$(irq_of "$RXS_DUT-tx-$q")" -gt "$_v" ] ||
				rxs_fail "combined $1 rx $2 tx $3: TX queue $q sent, its vector $RXS_DUT-tx-$q did not fire"
			[ "$q" -lt "$1" ] && _fired=$((_fired + 1))
		fi
		q=$((q + 1))
	done
	[ "$_fired" -ge 1 ] ||
		rxs_fail "combined $1 rx $2 tx $3: no combined channel's TX vector fired under iperf3 -P 8"
	rxs_say "combined $1 rx $2 tx $3: $nrx RX / $ntx TX queues, $(napis) NAPIs, interrupts $(dut_irq_names), $_fired combined TX vector(s) fired"
done
refused "rx, tx and combined all set" "" combined 1 rx 1 tx 1
refused "combined + rx > 4" "" combined 2 rx 3 tx 0
refused "combined + tx > 2" "" combined 2 rx 0 tx 1
refused "combined > 2" "requested channel count exceeds maximum" combined 3 rx 0 tx 0
refused "no queues" "requested channel counts would result in no RX or TX channel being configured" \
	combined 0 rx 0 tx 0
refused "link vector" "" combined 1 rx 0 tx 0 other 0
ethtool -L "$RXS_DUT" combined 0 rx 4 tx 2 || rxs_fail "back to rx 4 tx 2"
[ "$(chan)" = "0 4 2" ] || rxs_fail "channels $(chan) after -L combined 0 rx 4 tx 2"
rxs_wait_link 20
napis_are 6 || rxs_fail "$(napis) NAPIs back at rx 4 tx 2, expected 6"
echo 0 > "/sys/class/net/$RXS_DUT/threaded" || rxs_fail "threaded NAPI off"
rxs_ping 3

rxs_step "ethtool -X / -N / -C / -G"
ethtool -X "$RXS_DUT" equal 2 || rxs_fail "ethtool -X equal 2"
ethtool -x "$RXS_DUT" | head -n 4
ethtool -X "$RXS_DUT" weight 1 0 0 5 || rxs_fail "ethtool -X weight"
# -X goes through the ioctl (ethtool 6.1): no extack, ethtool's own text
rxs_refused "hfunc xor" "Operation not supported" "Cannot set RX flow hash configuration" \
	ethtool -X "$RXS_DUT" hfunc xor
ethtool -N "$RXS_DUT" rx-flow-hash udp4 sdfn || rxs_fail "udp4 sdfn"
ethtool -n "$RXS_DUT" rx-flow-hash udp4
# TCP's ports leave the hash and come back (RSS_CTRL has a TCP enable per
# family); the hash itself is checked by r8127-rsshash
ethtool -N "$RXS_DUT" rx-flow-hash tcp4 sd || rxs_fail "tcp4 sd"
ethtool -n "$RXS_DUT" rx-flow-hash tcp4 | grep -q "L4 bytes 0" && rxs_fail "tcp4 sd: ports still hashed"
ethtool -n "$RXS_DUT" rx-flow-hash tcp4 | grep -q "IP DA" || rxs_fail "tcp4 sd: addresses not hashed"
ethtool -N "$RXS_DUT" rx-flow-hash tcp4 sdfn || rxs_fail "tcp4 sdfn"
ethtool -n "$RXS_DUT" rx-flow-hash tcp4 | grep -q "L4 bytes 0" || rxs_fail "tcp4 sdfn: no ports"
# one address only: EINVAL; bookworm's ethtool 6.1 prints the error but
# exits 0 for -N rx-flow-hash, so its text is what is checked
_o=$(ethtool -N "$RXS_DUT" rx-flow-hash tcp4 s 2>&1)
echo "$_o" | grep -q "Invalid argument" || rxs_fail "tcp4 s: not refused with EINVAL ($_o)"
ethtool -n "$RXS_DUT" rx-flow-hash tcp4 | grep -q "L4 bytes 0" || rxs_fail "tcp4 s refused, but the ports left the hash"
rxs_say "refused as expected: tcp4 s (Invalid argument), tcp4 still sdfn"
ethtool -C "$RXS_DUT" rx-usecs 20 tx-usecs 10 || rxs_fail "ethtool -C"
ethtool -c "$RXS_DUT" | grep -E '^(rx|tx)-usecs'
# refused with EINVAL and the driver's extack message (ethtool prints
# "netlink error: r8127: ..." for -C and -G) and nothing changed
_rej() {
	_what=$1
	_msg=$2
	shift 2
	rxs_refused "$_what" "Invalid argument" "netlink error: r8127: $_msg" ethtool "$@"
}
_rej "rx-usecs 1000" "usecs above the 8-bit timer range" -C "$RXS_DUT" rx-usecs 1000
ethtool -c "$RXS_DUT" | grep -q '^rx-usecs:[[:space:]]*20$' ||
	rxs_fail "rx-usecs changed by a refused request"
ethtool -G "$RXS_DUT" rx 512 tx 256 || rxs_fail "ethtool -G"
ethtool -g "$RXS_DUT" | tail -n 5
_rej "rx 300" "ring size must be a power of two in 256..1024" -G "$RXS_DUT" rx 300
ethtool -g "$RXS_DUT" | sed -n '/^Current/,$p' | grep -q '^RX:[[:space:]]*512$' ||
	rxs_fail "RX ring size changed by a refused request"
ethtool -X "$RXS_DUT" default || rxs_fail "ethtool -X default"
rxs_wait_link 20
rxs_iperf rev 4 "$RXS_SECS"
ethtool -S "$RXS_DUT" | grep -E 'rx[0-9]_packets'

rxs_step "ethtool -s / -K"
ethtool -s "$RXS_DUT" advertise 0x1000 || rxs_fail "advertise 10G only"
_adv=$(ethtool "$RXS_DUT" | grep -A1 'Advertised link modes')
echo "$_adv"
echo "$_adv" | grep -q '10000baseT/Full' || rxs_fail "10G not advertised"
echo "$_adv" | grep -q ' 1000baseT/Full' && rxs_fail "1G still advertised"
rxs_refused "forced speed" "Invalid argument" "link settings update failed" \
	ethtool -s "$RXS_DUT" autoneg off speed 1000 duplex full
ethtool -s "$RXS_DUT" advertise 10baseT/Half on 10baseT/Full on \
	100baseT/Half on 100baseT/Full on 1000baseT/Full on 2500baseT/Full on \
	5000baseT/Full on || rxs_fail "advertise all"
_adv=$(ethtool "$RXS_DUT" | grep -A4 'Advertised link modes')
echo "$_adv"
echo "$_adv" | grep -q '2500baseT/Full' || rxs_fail "2.5G not advertised again"
rxs_wait_link 20
for _f in rx rxvlan rxhash tso sg; do
	ethtool -K "$RXS_DUT" "$_f" off || rxs_fail "-K $_f off"
	rxs_ping 2
	ethtool -K "$RXS_DUT" "$_f" on || rxs_fail "-K $_f on"
done
ethtool -k "$RXS_DUT" | grep -E '^(rx-checksumming|receive-hashing|tcp-segmentation-offload|scatter-gather|rx-vlan-offload):'

rxs_step "down/up (an IRQ affinity set by the administrator survives it)"
# rx-1 moved off the driver's spread (CPU 1) to the last CPU; the lines are
# freed at down and requested again at up, and the kernel must keep the
# administrator's choice (r8169/r8127_irq.c r8127_irq_affinity; the
# kernel's drivers/net/hw/irq.py check_down)
_last=$(($(nproc) - 1))
_irq=$(rxs_irq_counts | awk -v n="$RXS_DUT-rx-1" '$3 == n { print $1 }')
[ -n "$_irq" ] || rxs_fail "no $RXS_DUT-rx-1 line in /proc/interrupts"
_irq0=$(rxs_irq_counts | awk -v n="$RXS_DUT-rx-0" '$3 == n { print $1 }')
_aff0=$(cat "/proc/irq/$_irq0/smp_affinity_list")
rxs_irq_set_cpus "$_irq" "$_last"
ip link set "$RXS_DUT" down
ip link set "$RXS_DUT" up || rxs_fail "up"
rxs_wait_link 20
rxs_ping 3
_aff=$(cat "/proc/irq/$_irq/smp_affinity_list")
[ "$_aff" = "$_last" ] ||
	rxs_fail "$RXS_DUT-rx-1 (irq $_irq): affinity $_aff after down/up, the administrator set $_last"
[ "$(cat "/proc/irq/$_irq0/smp_affinity_list")" = "$_aff0" ] ||
	rxs_fail "$RXS_DUT-rx-0 (irq $_irq0): affinity $(cat "/proc/irq/$_irq0/smp_affinity_list") after down/up, was $_aff0"
rxs_say "after down/up: rx-1 on CPUs $_aff (set by hand), rx-0 on CPUs $_aff0 (the driver's)"
rxs_step "jumbo frames"
ip link set "$RXS_DUT" mtu 9000 || rxs_fail "DUT mtu 9000"
rxs_in_peer ip link set "$RXS_PEER" mtu 9000 || rxs_fail "peer mtu 9000"
rxs_wait_link 20
_out=$(ping -A -c 3 -W 2 -s 8900 "$RXS_PEER_IP" 2>&1)
echo "$_out" | tail -n 2
echo "$_out" | grep -q " 3 packets received" || rxs_fail "jumbo ping lost packets"
rxs_iperf rev 2 "$RXS_SECS"
rxs_iperf fwd 2 "$RXS_SECS"
rxs_refused "mtu 9001" "Error: mtu greater than device maximum." "" \
	ip link set "$RXS_DUT" mtu 9001
ip link set "$RXS_DUT" mtu 1500 || rxs_fail "DUT mtu 1500"
rxs_in_peer ip link set "$RXS_PEER" mtu 1500
rxs_wait_link 20
rxs_ping 3

rxs_step "rmmod"
rmmod r8127 || rxs_fail "rmmod r8127"
rxs_dmesg_check
