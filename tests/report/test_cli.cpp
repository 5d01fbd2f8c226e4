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
	EXPECT_NE(md.find("| `queues/rx-0/rps_cpus` | 0 | 3 | changed |"), std::string::npos) << md;
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
