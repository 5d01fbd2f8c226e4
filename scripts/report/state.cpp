// SPDX-License-Identifier: GPL-2.0
// Parsers of the state snapshots rxscale-bench takes besides the counters:
// ethtool -l -x -n -c -k -g -i (text meant for people, read by its layout),
// /proc/net/softnet_stat and the CPU time of the NAPI and ksoftirqd threads.
#include "rxreport.hpp"

#include <algorithm>
#include <cctype>
#include <functional>
#include <sstream>

namespace rxs {

namespace {

std::string strip(const std::string &s)
{
	const auto b = s.find_first_not_of(" \t\r");
	if (b == std::string::npos)
		return "";
	const auto e = s.find_last_not_of(" \t\r");
	return s.substr(b, e - b + 1);
}

std::string lower(std::string s)
{
	for (char &c : s)
		c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
	return s;
}

bool digits(const std::string &s)
{
	return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
		return std::isdigit(static_cast<unsigned char>(c));
	});
}

std::vector<std::string> lines_of(const std::string &text)
{
	std::vector<std::string> out;
	std::istringstream in(text);
	std::string l;
	while (std::getline(in, l))
		out.push_back(l);
	return out;
}

// "Name:\tvalue" -> name, value; false without a colon
bool name_value(const std::string &line, std::string &name, std::string &value)
{
	const auto c = line.find(':');
	if (c == std::string::npos)
		return false;
	name = strip(line.substr(0, c));
	value = strip(line.substr(c + 1));
	return !name.empty();
}

using Pairs = std::vector<std::pair<std::string, std::string>>;

void add(Pairs &out, const std::string &k, const std::string &v)
{
	if (v != "n/a" && !v.empty())
		out.emplace_back(k, v);
}

// -l and -g: "Pre-set maximums:" then "Current hardware settings:", each a
// list of "Name: value"; the current value is reported with its maximum
Pairs max_current(const std::vector<std::string> &ls, const std::string &what, const char *title)
{
	std::vector<std::pair<std::string, std::string>> maxv, cur;
	int section = 0; // 1 maximums, 2 current
	bool titled = false;
	for (std::size_t i = 0; i < ls.size(); i++) {
		const std::string l = strip(ls[i]);
		if (l.empty())
			continue;
		if (l.rfind(title, 0) == 0) {
			titled = true;
			continue;
		}
		if (l == "Pre-set maximums:") {
			section = 1;
			continue;
		}
		if (l == "Current hardware settings:") {
			section = 2;
			continue;
		}
		std::string n, v;
		if (!section || !name_value(l, n, v))
			throw Error(what + ":" + std::to_string(i + 1) + ": not the layout of ethtool's '" +
				    title + "' output: \"" + l + "\"");
		(section == 1 ? maxv : cur).emplace_back(lower(n), v);
	}
	if (!titled || cur.empty())
		throw Error(what + ": no \"" + std::string(title) + "\" with current settings");
	Pairs out;
	for (const auto &kv : cur) {
		std::string v = kv.second;
		for (const auto &m : maxv)
			if (m.first == kv.first && m.second != "n/a" && v != "n/a")
				v += " (max " + m.second + ")";
		add(out, kv.first, v);
	}
	return out;
}

Pairs rss(const std::vector<std::string> &ls, const std::string &what)
{
	Pairs out;
	std::vector<std::size_t> per_queue;
	std::size_t entries = 0;
	std::string section, key, funcs;
	bool titled = false;
	for (std::size_t i = 0; i < ls.size(); i++) {
		const std::string l = strip(ls[i]);
		if (l.empty())
			continue;
		const std::string head = "RX flow hash indirection table for ";
		if (l.rfind(head, 0) == 0) {
			titled = true;
			section = "table";
			const auto w = l.find(" with ");
			const auto r = l.find(" RX ring", w == std::string::npos ? 0 : w);
			if (w != std::string::npos && r != std::string::npos)
				add(out, "rx rings", l.substr(w + 6, r - w - 6));
			continue;
		}
		if (l == "RSS hash key:") {
			section = "key";
			continue;
		}
		if (l == "RSS hash function:") {
			section = "func";
			continue;
		}
		if (l.back() == ':' && l.find(' ') != std::string::npos) {
			section = "other"; // "RSS input transformation:" and later additions
			continue;
		}
		if (l == "Operation not supported" || section == "other")
			continue;
		if (section == "table") {
			// "   8:      0     1     2     3 ..."
			const auto c = l.find(':');
			if (c == std::string::npos || !digits(strip(l.substr(0, c))))
				throw Error(what + ":" + std::to_string(i + 1) + ": not an indirection table row: \"" + l + "\"");
			std::istringstream in(l.substr(c + 1));
			std::string q;
			while (in >> q) {
				if (!digits(q))
					throw Error(what + ":" + std::to_string(i + 1) + ": queue \"" + q + "\" is not a number");
				const std::size_t n = std::stoul(q);
				if (n > 4096)
					throw Error(what + ":" + std::to_string(i + 1) + ": queue " + q + " out of range");
				if (per_queue.size() <= n)
					per_queue.resize(n + 1);
				per_queue[n]++;
				entries++;
			}
		} else if (section == "key") {
			key += l;
		} else if (section == "func") {
			std::string n, v;
			if (!name_value(l, n, v))
				throw Error(what + ":" + std::to_string(i + 1) + ": not \"function: on|off\"");
			if (v == "on")
				funcs += (funcs.empty() ? "" : ", ") + n;
		} else {
			throw Error(what + ":" + std::to_string(i + 1) + ": not the layout of ethtool -x: \"" + l + "\"");
		}
	}
	if (!titled)
		throw Error(what + ": no \"RX flow hash indirection table\" line");
	if (entries) {
		std::string t = std::to_string(entries) + " entries:";
		for (std::size_t q = 0; q < per_queue.size(); q++)
			t += std::string(q ? "," : "") + " q" + std::to_string(q) + " " + std::to_string(per_queue[q]);
		out.emplace_back("indirection table", t);
	}
	add(out, "hash key", key);
	add(out, "hash function", funcs);
	return out;
}

Pairs ntuple(const std::vector<std::string> &ls, const std::string &what)
{
	Pairs out;
	std::string filter, body;
	auto flush = [&]() {
		if (!filter.empty())
			out.emplace_back("rule " + filter, body);
		filter.clear();
		body.clear();
	};
	bool any = false;
	for (std::size_t i = 0; i < ls.size(); i++) {
		const std::string l = strip(ls[i]);
		if (l.empty())
			continue;
		std::string n, v;
		const std::string avail = " RX rings available";
		if (l.size() > avail.size() && l.compare(l.size() - avail.size(), avail.size(), avail) == 0) {
			add(out, "rx rings", l.substr(0, l.size() - avail.size()));
			any = true;
		} else if (l.rfind("Total ", 0) == 0 && l.size() > 6 &&
			   l.compare(l.size() - 6, 6, " rules") == 0) {
			flush();
			add(out, "rules", l.substr(6, l.size() - 12));
			any = true;
		} else if (name_value(l, n, v) && n == "Filter") {
			flush();
			filter = v;
		} else if (!filter.empty()) {
			body += (body.empty() ? "" : "; ") + l;
		} else {
			throw Error(what + ":" + std::to_string(i + 1) + ": not the layout of ethtool -n: \"" + l + "\"");
		}
	}
	flush();
	if (!any)
		throw Error(what + ": no \"RX rings available\" or \"Total N rules\" line");
	return out;
}

/*
 * The snapshot files of rxscale-bench with a time stamp (threads,
 * softirq-time): "uptime SECONDS" first, then one record of words a line;
 * blank lines are skipped. Calls @record with each record's words and its
 * "FILE:LINE" for messages; returns the uptime.
 */
using Words = std::vector<std::string>;

double parse_uptime_records(const std::string &text, const std::string &what,
			    const std::function<void(const Words &, const std::string &)> &record)
{
	const std::vector<std::string> ls = lines_of(text);
	double uptime = 0;
	bool up = false;
	for (std::size_t i = 0; i < ls.size(); i++) {
		std::istringstream in(ls[i]);
		Words w;
		std::string t;
		while (in >> t)
			w.push_back(t);
		if (w.empty())
			continue;
		const std::string at = what + ":" + std::to_string(i + 1);
		if (up) {
			record(w, at);
			continue;
		}
		if (w.size() != 2 || w[0] != "uptime")
			throw Error(at + ": the first line is not \"uptime SECONDS\"");
		try {
			std::size_t n = 0;
			uptime = std::stod(w[1], &n);
			if (n != w[1].size() || uptime < 0)
				throw Error("");
		} catch (const std::exception &) {
			throw Error(at + ": uptime \"" + w[1] + "\" is not a number of seconds");
		}
		up = true;
	}
	if (!up)
		throw Error(what + ": empty (no \"uptime SECONDS\" line)");
	return uptime;
}

} // namespace

std::vector<std::pair<std::string, std::string>>
parse_ethtool_state(char opt, const std::string &text, const std::string &what)
{
	const std::vector<std::string> ls = lines_of(text);
	Pairs out;
	switch (opt) {
	case 'l':
		return max_current(ls, what, "Channel parameters for ");
	case 'g':
		return max_current(ls, what, "Ring parameters for ");
	case 'x':
		return rss(ls, what);
	case 'n':
		return ntuple(ls, what);
	case 'c':
	case 'k':
	case 'i': {
		const char *title = opt == 'c' ? "Coalesce parameters for " : opt == 'k' ? "Features for " : nullptr;
		bool titled = title == nullptr;
		for (std::size_t i = 0; i < ls.size(); i++) {
			const std::string l = strip(ls[i]);
			if (l.empty())
				continue;
			if (title && l.rfind(title, 0) == 0) {
				titled = true;
				continue;
			}
			// -c: "Adaptive RX: off  TX: n/a", "CQE mode RX: n/a  TX: n/a"
			if (opt == 'c' && (l.rfind("Adaptive RX:", 0) == 0 || l.rfind("CQE mode RX:", 0) == 0)) {
				const std::string base = l[0] == 'A' ? "adaptive" : "cqe-mode";
				const auto rx = l.find("RX:"), tx = l.find("TX:");
				if (tx == std::string::npos || tx < rx)
					throw Error(what + ":" + std::to_string(i + 1) + ": no TX: in \"" + l + "\"");
				add(out, base + "-rx", strip(l.substr(rx + 3, tx - rx - 3)));
				add(out, base + "-tx", strip(l.substr(tx + 3)));
				continue;
			}
			std::string n, v;
			if (!name_value(l, n, v))
				throw Error(what + ":" + std::to_string(i + 1) + ": not \"name: value\": \"" + l + "\"");
			if (opt == 'i' && n.rfind("supports-", 0) == 0)
				continue;
			add(out, n, v);
		}
		if (!titled)
			throw Error(what + ": no \"" + std::string(title) + "IFACE:\" line");
		if (out.empty() && opt == 'i')
			throw Error(what + ": no \"name: value\" line");
		return out;
	}
	default:
		throw Error(what + ": unknown ethtool option -" + std::string(1, opt));
	}
}

std::vector<SoftnetCpu> parse_softnet(const std::string &text, const std::string &what)
{
	std::vector<SoftnetCpu> out;
	const std::vector<std::string> ls = lines_of(text);
	for (std::size_t i = 0; i < ls.size(); i++) {
		std::istringstream in(ls[i]);
		std::vector<std::uint64_t> col;
		std::string w;
		while (in >> w) {
			if (w.size() > 16 || w.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
				throw Error(what + ":" + std::to_string(i + 1) + ": \"" + w + "\" is not a hex count");
			col.push_back(std::stoull(w, nullptr, 16));
		}
		if (col.empty())
			continue;
		if (col.size() < 11)
			throw Error(what + ":" + std::to_string(i + 1) + ": " + std::to_string(col.size()) +
				    " columns, at least 11 wanted");
		SoftnetCpu c;
		c.cpu = col.size() >= 13 ? static_cast<int>(col[12]) : static_cast<int>(out.size());
		c.processed = col[0];
		c.dropped = col[1];
		c.time_squeeze = col[2];
		c.received_rps = col[9];
		c.flow_limit = col[10];
		out.push_back(c);
	}
	if (out.empty())
		throw Error(what + ": no CPU lines");
	return out;
}

std::vector<SoftnetCpu> softnet_delta(const std::vector<SoftnetCpu> &before,
				      const std::vector<SoftnetCpu> &after, const std::string &what)
{
	if (before.size() != after.size())
		throw Error(what + ": " + std::to_string(before.size()) + " CPUs before the run, " +
			    std::to_string(after.size()) + " after");
	auto d = [](std::uint64_t was, std::uint64_t now) {
		return now >= was ? now - was : now + (1ULL << 32) - was;
	};
	std::vector<SoftnetCpu> out;
	for (std::size_t i = 0; i < after.size(); i++) {
		if (before[i].cpu != after[i].cpu)
			throw Error(what + ": line " + std::to_string(i + 1) + " is CPU" +
				    std::to_string(before[i].cpu) + " before the run and CPU" +
				    std::to_string(after[i].cpu) + " after");
		SoftnetCpu c;
		c.cpu = after[i].cpu;
		c.processed = d(before[i].processed, after[i].processed);
		c.dropped = d(before[i].dropped, after[i].dropped);
		c.time_squeeze = d(before[i].time_squeeze, after[i].time_squeeze);
		c.received_rps = d(before[i].received_rps, after[i].received_rps);
		c.flow_limit = d(before[i].flow_limit, after[i].flow_limit);
		out.push_back(c);
	}
	return out;
}

ThreadSnapshot parse_threads(const std::string &text, const std::string &what)
{
	ThreadSnapshot s;
	s.uptime = parse_uptime_records(text, what, [&](const Words &w, const std::string &at) {
		if (w.size() != 5 || !digits(w[0]) || !digits(w[1]) || !digits(w[2]) || !digits(w[3]))
			throw Error(at + ": not \"PID UTIME STIME CPU COMM\"");
		ThreadTimes th;
		th.pid = std::stoll(w[0]);
		th.utime = std::stoull(w[1]);
		th.stime = std::stoull(w[2]);
		th.cpu = std::stoi(w[3]);
		th.comm = w[4];
		s.threads.push_back(th);
	});
	return s;
}

std::vector<ThreadLoad> thread_loads(const ThreadSnapshot &before, const ThreadSnapshot &after,
				     long clk_tck, const std::string &what)
{
	const double secs = after.uptime - before.uptime;
	if (secs <= 0)
		throw Error(what + ": uptime did not grow between the snapshots");
	if (clk_tck <= 0)
		throw Error(what + ": clock ticks per second not known");
	std::vector<ThreadLoad> out;
	for (const ThreadTimes &a : after.threads) {
		for (const ThreadTimes &b : before.threads) {
			if (a.pid != b.pid || a.comm != b.comm)
				continue;
			const std::uint64_t was = b.utime + b.stime, now = a.utime + a.stime;
			if (now < was)
				throw Error(what + ": the CPU time of " + a.comm + " (PID " + std::to_string(a.pid) +
					    ") went down");
			ThreadLoad l;
			l.comm = a.comm;
			l.pid = a.pid;
			l.cpu = a.cpu;
			l.ticks = now - was;
			l.percent = 100.0 * static_cast<double>(l.ticks) / static_cast<double>(clk_tck) / secs;
			out.push_back(l);
		}
	}
	// NAPI threads first, then ksoftirqd/N by N; the snapshot order otherwise
	auto rank = [](const ThreadLoad &l) {
		if (l.comm.rfind("napi/", 0) == 0)
			return std::make_pair(0, 0L);
		const auto sl = l.comm.find('/');
		const std::string n = sl == std::string::npos ? "" : l.comm.substr(sl + 1);
		return std::make_pair(1, digits(n) ? std::stol(n) : 0L);
	};
	std::stable_sort(out.begin(), out.end(),
			 [&](const ThreadLoad &x, const ThreadLoad &y) { return rank(x) < rank(y); });
	return out;
}

SoftirqTimeSnapshot parse_softirq_time(const std::string &text, const std::string &what)
{
	SoftirqTimeSnapshot s;
	s.uptime = parse_uptime_records(text, what, [&](const Words &w, const std::string &at) {
		if (w.size() != 4 || !digits(w[0]) || !digits(w[1]) || !digits(w[2]) || !digits(w[3]) ||
		    w[0].size() > 6 || w[1].size() > 3 || w[3].size() > 19)
			throw Error(at + ": not \"CPU VEC RUNS NS\"");
		const std::pair<int, int> k{std::stoi(w[0]), std::stoi(w[1])};
		if (s.ns.count(k))
			throw Error(at + ": CPU " + w[0] + " vector " + w[1] + " twice");
		s.ns[k] = std::stoull(w[3]);
	});
	return s;
}

std::vector<SoftirqTimeCpu> softirq_time_delta(const SoftirqTimeSnapshot &before,
					       const SoftirqTimeSnapshot &after, const std::string &what)
{
	if (after.uptime < before.uptime)
		throw Error(what + ": uptime went back (" + std::to_string(before.uptime) + " s before, " +
			    std::to_string(after.uptime) + " s after)");
	std::map<int, SoftirqTimeCpu> m;
	for (const auto &kv : after.ns) {
		const auto b = before.ns.find(kv.first);
		const std::uint64_t was = b == before.ns.end() ? 0 : b->second;
		if (kv.second < was)
			throw Error(what + ": the softirq time of CPU " + std::to_string(kv.first.first) +
				    " vector " + std::to_string(kv.first.second) +
				    " went down (hist triggers reset during the run?)");
		SoftirqTimeCpu &c = m[kv.first.first];
		c.cpu = kv.first.first;
		c.all_ns += kv.second - was;
		if (kv.first.second == 3) // NET_RX_SOFTIRQ
			c.net_rx_ns += kv.second - was;
	}
	for (const auto &kv : before.ns)
		if (!after.ns.count(kv.first))
			throw Error(what + ": CPU " + std::to_string(kv.first.first) + " vector " +
				    std::to_string(kv.first.second) + " is gone after the run");
	std::vector<SoftirqTimeCpu> out;
	for (const auto &kv : m)
		out.push_back(kv.second);
	return out;
}

} // namespace rxs
