/*
 * rxscale platform devices: an abstract SysBusDevice type for the bench's
 * device models that live on the virt machine's platform bus.
 *
 * QEMU 7.2's virt machine accepts `-device X` for a sysbus device only if
 * the machine class allows X (machine_class_allow_dynamic_sysbus_dev) and
 * hw/core/sysbus-fdt.c knows how to write X's device-tree node.  The patch
 * tests/bench/models/virt-platform-models.patch does both once, for this
 * abstract type: virt allows every subclass, and one binding entry matches
 * every instance of a subclass and calls its class's add_fdt_node().  A new
 * platform model therefore needs no QEMU patch of its own:
 *
 *   - its TypeInfo has .parent = TYPE_RXS_PLATFORM_DEVICE;
 *   - it creates its MMIO regions (sysbus_init_mmio) and IRQ lines
 *     (sysbus_init_irq) in realize or instance_init; the platform bus maps
 *     region n at the first free offset aligned to its size and connects
 *     IRQ n to the first free line;
 *   - its class_init sets RxsPlatformDeviceClass.add_fdt_node, which gets
 *     the offsets (within the bus node's address space: "reg" values) and
 *     sizes of its regions and the GIC SPI numbers of its IRQs, and adds
 *     its node(s) under info->pbus_node with qemu_fdt_* (phandles through
 *     qemu_fdt_alloc_phandle()).  It returns 0.
 *
 * The node is only written when QEMU builds the device tree itself (no
 * -dtb).  The abstract type is user-creatable, so subclasses are.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#ifndef HW_NET_RXS_PLATFORM_H
#define HW_NET_RXS_PLATFORM_H

#include "hw/sysbus.h"
#include "qom/object.h"

#define TYPE_RXS_PLATFORM_DEVICE "rxscale-platform-device"
OBJECT_DECLARE_TYPE(RxsPlatformDevice, RxsPlatformDeviceClass,
                    RXS_PLATFORM_DEVICE)

#define RXS_PLATFORM_MAX_MMIO   8
#define RXS_PLATFORM_MAX_IRQ    16

/* Where the platform bus placed a device, for its add_fdt_node(). */
typedef struct RxsPlatformFdt {
    void *fdt;
    const char *pbus_node;          /* e.g. "/platform-bus@c000000" */
    int nr_mmio;
    uint64_t mmio[RXS_PLATFORM_MAX_MMIO];       /* offset in the bus node */
    uint64_t mmio_size[RXS_PLATFORM_MAX_MMIO];
    int nr_irq;
    int irq[RXS_PLATFORM_MAX_IRQ];  /* GIC SPI number (interrupts cell 2) */
} RxsPlatformFdt;

struct RxsPlatformDevice {
    SysBusDevice parent_obj;
};

struct RxsPlatformDeviceClass {
    SysBusDeviceClass parent_class;
    int (*add_fdt_node)(RxsPlatformDevice *dev, const RxsPlatformFdt *info);
};

#endif
