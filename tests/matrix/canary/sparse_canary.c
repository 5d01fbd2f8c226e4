// SPDX-License-Identifier: GPL-2.0
#include <linux/types.h>

u32 rxs_canary_read(void __iomem *reg);

/* sparse only: dereferencing an __iomem pointer. */
u32 rxs_canary_read(void __iomem *reg)
{
	return *(u32 __force *)reg + *(u32 *)reg;
}
