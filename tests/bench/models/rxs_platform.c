/*
 * rxscale platform devices: the abstract type (see rxs_platform.h).
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#include "qemu/osdep.h"
#include "rxs_platform.h"

static void rxs_platform_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);

    /* sysbus devices default to false; virt's platform bus takes these */
    dc->user_creatable = true;
}

static const TypeInfo rxs_platform_info = {
    .name = TYPE_RXS_PLATFORM_DEVICE,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(RxsPlatformDevice),
    .class_size = sizeof(RxsPlatformDeviceClass),
    .class_init = rxs_platform_class_init,
    .abstract = true,
};

static void rxs_platform_register_types(void)
{
    type_register_static(&rxs_platform_info);
}

type_init(rxs_platform_register_types)
