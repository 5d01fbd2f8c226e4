// SPDX-License-Identifier: GPL-2.0
// "What to try next": each rule of docs/scripts.md on a run put together
// by hand (numbers chosen on either side of the thresholds), so that the
// expected hint and its number come from here, not from the report.
#include "rxreport.hpp"

#include <gtest/gtest.h>

using namespace rxs;

namespace {

// two CPUs; CPU0 at soft+irq = `load` %
rxs::Run base(double load)
{
	rxs::Run r;
	r.iface = "eth0";
	r.iperf.version = "3.18";
	r.iperf.streams = 4;
	CpuStats c0, c1;
	c0.cpu = 0;
	c0.soft.mean = load - 5;
	c0.irq.mean = 5;
	c1.cpu = 1;
	c1.soft.mean = 1;
	r.cpu.cpus = {c0, c1};
	r.cpu.busiest = 0;
	r.softirq_cpus = {0, 1};
	r.net_rx = {500, 500};
	r.net_tx = {0, 0};
	r.settings = {{"sysctl/netdev_budget", "300"},
		      {"sysctl/netdev_budget_usecs", "8000"},
		      {"sysctl/netdev_max_backlog", "1000"},
		      {"threaded", "0"},
		      {"queues/rx-0/rps_cpus", "0"}};
	return r;
}

QueueIrqDelta irq(const std::string &n, QueueKind k, int q, std::vector<std::uint64_t> per_cpu)
{
	QueueIrqDelta d;
	d.irq = std::to_string(40 + q);
	d.name = n;
	d.q.kind = k;
	d.q.queue = q;
	d.per_cpu = per_cpu;
	for (auto v : per_cpu)
		d.total += v;
	return d;
}

std::string all(const std::vector<Hint> &h)
{
	std::string s;
	for (const Hint &x : h)
		s += x.measured + " => " + x.advice + "\n";
	return s;
}

bool has(const std::vector<Hint> &h, const std::string &measured, const std::string &advice_part)
{
	for (const Hint &x : h)
		if (x.measured == measured && x.advice.find(advice_part) != std::string::npos)
			return true;
	return false;
}

} // namespace

TEST(Hints, QuietRunHasNone)
{
	rxs::Run r = base(20);
	r.irqs = {irq("eth0-rx-0", QueueKind::rx, 0, {100, 0}), irq("eth0-rx-1", QueueKind::rx, 1, {0, 100})};
	EXPECT_TRUE(hints(r).empty()) << all(hints(r));
}

TEST(Hints, OneBusyCoreOneIrq)
{
	rxs::Run r = base(45.5);
	r.irqs = {irq("eth0-rx-0", QueueKind::rx, 0, {900, 0}), irq("eth0-tx-0", QueueKind::tx, 0, {50, 0})};
	r.settings.push_back({"ethtool -l combined", "1 (max 4)"});
	auto h = hints(r);
	EXPECT_TRUE(has(h, "one RX IRQ (IRQ 40, `eth0-rx-0`) and busiest core CPU0 at 45.5 % %soft+%irq",
			"RSS (`ethtool -l` says combined 1 of up to 4: `ethtool -L eth0 combined 4`), or RPS: "
			"`rxscale-tune rps eth0 on`"))
		<< all(h);
	// RPS on already: only RSS is offered
	r.settings[4].second = "3";
	h = hints(r);
	ASSERT_EQ(h.size(), 1u) << all(h);
	EXPECT_EQ(h[0].advice.find("rxscale-tune rps"), std::string::npos) << all(h);
	// below 30 %: no hint
	r = base(29.9);
	r.irqs = {irq("eth0", QueueKind::dev, -1, {900, 0})};
	EXPECT_TRUE(hints(r).empty()) << all(hints(r));
	// a device IRQ counts as one RX IRQ; no ethtool -l recorded
	r = base(30);
	r.irqs = {irq("eth0", QueueKind::dev, -1, {900, 0})};
	h = hints(r);
	EXPECT_TRUE(has(h, "one RX IRQ (IRQ 39, `eth0`) and busiest core CPU0 at 30.0 % %soft+%irq",
			"RPS: `rxscale-tune rps eth0 on` (or RSS, if `ethtool -l eth0` shows more queues)"))
		<< all(h);
}

TEST(Hints, NetRxOnOneCpuWithoutRps)
{
	rxs::Run r = base(10);
	r.net_rx = {300, 700}; // 70.0 %: the threshold
	auto h = hints(r);
	EXPECT_TRUE(has(h, "CPU1 ran 70.0 % of the NET_RX softirqs, RPS off", "`rxscale-tune rps eth0 on`")) << all(h);
	r.net_rx = {301, 699};
	EXPECT_TRUE(hints(r).empty()) << all(hints(r));
	r.net_rx = {100, 900};
	r.settings[4].second = "00000003";
	EXPECT_TRUE(hints(r).empty()) << all(hints(r));
}

TEST(Hints, SkewedRssAndIrqsOnOneCpu)
{
	rxs::Run r = base(10);
	// 4 RX IRQs, one with 400 of 700 = 57.1 % (even 25 %), all on CPU1
	r.irqs = {irq("eth0-rx-0", QueueKind::rx, 0, {0, 400}), irq("eth0-rx-1", QueueKind::rx, 1, {0, 100}),
		  irq("eth0-rx-2", QueueKind::rx, 2, {0, 100}), irq("eth0-rx-3", QueueKind::rx, 3, {0, 100})};
	r.settings.push_back({"ethtool -x indirection table", "8 entries: q0 5, q1 1, q2 1, q3 1"});
	const auto h = hints(r);
	EXPECT_TRUE(has(h, "largest RX IRQ share 57.1 % (even 25.0 %)",
			"`ethtool -x`: 8 entries: q0 5, q1 1, q2 1, q3 1; `ethtool -X eth0 equal N`"))
		<< all(h);
	EXPECT_TRUE(has(h, "4 RX IRQs, all taken by CPU1", "`rxscale-tune spread eth0`")) << all(h);
	// 175 of 700 each: even, and on two CPUs: nothing
	r.irqs = {irq("eth0-rx-0", QueueKind::rx, 0, {175, 0}), irq("eth0-rx-1", QueueKind::rx, 1, {0, 175}),
		  irq("eth0-rx-2", QueueKind::rx, 2, {175, 0}), irq("eth0-rx-3", QueueKind::rx, 3, {0, 175})};
	EXPECT_TRUE(hints(r).empty()) << all(hints(r));
}

TEST(Hints, SoftnetDropsSqueezeAndThreads)
{
	rxs::Run r = base(10);
	SoftnetCpu a, b;
	a.cpu = 0;
	a.dropped = 12;
	a.time_squeeze = 3;
	b.cpu = 1;
	b.time_squeeze = 4;
	r.softnet = {a, b};
	ThreadLoad k0, n0, k1;
	k0.comm = "ksoftirqd/0";
	k0.percent = 20.0;
	k1.comm = "ksoftirqd/1";
	k1.percent = 19.9;
	n0.comm = "napi/eth0-8193";
	n0.percent = 95.0;
	r.threads = {n0, k0, k1};
	const auto h = hints(r);
	EXPECT_TRUE(has(h, "softnet_stat dropped 12 (CPU0 12)", "`net.core.netdev_max_backlog` (now 1000)")) << all(h);
	EXPECT_TRUE(has(h, "softnet_stat time_squeeze 7 (CPU0 3, CPU1 4)",
			"`net.core.netdev_budget` (now 300) or `netdev_budget_usecs` (now 8000)"))
		<< all(h);
	EXPECT_TRUE(has(h, "`ksoftirqd/0` used 20.0 % of a CPU", "`rxscale-tune threaded eth0 on`")) << all(h);
	EXPECT_TRUE(has(h, "`napi/eth0-8193` used 95.0 % of a CPU", "saturated")) << all(h);
	EXPECT_EQ(all(h).find("ksoftirqd/1"), std::string::npos) << all(h);
}

TEST(Hints, NicDropsAndOldIperf)
{
	rxs::Run r = base(10);
	r.ethtool_delta = {{"rx_packets", 1000}, {"rx_missed_errors", 42}};
	r.settings.push_back({"ethtool -g rx", "256 (max 4096)"});
	r.meta["iperf3_warning"] = "iperf3 3.12 is older than 3.16";
	r.iperf.version = "3.12";
	const auto h = hints(r);
	EXPECT_TRUE(has(h, "`rx_missed_errors` +42",
			"raise the RX ring (`ethtool -g`: rx 256 of up to 4096: `ethtool -G eth0 rx 4096`)"))
		<< all(h);
	EXPECT_TRUE(has(h, "iperf3 3.12 with 4 streams", "3.16 or newer")) << all(h);
	r.iperf.streams = 1; // one stream: one thread is all it needs
	r.ethtool_delta = {{"tx_dropped", 5}};
	EXPECT_TRUE(hints(r).empty()) << all(hints(r));
}
