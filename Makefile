# SPDX-License-Identifier: GPL-2.0
#
# rxscale: out-of-tree RSS-capable NIC drivers.
#
#   make [KDIR=<kernel build dir>] [ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-] [W=1] [C=1]
#   make install            the tools and man pages into PREFIX (/usr/local;
#                           DESTDIR honoured), the modules into
#                           /lib/modules/<release>/updates + depmod when KDIR is
#                           a kernel tree (make install-tools / modules_install:
#                           one of them); make uninstall undoes it
#   make check              the gate tier: unit tests, compile matrix, checkpatch,
#                           dkms, scripts, the bench's gate scenarios
#   make check-full         everything: every bench scenario at full length and
#                           softirq-compare, check-debug (about 4 h); RESUME=1
#                           skips what passed on the same content before
#   make check-debug        the debug-kernel tier: KASAN/lockdep/kmemleak/DMA-API
#                           kernel, its negative controls, the drivers' scenarios on it
#   make demo               the drivers on the emulated bench (no NIC needed)
#   make selftests          the kernel's driver selftests on the bench, r8127 and r8169
#
# KDIR defaults to the running kernel's build directory.

KDIR ?= /lib/modules/$(shell uname -r)/build
TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
BUILD ?= $(TOP)/build

# Debian's header packages keep the upstream version in kernel.release; the
# release modules load into is UTS_RELEASE.
KREL = $(shell sed -n 's/.*UTS_RELEASE "\(.*\)"/\1/p' $(KDIR)/include/generated/utsrelease.h 2>/dev/null)
COMPAT_DIR = $(BUILD)/compat/$(KREL)-$(or $(ARCH),$(shell uname -m))
KBUILD_ARGS = -C $(KDIR) M=$(TOP) RXSCALE_COMPAT_DIR=$(COMPAT_DIR)

.PHONY: all modules install install-tools install-no-modules modules_install \
	uninstall uninstall-tools uninstall-modules clean compat kdir-check hdrtest check check-full \
	prepare unit matrix checkpatch bench bench-full demo help toeplitz-bench \
	report-tool netns-demo netns-sweep guest-demo softirq-compare selftests gbeth-compare \
	debug-kernel check-debug rebalance-compare rebalance-loop rss-count-cost \
	rss-count-cost-mt7988

all: modules

# $(error) in the recipe: one line, and only for targets that need KDIR.
kdir-check:
	$(if $(wildcard $(KDIR)/Makefile),,$(error no kernel build tree at $(KDIR): install your kernel's headers (Debian: apt install linux-headers-$(shell uname -r)) or pass KDIR=<kernel build dir>))
	$(if $(KREL),,$(error $(KDIR) is not a prepared kernel tree (no include/generated/utsrelease.h): run 'make modules_prepare' there))

# Probes are compiled against KDIR; the header is kept per kernel release
# and arch, so switching KDIR never uses another tree's answers.
compat: kdir-check
	@$(TOP)/compat/gen-compat.sh $(KDIR) $(COMPAT_DIR)/rxscale_autoconf.h \
		"$(ARCH)" "$(CROSS_COMPILE)"

modules: compat
	$(MAKE) $(KBUILD_ARGS) modules

# make install: the user tools with their man pages (PREFIX, default
# /usr/local; DESTDIR), and the modules when there is a kernel tree at KDIR;
# make uninstall removes exactly what install wrote (scripts/install-tools.sh
# keeps the list in PREFIX/share/rxscale/installed).
PREFIX ?= /usr/local
install: install-tools $(if $(wildcard $(KDIR)/Makefile),modules_install,install-no-modules)

install-no-modules:
	@echo "modules not installed: no kernel build tree at $(KDIR) (make modules_install KDIR=<kernel build dir>)"

modules_install: modules
	$(MAKE) $(KBUILD_ARGS) INSTALL_MOD_DIR=updates modules_install
	depmod -a $(if $(INSTALL_MOD_PATH),-b $(INSTALL_MOD_PATH)) $(KREL)

install-tools:
	@DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" $(if $(BINDIR),BINDIR="$(BINDIR)") \
		$(if $(MANDIR),MANDIR="$(MANDIR)") $(if $(REPORT_BIN),REPORT_BIN="$(REPORT_BIN)") \
		$(if $(REBALANCE_BIN),REBALANCE_BIN="$(REBALANCE_BIN)") \
		sh $(TOP)/scripts/install-tools.sh install

uninstall: uninstall-tools $(if $(KREL),uninstall-modules)

uninstall-tools:
	@DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" sh $(TOP)/scripts/install-tools.sh uninstall

# the .ko files modules_install wrote into updates/ (compressed or not)
uninstall-modules:
	@for m in core/rxscale_core $$(for d in r8169 mtk_eth_soc ravb; do [ ! -f $(TOP)/$$d/Kbuild ] || \
		sed -n "s|^obj-m[ +:]*=[ ]*\([a-z0-9_]*\)\.o.*|$$d/\1|p" $(TOP)/$$d/Kbuild; done); do \
		for f in $(INSTALL_MOD_PATH)/lib/modules/$(KREL)/updates/$$m.ko*; do \
			[ -e "$$f" ] || continue; rm -f "$$f" && echo "removed $$f"; \
		done; \
	done
	depmod -a $(if $(INSTALL_MOD_PATH),-b $(INSTALL_MOD_PATH)) $(KREL)

# A module that includes every include/ header and calls its helpers, and
# one that uses every kernel-only piece of rxscale_core (built first).
hdrtest: modules
	$(MAKE) -C $(KDIR) M=$(TOP)/tests/kmod RXSCALE_COMPAT_DIR=$(COMPAT_DIR) \
		KBUILD_EXTRA_SYMBOLS=$(TOP)/Module.symvers modules

clean:
	-test ! -f $(KDIR)/Makefile || $(MAKE) $(KBUILD_ARGS) clean
	-test ! -f $(KDIR)/Makefile || $(MAKE) -C $(KDIR) M=$(TOP)/tests/kmod clean
	rm -rf $(BUILD)

# ---- tests ---------------------------------------------------------------

unit:
	tests/run-unit.sh

matrix:
	tests/matrix/run-matrix.sh

# Measured speed of the two Toeplitz versions (ns per hash); not a test.
toeplitz-bench: unit
	build/tests/unit/toeplitz_bench

checkpatch:
	tests/matrix/run-checkpatch.sh

# What make check needs, installed and built (cached), each step timed.
prepare:
	tests/prepare.sh

bench:
	tests/bench/run-all.sh --tier gate

bench-full:
	tests/bench/run-all.sh --tier full

demo:
	tests/bench/demo.sh

# Linux 7.3's own driver selftests (drivers/net/, drivers/net/hw/) against
# r8127 and upstream r8169 on the RTL8127 model, the peer namespace as the
# remote (docs/selftests.md). SELFTESTS=ping.py,hw/rss_api.py picks tests.
selftests:
	tests/bench/selftests.sh $(if $(SELFTESTS),--tests $(SELFTESTS)) $(if $(DRIVERS),--drivers $(DRIVERS))

# scripts/: the report tool, and real end-to-end runs of rxscale-bench +
# rxscale-report over veth between two namespaces and through the bench.
report-tool:
	cmake -S scripts/report -B build/report-tool >/dev/null
	cmake --build build/report-tool -j2

netns-demo:
	sh tests/deps.sh scripts
	tests/report/netns-demo.sh

# rxscale-bench --sweep over veth: -P 1/4/8/20 and RPS off/on, 5 runs a
# point (DEMO_SECONDS, default 5 s each), both reports with their plots in
# build/netns-sweep/report-*; the RPS sweep must restore rps_cpus
netns-sweep:
	sh tests/deps.sh scripts
	tests/report/netns-sweep.sh

guest-demo:
	tests/report/guest-demo.sh

# Busiest CPU's share of receive (NET_RX) softirq time, upstream r8169 vs
# r8127, on the RTL8127 model with the peer isolated on its own vCPU
# (issue 4's goal: r8127 <= 40 %, r8169 >= 90 %), the all-softirq share
# beside it, 5 runs with their spread. Exits 1 when a run misses a goal.
softirq-compare:
	tests/bench/softirq-compare.sh --runs 5

# Issue 20: r8127's busiest DUT CPU's NET_RX softirq share with the default
# RSS table and after rxscale-tune rebalance --once, in the same boot and
# iperf3 -R -P 20 session, 5 boots (goal: <= 30 % after in every boot),
# with the busiest ring's packet share and the streams per CPU beside it
# (docs/rebalance.md). Exits 1 when a check fails or the goal is missed.
rebalance-compare:
	tests/bench/rebalance-compare.sh --runs 5

# Issue 20: rxscale-tune rebalance --loop while the flows change (two
# iperf3 -R -P 20 sessions, new ports in the second): the shares at the
# end of each and whether the loop followed within 4 decisions and then
# held (docs/rebalance.md). 3 boots.
rebalance-loop:
	tests/bench/rebalance-compare.sh --loop --runs 3

# Issue 20: the instructions r8127's own code executes per received frame
# with the per-bucket RSS counters and without them (a build with
# KCFLAGS=-DR8127_BENCH_NO_RSS_BUCKETS), pktgen into CPU 0, TCG plugin
# counting r8127's text pages; 2 boots each.
rss-count-cost:
	tests/bench/rss-count-cost.sh --runs 2

# The same for mt7988_eth, which counts by hashing in software while its
# debugfs rss_buckets_count is 1: counting on, off, and a build without
# the code (docs/rebalance.md); 2 boots each.
rss-count-cost-mt7988:
	tests/bench/rss-count-cost.sh --nic mt7988 --runs 2

# rzg2l_gbeth on the GbEth model as a single-core board (the peer on a
# vCPU of its own): its defaults against coalescing and threading off and
# against upstream ravb, per workload: goodput, interrupts and emulated
# instructions per packet (TCG plugin), 3 runs each with their spread;
# issue 16's goals. KERNEL=6.1 for Debian's 6.1 (no ravb there).
gbeth-compare:
	tests/bench/gbeth-compare.sh --runs 3 $(if $(KERNEL),--kernel $(KERNEL))

check:
	tests/run-check.sh

check-full:
	tests/run-check.sh --full $(if $(RESUME),--resume)

# The debug kernel alone (tests/kdebug/build.sh, cached by config hash), and
# the debug tier (docs/debug-kernel.md). Part of `make check-full`, never of
# `make check`: the kernel's cold build alone takes 16-25 min here.
debug-kernel:
	tests/kdebug/build.sh

check-debug:
	tests/kdebug/check.sh

help:
	@sed -n '3,19p' $(TOP)/Makefile
