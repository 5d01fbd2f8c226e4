// SPDX-License-Identifier: GPL-2.0
// Plots with gnuplot: throughput per interval (all runs on one graph), %soft
// per CPU over time (one graph per run) and mean %soft per CPU (all runs).
// The data files and the gnuplot script stay beside the images.
#include "rxreport.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace rxs {

namespace {

void write_file(const std::string &path, const std::string &text)
{
	std::ofstream out(path, std::ios::binary | std::ios::trunc);
	if (!out)
		throw Error(path + ": cannot be written");
	out << text;
	out.close();
	if (!out)
		throw Error(path + ": write error");
}

// gnuplot titles in single quotes: keep them plain
std::string gp_text(const std::string &s)
{
	std::string o;
	for (char c : s)
		o += (c == '\'' || c == '"' || c == '\\' || c == '\n') ? '_' : c;
	return o;
}

void run_gnuplot(const std::string &gnuplot, const std::string &dir, const std::string &script)
{
	const std::string errpath = dir + "/gnuplot.err";
	const pid_t pid = fork();
	if (pid < 0)
		throw Error(std::string("fork: ") + std::strerror(errno));
	if (pid == 0) {
		if (chdir(dir.c_str()) != 0)
			_exit(126);
		const int fd = open("gnuplot.err", O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd >= 0) {
			dup2(fd, 2);
			dup2(fd, 1);
			close(fd);
		}
		execlp(gnuplot.c_str(), gnuplot.c_str(), script.c_str(), static_cast<char *>(nullptr));
		_exit(127);
	}
	int st = 0;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			throw Error(std::string("waitpid: ") + std::strerror(errno));
	if (WIFEXITED(st) && WEXITSTATUS(st) == 127)
		throw Error("gnuplot (" + gnuplot + ") not found: install gnuplot-nox, or use --no-plots");
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		std::string msg;
		std::ifstream e(errpath);
		std::getline(e, msg);
		throw Error("gnuplot failed on " + dir + "/" + script + ": " + msg);
	}
	unlink(errpath.c_str());
}

} // namespace

PlotFiles make_plots(const std::vector<const Run *> &runs, const std::string &outdir,
		     const std::string &format, const std::string &gnuplot)
{
	if (format != "png" && format != "svg")
		throw Error("plot format must be png or svg, not " + format);
	const std::string term = format == "png"
					 ? "set terminal pngcairo size 960,480 font 'sans,10'"
					 : "set terminal svg size 960,480 dynamic font 'sans,10'";
	PlotFiles pf;
	std::ostringstream gp;
	gp << "# written by rxscale-report; run: gnuplot plots.gp\n"
	   << term << "\nset grid\nset key outside right top\n"
	   << "set style line 1 lw 2\n";

	// throughput per interval
	pf.throughput = "throughput." + format;
	gp << "set output '" << pf.throughput << "'\n"
	   << "set title 'Throughput per interval (iperf3)'\n"
	   << "set xlabel 'time since the start of the test (s)'\nset ylabel 'Gbit/s'\n"
	   << "set xrange [0:*]\nset yrange [0:*]\nplot ";
	for (std::size_t i = 0; i < runs.size(); i++) {
		std::ostringstream d;
		d << "# interval_end_s gbit_per_s\n";
		for (const IperfInterval &iv : runs[i]->iperf.intervals)
			if (!iv.omitted)
				d << fmt(iv.end, 3) << ' ' << fmt(iv.bps / 1e9, 4) << '\n';
		const std::string f = "throughput-" + std::to_string(i + 1) + ".dat";
		write_file(outdir + "/" + f, d.str());
		gp << (i ? ", " : "") << "'" << f << "' using 1:2 with linespoints lw 2 pt 7 title '"
		   << gp_text(runs[i]->label) << "'";
	}
	gp << "\nset autoscale x\n";

	// %soft per CPU over time, one graph per run; dashed lines mark the test
	for (std::size_t i = 0; i < runs.size(); i++) {
		const Run &r = *runs[i];
		std::set<int> cpus;
		for (const MpstatSample &s : r.mpstat.samples)
			for (const auto &kv : s.cpus)
				cpus.insert(kv.first);
		std::ostringstream d;
		d << "# time_s";
		for (int c : cpus)
			d << " cpu" << c;
		d << '\n';
		const bool timed = r.cpu.aligned;
		for (std::size_t k = 0; k < r.mpstat.samples.size(); k++) {
			const MpstatSample &s = r.mpstat.samples[k];
			d << (timed ? std::to_string(*s.time - r.iperf.timesecs) : std::to_string(k + 1));
			for (int c : cpus) {
				auto it = s.cpus.find(c);
				d << ' ' << (it == s.cpus.end() ? std::string("NaN") : fmt(it->second.soft, 2));
			}
			d << '\n';
		}
		const std::string f = "softirq-" + std::to_string(i + 1) + ".dat";
		write_file(outdir + "/" + f, d.str());
		const std::string img = "softirq-" + std::to_string(i + 1) + "." + format;
		pf.softirq.push_back(img);
		gp << "set output '" << img << "'\n"
		   << "set title '%soft per CPU (mpstat), " << gp_text(r.label) << "'\n"
		   << "set xlabel '" << (timed ? "time since the start of the test (s)" : "sample")
		   << "'\nset ylabel '%soft'\nset yrange [0:*]\nset offsets 0.5, 0.5, 0, 0\nunset arrow\n";
		if (timed)
			gp << "set arrow from 0, graph 0 to 0, graph 1 nohead dt 2 lc 'gray40'\n"
			   << "set arrow from " << fmt(r.iperf.intervals.back().end, 1) << ", graph 0 to "
			   << fmt(r.iperf.intervals.back().end, 1) << ", graph 1 nohead dt 2 lc 'gray40'\n";
		gp << "plot ";
		std::size_t col = 2;
		for (int c : cpus) {
			gp << (col > 2 ? ", " : "") << "'" << f << "' using 1:" << col
			   << " with linespoints lw 2 pt 7 ps 0.6 title 'CPU" << c << "'";
			col++;
		}
		gp << "\nunset arrow\nunset offsets\n";
	}

	// mean %soft per CPU inside the test, runs side by side
	{
		std::set<int> cpus;
		for (const Run *r : runs)
			for (const CpuStats &c : r->cpu.cpus)
				cpus.insert(c.cpu);
		std::ostringstream d;
		d << "# cpu";
		for (const Run *r : runs)
			d << " '" << gp_text(r->label) << "'";
		d << '\n';
		for (int c : cpus) {
			d << "CPU" << c;
			for (const Run *r : runs) {
				std::string v = "NaN";
				for (const CpuStats &s : r->cpu.cpus)
					if (s.cpu == c)
						v = fmt(s.soft.mean, 2);
				d << ' ' << v;
			}
			d << '\n';
		}
		write_file(outdir + "/softirq-mean.dat", d.str());
		pf.softirq_mean = "softirq-mean." + format;
		gp << "set output '" << pf.softirq_mean << "'\n"
		   << "set title 'Mean %soft per CPU during the test (mpstat)'\n"
		   << "set xlabel 'CPU'\nset ylabel '%soft'\nset yrange [0:*]\n"
		   << "set style data histograms\nset style histogram cluster gap 1\n"
		   << "set style fill solid 0.8 border -1\nset boxwidth 0.9\nplot ";
		for (std::size_t i = 0; i < runs.size(); i++)
			gp << (i ? ", " : "") << "'softirq-mean.dat' using " << i + 2
			   << (i ? "" : ":xtic(1)") << " title '" << gp_text(runs[i]->label) << "'";
		gp << "\n";
	}

	write_file(outdir + "/plots.gp", gp.str());
	std::vector<std::string> imgs = pf.softirq;
	imgs.push_back(pf.throughput);
	imgs.push_back(pf.softirq_mean);
	for (const std::string &img : imgs) // no stale image may pass for a new one
		unlink((outdir + "/" + img).c_str());
	run_gnuplot(gnuplot, outdir, "plots.gp");
	for (const std::string &img : imgs) {
		struct stat st {};
		if (stat((outdir + "/" + img).c_str(), &st) != 0 || st.st_size == 0)
			throw Error("gnuplot wrote no " + outdir + "/" + img);
	}
	return pf;
}

namespace {

// "median min max" of v, or NaN NaN NaN when v is empty
std::string mmm(const std::vector<double> &v, int prec)
{
	if (v.empty())
		return "NaN NaN NaN";
	const Summary x = summarize(v);
	return fmt(x.median, prec) + ' ' + fmt(x.min, prec) + ' ' + fmt(x.max, prec);
}

} // namespace

SweepPlots make_sweep_plots(const Sweep &s, const std::string &outdir, const std::string &format,
			    const std::string &gnuplot)
{
	if (format != "png" && format != "svg")
		throw Error("plot format must be png or svg, not " + format);
	const std::string term = format == "png"
					 ? "set terminal pngcairo size 960,540 font 'sans,11'"
					 : "set terminal svg size 960,540 dynamic font 'sans,11'";
	const std::vector<SweepStats> st = sweep_stats(s);
	// the points side by side at x = 1 .. K, labelled with their values
	// (equal spacing: -P 1, 4, 8, 20 and on/off alike)
	std::ostringstream d, dr;
	d << "# point value runs gbit_median gbit_min gbit_max busy_median busy_min busy_max "
	     "rxtop_median rxtop_min rxtop_max\n";
	dr << "# point gbit_per_s busy_soft_irq_pct\n";
	for (std::size_t k = 0; k < st.size(); k++) {
		d << k + 1 << " \"" << gp_text(st[k].value) << "\" " << st[k].runs << ' ' << mmm(st[k].gbps, 4) << ' '
		  << mmm(st[k].busy, 2) << ' ' << mmm(st[k].rx_top, 2) << '\n';
		for (std::size_t i = 0; i < st[k].gbps.size(); i++)
			dr << k + 1 << ' ' << fmt(st[k].gbps[i], 4) << ' '
			   << (i < st[k].busy.size() ? fmt(st[k].busy[i], 2) : std::string("NaN")) << '\n';
	}
	write_file(outdir + "/sweep.dat", d.str());
	write_file(outdir + "/sweep-runs.dat", dr.str());

	SweepPlots sp;
	sp.throughput = "sweep-throughput." + format;
	sp.softirq = "sweep-softirq." + format;
	const std::string what = gp_text(sweep_param_text(s.param));
	const std::string runs = std::to_string(s.repeat) + " run" + (s.repeat == 1 ? "" : "s");
	std::ostringstream gp;
	gp << "# written by rxscale-report; run: gnuplot sweep.gp\n"
	   << term << " noenhanced\nset grid\nset key at screen 0.08, screen 0.11 left top Left reverse box\nset bmargin 9\n"
	   << "set xrange [0.5:" << st.size() << ".5]\nset xtics scale 0\n"
	   << "set xlabel '" << what << "'\n"
	   << "set output '" << sp.throughput << "'\n"
	   << "set title 'Throughput vs " << what << ", " << gp_text(s.label) << " (" << runs << " a point)'\n"
	   << "set ylabel 'Gbit/s'\nset yrange [0:*]\n"
	   << "plot 'sweep.dat' using 1:4:5:6:xtic(2) with yerrorlines lw 2 pt 7 ps 1.2 lc rgb '#1f5fa8' "
	      "title 'median, bars: min-max of the runs', "
	   << "'sweep-runs.dat' using ($1+0.08):2 with points pt 6 ps 1 lc rgb '#808080' title 'each run'\n"
	   << "set output '" << sp.softirq << "'\n"
	   << "set title \"Busiest CPU's softirq load vs " << what << ", " << gp_text(s.label) << " (" << runs
	   << " a point)\"\n"
	   << "set ylabel '%'\nset yrange [0:105]\nset ytics 0, 10, 100\n"
	   << "plot 'sweep.dat' using ($1-0.04):7:8:9:xtic(2) with yerrorlines lw 2 pt 7 ps 1.2 lc rgb '#c0392b' "
	      "title 'busiest core: mean %soft+%irq (mpstat), median, bars: min-max', "
	   << "'' using ($1+0.04):10:11:12 with yerrorlines lw 2 pt 5 ps 1.1 lc rgb '#2e8b57' "
	      "title 'busiest CPU: share of NET_RX softirqs (/proc/softirqs), median, bars: min-max'\n";
	write_file(outdir + "/sweep.gp", gp.str());
	for (const std::string &img : {sp.throughput, sp.softirq}) // no stale image may pass for a new one
		unlink((outdir + "/" + img).c_str());
	run_gnuplot(gnuplot, outdir, "sweep.gp");
	for (const std::string &img : {sp.throughput, sp.softirq}) {
		struct stat st2 {};
		if (stat((outdir + "/" + img).c_str(), &st2) != 0 || st2.st_size == 0)
			throw Error("gnuplot wrote no " + outdir + "/" + img);
	}
	return sp;
}

} // namespace rxs
