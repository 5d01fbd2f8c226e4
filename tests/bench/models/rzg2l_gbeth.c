/*
 * RZ/G2L GbEth model: platform-bus glue (rxscale bench)
 *
 * `-device rzg2l-gbeth,netdev=N` on QEMU's virt machine: the controller's
 * registers and one reset-simple word become two MMIO regions on the
 * platform bus, its single interrupt one IRQ line, and add_fdt_node writes
 * the nodes Linux's ravb needs for "renesas,rzg2l-gbeth" (docs/hw/
 * rzg2l-gbeth.md): three fixed clocks, a "snps,dw-high-reset" reset
 * controller, the ethernet node with an mdio child holding the PHY.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/arm/fdt.h"
#include "hw/qdev-properties.h"
#include "sysemu/device_tree.h"
#include "rzg2l_gbeth.h"

/* ---- MMIO ---------------------------------------------------------------- */

static uint64_t gbeth_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
    return rzg2l_gbeth_core_read(RZG2L_GBETH(opaque), addr);
}

static void gbeth_mmio_write(void *opaque, hwaddr addr, uint64_t val,
                             unsigned size)
{
    RzG2lGbethState *s = RZG2L_GBETH(opaque);

    /* guess: a controller held in reset ignores register writes */
    if (s->reset_word & 1) {
        qemu_log_mask(LOG_GUEST_ERROR, "rzg2l-gbeth: write 0x%" PRIx64
                      " to 0x%" HWADDR_PRIx " while held in reset\n",
                      val, addr);
        return;
    }
    rzg2l_gbeth_core_write(s, addr, val);
}

static const MemoryRegionOps gbeth_mmio_ops = {
    .read = gbeth_mmio_read,
    .write = gbeth_mmio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 4 },
    .impl = { .min_access_size = 4, .max_access_size = 4 },
};

/*
 * The reset controller: reset-simple ("snps,dw-high-reset") sets bit n to
 * assert reset line n and clears it to deassert.  Line 0 is the GbEth's;
 * the controller is reset on either edge and ignores register writes while
 * the line is asserted (docs/hw/rzg2l-gbeth.md, a guess).
 */
static uint64_t gbeth_reset_read(void *opaque, hwaddr addr, unsigned size)
{
    return addr == 0 ? RZG2L_GBETH(opaque)->reset_word : 0;
}

static void gbeth_reset_write(void *opaque, hwaddr addr, uint64_t val,
                              unsigned size)
{
    RzG2lGbethState *s = RZG2L_GBETH(opaque);

    if (addr != 0) {
        qemu_log_mask(LOG_GUEST_ERROR, "rzg2l-gbeth: reset word 0x%"
                      HWADDR_PRIx "\n", addr);
        return;
    }
    /* either edge of line 0: the controller leaves reset in its reset state */
    if ((val ^ s->reset_word) & 1) {
        rzg2l_gbeth_core_reset(s);
    }
    s->reset_word = val;
}

static const MemoryRegionOps gbeth_reset_ops = {
    .read = gbeth_reset_read,
    .write = gbeth_reset_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 4 },
    .impl = { .min_access_size = 4, .max_access_size = 4 },
};

/* ---- device tree --------------------------------------------------------- */

static uint32_t gbeth_fdt_clock(void *fdt, uint64_t off, const char *name,
                                uint32_t hz)
{
    char *node = g_strdup_printf("/gbeth-%s-clk-%" PRIx64, name, off);
    char *out = g_strdup_printf("gbeth-%s", name);
    uint32_t ph = qemu_fdt_alloc_phandle(fdt);

    qemu_fdt_add_subnode(fdt, node);
    qemu_fdt_setprop_string(fdt, node, "compatible", "fixed-clock");
    qemu_fdt_setprop_cell(fdt, node, "#clock-cells", 0);
    qemu_fdt_setprop_cell(fdt, node, "clock-frequency", hz);
    qemu_fdt_setprop_string(fdt, node, "clock-output-names", out);
    qemu_fdt_setprop_cell(fdt, node, "phandle", ph);
    g_free(out);
    g_free(node);
    return ph;
}

static int gbeth_add_fdt_node(RxsPlatformDevice *dev,
                              const RxsPlatformFdt *info)
{
    RzG2lGbethState *s = RZG2L_GBETH(dev);
    static const char compat[] =
        "renesas,r9a07g044-gbeth\0renesas,rzg2l-gbeth";
    static const char clk_names[] = "axi\0chi\0refclk";
    void *fdt = info->fdt;
    uint64_t off = info->mmio[GBETH_MMIO_REGS];
    uint32_t ph_rst, ph_phy, clk[3];
    char *node, *sub;

    assert(info->nr_mmio == 2 && info->nr_irq == 1);

    /* rates as on the RZ/G2L SMARC board; ravb never reads them */
    clk[0] = cpu_to_be32(gbeth_fdt_clock(fdt, off, "axi", 200000000));
    clk[1] = cpu_to_be32(gbeth_fdt_clock(fdt, off, "chi", 100000000));
    clk[2] = cpu_to_be32(gbeth_fdt_clock(fdt, off, "ref", 125000000));

    node = g_strdup_printf("%s/reset-controller@%" PRIx64, info->pbus_node,
                           info->mmio[GBETH_MMIO_RESET]);
    ph_rst = qemu_fdt_alloc_phandle(fdt);
    qemu_fdt_add_subnode(fdt, node);
    qemu_fdt_setprop_string(fdt, node, "compatible", "snps,dw-high-reset");
    qemu_fdt_setprop_cells(fdt, node, "reg", info->mmio[GBETH_MMIO_RESET],
                           4);
    qemu_fdt_setprop_cell(fdt, node, "#reset-cells", 1);
    qemu_fdt_setprop_cell(fdt, node, "phandle", ph_rst);
    g_free(node);

    node = g_strdup_printf("%s/ethernet@%" PRIx64, info->pbus_node, off);
    qemu_fdt_add_subnode(fdt, node);
    qemu_fdt_setprop(fdt, node, "compatible", compat, sizeof(compat));
    qemu_fdt_setprop_cells(fdt, node, "reg", off,
                           info->mmio_size[GBETH_MMIO_REGS]);
    qemu_fdt_setprop_cells(fdt, node, "interrupts", GIC_FDT_IRQ_TYPE_SPI,
                           info->irq[0], GIC_FDT_IRQ_FLAGS_LEVEL_HI);
    qemu_fdt_setprop_string(fdt, node, "interrupt-names", "mux");
    qemu_fdt_setprop(fdt, node, "clocks", clk, sizeof(clk));
    qemu_fdt_setprop(fdt, node, "clock-names", clk_names, sizeof(clk_names));
    qemu_fdt_setprop_cells(fdt, node, "resets", ph_rst, 0);
    qemu_fdt_setprop_string(fdt, node, "phy-mode", "rgmii-id");
    qemu_fdt_setprop(fdt, node, "local-mac-address", s->conf.macaddr.a, 6);
    qemu_fdt_setprop(fdt, node, "dma-coherent", NULL, 0);

    sub = g_strdup_printf("%s/mdio", node);
    qemu_fdt_add_subnode(fdt, sub);
    qemu_fdt_setprop_cell(fdt, sub, "#address-cells", 1);
    qemu_fdt_setprop_cell(fdt, sub, "#size-cells", 0);
    g_free(sub);
    sub = g_strdup_printf("%s/mdio/ethernet-phy@%x", node, GBETH_PHY_ADDR);
    ph_phy = qemu_fdt_alloc_phandle(fdt);
    qemu_fdt_add_subnode(fdt, sub);
    qemu_fdt_setprop_string(fdt, sub, "compatible",
                            "ethernet-phy-ieee802.3-c22");
    qemu_fdt_setprop_cell(fdt, sub, "reg", GBETH_PHY_ADDR);
    qemu_fdt_setprop_cell(fdt, sub, "phandle", ph_phy);
    g_free(sub);
    qemu_fdt_setprop_cell(fdt, node, "phy-handle", ph_phy);
    g_free(node);
    return 0;
}

/* ---- network backend ----------------------------------------------------- */

static ssize_t gbeth_receive(NetClientState *nc, const uint8_t *buf,
                             size_t size)
{
    return rzg2l_gbeth_core_receive(qemu_get_nic_opaque(nc), buf, size);
}

static void gbeth_set_link_status(NetClientState *nc)
{
    rzg2l_gbeth_core_set_link(qemu_get_nic_opaque(nc), !nc->link_down);
}

static NetClientInfo net_gbeth_info = {
    .type = NET_CLIENT_DRIVER_NIC,
    .size = sizeof(NICState),
    .receive = gbeth_receive,
    .link_status_changed = gbeth_set_link_status,
};

/* ---- device ------------------------------------------------------------- */

static void gbeth_realize(DeviceState *dev, Error **errp)
{
    RzG2lGbethState *s = RZG2L_GBETH(dev);
    SysBusDevice *sbd = SYS_BUS_DEVICE(dev);

    memory_region_init_io(&s->mmio, OBJECT(s), &gbeth_mmio_ops, s,
                          "rzg2l-gbeth", GBETH_REGS_SIZE);
    memory_region_init_io(&s->reset_mmio, OBJECT(s), &gbeth_reset_ops, s,
                          "rzg2l-gbeth-reset", GBETH_RESET_SIZE);
    sysbus_init_mmio(sbd, &s->mmio);
    sysbus_init_mmio(sbd, &s->reset_mmio);
    sysbus_init_irq(sbd, &s->irq);

    qemu_macaddr_default_if_unset(&s->conf.macaddr);
    s->nic = qemu_new_nic(&net_gbeth_info, &s->conf,
                          object_get_typename(OBJECT(dev)), dev->id,
                          &dev->mem_reentrancy_guard, s);
    qemu_format_nic_info_str(qemu_get_queue(s->nic), s->conf.macaddr.a);
    s->link_up = !qemu_get_queue(s->nic)->link_down;
}

static void gbeth_unrealize(DeviceState *dev)
{
    qemu_del_nic(RZG2L_GBETH(dev)->nic);
}

static void gbeth_reset(DeviceState *dev)
{
    RzG2lGbethState *s = RZG2L_GBETH(dev);

    /* the reset line comes out of reset asserted, as after power-on */
    s->reset_word = 1;
    s->link_up = !qemu_get_queue(s->nic)->link_down;
    rzg2l_gbeth_core_reset(s);
}

static Property gbeth_properties[] = {
    DEFINE_NIC_PROPERTIES(RzG2lGbethState, conf),
    /* true: a full RX queue drops the frame (RIS2.QFF0), as the hardware */
    DEFINE_PROP_BOOL("rx-drop-full", RzG2lGbethState, rx_drop_full, false),
    DEFINE_PROP_END_OF_LIST(),
};

static void gbeth_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    RxsPlatformDeviceClass *rc = RXS_PLATFORM_DEVICE_CLASS(klass);

    dc->desc = "Renesas RZ/G2L GbEth (rxscale bench model)";
    dc->realize = gbeth_realize;
    dc->unrealize = gbeth_unrealize;
    dc->reset = gbeth_reset;
    device_class_set_props(dc, gbeth_properties);
    set_bit(DEVICE_CATEGORY_NETWORK, dc->categories);
    rc->add_fdt_node = gbeth_add_fdt_node;
}

static const TypeInfo gbeth_info = {
    .name = TYPE_RZG2L_GBETH,
    .parent = TYPE_RXS_PLATFORM_DEVICE,
    .instance_size = sizeof(RzG2lGbethState),
    .class_init = gbeth_class_init,
};

static void gbeth_register_types(void)
{
    type_register_static(&gbeth_info);
}

type_init(gbeth_register_types)
