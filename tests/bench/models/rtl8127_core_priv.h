/*
 * QEMU model of the Realtek RTL8127 10GbE PCIe controller (rxscale bench)
 *
 * Interfaces between the core's files (rtl8127_core.c, _intr.c, _phy.c,
 * _dma.c, _rss.c); the PCI glue uses rtl8127_core.h only.  The bus is
 * reached through core->ops alone: the wrappers below are the only
 * callers of the glue's DMA and config callbacks.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#ifndef HW_NET_RTL8127_CORE_PRIV_H
#define HW_NET_RTL8127_CORE_PRIV_H

#include "rtl8127_core.h"

static inline bool rtl8127_dma_read(RTL8127Core *core, uint64_t addr,
                                    void *buf, size_t len)
{
    return core->ops->dma_read(core->owner, addr, buf, len);
}

static inline bool rtl8127_dma_write(RTL8127Core *core, uint64_t addr,
                                     const void *buf, size_t len)
{
    return core->ops->dma_write(core->owner, addr, buf, len);
}

static inline bool rtl8127_bus_master(RTL8127Core *core)
{
    return core->ops->bus_master(core->owner);
}

/* rtl8127_core.c: little-endian accessors on the register storage */
uint8_t rtl8127_rd8(RTL8127Core *core, uint32_t off);
uint16_t rtl8127_rd16(RTL8127Core *core, uint32_t off);
uint32_t rtl8127_rd32(RTL8127Core *core, uint32_t off);
void rtl8127_wr32(RTL8127Core *core, uint32_t off, uint32_t val);
bool rtl8127_vector_mode(RTL8127Core *core);

/* rtl8127_intr.c */
void rtl8127_intr_init(RTL8127Core *core);
void rtl8127_intr_uninit(RTL8127Core *core);
void rtl8127_intr_reset(RTL8127Core *core);
void rtl8127_intr_update(RTL8127Core *core);
void rtl8127_raise_legacy(RTL8127Core *core, uint32_t bits);
void rtl8127_event_rx(RTL8127Core *core, int q);
void rtl8127_event_tx(RTL8127Core *core, int q);
void rtl8127_event_link(RTL8127Core *core);
void rtl8127_intr_write(RTL8127Core *core, uint32_t off, uint32_t val,
                        unsigned size);
uint64_t rtl8127_intr_read(RTL8127Core *core, uint32_t off, unsigned size);
void rtl8127_tctr_write(RTL8127Core *core, bool restart);
uint32_t rtl8127_tctr_read(RTL8127Core *core);

/* rtl8127_phy.c */
void rtl8127_phy_init(RTL8127Core *core);
void rtl8127_phy_uninit(RTL8127Core *core);
void rtl8127_phy_reset(RTL8127Core *core);
uint16_t rtl8127_phy_read(RTL8127Core *core, uint16_t addr);
void rtl8127_phy_write(RTL8127Core *core, uint16_t addr, uint16_t val);
void rtl8127_phy_update_link(RTL8127Core *core);
uint32_t rtl8127_phystatus(RTL8127Core *core);

/* rtl8127_dma.c */
void rtl8127_dma_init(RTL8127Core *core);
void rtl8127_dma_uninit(RTL8127Core *core);
void rtl8127_dma_reset(RTL8127Core *core);
void rtl8127_tx_kick(RTL8127Core *core, int q);
void rtl8127_counters_cmd(RTL8127Core *core, uint32_t low);
void rtl8127_rx_kick(RTL8127Core *core);

/* rtl8127_rss.c */
typedef struct RTL8127PktInfo {
    bool ipv4, ipv6, tcp, udp;
    bool ip_frag;
    bool ip6_ext;           /* IPv6 extension headers present */
    size_t l3_off;          /* offset of the IP header in the frame */
    size_t l4_off;          /* offset of the TCP/UDP header, if tcp/udp */
    size_t l3_len;          /* bytes of IP datagram present in the frame */
} RTL8127PktInfo;

void rtl8127_parse_pkt(const uint8_t *buf, size_t len, RTL8127PktInfo *pi);
bool rtl8127_rss_enabled(RTL8127Core *core);
int rtl8127_rx_queues(RTL8127Core *core);
/* returns true and sets *hash and *info if a hash type matched */
bool rtl8127_rss_hash(RTL8127Core *core, const uint8_t *buf,
                      const RTL8127PktInfo *pi, uint32_t *hash,
                      uint32_t *info);
int rtl8127_rss_queue(RTL8127Core *core, uint32_t hash);

#endif
