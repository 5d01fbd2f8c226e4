// SPDX-License-Identifier: GPL-2.0
// Loading a sweep of rxscale-bench --sweep PARAM=V1,V2,...: sweep.txt, then
// one series (or single run) per value in point-1 .. point-K; every run must
// say in its meta.txt that it was taken at its point's value.
#include "rxreport.hpp"

#include <sstream>

namespace rxs {

namespace {

std::vector<std::string> split(const std::string &s, char sep)
{
	std::vector<std::string> out;
	std::string cur;
	for (char c : s) {
		if (c == sep) {
			out.push_back(cur);
			cur.clear();
		} else {
			cur += c;
		}
	}
	out.push_back(cur);
	return out;
}

} // namespace

bool is_sweep(const std::string &dir)
{
	return path_exists(dir + "/sweep.txt");
}

std::string sweep_param_text(const std::string &param)
{
	if (param == "P")
		return "iperf3 parallel streams (-P)";
	if (param == "rps")
		return "RPS";
	if (param == "threaded")
		return "threaded NAPI";
	if (param == "rss")
		return "RSS table";
	return param;
}

Sweep load_sweep(const std::string &dir_in, const Options &opt)
{
	Sweep s;
	s.dir = dir_in;
	while (s.dir.size() > 1 && s.dir.back() == '/')
		s.dir.pop_back();
	const std::string d = s.dir + "/";
	std::map<std::string, std::string> meta;
	{
		std::istringstream in(read_file(d + "sweep.txt"));
		std::string line;
		while (std::getline(in, line)) {
			const auto eq = line.find('=');
			if (eq != std::string::npos)
				meta[line.substr(0, eq)] = line.substr(eq + 1);
		}
	}
	s.param = meta["param"];
	if (s.param != "P" && s.param != "rps" && s.param != "threaded" && s.param != "rss")
		throw Error(d + "sweep.txt: no \"param=\" line naming P, rps, threaded or rss");
	const std::vector<std::string> values = split(meta["values"], ',');
	for (const std::string &v : values)
		if (v.empty())
			throw Error(d + "sweep.txt: no \"values=V1,V2,...\" line (or an empty value in it)");
	const std::string n = meta["repeat"];
	if (n.empty() || n.size() > 3 || n.find_first_not_of("0123456789") != std::string::npos ||
	    std::stoi(n) < 1)
		throw Error(d + "sweep.txt: no \"repeat=N\" line");
	s.repeat = std::stoi(n);
	s.iface = meta["iface"];
	s.restored = meta["restored"];
	s.label = meta["label"].empty() ? s.dir : meta["label"];
	if (!path_exists(d + "status"))
		throw Error(s.dir + ": a sweep without a status file");
	const std::string status = trim_end(read_file(d + "status"));
	if (status != "complete")
		throw Error(s.dir + ": the sweep is not complete (rxscale-bench says: " + status + ")");

	for (std::size_t k = 0; k < values.size(); k++) {
		const std::string pd = d + "point-" + std::to_string(k + 1);
		SweepPoint p;
		p.value = values[k];
		p.series = load_series(pd, opt);
		if (p.series.runs.size() != static_cast<std::size_t>(s.repeat))
			throw Error(pd + ": " + std::to_string(p.series.runs.size()) + " run(s), sweep.txt says repeat=" +
				    n);
		const std::string want = s.param + "=" + p.value;
		for (const Run &r : p.series.runs) {
			auto it = r.meta.find("sweep");
			const std::string got = it == r.meta.end() ? "" : it->second;
			if (got != want)
				throw Error(r.dir + "/meta.txt: " +
					    (got.empty() ? std::string("no sweep= line") : "sweep=" + got) +
					    ", but sweep.txt has " + want + " at point " + std::to_string(k + 1));
		}
		s.points.push_back(std::move(p));
	}
	return s;
}

double net_rx_top_share(const Run &r)
{
	std::uint64_t t = 0, m = 0;
	for (std::uint64_t v : r.net_rx) {
		t += v;
		if (v > m)
			m = v;
	}
	return t ? 100.0 * static_cast<double>(m) / static_cast<double>(t) : 0;
}

std::vector<SweepStats> sweep_stats(const Sweep &s)
{
	std::vector<SweepStats> out;
	for (const SweepPoint &p : s.points) {
		SweepStats x;
		x.value = p.value;
		x.runs = p.series.runs.size();
		for (const Run &r : p.series.runs) {
			x.gbps.push_back(r.iperf.throughput_bps() / 1e9);
			for (const CpuStats &c : r.cpu.cpus)
				if (c.cpu == r.cpu.busiest)
					x.busy.push_back(c.soft.mean + c.irq.mean);
			x.rx_top.push_back(net_rx_top_share(r));
			if (r.iperf.retransmits)
				x.retr.push_back(static_cast<double>(*r.iperf.retransmits));
		}
		out.push_back(std::move(x));
	}
	return out;
}

} // namespace rxs
