// SPDX-License-Identifier: GPL-2.0
// Loading one rxscale-bench run directory: every file the report needs must
// be there and parse; a run that rxscale-bench marked failed is refused.
#include "rxreport.hpp"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

namespace rxs {

std::string read_file(const std::string &path)
{
	struct stat st {};
	if (stat(path.c_str(), &st) != 0)
		throw Error(path + (errno == ENOENT ? ": missing" : ": " + std::string(std::strerror(errno))));
	if (S_ISDIR(st.st_mode))
		throw Error(path + ": is a directory, not a file");
	std::ifstream in(path, std::ios::binary);
	if (!in)
		throw Error(path + ": cannot be read: " + std::strerror(errno));
	std::ostringstream s;
	s << in.rdbuf();
	if (in.bad())
		throw Error(path + ": read error");
	return s.str();
}

bool path_exists(const std::string &p)
{
	struct stat st {};
	return stat(p.c_str(), &st) == 0;
}

std::string trim_end(std::string s)
{
	while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' '))
		s.pop_back();
	return s;
}

namespace {

std::vector<std::uint64_t> softirq_delta(const ProcTable &b, const ProcTable &a, const char *id)
{
	const IrqLine *lb = b.find(id);
	const IrqLine *la = a.find(id);
	std::vector<std::uint64_t> out;
	for (std::size_t i = 0; i < la->counts.size(); i++) {
		const std::uint64_t was = lb->counts[i], now = la->counts[i];
		out.push_back(now >= was ? now - was : now + (1ULL << 32) - was);
	}
	return out;
}

} // namespace

Run load_run(const std::string &dir_in, const Options &opt)
{
	Run r;
	r.dir = dir_in;
	while (r.dir.size() > 1 && r.dir.back() == '/')
		r.dir.pop_back();
	struct stat st {};
	if (stat(r.dir.c_str(), &st) != 0)
		throw Error(r.dir + (errno == ENOENT ? ": no such run directory"
						    : ": " + std::string(std::strerror(errno))));
	if (!S_ISDIR(st.st_mode))
		throw Error(r.dir + ": not a directory");
	const std::string d = r.dir + "/";

	if (!path_exists(d + "status"))
		throw Error(r.dir + ": no status file: not a run directory of rxscale-bench");
	const std::string status = trim_end(read_file(d + "status"));
	if (status != "complete")
		throw Error(r.dir + ": the run is not complete (rxscale-bench says: " + status + ")");

	std::istringstream meta(read_file(d + "meta.txt"));
	std::string line;
	while (std::getline(meta, line)) {
		const auto eq = line.find('=');
		if (eq != std::string::npos)
			r.meta[line.substr(0, eq)] = line.substr(eq + 1);
	}
	r.label = r.meta.count("label") && !r.meta["label"].empty() ? r.meta["label"] : r.dir;

	r.iperf = parse_iperf(read_file(d + "iperf3.json"), d + "iperf3.json");
	r.gbps_series = interval_gbps(r.iperf);
	if (r.gbps_series.empty())
		throw Error(d + "iperf3.json: no interval of 0.5 s or more outside the omitted time");
	r.gbps = summarize(r.gbps_series);

	r.mpstat = parse_mpstat(read_file(d + "mpstat.json"), d + "mpstat.json");
	try {
		// with -O, the intervals' 0 is iperf3's start plus the omitted seconds
		r.cpu = cpu_report(r.mpstat, r.iperf.timesecs + std::llround(r.iperf.omit),
				   r.iperf.intervals.back().end);
	} catch (const Error &e) {
		throw Error(d + "mpstat.json: " + e.what());
	}

	r.iface = opt.iface.empty() ? (r.meta.count("iface") ? r.meta["iface"] : "") : opt.iface;
	const ProcTable ib = parse_interrupts(read_file(d + "interrupts.before"), d + "interrupts.before");
	const ProcTable ia = parse_interrupts(read_file(d + "interrupts.after"), d + "interrupts.after");
	if (!r.iface.empty() || !opt.irq_match.empty())
		r.irqs = queue_irq_deltas(ib, ia, r.iface, opt.irq_match, d + "interrupts.*");

	const ProcTable sb = parse_softirqs(read_file(d + "softirqs.before"), d + "softirqs.before");
	const ProcTable sa = parse_softirqs(read_file(d + "softirqs.after"), d + "softirqs.after");
	if (sb.cpus != sa.cpus)
		throw Error(d + "softirqs.*: the CPU columns differ before and after the run");
	r.softirq_cpus = sa.cpus;
	r.net_rx = softirq_delta(sb, sa, "NET_RX");
	r.net_tx = softirq_delta(sb, sa, "NET_TX");

	if (!r.iface.empty()) {
		if (path_exists(d + "ethtool-S.before") && path_exists(d + "ethtool-S.after")) {
			const auto eb = parse_ethtool(read_file(d + "ethtool-S.before"), d + "ethtool-S.before");
			const auto ea = parse_ethtool(read_file(d + "ethtool-S.after"), d + "ethtool-S.after");
			std::map<std::string, long long> was(eb.begin(), eb.end());
			for (const auto &kv : ea) {
				auto it = was.find(kv.first);
				const long long delta = kv.second - (it == was.end() ? 0 : it->second);
				if (delta != 0)
					r.ethtool_delta.emplace_back(kv.first, delta);
			}
		} else if (path_exists(d + "ethtool-S.before.err")) {
			r.ethtool_note = "`ethtool -S " + r.iface + "` failed: " +
					 trim_end(read_file(d + "ethtool-S.before.err"));
		} else {
			r.ethtool_note = "no ethtool -S snapshots in the run directory";
		}
	} else {
		r.ethtool_note = "no interface given to rxscale-bench (-i)";
	}

	// settings and the ethtool state, before and after the run
	using Pairs = std::vector<std::pair<std::string, std::string>>;
	auto settings_of = [&](const std::string &when) {
		Pairs out;
		if (path_exists(d + "settings." + when)) {
			std::istringstream s(read_file(d + "settings." + when));
			while (std::getline(s, line)) {
				const auto sp = line.find(' ');
				if (sp != std::string::npos)
					out.emplace_back(line.substr(0, sp), line.substr(sp + 1));
			}
		}
		if (r.iface.empty())
			return out;
		for (const char o : std::string("lxncgki")) {
			const std::string f = d + "ethtool-" + std::string(1, o) + "." + when;
			if (path_exists(f)) {
				for (const auto &kv : parse_ethtool_state(o, read_file(f), f))
					out.emplace_back("ethtool -" + std::string(1, o) + " " + kv.first, kv.second);
			} else if (when == "before" && path_exists(f + ".err")) {
				std::string e = trim_end(read_file(f + ".err"));
				const auto nl = e.find('\n');
				r.state_notes.push_back("`ethtool -" + std::string(1, o) + " " + r.iface +
							"` failed: " + (nl == std::string::npos ? e : e.substr(0, nl)));
			}
		}
		return out;
	};
	r.settings = settings_of("before");
	if (path_exists(d + "settings.after")) {
		const Pairs after = settings_of("after");
		std::map<std::string, std::pair<std::string, std::string>> both;
		std::vector<std::string> order;
		for (const auto &kv : r.settings) {
			both[kv.first].first = kv.second;
			order.push_back(kv.first);
		}
		for (const auto &kv : after) {
			if (!both.count(kv.first))
				order.push_back(kv.first);
			both[kv.first].second = kv.second;
		}
		for (const std::string &k : order)
			if (both[k].first != both[k].second)
				r.settings_changed.push_back({k, both[k].first, both[k].second});
	}

	if (path_exists(d + "softnet_stat.before") && path_exists(d + "softnet_stat.after")) {
		r.softnet = softnet_delta(parse_softnet(read_file(d + "softnet_stat.before"), d + "softnet_stat.before"),
					  parse_softnet(read_file(d + "softnet_stat.after"), d + "softnet_stat.after"),
					  d + "softnet_stat.*");
	} else {
		r.softnet_note = "no softnet_stat snapshots in the run directory";
	}

	if (path_exists(d + "threads.before") && path_exists(d + "threads.after")) {
		const ThreadSnapshot tb = parse_threads(read_file(d + "threads.before"), d + "threads.before");
		const ThreadSnapshot ta = parse_threads(read_file(d + "threads.after"), d + "threads.after");
		long hz = 0;
		const std::string ct = r.meta.count("clk_tck") ? r.meta["clk_tck"] : "";
		if (!ct.empty() && ct.find_first_not_of("0123456789") == std::string::npos && ct.size() < 7)
			hz = std::stol(ct);
		if (hz <= 0) {
			hz = 100;
			r.thread_note = "meta.txt gives no clk_tck (no getconf where the bench ran): 100 ticks per "
					"second assumed (Linux's USER_HZ on every architecture)";
		}
		r.threads = thread_loads(tb, ta, hz, d + "threads.*");
		r.thread_seconds = ta.uptime - tb.uptime;
	} else {
		r.thread_note = "no threads snapshots in the run directory";
	}

	if (path_exists(d + "softirq-time.before") && path_exists(d + "softirq-time.after")) {
		const SoftirqTimeSnapshot sb =
			parse_softirq_time(read_file(d + "softirq-time.before"), d + "softirq-time.before");
		const SoftirqTimeSnapshot sa =
			parse_softirq_time(read_file(d + "softirq-time.after"), d + "softirq-time.after");
		r.sirq = softirq_time_delta(sb, sa, d + "softirq-time.*");
		r.sirq_seconds = sa.uptime - sb.uptime;
		if (r.sirq_seconds <= 0)
			throw Error(d + "softirq-time.*: no time passed between the two snapshots");
	}
	return r;
}

Series load_series(const std::string &dir_in, const Options &opt)
{
	Series s;
	s.dir = dir_in;
	while (s.dir.size() > 1 && s.dir.back() == '/')
		s.dir.pop_back();
	const std::string d = s.dir + "/";
	if (!path_exists(d + "repeat.txt")) {
		s.runs.push_back(load_run(s.dir, opt));
		s.label = s.runs[0].label;
		return s;
	}
	s.repeated = true;
	std::map<std::string, std::string> meta;
	std::istringstream in(read_file(d + "repeat.txt"));
	std::string line;
	while (std::getline(in, line)) {
		const auto eq = line.find('=');
		if (eq != std::string::npos)
			meta[line.substr(0, eq)] = line.substr(eq + 1);
	}
	const std::string n = meta["repeat"];
	if (n.empty() || n.size() > 3 || n.find_first_not_of("0123456789") != std::string::npos ||
	    std::stoi(n) < 1)
		throw Error(d + "repeat.txt: no \"repeat=N\" line");
	if (!path_exists(d + "status"))
		throw Error(s.dir + ": a series without a status file");
	const std::string status = trim_end(read_file(d + "status"));
	if (status != "complete")
		throw Error(s.dir + ": the series is not complete (rxscale-bench says: " + status + ")");
	s.label = meta["label"].empty() ? s.dir : meta["label"];
	for (int k = 1; k <= std::stoi(n); k++)
		s.runs.push_back(load_run(d + "run-" + std::to_string(k), opt));
	return s;
}

} // namespace rxs
