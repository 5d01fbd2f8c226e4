/*
 * MT7988 frame engine model: platform-bus glue (rxscale bench)
 *
 * `-device mt7988-eth,netdev=N` on QEMU's virt machine: the frame engine,
 * the ethsys and infracfg syscons and the ring SRAM become four MMIO
 * regions on the platform bus, fe0..fe3 and pdma0..pdma3 its eight IRQ
 * lines, and add_fdt_node writes the nodes that Linux's mtk_eth_soc needs
 * for "mediatek,mt7988-eth" (docs/hw/mt7988.md).  gmac0 is the wire to N.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/arm/fdt.h"
#include "hw/qdev-properties.h"
#include "sysemu/device_tree.h"
#include "mt7988.h"

/* ---- MMIO ------------------------------------------------------------ */

static uint64_t mt7988_fe_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
    return mt7988_fe_read(MT7988(opaque), addr);
}

static void mt7988_fe_mmio_write(void *opaque, hwaddr addr, uint64_t val,
                                 unsigned size)
{
    mt7988_fe_write(MT7988(opaque), addr, val);
}

static const MemoryRegionOps mt7988_fe_ops = {
    .read = mt7988_fe_mmio_read,
    .write = mt7988_fe_mmio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 4 },
    .impl = { .min_access_size = 4, .max_access_size = 4 },
};

static uint64_t mt7988_ethsys_read(void *opaque, hwaddr addr, unsigned size)
{
    return MT7988(opaque)->ethsys[addr >> 2];
}

static void mt7988_ethsys_mmio_write(void *opaque, hwaddr addr, uint64_t val,
                                     unsigned size)
{
    mt7988_ethsys_write(MT7988(opaque), addr, val);
}

static const MemoryRegionOps mt7988_ethsys_ops = {
    .read = mt7988_ethsys_read,
    .write = mt7988_ethsys_mmio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 4 },
    .impl = { .min_access_size = 4, .max_access_size = 4 },
};

/* infracfg: only the GMAC2 2.5G-PHY mux touches it; plain words */
static uint64_t mt7988_infra_read(void *opaque, hwaddr addr, unsigned size)
{
    return MT7988(opaque)->infra[addr >> 2];
}

static void mt7988_infra_write(void *opaque, hwaddr addr, uint64_t val,
                               unsigned size)
{
    MT7988(opaque)->infra[addr >> 2] = val;
}

static const MemoryRegionOps mt7988_infra_ops = {
    .read = mt7988_infra_read,
    .write = mt7988_infra_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 4 },
    .impl = { .min_access_size = 4, .max_access_size = 4 },
};

/* ---- device tree ----------------------------------------------------- */

/* mtk_eth_soc's required clocks for MT7988 (mt7988_data.required_clks) */
static const char *const mt7988_clk_names[] = {
    "fe", "esw", "gp1", "gp2", "gp3", "xgp1", "xgp2", "xgp3", "crypto",
    "ethwarp_wocpu2", "ethwarp_wocpu1", "ethwarp_wocpu0",
    "top_eth_gmii_sel", "top_eth_refck_50m_sel", "top_eth_sys_200m_sel",
    "top_eth_sys_sel", "top_eth_xgmii_sel", "top_eth_mii_sel",
    "top_netsys_sel", "top_netsys_500m_sel", "top_netsys_pao_2x_sel",
    "top_netsys_sync_250m_sel", "top_netsys_ppefb_250m_sel",
    "top_netsys_warp_sel",
};

static const char *const mt7988_irq_names[MT7988_NR_IRQ] = {
    "fe0", "fe1", "fe2", "fe3", "pdma0", "pdma1", "pdma2", "pdma3",
};

static uint32_t mt7988_fdt_syscon(void *fdt, const char *pbus,
                                  const char *compat, uint64_t off,
                                  uint64_t size)
{
    char *node = g_strdup_printf("%s/syscon@%" PRIx64, pbus, off);
    uint32_t ph = qemu_fdt_alloc_phandle(fdt);

    qemu_fdt_add_subnode(fdt, node);
    qemu_fdt_setprop_string(fdt, node, "compatible", compat);
    qemu_fdt_setprop_cells(fdt, node, "reg", off, size);
    qemu_fdt_setprop_cell(fdt, node, "phandle", ph);
    g_free(node);
    return ph;
}

static int mt7988_add_fdt_node(RxsPlatformDevice *dev,
                               const RxsPlatformFdt *info)
{
    MT7988State *s = MT7988(dev);
    void *fdt = info->fdt;
    const char *pbus = info->pbus_node;
    uint32_t ph_clk, ph_ethsys, ph_infra, ph_sram;
    uint32_t *cells;
    char *node, *sub;
    int i;

    assert(info->nr_mmio == 4 && info->nr_irq == MT7988_NR_IRQ);

    /* one fixed clock serves every clock the driver asks for */
    node = g_strdup_printf("/mt7988-eth-clk-%" PRIx64,
                           info->mmio[MT7988_MMIO_FE]);
    ph_clk = qemu_fdt_alloc_phandle(fdt);
    qemu_fdt_add_subnode(fdt, node);
    qemu_fdt_setprop_string(fdt, node, "compatible", "fixed-clock");
    qemu_fdt_setprop_cell(fdt, node, "#clock-cells", 0);
    qemu_fdt_setprop_cell(fdt, node, "clock-frequency", 500000000);
    qemu_fdt_setprop_string(fdt, node, "clock-output-names", "mt7988-netsys");
    qemu_fdt_setprop_cell(fdt, node, "phandle", ph_clk);
    g_free(node);

    ph_ethsys = mt7988_fdt_syscon(fdt, pbus, "syscon",
                                  info->mmio[MT7988_MMIO_ETHSYS],
                                  info->mmio_size[MT7988_MMIO_ETHSYS]);
    ph_infra = mt7988_fdt_syscon(fdt, pbus, "syscon",
                                 info->mmio[MT7988_MMIO_INFRA],
                                 info->mmio_size[MT7988_MMIO_INFRA]);

    /* the ring SRAM: a gen_pool through drivers/misc/sram.c */
    node = g_strdup_printf("%s/sram@%" PRIx64, pbus,
                           info->mmio[MT7988_MMIO_SRAM]);
    ph_sram = qemu_fdt_alloc_phandle(fdt);
    qemu_fdt_add_subnode(fdt, node);
    qemu_fdt_setprop_string(fdt, node, "compatible", "mmio-sram");
    qemu_fdt_setprop_cells(fdt, node, "reg", info->mmio[MT7988_MMIO_SRAM],
                           info->mmio_size[MT7988_MMIO_SRAM]);
    qemu_fdt_setprop_cell(fdt, node, "#address-cells", 1);
    qemu_fdt_setprop_cell(fdt, node, "#size-cells", 1);
    qemu_fdt_setprop_cells(fdt, node, "ranges", 0,
                           info->mmio[MT7988_MMIO_SRAM],
                           info->mmio_size[MT7988_MMIO_SRAM]);
    qemu_fdt_setprop_cell(fdt, node, "phandle", ph_sram);
    g_free(node);

    /* the frame engine */
    node = g_strdup_printf("%s/ethernet@%" PRIx64, pbus,
                           info->mmio[MT7988_MMIO_FE]);
    qemu_fdt_add_subnode(fdt, node);
    qemu_fdt_setprop_string(fdt, node, "compatible", "mediatek,mt7988-eth");
    qemu_fdt_setprop_cells(fdt, node, "reg", info->mmio[MT7988_MMIO_FE],
                           info->mmio_size[MT7988_MMIO_FE]);
    cells = g_new(uint32_t, 3 * MT7988_NR_IRQ);
    for (i = 0; i < MT7988_NR_IRQ; i++) {
        cells[3 * i] = cpu_to_be32(GIC_FDT_IRQ_TYPE_SPI);
        cells[3 * i + 1] = cpu_to_be32(info->irq[i]);
        cells[3 * i + 2] = cpu_to_be32(GIC_FDT_IRQ_FLAGS_LEVEL_HI);
    }
    qemu_fdt_setprop(fdt, node, "interrupts", cells,
                     3 * MT7988_NR_IRQ * sizeof(uint32_t));
    g_free(cells);
    qemu_fdt_setprop_string_array(fdt, node, "interrupt-names",
                                  (char **)mt7988_irq_names, MT7988_NR_IRQ);
    cells = g_new(uint32_t, ARRAY_SIZE(mt7988_clk_names));
    for (i = 0; i < ARRAY_SIZE(mt7988_clk_names); i++) {
        cells[i] = cpu_to_be32(ph_clk);
    }
    qemu_fdt_setprop(fdt, node, "clocks", cells,
                     ARRAY_SIZE(mt7988_clk_names) * sizeof(uint32_t));
    g_free(cells);
    qemu_fdt_setprop_string_array(fdt, node, "clock-names",
                                  (char **)mt7988_clk_names,
                                  ARRAY_SIZE(mt7988_clk_names));
    qemu_fdt_setprop_cell(fdt, node, "mediatek,ethsys", ph_ethsys);
    qemu_fdt_setprop_cell(fdt, node, "mediatek,infracfg", ph_infra);
    qemu_fdt_setprop_cell(fdt, node, "sram", ph_sram);
    qemu_fdt_setprop(fdt, node, "dma-coherent", NULL, 0);
    qemu_fdt_setprop_cell(fdt, node, "#address-cells", 1);
    qemu_fdt_setprop_cell(fdt, node, "#size-cells", 0);

    /* gmac0: the wire to the netdev, a 10G full-duplex fixed link */
    sub = g_strdup_printf("%s/mac@0", node);
    qemu_fdt_add_subnode(fdt, sub);
    qemu_fdt_setprop_string(fdt, sub, "compatible", "mediatek,eth-mac");
    qemu_fdt_setprop_cell(fdt, sub, "reg", 0);
    qemu_fdt_setprop_string(fdt, sub, "phy-mode", "internal");
    qemu_fdt_setprop(fdt, sub, "local-mac-address", s->conf.macaddr.a, 6);
    g_free(sub);
    sub = g_strdup_printf("%s/mac@0/fixed-link", node);
    qemu_fdt_add_subnode(fdt, sub);
    qemu_fdt_setprop_cell(fdt, sub, "speed", 10000);
    qemu_fdt_setprop(fdt, sub, "full-duplex", NULL, 0);
    g_free(sub);

    /* the driver requires the mdio-bus child; no PHY sits on it */
    sub = g_strdup_printf("%s/mdio-bus", node);
    qemu_fdt_add_subnode(fdt, sub);
    qemu_fdt_setprop_cell(fdt, sub, "#address-cells", 1);
    qemu_fdt_setprop_cell(fdt, sub, "#size-cells", 0);
    g_free(sub);
    g_free(node);
    return 0;
}

/* ---- device ------------------------------------------------------------- */

static NetClientInfo net_mt7988_info = {
    .type = NET_CLIENT_DRIVER_NIC,
    .size = sizeof(NICState),
    .can_receive = mt7988_can_receive,
    .receive = mt7988_receive,
};

static void mt7988_realize(DeviceState *dev, Error **errp)
{
    MT7988State *s = MT7988(dev);
    SysBusDevice *sbd = SYS_BUS_DEVICE(dev);
    Error *err = NULL;
    int i;

    memory_region_init_io(&s->fe_mmio, OBJECT(s), &mt7988_fe_ops, s,
                          "mt7988-fe", MT7988_FE_SIZE);
    memory_region_init_io(&s->ethsys_mmio, OBJECT(s), &mt7988_ethsys_ops, s,
                          "mt7988-ethsys", MT7988_SYSCON_SIZE);
    memory_region_init_io(&s->infra_mmio, OBJECT(s), &mt7988_infra_ops, s,
                          "mt7988-infracfg", MT7988_SYSCON_SIZE);
    memory_region_init_ram(&s->sram, OBJECT(s), "mt7988-sram",
                           MT7988_SRAM_SIZE, &err);
    if (err) {
        error_propagate(errp, err);
        return;
    }
    sysbus_init_mmio(sbd, &s->fe_mmio);
    sysbus_init_mmio(sbd, &s->ethsys_mmio);
    sysbus_init_mmio(sbd, &s->infra_mmio);
    sysbus_init_mmio(sbd, &s->sram);
    for (i = 0; i < MT7988_NR_IRQ; i++) {
        sysbus_init_irq(sbd, &s->irq[i]);
    }

    mt7988_core_init(s);
    qemu_macaddr_default_if_unset(&s->conf.macaddr);
    s->nic = qemu_new_nic(&net_mt7988_info, &s->conf,
                          object_get_typename(OBJECT(dev)), dev->id,
                          &dev->mem_reentrancy_guard, s);
    qemu_format_nic_info_str(qemu_get_queue(s->nic), s->conf.macaddr.a);
}

static void mt7988_unrealize(DeviceState *dev)
{
    MT7988State *s = MT7988(dev);

    qemu_del_nic(s->nic);
    mt7988_core_fini(s);
}

static void mt7988_reset(DeviceState *dev)
{
    MT7988State *s = MT7988(dev);

    memset(s->ethsys, 0, sizeof(s->ethsys));
    memset(s->infra, 0, sizeof(s->infra));
    mt7988_fe_reset(s);
}

static Property mt7988_properties[] = {
    DEFINE_NIC_PROPERTIES(MT7988State, conf),
    DEFINE_PROP_END_OF_LIST(),
};

static void mt7988_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    RxsPlatformDeviceClass *rc = RXS_PLATFORM_DEVICE_CLASS(klass);

    dc->desc = "MediaTek MT7988 frame engine (rxscale bench model)";
    dc->realize = mt7988_realize;
    dc->unrealize = mt7988_unrealize;
    dc->reset = mt7988_reset;
    device_class_set_props(dc, mt7988_properties);
    set_bit(DEVICE_CATEGORY_NETWORK, dc->categories);
    rc->add_fdt_node = mt7988_add_fdt_node;
}

static const TypeInfo mt7988_info = {
    .name = TYPE_MT7988,
    .parent = TYPE_RXS_PLATFORM_DEVICE,
    .instance_size = sizeof(MT7988State),
    .class_init = mt7988_class_init,
};

static void mt7988_register_types(void)
{
    type_register_static(&mt7988_info);
}

type_init(mt7988_register_types)
