#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Writes test files in Realtek's rtl_fw format (what rtl_nic/rtl8127a-1.fw
# is; layout in docs/hw/rtl8127-driver.md, "Firmware") for the r8127-fw
# scenario. They are the project's own action lists, not Realtek's
# firmware: each exercises the driver's loader or interpreter in a way
# whose outcome the scenario can check exactly.
#
#   good.fw     header format, 21 actions using every opcode: a loop on
#               the read counter, compare-and-skip both ways, writes of a
#               read-back value, a switch to MAC MCU registers and back.
#               A correct interpreter takes 24 steps and does 3 PHY and
#               1 MAC writes (the two writes it must skip are not done).
#   badsum.fw   good.fw with one byte changed: the checksum fails.
#   badjump.fw  header format, a backward jump past the start of the list.
#   hang.fw     no header: waits forever for a PHY value that never
#               comes; the driver must give up after its time limit.
#
# usage: tests/bench/tools/mkrtlfw.sh [OUTDIR]   (default build/bench-tools/rtlfw)
# Prints OUTDIR.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
out=${1:-$top/build/bench-tools/rtlfw}
mkdir -p "$out"

VERSION=rxscale-test-1

# le32 N: N as 4 little-endian bytes (octal escapes built into the
# format on purpose)
# shellcheck disable=SC2059
le32() {
	printf "\\$(printf %03o $(($1 & 255)))\\$(printf %03o $((($1 >> 8) & 255)))\\$(printf %03o $((($1 >> 16) & 255)))\\$(printf %03o $((($1 >> 24) & 255)))"
}

# act OP REG DATA: one action word (op 31:28, reg 27:16, data 15:0)
act() {
	le32 $((($1 << 28) | ($2 << 16) | $3))
}

# opcodes ([up] enum rtl_fw_opcode)
READ=0 OR=1 BJMPN=3 MDIO_CHG=4 CLEAR_RC=7 WRITE=8 RC_EQ_SKIP=9
EQ_SKIPN=10 NEQ_SKIPN=11 WRITE_PREV=12 SKIPN=13 DELAY=14

good_actions() {
	act $WRITE 0x1f 0x0d00		# 0  PHY page 0xd00
	act $WRITE 0x10 0x0003		# 1  PHY write 1: reg 0x10 = 3
	act $CLEAR_RC 0 0		# 2
	act $READ 0x10 0		# 3  loop: read (count 1, 2, 3)
	act $RC_EQ_SKIP 0 3		# 4  after the 3rd read skip the jump
	act $BJMPN 2 0			# 5  back to 3
	act $EQ_SKIPN 1 0x0003		# 6  read back 3: skip 7
	act $WRITE 0x11 0xdead		# 7  must not run
	act $OR 0 0x0100		# 8  previous = 0x0103
	act $WRITE_PREV 0x11 0		# 9  PHY write 2: reg 0x11 = 0x0103
	act $READ 0x11 0		# 10
	act $NEQ_SKIPN 1 0x0103		# 11 equal: no skip
	act $WRITE 0x12 0x0001		# 12 PHY write 3
	act $MDIO_CHG 0 1		# 13 to MAC MCU
	act $WRITE 0x1f 0x0fc0		# 14 MAC base 0xfc00
	act $WRITE 0x10 0x5a5a		# 15 MAC write 1
	act $MDIO_CHG 0 0		# 16 back to the PHY
	act $SKIPN 1 0			# 17 skip 18
	act $WRITE 0x13 0xbad0		# 18 must not run
	act $DELAY 0 1			# 19 1 ms
	act $WRITE 0x1f 0x0000		# 20 PHY page 0
}
GOOD_ACTIONS=21

badjump_actions() {
	act $WRITE 0x1f 0x0d00
	act $BJMPN 5 0			# 1: would land before action 0
	act $WRITE 0x1f 0x0000
}
BADJUMP_ACTIONS=3

# header_file FILE NACTIONS FUNC: magic 0, version, start 48, length,
# checksum, padding, then the actions; the checksum byte (offset 44)
# makes all bytes sum to 0 mod 256.
header_file() {
	{
		le32 0
		printf '%s' "$VERSION"
		head -c $((32 - ${#VERSION})) /dev/zero
		le32 48
		le32 "$2"
		head -c 4 /dev/zero		# checksum + padding to 48
		"$3"
	} > "$1.tmp"
	sum=$(od -An -tu1 -v "$1.tmp" | awk '{ for (i = 1; i <= NF; i++) s += $i } END { print s % 256 }')
	# shellcheck disable=SC2059
	printf "\\$(printf %03o $(((256 - sum) % 256)))" |
		dd of="$1.tmp" bs=1 seek=44 conv=notrunc status=none
	mv "$1.tmp" "$1"
}

header_file "$out/good.fw" "$GOOD_ACTIONS" good_actions
header_file "$out/badjump.fw" "$BADJUMP_ACTIONS" badjump_actions

# badsum: action 1's data 0x0003 -> 0x0004 (byte 48 + 4)
cp "$out/good.fw" "$out/badsum.fw.tmp"
printf '\004' | dd of="$out/badsum.fw.tmp" bs=1 seek=52 conv=notrunc status=none
mv "$out/badsum.fw.tmp" "$out/badsum.fw"

{
	act $WRITE 0x1f 0x0d00		# 0  (non-zero first word: no header)
	act $READ 0x10 0		# 1
	act $EQ_SKIPN 1 0xbeef		# 2  never equal
	act $BJMPN 2 0			# 3  back to 1
	act $WRITE 0x1f 0x0000		# 4
} > "$out/hang.fw"

echo "$out"
