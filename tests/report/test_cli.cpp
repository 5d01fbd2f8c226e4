// SPDX-License-Identifier: GPL-2.0
// rxscale-report as a user runs it, on the recorded run directories of
// tests/report/data (rxscale-bench over veth, RPS off and on), and on
// copies of them that are broken on purpose.
#include "rxreport.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

struct Result {
	int status = -1;
	std::string out, err;
};

std::string slurp(const std::string &p)
{
	std::ifstream in(p);
	return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

bool exists(const std::string &p)
{
	struct stat st {};
	return stat(p.c_str(), &st) == 0;
}

class Cli : public ::testing::Test {
protected:
	std::string tmp;
	void SetUp() override
	{
		char t[] = "/tmp/rxs-report-test.XXXXXX";
		ASSERT_NE(mkdtemp(t), nullptr);
		tmp = t;
	}
	void TearDown() override
	{
		if (!tmp.empty())
			sh("chmod -R u+rwX '" + tmp + "'; rm -rf '" + tmp + "'");
	}
	static int sh(const std::string &cmd)
	{
		const int st = std::system(cmd.c_str());
		return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	}
	Result run(const std::string &args)
	{
		Result r;
		r.status = sh(std::string(RXS_REPORT_BIN) + " " + args + " >'" + tmp + "/stdout' 2>'" +
			      tmp + "/stderr'");
		r.out = slurp(tmp + "/stdout");
		r.err = slurp(tmp + "/stderr");
		return r;
	}
	// a copy of a recorded run directory to break
	std::string copy(const std::string &run)
	{
		const std::string d = tmp + "/" + run;
		EXPECT_EQ(sh("cp -r '" + std::string(RXS_DATA) + "/" + run + "' '" + d + "'"), 0);
		return d;
	}
};

const std::string off = std::string(RXS_DATA) + "/run-rps-off";
const std::string on = std::string(RXS_DATA) + "/run-rps-on";

} // namespace

TEST_F(Cli, SingleRunReport)
{
	const Result r = run(off);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_NE(r.out.find("# rxscale report: rps-off"), std::string::npos);
	EXPECT_NE(r.out.find("## Throughput"), std::string::npos);
	EXPECT_NE(r.out.find("Busiest core: **CPU"), std::string::npos);
	EXPECT_NE(r.out.find("no per-queue IRQs found for rxs0"), std::string::npos);
	EXPECT_NE(r.out.find("older than 3.16"), std::string::npos); // recorded with 3.12
	EXPECT_NE(r.out.find("| `queues/rx-0/rps_cpus` | 0 |"), std::string::npos);
	EXPECT_EQ(r.out.find("!["), std::string::npos); // no plots on stdout
}

TEST_F(Cli, ComparisonWithPlots)
{
	const std::string out = tmp + "/out";
	const Result r = run("-o '" + out + "' " + off + " " + on);
	ASSERT_EQ(r.status, 0) << r.err;
	const std::string md = slurp(out + "/report.md");
	EXPECT_NE(md.find("# rxscale report: rps-off vs rps-on"), std::string::npos);
	// the settings-difference table: the one setting the runs differ in
	EXPECT_NE(md.find("## Settings that differ\n\n1 of the 6 settings recorded before each run differ"),
		  std::string::npos)
		<< md;
	EXPECT_NE(md.find("| `queues/rx-0/rps_cpus` | 0 | 3 |"), std::string::npos) << md;
	EXPECT_NE(md.find("- largest share of NET_RX softirqs: CPU"), std::string::npos) << md;
	EXPECT_NE(md.find("- throughput: "), std::string::npos) << md;
	for (const char *img : {"throughput.png", "softirq-1.png", "softirq-2.png", "softirq-mean.png"}) {
		EXPECT_NE(md.find(std::string("](") + img + ")"), std::string::npos) << img;
		const std::string png = slurp(out + "/" + img);
		ASSERT_GT(png.size(), 1000u) << img;
		EXPECT_EQ(png.substr(1, 3), "PNG") << img;
	}
	EXPECT_FALSE(exists(out + "/report.md.tmp"));
}

TEST_F(Cli, SvgPlots)
{
	const std::string out = tmp + "/svg";
	const Result r = run("--format svg -o '" + out + "' " + on);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_NE(slurp(out + "/throughput.svg").find("<svg"), std::string::npos);
}

TEST_F(Cli, GuestRunThroughTheModelledNic)
{
	// recorded by guest-demo.sh: rxscale-bench under busybox in the arm64
	// guest, upstream r8169 on the RTL8127 model, one IRQ named eth1
	const Result r = run(std::string(RXS_DATA) + "/run-guest-rtl8127");
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_NE(r.out.find("kernel 7.3.4+deb13-arm64, 4 CPUs"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("one IRQ for the whole of eth1 (IRQ 23, no per-queue IRQs): no RSS spread"),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("| 23 | `eth1` | dev | - |"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("| `rx_packets` |"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("| CPU3 |"), std::string::npos) << r.out;
}

TEST_F(Cli, BusyMachineIsNoted)
{
	const std::string d = copy("run-rps-off");
	std::ofstream(d + "/meta.txt", std::ios::app) << "loadavg_before=7.67 6.44 4.65\n";
	Result r = run(d);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_NE(r.out.find("the machine was busy: load average 7.67 6.44 4.65 before the run on 2 CPUs"),
		  std::string::npos)
		<< r.out;
	const std::string q = copy("run-rps-on");
	std::ofstream(q + "/meta.txt", std::ios::app) << "loadavg_before=1.50 1.00 0.90\n";
	r = run(q);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_EQ(r.out.find("the machine was busy"), std::string::npos);
	EXPECT_NE(r.out.find("| load average (1, 5, 15 min) | 1.50 1.00 0.90 before, "),
		  std::string::npos)
		<< r.out;
}

TEST_F(Cli, MissingRunDirectory)
{
	const Result r = run(tmp + "/nope");
	EXPECT_EQ(r.status, 1);
	EXPECT_NE(r.err.find("no such run directory"), std::string::npos) << r.err;
	EXPECT_TRUE(r.out.empty());
}

TEST_F(Cli, RunMarkedFailedIsRefused)
{
	const std::string d = copy("run-rps-off");
	std::ofstream(d + "/status") << "failed: iperf3 reported: unable to connect to server\n";
	const Result r = run(d);
	EXPECT_EQ(r.status, 1);
	EXPECT_NE(r.err.find("not complete"), std::string::npos) << r.err;
	EXPECT_NE(r.err.find("unable to connect"), std::string::npos) << r.err;
	EXPECT_TRUE(r.out.empty());
}

TEST_F(Cli, DirectoryWithoutStatusIsNotARun)
{
	const std::string d = copy("run-rps-off");
	unlink((d + "/status").c_str());
	const Result r = run(d);
	EXPECT_EQ(r.status, 1);
	EXPECT_NE(r.err.find("not a run directory"), std::string::npos) << r.err;
}

TEST_F(Cli, TruncatedIperfJsonLeavesNoReport)
{
	const std::string d = copy("run-rps-on");
	const std::string j = slurp(d + "/iperf3.json");
	std::ofstream(d + "/iperf3.json", std::ios::trunc) << j.substr(0, j.size() / 3);
	const std::string out = tmp + "/out";
	ASSERT_EQ(sh("mkdir -p '" + out + "' && echo old > '" + out + "/report.md'"), 0);
	const Result r = run("-o '" + out + "' " + off + " " + d);
	EXPECT_EQ(r.status, 1);
	EXPECT_NE(r.err.find("iperf3.json: not valid JSON"), std::string::npos) << r.err;
	EXPECT_NE(r.err.find("no report written"), std::string::npos) << r.err;
	EXPECT_FALSE(exists(out + "/report.md")); // not even the old one
}

TEST_F(Cli, RecordedTruncatedIperfRunIsRefused)
{
	const std::string d = copy("run-rps-on");
	ASSERT_EQ(sh("cp '" + std::string(RXS_DATA) + "/iperf3-3.12-truncated.json' '" + d +
		     "/iperf3.json'"),
		  0);
	const Result r = run(d);
	EXPECT_EQ(r.status, 1);
	EXPECT_NE(r.err.find("did not complete"), std::string::npos) << r.err;
	EXPECT_TRUE(r.out.empty());
}

TEST_F(Cli, MissingMpstatFile)
{
	const std::string d = copy("run-rps-off");
	unlink((d + "/mpstat.json").c_str());
	const Result r = run(d);
	EXPECT_EQ(r.status, 1);
	EXPECT_NE(r.err.find("mpstat.json: missing"), std::string::npos) << r.err;
}

TEST_F(Cli, MalformedSoftirqs)
{
	const std::string d = copy("run-rps-off");
	std::ofstream(d + "/softirqs.after", std::ios::trunc) << "CPU0 CPU1\nNET_RX: 1 x\n";
	const Result r = run(d);
	EXPECT_EQ(r.status, 1);
	EXPECT_NE(r.err.find("softirqs.after"), std::string::npos) << r.err;
}

TEST_F(Cli, UnreadableFileAsUnprivilegedUser)
{
	// rxscale's tests run as root (namespaces, /proc writes): root drops to
	// nobody with setpriv (util-linux) to meet a permission error
	ASSERT_EQ(geteuid(), 0u) << "run the tests as root";
	ASSERT_EQ(sh("command -v setpriv >/dev/null"), 0) << "setpriv (util-linux) missing";
	const std::string d = copy("run-rps-off");
	ASSERT_EQ(sh("chmod 755 '" + tmp + "' && chmod -R a+rX '" + d + "' && chmod 600 '" + d +
		     "/mpstat.json'"),
		  0);
	Result r;
	r.status = sh("setpriv --reuid=65534 --regid=65534 --clear-groups " +
		      std::string(RXS_REPORT_BIN) + " '" + d + "' >'" + tmp + "/stdout' 2>'" + tmp +
		      "/stderr'");
	r.err = slurp(tmp + "/stderr");
	EXPECT_EQ(r.status, 1);
	EXPECT_NE(r.err.find("mpstat.json: cannot be read: Permission denied"), std::string::npos)
		<< r.err;
	EXPECT_TRUE(slurp(tmp + "/stdout").empty());
}

TEST_F(Cli, MissingGnuplotIsAnError)
{
	const std::string out = tmp + "/out";
	const Result r = run("--gnuplot /nonexistent/gnuplot -o '" + out + "' " + off);
	EXPECT_EQ(r.status, 1);
	EXPECT_NE(r.err.find("gnuplot-nox"), std::string::npos) << r.err;
	EXPECT_FALSE(exists(out + "/report.md"));
}

TEST_F(Cli, UsageErrors)
{
	EXPECT_EQ(run("").status, 2);
	EXPECT_EQ(run(off + " " + on + " " + off).status, 2);
	EXPECT_EQ(run("--bogus " + off).status, 2);
	EXPECT_EQ(run("--format jpg " + off).status, 2);
	EXPECT_EQ(run("-o").status, 2);
}

// The state snapshots of issue 19 added by hand to copies of the recorded
// runs (recorded before rxscale-bench took them): the values expected in
// the report are read off these files, not computed by the report.
namespace {

void write(const std::string &path, const std::string &text)
{
	std::ofstream(path) << text;
}

void add_state(const std::string &d, const std::string &budget, const std::string &coalesce,
	       const std::string &gro)
{
	const std::string settings = "sysctl/netdev_budget " + budget +
				     "\nsysctl/netdev_max_backlog 1000\ncpufreq none\nmtu 1500\n"
				     "threaded 0\nqueues/rx-0/rps_cpus 0\n";
	write(d + "/settings.before", settings);
	write(d + "/settings.after", settings);
	const std::string l = "Channel parameters for rxs0:\nPre-set maximums:\nRX:\t\t2\nTX:\t\t2\n"
			      "Other:\t\tn/a\nCombined:\tn/a\nCurrent hardware settings:\nRX:\t\t1\n"
			      "TX:\t\t1\nOther:\t\tn/a\nCombined:\tn/a\n";
	const std::string c = "Coalesce parameters for rxs0:\nAdaptive RX: off  TX: n/a\nrx-usecs: " +
			      coalesce + "\nrx-frames: n/a\n";
	const std::string k = "Features for rxs0:\nrx-checksumming: on\ngeneric-receive-offload: " + gro +
			      "\nlarge-receive-offload: off [fixed]\n";
	for (const char *w : {"before", "after"}) {
		write(d + "/ethtool-l." + w, l);
		write(d + "/ethtool-c." + w, c);
		write(d + "/ethtool-k." + w, k);
	}
	write(d + "/ethtool-x.before.err", "Cannot get RX ring count: Operation not supported\n");
	std::ofstream(d + "/meta.txt", std::ios::app) << "clk_tck=100\n";
	// CPU0: 0x200 processed, 0x20 dropped, 5 squeezed; CPU1: 0x10, 0, 0
	write(d + "/softnet_stat.before",
	      "00001000 00000001 00000002 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000\n"
	      "00002000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000001 00000000 00000000\n");
	write(d + "/softnet_stat.after",
	      "00001200 00000021 00000007 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000\n"
	      "00002010 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000001 00000000 00000000\n");
	// 8 s apart: ksoftirqd/0 +200 ticks = 25 %, ksoftirqd/1 +8 = 1 %
	write(d + "/threads.before", "uptime 500.00\n14 100 100 0 ksoftirqd/0\n24 4 4 1 ksoftirqd/1\n");
	write(d + "/threads.after", "uptime 508.00\n14 150 250 0 ksoftirqd/0\n24 8 8 1 ksoftirqd/1\n");
}

} // namespace

TEST_F(Cli, StateSnapshotsOfOneRun)
{
	const std::string d = copy("run-rps-off");
	add_state(d, "300", "8", "on");
	const Result r = run(d);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_NE(r.out.find("| CPU0 | 512 | 32 | 5 | 0 | 0 |\n| CPU1 | 16 | 0 | 0 | 0 | 0 |\n"
			     "| all | 528 | 32 | 5 | 0 | 0 |"),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("Over the 8.0 s between the snapshots"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("| `ksoftirqd/0` | 14 | CPU0 | 200 | 25.0 % |\n"
			     "| `ksoftirqd/1` | 24 | CPU1 | 8 | 1.0 % |"),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("No napi/* thread"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("| `sysctl/netdev_budget` | 300 |"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("| `ethtool -l rx` | 1 (max 2) |"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("| `ethtool -c rx-usecs` | 8 |"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("| `ethtool -k` (changeable features) | on: rx-checksumming, "
			     "generic-receive-offload; off: - |"),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("- `ethtool -x rxs0` failed: Cannot get RX ring count: Operation not supported"),
		  std::string::npos)
		<< r.out;
	EXPECT_EQ(r.out.find("Settings that changed during the run"), std::string::npos) << r.out;

	// a setting that changed while the run went on (irqbalance, a user)
	std::ofstream(d + "/settings.after", std::ios::app) << "irq/40/smp_affinity_list 1\n";
	const Result c = run(d);
	ASSERT_EQ(c.status, 0) << c.err;
	EXPECT_NE(c.out.find("## Settings that changed during the run\n\n| setting | before | after |\n"
			     "|---|---|---|\n| `irq/40/smp_affinity_list` | - | 1 |\n"),
		  std::string::npos)
		<< c.out;
}

TEST_F(Cli, SettingsDifferenceTable)
{
	const std::string a = copy("run-rps-off"), b = copy("run-rps-on");
	add_state(a, "300", "8", "on");
	add_state(b, "600", "8", "off");
	Result r = run(a + " " + b);
	ASSERT_EQ(r.status, 0) << r.err;
	// settings.before was rewritten the same in both but the budget; -k
	// differs in one feature: 2 of 13 (6 settings, -l rx and tx, -c
	// adaptive-rx and rx-usecs, 3 -k features with the fixed LRO one;
	// n/a values are not entries)
	EXPECT_NE(r.out.find("## Settings that differ\n\n2 of the 13 settings recorded before each run differ"),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("| setting | rps-off | rps-on |\n|---|---|---|\n"
			     "| `sysctl/netdev_budget` | 300 | 600 |\n"
			     "| `ethtool -k generic-receive-offload` | on | off |\n"),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("| softnet_stat dropped (all CPUs) | 32 | 32 |"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("| busiest NAPI/ksoftirqd thread (% of one CPU) | `ksoftirqd/0` 25.0 % | `ksoftirqd/0` 25.0 % |"),
		  std::string::npos)
		<< r.out;

	// the same settings: said so
	add_state(b, "300", "8", "on");
	r = run(a + " " + b);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_NE(r.out.find("## Settings that differ\n\nNone: the 13 settings"), std::string::npos) << r.out;
}

TEST_F(Cli, BrokenStateSnapshotsAreErrors)
{
	const std::string d = copy("run-rps-off");
	add_state(d, "300", "8", "on");
	write(d + "/softnet_stat.after", "00000001 00000002\n");
	Result r = run(d);
	EXPECT_EQ(r.status, 1);
	EXPECT_NE(r.err.find("softnet_stat.after:1: 2 columns, at least 11 wanted"), std::string::npos) << r.err;
	add_state(d, "300", "8", "on");
	write(d + "/ethtool-l.before", "NIC statistics:\n     rx_packets: 5\n");
	r = run(d);
	EXPECT_EQ(r.status, 1);
	EXPECT_NE(r.err.find("ethtool-l.before:1: not the layout of ethtool's 'Channel parameters for ' output"),
		  std::string::npos)
		<< r.err;
}

// Series (rxscale-bench --repeat N) put together from the recorded runs:
// end-of-test received rates read off their iperf3.json by hand: rps-off
// 4.3411 Gbit/s, 260 retransmits; rps-on 4.8076 Gbit/s, 16 retransmits.
namespace {

int sh_ok(const std::string &cmd)
{
	const int st = std::system(cmd.c_str());
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

std::string series(const std::string &tmp, const std::string &name, const std::vector<std::string> &runs,
		   const std::string &status = "complete")
{
	const std::string d = tmp + "/" + name;
	EXPECT_EQ(sh_ok("mkdir -p '" + d + "'"), 0);
	for (std::size_t k = 0; k < runs.size(); k++)
		EXPECT_EQ(sh_ok("cp -r '" + std::string(RXS_DATA) + "/" + runs[k] + "' '" + d + "/run-" +
				std::to_string(k + 1) + "'"),
			  0);
	write(d + "/repeat.txt", "rxscale_bench=1\nlabel=" + name + "\nrepeat=" + std::to_string(runs.size()) +
					 "\nstarted=2026-12-06T03:00:00Z\n");
	write(d + "/status", status + "\n");
	return d;
}

} // namespace

TEST_F(Cli, SeriesOfOne)
{
	const std::string m = series(tmp, "mix", {"run-rps-off", "run-rps-on"});
	const Result r = run(m);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_NE(r.out.find("# rxscale report: mix (2 runs)"), std::string::npos) << r.out;
	// median of 4.3411 and 4.8076 is 4.5743; spread 0.4664 = 10.2 % of it
	EXPECT_NE(r.out.find("| throughput (end of test), Gbit/s | 4.34 | 4.81 | 4.34 | 4.57 | 4.81 | 0.47 (10.2 %) |"),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("| retransmits | 260 | 16 | 16 | 138 | 260 | 244 (176.8 %) |"), std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("> **Note:** mix, run 2 was not set up as run 1: `queues/rx-0/rps_cpus` 3 (run 1: 0)."),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("The rest is run 1 in detail."), std::string::npos) << r.out;
}

TEST_F(Cli, SeriesDifferencesBeyondTheSpread)
{
	const std::string off2 = series(tmp, "off2", {"run-rps-off", "run-rps-off"});
	const std::string on2 = series(tmp, "on2", {"run-rps-on", "run-rps-on"});
	Result r = run(off2 + " " + on2);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_NE(r.out.find("Test: a difference is called only when both sides have at least two runs and "
			     "their min-max ranges do not overlap"),
		  std::string::npos)
		<< r.out;
	// (4.8076 - 4.3411) / 4.3411 = +10.7 %; (16 - 260) / 260 = -93.8 %
	EXPECT_NE(r.out.find("| throughput (end of test), Gbit/s | 4.34 (4.34-4.34) | 4.81 (4.81-4.81) | +10.7 % | "
			     "**higher** (ranges apart) |"),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("| retransmits | 260 (260-260) | 16 (16-16) | -93.8 % | **lower** (ranges apart) |"),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("| `queues/rx-0/rps_cpus` | 0 | 3 |"), std::string::npos) << r.out;
	// 2/C(4, 2) = 2/6
	EXPECT_NE(r.out.find("With 2 and 2 runs, two sides that do not differ at all are apart by chance "
			     "with probability 2/C(4, 2) = 33.3 %"),
		  std::string::npos)
		<< r.out;

	// both series hold one run of each: every range overlaps
	const std::string m1 = series(tmp, "m1", {"run-rps-off", "run-rps-on"});
	const std::string m2 = series(tmp, "m2", {"run-rps-on", "run-rps-off"});
	r = run(m1 + " " + m2);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_NE(r.out.find("| throughput (end of test), Gbit/s | 4.57 (4.34-4.81) | 4.57 (4.34-4.81) | +0.0 % | "
			     "within the spread |"),
		  std::string::npos)
		<< r.out;
	EXPECT_EQ(r.out.find("ranges apart"), std::string::npos) << r.out;

	// a single run against a series: nothing called, no chance figure
	r = run(off + " " + on2);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_EQ(r.out.find("apart by chance"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("| throughput (end of test), Gbit/s | 4.34 | 4.81 (4.81-4.81) | +10.7 % | "
			     "not called (fewer than 2 runs on a side) |"),
		  std::string::npos)
		<< r.out;
}

TEST_F(Cli, BrokenSeriesAreErrors)
{
	const std::string f = series(tmp, "f", {"run-rps-off"}, "failed: run 2 of 3: iperf3 reported: x");
	Result r = run(f);
	EXPECT_EQ(r.status, 1);
	EXPECT_NE(r.err.find("the series is not complete (rxscale-bench says: failed: run 2 of 3"), std::string::npos)
		<< r.err;
	const std::string g = series(tmp, "g", {"run-rps-off"});
	write(g + "/repeat.txt", "label=g\nrepeat=2\n"); // run-2 missing
	r = run(g);
	EXPECT_EQ(r.status, 1);
	EXPECT_NE(r.err.find("g/run-2: no such run directory"), std::string::npos) << r.err;
	write(g + "/repeat.txt", "label=g\n");
	r = run(g);
	EXPECT_EQ(r.status, 1);
	EXPECT_NE(r.err.find("repeat.txt: no \"repeat=N\" line"), std::string::npos) << r.err;
}

// hints on the recordings: NET_RX of run-rps-off from its softirqs files by
// hand: CPU0 1388860 - 1376253 = 12607, CPU1 1528027 - 1490574 = 37453,
// 37453 / 50060 = 74.8 %; the guest's rx_missed went 0 -> 601 (ethtool-S)
TEST_F(Cli, HintsOnTheRecordings)
{
	Result r = run(off);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_NE(r.out.find("## What to try next\n\n- **CPU1 ran 74.8 % of the NET_RX softirqs, RPS off**: "
			     "spread the receive work over the other CPUs with RPS: `rxscale-tune rps rxs0 on`\n"),
		  std::string::npos)
		<< r.out;
	r = run(std::string(RXS_DATA) + "/run-guest-rtl8127");
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_NE(r.out.find("- **`rx_missed` +601**: the NIC dropped received frames"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("- **one RX IRQ (IRQ 23, `eth1`) and busiest core CPU0 at "), std::string::npos) << r.out;
	// compared: the hints are the second run's, and RPS is on there
	r = run(off + " " + on);
	ASSERT_EQ(r.status, 0) << r.err;
	const auto at = r.out.find("## What to try next (rps-on)\n\n");
	ASSERT_NE(at, std::string::npos) << r.out;
	EXPECT_EQ(r.out.find("NET_RX softirqs, RPS off"), std::string::npos) << r.out;
}

// iperf3 -O and --bidir through rxscale-bench (recorded over loopback, see
// docs/scripts.md). run-lo-omit2: -O 2 -t 5; its iperf3.json says timesecs
// 1796529240 (03:54:00 UTC), omit 2, last interval ending at 4.999976 s:
// the window is start + 2 + 2 = 03:54:04 to start + 2 + floor(4.999976) - 1
// = 03:54:05; 7 intervals of which the first 2 are omitted.
TEST_F(Cli, OmittedSecondsShiftTheCpuWindow)
{
	const Result r = run(std::string(RXS_DATA) + "/run-lo-omit2");
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_NE(r.out.find("TCP, 1 stream, 5 s, -b 300M, first 2 s omitted (-O) |"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("Per interval (5 intervals"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("2 one-second samples inside the iperf3 run"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("iperf3 omitted its first 2 s (-O): the samples used are those after it, stamped "
			     "03:54:04 to 03:54:05 UTC (iperf3 started at 03:54:00)."),
		  std::string::npos)
		<< r.out;
}

// run-lo-bidir: --bidir -t 3; both directions ran at 0.20 Gbit/s, so a copy
// gets a server-to-client received rate changed by hand to 123456789000
TEST_F(Cli, BidirShowsTheReverseStream)
{
	const std::string d = copy("run-lo-bidir");
	ASSERT_EQ(sh("sed -i '/\"sum_received_bidir_reverse\"/,/bits_per_second/s/\"bits_per_second\":.*/\"bits_per_second\":\t123456789000,/' '" +
		     d + "/iperf3.json'"),
		  0);
	const Result r = run(d);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_NE(r.out.find("TCP, 1 stream, 3 s, -b 200M, both ways (--bidir) |"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("End of test: received **0.20 Gbit/s**, sent 0.20 Gbit/s, 0 retransmits. --bidir: "
			     "those are the client-to-server stream's (so are the per-interval numbers below); "
			     "the server-to-client stream delivered **123.46 Gbit/s** (sent 0.20)."),
		  std::string::npos)
		<< r.out;
}

// issue 19: exact softirq time (rxscale-bench's tracefs hist triggers) when
// the run directory has it; else mpstat's %soft with its caveat and what the
// kernel config said. softirq-time.* are hand-written in the bench's layout.
TEST_F(Cli, ExactSoftirqTimeReplacesTheCaveat)
{
	const std::string d = copy("run-rps-off");
	ASSERT_EQ(sh("printf 'uptime 100.00\\n0 1 10 1000000\\n0 3 500 50000000\\n1 3 90 9000000\\n' > '" + d +
		     "/softirq-time.before'"), 0);
	// 10 s later: CPU0 +1.2 s NET_RX and +0.1 s TIMER, CPU1 +0.4 s NET_RX,
	// CPU1 runs NET_TX (2) for the first time (0.05 s)
	ASSERT_EQ(sh("printf 'uptime 110.00\\n0 1 20 101000000\\n0 3 900 1250000000\\n1 2 5 50000000\\n"
		     "1 3 190 409000000\\n' > '" + d + "/softirq-time.after'"), 0);
	ASSERT_EQ(sh("echo 'softirq_time=hist /sys/kernel/tracing' >> '" + d + "/meta.txt'"), 0);
	Result r = run(d);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_NE(r.out.find("### Softirq time (tracefs hist, exact)"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("over the snapshot interval (10.00 s"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("| **CPU0** | 1300.0 | 13.0 | 1200.0 | 12.0 |"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("| CPU1 | 450.0 | 4.5 | 400.0 | 4.0 |"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("Busiest core by softirq time: **CPU0**, **13.0 %** of its time in softirq "
			     "(NET_RX 12.0 %), exact; mpstat's mean %soft for it: "),
		  std::string::npos)
		<< r.out;
	EXPECT_EQ(r.out.find("Caveat: %soft"), std::string::npos) << r.out;
	// the summary at the top says the exact numbers too, not mpstat's
	EXPECT_NE(r.out.find("- busiest core: CPU0, 13.0 % of its time in softirq (NET_RX 12.0 %), exact "
			     "(tracefs hist); mpstat's %soft mean for it "),
		  std::string::npos)
		<< r.out;
	// compared with a run without it: mpstat's for both, said so
	r = run(d + " " + off);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_EQ(r.out.find("busiest core by softirq time (exact"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find(") (mpstat)\n"), std::string::npos) << r.out;
	// compared with itself: the exact line first, then mpstat's named
	r = run(d + " " + d);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_NE(r.out.find("- busiest core by softirq time (exact, tracefs hist): CPU0 13.0 % → CPU0 13.0 %\n"
			     "- busiest core by mpstat: CPU"),
		  std::string::npos)
		<< r.out;

	// a sum that went down, and a line not in the layout: errors
	ASSERT_EQ(sh("sed -i 's/^0 3 900 1250000000$/0 3 900 4/' '" + d + "/softirq-time.after'"), 0);
	r = run(d);
	EXPECT_EQ(r.status, 1);
	EXPECT_NE(r.err.find("softirq-time.*: the softirq time of CPU 0 vector 3 went down"), std::string::npos)
		<< r.err;
	ASSERT_EQ(sh("sed -i 's/^0 3 900 4$/0 3 x 4/' '" + d + "/softirq-time.after'"), 0);
	r = run(d);
	EXPECT_EQ(r.status, 1);
	EXPECT_NE(r.err.find("softirq-time.after:3: not \"CPU VEC RUNS NS\""), std::string::npos) << r.err;
}

TEST_F(Cli, MpstatOnlyPrintsTheCaveat)
{
	// the recording predates the check: the caveat says the directory does not tell
	Result r = run(off);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_NE(r.out.find("Caveat: %soft is mpstat's, from /proc/stat, which undercounts softirq time on "
			     "kernels without CONFIG_IRQ_TIME_ACCOUNTING"),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("The run directory does not say whether its kernel has it"), std::string::npos);
	EXPECT_EQ(r.out.find("Softirq time (tracefs hist, exact)"), std::string::npos);
	// the summary's busiest core is mpstat's, and says it may undercount
	EXPECT_NE(r.out.find(" (mpstat; it may undercount softirq time, see the caveat below)\n"), std::string::npos)
		<< r.out;

	const std::string d = copy("run-rps-on");
	ASSERT_EQ(sh("printf 'softirq_time=none: no synthetic_events in /sys/kernel/tracing\\n"
		     "irq_time_accounting=n\\nirq_time_accounting_from=/boot/config-6.18.44-fc-v595\\n' >> '" +
		     d + "/meta.txt'"), 0);
	r = run(d);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_NE(r.out.find("Caveat: %soft is mpstat's"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("This run's kernel (6.18.44-fc-v595) has it not set (/boot/config-6.18.44-fc-v595). "
			     "No exact softirq time was measured (no synthetic_events in /sys/kernel/tracing)"),
		  std::string::npos)
		<< r.out;

	ASSERT_EQ(sh("sed -i 's/^irq_time_accounting=n$/irq_time_accounting=unknown/; "
		     "s|^irq_time_accounting_from=.*|irq_time_accounting_from=neither /boot/config-6.18.44-fc-v595 "
		     "nor /proc/config.gz readable|' '" + d + "/meta.txt'"), 0);
	r = run(d);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_NE(r.out.find("Whether this run's kernel (6.18.44-fc-v595) has it is not known (neither "
			     "/boot/config-6.18.44-fc-v595 nor /proc/config.gz readable where the bench ran)"),
		  std::string::npos)
		<< r.out;

	ASSERT_EQ(sh("sed -i 's/^irq_time_accounting=unknown$/irq_time_accounting=y/; "
		     "s|^irq_time_accounting_from=.*|irq_time_accounting_from=/proc/config.gz|' '" + d + "/meta.txt'"), 0);
	r = run(d);
	ASSERT_EQ(r.status, 0) << r.err;
	EXPECT_EQ(r.out.find("Caveat: %soft"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("CONFIG_IRQ_TIME_ACCOUNTING=y (/proc/config.gz)"), std::string::npos) << r.out;
}
