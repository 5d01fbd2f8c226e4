/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxs-mark: execute the bench's marker instruction once and exit 0.
 * HINT #127 is an unallocated hint and executes as a NOP (Arm ARM, HINT);
 * under the bench's TCG plugin (tests/bench/qemu/plugins/rxs_icount.c)
 * it makes the plugin log the guest's instruction count so far.
 * No libc: the guest needs nothing but this file.
 */
	.text
	.globl	_start
_start:
	hint	#127
	mov	x0, #0		/* status */
	mov	x8, #93		/* __NR_exit (asm-generic/unistd.h) */
	svc	#0
