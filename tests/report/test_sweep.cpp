// SPDX-License-Identifier: GPL-2.0
// Sweeps (rxscale-bench --sweep PARAM=V1,V2,...) put together from the
// recorded runs of tests/report/data, read by hand: rps-off received 4.3411
// Gbit/s with 260 retransmits, NET_RX per CPU 12607 / 37453 (CPU1 74.8 %);
// rps-on 4.8076 Gbit/s, 16 retransmits, NET_RX 32520 / 39443 (CPU1 54.8 %).
// Their settings differ in one line: queues/rx-0/rps_cpus 0 / 3.
#include "test_util.hpp"

#include <cstdlib>
#include <fstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

int sh(const std::string &cmd)
{
	const int st = std::system(cmd.c_str());
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

std::string slurp(const std::string &p)
{
	std::ifstream in(p);
	return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void write(const std::string &p, const std::string &text)
{
	std::ofstream(p, std::ios::binary | std::ios::trunc) << text;
}

class Sweep : public ::testing::Test {
protected:
	std::string tmp;
	void SetUp() override
	{
		char t[] = "/tmp/rxs-sweep-test.XXXXXX";
		ASSERT_NE(mkdtemp(t), nullptr);
		tmp = t;
	}
	void TearDown() override
	{
		if (!tmp.empty())
			sh("rm -rf '" + tmp + "'");
	}
	// a sweep of param over values; points[k] lists the recorded runs of
	// point k+1 (one run: the point is a run directory, as with --repeat 1)
	std::string sweep(const std::string &name, const std::string &param, const std::vector<std::string> &values,
			  const std::vector<std::vector<std::string>> &points, const std::string &extra = "restored=yes\n")
	{
		const std::string d = tmp + "/" + name;
		EXPECT_EQ(sh("mkdir -p '" + d + "'"), 0);
		std::string vs;
		for (const std::string &v : values)
			vs += (vs.empty() ? "" : ",") + v;
		const std::size_t n = points[0].size();
		write(d + "/sweep.txt", "rxscale_bench=1\nlabel=" + name + "\nparam=" + param + "\nvalues=" + vs +
						"\nrepeat=" + std::to_string(n) + "\niface=rxs0\n" + extra);
		write(d + "/status", "complete\n");
		for (std::size_t k = 0; k < points.size(); k++) {
			const std::string pd = d + "/point-" + std::to_string(k + 1);
			auto copy = [&](const std::string &run, const std::string &to) {
				EXPECT_EQ(sh("cp -r '" + std::string(RXS_DATA) + "/" + run + "' '" + to + "'"), 0);
				std::ofstream(to + "/meta.txt", std::ios::app)
					<< "sweep=" << param << "=" << values[k] << "\npoint=" << k + 1 << "/"
					<< points.size() << "\n";
			};
			if (n == 1) {
				copy(points[k][0], pd);
				continue;
			}
			EXPECT_EQ(sh("mkdir '" + pd + "'"), 0);
			for (std::size_t i = 0; i < n; i++)
				copy(points[k][i], pd + "/run-" + std::to_string(i + 1));
			write(pd + "/repeat.txt", "rxscale_bench=1\nlabel=" + name + "\nrepeat=" + std::to_string(n) + "\n");
			write(pd + "/status", "complete\n");
		}
		return d;
	}
	struct Result {
		int status = -1;
		std::string out, err;
	};
	Result report(const std::string &args)
	{
		Result r;
		r.status = sh(std::string(RXS_REPORT_BIN) + " " + args + " >'" + tmp + "/stdout' 2>'" + tmp + "/stderr'");
		r.out = slurp(tmp + "/stdout");
		r.err = slurp(tmp + "/stderr");
		return r;
	}
};

} // namespace

TEST_F(Sweep, PointsAndTheirNumbers)
{
	const std::string d = sweep("s", "rps", {"off", "on"}, {{"run-rps-off", "run-rps-off"}, {"run-rps-on", "run-rps-on"}});
	ASSERT_TRUE(rxs::is_sweep(d));
	const rxs::Sweep s = rxs::load_sweep(d, {});
	EXPECT_EQ(s.param, "rps");
	EXPECT_EQ(s.repeat, 2);
	EXPECT_EQ(s.restored, "yes");
	ASSERT_EQ(s.points.size(), 2u);
	EXPECT_EQ(s.points[1].value, "on");
	const std::vector<rxs::SweepStats> st = rxs::sweep_stats(s);
	ASSERT_EQ(st.size(), 2u);
	ASSERT_EQ(st[0].gbps.size(), 2u);
	EXPECT_NEAR(st[0].gbps[0], 4.3411, 5e-5);
	EXPECT_NEAR(st[1].gbps[1], 4.8076, 5e-5);
	EXPECT_NEAR(st[0].rx_top[0], 100.0 * 37453 / 50060, 1e-9);
	EXPECT_NEAR(st[1].rx_top[0], 100.0 * 39443 / 71963, 1e-9);
	EXPECT_EQ(st[0].retr, (std::vector<double>{260, 260}));
	EXPECT_EQ(st[1].retr, (std::vector<double>{16, 16}));
	// the busiest core's load is the run's own (as the series table has it)
	const rxs::Run &r = s.points[1].series.runs[0];
	ASSERT_EQ(st[1].busy.size(), 2u);
	for (const rxs::CpuStats &c : r.cpu.cpus)
		if (c.cpu == r.cpu.busiest)
			EXPECT_DOUBLE_EQ(st[1].busy[0], c.soft.mean + c.irq.mean);
}

TEST_F(Sweep, MarkdownCallsOnlyBeyondTheSpread)
{
	const std::string d = sweep("s", "rps", {"off", "on"}, {{"run-rps-off", "run-rps-off"}, {"run-rps-on", "run-rps-on"}});
	const std::string md = rxs::markdown_sweep(rxs::load_sweep(d, {}), nullptr);
	EXPECT_NE(md.find("# rxscale report: s (sweep of RPS, 2 points, 2 runs each)"), std::string::npos) << md;
	EXPECT_NE(md.find("- the settings of rxs0 after the sweep: written back as they were before it"),
		  std::string::npos)
		<< md;
	EXPECT_NE(md.find("| off | 2 | 4.34 (4.34-4.34) | - |"), std::string::npos) << md;
	EXPECT_NE(md.find("| on | 2 | 4.81 (4.81-4.81) | **higher** (ranges apart) |"), std::string::npos) << md;
	EXPECT_NE(md.find("| 54.8 (54.8-54.8) | **lower** (ranges apart) | 16 (16-16) |"), std::string::npos) << md;
	EXPECT_NE(md.find("| 74.8 (74.8-74.8) | - | 260 (260-260) |"), std::string::npos) << md;
	EXPECT_NE(md.find("2/C(4, 2) = 33.3 %"), std::string::npos) << md;
	EXPECT_NE(md.find("| `queues/rx-0/rps_cpus` | 0 | 3 |"), std::string::npos) << md;
	EXPECT_NE(md.find("### Point 2: rps=on"), std::string::npos) << md;
	EXPECT_EQ(md.find("!["), std::string::npos) << md; // no plots given

	// the same runs at both points (run 1 of each: rps-off): every range
	// overlaps, and no setting differs between the points
	const std::string m = sweep("m", "P", {"1", "4"}, {{"run-rps-off", "run-rps-on"}, {"run-rps-off", "run-rps-on"}});
	const std::string mm = rxs::markdown_sweep(rxs::load_sweep(m, {}), nullptr);
	EXPECT_NE(mm.find("| 4 | 2 | 4.57 (4.34-4.81) | within the spread |"), std::string::npos) << mm;
	EXPECT_EQ(mm.find("ranges apart"), std::string::npos) << mm;
	EXPECT_NE(mm.find("sweep of iperf3 parallel streams (-P)"), std::string::npos) << mm;
	// P changes no setting; a P sweep has nothing to write back
	EXPECT_EQ(mm.find("after the sweep"), std::string::npos) << mm;
	EXPECT_NE(mm.find("(the sweep changes iperf3's -P, not a setting)"), std::string::npos) << mm;
	EXPECT_NE(mm.find("Settings that differ between points\n\nNone"), std::string::npos) << mm;
}

TEST_F(Sweep, OneRunAPointCallsNothing)
{
	const std::string d = sweep("one", "rps", {"off", "on"}, {{"run-rps-off"}, {"run-rps-on"}}, "");
	const std::string md = rxs::markdown_sweep(rxs::load_sweep(d, {}), nullptr);
	EXPECT_NE(md.find("| on | 1 | 4.81 | not called (fewer than 2 runs on a side) |"), std::string::npos) << md;
	EXPECT_NE(md.find("One run a point: no difference is called"), std::string::npos) << md;
	EXPECT_NE(md.find("not recorded as written back"), std::string::npos) << md;
	EXPECT_NE(md.find("One run: `"), std::string::npos) << md;
}

TEST_F(Sweep, ReportWithPlots)
{
	const std::string d = sweep("p", "rps", {"off", "on"}, {{"run-rps-off", "run-rps-on"}, {"run-rps-on", "run-rps-on"}});
	const std::string out = tmp + "/out";
	const Result r = report("-o '" + out + "' '" + d + "'");
	ASSERT_EQ(r.status, 0) << r.err;
	const std::string md = slurp(out + "/report.md");
	for (const char *img : {"sweep-throughput.png", "sweep-softirq.png"}) {
		EXPECT_NE(md.find(std::string("](") + img + ")"), std::string::npos) << img;
		const std::string png = slurp(out + "/" + img);
		ASSERT_GT(png.size(), 1000u) << img;
		EXPECT_EQ(png.substr(1, 3), "PNG") << img;
	}
	// the plotted numbers: median min max of each point (point 1: one run
	// of each, median 4.57435), the NET_RX share 54.81 .. 74.82
	const std::string dat = slurp(out + "/sweep.dat");
	EXPECT_NE(dat.find("\n1 \"off\" 2 4.5743 4.3411 4.8076 "), std::string::npos) << dat;
	EXPECT_NE(dat.find(" 64.81 54.81 74.82\n"), std::string::npos) << dat;
	EXPECT_NE(dat.find("\n2 \"on\" 2 4.8076 4.8076 4.8076 "), std::string::npos) << dat;
	EXPECT_NE(dat.find(" 54.81 54.81 54.81\n"), std::string::npos) << dat;
	const std::string runs = slurp(out + "/sweep-runs.dat");
	EXPECT_NE(runs.find("\n1 4.3411 "), std::string::npos) << runs;
	EXPECT_NE(runs.find("\n1 4.8076 "), std::string::npos) << runs;
	const std::string gp = slurp(out + "/sweep.gp");
	EXPECT_NE(gp.find("with yerrorlines"), std::string::npos) << gp;
	EXPECT_NE(gp.find("noenhanced"), std::string::npos) << gp; // NET_RX is not NET subscript RX

	// svg too
	const Result s = report("--format svg -o '" + tmp + "/svg' '" + d + "'");
	ASSERT_EQ(s.status, 0) << s.err;
	EXPECT_NE(slurp(tmp + "/svg/sweep-softirq.svg").find("<svg"), std::string::npos);
}

TEST_F(Sweep, BrokenSweepsAreErrors)
{
	auto make = [&](const std::string &name) {
		return sweep(name, "rps", {"off", "on"}, {{"run-rps-off", "run-rps-off"}, {"run-rps-on", "run-rps-on"}});
	};
	std::string d = make("failed");
	write(d + "/status", "failed: point 2 of 2 (rps=on): run 1 of 2: iperf3 reported: x\n");
	EXPECT_NE(rxs_test::error_of([&] { rxs::load_sweep(d, {}); })
			  .find("the sweep is not complete (rxscale-bench says: failed: point 2 of 2 (rps=on)"),
		  std::string::npos);

	d = make("wrongpoint");
	std::ofstream(d + "/point-2/run-2/meta.txt", std::ios::app) << "sweep=rps=off\n";
	EXPECT_NE(rxs_test::error_of([&] { rxs::load_sweep(d, {}); })
			  .find("point-2/run-2/meta.txt: sweep=rps=off, but sweep.txt has rps=on at point 2"),
		  std::string::npos);

	d = make("nometa");
	EXPECT_EQ(sh("sed -i '/^sweep=/d' '" + d + "/point-1/run-1/meta.txt'"), 0);
	EXPECT_NE(rxs_test::error_of([&] { rxs::load_sweep(d, {}); }).find("point-1/run-1/meta.txt: no sweep= line"),
		  std::string::npos);

	d = make("missing");
	EXPECT_EQ(sh("rm -r '" + d + "/point-2'"), 0);
	EXPECT_NE(rxs_test::error_of([&] { rxs::load_sweep(d, {}); }).find("point-2: no such run directory"),
		  std::string::npos);

	d = make("count");
	write(d + "/sweep.txt", "label=count\nparam=rps\nvalues=off,on\nrepeat=3\n");
	EXPECT_NE(rxs_test::error_of([&] { rxs::load_sweep(d, {}); }).find("point-1: 2 run(s), sweep.txt says repeat=3"),
		  std::string::npos);
	for (const char *bad : {"param=X\nvalues=off,on\nrepeat=2\n", "param=rps\nvalues=off,,on\nrepeat=2\n",
				"param=rps\nrepeat=2\n", "param=rps\nvalues=off,on\n"}) {
		write(d + "/sweep.txt", bad);
		EXPECT_NE(rxs_test::error_of([&] { rxs::load_sweep(d, {}); }).find("sweep.txt: no "), std::string::npos)
			<< bad;
	}

	// the tool: exit 1 and no report; a sweep beside another directory: usage
	d = make("cli");
	write(d + "/status", "running\n");
	Result r = report("-o '" + tmp + "/o' '" + d + "'");
	EXPECT_EQ(r.status, 1);
	EXPECT_NE(r.err.find("no report written"), std::string::npos) << r.err;
	EXPECT_FALSE(std::ifstream(tmp + "/o/report.md").good());
	r = report("'" + make("a") + "' '" + std::string(RXS_DATA) + "/run-rps-on'");
	EXPECT_EQ(r.status, 2);
	EXPECT_NE(r.err.find("is a sweep: report it on its own"), std::string::npos) << r.err;
}
