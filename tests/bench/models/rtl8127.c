/*
 * QEMU model of the Realtek RTL8127 10GbE PCIe controller (rxscale bench)
 *
 * PCI glue, register window dispatch, reset and the indirect access
 * windows (MAC OCP, PHY OCP, ERI, CSI, EPHY).  The hardware facts this
 * file relies on are listed, with their sources, in docs/hw/rtl8127.md.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/bswap.h"
#include "qapi/error.h"
#include "hw/pci/pci.h"
#include "hw/pci/pcie.h"
#include "hw/pci/msi.h"
#include "hw/pci/msix.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "net/net.h"
#include "net/eth.h"
#include "sysemu/sysemu.h"
#include "rtl8127.h"

/* ---------------------------------------------------------------- */
/* little-endian accessors on the plain register storage            */

uint8_t rtl8127_rd8(RTL8127State *s, uint32_t off)
{
    return s->regs[off & (RTL8127_MMIO_SIZE - 1)];
}

uint16_t rtl8127_rd16(RTL8127State *s, uint32_t off)
{
    off &= RTL8127_MMIO_SIZE - 2;
    return lduw_le_p(&s->regs[off]);
}

uint32_t rtl8127_rd32(RTL8127State *s, uint32_t off)
{
    off &= RTL8127_MMIO_SIZE - 4;
    return ldl_le_p(&s->regs[off]);
}

void rtl8127_wr32(RTL8127State *s, uint32_t off, uint32_t val)
{
    off &= RTL8127_MMIO_SIZE - 4;
    stl_le_p(&s->regs[off], val);
}

static void rtl8127_store(RTL8127State *s, uint32_t off, uint64_t val,
                          unsigned size)
{
    unsigned i;

    for (i = 0; i < size && off + i < RTL8127_MMIO_SIZE; i++) {
        s->regs[off + i] = val >> (8 * i);
    }
}

static uint64_t rtl8127_load(RTL8127State *s, uint32_t off, unsigned size)
{
    uint64_t val = 0;
    unsigned i;

    for (i = 0; i < size && off + i < RTL8127_MMIO_SIZE; i++) {
        val |= (uint64_t)s->regs[off + i] << (8 * i);
    }
    return val;
}

bool rtl8127_vector_mode(RTL8127State *s)
{
    return rtl8127_rd8(s, R_INT_CFG0) & INT_CFG0_VECTOR_MODE;
}

/* Does an access [off, off + size) touch the register [reg, reg + rsize)? */
static inline bool touches(uint32_t off, unsigned size, uint32_t reg,
                           unsigned rsize)
{
    return off < reg + rsize && reg < off + size;
}

/*
 * Offsets this model gives a meaning to, or that upstream r8169 / the
 * vendor driver are known to use as plain storage.  Anything else is
 * still accepted and stored, but logged as unimplemented.
 */
static bool rtl8127_known_reg(uint32_t off)
{
    static const struct { uint16_t lo, hi; } known[] = {
        { 0x0000, 0x00ff }, { 0x0180, 0x01ff }, { 0x0382, 0x0383 },
        { 0x0402, 0x0403 }, { 0x0800, 0x083f }, { 0x0a00, 0x0aff },
        { 0x0d00, 0x0d3f }, { 0x1000, 0x1001 },
        { 0x1800, 0x18ff }, { 0x19e0, 0x19e5 }, { 0x2100, 0x2107 },
        { 0x20e0, 0x20ef }, { 0x2300, 0x23ff }, { 0x4000, 0x401f },
        { 0x4500, 0x4503 }, { 0x4600, 0x4627 }, { 0x4700, 0x477f },
        { 0x4800, 0x4801 }, { 0x6000, 0x60ff },
        { RTL8127_BENCH_BASE, RTL8127_BENCH_BASE + RTL8127_BENCH_SIZE - 1 },
    };
    unsigned i;

    for (i = 0; i < ARRAY_SIZE(known); i++) {
        if (off >= known[i].lo && off <= known[i].hi) {
            return true;
        }
    }
    return false;
}

/* ---------------------------------------------------------------- */
/* indirect windows                                                 */

static inline uint16_t ocp_addr(uint32_t v)
{
    /* bits 30:16 hold the even OCP address shifted right by one */
    return ((v >> 16) & 0x7fff) << 1;
}

static uint16_t rtl8127_mac_ocp_read(RTL8127State *s, uint16_t addr)
{
    uint16_t v = s->mac_ocp[addr >> 1];

    switch (addr) {
    case 0xe00e:
        /* bit 13 is a busy flag polled by rtl_mac_ocp_e00e_cond */
        v &= ~0x2000;
        break;
    default:
        break;
    }
    return v;
}

static void rtl8127_mac_ocp_access(RTL8127State *s, uint32_t v)
{
    uint16_t addr = ocp_addr(v);

    if (v & 0x80000000) {
        s->mac_ocp[addr >> 1] = v & 0xffff;
        rtl8127_wr32(s, R_OCPDR, v & 0x7fffffff);
    } else {
        rtl8127_wr32(s, R_OCPDR,
                     (v & 0x7fff0000) | rtl8127_mac_ocp_read(s, addr));
    }
}

static void rtl8127_phy_ocp_access(RTL8127State *s, uint32_t v)
{
    uint16_t addr = ocp_addr(v);

    if (v & 0x80000000) {
        rtl8127_phy_write(s, addr, v & 0xffff);
        /* write done: flag reads 0 */
        rtl8127_wr32(s, R_GPHY_OCP, v & 0x7fffffff);
    } else {
        /* read done: flag reads 1, data in bits 15:0 */
        rtl8127_wr32(s, R_GPHY_OCP, 0x80000000 | (v & 0x7fff0000) |
                     rtl8127_phy_read(s, addr));
    }
}

static void rtl8127_eri_access(RTL8127State *s, uint32_t v)
{
    unsigned type = (v >> 16) & 3;
    unsigned mask = (v >> 12) & 0xf;
    unsigned addr = v & 0xfff;
    uint32_t data;
    unsigned i;

    if (v & 0x80000000) {
        data = rtl8127_rd32(s, R_ERIDR);
        for (i = 0; i < 4; i++) {
            if (mask & (1u << i)) {
                s->eri[type][(addr + i) & 0xfff] = data >> (8 * i);
            }
        }
        rtl8127_wr32(s, R_ERIAR, v & 0x7fffffff);
    } else {
        data = 0;
        for (i = 0; i < 4; i++) {
            data |= (uint32_t)s->eri[type][(addr + i) & 0xfff] << (8 * i);
        }
        rtl8127_wr32(s, R_ERIDR, data);
        rtl8127_wr32(s, R_ERIAR, v | 0x80000000);
    }
}

static void rtl8127_csi_access(RTL8127State *s, uint32_t v)
{
    PCIDevice *d = PCI_DEVICE(s);
    uint32_t addr = v & 0xffc;
    bool ok = addr + 4 <= pci_config_size(d);

    if (v & 0x80000000) {
        if (ok) {
            pci_default_write_config(d, addr, rtl8127_rd32(s, R_CSIDR), 4);
        }
        rtl8127_wr32(s, R_CSIAR, v & 0x7fffffff);
    } else {
        rtl8127_wr32(s, R_CSIDR,
                     ok ? pci_default_read_config(d, addr, 4) : 0xffffffff);
        rtl8127_wr32(s, R_CSIAR, v | 0x80000000);
    }
}

static void rtl8127_ephy_access(RTL8127State *s, uint32_t v)
{
    unsigned reg = (v >> 16) & 0x7f;

    if (v & 0x80000000) {
        s->ephy[reg] = v & 0xffff;
        rtl8127_wr32(s, R_EPHYAR, v & 0x7fffffff);
    } else {
        rtl8127_wr32(s, R_EPHYAR, 0x80000000 | (reg << 16) | s->ephy[reg]);
    }
}

/* ---------------------------------------------------------------- */
/* reset                                                            */

static void rtl8127_soft_reset(RTL8127State *s)
{
    uint8_t cmd = rtl8127_rd8(s, R_CHIPCMD);

    /* CmdReset stops both DMA engines and rewinds the ring indices */
    s->regs[R_CHIPCMD] = cmd & ~(CMD_RESET | CMD_RX_ENB | CMD_TX_ENB |
                                 CMD_STOP_REQ);
    rtl8127_core_reset(s);
}

static void rtl8127_set_mac(RTL8127State *s, const uint8_t *mac)
{
    memcpy(&s->regs[R_MAC0], mac, ETH_ALEN);
    memcpy(&s->regs[R_MAC0_BKP], mac, ETH_ALEN);
}

static void rtl8127_reset(DeviceState *dev)
{
    RTL8127State *s = RTL8127(dev);

    memset(s->regs, 0, sizeof(s->regs));
    memset(s->mac_ocp, 0, sizeof(s->mac_ocp));
    memset(s->eri, 0, sizeof(s->eri));
    memset(s->ephy, 0, sizeof(s->ephy));

    rtl8127_set_mac(s, s->conf.macaddr.a);
    rtl8127_wr32(s, R_TXCONFIG, TXCFG_XID(s->xid));
    /* MCU: TX/RX FIFO empty (bits 5, 4) and link-list ready (bit 1) */
    s->regs[R_MCU] = 0x32;
    /* IntrMitigate status bits polled by rtl_rxtx_empty_cond_2 */
    stw_le_p(&s->regs[R_INTRMITIGATE], 0x0103);
    /* CPlusCmd reads back its reset value; RX checksum off */
    stw_le_p(&s->regs[R_CPLUSCMD], 0x0000);
    /* MAC OCP 0xd006 low byte 0x07 would mean the SFP variant: copper */
    s->mac_ocp[0xd006 >> 1] = 0x0000;

    rtl8127_intr_reset(s);
    rtl8127_core_reset(s);
    rtl8127_phy_reset(s);

    /* back in D0 */
    pci_word_test_and_clear_mask(PCI_DEVICE(s)->config + RTL8127_PM_CAP +
                                 PCI_PM_CTRL, PCI_PM_CTRL_STATE_MASK);
    s->pm_state = 0;
}

/* ---------------------------------------------------------------- */
/* register window                                                  */

/* The bench-only counter window (not a chip register; see rtl8127.h). */
static uint32_t rtl8127_bench_word(RTL8127State *s, uint32_t off)
{
    RTL8127BenchCounters *b = &s->bench;

    if (off >= BENCH_IRQ(0) && off < BENCH_IRQ(RTL8127_MSIX_VECTORS)) {
        return b->irq[(off - BENCH_IRQ(0)) / 4];
    }
    if (off >= BENCH_RX_FRAMES(0) && off < BENCH_RX_FRAMES(RTL8127_RX_QUEUES)) {
        return b->rx_frames[(off - BENCH_RX_FRAMES(0)) / 4];
    }
    if (off >= BENCH_RX_DROPS(0) && off < BENCH_RX_DROPS(RTL8127_RX_QUEUES)) {
        return b->rx_drops[(off - BENCH_RX_DROPS(0)) / 4];
    }
    if (off >= BENCH_TX_FRAMES(0) && off < BENCH_TX_FRAMES(RTL8127_TX_QUEUES)) {
        return b->tx_frames[(off - BENCH_TX_FRAMES(0)) / 4];
    }
    if (off >= BENCH_TX_CHAINS(0) && off < BENCH_TX_CHAINS(RTL8127_TX_QUEUES)) {
        return b->tx_chains[(off - BENCH_TX_CHAINS(0)) / 4];
    }
    switch (off) {
    case BENCH_MAGIC:
        return RTL8127_BENCH_MAGIC;
    case BENCH_VERSION:
        return 1;
    case BENCH_RX_GATED:
        return b->rx_gated;
    case BENCH_RX_FILTERED:
        return b->rx_filtered;
    case BENCH_D3_RESETS:
        return b->d3_resets;
    default:
        return 0;
    }
}

static uint64_t rtl8127_bench_read(RTL8127State *s, hwaddr addr,
                                   unsigned size)
{
    uint32_t off = addr - RTL8127_BENCH_BASE;
    uint32_t word = rtl8127_bench_word(s, off & ~3u);

    word >>= 8 * (off & 3);
    return size >= 4 ? word : word & ((1u << (8 * size)) - 1);
}

static bool rtl8127_in_bench(hwaddr addr, unsigned size)
{
    return addr >= RTL8127_BENCH_BASE &&
           addr + size <= RTL8127_BENCH_BASE + RTL8127_BENCH_SIZE &&
           (addr & ~3) == ((addr + size - 1) & ~3);
}

static uint64_t rtl8127_reg_read(RTL8127State *s, hwaddr addr, unsigned size)
{
    uint64_t val;

    if (addr + size > RTL8127_MMIO_SIZE) {
        return 0;
    }
    if (rtl8127_in_bench(addr, size)) {
        return rtl8127_bench_read(s, addr, size);
    }
    if (rtl8127_intr_read(s, addr, size, &val)) {
        return val;
    }

    if (touches(addr, size, R_TXCONFIG, 4)) {
        uint32_t v = rtl8127_rd32(s, R_TXCONFIG);

        rtl8127_wr32(s, R_TXCONFIG,
                     (v & ~TXCFG_XID_MASK) | TXCFG_XID(s->xid));
    } else if (touches(addr, size, R_PHYSTATUS, 4)) {
        rtl8127_wr32(s, R_PHYSTATUS, rtl8127_phystatus(s));
    } else if (touches(addr, size, R_TCTR0, 4)) {
        rtl8127_wr32(s, R_TCTR0, rtl8127_tctr_read(s));
    } else if (touches(addr, size, R_SW_TAIL_PTR0, 16)) {
        rtl8127_wr32(s, R_HW_CLO_PTR0, s->tx_clo[0] & 0x7fffffff);
        rtl8127_wr32(s, R_HW_CLO_PTR0 + 8, s->tx_clo[1] & 0x7fffffff);
    }

    if (!rtl8127_known_reg(addr)) {
        qemu_log_mask(LOG_UNIMP, "rtl8127: read of unknown register "
                      "0x%04" HWADDR_PRIx " size %u\n", addr, size);
    }
    val = rtl8127_load(s, addr, size);
    return val;
}

static void rtl8127_chipcmd_write(RTL8127State *s, uint8_t val)
{
    uint8_t old = rtl8127_rd8(s, R_CHIPCMD);

    if (val & CMD_RESET) {
        rtl8127_soft_reset(s);
        return;
    }
    /* bit 0 (RxBufEmpty) is status; keep the writable bits */
    s->regs[R_CHIPCMD] = val & ~0x01;
    if ((val & CMD_TX_ENB) && !(old & CMD_TX_ENB)) {
        /* pending doorbells are served once TX is enabled */
        rtl8127_tx_kick(s, 0);
    }
    rtl8127_rx_kick(s);
}

static void rtl8127_reg_write(RTL8127State *s, hwaddr addr, uint64_t val,
                              unsigned size)
{
    if (addr + size > RTL8127_MMIO_SIZE) {
        return;
    }
    if (addr + size > RTL8127_BENCH_BASE &&
        addr < RTL8127_BENCH_BASE + RTL8127_BENCH_SIZE) {
        /* the bench-only window is read-only */
        qemu_log_mask(LOG_GUEST_ERROR, "rtl8127: write to the bench-only "
                      "counter window at 0x%04" HWADDR_PRIx "\n", addr);
        return;
    }
    if (!rtl8127_known_reg(addr)) {
        qemu_log_mask(LOG_UNIMP, "rtl8127: write of unknown register "
                      "0x%04" HWADDR_PRIx " size %u value 0x%" PRIx64 "\n",
                      addr, size, val);
    }

    /* interrupt registers (IMR/ISR legacy and V2) */
    if (touches(addr, size, R_IMR0, 8) ||
        touches(addr, size, R_IMR_V2_CLEAR, 0x10)) {
        rtl8127_intr_write(s, addr, val, size);
        rtl8127_rx_kick(s);
        return;
    }

    if (touches(addr, size, R_CHIPCMD, 1)) {
        uint8_t cmd = val >> (8 * (R_CHIPCMD - addr));

        /* a wider access also covers its neighbours: store those first */
        uint8_t old = rtl8127_rd8(s, R_CHIPCMD);

        rtl8127_store(s, addr, val, size);
        s->regs[R_CHIPCMD] = old;
        rtl8127_chipcmd_write(s, cmd);
        return;
    }

    if (addr == R_TXCONFIG && size == 4) {
        rtl8127_wr32(s, R_TXCONFIG,
                     (val & ~TXCFG_XID_MASK) | TXCFG_XID(s->xid));
        return;
    }

    if (size == 4) {
        switch (addr) {
        case R_OCPDR:
            rtl8127_mac_ocp_access(s, val);
            return;
        case R_GPHY_OCP:
            rtl8127_phy_ocp_access(s, val);
            return;
        case R_ERIAR:
            rtl8127_eri_access(s, val);
            return;
        case R_CSIAR:
            rtl8127_csi_access(s, val);
            return;
        case R_EPHYAR:
            rtl8127_ephy_access(s, val);
            return;
        case R_CNT_ADDR_LO:
            rtl8127_wr32(s, R_CNT_ADDR_LO, val);
            rtl8127_counters_cmd(s, val);
            return;
        case R_SW_TAIL_PTR0:
        case R_SW_TAIL_PTR0 + 8:
            rtl8127_wr32(s, addr, val);
            rtl8127_tx_kick(s, (addr - R_SW_TAIL_PTR0) / 8);
            return;
        case R_TX_DESC_LO:
            rtl8127_wr32(s, addr, val);
            s->tx_cur[0] = 0;
            s->tx_clo[0] = 0;
            return;
        case R_TX_DESC1_LO:
            rtl8127_wr32(s, addr, val);
            s->tx_cur[1] = 0;
            s->tx_clo[1] = 0;
            return;
        case R_RX_DESC_LO:
            rtl8127_wr32(s, addr, val);
            s->rx_cur[0] = 0;
            return;
        case R_RX_DESCN_BASE:
        case R_RX_DESCN_BASE + 8:
        case R_RX_DESCN_BASE + 16:
            rtl8127_wr32(s, addr, val);
            s->rx_cur[1 + (addr - R_RX_DESCN_BASE) / 8] = 0;
            return;
        default:
            break;
        }
    }

    if (touches(addr, size, R_TPPOLL, 2)) {
        uint16_t bits = addr >= R_TPPOLL ? val << (8 * (addr - R_TPPOLL))
                                         : val >> (8 * (R_TPPOLL - addr));
        int q;

        for (q = 0; q < RTL8127_TX_QUEUES; q++) {
            if (bits & (1u << q)) {
                rtl8127_tx_kick(s, q);
            }
        }
        rtl8127_rx_kick(s);
        return;
    }

    if (touches(addr, size, R_TCTR0, 4) ||
        touches(addr, size, R_TIMER_INT0, 4)) {
        rtl8127_store(s, addr, val, size);
        rtl8127_tctr_write(s, touches(addr, size, R_TCTR0, 4));
        return;
    }

    if (touches(addr, size, R_MCU, 1)) {
        /* bits 5, 4, 1 are read-only status bits reading 1 */
        rtl8127_store(s, addr, val, size);
        s->regs[R_MCU] |= 0x32;
        return;
    }
    if (touches(addr, size, R_INTRMITIGATE, 2)) {
        rtl8127_store(s, addr, val, size);
        s->regs[R_INTRMITIGATE] |= 0x03;
        s->regs[R_INTRMITIGATE + 1] |= 0x01;
        return;
    }

    rtl8127_store(s, addr, val, size);

    if (touches(addr, size, R_RXCONFIG, 4) || touches(addr, size, R_MISC, 4)) {
        rtl8127_rx_kick(s);
    }
}

static uint64_t rtl8127_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
    return rtl8127_reg_read(opaque, addr, size);
}

static void rtl8127_mmio_write(void *opaque, hwaddr addr, uint64_t val,
                               unsigned size)
{
    rtl8127_reg_write(opaque, addr, val, size);
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

/* ---------------------------------------------------------------- */
/* network backend                                                  */

static void rtl8127_set_link_status(NetClientState *nc)
{
    RTL8127State *s = qemu_get_nic_opaque(nc);

    s->backend_link = !nc->link_down;
    rtl8127_phy_update_link(s);
}

static NetClientInfo net_rtl8127_info = {
    .type = NET_CLIENT_DRIVER_NIC,
    .size = sizeof(NICState),
    .can_receive = rtl8127_can_receive,
    .receive = rtl8127_receive,
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
        s->bench.d3_resets++;
        rtl8127_reset(DEVICE(d));
    }
    if (range_covers_byte(addr, len, PCI_COMMAND) &&
        (d->config[PCI_COMMAND] & PCI_COMMAND_MASTER)) {
        rtl8127_rx_kick(s);
    }
}

static void rtl8127_realize(PCIDevice *d, Error **errp)
{
    RTL8127State *s = RTL8127(d);
    DeviceState *dev = DEVICE(d);
    int ret;

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
    rtl8127_intr_init(s);
    rtl8127_phy_init(s);

    qemu_macaddr_default_if_unset(&s->conf.macaddr);
    s->nic = qemu_new_nic(&net_rtl8127_info, &s->conf,
                          object_get_typename(OBJECT(d)), dev->id,
                          &dev->mem_reentrancy_guard, s);
    qemu_format_nic_info_str(qemu_get_queue(s->nic), s->conf.macaddr.a);
    s->backend_link = !qemu_get_queue(s->nic)->link_down;

    rtl8127_core_init(s);
}

static void rtl8127_exit(PCIDevice *d)
{
    RTL8127State *s = RTL8127(d);

    rtl8127_core_uninit(s);
    rtl8127_phy_uninit(s);
    rtl8127_intr_uninit(s);
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
