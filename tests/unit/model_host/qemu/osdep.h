/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host stand-in for QEMU's "qemu/osdep.h", so that the unit tests can
 * compile model files that use nothing from QEMU but the C library
 * (tests/bench/models/rtl8127_toeplitz.c).
 */
#ifndef RXS_MODEL_HOST_OSDEP_H
#define RXS_MODEL_HOST_OSDEP_H
#include <stddef.h>
#include <stdint.h>
#endif
