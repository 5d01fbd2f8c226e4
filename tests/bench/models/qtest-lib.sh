# SPDX-License-Identifier: GPL-2.0
# The plumbing the models' qtest checks share (rtl8127-qtest.sh,
# mt7988-qtest.sh): QEMU runs with the qtest accelerator on two FIFOs and
# the script plays the CPU. Sourced after setting QT_NAME (the prefix of
# the script's own messages); it sets $qemu (the first argument, or
# build.sh's QEMU) and $work (a scratch directory removed at exit).
#
#   qt_start ARGS...    start QEMU with ARGS (-accel qtest -qtest stdio
#                       -monitor none are added), stdin/stdout on FIFOs
#   q CMD...            one qtest command; its reply (after "OK") in $R;
#                       interrupt lines reported in between (after
#                       irq_intercept_in) recorded as irq_<n>=0/1
#   hx N                N in hexadecimal (0x...)
#   step NS             move the virtual clock
#   pass MSG, fail MSG  one result line each; fail counts
#   qt_end              "<name>: N failed"; true when none did
#
# The RTL8127 model serves both scripts (one checks it, the other sends
# its frames through it), so its PCI and TX-descriptor set-up is here too:
# ECAM, SLOT, CFG (the RTL8127's config space), BAR and RAM: see below.
#   rtl_pci CFG BAR     BAR2 at BAR, memory decoding and bus mastering on
#   rtl_tx_ring BAR RING BUF   TX ring 0 at RING (16-byte descriptors),
#                       frames staged at BUF, TxEnb
#   rtl_send HEX [OPTS2]       one descriptor (first|last|own, the frame's
#                       length), the doorbell; warns when the model has
#                       not given the descriptor back

# The virt board (highmem=off) as both scripts use it: the RTL8127 in slot
# SLOT of the PCIe root bus, its BAR2 at the start of the MMIO window.
# shellcheck disable=SC2034  # used by the scripts that source this
ECAM=0x3f000000         # ECAM below 4 GiB
SLOT=2
CFG=$((ECAM + (SLOT << 15)))
BAR=$((0x10000000))
RAM=$((0x40000000))

qemu=${1:-$("$(dirname "$0")/../qemu/build.sh" | tail -n 1)}
[ -x "$qemu" ] || { echo "$QT_NAME: no QEMU ($qemu)" >&2; exit 2; }

work=$(mktemp -d "/tmp/$QT_NAME.XXXXXX")
qpid=
trap 'exec 3>&- 4<&-; [ -n "$qpid" ] && { kill "$qpid" 2>/dev/null; wait "$qpid" 2>/dev/null; }; rm -rf "$work"' EXIT
mkfifo "$work/in" "$work/out"

qt_start() {
	"$qemu" "$@" -accel qtest -qtest stdio -monitor none \
		< "$work/in" > "$work/out" 2> "$work/stderr" &
	qpid=$!
	exec 3> "$work/in" 4< "$work/out"
}

fails=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

q() {
	echo "$*" >&3
	while :; do
		IFS= read -r _line <&4 || { echo "$QT_NAME: QEMU gone"; cat "$work/stderr"; exit 2; }
		case $_line in
		"IRQ raise "*) eval "irq_${_line#IRQ raise }=1" ;;
		"IRQ lower "*) eval "irq_${_line#IRQ lower }=0" ;;
		OK*) R=${_line#OK}; R=${R# }; return 0 ;;
		*) echo "$QT_NAME: '$*' -> '$_line'"; exit 2 ;;
		esac
	done
}
hx() { printf '0x%x' "$1"; }
step() { q clock_step "$1"; }

qt_end() {
	echo "$QT_NAME: $fails failed"
	[ "$fails" = 0 ]
}

rtl_pci() {
	q writel "$(hx $(($1 + 0x18)))" "$(hx $(($2)))"
	q writel "$(hx $(($1 + 0x1c)))" 0
	q writel "$(hx $(($1 + 0x04)))" 0x0006
}

rtl_tx_ring() {
	_rtl_bar=$(($1))
	_rtl_ring=$(($2))
	_rtl_buf=$(($3))
	q writel "$(hx $((_rtl_bar + 0x24)))" 0
	q writel "$(hx $((_rtl_bar + 0x20)))" "$(hx $_rtl_ring)"
	q writeb "$(hx $((_rtl_bar + 0x37)))" 0x04
}

rtl_send() {
	_len=$((${#1} / 2))
	q write "$(hx $_rtl_buf)" "$_len" "0x$1"
	q writel "$(hx $_rtl_ring)" "$(hx $((0xf0000000 | _len)))"
	q writel "$(hx $((_rtl_ring + 4)))" "$(hx $((${2:-0})))"
	q writel "$(hx $((_rtl_ring + 8)))" "$(hx $_rtl_buf)"
	q writel "$(hx $((_rtl_ring + 12)))" 0
	q writew "$(hx $((_rtl_bar + 0x90)))" 0x0001
	q readl "$(hx $_rtl_ring)"
	[ $((R & 0x80000000)) = 0 ] || echo "$QT_NAME: descriptor still owned"
}
