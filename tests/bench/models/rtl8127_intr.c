/*
 * QEMU model of the Realtek RTL8127 10GbE PCIe controller (rxscale bench)
 *
 * Interrupt logic: the legacy IntrMask/IntrStatus pair (0x38/0x3c) that
 * upstream r8169 uses with a single MSI-X/MSI/INTx vector, the
 * per-vector mode (INT_CFG0 bit 0) with IMR_V2 set/clear and ISR_V2
 * (one bit per MSI-X vector), and the per-queue mitigation timers.
 * The lines themselves (MSI-X, MSI, INTx) belong to the glue and are
 * reached through core->ops.  See docs/hw/rtl8127.md for the sources of
 * these facts.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "rtl8127_core_priv.h"

/*
 * Unit of the per-queue mitigation timers 0x0a00 + 8 * q.  The sources
 * give the register but not its time base; one count is modelled as
 * one microsecond.
 */
#define RTL8127_MIT_UNIT_NS 1000

/*
 * Tick of the timer count TCTR0 (0x48).  No source gives its clock; the
 * model counts at 125 MHz (8 ns), a guess (the vendor's default
 * timer_count 0x2600 is then about 78 us).
 */
#define RTL8127_TCTR_TICK_NS 8

/* Signal the single (legacy) interrupt: edge for MSI/MSI-X, level INTx. */
static void rtl8127_signal_single(RTL8127Core *core, bool level)
{
    bool msg = core->ops->irq_mode(core->owner) != RTL8127_IRQ_INTX;

    if (msg) {
        if (level && !core->legacy_pending) {
            core->bench.irq[0]++;
            core->ops->notify(core->owner, 0);
        }
    } else if (level != core->irq_level) {
        if (level) {
            core->bench.irq[0]++;
        }
        core->ops->set_irq(core->owner, level);
    }
    if (msg) {
        if (core->irq_level) {
            core->ops->set_irq(core->owner, false);
        }
        core->irq_level = false;
    } else {
        core->irq_level = level;
    }
    core->legacy_pending = level;
}

void rtl8127_intr_update(RTL8127Core *core)
{
    if (rtl8127_vector_mode(core)) {
        uint32_t pending = core->isr_v2 & core->imr_v2;

        if (core->ops->irq_mode(core->owner) == RTL8127_IRQ_MSIX) {
            uint32_t fresh = pending & ~core->v2_pending;
            unsigned nvec = core->ops->nr_vectors(core->owner);
            unsigned v;

            for (v = 0; v < 32 && v < nvec; v++) {
                if (fresh & (1u << v)) {
                    core->bench.irq[v]++;
                    core->ops->notify(core->owner, v);
                }
            }
            core->v2_pending = pending;
            rtl8127_signal_single(core, false);
        } else {
            core->v2_pending = pending;
            rtl8127_signal_single(core, pending != 0);
        }
    } else {
        core->v2_pending = 0;
        rtl8127_signal_single(core, (core->isr0 & core->imr0) != 0);
    }
}

void rtl8127_raise_legacy(RTL8127Core *core, uint32_t bits)
{
    core->isr0 |= bits;
    rtl8127_intr_update(core);
}

static void rtl8127_raise_v2(RTL8127Core *core, uint32_t bits)
{
    core->isr_v2 |= bits;
    rtl8127_intr_update(core);
}

static void rtl8127_rx_fire(RTL8127Core *core, int q)
{
    if (rtl8127_vector_mode(core)) {
        rtl8127_raise_v2(core, V2_RX_OK(q));
    } else {
        rtl8127_raise_legacy(core, INT_RX_OK);
    }
}

static void rtl8127_tx_fire(RTL8127Core *core, int q)
{
    if (rtl8127_vector_mode(core)) {
        rtl8127_raise_v2(core, V2_TX_OK(q));
    } else {
        rtl8127_raise_legacy(core, INT_TX_OK);
    }
}

static uint8_t rtl8127_mit_value(RTL8127Core *core, int q, bool tx)
{
    return rtl8127_rd8(core, R_INT_MITI_BASE + 8 * q + (tx ? 2 : 0));
}

static void rtl8127_arm(RTL8127Core *core, QEMUTimer *t, uint8_t val)
{
    if (!timer_pending(t)) {
        timer_mod(t, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                  (int64_t)val * RTL8127_MIT_UNIT_NS);
    }
}

void rtl8127_event_rx(RTL8127Core *core, int q)
{
    uint8_t val = rtl8127_mit_value(core, q, false);

    if (val && rtl8127_vector_mode(core)) {
        rtl8127_arm(core, core->rx_mit_timer[q], val);
    } else {
        rtl8127_rx_fire(core, q);
    }
}

void rtl8127_event_tx(RTL8127Core *core, int q)
{
    uint8_t val = rtl8127_mit_value(core, q, true);

    if (val && rtl8127_vector_mode(core)) {
        rtl8127_arm(core, core->tx_mit_timer[q], val);
    } else {
        rtl8127_tx_fire(core, q);
    }
}

void rtl8127_event_link(RTL8127Core *core)
{
    if (rtl8127_vector_mode(core)) {
        rtl8127_raise_v2(core, V2_LINK_CHG);
    } else {
        rtl8127_raise_legacy(core, INT_LINK_CHG);
    }
}

static void rtl8127_mit_cb(void *opaque)
{
    RTL8127MitCtx *ctx = opaque;

    if (ctx->tx) {
        rtl8127_tx_fire(ctx->core, ctx->q);
    } else {
        rtl8127_rx_fire(ctx->core, ctx->q);
    }
}

/* The timer count reached TIMER_INT0: ISR bit 14 (vendor PCSTimeout). */
static void rtl8127_tctr_cb(void *opaque)
{
    RTL8127Core *core = opaque;

    rtl8127_raise_legacy(core, INT_TIMEOUT);
}

/*
 * Arm the timer interrupt for the current TCTR0 start and TIMER_INT0: it
 * fires when the count reaches the threshold, so not at all if the count
 * is already past it (until TCTR0 is written again).
 */
static void rtl8127_tctr_arm(RTL8127Core *core)
{
    uint32_t thr = rtl8127_rd32(core, R_TIMER_INT0);
    int64_t when = core->tctr_start + (int64_t)thr * RTL8127_TCTR_TICK_NS;

    if (!thr || when <= qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL)) {
        timer_del(core->tctr_timer);
        return;
    }
    timer_mod(core->tctr_timer, when);
}

/*
 * A write of TCTR0 (restart) starts the count again at 0; a write of
 * TIMER_INT0 re-arms the interrupt for the running count.
 */
void rtl8127_tctr_write(RTL8127Core *core, bool restart)
{
    if (restart) {
        core->tctr_start = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    }
    rtl8127_tctr_arm(core);
}

uint32_t rtl8127_tctr_read(RTL8127Core *core)
{
    int64_t ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) - core->tctr_start;

    return ns / RTL8127_TCTR_TICK_NS;
}

void rtl8127_intr_init(RTL8127Core *core)
{
    int i;

    for (i = 0; i < RTL8127_RX_QUEUES; i++) {
        core->mit_ctx[i] = (RTL8127MitCtx){ .core = core, .q = i,
                                          .tx = false };
        core->rx_mit_timer[i] = timer_new_ns(QEMU_CLOCK_VIRTUAL, rtl8127_mit_cb,
                                          &core->mit_ctx[i]);
    }
    for (i = 0; i < RTL8127_TX_QUEUES; i++) {
        RTL8127MitCtx *c = &core->mit_ctx[RTL8127_RX_QUEUES + i];

        *c = (RTL8127MitCtx){ .core = core, .q = i, .tx = true };
        core->tx_mit_timer[i] = timer_new_ns(QEMU_CLOCK_VIRTUAL, rtl8127_mit_cb,
                                          c);
    }
    core->tctr_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, rtl8127_tctr_cb, core);
}

void rtl8127_intr_uninit(RTL8127Core *core)
{
    int i;

    for (i = 0; i < RTL8127_RX_QUEUES; i++) {
        timer_free(core->rx_mit_timer[i]);
        core->rx_mit_timer[i] = NULL;
    }
    for (i = 0; i < RTL8127_TX_QUEUES; i++) {
        timer_free(core->tx_mit_timer[i]);
        core->tx_mit_timer[i] = NULL;
    }
    timer_free(core->tctr_timer);
    core->tctr_timer = NULL;
}

void rtl8127_intr_reset(RTL8127Core *core)
{
    int i;

    core->isr0 = 0;
    core->imr0 = 0;
    core->isr_v2 = 0;
    core->imr_v2 = 0;
    core->v2_pending = 0;
    core->legacy_pending = false;
    if (core->irq_level) {
        core->ops->set_irq(core->owner, false);
    }
    core->irq_level = false;
    for (i = 0; i < RTL8127_RX_QUEUES; i++) {
        if (core->rx_mit_timer[i]) {
            timer_del(core->rx_mit_timer[i]);
        }
    }
    for (i = 0; i < RTL8127_TX_QUEUES; i++) {
        if (core->tx_mit_timer[i]) {
            timer_del(core->tx_mit_timer[i]);
        }
    }
    if (core->tctr_timer) {
        timer_del(core->tctr_timer);
    }
    core->tctr_start = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

/* Merge a (possibly partial) access into a 32-bit register image. */
static uint32_t merge32(uint32_t old, uint32_t base, uint32_t off,
                        uint64_t val, unsigned size, uint32_t *mask)
{
    unsigned shift = 8 * (off - base);
    uint32_t m = (size >= 4 ? 0xffffffffu : ((1u << (8 * size)) - 1)) << shift;

    *mask = m;
    return (old & ~m) | (((uint32_t)val << shift) & m);
}

void rtl8127_intr_write(RTL8127Core *core, uint32_t off, uint32_t val,
                        unsigned size)
{
    uint32_t base = off & ~3u;
    uint32_t m, v;

    switch (base) {
    case R_IMR0:
        core->imr0 = merge32(core->imr0, base, off, val, size, &m);
        break;
    case R_ISR0:
        v = merge32(0, base, off, val, size, &m);
        core->isr0 &= ~v;
        break;
    case R_IMR_V2_SET:
        v = merge32(0, base, off, val, size, &m);
        core->imr_v2 |= v;
        break;
    case R_IMR_V2_CLEAR:
        v = merge32(0, base, off, val, size, &m);
        core->imr_v2 &= ~v;
        break;
    case R_ISR_V2:
        v = merge32(0, base, off, val, size, &m);
        core->isr_v2 &= ~v;
        break;
    default:
        /*
         * 0x0d08: TDU_STA (byte 0x0d08) plain storage; RDU_STA (16 bits at
         * 0x0d0a) write 1 to clear, as ISR (model choice, see
         * docs/hw/rtl8127.md).
         */
        v = merge32(rtl8127_rd32(core, base), base, off, val, size, &m);
        m &= 0xffff0000u;
        v = (v & ~m) | (rtl8127_rd32(core, base) & m & ~(v & m));
        rtl8127_wr32(core, base, v);
        return;
    }
    rtl8127_intr_update(core);
}

/*
 * Read of an interrupt register: the core's register table routes IMR0,
 * ISR0, IMR_V2 (set and clear read alike) and ISR_V2 here; an access
 * never crosses its 32-bit word (the window refuses unaligned ones).
 */
uint64_t rtl8127_intr_read(RTL8127Core *core, uint32_t off, unsigned size)
{
    uint32_t base = off & ~3u;
    unsigned shift = 8 * (off - base);
    uint32_t reg;

    switch (base) {
    case R_IMR0:
        reg = core->imr0;
        break;
    case R_ISR0:
        reg = core->isr0;
        break;
    case R_IMR_V2_SET:
    case R_IMR_V2_CLEAR:
        reg = core->imr_v2;
        break;
    case R_ISR_V2:
        reg = core->isr_v2;
        break;
    default:
        g_assert_not_reached();
    }
    reg >>= shift;
    return size >= 4 ? reg : reg & ((1u << (8 * size)) - 1);
}
