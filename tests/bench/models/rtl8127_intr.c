/*
 * QEMU model of the Realtek RTL8127 10GbE PCIe controller (rxscale bench)
 *
 * Interrupt logic: the legacy IntrMask/IntrStatus pair (0x38/0x3c) that
 * upstream r8169 uses with a single MSI-X/MSI/INTx vector, the
 * per-vector mode (INT_CFG0 bit 0) with IMR_V2 set/clear and ISR_V2
 * (one bit per MSI-X vector), and the per-queue mitigation timers.
 * See docs/hw/rtl8127.md for the sources of these facts.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "hw/pci/pci.h"
#include "hw/pci/msi.h"
#include "hw/pci/msix.h"
#include "rtl8127.h"

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
static void rtl8127_signal_single(RTL8127State *s, bool level)
{
    PCIDevice *d = PCI_DEVICE(s);

    if (msix_enabled(d)) {
        if (level && !s->legacy_pending) {
            s->bench.irq[0]++;
            msix_notify(d, 0);
        }
    } else if (msi_enabled(d)) {
        if (level && !s->legacy_pending) {
            s->bench.irq[0]++;
            msi_notify(d, 0);
        }
    } else if (level != s->irq_level) {
        if (level) {
            s->bench.irq[0]++;
        }
        pci_set_irq(d, level);
    }
    if (msix_enabled(d) || msi_enabled(d)) {
        if (s->irq_level) {
            pci_set_irq(d, 0);
        }
        s->irq_level = false;
    } else {
        s->irq_level = level;
    }
    s->legacy_pending = level;
}

void rtl8127_intr_update(RTL8127State *s)
{
    PCIDevice *d = PCI_DEVICE(s);

    if (rtl8127_vector_mode(s)) {
        uint32_t pending = s->isr_v2 & s->imr_v2;

        if (msix_enabled(d)) {
            uint32_t fresh = pending & ~s->v2_pending;
            unsigned nvec = msix_nr_vectors_allocated(d);
            unsigned v;

            for (v = 0; v < 32 && v < nvec; v++) {
                if (fresh & (1u << v)) {
                    s->bench.irq[v]++;
                    msix_notify(d, v);
                }
            }
            s->v2_pending = pending;
            rtl8127_signal_single(s, false);
        } else {
            s->v2_pending = pending;
            rtl8127_signal_single(s, pending != 0);
        }
    } else {
        s->v2_pending = 0;
        rtl8127_signal_single(s, (s->isr0 & s->imr0) != 0);
    }
}

void rtl8127_raise_legacy(RTL8127State *s, uint32_t bits)
{
    s->isr0 |= bits;
    rtl8127_intr_update(s);
}

static void rtl8127_raise_v2(RTL8127State *s, uint32_t bits)
{
    s->isr_v2 |= bits;
    rtl8127_intr_update(s);
}

static void rtl8127_rx_fire(RTL8127State *s, int q)
{
    if (rtl8127_vector_mode(s)) {
        rtl8127_raise_v2(s, V2_RX_OK(q));
    } else {
        rtl8127_raise_legacy(s, INT_RX_OK);
    }
}

static void rtl8127_tx_fire(RTL8127State *s, int q)
{
    if (rtl8127_vector_mode(s)) {
        rtl8127_raise_v2(s, V2_TX_OK(q));
    } else {
        rtl8127_raise_legacy(s, INT_TX_OK);
    }
}

static uint8_t rtl8127_mit_value(RTL8127State *s, int q, bool tx)
{
    return rtl8127_rd8(s, R_INT_MITI_BASE + 8 * q + (tx ? 2 : 0));
}

static void rtl8127_arm(RTL8127State *s, QEMUTimer *t, uint8_t val)
{
    if (!timer_pending(t)) {
        timer_mod(t, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                  (int64_t)val * RTL8127_MIT_UNIT_NS);
    }
}

void rtl8127_event_rx(RTL8127State *s, int q)
{
    uint8_t val = rtl8127_mit_value(s, q, false);

    if (val && rtl8127_vector_mode(s)) {
        rtl8127_arm(s, s->rx_mit_timer[q], val);
    } else {
        rtl8127_rx_fire(s, q);
    }
}

void rtl8127_event_tx(RTL8127State *s, int q)
{
    uint8_t val = rtl8127_mit_value(s, q, true);

    if (val && rtl8127_vector_mode(s)) {
        rtl8127_arm(s, s->tx_mit_timer[q], val);
    } else {
        rtl8127_tx_fire(s, q);
    }
}

void rtl8127_event_link(RTL8127State *s)
{
    if (rtl8127_vector_mode(s)) {
        rtl8127_raise_v2(s, V2_LINK_CHG);
    } else {
        rtl8127_raise_legacy(s, INT_LINK_CHG);
    }
}

static void rtl8127_mit_cb(void *opaque)
{
    RTL8127MitCtx *ctx = opaque;

    if (ctx->tx) {
        rtl8127_tx_fire(ctx->s, ctx->q);
    } else {
        rtl8127_rx_fire(ctx->s, ctx->q);
    }
}

/* The timer count reached TIMER_INT0: ISR bit 14 (vendor PCSTimeout). */
static void rtl8127_tctr_cb(void *opaque)
{
    RTL8127State *s = opaque;

    rtl8127_raise_legacy(s, INT_TIMEOUT);
}

/*
 * Arm the timer interrupt for the current TCTR0 start and TIMER_INT0: it
 * fires when the count reaches the threshold, so not at all if the count
 * is already past it (until TCTR0 is written again).
 */
static void rtl8127_tctr_arm(RTL8127State *s)
{
    uint32_t thr = rtl8127_rd32(s, R_TIMER_INT0);
    int64_t when = s->tctr_start + (int64_t)thr * RTL8127_TCTR_TICK_NS;

    if (!thr || when <= qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL)) {
        timer_del(s->tctr_timer);
        return;
    }
    timer_mod(s->tctr_timer, when);
}

/*
 * A write of TCTR0 (restart) starts the count again at 0; a write of
 * TIMER_INT0 re-arms the interrupt for the running count.
 */
void rtl8127_tctr_write(RTL8127State *s, bool restart)
{
    if (restart) {
        s->tctr_start = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    }
    rtl8127_tctr_arm(s);
}

uint32_t rtl8127_tctr_read(RTL8127State *s)
{
    int64_t ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) - s->tctr_start;

    return ns / RTL8127_TCTR_TICK_NS;
}

void rtl8127_intr_init(RTL8127State *s)
{
    PCIDevice *d = PCI_DEVICE(s);
    int i;

    for (i = 0; i < RTL8127_MSIX_VECTORS; i++) {
        msix_vector_use(d, i);
    }
    for (i = 0; i < RTL8127_RX_QUEUES; i++) {
        s->mit_ctx[i] = (RTL8127MitCtx){ .s = s, .q = i, .tx = false };
        s->rx_mit_timer[i] = timer_new_ns(QEMU_CLOCK_VIRTUAL, rtl8127_mit_cb,
                                          &s->mit_ctx[i]);
    }
    for (i = 0; i < RTL8127_TX_QUEUES; i++) {
        RTL8127MitCtx *c = &s->mit_ctx[RTL8127_RX_QUEUES + i];

        *c = (RTL8127MitCtx){ .s = s, .q = i, .tx = true };
        s->tx_mit_timer[i] = timer_new_ns(QEMU_CLOCK_VIRTUAL, rtl8127_mit_cb,
                                          c);
    }
    s->tctr_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, rtl8127_tctr_cb, s);
}

void rtl8127_intr_uninit(RTL8127State *s)
{
    PCIDevice *d = PCI_DEVICE(s);
    int i;

    for (i = 0; i < RTL8127_RX_QUEUES; i++) {
        timer_free(s->rx_mit_timer[i]);
        s->rx_mit_timer[i] = NULL;
    }
    for (i = 0; i < RTL8127_TX_QUEUES; i++) {
        timer_free(s->tx_mit_timer[i]);
        s->tx_mit_timer[i] = NULL;
    }
    timer_free(s->tctr_timer);
    s->tctr_timer = NULL;
    for (i = 0; i < RTL8127_MSIX_VECTORS; i++) {
        msix_vector_unuse(d, i);
    }
}

void rtl8127_intr_reset(RTL8127State *s)
{
    int i;

    s->isr0 = 0;
    s->imr0 = 0;
    s->isr_v2 = 0;
    s->imr_v2 = 0;
    s->v2_pending = 0;
    s->legacy_pending = false;
    if (s->irq_level) {
        pci_set_irq(PCI_DEVICE(s), 0);
    }
    s->irq_level = false;
    for (i = 0; i < RTL8127_RX_QUEUES; i++) {
        if (s->rx_mit_timer[i]) {
            timer_del(s->rx_mit_timer[i]);
        }
    }
    for (i = 0; i < RTL8127_TX_QUEUES; i++) {
        if (s->tx_mit_timer[i]) {
            timer_del(s->tx_mit_timer[i]);
        }
    }
    if (s->tctr_timer) {
        timer_del(s->tctr_timer);
    }
    s->tctr_start = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
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

void rtl8127_intr_write(RTL8127State *s, uint32_t off, uint32_t val,
                        unsigned size)
{
    uint32_t base = off & ~3u;
    uint32_t m, v;

    switch (base) {
    case R_IMR0:
        s->imr0 = merge32(s->imr0, base, off, val, size, &m);
        break;
    case R_ISR0:
        v = merge32(0, base, off, val, size, &m);
        s->isr0 &= ~v;
        break;
    case R_IMR_V2_SET:
        v = merge32(0, base, off, val, size, &m);
        s->imr_v2 |= v;
        break;
    case R_IMR_V2_CLEAR:
        v = merge32(0, base, off, val, size, &m);
        s->imr_v2 &= ~v;
        break;
    case R_ISR_V2:
        v = merge32(0, base, off, val, size, &m);
        s->isr_v2 &= ~v;
        break;
    default:
        /*
         * 0x0d08: TDU_STA (byte 0x0d08) plain storage; RDU_STA (16 bits at
         * 0x0d0a) write 1 to clear, as ISR (model choice, see
         * docs/hw/rtl8127.md).
         */
        v = merge32(rtl8127_rd32(s, base), base, off, val, size, &m);
        m &= 0xffff0000u;
        v = (v & ~m) | (rtl8127_rd32(s, base) & m & ~(v & m));
        rtl8127_wr32(s, base, v);
        return;
    }
    rtl8127_intr_update(s);
}

bool rtl8127_intr_read(RTL8127State *s, uint32_t off, unsigned size,
                       uint64_t *val)
{
    uint32_t base = off & ~3u;
    unsigned shift = 8 * (off - base);
    uint32_t reg;

    if (off + size > base + 4) {
        return false;
    }
    switch (base) {
    case R_IMR0:
        reg = s->imr0;
        break;
    case R_ISR0:
        reg = s->isr0;
        break;
    case R_IMR_V2_SET:
    case R_IMR_V2_CLEAR:
        reg = s->imr_v2;
        break;
    case R_ISR_V2:
        reg = s->isr_v2;
        break;
    default:
        return false;
    }
    reg >>= shift;
    *val = size >= 4 ? reg : reg & ((1u << (8 * size)) - 1);
    return true;
}
