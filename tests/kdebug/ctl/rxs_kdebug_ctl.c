// SPDX-License-Identifier: GPL-2.0
/*
 * Negative controls of rxscale's debug-kernel tier (issue 18): each value
 * of the "fault" parameter plants one defect the debug kernel must report.
 *
 *   none     nothing (the clean run of the same scenario)
 *   uaf      reads a kmalloc'ed object after kfree (KASAN)
 *   leak     drops the only pointer to a kmalloc'ed object (kmemleak, after
 *            an explicit scan)
 *   lockdep  takes two mutexes in both orders (lockdep: circular locking)
 *   dma      a PCI driver (bound by the scenario through driver_override)
 *            maps a buffer in probe and never unmaps it: DMA-API debugging
 *            reports the pending mapping when the device is unbound
 *
 * Not a driver: it exists only to be caught.
 */
#include <linux/dma-mapping.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/slab.h>
#include <linux/string.h>

static char *fault = "none";
module_param(fault, charp, 0444);
MODULE_PARM_DESC(fault, "defect to plant: none, uaf, leak, lockdep, dma");

static DEFINE_MUTEX(ctl_lock_a);
static DEFINE_MUTEX(ctl_lock_b);

static void *ctl_dma_buf;
static bool ctl_pci_registered;

/* noinline: the reports name the function (KASAN said "ctl_init+0x204") */
static noinline int ctl_uaf(void)
{
	u8 *p = kmalloc(64, GFP_KERNEL);
	u8 v;

	if (!p)
		return -ENOMEM;
	memset(p, 0x5a, 64);
	kfree(p);
	/* the compiler must not see that p is dead */
	OPTIMIZER_HIDE_VAR(p);
	v = READ_ONCE(p[8]);
	pr_info("rxs_kdebug_ctl: uaf read 0x%02x\n", v);
	return 0;
}

static noinline int ctl_leak(void)
{
	void *p = kmalloc(256, GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	memset(p, 0xa5, 256);
	OPTIMIZER_HIDE_VAR(p);
	pr_info("rxs_kdebug_ctl: leaked 256 bytes\n");
	return 0;
}

static noinline int ctl_lockdep(void)
{
	mutex_lock(&ctl_lock_a);
	mutex_lock(&ctl_lock_b);
	mutex_unlock(&ctl_lock_b);
	mutex_unlock(&ctl_lock_a);

	mutex_lock(&ctl_lock_b);
	mutex_lock(&ctl_lock_a);
	mutex_unlock(&ctl_lock_a);
	mutex_unlock(&ctl_lock_b);
	pr_info("rxs_kdebug_ctl: took a->b and b->a\n");
	return 0;
}

static int ctl_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	dma_addr_t addr;
	int ret;

	ret = pci_enable_device(pdev);
	if (ret)
		return ret;
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (ret)
		goto err_disable;
	ctl_dma_buf = kzalloc(2048, GFP_KERNEL);
	if (!ctl_dma_buf) {
		ret = -ENOMEM;
		goto err_disable;
	}
	addr = dma_map_single(&pdev->dev, ctl_dma_buf, 2048, DMA_FROM_DEVICE);
	if (dma_mapping_error(&pdev->dev, addr)) {
		ret = -ENOMEM;
		goto err_free;
	}
	/* the defect: addr is never unmapped */
	dev_info(&pdev->dev, "rxs_kdebug_ctl: mapped 2048 bytes, not unmapping\n");
	return 0;

err_free:
	kfree(ctl_dma_buf);
	ctl_dma_buf = NULL;
err_disable:
	pci_disable_device(pdev);
	return ret;
}

static void ctl_remove(struct pci_dev *pdev)
{
	pci_disable_device(pdev);
}

/* no IDs: the scenario binds a device with driver_override */
static const struct pci_device_id ctl_ids[] = {
	{ }
};

static struct pci_driver ctl_pci_driver = {
	.name = "rxs_kdebug_ctl",
	.id_table = ctl_ids,
	.probe = ctl_probe,
	.remove = ctl_remove,
};

static int __init ctl_init(void)
{
	int ret;

	if (!strcmp(fault, "none"))
		return 0;
	if (!strcmp(fault, "uaf"))
		return ctl_uaf();
	if (!strcmp(fault, "leak"))
		return ctl_leak();
	if (!strcmp(fault, "lockdep"))
		return ctl_lockdep();
	if (!strcmp(fault, "dma")) {
		ret = pci_register_driver(&ctl_pci_driver);
		if (!ret)
			ctl_pci_registered = true;
		return ret;
	}
	pr_err("rxs_kdebug_ctl: unknown fault '%s'\n", fault);
	return -EINVAL;
}

static void __exit ctl_exit(void)
{
	if (ctl_pci_registered)
		pci_unregister_driver(&ctl_pci_driver);
	/* the buffer only, after the unbind that reported its mapping */
	kfree(ctl_dma_buf);
}

module_init(ctl_init);
module_exit(ctl_exit);
MODULE_DESCRIPTION("rxscale debug-kernel tier negative controls");
MODULE_LICENSE("GPL");
