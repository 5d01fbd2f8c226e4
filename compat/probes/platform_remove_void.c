// SPDX-License-Identifier: GPL-2.0
/* platform_driver.remove returns void (6.11; .remove_new before). */
#include <linux/platform_device.h>

static void rxs_remove(struct platform_device *pdev)
{
}

static struct platform_driver rxs_drv = {
	.remove = rxs_remove,
};

struct platform_driver *rxs_probe(void);
struct platform_driver *rxs_probe(void)
{
	return &rxs_drv;
}
