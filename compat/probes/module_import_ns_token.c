// SPDX-License-Identifier: GPL-2.0
/*
 * Symbol namespaces named by a bare token, stringified by the macros
 * (before 6.13); from 6.13 the namespace is a string literal and a
 * bare token does not compile.
 */
#include <linux/module.h>

MODULE_IMPORT_NS(RXS_PROBE_NS);
