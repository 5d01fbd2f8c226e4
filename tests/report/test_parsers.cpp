// SPDX-License-Identifier: GPL-2.0
// Parsers of rxscale-report on recorded iperf3 3.12 / 3.18 and mpstat JSON
// (tests/report/data, see docs/scripts.md), on inputs cut or broken from
// those recordings, and on /proc/interrupts text.
#include "rxreport.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace rxs;
using namespace rxs_test;
using json = nlohmann::json;

// ---- iperf3 ---------------------------------------------------------------------

TEST(Iperf, Tcp312MatchesTheRecording)
{
	const std::string text = data("iperf3-3.12-tcp-P2.json");
	const json j = json::parse(text);
	const IperfRun r = parse_iperf(text, "t");
	EXPECT_EQ(r.version, "3.12");
	EXPECT_EQ(r.protocol, "TCP");
	EXPECT_EQ(r.streams, 2);
	EXPECT_DOUBLE_EQ(r.duration, 5);
	EXPECT_FALSE(r.reverse);
	EXPECT_EQ(r.intervals_sender, std::optional<bool>(true));
	EXPECT_EQ(r.timesecs, j["start"]["timestamp"]["timesecs"].get<long long>());
	ASSERT_EQ(r.intervals.size(), j["intervals"].size());
	for (std::size_t i = 0; i < r.intervals.size(); i++) {
		const json &s = j["intervals"][i]["sum"];
		EXPECT_DOUBLE_EQ(r.intervals[i].bps, s["bits_per_second"].get<double>());
		ASSERT_TRUE(r.intervals[i].retransmits.has_value());
		EXPECT_EQ(*r.intervals[i].retransmits, s["retransmits"].get<long long>());
	}
	EXPECT_DOUBLE_EQ(r.received_bps, j["end"]["sum_received"]["bits_per_second"].get<double>());
	EXPECT_DOUBLE_EQ(r.sent_bps, j["end"]["sum_sent"]["bits_per_second"].get<double>());
	ASSERT_TRUE(r.retransmits.has_value());
	EXPECT_EQ(*r.retransmits, j["end"]["sum_sent"]["retransmits"].get<long long>());
	EXPECT_GT(r.received_bps, 1e8); // a real transfer happened
}

TEST(Iperf, Tcp318MatchesTheRecording)
{
	const std::string text = data("iperf3-3.18-tcp-P2.json");
	const json j = json::parse(text);
	const IperfRun r = parse_iperf(text, "t");
	EXPECT_EQ(r.version, "3.18");
	EXPECT_EQ(r.streams, 2);
	ASSERT_EQ(r.intervals.size(), j["intervals"].size());
	EXPECT_DOUBLE_EQ(r.received_bps, j["end"]["sum_received"]["bits_per_second"].get<double>());
	const std::vector<double> g = interval_gbps(r);
	ASSERT_FALSE(g.empty());
	EXPECT_DOUBLE_EQ(g[0], j["intervals"][0]["sum"]["bits_per_second"].get<double>() / 1e9);
}

TEST(Iperf, ReverseRunHasReceiverIntervals)
{
	const std::string text = data("iperf3-3.12-tcp-R.json");
	const json j = json::parse(text);
	const IperfRun r = parse_iperf(text, "t");
	EXPECT_TRUE(r.reverse);
	EXPECT_EQ(r.intervals_sender, std::optional<bool>(false));
	// the client receives: its intervals carry no retransmits
	for (const IperfInterval &iv : r.intervals)
		EXPECT_FALSE(iv.retransmits.has_value());
	EXPECT_DOUBLE_EQ(r.received_bps, j["end"]["sum_received"]["bits_per_second"].get<double>());
}

TEST(Iperf, UdpLossFromBothVersions)
{
	for (const char *f : {"iperf3-3.12-udp.json", "iperf3-3.18-udp.json"}) {
		SCOPED_TRACE(f);
		const std::string text = data(f);
		const json j = json::parse(text);
		const IperfRun r = parse_iperf(text, f);
		EXPECT_EQ(r.protocol, "UDP");
		ASSERT_TRUE(r.lost_percent.has_value());
		EXPECT_DOUBLE_EQ(*r.lost_percent, j["end"]["sum"]["lost_percent"].get<double>());
		ASSERT_TRUE(r.packets.has_value());
		EXPECT_EQ(*r.packets, j["end"]["sum"]["packets"].get<long long>());
		EXPECT_FALSE(r.retransmits.has_value());
	}
}

TEST(Iperf, IntervalSeriesLeavesOutOmittedAndShortTail)
{
	json j = json::parse(data("iperf3-3.12-tcp-P2.json"));
	const std::size_t n = j["intervals"].size();
	j["intervals"][0]["sum"]["omitted"] = true;
	json tail = j["intervals"][n - 1];
	tail["sum"]["start"] = 5.0;
	tail["sum"]["end"] = 5.2;
	j["intervals"].push_back(tail);
	const IperfRun r = parse_iperf(j.dump(), "t");
	EXPECT_EQ(r.intervals.size(), n + 1);
	EXPECT_EQ(interval_gbps(r).size(), n - 1);
}

TEST(Iperf, RefusedConnectionIsAnError)
{
	const std::string m = error_of([] { parse_iperf(data("iperf3-3.12-refused.json"), "f.json"); });
	EXPECT_NE(m.find("f.json"), std::string::npos) << m;
	EXPECT_NE(m.find("Connection refused"), std::string::npos) << m;
	EXPECT_NE(m.find("did not complete"), std::string::npos) << m;
}

TEST(Iperf, RunWhoseServerDiedIsAnError)
{
	// recorded: the server was killed 2.5 s into a 6 s run
	const std::string m = error_of([] { parse_iperf(data("iperf3-3.12-truncated.json"), "t"); });
	EXPECT_NE(m.find("did not complete"), std::string::npos) << m;
}

TEST(Iperf, MissingEndSummaryIsAnError)
{
	// the recorded truncated run without its "error" line: still refused
	json j = json::parse(data("iperf3-3.12-truncated.json"));
	j.erase("error");
	const std::string m = error_of([&] { parse_iperf(j.dump(), "t"); });
	EXPECT_NE(m.find("no end-of-test summary"), std::string::npos) << m;
}

TEST(Iperf, IntervalsThatStopEarlyAreAnError)
{
	json j = json::parse(data("iperf3-3.12-tcp-P2.json"));
	j["intervals"].erase(j["intervals"].size() - 1);
	j["intervals"].erase(j["intervals"].size() - 1);
	const std::string m = error_of([&] { parse_iperf(j.dump(), "t"); });
	EXPECT_NE(m.find("cut short"), std::string::npos) << m;
}

TEST(Iperf, FileCutInTheMiddleIsAnError)
{
	const std::string text = data("iperf3-3.18-tcp-P2.json");
	const std::string m = error_of([&] { parse_iperf(text.substr(0, text.size() / 2), "t"); });
	EXPECT_NE(m.find("not valid JSON"), std::string::npos) << m;
}

TEST(Iperf, EmptyAndForeignInputAreErrors)
{
	EXPECT_NE(error_of([] { parse_iperf("", "t"); }).find("empty file"), std::string::npos);
	EXPECT_NE(error_of([] { parse_iperf("  \n", "t"); }).find("empty file"), std::string::npos);
	EXPECT_NE(error_of([] { parse_iperf("[1,2]", "t"); }).find("not an iperf3"), std::string::npos);
	EXPECT_NE(error_of([] { parse_iperf(data("mpstat-12.6.json"), "t"); }).find("\"start\" missing"),
		  std::string::npos);
	json j = json::parse(data("iperf3-3.12-tcp-P2.json"));
	j["intervals"][1]["sum"]["bits_per_second"] = "fast";
	EXPECT_NE(error_of([&] { parse_iperf(j.dump(), "t"); }).find("is not a number"),
		  std::string::npos);
}

// ---- mpstat -----------------------------------------------------------------

TEST(Mpstat, MatchesTheRecording)
{
	const std::string text = data("mpstat-12.6.json");
	const json j = json::parse(text);
	const json &h = j["sysstat"]["hosts"][0];
	const Mpstat m = parse_mpstat(text, "t");
	EXPECT_EQ(m.ncpus, h["number-of-cpus"].get<int>());
	ASSERT_EQ(m.samples.size(), h["statistics"].size());
	ASSERT_GE(m.samples.size(), 3u);
	for (std::size_t i = 0; i < m.samples.size(); i++) {
		ASSERT_TRUE(m.samples[i].time.has_value());
		if (i)
			EXPECT_EQ(*m.samples[i].time - *m.samples[i - 1].time, 1);
		EXPECT_EQ(m.samples[i].cpus.size(), static_cast<std::size_t>(m.ncpus));
		for (const json &l : h["statistics"][i]["cpu-load"]) {
			if (l["cpu"] == "all")
				continue;
			const CpuLoad &c = m.samples[i].cpus.at(std::stoi(l["cpu"].get<std::string>()));
			EXPECT_DOUBLE_EQ(c.soft, l["soft"].get<double>());
			EXPECT_DOUBLE_EQ(c.irq, l["irq"].get<double>());
			EXPECT_DOUBLE_EQ(c.sys, l["sys"].get<double>());
		}
	}
}

TEST(Mpstat, KilledMidWriteIsAnError)
{
	// recorded: mpstat killed with SIGKILL while writing
	const std::string m = error_of([] { parse_mpstat(data("mpstat-killed.json"), "mp.json"); });
	EXPECT_NE(m.find("mp.json: not valid JSON"), std::string::npos) << m;
}

TEST(Mpstat, NoSamplesIsAnError)
{
	json j = json::parse(data("mpstat-12.6.json"));
	j["sysstat"]["hosts"][0]["statistics"] = json::array();
	EXPECT_NE(error_of([&] { parse_mpstat(j.dump(), "t"); }).find("no samples"), std::string::npos);
}

TEST(Mpstat, WindowKeepsSamplesWhollyInsideTheRun)
{
	const Mpstat m = parse_mpstat(data("mpstat-12.6.json"), "t");
	const long long t0 = *m.samples[0].time;
	// a run that starts 1 s before the first sample and lasts 4 s: samples
	// stamped t0+1 .. t0+2 lie wholly inside it
	const CpuReport c = cpu_report(m, t0 - 1, 4.0);
	EXPECT_TRUE(c.aligned);
	EXPECT_EQ(c.samples, 2u);
	// the means are those of samples 1 and 2
	for (const CpuStats &s : c.cpus) {
		const double want = (m.samples[1].cpus.at(s.cpu).soft + m.samples[2].cpus.at(s.cpu).soft) / 2;
		EXPECT_NEAR(s.soft.mean, want, 1e-9);
	}
}

TEST(Mpstat, RunOutsideTheSamplesIsAnError)
{
	const Mpstat m = parse_mpstat(data("mpstat-12.6.json"), "t");
	const std::string e = error_of([&] { cpu_report(m, *m.samples[0].time + 3600, 10); });
	EXPECT_NE(e.find("no mpstat sample"), std::string::npos) << e;
}

TEST(Mpstat, NonIsoDateFallsBackToAllSamples)
{
	json j = json::parse(data("mpstat-12.6.json"));
	j["sysstat"]["hosts"][0]["date"] = "11/30/26";
	const Mpstat m = parse_mpstat(j.dump(), "t");
	EXPECT_FALSE(m.samples[0].time.has_value());
	const CpuReport c = cpu_report(m, 0, 5);
	EXPECT_FALSE(c.aligned);
	EXPECT_EQ(c.samples, m.samples.size());
}

TEST(Mpstat, MissingFieldIsAnError)
{
	json j = json::parse(data("mpstat-12.6.json"));
	j["sysstat"]["hosts"][0]["statistics"][0]["cpu-load"][1].erase("soft");
	EXPECT_NE(error_of([&] { parse_mpstat(j.dump(), "t"); }).find("\"soft\" missing"),
		  std::string::npos);
}

// ---- /proc/interrupts, /proc/softirqs, ethtool -S ----------------------------------

TEST(Proc, RecordedInterruptsAndSoftirqs)
{
	const ProcTable t = parse_interrupts(data("run-rps-off/interrupts.before"), "t");
	EXPECT_EQ(t.cpus, (std::vector<int>{0, 1}));
	const IrqLine *loc = t.find("LOC");
	ASSERT_NE(loc, nullptr);
	EXPECT_EQ(loc->counts.size(), 2u);
	for (const IrqLine &l : t.lines)
		if (!l.names.empty())
			EXPECT_EQ(l.counts.size(), 2u);
	const ProcTable s = parse_softirqs(data("run-rps-off/softirqs.before"), "t");
	ASSERT_NE(s.find("NET_RX"), nullptr);
	EXPECT_EQ(s.find("NET_RX")->counts.size(), 2u);
	EXPECT_THROW(parse_softirqs(data("run-rps-off/interrupts.before"), "t"), Error);
	EXPECT_THROW(parse_interrupts("", "t"), Error);
	EXPECT_THROW(parse_interrupts("garbage here\n", "t"), Error);
}

TEST(Proc, RecordedEthtoolOfVeth)
{
	const auto e = parse_ethtool(data("run-rps-off/ethtool-S.before"), "t");
	ASSERT_FALSE(e.empty());
	EXPECT_EQ(e[0].first, "peer_ifindex");
	EXPECT_THROW(parse_ethtool("NIC statistics:\n     rx: lots\n", "t"), Error);
	EXPECT_THROW(parse_ethtool("", "t"), Error);
}

// Queue IRQ names: the rule of docs/scripts.md
TEST(QueueIrqNames, Classification)
{
	struct Case {
		const char *name, *iface;
		QueueKind kind;
		int queue;
	} cases[] = {
		{"eth0-rx-0", "eth0", QueueKind::rx, 0},
		{"eth0-tx-3", "eth0", QueueKind::tx, 3},
		{"eth0-TxRx-1", "eth0", QueueKind::txrx, 1},
		{"enp1s0-combined-7", "enp1s0", QueueKind::txrx, 7},
		{"enp1s0-3", "enp1s0", QueueKind::vec, 3}, // vendor r8127: vector 3
		{"eth0:ch0:rx_be", "eth0", QueueKind::rx, 0},   // ravb
		{"eth0:ch18:tx_be", "eth0", QueueKind::tx, 18}, // ravb
		{"eth0", "eth0", QueueKind::dev, -1},           // upstream r8169
		{"eth0-link", "eth0", QueueKind::other, -1},
		{"eth0_rx2", "eth0", QueueKind::rx, 2},
	};
	for (const Case &c : cases) {
		SCOPED_TRACE(c.name);
		const auto q = classify_irq(c.name, c.iface);
		ASSERT_TRUE(q.has_value());
		EXPECT_EQ(q->kind, c.kind);
		EXPECT_EQ(q->queue, c.queue);
	}
	EXPECT_FALSE(classify_irq("eth01-rx-0", "eth0")); // another interface
	EXPECT_FALSE(classify_irq("virtio2-input.0", "eth0"));
	EXPECT_FALSE(classify_irq("eth0rx0", "eth0"));   // no separator
	EXPECT_FALSE(classify_irq("eth0-rx-0", ""));     // no interface given
}

TEST(QueueIrqNames, MatchEreNamesTheDevice)
{
	const auto q = classify_irq("r8127-5", "", "^r8127");
	ASSERT_TRUE(q.has_value());
	EXPECT_EQ(q->kind, QueueKind::vec);
	EXPECT_EQ(q->queue, 5);
	const auto r = classify_irq("mtk_eth-rx-2", "eth0", "^mtk_eth");
	ASSERT_TRUE(r.has_value());
	EXPECT_EQ(r->kind, QueueKind::rx);
	EXPECT_EQ(r->queue, 2);
	EXPECT_FALSE(classify_irq("eth0-rx-0", "eth0", "^mtk_eth")); // the ERE replaces the name rule
	EXPECT_THROW(classify_irq("x", "", "(unclosed"), Error);
}

namespace {
// Hand-written in the layout of /proc/interrupts (no NIC with per-queue
// IRQs exists on this machine): 4 RX and 4 TX queue IRQs of eth0.
const char *irq_before =
	"           CPU0       CPU1       CPU2       CPU3\n"
	"  1:          9          0          0          0  IO-APIC   1-edge      i8042\n"
	" 40:        100          0          0          0  PCI-MSIX-0000:01:00.0   0-edge      eth0-rx-0\n"
	" 41:          0        100          0          0  PCI-MSIX-0000:01:00.0   1-edge      eth0-rx-1\n"
	" 42:          0          0 4294967290          0  PCI-MSIX-0000:01:00.0   2-edge      eth0-rx-2\n"
	" 43:          0          0          0        100  PCI-MSIX-0000:01:00.0   3-edge      eth0-rx-3\n"
	" 44:          5          0          0          0  PCI-MSIX-0000:01:00.0   4-edge      eth0-tx-0\n"
	" 45:          5          0          0          0  PCI-MSIX-0000:01:00.0   5-edge      eth1-rx-0\n"
	"NMI:          0          0          0          0   Non-maskable interrupts\n"
	"ERR:          0\n";
const char *irq_after =
	"           CPU0       CPU1       CPU2       CPU3\n"
	"  1:          9          0          0          0  IO-APIC   1-edge      i8042\n"
	" 40:       1100          0          0          0  PCI-MSIX-0000:01:00.0   0-edge      eth0-rx-0\n"
	" 41:          0       1100          0          0  PCI-MSIX-0000:01:00.0   1-edge      eth0-rx-1\n"
	" 42:          0          0        994          0  PCI-MSIX-0000:01:00.0   2-edge      eth0-rx-2\n"
	" 43:          0          0        500       3100  PCI-MSIX-0000:01:00.0   3-edge      eth0-rx-3\n"
	" 44:         15          0          0          0  PCI-MSIX-0000:01:00.0   4-edge      eth0-tx-0\n"
	" 45:       5000          0          0          0  PCI-MSIX-0000:01:00.0   5-edge      eth1-rx-0\n"
	"NMI:          0          0          0          0   Non-maskable interrupts\n"
	"ERR:          0\n";
} // namespace

TEST(QueueIrqNames, DeltasPerQueueAndCpu)
{
	const ProcTable b = parse_interrupts(irq_before, "b"), a = parse_interrupts(irq_after, "a");
	EXPECT_EQ(a.cpus.size(), 4u);
	const auto d = queue_irq_deltas(b, a, "eth0", "", "t");
	ASSERT_EQ(d.size(), 5u); // eth1 and i8042 are not eth0's
	EXPECT_EQ(d[0].name, "eth0-rx-0");
	EXPECT_EQ(d[0].total, 1000u);
	EXPECT_EQ(d[1].per_cpu, (std::vector<std::uint64_t>{0, 1000, 0, 0}));
	// 32-bit counter wrapped: 4294967290 -> 994 is 1000 interrupts
	EXPECT_EQ(d[2].total, 1000u);
	EXPECT_EQ(d[3].total, 3500u);
	EXPECT_EQ(d[3].per_cpu, (std::vector<std::uint64_t>{0, 0, 500, 3000}));
	EXPECT_EQ(d[4].q.kind, QueueKind::tx);
	EXPECT_EQ(d[4].total, 10u);
}

TEST(QueueIrqNames, VethHasNone)
{
	// recorded on the veth run: no IRQ carries the interface name
	const ProcTable b = parse_interrupts(data("run-rps-off/interrupts.before"), "b");
	const ProcTable a = parse_interrupts(data("run-rps-off/interrupts.after"), "a");
	EXPECT_TRUE(queue_irq_deltas(b, a, "rxs0", "", "t").empty());
}

TEST(QueueIrqNames, RenamedIrqOrOtherCpusAreErrors)
{
	const ProcTable b = parse_interrupts(irq_before, "b");
	std::string renamed = irq_after;
	renamed.replace(renamed.find("eth0-rx-1"), 9, "eth0-rx-9");
	EXPECT_THROW(queue_irq_deltas(b, parse_interrupts(renamed, "a"), "eth0", "", "t"), Error);
	const ProcTable two = parse_interrupts(data("run-rps-off/interrupts.after"), "a");
	EXPECT_THROW(queue_irq_deltas(b, two, "eth0", "", "t"), Error);
}

TEST(Iperf, ServerSideOfReverseRunCountsWhatItSent)
{
	// recorded: the server of an iperf3 3.12 -R -t 3 run over veth; it
	// sent (sum_sent 15.68 Gbit/s) and writes sum_received = 0; the client
	// measured 15.65 Gbit/s received
	const std::string text = data("iperf3-3.12-server-R.json");
	const json j = json::parse(text);
	const IperfRun r = parse_iperf(text, "server-R");
	EXPECT_TRUE(r.server_sent);
	EXPECT_DOUBLE_EQ(r.throughput_bps(), j["end"]["sum_sent"]["bits_per_second"].get<double>());
	EXPECT_GT(r.throughput_bps(), 1e9);
	// a client's JSON keeps the receiver's number
	const IperfRun c = parse_iperf(data("iperf3-3.12-tcp-P2.json"), "client");
	EXPECT_FALSE(c.server_sent);
	EXPECT_DOUBLE_EQ(c.throughput_bps(), c.received_bps);
}
