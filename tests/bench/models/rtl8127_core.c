/*
 * QEMU model of the Realtek RTL8127 10GbE PCIe controller (rxscale bench)
 *
 * The core's API (rtl8127_core.h): realize, reset, the register window
 * and the backend link.  Register accesses are dispatched through
 * tables indexed by 32-bit word (offset >> 2), as igb_core.c and
 * e1000e_core.c dispatch theirs: rtl8127_write32_ops for registers that
 * act only on a full 32-bit write (the indirect windows, ring bases,
 * doorbell tails), rtl8127_write_ops and rtl8127_read_ops for registers
 * with side effects at any width; every other offset is plain storage.
 * The window refuses unaligned accesses (QEMU's default), so an access
 * never crosses its word.  Also here: the indirect windows (MAC OCP, PHY
 * OCP, ERI, CSI, EPHY) and the bench-only counter window.  The hardware
 * facts this file relies on are listed, with their sources, in
 * docs/hw/rtl8127.md.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bswap.h"
#include "net/net.h"
#include "net/eth.h"
#include "rtl8127_core_priv.h"

/* ---------------------------------------------------------------- */
/* little-endian accessors on the plain register storage            */

uint8_t rtl8127_rd8(RTL8127Core *core, uint32_t off)
{
    return core->regs[off & (RTL8127_MMIO_SIZE - 1)];
}

uint16_t rtl8127_rd16(RTL8127Core *core, uint32_t off)
{
    off &= RTL8127_MMIO_SIZE - 2;
    return lduw_le_p(&core->regs[off]);
}

uint32_t rtl8127_rd32(RTL8127Core *core, uint32_t off)
{
    off &= RTL8127_MMIO_SIZE - 4;
    return ldl_le_p(&core->regs[off]);
}

void rtl8127_wr32(RTL8127Core *core, uint32_t off, uint32_t val)
{
    off &= RTL8127_MMIO_SIZE - 4;
    stl_le_p(&core->regs[off], val);
}

static void rtl8127_store(RTL8127Core *core, uint32_t off, uint64_t val,
                          unsigned size)
{
    unsigned i;

    for (i = 0; i < size && off + i < RTL8127_MMIO_SIZE; i++) {
        core->regs[off + i] = val >> (8 * i);
    }
}

static uint64_t rtl8127_load(RTL8127Core *core, uint32_t off, unsigned size)
{
    uint64_t val = 0;
    unsigned i;

    for (i = 0; i < size && off + i < RTL8127_MMIO_SIZE; i++) {
        val |= (uint64_t)core->regs[off + i] << (8 * i);
    }
    return val;
}

bool rtl8127_vector_mode(RTL8127Core *core)
{
    return rtl8127_rd8(core, R_INT_CFG0) & INT_CFG0_VECTOR_MODE;
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

static uint16_t rtl8127_mac_ocp_read(RTL8127Core *core, uint16_t addr)
{
    uint16_t v = core->mac_ocp[addr >> 1];

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

static void rtl8127_mac_ocp_access(RTL8127Core *core, uint32_t v)
{
    uint16_t addr = ocp_addr(v);

    if (v & 0x80000000) {
        core->mac_ocp[addr >> 1] = v & 0xffff;
        rtl8127_wr32(core, R_OCPDR, v & 0x7fffffff);
    } else {
        rtl8127_wr32(core, R_OCPDR,
                     (v & 0x7fff0000) | rtl8127_mac_ocp_read(core, addr));
    }
}

static void rtl8127_phy_ocp_access(RTL8127Core *core, uint32_t v)
{
    uint16_t addr = ocp_addr(v);

    if (v & 0x80000000) {
        rtl8127_phy_write(core, addr, v & 0xffff);
        /* write done: flag reads 0 */
        rtl8127_wr32(core, R_GPHY_OCP, v & 0x7fffffff);
    } else {
        /* read done: flag reads 1, data in bits 15:0 */
        rtl8127_wr32(core, R_GPHY_OCP, 0x80000000 | (v & 0x7fff0000) |
                     rtl8127_phy_read(core, addr));
    }
}

static void rtl8127_eri_access(RTL8127Core *core, uint32_t v)
{
    unsigned type = (v >> 16) & 3;
    unsigned mask = (v >> 12) & 0xf;
    unsigned addr = v & 0xfff;
    uint32_t data;
    unsigned i;

    if (v & 0x80000000) {
        data = rtl8127_rd32(core, R_ERIDR);
        for (i = 0; i < 4; i++) {
            if (mask & (1u << i)) {
                core->eri[type][(addr + i) & 0xfff] = data >> (8 * i);
            }
        }
        rtl8127_wr32(core, R_ERIAR, v & 0x7fffffff);
    } else {
        data = 0;
        for (i = 0; i < 4; i++) {
            data |= (uint32_t)core->eri[type][(addr + i) & 0xfff] << (8 * i);
        }
        rtl8127_wr32(core, R_ERIDR, data);
        rtl8127_wr32(core, R_ERIAR, v | 0x80000000);
    }
}

/* CSI: the function's own config space, through the glue */
static void rtl8127_csi_access(RTL8127Core *core, uint32_t v)
{
    uint32_t addr = v & 0xffc;
    uint32_t data;

    if (v & 0x80000000) {
        core->ops->config_write(core->owner, addr,
                                rtl8127_rd32(core, R_CSIDR));
        rtl8127_wr32(core, R_CSIAR, v & 0x7fffffff);
    } else {
        if (!core->ops->config_read(core->owner, addr, &data)) {
            data = 0xffffffff;
        }
        rtl8127_wr32(core, R_CSIDR, data);
        rtl8127_wr32(core, R_CSIAR, v | 0x80000000);
    }
}

static void rtl8127_ephy_access(RTL8127Core *core, uint32_t v)
{
    unsigned reg = (v >> 16) & 0x7f;

    if (v & 0x80000000) {
        core->ephy[reg] = v & 0xffff;
        rtl8127_wr32(core, R_EPHYAR, v & 0x7fffffff);
    } else {
        rtl8127_wr32(core, R_EPHYAR,
                     0x80000000 | (reg << 16) | core->ephy[reg]);
    }
}

/* ---------------------------------------------------------------- */
/* reset                                                            */

static void rtl8127_soft_reset(RTL8127Core *core)
{
    uint8_t cmd = rtl8127_rd8(core, R_CHIPCMD);

    /* CmdReset stops both DMA engines and rewinds the ring indices */
    core->regs[R_CHIPCMD] = cmd & ~(CMD_RESET | CMD_RX_ENB | CMD_TX_ENB |
                                 CMD_STOP_REQ);
    rtl8127_dma_reset(core);
}

static void rtl8127_set_mac(RTL8127Core *core, const uint8_t *mac)
{
    memcpy(&core->regs[R_MAC0], mac, ETH_ALEN);
    memcpy(&core->regs[R_MAC0_BKP], mac, ETH_ALEN);
}

void rtl8127_core_reset(RTL8127Core *core)
{
    memset(core->regs, 0, sizeof(core->regs));
    memset(core->mac_ocp, 0, sizeof(core->mac_ocp));
    memset(core->eri, 0, sizeof(core->eri));
    memset(core->ephy, 0, sizeof(core->ephy));

    rtl8127_set_mac(core, core->permanent_mac);
    rtl8127_wr32(core, R_TXCONFIG, TXCFG_XID(core->xid));
    /* MCU: TX/RX FIFO empty (bits 5, 4) and link-list ready (bit 1) */
    core->regs[R_MCU] = 0x32;
    /* IntrMitigate status bits polled by rtl_rxtx_empty_cond_2 */
    stw_le_p(&core->regs[R_INTRMITIGATE], 0x0103);
    /* CPlusCmd reads back its reset value; RX checksum off */
    stw_le_p(&core->regs[R_CPLUSCMD], 0x0000);
    /* MAC OCP 0xd006 low byte 0x07 would mean the SFP variant: copper */
    core->mac_ocp[0xd006 >> 1] = 0x0000;

    rtl8127_intr_reset(core);
    rtl8127_dma_reset(core);
    rtl8127_phy_reset(core);
}

void rtl8127_core_pm_d3hot_exit(RTL8127Core *core)
{
    core->bench.d3_resets++;
    rtl8127_core_reset(core);
}

/* ---------------------------------------------------------------- */
/* register window                                                  */

/* The bench-only counter window (not a chip register; see rtl8127.h). */
static uint32_t rtl8127_bench_word(RTL8127Core *core, uint32_t off)
{
    RTL8127BenchCounters *b = &core->bench;

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

static uint64_t rtl8127_bench_read(RTL8127Core *core, hwaddr addr,
                                   unsigned size)
{
    uint32_t off = addr - RTL8127_BENCH_BASE;
    uint32_t word = rtl8127_bench_word(core, off & ~3u);

    word >>= 8 * (off & 3);
    return size >= 4 ? word : word & ((1u << (8 * size)) - 1);
}

static bool rtl8127_in_bench(hwaddr addr, unsigned size)
{
    return addr >= RTL8127_BENCH_BASE &&
           addr + size <= RTL8127_BENCH_BASE + RTL8127_BENCH_SIZE &&
           (addr & ~3) == ((addr + size - 1) & ~3);
}

/* --- reads with side effects ------------------------------------ */

typedef uint64_t (*RTL8127ReadOp)(RTL8127Core *core, hwaddr addr,
                                  unsigned size);

static uint64_t rtl8127_read_intr(RTL8127Core *core, hwaddr addr,
                                  unsigned size)
{
    return rtl8127_intr_read(core, addr, size);
}

/* the XID bits are read-only: whatever was stored, they read the chip's */
static uint64_t rtl8127_read_txconfig(RTL8127Core *core, hwaddr addr,
                                      unsigned size)
{
    uint32_t v = rtl8127_rd32(core, R_TXCONFIG);

    rtl8127_wr32(core, R_TXCONFIG,
                 (v & ~TXCFG_XID_MASK) | TXCFG_XID(core->xid));
    return rtl8127_load(core, addr, size);
}

static uint64_t rtl8127_read_phystatus(RTL8127Core *core, hwaddr addr,
                                       unsigned size)
{
    rtl8127_wr32(core, R_PHYSTATUS, rtl8127_phystatus(core));
    return rtl8127_load(core, addr, size);
}

static uint64_t rtl8127_read_tctr(RTL8127Core *core, hwaddr addr,
                                  unsigned size)
{
    rtl8127_wr32(core, R_TCTR0, rtl8127_tctr_read(core));
    return rtl8127_load(core, addr, size);
}

/* any word of the tail/close pointer block: the close pointers are live */
static uint64_t rtl8127_read_tx_ptrs(RTL8127Core *core, hwaddr addr,
                                     unsigned size)
{
    rtl8127_wr32(core, R_HW_CLO_PTR0, core->tx_clo[0] & 0x7fffffff);
    rtl8127_wr32(core, R_HW_CLO_PTR0 + 8, core->tx_clo[1] & 0x7fffffff);
    return rtl8127_load(core, addr, size);
}

#define REG_IDX(r)      ((r) >> 2)

static const RTL8127ReadOp rtl8127_read_ops[] = {
    [REG_IDX(R_IMR0)]               = rtl8127_read_intr,
    [REG_IDX(R_ISR0)]               = rtl8127_read_intr,
    [REG_IDX(R_TXCONFIG)]           = rtl8127_read_txconfig,
    [REG_IDX(R_TCTR0)]              = rtl8127_read_tctr,
    [REG_IDX(R_PHYSTATUS)]          = rtl8127_read_phystatus,
    [REG_IDX(R_IMR_V2_CLEAR)]       = rtl8127_read_intr,
    [REG_IDX(R_ISR_V2)]             = rtl8127_read_intr,
    [REG_IDX(R_IMR_V2_SET)]         = rtl8127_read_intr,
    [REG_IDX(R_SW_TAIL_PTR0)]       = rtl8127_read_tx_ptrs,
    [REG_IDX(R_HW_CLO_PTR0)]        = rtl8127_read_tx_ptrs,
    [REG_IDX(R_SW_TAIL_PTR0 + 8)]   = rtl8127_read_tx_ptrs,
    [REG_IDX(R_HW_CLO_PTR0 + 8)]    = rtl8127_read_tx_ptrs,
};

uint64_t rtl8127_core_read(RTL8127Core *core, hwaddr addr, unsigned size)
{
    uint32_t idx = REG_IDX(addr);

    if (addr + size > RTL8127_MMIO_SIZE) {
        return 0;
    }
    if (rtl8127_in_bench(addr, size)) {
        return rtl8127_bench_read(core, addr, size);
    }
    if (idx < ARRAY_SIZE(rtl8127_read_ops) && rtl8127_read_ops[idx]) {
        return rtl8127_read_ops[idx](core, addr, size);
    }
    if (!rtl8127_known_reg(addr)) {
        qemu_log_mask(LOG_UNIMP, "rtl8127: read of unknown register "
                      "0x%04" HWADDR_PRIx " size %u\n", addr, size);
    }
    return rtl8127_load(core, addr, size);
}

/* --- writes acting at any width --------------------------------- */

typedef void (*RTL8127WriteOp)(RTL8127Core *core, hwaddr addr, uint64_t val,
                               unsigned size);

static void rtl8127_write_store(RTL8127Core *core, hwaddr addr, uint64_t val,
                                unsigned size)
{
    rtl8127_store(core, addr, val, size);
}

/* a new RxConfig or MISC (RXDV gate) may let queued frames in */
static void rtl8127_write_rx_gate(RTL8127Core *core, hwaddr addr,
                                  uint64_t val, unsigned size)
{
    rtl8127_store(core, addr, val, size);
    rtl8127_rx_kick(core);
}

/* IMR/ISR, legacy and V2, and RDU_STA (write 1 to clear) */
static void rtl8127_write_intr(RTL8127Core *core, hwaddr addr, uint64_t val,
                               unsigned size)
{
    rtl8127_intr_write(core, addr, val, size);
    rtl8127_rx_kick(core);
}

static void rtl8127_chipcmd_write(RTL8127Core *core, uint8_t val)
{
    uint8_t old = rtl8127_rd8(core, R_CHIPCMD);

    if (val & CMD_RESET) {
        rtl8127_soft_reset(core);
        return;
    }
    /* bit 0 (RxBufEmpty) is status; keep the writable bits */
    core->regs[R_CHIPCMD] = val & ~0x01;
    if ((val & CMD_TX_ENB) && !(old & CMD_TX_ENB)) {
        /* pending doorbells are served once TX is enabled */
        rtl8127_tx_kick(core, 0);
    }
    rtl8127_rx_kick(core);
}

/* word 0x34: INT_CFG0 .. ChipCmd (0x37) */
static void rtl8127_write_cmd_word(RTL8127Core *core, hwaddr addr,
                                   uint64_t val, unsigned size)
{
    uint8_t cmd, old;

    if (!touches(addr, size, R_CHIPCMD, 1)) {
        rtl8127_store(core, addr, val, size);
        return;
    }
    cmd = val >> (8 * (R_CHIPCMD - addr));
    /* a wider access also covers its neighbours: store those first */
    old = rtl8127_rd8(core, R_CHIPCMD);
    rtl8127_store(core, addr, val, size);
    core->regs[R_CHIPCMD] = old;
    rtl8127_chipcmd_write(core, cmd);
}

/* TPPOLL (0x90, 16 bits): one doorbell bit per TX queue */
static void rtl8127_write_tppoll(RTL8127Core *core, hwaddr addr,
                                 uint64_t val, unsigned size)
{
    uint16_t bits;
    int q;

    if (!touches(addr, size, R_TPPOLL, 2)) {
        rtl8127_store(core, addr, val, size);
        return;
    }
    bits = addr >= R_TPPOLL ? val << (8 * (addr - R_TPPOLL))
                            : val >> (8 * (R_TPPOLL - addr));
    for (q = 0; q < RTL8127_TX_QUEUES; q++) {
        if (bits & (1u << q)) {
            rtl8127_tx_kick(core, q);
        }
    }
    rtl8127_rx_kick(core);
}

/* TCTR0 (a write restarts the count) and TIMER_INT0 (the threshold) */
static void rtl8127_write_timer(RTL8127Core *core, hwaddr addr, uint64_t val,
                                unsigned size)
{
    rtl8127_store(core, addr, val, size);
    rtl8127_tctr_write(core, touches(addr, size, R_TCTR0, 4));
}

/* word 0xd0: MCU (0xd3) bits 5, 4, 1 are read-only status reading 1 */
static void rtl8127_write_mcu_word(RTL8127Core *core, hwaddr addr,
                                   uint64_t val, unsigned size)
{
    rtl8127_store(core, addr, val, size);
    if (touches(addr, size, R_MCU, 1)) {
        core->regs[R_MCU] |= 0x32;
    }
}

/* word 0xe0: CPlusCmd, then IntrMitigate (0xe2) with status bits set */
static void rtl8127_write_cplus_word(RTL8127Core *core, hwaddr addr,
                                     uint64_t val, unsigned size)
{
    rtl8127_store(core, addr, val, size);
    if (touches(addr, size, R_INTRMITIGATE, 2)) {
        core->regs[R_INTRMITIGATE] |= 0x03;
        core->regs[R_INTRMITIGATE + 1] |= 0x01;
    }
}

static const RTL8127WriteOp rtl8127_write_ops[] = {
    [REG_IDX(R_INT_CFG0)]           = rtl8127_write_cmd_word,
    [REG_IDX(R_IMR0)]               = rtl8127_write_intr,
    [REG_IDX(R_ISR0)]               = rtl8127_write_intr,
    [REG_IDX(R_RXCONFIG)]           = rtl8127_write_rx_gate,
    [REG_IDX(R_TCTR0)]              = rtl8127_write_timer,
    [REG_IDX(R_TIMER_INT0)]         = rtl8127_write_timer,
    [REG_IDX(R_TPPOLL)]             = rtl8127_write_tppoll,
    [REG_IDX(R_MCU)]                = rtl8127_write_mcu_word,
    [REG_IDX(R_CPLUSCMD)]           = rtl8127_write_cplus_word,
    [REG_IDX(R_MISC)]               = rtl8127_write_rx_gate,
    [REG_IDX(R_IMR_V2_CLEAR)]       = rtl8127_write_intr,
    [REG_IDX(R_ISR_V2)]             = rtl8127_write_intr,
    [REG_IDX(R_RDU_STA)]            = rtl8127_write_intr,
    [REG_IDX(R_IMR_V2_SET)]         = rtl8127_write_intr,
};

/* --- writes acting only as a full 32-bit word ------------------- */

typedef void (*RTL8127Write32Op)(RTL8127Core *core, hwaddr addr,
                                 uint32_t val);

/* the XID bits are read-only */
static void rtl8127_write_txconfig(RTL8127Core *core, hwaddr addr,
                                   uint32_t val)
{
    rtl8127_wr32(core, R_TXCONFIG,
                 (val & ~TXCFG_XID_MASK) | TXCFG_XID(core->xid));
}

static void rtl8127_write_mac_ocp(RTL8127Core *core, hwaddr addr,
                                  uint32_t val)
{
    rtl8127_mac_ocp_access(core, val);
}

static void rtl8127_write_phy_ocp(RTL8127Core *core, hwaddr addr,
                                  uint32_t val)
{
    rtl8127_phy_ocp_access(core, val);
}

static void rtl8127_write_eri(RTL8127Core *core, hwaddr addr, uint32_t val)
{
    rtl8127_eri_access(core, val);
}

static void rtl8127_write_csi(RTL8127Core *core, hwaddr addr, uint32_t val)
{
    rtl8127_csi_access(core, val);
}

static void rtl8127_write_ephy(RTL8127Core *core, hwaddr addr, uint32_t val)
{
    rtl8127_ephy_access(core, val);
}

/* CounterAddrLow: bit 3 dumps the tally counters, bit 0 resets them */
static void rtl8127_write_counters(RTL8127Core *core, hwaddr addr,
                                   uint32_t val)
{
    rtl8127_wr32(core, R_CNT_ADDR_LO, val);
    rtl8127_counters_cmd(core, val);
}

/* SW tail pointer of TX queue 0 or 1: a doorbell in no-close mode */
static void rtl8127_write_tx_tail(RTL8127Core *core, hwaddr addr,
                                  uint32_t val)
{
    rtl8127_wr32(core, addr, val);
    rtl8127_tx_kick(core, (addr - R_SW_TAIL_PTR0) / 8);
}

/* a new ring base rewinds the ring's indices */
static void rtl8127_write_tx0_base(RTL8127Core *core, hwaddr addr,
                                   uint32_t val)
{
    rtl8127_wr32(core, addr, val);
    core->tx_cur[0] = 0;
    core->tx_clo[0] = 0;
}

static void rtl8127_write_tx1_base(RTL8127Core *core, hwaddr addr,
                                   uint32_t val)
{
    rtl8127_wr32(core, addr, val);
    core->tx_cur[1] = 0;
    core->tx_clo[1] = 0;
}

static void rtl8127_write_rx0_base(RTL8127Core *core, hwaddr addr,
                                   uint32_t val)
{
    rtl8127_wr32(core, addr, val);
    core->rx_cur[0] = 0;
}

/* queue n >= 1 at R_RX_DESCN_BASE + 8 * (n - 1) */
static void rtl8127_write_rxn_base(RTL8127Core *core, hwaddr addr,
                                   uint32_t val)
{
    rtl8127_wr32(core, addr, val);
    core->rx_cur[1 + (addr - R_RX_DESCN_BASE) / 8] = 0;
}

static const RTL8127Write32Op rtl8127_write32_ops[] = {
    [REG_IDX(R_CNT_ADDR_LO)]        = rtl8127_write_counters,
    [REG_IDX(R_TX_DESC_LO)]         = rtl8127_write_tx0_base,
    [REG_IDX(R_TXCONFIG)]           = rtl8127_write_txconfig,
    [REG_IDX(R_CSIAR)]              = rtl8127_write_csi,
    [REG_IDX(R_ERIAR)]              = rtl8127_write_eri,
    [REG_IDX(R_EPHYAR)]             = rtl8127_write_ephy,
    [REG_IDX(R_OCPDR)]              = rtl8127_write_mac_ocp,
    [REG_IDX(R_GPHY_OCP)]           = rtl8127_write_phy_ocp,
    [REG_IDX(R_RX_DESC_LO)]         = rtl8127_write_rx0_base,
    [REG_IDX(R_SW_TAIL_PTR0)]       = rtl8127_write_tx_tail,
    [REG_IDX(R_SW_TAIL_PTR0 + 8)]   = rtl8127_write_tx_tail,
    [REG_IDX(R_TX_DESC1_LO)]        = rtl8127_write_tx1_base,
    [REG_IDX(R_RX_DESCN_BASE)]      = rtl8127_write_rxn_base,
    [REG_IDX(R_RX_DESCN_BASE + 8)]  = rtl8127_write_rxn_base,
    [REG_IDX(R_RX_DESCN_BASE + 16)] = rtl8127_write_rxn_base,
};

void rtl8127_core_write(RTL8127Core *core, hwaddr addr, uint64_t val,
                        unsigned size)
{
    uint32_t idx = REG_IDX(addr);

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
    if (size == 4 && idx < ARRAY_SIZE(rtl8127_write32_ops) &&
        rtl8127_write32_ops[idx]) {
        rtl8127_write32_ops[idx](core, addr, val);
        return;
    }
    if (idx < ARRAY_SIZE(rtl8127_write_ops) && rtl8127_write_ops[idx]) {
        rtl8127_write_ops[idx](core, addr, val, size);
        return;
    }
    rtl8127_write_store(core, addr, val, size);
}

/* ---------------------------------------------------------------- */
/* life cycle and backend                                           */

void rtl8127_core_realize(RTL8127Core *core, const RTL8127CoreOps *ops,
                          void *owner, NICState *nic, const uint8_t *macaddr,
                          uint32_t xid)
{
    core->ops = ops;
    core->owner = owner;
    core->owner_nic = nic;
    core->xid = xid;
    memcpy(core->permanent_mac, macaddr, ETH_ALEN);
    core->backend_link = !qemu_get_queue(nic)->link_down;

    rtl8127_intr_init(core);
    rtl8127_phy_init(core);
    rtl8127_dma_init(core);
}

void rtl8127_core_unrealize(RTL8127Core *core)
{
    rtl8127_dma_uninit(core);
    rtl8127_phy_uninit(core);
    rtl8127_intr_uninit(core);
}

void rtl8127_core_set_link_status(RTL8127Core *core, bool backend_up)
{
    core->backend_link = backend_up;
    rtl8127_phy_update_link(core);
}

void rtl8127_core_start_recv(RTL8127Core *core)
{
    rtl8127_rx_kick(core);
}
