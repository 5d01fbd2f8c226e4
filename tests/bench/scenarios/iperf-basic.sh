#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Link, ping and TCP both ways through the NIC under test: 4 streams for
# 10 s with the DUT sending, then 4 streams for 10 s with it receiving.
. ./lib.sh

rxs_setup virtio_net
rxs_wait_link 20
rxs_ping 5
rxs_iperf fwd 4 10
rxs_iperf rev 4 10
rxs_irqs
rxs_dmesg_check
