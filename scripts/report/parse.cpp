// SPDX-License-Identifier: GPL-2.0
// Parsers of iperf3 JSON (-J), mpstat JSON (-o JSON), /proc/interrupts,
// /proc/softirqs and `ethtool -S`. Anything unexpected is an Error naming
// the file and what is wrong; nothing is guessed.
#include "rxreport.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <ctime>
#include <regex>
#include <sstream>

using json = nlohmann::json;

namespace rxs {

namespace {

json parse_json(const std::string &text, const std::string &what)
{
	if (text.find_first_not_of(" \t\r\n") == std::string::npos)
		throw Error(what + ": empty file");
	try {
		return json::parse(text);
	} catch (const json::parse_error &e) {
		throw Error(what + ": not valid JSON (cut short or damaged?): " + e.what());
	}
}

const json &field(const json &j, const char *key, const std::string &ctx)
{
	if (!j.is_object() || !j.contains(key))
		throw Error(ctx + ": \"" + key + "\" missing");
	return j[key];
}

double num(const json &j, const char *key, const std::string &ctx)
{
	const json &v = field(j, key, ctx);
	if (!v.is_number())
		throw Error(ctx + ": \"" + key + "\" is not a number");
	return v.get<double>();
}

std::optional<double> opt_num(const json &j, const char *key)
{
	if (j.is_object() && j.contains(key) && j[key].is_number())
		return j[key].get<double>();
	return std::nullopt;
}

std::vector<std::string> split_ws(const std::string &s)
{
	std::istringstream in(s);
	std::vector<std::string> out;
	std::string t;
	while (in >> t)
		out.push_back(t);
	return out;
}

bool all_digits(const std::string &s)
{
	return !s.empty() && std::all_of(s.begin(), s.end(),
					 [](unsigned char c) { return std::isdigit(c); });
}

} // namespace

// ---- iperf3 ---------------------------------------------------------------------

IperfRun parse_iperf(const std::string &text, const std::string &what)
{
	const json top = parse_json(text, what);
	if (!top.is_object())
		throw Error(what + ": not an iperf3 JSON object");
	if (top.contains("error")) {
		const std::string msg = top["error"].is_string() ? top["error"].get<std::string>()
								 : top["error"].dump();
		throw Error(what + ": iperf3 reported an error, the run did not complete: " + msg);
	}
	IperfRun r;
	const json &start = field(top, "start", what);
	if (start.contains("version") && start["version"].is_string()) {
		std::string v = start["version"].get<std::string>();
		const auto sp = v.find(' ');
		r.version = sp == std::string::npos ? v : v.substr(sp + 1);
	} else {
		r.version = "unknown";
	}
	const json &ts = field(start, "test_start", what + ": start");
	const json &proto = field(ts, "protocol", what + ": test_start");
	if (!proto.is_string())
		throw Error(what + ": test_start: \"protocol\" is not a string");
	r.protocol = proto.get<std::string>();
	r.streams = static_cast<int>(num(ts, "num_streams", what + ": test_start"));
	r.duration = num(ts, "duration", what + ": test_start");
	r.reverse = opt_num(ts, "reverse").value_or(0) != 0;
	r.omit = opt_num(ts, "omit").value_or(0);
	r.timesecs = static_cast<long long>(
		num(field(start, "timestamp", what + ": start"), "timesecs", what + ": timestamp"));

	const json &ivs = field(top, "intervals", what);
	if (!ivs.is_array())
		throw Error(what + ": \"intervals\" is not an array");
	for (std::size_t i = 0; i < ivs.size(); i++) {
		const std::string ctx = what + ": intervals[" + std::to_string(i) + "].sum";
		const json &s = field(ivs[i], "sum", ctx);
		IperfInterval iv;
		iv.start = num(s, "start", ctx);
		iv.end = num(s, "end", ctx);
		iv.bps = num(s, "bits_per_second", ctx);
		if (auto re = opt_num(s, "retransmits"))
			iv.retransmits = static_cast<long long>(*re);
		iv.omitted = s.contains("omitted") && s["omitted"].is_boolean() &&
			     s["omitted"].get<bool>();
		if (s.contains("sender") && s["sender"].is_boolean())
			r.intervals_sender = s["sender"].get<bool>();
		r.intervals.push_back(iv);
	}
	if (r.intervals.empty())
		throw Error(what + ": no intervals: the run did not complete");

	const json &end = field(top, "end", what);
	const bool udp = r.protocol == "UDP";
	if (!end.is_object() || !end.contains("sum_sent") || !end.contains("sum_received") ||
	    (udp && !end.contains("sum")))
		throw Error(what + ": no end-of-test summary (sum_sent/sum_received): the run did not complete");
	r.sent_bps = num(end["sum_sent"], "bits_per_second", what + ": end.sum_sent");
	r.received_bps = num(end["sum_received"], "bits_per_second", what + ": end.sum_received");
	// the server of a -R run is the sender (accepted_connection: a server's
	// JSON); iperf3 3.12 writes sum_received = 0 there
	r.server_sent = r.reverse && start.contains("accepted_connection") &&
			r.received_bps == 0 && r.sent_bps > 0;
	if (auto re = opt_num(end["sum_sent"], "retransmits"))
		r.retransmits = static_cast<long long>(*re);
	if (end.contains("sum_received_bidir_reverse") && end.contains("sum_sent_bidir_reverse")) {
		r.bidir = true;
		r.bidir_received_bps = num(end["sum_received_bidir_reverse"], "bits_per_second",
					   what + ": end.sum_received_bidir_reverse");
		r.bidir_sent_bps = num(end["sum_sent_bidir_reverse"], "bits_per_second",
				       what + ": end.sum_sent_bidir_reverse");
	}
	if (udp) {
		const json &s = end["sum"];
		r.jitter_ms = opt_num(s, "jitter_ms");
		r.lost_percent = opt_num(s, "lost_percent");
		if (auto v = opt_num(s, "lost_packets"))
			r.lost_packets = static_cast<long long>(*v);
		if (auto v = opt_num(s, "packets"))
			r.packets = static_cast<long long>(*v);
	}
	// -t N runs end at N s (plus scheduling slack); intervals that stop
	// early mean the run was cut.
	const double last = r.intervals.back().end;
	if (r.duration > 0 && last < r.duration - 1.0) {
		std::ostringstream m;
		m << what << ": intervals stop at " << fmt(last, 1) << " s of a " << fmt(r.duration, 0)
		  << " s run: the run was cut short";
		throw Error(m.str());
	}
	return r;
}

std::vector<double> interval_gbps(const IperfRun &r)
{
	std::vector<double> out;
	for (const IperfInterval &iv : r.intervals) {
		if (iv.omitted || iv.end - iv.start < 0.5)
			continue;
		out.push_back(iv.bps / 1e9);
	}
	return out;
}

// ---- mpstat -----------------------------------------------------------------

namespace {

// "2026-11-30" + "05:36:31" (UTC, as rxscale-bench runs mpstat) -> Unix time
std::optional<long long> iso_time(const std::string &date, const std::string &hms)
{
	std::tm tm{};
	int y, mo, d, h, mi, s;
	char c1, c2, c3, c4;
	std::istringstream di(date), ti(hms);
	if (!(di >> y >> c1 >> mo >> c2 >> d) || c1 != '-' || c2 != '-')
		return std::nullopt;
	if (!(ti >> h >> c3 >> mi >> c4 >> s) || c3 != ':' || c4 != ':')
		return std::nullopt;
	std::string rest;
	if (ti >> rest) // "PM" and the like: not a 24-hour clock
		return std::nullopt;
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = mi;
	tm.tm_sec = s;
	return static_cast<long long>(timegm(&tm));
}

} // namespace

Mpstat parse_mpstat(const std::string &text, const std::string &what)
{
	const json top = parse_json(text, what);
	const json &hosts = field(field(top, "sysstat", what), "hosts", what + ": sysstat");
	if (!hosts.is_array() || hosts.empty())
		throw Error(what + ": sysstat.hosts is empty");
	const json &h = hosts[0];
	Mpstat m;
	m.ncpus = static_cast<int>(num(h, "number-of-cpus", what));
	if (h.contains("nodename") && h["nodename"].is_string())
		m.nodename = h["nodename"].get<std::string>();
	if (h.contains("release") && h["release"].is_string())
		m.release = h["release"].get<std::string>();
	const std::string date = h.contains("date") && h["date"].is_string()
					 ? h["date"].get<std::string>() : "";
	const json &stats = field(h, "statistics", what);
	if (!stats.is_array())
		throw Error(what + ": \"statistics\" is not an array");
	long long day = 0, prev = -1;
	for (std::size_t i = 0; i < stats.size(); i++) {
		const std::string ctx = what + ": statistics[" + std::to_string(i) + "]";
		const json &st = stats[i];
		if (st.is_object() && st.empty())
			continue; // mpstat ends its list with {} on some versions
		MpstatSample s;
		if (st.contains("timestamp") && st["timestamp"].is_string()) {
			auto t = iso_time(date, st["timestamp"].get<std::string>());
			if (t) {
				if (prev >= 0 && *t + day < prev)
					day += 86400; // past midnight
				s.time = *t + day;
				prev = *s.time;
			}
		}
		const json &loads = field(st, "cpu-load", ctx);
		if (!loads.is_array())
			throw Error(ctx + ": \"cpu-load\" is not an array");
		for (const json &l : loads) {
			const json &cpu = field(l, "cpu", ctx);
			if (!cpu.is_string())
				throw Error(ctx + ": \"cpu\" is not a string");
			const std::string id = cpu.get<std::string>();
			if (id == "all")
				continue;
			if (!all_digits(id))
				throw Error(ctx + ": unknown cpu \"" + id + "\"");
			CpuLoad c;
			c.usr = num(l, "usr", ctx);
			c.sys = num(l, "sys", ctx);
			c.irq = num(l, "irq", ctx);
			c.soft = num(l, "soft", ctx);
			c.idle = num(l, "idle", ctx);
			c.iowait = opt_num(l, "iowait").value_or(0);
			c.steal = opt_num(l, "steal").value_or(0);
			s.cpus[std::stoi(id)] = c;
		}
		if (s.cpus.empty())
			throw Error(ctx + ": no per-CPU rows (was mpstat run with -P ALL?)");
		m.samples.push_back(std::move(s));
	}
	if (m.samples.empty())
		throw Error(what + ": no samples");
	return m;
}

CpuReport cpu_report(const Mpstat &m, long long start, double length)
{
	CpuReport rep;
	std::vector<const MpstatSample *> picked;
	const bool timed = std::all_of(m.samples.begin(), m.samples.end(),
				       [](const MpstatSample &s) { return s.time.has_value(); });
	if (timed) {
		// A sample stamped T covers about (T-1, T]; start is iperf3's start
		// truncated to the second. Keep samples wholly inside the run: drop
		// the first and the last second.
		const long long lo = start + 2;
		const long long hi = start + static_cast<long long>(std::floor(length)) - 1;
		for (const MpstatSample &s : m.samples)
			if (*s.time >= lo && *s.time <= hi)
				picked.push_back(&s);
		if (picked.empty()) { // very short runs: the samples that overlap
			for (const MpstatSample &s : m.samples)
				if (*s.time >= start + 1 &&
				    *s.time <= start + static_cast<long long>(std::ceil(length)) + 1)
					picked.push_back(&s);
		}
		if (picked.empty())
			throw Error("no mpstat sample falls inside the iperf3 run (mpstat and iperf3 clocks differ?)");
		rep.aligned = true;
		rep.first = *picked.front()->time;
		rep.last = *picked.back()->time;
	} else {
		for (const MpstatSample &s : m.samples)
			picked.push_back(&s);
	}
	rep.samples = picked.size();
	std::map<int, std::vector<CpuLoad>> per;
	for (const MpstatSample *s : picked)
		for (const auto &kv : s->cpus)
			per[kv.first].push_back(kv.second);
	for (const auto &kv : per) {
		CpuStats c;
		c.cpu = kv.first;
		std::vector<double> soft, irq, sys, usr, idle;
		for (const CpuLoad &l : kv.second) {
			soft.push_back(l.soft);
			irq.push_back(l.irq);
			sys.push_back(l.sys);
			usr.push_back(l.usr);
			idle.push_back(l.idle);
		}
		c.soft = summarize(soft);
		c.irq = summarize(irq);
		c.sys = summarize(sys);
		c.usr = summarize(usr);
		c.idle = summarize(idle);
		rep.cpus.push_back(c);
	}
	rep.busiest = busiest_core(rep.cpus);
	return rep;
}

// ---- /proc tables ---------------------------------------------------------------

const IrqLine *ProcTable::find(const std::string &id) const
{
	for (const IrqLine &l : lines)
		if (l.id == id)
			return &l;
	return nullptr;
}

namespace {

ProcTable parse_proc_table(const std::string &text, const std::string &what)
{
	std::istringstream in(text);
	std::string line;
	ProcTable t;
	if (!std::getline(in, line))
		throw Error(what + ": empty file");
	for (const std::string &tok : split_ws(line)) {
		if (tok.size() < 4 || tok.compare(0, 3, "CPU") || !all_digits(tok.substr(3)))
			throw Error(what + ": header is not a CPU list: \"" + line + "\"");
		t.cpus.push_back(std::stoi(tok.substr(3)));
	}
	if (t.cpus.empty())
		throw Error(what + ": no CPU columns in the header");
	int lineno = 1;
	while (std::getline(in, line)) {
		lineno++;
		if (line.find_first_not_of(" \t") == std::string::npos)
			continue;
		std::istringstream ls(line);
		std::string id;
		ls >> id;
		if (id.size() < 2 || id.back() != ':')
			throw Error(what + ":" + std::to_string(lineno) + ": no \"ID:\" at the start");
		IrqLine l;
		l.id = id.substr(0, id.size() - 1);
		std::string tok;
		std::streampos pos = ls.tellg();
		while (l.counts.size() < t.cpus.size() && ls >> tok) {
			if (!all_digits(tok)) {
				ls.clear();
				ls.seekg(pos);
				break;
			}
			l.counts.push_back(std::stoull(tok));
			pos = ls.tellg();
		}
		std::string rest;
		std::getline(ls, rest);
		const auto b = rest.find_first_not_of(" \t");
		l.desc = b == std::string::npos ? "" : rest.substr(b);
		if (all_digits(l.id)) {
			if (l.counts.size() != t.cpus.size())
				throw Error(what + ":" + std::to_string(lineno) + ": IRQ " + l.id +
					    " has " + std::to_string(l.counts.size()) + " counts for " +
					    std::to_string(t.cpus.size()) + " CPUs");
			for (std::string n : split_ws(l.desc)) {
				if (!n.empty() && n.back() == ',')
					n.pop_back();
				if (!n.empty())
					l.names.push_back(n);
			}
		}
		t.lines.push_back(std::move(l));
	}
	return t;
}

} // namespace

ProcTable parse_interrupts(const std::string &text, const std::string &what)
{
	return parse_proc_table(text, what);
}

ProcTable parse_softirqs(const std::string &text, const std::string &what)
{
	ProcTable t = parse_proc_table(text, what);
	if (!t.find("NET_RX") || !t.find("NET_TX"))
		throw Error(what + ": no NET_RX/NET_TX lines: not /proc/softirqs");
	for (const IrqLine &l : t.lines)
		if (l.counts.size() != t.cpus.size())
			throw Error(what + ": " + l.id + " has " + std::to_string(l.counts.size()) +
				    " counts for " + std::to_string(t.cpus.size()) + " CPUs");
	return t;
}

std::vector<std::pair<std::string, long long>>
parse_ethtool(const std::string &text, const std::string &what)
{
	std::istringstream in(text);
	std::string line;
	std::vector<std::pair<std::string, long long>> out;
	int lineno = 0;
	while (std::getline(in, line)) {
		lineno++;
		const auto b = line.find_first_not_of(" \t");
		if (b == std::string::npos)
			continue;
		const auto colon = line.rfind(':');
		if (colon == std::string::npos || colon < b)
			throw Error(what + ":" + std::to_string(lineno) + ": not \"name: value\"");
		const std::string name = line.substr(b, colon - b);
		std::string value = line.substr(colon + 1);
		const auto vb = value.find_first_not_of(" \t");
		if (vb == std::string::npos) {
			if (lineno == 1)
				continue; // "NIC statistics:"
			throw Error(what + ":" + std::to_string(lineno) + ": no value for " + name);
		}
		value = value.substr(vb);
		while (!value.empty() && std::isspace(static_cast<unsigned char>(value.back())))
			value.pop_back();
		std::string digits = value[0] == '-' ? value.substr(1) : value;
		if (!all_digits(digits))
			throw Error(what + ":" + std::to_string(lineno) + ": value of " + name +
				    " is not a number: \"" + value + "\"");
		out.emplace_back(name, std::stoll(value));
	}
	if (out.empty())
		throw Error(what + ": no counters");
	return out;
}

// ---- queue IRQs ---------------------------------------------------------------

const char *kind_name(QueueKind k)
{
	switch (k) {
	case QueueKind::rx: return "rx";
	case QueueKind::tx: return "tx";
	case QueueKind::txrx: return "txrx";
	case QueueKind::vec: return "vec";
	case QueueKind::dev: return "dev";
	case QueueKind::other: break;
	}
	return "other";
}

std::optional<QueueIrq> classify_irq(const std::string &name, const std::string &iface,
				     const std::string &match_ere)
{
	std::string suffix;
	if (!match_ere.empty()) {
		std::regex re;
		try {
			re = std::regex(match_ere, std::regex::extended);
		} catch (const std::regex_error &e) {
			throw Error("bad --irq-match ERE \"" + match_ere + "\": " + e.what());
		}
		std::smatch m;
		if (!std::regex_search(name, m, re))
			return std::nullopt;
		// what follows the match names the queue, as after an interface name
		suffix = m.suffix().str();
		if (!suffix.empty() && std::string("-_:.@").find(suffix[0]) != std::string::npos)
			suffix.erase(0, 1);
	} else {
		if (iface.empty())
			return std::nullopt;
		if (name == iface) {
			suffix.clear();
		} else if (name.size() > iface.size() + 1 && name.compare(0, iface.size(), iface) == 0 &&
			   std::string("-_:.@").find(name[iface.size()]) != std::string::npos) {
			suffix = name.substr(iface.size() + 1);
		} else {
			return std::nullopt;
		}
	}
	std::string l = suffix;
	std::transform(l.begin(), l.end(), l.begin(),
		       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
	QueueIrq q;
	auto has = [&l](const char *s) { return l.find(s) != std::string::npos; };
	static const std::regex vec_re("^(q|queue)?[-_.]?[0-9]+$", std::regex::extended);
	if (has("txrx") || has("rxtx") || has("combined") || has("trx"))
		q.kind = QueueKind::txrx;
	else if (has("rx"))
		q.kind = QueueKind::rx;
	else if (has("tx"))
		q.kind = QueueKind::tx;
	else if (std::regex_match(l, vec_re))
		q.kind = QueueKind::vec;
	else if (l.empty())
		q.kind = QueueKind::dev;
	else
		q.kind = QueueKind::other;
	const auto d = l.find_first_of("0123456789");
	if (d != std::string::npos) {
		const auto e = l.find_first_not_of("0123456789", d);
		q.queue = std::stoi(l.substr(d, e == std::string::npos ? std::string::npos : e - d));
	}
	return q;
}

std::vector<QueueIrqDelta> queue_irq_deltas(const ProcTable &before, const ProcTable &after,
					    const std::string &iface, const std::string &match_ere,
					    const std::string &what)
{
	if (before.cpus != after.cpus)
		throw Error(what + ": the CPU columns differ before and after the run");
	std::vector<QueueIrqDelta> out;
	for (const IrqLine &l : after.lines) {
		if (!all_digits(l.id))
			continue;
		for (const std::string &n : l.names) {
			auto q = classify_irq(n, iface, match_ere);
			if (!q)
				continue;
			QueueIrqDelta d;
			d.irq = l.id;
			d.name = n;
			d.q = *q;
			const IrqLine *b = before.find(l.id);
			if (b && std::find(b->names.begin(), b->names.end(), n) == b->names.end())
				throw Error(what + ": IRQ " + l.id + " changed its name during the run");
			for (std::size_t i = 0; i < l.counts.size(); i++) {
				const std::uint64_t was = b ? b->counts[i] : 0;
				// /proc/interrupts counts are 32-bit and may wrap
				const std::uint64_t now = l.counts[i];
				const std::uint64_t delta = now >= was ? now - was
								       : now + (1ULL << 32) - was;
				d.per_cpu.push_back(delta);
				d.total += delta;
			}
			out.push_back(std::move(d));
			break;
		}
	}
	return out;
}

} // namespace rxs
