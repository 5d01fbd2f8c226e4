// SPDX-License-Identifier: GPL-2.0
// rxscale-report: Markdown report (plus gnuplot plots) of one rxscale-bench
// run directory, or of two side by side (before/after).
#include "rxreport.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sys/stat.h>
#include <unistd.h>

namespace {

const char *usage_text =
	"usage: rxscale-report [options] RUNDIR [RUNDIR2]\n"
	"  one RUNDIR: report of that run; two: side by side (before, after);\n"
	"  a directory of rxscale-bench --repeat N: its runs' numbers with their\n"
	"  spread; two such: differences called only beyond the spread; a\n"
	"  directory of rxscale-bench --sweep (on its own): each point's numbers\n"
	"  against the point before, and plots of throughput and the busiest\n"
	"  CPU's softirq load against the swept parameter\n"
	"options:\n"
	"  -o DIR            write DIR/report.md and the plots there\n"
	"                    (without -o: Markdown on stdout, no plots)\n"
	"  --no-plots        no plots, even with -o\n"
	"  --format png|svg  plot format (default png)\n"
	"  --gnuplot PATH    gnuplot to run (default gnuplot)\n"
	"  --iface IFACE     interface whose queue IRQs to count (default: the\n"
	"                    one given to rxscale-bench -i)\n"
	"  --irq-match ERE   queue IRQs are those whose name matches ERE\n"
	"  -h, --help        this help\n"
	"exit status: 0 report written, 1 bad or incomplete input (no report),\n"
	"2 usage error\n";

int usage_error(const std::string &msg)
{
	std::cerr << "rxscale-report: error: " << msg << "\n" << usage_text;
	return 2;
}

void mkdir_p(const std::string &dir)
{
	std::string cur;
	for (std::size_t i = 0; i <= dir.size(); i++) {
		if (i == dir.size() || (dir[i] == '/' && i > 0)) {
			cur = dir.substr(0, i);
			if (mkdir(cur.c_str(), 0755) != 0 && errno != EEXIST)
				throw rxs::Error(cur + ": cannot create: " + std::strerror(errno));
		}
	}
	struct stat st {};
	if (stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
		throw rxs::Error(dir + ": not a directory");
	if (access(dir.c_str(), W_OK) != 0)
		throw rxs::Error(dir + ": not writable");
}

// the report on stdout, or as outdir/report.md, whole or not at all
int write_report(const std::string &md, const std::string &outdir)
{
	if (outdir.empty()) {
		std::cout << md;
		std::cout.flush();
		if (!std::cout)
			throw rxs::Error("cannot write to standard output");
		return 0;
	}
	const std::string path = outdir + "/report.md";
	const std::string tmp = path + ".tmp";
	{
		std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
		out << md;
		out.close();
		if (!out)
			throw rxs::Error(tmp + ": cannot be written");
	}
	if (std::rename(tmp.c_str(), path.c_str()) != 0)
		throw rxs::Error(path + ": " + std::strerror(errno));
	std::cerr << "rxscale-report: wrote " << path << "\n";
	return 0;
}

} // namespace

int main(int argc, char **argv)
{
	std::string outdir, format = "png", gnuplot = "gnuplot";
	bool plots = true;
	rxs::Options opt;
	std::vector<std::string> dirs;
	for (int i = 1; i < argc; i++) {
		const std::string a = argv[i];
		auto value = [&](const char *name) -> std::string {
			if (i + 1 >= argc)
				throw std::invalid_argument(std::string(name) + " wants a value");
			return argv[++i];
		};
		try {
			if (a == "-h" || a == "--help") {
				std::cout << usage_text;
				return 0;
			} else if (a == "-o") {
				outdir = value("-o");
			} else if (a == "--no-plots") {
				plots = false;
			} else if (a == "--format") {
				format = value("--format");
			} else if (a == "--gnuplot") {
				gnuplot = value("--gnuplot");
			} else if (a == "--iface") {
				opt.iface = value("--iface");
			} else if (a == "--irq-match") {
				opt.irq_match = value("--irq-match");
			} else if (!a.empty() && a[0] == '-') {
				return usage_error("unknown option " + a);
			} else {
				dirs.push_back(a);
			}
		} catch (const std::invalid_argument &e) {
			return usage_error(e.what());
		}
	}
	if (dirs.empty() || dirs.size() > 2)
		return usage_error("give one run directory, or two to compare");
	if (format != "png" && format != "svg")
		return usage_error("--format wants png or svg");

	for (const std::string &d : dirs)
		if (rxs::is_sweep(d) && dirs.size() > 1)
			return usage_error(d + " is a sweep: report it on its own (its points are compared in it)");

	try {
		// an old report must not stand in for this one if this one fails
		if (!outdir.empty())
			unlink((outdir + "/report.md").c_str());
		if (rxs::is_sweep(dirs[0])) {
			const rxs::Sweep sw = rxs::load_sweep(dirs[0], opt);
			rxs::SweepPlots sp;
			const rxs::SweepPlots *spp = nullptr;
			if (!outdir.empty()) {
				mkdir_p(outdir);
				if (plots) {
					sp = rxs::make_sweep_plots(sw, outdir, format, gnuplot);
					spp = &sp;
				}
			}
			return write_report(rxs::markdown_sweep(sw, spp), outdir);
		}
		// a directory of rxscale-bench --repeat N is a series of runs; the
		// plots show the first run of each
		std::vector<rxs::Series> series;
		bool repeated = false;
		for (const std::string &d : dirs) {
			series.push_back(rxs::load_series(d, opt));
			repeated = repeated || series.back().repeated;
		}
		std::vector<const rxs::Run *> ptrs;
		for (const rxs::Series &s : series)
			ptrs.push_back(&s.runs[0]);

		rxs::PlotFiles pf;
		const rxs::PlotFiles *pp = nullptr;
		if (!outdir.empty()) {
			mkdir_p(outdir);
			if (plots) {
				pf = rxs::make_plots(ptrs, outdir, format, gnuplot);
				pp = &pf;
			}
		}
		std::string md;
		if (repeated)
			md = series.size() == 1 ? rxs::markdown_series(series[0], pp)
						: rxs::markdown_series_compare(series[0], series[1], pp);
		else
			md = series.size() == 1 ? rxs::markdown_single(series[0].runs[0], pp)
						: rxs::markdown_compare(series[0].runs[0], series[1].runs[0], pp);
		return write_report(md, outdir);
	} catch (const rxs::Error &e) {
		std::cerr << "rxscale-report: error: " << e.what() << "\nrxscale-report: no report written\n";
		return 1;
	} catch (const std::exception &e) {
		std::cerr << "rxscale-report: error: " << e.what() << "\nrxscale-report: no report written\n";
		return 1;
	}
	return 0;
}
