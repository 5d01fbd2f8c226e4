// SPDX-License-Identifier: GPL-2.0
/* Always compiles on a usable tree: proves the probe build itself works. */
#include <linux/module.h>

MODULE_LICENSE("GPL");
