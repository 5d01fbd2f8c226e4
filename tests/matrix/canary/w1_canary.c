// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>

/* W=1 only: -Wunused-const-variable. */
static const int rxs_canary_unused = 1;

MODULE_LICENSE("GPL");
