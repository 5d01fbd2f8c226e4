/*
 * QEMU model of the Realtek RTL8127 10GbE PCIe controller (rxscale bench)
 *
 * The internal 10GBASE-T PHY as seen through the PHY OCP window (0xb8).
 * The standard MII registers sit at OCP 0xa400 + 2 * reg; Realtek's
 * vendor registers (PHYSR at 0xa434, speed ability at 0xa616, the
 * 10GBASE-T control/status pair at 0xa5d4/0xa5d6) report a 10G full
 * duplex link whenever the QEMU backend link is up.  All other PHY OCP
 * addresses keep what the guest writes.  Sources: docs/hw/rtl8127.md.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#include "qemu/osdep.h"
#include "qemu/timer.h"
#include "rtl8127_core_priv.h"

#define PHY_C22(r)      (0xa400 + 2 * (r))
#define PHY_BMCR        PHY_C22(0)
#define PHY_BMSR        PHY_C22(1)
#define PHY_ID1         PHY_C22(2)
#define PHY_ID2         PHY_C22(3)
#define PHY_ADV         PHY_C22(4)
#define PHY_LPA         PHY_C22(5)
#define PHY_CTRL1000    PHY_C22(9)
#define PHY_STAT1000    PHY_C22(10)
#define PHY_MMD_CTRL    PHY_C22(13)
#define PHY_MMD_DATA    PHY_C22(14)
#define PHY_ESTATUS     PHY_C22(15)
#define PHY_PHYSR       0xa434
#define PHY_10GBT_CTRL  0xa5d4
#define PHY_10GBT_STAT  0xa5d6
#define PHY_PMA_SPEED   0xa616
#define PHY_STATE       0xa420  /* bits 2:0: PHY state, 3 = powered up */
#define PHY_PATCH_RDY   0xb800  /* bit 6: patch request granted */
#define PHY_PATCH_REQ   0xb820  /* bit 4: patch request */

#define PHY_STATE_LAN_ON        3
#define PATCH_REQ_BIT           0x0010
#define PATCH_RDY_BIT           0x0040

/*
 * Time from a restart of autonegotiation to link up.  No source gives
 * it (a 10GBASE-T link takes seconds on real hardware); model choice,
 * short so that the bench does not wait.
 */
#define RTL8127_AN_DELAY_NS     (200 * SCALE_MS)

#define BMCR_RESET      0x8000
#define BMCR_ANENABLE   0x1000
#define BMCR_PDOWN      0x0800
#define BMCR_ANRESTART  0x0200
#define BMCR_SPEED1000  0x0040

/* 0x001cc890: Realtek OUI, RTL8127-internal PHY (RTL8261C core) */
#define RTL8127_PHY_ID1 0x001c
#define RTL8127_PHY_ID2 0xc890

static inline uint16_t *phy_reg(RTL8127Core *core, uint16_t addr)
{
    return &core->phy_ocp[addr >> 1];
}

/* BMCR reset: the standard registers return to their defaults. */
static void rtl8127_phy_soft_reset(RTL8127Core *core)
{
    *phy_reg(core, PHY_BMCR) = BMCR_ANENABLE | BMCR_SPEED1000;
    /* 10/100 half and full, symmetric and asymmetric pause */
    *phy_reg(core, PHY_ADV) = 0x0de1;
    /* 1000BASE-T full advertised */
    *phy_reg(core, PHY_CTRL1000) = 0x0200;
    /* 2.5G, 5G and 10G advertised */
    *phy_reg(core, PHY_10GBT_CTRL) = 0x1180;
    *phy_reg(core, PHY_MMD_CTRL) = 0;
}

/* Power-on reset: the whole PHY OCP space is cleared. */
void rtl8127_phy_reset(RTL8127Core *core)
{
    memset(core->phy_ocp, 0, sizeof(core->phy_ocp));
    rtl8127_phy_soft_reset(core);
    core->an_busy = false;
    if (core->an_timer) {
        timer_del(core->an_timer);
    }
    core->phy_link = core->backend_link;
}

/*
 * Link as the PHY reports it: backend up, PHY not powered down and no
 * autonegotiation in progress.
 */
static bool rtl8127_phy_link(RTL8127Core *core)
{
    return core->backend_link && !core->an_busy &&
           !(*phy_reg(core, PHY_BMCR) & BMCR_PDOWN);
}

void rtl8127_phy_update_link(RTL8127Core *core)
{
    bool link = rtl8127_phy_link(core);

    if (link != core->phy_link) {
        core->phy_link = link;
        rtl8127_event_link(core);
        if (link) {
            rtl8127_rx_kick(core);
        }
    }
}

/* Autonegotiation finished: link up (if the backend is), LinkChg raised. */
static void rtl8127_an_done(void *opaque)
{
    RTL8127Core *core = opaque;

    core->an_busy = false;
    rtl8127_phy_update_link(core);
}

void rtl8127_phy_init(RTL8127Core *core)
{
    core->an_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, rtl8127_an_done, core);
}

void rtl8127_phy_uninit(RTL8127Core *core)
{
    timer_free(core->an_timer);
    core->an_timer = NULL;
}

/*
 * A restart of autonegotiation: the link drops (LinkChg if it was up)
 * and comes back RTL8127_AN_DELAY_NS later with another LinkChg.
 */
static void rtl8127_an_restart(RTL8127Core *core)
{
    core->an_busy = true;
    rtl8127_phy_update_link(core);
    timer_mod(core->an_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
              RTL8127_AN_DELAY_NS);
}

uint16_t rtl8127_phy_read(RTL8127Core *core, uint16_t addr)
{
    bool link = core->phy_link;

    switch (addr) {
    case PHY_BMCR:
        return *phy_reg(core, addr) & ~(BMCR_RESET | BMCR_ANRESTART);
    case PHY_BMSR:
        /*
         * 100/10 full/half, extended status, preamble suppression,
         * autoneg capable, extended capability; plus link status (bit 2)
         * and autoneg complete (bit 5) while the link is up.
         */
        return 0x7949 | (link ? 0x0024 : 0);
    case PHY_ID1:
        return RTL8127_PHY_ID1;
    case PHY_ID2:
        return RTL8127_PHY_ID2;
    case PHY_LPA:
        /* acknowledge, pause, 10/100 half/full, IEEE 802.3 selector */
        return link ? 0x45e1 : 0;
    case PHY_STAT1000:
        /* local and remote receiver OK, partner 1000 full/half; no MSFAIL */
        return link ? 0x3c00 : 0;
    case PHY_ESTATUS:
        return 0x3000;
    case PHY_MMD_DATA:
        /*
         * The MMD indirection of C22 regs 13/14 is not implemented by
         * this PHY: data reads return 0 (what the realtek PHY driver's
         * rtlgen_supports_mmd() expects of the internal NBASE-T PHY).
         */
        if (*phy_reg(core, PHY_MMD_CTRL) & 0xc000) {
            return 0;
        }
        return *phy_reg(core, addr);
    case PHY_PHYSR:
        /* speed 10G (0x0200), full duplex (bit 3), link (bit 2) */
        return link ? 0x020c : 0;
    case PHY_10GBT_STAT:
        /* local/remote receiver OK, partner 10G, 5G, 2.5G */
        return link ? 0x3860 : 0;
    case PHY_PMA_SPEED:
        /* 10G (bit 0), 2.5G (bit 13), 5G (bit 14) abilities */
        return 0x6001;
    case PHY_STATE:
        /* 3 (LAN on) once powered up; powered down: 0 (guess) */
        return (*phy_reg(core, addr) & ~7) |
               ((*phy_reg(core, PHY_BMCR) & BMCR_PDOWN) ? 0 : PHY_STATE_LAN_ON);
    case PHY_PATCH_RDY:
        /* the patch request of 0xb820 bit 4 is granted at once */
        return (*phy_reg(core, addr) & ~PATCH_RDY_BIT) |
               ((*phy_reg(core, PHY_PATCH_REQ) & PATCH_REQ_BIT) ?
                PATCH_RDY_BIT : 0);
    default:
        return *phy_reg(core, addr);
    }
}

void rtl8127_phy_write(RTL8127Core *core, uint16_t addr, uint16_t val)
{
    switch (addr) {
    case PHY_BMCR:
        if (val & BMCR_RESET) {
            rtl8127_phy_soft_reset(core);
            /* the link is re-established at once: report a link change */
            core->phy_link = !rtl8127_phy_link(core);
            rtl8127_phy_update_link(core);
            return;
        }
        *phy_reg(core, addr) = val & ~(BMCR_RESET | BMCR_ANRESTART);
        if ((val & (BMCR_ANRESTART | BMCR_ANENABLE | BMCR_PDOWN)) ==
            (BMCR_ANRESTART | BMCR_ANENABLE)) {
            rtl8127_an_restart(core);
            return;
        }
        if (val & BMCR_PDOWN) {
            /* powering down aborts a running autonegotiation */
            core->an_busy = false;
            timer_del(core->an_timer);
        }
        rtl8127_phy_update_link(core);
        return;
    case PHY_BMSR:
    case PHY_ID1:
    case PHY_ID2:
    case PHY_LPA:
    case PHY_STAT1000:
    case PHY_ESTATUS:
    case PHY_PHYSR:
    case PHY_10GBT_STAT:
    case PHY_PMA_SPEED:
        /* read-only */
        return;
    default:
        *phy_reg(core, addr) = val;
        return;
    }
}

/* MAC-side PHYstatus (0x6c), vendor bit layout; upstream never reads it. */
uint32_t rtl8127_phystatus(RTL8127Core *core)
{
    if (!core->phy_link) {
        return 0;
    }
    /* _10000bpsF 0x4000, LinkStatus 0x02, FullDup 0x01 */
    return 0x4000 | 0x02 | 0x01;
}
