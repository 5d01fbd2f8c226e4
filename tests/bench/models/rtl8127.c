/*
 * QEMU model of the Realtek RTL8127 10GbE PCIe controller (rxscale bench)
 *
 * PCI glue, in the pattern of QEMU's e1000e.c / igb.c: the PCI device
 * state holds the chip's core (rtl8127_core.h) and gives it what only the
 * bus can do: DMA, the MSI-X/MSI/INTx lines, config space for the CSI
 * window.  The glue also owns the BARs, the PCI power management
 * capability (D3hot -> D0 loses the core's state) and the NIC backend.
 * The hardware facts this file relies on are listed, with their sources,
 * in docs/hw/rtl8127.md.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "hw/pci/pci.h"
#include "hw/pci/pcie.h"
#include "hw/pci/msi.h"
#include "hw/pci/msix.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "net/net.h"
#include "sysemu/dma.h"
#include "sysemu/sysemu.h"
#include "qom/object.h"
#include "rtl8127_core.h"

#define TYPE_RTL8127 "rtl8127"
OBJECT_DECLARE_SIMPLE_TYPE(RTL8127State, RTL8127)

struct RTL8127State {
    PCIDevice parent_obj;

    NICState *nic;
    NICConf conf;

    /*
     * Identity, as properties so that tests can present the other PCI ID
     * the chip ships with (0x0e10) or another chip's XID (which a driver
     * for the RTL8127A must refuse).
     */
    uint16_t pci_device_id;
    uint32_t xid;               /* 12-bit TxConfig XID, placed by TXCFG_XID */

    MemoryRegion mmio;
    MemoryRegion io;
    MemoryRegion msix;

    uint8_t pm_state;           /* PCI PM power state, 0 = D0 */

    RTL8127Core core;
};

/* ---------------------------------------------------------------- */
/* what the core asks of the bus (RTL8127CoreOps)                   */

static bool rtl8127_pci_dma_read(void *owner, uint64_t addr, void *buf,
                                 size_t len)
{
    return pci_dma_read(PCI_DEVICE(owner), addr, buf, len) == MEMTX_OK;
}

static bool rtl8127_pci_dma_write(void *owner, uint64_t addr,
                                  const void *buf, size_t len)
{
    return pci_dma_write(PCI_DEVICE(owner), addr, buf, len) == MEMTX_OK;
}

static bool rtl8127_pci_bus_master(void *owner)
{
    return PCI_DEVICE(owner)->config[PCI_COMMAND] & PCI_COMMAND_MASTER;
}

static RTL8127IrqMode rtl8127_pci_irq_mode(void *owner)
{
    PCIDevice *d = PCI_DEVICE(owner);

    if (msix_enabled(d)) {
        return RTL8127_IRQ_MSIX;
    }
    return msi_enabled(d) ? RTL8127_IRQ_MSI : RTL8127_IRQ_INTX;
}

static unsigned rtl8127_pci_nr_vectors(void *owner)
{
    return msix_nr_vectors_allocated(PCI_DEVICE(owner));
}

static void rtl8127_pci_notify(void *owner, unsigned vector)
{
    PCIDevice *d = PCI_DEVICE(owner);

    if (msix_enabled(d)) {
        msix_notify(d, vector);
    } else if (msi_enabled(d)) {
        msi_notify(d, vector);
    }
}

static void rtl8127_pci_set_irq(void *owner, bool level)
{
    pci_set_irq(PCI_DEVICE(owner), level);
}

/*
 * The CSI window writes config space as the chip does, bypassing this
 * glue's config_write hook (no PM transition through CSI).
 */
static bool rtl8127_pci_config_read(void *owner, uint32_t addr,
                                    uint32_t *val)
{
    PCIDevice *d = PCI_DEVICE(owner);

    if (addr + 4 > pci_config_size(d)) {
        return false;
    }
    *val = pci_default_read_config(d, addr, 4);
    return true;
}

static bool rtl8127_pci_config_write(void *owner, uint32_t addr,
                                     uint32_t val)
{
    PCIDevice *d = PCI_DEVICE(owner);

    if (addr + 4 > pci_config_size(d)) {
        return false;
    }
    pci_default_write_config(d, addr, val, 4);
    return true;
}

static const RTL8127CoreOps rtl8127_pci_core_ops = {
    .dma_read = rtl8127_pci_dma_read,
    .dma_write = rtl8127_pci_dma_write,
    .bus_master = rtl8127_pci_bus_master,
    .irq_mode = rtl8127_pci_irq_mode,
    .nr_vectors = rtl8127_pci_nr_vectors,
    .notify = rtl8127_pci_notify,
    .set_irq = rtl8127_pci_set_irq,
    .config_read = rtl8127_pci_config_read,
    .config_write = rtl8127_pci_config_write,
};

/* ---------------------------------------------------------------- */
/* register window and reset                                        */

static uint64_t rtl8127_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
    RTL8127State *s = opaque;

    return rtl8127_core_read(&s->core, addr, size);
}

static void rtl8127_mmio_write(void *opaque, hwaddr addr, uint64_t val,
                               unsigned size)
{
    RTL8127State *s = opaque;

    rtl8127_core_write(&s->core, addr, val, size);
}

static const MemoryRegionOps rtl8127_mmio_ops = {
    .read = rtl8127_mmio_read,
    .write = rtl8127_mmio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
    .impl = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
};

static void rtl8127_reset(DeviceState *dev)
{
    RTL8127State *s = RTL8127(dev);

    rtl8127_core_reset(&s->core);
    /* back in D0 */
    pci_word_test_and_clear_mask(PCI_DEVICE(s)->config + RTL8127_PM_CAP +
                                 PCI_PM_CTRL, PCI_PM_CTRL_STATE_MASK);
    s->pm_state = 0;
}

/* ---------------------------------------------------------------- */
/* network backend                                                  */

static bool rtl8127_nc_can_receive(NetClientState *nc)
{
    RTL8127State *s = qemu_get_nic_opaque(nc);

    return rtl8127_core_can_receive(&s->core);
}

static ssize_t rtl8127_nc_receive(NetClientState *nc, const uint8_t *buf,
                                  size_t size)
{
    RTL8127State *s = qemu_get_nic_opaque(nc);

    return rtl8127_core_receive(&s->core, buf, size);
}

static void rtl8127_set_link_status(NetClientState *nc)
{
    RTL8127State *s = qemu_get_nic_opaque(nc);

    rtl8127_core_set_link_status(&s->core, !nc->link_down);
}

static NetClientInfo net_rtl8127_info = {
    .type = NET_CLIENT_DRIVER_NIC,
    .size = sizeof(NICState),
    .can_receive = rtl8127_nc_can_receive,
    .receive = rtl8127_nc_receive,
    .link_status_changed = rtl8127_set_link_status,
};

/* ---------------------------------------------------------------- */
/* PCI                                                              */

static uint8_t rtl8127_pm_state(PCIDevice *d)
{
    return pci_get_word(d->config + RTL8127_PM_CAP + PCI_PM_CTRL) &
           PCI_PM_CTRL_STATE_MASK;
}

static void rtl8127_write_config(PCIDevice *d, uint32_t addr, uint32_t val,
                                 int len)
{
    RTL8127State *s = RTL8127(d);
    uint8_t old = rtl8127_pm_state(d);

    pci_default_write_config(d, addr, val, len);
    s->pm_state = rtl8127_pm_state(d);
    if (old == 3 && s->pm_state == 0) {
        /*
         * D3hot -> D0 with No_Soft_Reset clear: the function's state is
         * lost, as after a reset (PCI PM 1.2, 5.4.1); the config space
         * itself is restored by the OS.
         */
        rtl8127_core_pm_d3hot_exit(&s->core);
    }
    if (range_covers_byte(addr, len, PCI_COMMAND) &&
        (d->config[PCI_COMMAND] & PCI_COMMAND_MASTER)) {
        rtl8127_core_start_recv(&s->core);
    }
}

static void rtl8127_realize(PCIDevice *d, Error **errp)
{
    RTL8127State *s = RTL8127(d);
    DeviceState *dev = DEVICE(d);
    int ret, v;

    d->config_write = rtl8127_write_config;
    d->config[PCI_INTERRUPT_PIN] = 1;
    d->config[PCI_CACHE_LINE_SIZE] = 0x10;
    pci_set_word(d->config + PCI_DEVICE_ID, s->pci_device_id);
    pci_set_word(d->config + PCI_SUBSYSTEM_VENDOR_ID, RTL8127_VENDOR_ID);
    pci_set_word(d->config + PCI_SUBSYSTEM_ID, 0x0123);

    memory_region_init_io(&s->mmio, OBJECT(s), &rtl8127_mmio_ops, s,
                          "rtl8127-mmio", RTL8127_MMIO_SIZE);
    memory_region_init_io(&s->io, OBJECT(s), &rtl8127_mmio_ops, s,
                          "rtl8127-io", RTL8127_IO_SIZE);
    memory_region_init(&s->msix, OBJECT(s), "rtl8127-msix",
                       RTL8127_MSIX_SIZE);

    /* BAR0 I/O, BAR2 64-bit registers, BAR4 64-bit MSI-X, as on boards */
    pci_register_bar(d, RTL8127_IO_BAR, PCI_BASE_ADDRESS_SPACE_IO, &s->io);
    pci_register_bar(d, RTL8127_MMIO_BAR,
                     PCI_BASE_ADDRESS_SPACE_MEMORY |
                     PCI_BASE_ADDRESS_MEM_TYPE_64, &s->mmio);
    pci_register_bar(d, RTL8127_MSIX_BAR,
                     PCI_BASE_ADDRESS_SPACE_MEMORY |
                     PCI_BASE_ADDRESS_MEM_TYPE_64, &s->msix);

    /*
     * PCI power management 1.2: D0 and D3hot only, no PME (so the kernel
     * does no runtime PM), No_Soft_Reset clear (D3hot -> D0 loses state).
     */
    ret = pci_add_capability(d, PCI_CAP_ID_PM, RTL8127_PM_CAP,
                             PCI_PM_SIZEOF, errp);
    if (ret < 0) {
        return;
    }
    pci_set_word(d->config + RTL8127_PM_CAP + PCI_PM_PMC, 0x0003);
    pci_set_word(d->wmask + RTL8127_PM_CAP + PCI_PM_CTRL,
                 PCI_PM_CTRL_STATE_MASK);

    if (pcie_endpoint_cap_init(d, 0x70) < 0) {
        error_setg(errp, "rtl8127: cannot add the PCIe capability");
        return;
    }
    ret = msi_init(d, 0x50, 1, true, false, NULL);
    if (ret) {
        qemu_log_mask(LOG_GUEST_ERROR, "rtl8127: no MSI (%d)\n", ret);
    }
    ret = msix_init(d, RTL8127_MSIX_VECTORS,
                    &s->msix, RTL8127_MSIX_BAR, RTL8127_MSIX_TABLE,
                    &s->msix, RTL8127_MSIX_BAR, RTL8127_MSIX_PBA,
                    0xb0, errp);
    if (ret < 0) {
        return;
    }
    for (v = 0; v < RTL8127_MSIX_VECTORS; v++) {
        msix_vector_use(d, v);
    }

    qemu_macaddr_default_if_unset(&s->conf.macaddr);
    s->nic = qemu_new_nic(&net_rtl8127_info, &s->conf,
                          object_get_typename(OBJECT(d)), dev->id,
                          &dev->mem_reentrancy_guard, s);
    qemu_format_nic_info_str(qemu_get_queue(s->nic), s->conf.macaddr.a);

    rtl8127_core_realize(&s->core, &rtl8127_pci_core_ops, s, s->nic,
                         s->conf.macaddr.a, s->xid);
}

static void rtl8127_exit(PCIDevice *d)
{
    RTL8127State *s = RTL8127(d);
    int v;

    rtl8127_core_unrealize(&s->core);
    for (v = 0; v < RTL8127_MSIX_VECTORS; v++) {
        msix_vector_unuse(d, v);
    }
    qemu_del_nic(s->nic);
    msix_uninit(d, &s->msix, &s->msix);
    msi_uninit(d);
    pcie_cap_exit(d);
}

static void rtl8127_instance_init(Object *obj)
{
    RTL8127State *s = RTL8127(obj);

    device_add_bootindex_property(obj, &s->conf.bootindex, "bootindex",
                                  "/ethernet-phy@0", DEVICE(obj));
}

static const VMStateDescription vmstate_rtl8127 = {
    .name = "rtl8127",
    .unmigratable = 1,
};

static Property rtl8127_properties[] = {
    DEFINE_NIC_PROPERTIES(RTL8127State, conf),
    DEFINE_PROP_UINT16("device-id", RTL8127State, pci_device_id,
                       RTL8127_DEVICE_ID),
    DEFINE_PROP_UINT32("xid", RTL8127State, xid, TXCFG_XID_8127A >> 20),
    DEFINE_PROP_END_OF_LIST(),
};

static void rtl8127_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);

    k->realize = rtl8127_realize;
    k->exit = rtl8127_exit;
    k->vendor_id = RTL8127_VENDOR_ID;
    k->device_id = RTL8127_DEVICE_ID;
    k->revision = RTL8127_REVISION;
    k->class_id = PCI_CLASS_NETWORK_ETHERNET;
    dc->desc = "Realtek RTL8127 10GbE (rxscale bench model)";
    dc->reset = rtl8127_reset;
    dc->vmsd = &vmstate_rtl8127;
    device_class_set_props(dc, rtl8127_properties);
    set_bit(DEVICE_CATEGORY_NETWORK, dc->categories);
}

static const TypeInfo rtl8127_info = {
    .name = TYPE_RTL8127,
    .parent = TYPE_PCI_DEVICE,
    .instance_size = sizeof(RTL8127State),
    .class_init = rtl8127_class_init,
    .instance_init = rtl8127_instance_init,
    .interfaces = (InterfaceInfo[]) {
        { INTERFACE_PCIE_DEVICE },
        { }
    },
};

static void rtl8127_register_types(void)
{
    type_register_static(&rtl8127_info);
}

type_init(rtl8127_register_types)
