// SPDX-License-Identifier: GPL-2.0
// Markdown rendering of one run, or of two runs side by side.
#include "rxreport.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace rxs {

std::string fmt(double v, int prec)
{
	char b[64];
	std::snprintf(b, sizeof(b), "%.*f", prec, v);
	return b;
}

namespace {

using Rows = std::vector<std::vector<std::string>>;

// numeric: right-align every column but the first
std::string table(const std::vector<std::string> &head, const Rows &rows, bool numeric = true)
{
	std::ostringstream o;
	o << '|';
	for (const auto &h : head)
		o << ' ' << h << " |";
	o << "\n|";
	for (std::size_t i = 0; i < head.size(); i++)
		o << (i == 0 || !numeric ? "---|" : "---:|");
	o << '\n';
	for (const auto &r : rows) {
		o << '|';
		for (const auto &c : r)
			o << ' ' << c << " |";
		o << '\n';
	}
	return o.str();
}

std::string get(const Run &r, const char *k)
{
	auto it = r.meta.find(k);
	return it == r.meta.end() ? "" : it->second;
}

std::string pct(double part, double whole)
{
	return whole > 0 ? fmt(100.0 * part / whole, 1) + " %" : "-";
}

std::string change_pct(double a, double b)
{
	if (a == 0)
		return "-";
	const double c = 100.0 * (b - a) / a;
	return (c >= 0 ? "+" : "") + fmt(c, 1) + " %";
}

std::string change_pts(double a, double b)
{
	const double c = b - a;
	return (c >= 0 ? "+" : "") + fmt(c, 1) + " pts";
}

bool rx_kind(QueueKind k)
{
	return k == QueueKind::rx || k == QueueKind::txrx || k == QueueKind::vec;
}

struct Spread {
	std::string verdict; // one line
	bool found = false;  // per-queue IRQs exist
};

Spread spread_of(const Run &r)
{
	Spread s;
	if (r.iface.empty() && r.irqs.empty()) {
		s.verdict = "no interface given (-i): queue IRQs not looked for";
		return s;
	}
	std::uint64_t sum = 0, top = 0;
	int n = 0;
	std::set<int> cpus;
	for (const QueueIrqDelta &d : r.irqs) {
		if (!rx_kind(d.q.kind))
			continue;
		n++;
		sum += d.total;
		top = std::max(top, d.total);
		for (std::size_t i = 0; i < d.per_cpu.size(); i++)
			if (d.total && d.per_cpu[i] * 10 >= d.total)
				cpus.insert(static_cast<int>(i));
	}
	if (r.irqs.empty()) {
		s.verdict = "no per-queue IRQs found for " + r.iface +
			    " in /proc/interrupts (its IRQ names do not carry the interface name;"
			    " `--irq-match ERE` names them)";
		return s;
	}
	s.found = true;
	if (n == 0) {
		const QueueIrqDelta *dev = nullptr;
		for (const QueueIrqDelta &d : r.irqs)
			if (d.q.kind == QueueKind::dev)
				dev = &d;
		if (!dev) {
			s.verdict = "no RX-queue IRQ among the " + std::to_string(r.irqs.size()) +
				    " IRQs of " + r.iface;
			return s;
		}
		std::string who;
		for (std::size_t i = 0; i < dev->per_cpu.size(); i++)
			if (dev->total && dev->per_cpu[i] * 10 >= dev->total)
				who += (who.empty() ? "CPU" : ", CPU") + std::to_string(i);
		s.verdict = "one IRQ for the whole of " + r.iface + " (IRQ " + dev->irq +
			    ", no per-queue IRQs): no RSS spread" +
			    (who.empty() ? std::string() : ", taken by " + who);
		return s;
	}
	if (sum == 0) {
		s.verdict = std::to_string(n) + " RX IRQs, none fired during the run";
		return s;
	}
	const double even = 100.0 / n;
	const double largest = 100.0 * static_cast<double>(top) / static_cast<double>(sum);
	std::string cpu_note = ", taken by " + std::to_string(cpus.size()) + " CPU" +
			       (cpus.size() == 1 ? "" : "s");
	if (n == 1)
		s.verdict = "one RX IRQ: every receive interrupt on one queue (no RSS spread)" + cpu_note;
	else if (largest <= 1.5 * even)
		s.verdict = "RSS spreads: " + std::to_string(n) + " RX IRQs, largest share " +
			    fmt(largest, 1) + " % (even: " + fmt(even, 1) + " %)" + cpu_note;
	else
		s.verdict = "skewed: " + std::to_string(n) + " RX IRQs, largest share " +
			    fmt(largest, 1) + " % (even: " + fmt(even, 1) + " %)" + cpu_note;
	return s;
}

// The 1-minute load average before the run above the CPU count means other
// work competed with the run; its numbers carry that noise.
std::string load_note(const Run &r)
{
	const std::string la = get(r, "loadavg_before"), cpus = get(r, "cpus");
	if (la.empty() || cpus.empty())
		return "";
	double load = 0;
	int n = 0;
	try {
		load = std::stod(la);
		n = std::stoi(cpus);
	} catch (const std::exception &) {
		return "";
	}
	if (n <= 0 || load <= n)
		return "";
	return "the machine was busy: load average " + la + " before the run on " + cpus +
	       " CPUs, so other work competed with the run";
}

std::string describe(const Run &r)
{
	std::ostringstream o;
	const IperfRun &ip = r.iperf;
	o << "iperf3 " << ip.version << ", " << get(r, "mode");
	if (!get(r, "host").empty())
		o << " of " << get(r, "host");
	o << ", " << ip.protocol << ", " << ip.streams << " stream" << (ip.streams == 1 ? "" : "s")
	  << ", " << fmt(ip.duration, 0) << " s";
	if (ip.reverse)
		o << ", reverse (-R)";
	if (!get(r, "bitrate").empty())
		o << ", -b " << get(r, "bitrate");
	if (ip.bidir)
		o << ", both ways (--bidir)";
	if (ip.omit > 0)
		o << ", first " << fmt(ip.omit, 0) << " s omitted (-O)";
	for (const char *k : {"length", "mss", "affinity"})
		if (!get(r, k).empty())
			o << ", " << (std::string(k) == "length" ? "-l " : std::string(k) == "mss" ? "-M " : "-A ")
			  << get(r, k);
	return o.str();
}

const CpuStats *cpu_stats(const Run &r, int cpu)
{
	for (const CpuStats &c : r.cpu.cpus)
		if (c.cpu == cpu)
			return &c;
	return nullptr;
}

// the CPU with the most softirq time by the exact measurement, or null
const SoftirqTimeCpu *sirq_busiest(const Run &r)
{
	const SoftirqTimeCpu *top = nullptr;
	for (const SoftirqTimeCpu &c : r.sirq)
		if (!top || c.all_ns > top->all_ns)
			top = &c;
	return top;
}

// The summary's busiest-core words: by the exact softirq time where the run
// has it, else mpstat's with a pointer to the caveat when the kernel may
// undercount (issue 19: the summary said mpstat's even beside exact data).
std::string busiest_summary(const Run &r)
{
	std::ostringstream o;
	if (const SoftirqTimeCpu *top = sirq_busiest(r)) {
		const double ns = r.sirq_seconds * 1e9;
		o << "CPU" << top->cpu << ", " << fmt(100 * top->all_ns / ns, 1) << " % of its time in softirq (NET_RX "
		  << fmt(100 * top->net_rx_ns / ns, 1) << " %), exact (tracefs hist)";
		if (const CpuStats *m = cpu_stats(r, top->cpu))
			o << "; mpstat's %soft mean for it " << fmt(m->soft.mean, 1);
		return o.str();
	}
	const CpuStats *b = cpu_stats(r, r.cpu.busiest);
	if (!b)
		return "";
	o << "CPU" << b->cpu << ", %soft mean " << fmt(b->soft.mean, 1) << " max " << fmt(b->soft.max, 1)
	  << ", %irq mean " << fmt(b->irq.mean, 1) << " (mpstat";
	if (get(r, "irq_time_accounting") != "y")
		o << "; it may undercount softirq time, see the caveat below";
	o << ")";
	return o.str();
}

// the exact softirq time (tracefs hist) per CPU and the busiest core by it;
// without it, the caveat on mpstat's %soft and what the kernel config says
std::string softirq_time_section(const Run &r, const std::string &h)
{
	std::ostringstream o;
	if (r.sirq.empty()) {
		const std::string ita = get(r, "irq_time_accounting");
		const std::string from = get(r, "irq_time_accounting_from");
		const std::string kernel = get(r, "kernel");
		const std::string why = get(r, "softirq_time");
		if (ita == "y") {
			o << "Note: no exact softirq time in this run directory; this run's kernel has "
			     "CONFIG_IRQ_TIME_ACCOUNTING=y (" << from
			  << "), so /proc/stat and mpstat's %soft account softirq time rather than sample it.\n\n";
			return o.str();
		}
		o << "Caveat: %soft is mpstat's, from /proc/stat, which undercounts softirq time on kernels "
		     "without CONFIG_IRQ_TIME_ACCOUNTING (most distribution kernels): there it only samples "
		     "softirq time at the tick, and a softirq run in an interrupt taken while the CPU idled "
		     "counts as idle. ";
		if (ita == "n")
			o << "This run's kernel (" << kernel << ") has it not set (" << from << ").";
		else if (ita == "unknown")
			o << "Whether this run's kernel (" << kernel << ") has it is not known (" << from
			  << " where the bench ran).";
		else
			o << "The run directory does not say whether its kernel has it (recorded before "
			     "rxscale-bench checked).";
		o << " No exact softirq time was measured";
		if (why.rfind("none: ", 0) == 0)
			o << " (" << why.substr(6) << ")";
		o << "; rxscale-bench measures it where tracefs has synthetic events and hist triggers "
		     "(as root).\n\n";
		return o.str();
	}
	o << h << "# Softirq time (tracefs hist, exact)\n\n";
	o << "Time each CPU spent in softirq, from irq:softirq_entry to irq:softirq_exit, summed by "
	     "rxscale-bench's hist triggers over the snapshot interval ("
	  << fmt(r.sirq_seconds, 2)
	  << " s: the run plus about a second before and after it); every softirq run counts, in "
	     "interrupt exit or in ksoftirqd. CPUs not listed ran none.\n\n";
	const double ns = r.sirq_seconds * 1e9;
	const SoftirqTimeCpu *top = sirq_busiest(r);
	Rows rows;
	for (const SoftirqTimeCpu &c : r.sirq)
		rows.push_back({(&c == top ? "**CPU" + std::to_string(c.cpu) + "**" : "CPU" + std::to_string(c.cpu)),
				fmt(c.all_ns / 1e6, 1), fmt(100 * c.all_ns / ns, 1), fmt(c.net_rx_ns / 1e6, 1),
				fmt(100 * c.net_rx_ns / ns, 1)});
	o << table({"CPU", "softirq ms", "softirq % of the time", "NET_RX ms", "NET_RX % of the time"}, rows)
	  << '\n';
	o << "Busiest core by softirq time: **CPU" << top->cpu << "**, **" << fmt(100 * top->all_ns / ns, 1)
	  << " %** of its time in softirq (NET_RX " << fmt(100 * top->net_rx_ns / ns, 1) << " %), exact";
	if (const CpuStats *m = cpu_stats(r, top->cpu))
		o << "; mpstat's mean %soft for it: " << fmt(m->soft.mean, 1);
	o << ".\n\n";
	return o.str();
}

std::string run_sections(const Run &r, const std::string &h, const PlotFiles *plots, int idx)
{
	std::ostringstream o;
	const IperfRun &ip = r.iperf;

	o << table({"run", r.label},
		   {{"test", describe(r)},
		    {"machine", get(r, "hostname") + ", " + get(r, "machine") + ", kernel " +
				       get(r, "kernel") + ", " + get(r, "cpus") + " CPUs"},
		    {"started", get(r, "started")},
		    {"load average (1, 5, 15 min)",
		     (get(r, "loadavg_before").empty() ? "-" : get(r, "loadavg_before")) + " before, " +
			     (get(r, "loadavg_after").empty() ? "-" : get(r, "loadavg_after")) + " after"},
		    {"interface", r.iface.empty() ? "-" : r.iface},
		    {"run directory", "`" + r.dir + "`"}},
		   false)
	  << '\n';
	if (!get(r, "iperf3_warning").empty())
		o << "> **Warning:** " << get(r, "iperf3_warning") << "\n\n";
	if (const std::string busy = load_note(r); !busy.empty())
		o << "> **Note:** " << busy << ".\n\n";

	o << h << " Throughput\n\n";
	if (ip.server_sent) {
		o << "End of test: sent **" << fmt(ip.sent_bps / 1e9, 2)
		  << " Gbit/s** (this host was the server of a -R run, the sender: what the "
		     "client received is in the client's JSON)";
	} else {
		o << "End of test: received **" << fmt(ip.received_bps / 1e9, 2) << " Gbit/s**";
		if (ip.sent_bps > 0) // a server's JSON has no sender rate
			o << ", sent " << fmt(ip.sent_bps / 1e9, 2) << " Gbit/s";
	}
	if (ip.retransmits)
		o << ", " << *ip.retransmits << " retransmits";
	o << ".";
	if (ip.bidir)
		o << " --bidir: those are the client-to-server stream's (so are the per-interval numbers "
		     "below); the server-to-client stream delivered **"
		  << fmt(ip.bidir_received_bps / 1e9, 2) << " Gbit/s** (sent " << fmt(ip.bidir_sent_bps / 1e9, 2)
		  << ").";
	if (ip.lost_percent)
		o << " UDP loss " << fmt(*ip.lost_percent, 2) << " % (" << ip.lost_packets.value_or(0)
		  << " of " << ip.packets.value_or(0) << " datagrams), jitter "
		  << fmt(ip.jitter_ms.value_or(0), 3) << " ms.";
	o << "\n\n";
	const Summary &g = r.gbps;
	o << "Per interval (" << g.n << " intervals of about 1 s";
	if (ip.intervals_sender)
		o << ", measured at the " << (*ip.intervals_sender ? "sender" : "receiver");
	o << "; omitted and short tail intervals left out), Gbit/s:\n\n";
	if (ip.protocol == "UDP" && ip.intervals_sender.value_or(false))
		o << "> UDP seen from the sender: these are offered rates; what arrived is the "
		     "end-of-test received rate and the loss above.\n\n";
	o << table({"n", "min", "median", "mean", "max", "stddev", "CV", "verdict"},
		   {{std::to_string(g.n), fmt(g.min, 2), fmt(g.median, 2), fmt(g.mean, 2), fmt(g.max, 2),
		     fmt(g.stddev, 3), fmt(100 * g.cv, 1) + " %", stability(g.cv)}})
	  << '\n';
	if (ip.intervals.size() <= 30) {
		Rows rows;
		for (std::size_t i = 0; i < ip.intervals.size(); i++) {
			const IperfInterval &iv = ip.intervals[i];
			rows.push_back({std::to_string(i + 1),
					fmt(iv.start, 1) + "-" + fmt(iv.end, 1),
					fmt(iv.bps / 1e9, 2) + (iv.omitted ? " (omitted)" : ""),
					iv.retransmits ? std::to_string(*iv.retransmits) : "-"});
		}
		o << table({"#", "time (s)", "Gbit/s", "retransmits"}, rows) << '\n';
	} else {
		o << ip.intervals.size() << " intervals: see the throughput plot.\n\n";
	}

	o << h << " CPU load (mpstat -P ALL 1)\n\n";
	if (r.cpu.aligned)
		o << r.cpu.samples << " one-second samples inside the iperf3 run (its first and last second left out).\n\n";
	if (r.cpu.aligned && ip.omit > 0 && r.cpu.first && r.cpu.last) {
		auto hms = [](long long t) {
			char b[16];
			const long long d = ((t % 86400) + 86400) % 86400;
			std::snprintf(b, sizeof(b), "%02lld:%02lld:%02lld", d / 3600, d / 60 % 60, d % 60);
			return std::string(b);
		};
		o << "iperf3 omitted its first " << fmt(ip.omit, 0)
		  << " s (-O): the samples used are those after it, stamped " << hms(*r.cpu.first) << " to "
		  << hms(*r.cpu.last) << " UTC (iperf3 started at " << hms(ip.timesecs) << ").\n\n";
	}
	else
		o << "mpstat's timestamps cannot be lined up with iperf3's start: all " << r.cpu.samples
		  << " samples are used, idle seconds before and after the run included.\n\n";
	Rows rows;
	for (const CpuStats &c : r.cpu.cpus)
		rows.push_back({(c.cpu == r.cpu.busiest ? "**CPU" + std::to_string(c.cpu) + "**"
							: "CPU" + std::to_string(c.cpu)),
				fmt(c.soft.mean, 1), fmt(c.soft.max, 1), fmt(c.irq.mean, 1),
				fmt(c.irq.max, 1), fmt(c.sys.mean, 1), fmt(c.sys.max, 1),
				fmt(c.usr.mean, 1), fmt(c.idle.mean, 1)});
	o << table({"CPU", "%soft mean", "%soft max", "%irq mean", "%irq max", "%sys mean",
		    "%sys max", "%usr mean", "%idle mean"},
		   rows)
	  << '\n';
	if (const CpuStats *b = cpu_stats(r, r.cpu.busiest))
		o << "Busiest core: **CPU" << b->cpu << "**, mean %soft + %irq "
		  << fmt(b->soft.mean + b->irq.mean, 1) << " (%soft max " << fmt(b->soft.max, 1)
		  << ").\n\n";
	o << softirq_time_section(r, h);

	o << h << " Softirqs (/proc/softirqs, whole run)\n\n";
	{
		std::uint64_t rx = 0, tx = 0;
		for (auto v : r.net_rx)
			rx += v;
		for (auto v : r.net_tx)
			tx += v;
		Rows srows;
		for (std::size_t i = 0; i < r.softirq_cpus.size(); i++)
			srows.push_back({"CPU" + std::to_string(r.softirq_cpus[i]),
					 std::to_string(r.net_rx[i]), pct(static_cast<double>(r.net_rx[i]), static_cast<double>(rx)),
					 std::to_string(r.net_tx[i]), pct(static_cast<double>(r.net_tx[i]), static_cast<double>(tx))});
		o << table({"CPU", "NET_RX", "share", "NET_TX", "share"}, srows) << '\n';
	}

	o << h << " Queue interrupts (/proc/interrupts, whole run)\n\n";
	const Spread sp = spread_of(r);
	o << sp.verdict << ".\n\n";
	if (sp.found) {
		std::uint64_t rxsum = 0;
		for (const QueueIrqDelta &d : r.irqs)
			if (rx_kind(d.q.kind))
				rxsum += d.total;
		Rows irows;
		for (const QueueIrqDelta &d : r.irqs) {
			std::string who;
			for (std::size_t i = 0; i < d.per_cpu.size(); i++)
				if (d.per_cpu[i] && d.total)
					who += (who.empty() ? "" : ", ") + std::string("CPU") +
					       std::to_string(i) + " " +
					       pct(static_cast<double>(d.per_cpu[i]), static_cast<double>(d.total));
			irows.push_back({d.irq, "`" + d.name + "`", kind_name(d.q.kind),
					 d.q.queue < 0 ? "-" : std::to_string(d.q.queue),
					 std::to_string(d.total),
					 rx_kind(d.q.kind) ? pct(static_cast<double>(d.total), static_cast<double>(rxsum)) : "-",
					 who.empty() ? "-" : who});
		}
		o << table({"IRQ", "name", "kind", "queue", "interrupts", "share of RX", "taken by"}, irows)
		  << '\n';
	}

	o << h << " ethtool -S (counters that changed)\n\n";
	if (!r.ethtool_note.empty()) {
		o << r.ethtool_note << ".\n\n";
	} else if (r.ethtool_delta.empty()) {
		o << "No counter of " << r.iface << " changed.\n\n";
	} else {
		Rows erows;
		for (std::size_t i = 0; i < r.ethtool_delta.size() && i < 40; i++)
			erows.push_back({"`" + r.ethtool_delta[i].first + "`",
					 std::to_string(r.ethtool_delta[i].second)});
		o << table({"counter", "change"}, erows, false);
		if (r.ethtool_delta.size() > 40)
			o << "\n(" << r.ethtool_delta.size() - 40 << " more in the run directory)\n";
		o << '\n';
	}

	o << h << " softnet_stat (/proc/net/softnet_stat, whole run)\n\n";
	if (r.softnet.empty()) {
		o << r.softnet_note << ".\n\n";
	} else {
		Rows srows;
		SoftnetCpu t;
		for (const SoftnetCpu &c : r.softnet) {
			srows.push_back({"CPU" + std::to_string(c.cpu), std::to_string(c.processed),
					 std::to_string(c.dropped), std::to_string(c.time_squeeze),
					 std::to_string(c.received_rps), std::to_string(c.flow_limit)});
			t.processed += c.processed;
			t.dropped += c.dropped;
			t.time_squeeze += c.time_squeeze;
			t.received_rps += c.received_rps;
			t.flow_limit += c.flow_limit;
		}
		srows.push_back({"all", std::to_string(t.processed), std::to_string(t.dropped),
				 std::to_string(t.time_squeeze), std::to_string(t.received_rps),
				 std::to_string(t.flow_limit)});
		o << table({"CPU", "processed", "dropped", "time_squeeze", "received_rps", "flow_limit"}, srows)
		  << '\n';
		o << "dropped: the backlog (netdev_max_backlog) was full; time_squeeze: net_rx_action "
		     "stopped with work left (netdev_budget or netdev_budget_usecs used up).\n\n";
	}

	o << h << " NAPI and ksoftirqd threads (CPU time over the run)\n\n";
	if (!r.thread_note.empty())
		o << r.thread_note << ".\n\n";
	if (!r.threads.empty()) {
		Rows trows;
		for (const ThreadLoad &l : r.threads)
			trows.push_back({"`" + l.comm + "`", std::to_string(l.pid),
					 l.cpu < 0 ? "-" : "CPU" + std::to_string(l.cpu),
					 std::to_string(l.ticks), fmt(l.percent, 1) + " %"});
		o << "Over the " << fmt(r.thread_seconds, 1)
		  << " s between the snapshots (the iperf3 run plus about a second before and after); "
		     "% of one CPU:\n\n";
		o << table({"thread", "PID", "last CPU", "ticks", "CPU"}, trows) << '\n';
		bool napi = false;
		for (const ThreadLoad &l : r.threads)
			napi = napi || l.comm.rfind("napi/", 0) == 0;
		if (!napi)
			o << "No napi/* thread: NAPI ran in softirq context (threaded NAPI off).\n\n";
	}

	if (!r.settings.empty() || !r.state_notes.empty()) {
		o << h << " Settings before the run\n\n";
		Rows trows;
		std::string on, off;
		for (const auto &kv : r.settings) {
			if (kv.first.rfind("ethtool -k ", 0) == 0) {
				// fixed features cannot be tuned: only the others, in one row
				if (kv.second == "on")
					on += (on.empty() ? "" : ", ") + kv.first.substr(11);
				else if (kv.second == "off")
					off += (off.empty() ? "" : ", ") + kv.first.substr(11);
				continue;
			}
			trows.push_back({"`" + kv.first + "`", kv.second});
		}
		if (!on.empty() || !off.empty())
			trows.push_back({"`ethtool -k` (changeable features)",
					 "on: " + (on.empty() ? "-" : on) + "; off: " + (off.empty() ? "-" : off)});
		if (!trows.empty())
			o << table({"setting", "value"}, trows, false) << '\n';
		for (const std::string &n : r.state_notes)
			o << "- " << n << "\n";
		if (!r.state_notes.empty())
			o << '\n';
	}
	if (!r.settings_changed.empty()) {
		o << h << " Settings that changed during the run\n\n";
		Rows crows;
		for (const auto &c : r.settings_changed)
			crows.push_back({"`" + c[0] + "`", c[1].empty() ? "-" : c[1], c[2].empty() ? "-" : c[2]});
		o << table({"setting", "before", "after"}, crows, false) << '\n';
	}

	if (plots && idx >= 0 && static_cast<std::size_t>(idx) < plots->softirq.size())
		o << "![%soft per CPU over time, " << r.label << "](" << plots->softirq[idx] << ")\n\n";
	return o.str();
}

std::string setting(const Run &r, const std::string &k)
{
	for (const auto &kv : r.settings)
		if (kv.first == k)
			return kv.second;
	return "";
}

// "4 (max 8)" -> {4, 8}; false without a maximum
bool cur_max(const std::string &v, long &cur, long &max)
{
	const auto p = v.find(" (max ");
	if (p == std::string::npos)
		return false;
	try {
		cur = std::stol(v.substr(0, p));
		max = std::stol(v.substr(p + 6));
	} catch (const std::exception &) {
		return false;
	}
	return true;
}

// RPS is on when any rx queue's rps_cpus mask has a bit set
bool rps_on(const Run &r)
{
	for (const auto &kv : r.settings)
		if (kv.first.find("/rps_cpus") != std::string::npos &&
		    kv.second.find_first_not_of("0,") != std::string::npos && kv.second != "unreadable" &&
		    kv.second != "empty")
			return true;
	return false;
}

std::string iface_or(const Run &r)
{
	return r.iface.empty() ? "IFACE" : r.iface;
}

std::string section_hints(const Run &r, const std::string &h)
{
	std::ostringstream o;
	o << h << " What to try next\n\n";
	const std::vector<Hint> hs = hints(r);
	if (hs.empty())
		o << "Nothing measured in this run crosses a rule's threshold (the rules: docs/scripts.md, "
		     "\"What to try next\").\n\n";
	for (const Hint &x : hs)
		o << "- **" << x.measured << "**: " << x.advice << "\n";
	if (!hs.empty())
		o << '\n';
	return o.str();
}

} // namespace

std::vector<Hint> hints(const Run &r)
{
	std::vector<Hint> out;
	const std::string ifc = iface_or(r);
	const CpuStats *busy = cpu_stats(r, r.cpu.busiest);
	const double load = busy ? busy->soft.mean + busy->irq.mean : 0;

	// the RX IRQs and the CPUs that took a tenth or more of each
	int nrx = 0;
	std::uint64_t sum = 0, top = 0;
	std::set<int> cpus;
	const QueueIrqDelta *dev = nullptr, *one = nullptr;
	for (const QueueIrqDelta &d : r.irqs) {
		if (d.q.kind == QueueKind::dev)
			dev = &d;
		if (!rx_kind(d.q.kind))
			continue;
		nrx++;
		one = &d;
		sum += d.total;
		top = std::max(top, d.total);
		for (std::size_t i = 0; i < d.per_cpu.size(); i++)
			if (d.total && d.per_cpu[i] * 10 >= d.total)
				cpus.insert(static_cast<int>(i));
	}
	const QueueIrqDelta *single = nrx == 1 ? one : nrx == 0 ? dev : nullptr;

	// RSS if the NIC has more queues than in use (ethtool -l)
	std::string rss;
	for (const char *k : {"combined", "rx"}) {
		long cur = 0, max = 0;
		if (cur_max(setting(r, std::string("ethtool -l ") + k), cur, max) && max > cur) {
			rss = std::string("`ethtool -l` says ") + k + " " + std::to_string(cur) + " of up to " +
			      std::to_string(max) + ": `ethtool -L " + ifc + " " + k + " " + std::to_string(max) + "`";
			break;
		}
	}
	const std::string rps = "RPS: `rxscale-tune rps " + ifc + " on`";

	bool spread_hint = false;
	if (single && load >= 30) {
		std::string advice = "one CPU takes every receive interrupt; spread the receive work: ";
		if (!rss.empty())
			advice += "RSS (" + rss + ")" + (rps_on(r) ? "" : ", or " + rps);
		else
			advice += rps_on(r) ? "RPS is on already; a NIC with more queues (RSS) is the way on"
					    : rps + (setting(r, "ethtool -l combined").empty() &&
								     setting(r, "ethtool -l rx").empty()
							     ? " (or RSS, if `ethtool -l " + ifc + "` shows more queues)"
							     : " (`ethtool -l` shows no more queues for RSS)");
		out.push_back({"one RX IRQ (IRQ " + single->irq + ", `" + single->name + "`) and busiest core CPU" +
				       std::to_string(busy->cpu) + " at " + fmt(load, 1) + " % %soft+%irq",
			       advice});
		spread_hint = true;
	}

	// softirq concentration where no RSS spread shows (veth, one IRQ)
	std::uint64_t rxt = 0, rxm = 0;
	std::size_t at = 0;
	for (std::size_t i = 0; i < r.net_rx.size(); i++) {
		rxt += r.net_rx[i];
		if (r.net_rx[i] > rxm) {
			rxm = r.net_rx[i];
			at = i;
		}
	}
	if (!spread_hint && nrx <= 1 && r.net_rx.size() >= 2 && rxt > 0 && !rps_on(r) &&
	    100.0 * static_cast<double>(rxm) / static_cast<double>(rxt) >= 70) {
		out.push_back({"CPU" + std::to_string(r.softirq_cpus[at]) + " ran " +
				       fmt(100.0 * static_cast<double>(rxm) / static_cast<double>(rxt), 1) +
				       " % of the NET_RX softirqs, RPS off",
			       "spread the receive work over the other CPUs with " + rps +
				       (rss.empty() ? "" : ", or RSS (" + rss + ")")});
	}

	if (nrx > 1 && sum > 0) {
		const double even = 100.0 / nrx;
		const double largest = 100.0 * static_cast<double>(top) / static_cast<double>(sum);
		if (largest > 1.5 * even) {
			const std::string x = setting(r, "ethtool -x indirection table");
			out.push_back({"largest RX IRQ share " + fmt(largest, 1) + " % (even " + fmt(even, 1) + " %)",
				       "RSS is skewed: few flows hash onto few queues (more streams, `-P`), or the "
				       "indirection table leans: " +
					       (x.empty() ? std::string("see `ethtool -x " + ifc + "`")
							  : "`ethtool -x`: " + x) +
					       "; `ethtool -X " + ifc + " equal N` spreads it"});
		}
		if (cpus.size() == 1)
			out.push_back({std::to_string(nrx) + " RX IRQs, all taken by CPU" + std::to_string(*cpus.begin()),
				       "give each queue its own CPU: `rxscale-tune spread " + ifc +
					       "` (and keep irqbalance off them: `rxscale-tune irqbalance " + ifc +
					       " ban`)"});
	}

	auto per_cpu = [&](std::uint64_t SoftnetCpu::*f, std::uint64_t &total) {
		std::string w;
		total = 0;
		for (const SoftnetCpu &c : r.softnet) {
			total += c.*f;
			if (c.*f)
				w += (w.empty() ? "" : ", ") + std::string("CPU") + std::to_string(c.cpu) + " " +
				     std::to_string(c.*f);
		}
		return w;
	};
	std::uint64_t drops = 0, squeeze = 0;
	const std::string dw = per_cpu(&SoftnetCpu::dropped, drops);
	const std::string sw = per_cpu(&SoftnetCpu::time_squeeze, squeeze);
	if (drops > 0) {
		const std::string v = setting(r, "sysctl/netdev_max_backlog");
		out.push_back({"softnet_stat dropped " + std::to_string(drops) + " (" + dw + ")",
			       "a CPU's input backlog overflowed: raise `net.core.netdev_max_backlog`" +
				       (v.empty() ? std::string() : " (now " + v + ")") +
				       ", or spread the receive work so no one CPU's backlog takes it all"});
	}
	if (squeeze > 0) {
		const std::string b = setting(r, "sysctl/netdev_budget"), u = setting(r, "sysctl/netdev_budget_usecs");
		out.push_back({"softnet_stat time_squeeze " + std::to_string(squeeze) + " (" + sw + ")",
			       "net_rx_action stopped with packets left: raise `net.core.netdev_budget`" +
				       (b.empty() ? std::string() : " (now " + b + ")") + " or `netdev_budget_usecs`" +
				       (u.empty() ? std::string() : " (now " + u + ")") + ", or spread the load"});
	}

	for (const ThreadLoad &l : r.threads) {
		if (l.comm.rfind("ksoftirqd/", 0) == 0 && l.percent >= 20) {
			const bool threaded = setting(r, "threaded") == "1";
			out.push_back({"`" + l.comm + "` used " + fmt(l.percent, 1) + " % of a CPU",
				       "softirq work overflowed into ksoftirqd (it runs at normal priority, "
				       "competing with the application): " +
					       std::string(threaded ? "threaded NAPI is on; raise `net.core.netdev_budget`"
								    : "try threaded NAPI (`rxscale-tune threaded " + ifc +
									      " on`) or raise `net.core.netdev_budget`")});
		}
		if (l.comm.rfind("napi/", 0) == 0 && l.percent >= 90)
			out.push_back({"`" + l.comm + "` used " + fmt(l.percent, 1) + " % of a CPU",
				       "this queue's NAPI thread is saturated: more queues (RSS) or RPS to share its work"});
	}

	// NIC-level drops: the RX ring ran out of descriptors
	for (const auto &kv : r.ethtool_delta) {
		std::string n = kv.first;
		for (char &c : n)
			c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
		if (kv.second <= 0 || n.find("rx") == std::string::npos)
			continue;
		if (n.find("drop") == std::string::npos && n.find("miss") == std::string::npos &&
		    n.find("no_buf") == std::string::npos && n.find("nobuf") == std::string::npos &&
		    n.find("fifo") == std::string::npos && n.find("discard") == std::string::npos)
			continue;
		long cur = 0, max = 0;
		const bool ring = cur_max(setting(r, "ethtool -g rx"), cur, max) && max > cur;
		out.push_back({"`" + kv.first + "` +" + std::to_string(kv.second),
			       "the NIC dropped received frames: " +
				       (ring ? "raise the RX ring (`ethtool -g`: rx " + std::to_string(cur) + " of up to " +
						       std::to_string(max) + ": `ethtool -G " + ifc + " rx " +
						       std::to_string(max) + "`)"
					     : std::string("a larger RX ring (`ethtool -G`) or faster service of it")) +
				       ", or spread the queues over more CPUs"});
		break; // one is enough
	}

	if (!get(r, "iperf3_warning").empty() && r.iperf.streams > 1)
		out.push_back({"iperf3 " + r.iperf.version + " with " + std::to_string(r.iperf.streams) + " streams",
			       "iperf3 before 3.16 runs every stream in one thread: the figure may be iperf3's "
			       "limit; measure again with iperf3 3.16 or newer (`IPERF3=...`)"});
	return out;
}

namespace {

} // namespace

std::string settings_diff(const std::vector<std::pair<std::string, std::string>> &a,
			  const std::vector<std::pair<std::string, std::string>> &b,
			  const std::string &la, const std::string &lb)
{
	std::map<std::string, std::pair<std::string, std::string>> set;
	std::vector<std::string> order;
	for (const auto &kv : a) {
		order.push_back(kv.first);
		set[kv.first].first = kv.second;
	}
	for (const auto &kv : b) {
		if (!set.count(kv.first))
			order.push_back(kv.first);
		set[kv.first].second = kv.second;
	}
	Rows rows;
	for (const std::string &k : order) {
		const auto &v = set[k];
		if (v.first != v.second)
			rows.push_back({"`" + k + "`", v.first.empty() ? "-" : v.first,
					v.second.empty() ? "-" : v.second});
	}
	std::ostringstream o;
	o << "## Settings that differ\n\n";
	if (a.empty() || b.empty()) {
		o << "Settings were not recorded for " << (a.empty() ? la : lb)
		  << ": no comparison.\n\n";
		return o.str();
	}
	if (rows.empty()) {
		o << "None: the " << order.size()
		  << " settings recorded before each run (sysctls, governors, sysfs, ethtool -l -x -n -c "
		     "-k -g -i) are the same.\n\n";
		return o.str();
	}
	o << rows.size() << " of the " << order.size()
	  << " settings recorded before each run differ (`-`: not recorded, or n/a, in that run):\n\n";
	o << table({"setting", la, lb}, rows, false) << '\n';
	return o.str();
}

namespace {

std::string plots_block(const PlotFiles *plots)
{
	if (!plots)
		return "";
	std::ostringstream o;
	o << "![throughput per interval](" << plots->throughput << ")\n\n";
	if (!plots->softirq_mean.empty())
		o << "![mean %soft per CPU](" << plots->softirq_mean << ")\n\n";
	return o.str();
}

// one /proc/net/softnet_stat column summed over the CPUs; none without a
// snapshot
std::optional<std::uint64_t> softnet_total(const Run &r, std::uint64_t SoftnetCpu::*f)
{
	if (r.softnet.empty())
		return std::nullopt;
	std::uint64_t t = 0;
	for (const SoftnetCpu &c : r.softnet)
		t += c.*f;
	return t;
}

} // namespace

std::string markdown_single(const Run &r, const PlotFiles *plots)
{
	std::ostringstream o;
	o << "# rxscale report: " << r.label << "\n\n";
	const Spread sp = spread_of(r);
	o << "- throughput: " << fmt(r.iperf.throughput_bps() / 1e9, 2)
	  << (r.iperf.server_sent ? " Gbit/s sent (server of a -R run)" : " Gbit/s received")
	  << ", per-interval median "
	  << fmt(r.gbps.median, 2) << " (min " << fmt(r.gbps.min, 2) << ", max " << fmt(r.gbps.max, 2)
	  << "), CV " << fmt(100 * r.gbps.cv, 1) << " %: **" << stability(r.gbps.cv) << "**\n";
	if (const std::string busy = busiest_summary(r); !busy.empty())
		o << "- busiest core: " << busy << "\n";
	o << "- queue IRQs: " << sp.verdict << "\n\n";
	o << plots_block(plots);
	o << section_hints(r, "##");
	o << run_sections(r, "##", plots, 0);
	return o.str();
}

std::string markdown_compare(const Run &a, const Run &b, const PlotFiles *plots)
{
	std::ostringstream o;
	o << "# rxscale report: " << a.label << " vs " << b.label << "\n\n";
	std::vector<std::string> diff;
	for (const char *k : {"mode", "host", "parallel", "duration", "reverse", "udp", "bitrate",
			      "iperf3_version", "kernel", "hostname", "iface"})
		if (get(a, k) != get(b, k))
			diff.push_back(std::string(k) + " (" + get(a, k) + " / " + get(b, k) + ")");
	if (!diff.empty()) {
		o << "> **Note:** the runs differ in more than the tuning: ";
		for (std::size_t i = 0; i < diff.size(); i++)
			o << (i ? ", " : "") << diff[i];
		o << ".\n\n";
	}
	{
		auto top_rx = [](const Run &r) {
			std::uint64_t t = 0, m = 0;
			std::size_t at = 0;
			for (std::size_t i = 0; i < r.net_rx.size(); i++) {
				t += r.net_rx[i];
				if (r.net_rx[i] > m) {
					m = r.net_rx[i];
					at = i;
				}
			}
			return "CPU" + std::to_string(r.softirq_cpus.empty() ? 0 : r.softirq_cpus[at]) + " " +
			       pct(static_cast<double>(m), static_cast<double>(t));
		};
		const CpuStats *xa = cpu_stats(a, a.cpu.busiest), *xb = cpu_stats(b, b.cpu.busiest);
		o << "- throughput: " << fmt(a.iperf.throughput_bps() / 1e9, 2) << " → "
		  << fmt(b.iperf.throughput_bps() / 1e9, 2) << " Gbit/s ("
		  << change_pct(a.iperf.throughput_bps(), b.iperf.throughput_bps()) << "); per-interval CV "
		  << fmt(100 * a.gbps.cv, 1) << " % " << stability(a.gbps.cv) << " → "
		  << fmt(100 * b.gbps.cv, 1) << " % " << stability(b.gbps.cv) << "\n";
		const SoftirqTimeCpu *ea = sirq_busiest(a), *eb = sirq_busiest(b);
		if (ea && eb)
			o << "- busiest core by softirq time (exact, tracefs hist): CPU" << ea->cpu << " "
			  << fmt(100 * ea->all_ns / (a.sirq_seconds * 1e9), 1) << " % → CPU" << eb->cpu << " "
			  << fmt(100 * eb->all_ns / (b.sirq_seconds * 1e9), 1) << " %\n";
		if (xa && xb)
			o << "- busiest core" << (ea && eb ? " by mpstat" : "") << ": CPU" << xa->cpu << " (%soft+%irq "
			  << fmt(xa->soft.mean + xa->irq.mean, 1) << ", %soft max " << fmt(xa->soft.max, 1) << ") → CPU"
			  << xb->cpu << " (" << fmt(xb->soft.mean + xb->irq.mean, 1) << ", %soft max "
			  << fmt(xb->soft.max, 1) << ")" << (ea && eb ? "" : " (mpstat)") << "\n";
		o << "- largest share of NET_RX softirqs: " << top_rx(a) << " → " << top_rx(b) << "\n\n";
	}
	o << "## Side by side\n\n";
	for (const Run *r : {&a, &b})
		if (const std::string busy = load_note(*r); !busy.empty())
			o << "> **Note:** " << r->label << ": " << busy << ".\n\n";
	Rows rows;
	rows.push_back({"throughput (end of test; a -R server's: sent), Gbit/s",
			fmt(a.iperf.throughput_bps() / 1e9, 2), fmt(b.iperf.throughput_bps() / 1e9, 2),
			change_pct(a.iperf.throughput_bps(), b.iperf.throughput_bps())});
	rows.push_back({"per-interval median, Gbit/s", fmt(a.gbps.median, 2), fmt(b.gbps.median, 2),
			change_pct(a.gbps.median, b.gbps.median)});
	rows.push_back({"per-interval min, Gbit/s", fmt(a.gbps.min, 2), fmt(b.gbps.min, 2),
			change_pct(a.gbps.min, b.gbps.min)});
	rows.push_back({"per-interval max, Gbit/s", fmt(a.gbps.max, 2), fmt(b.gbps.max, 2),
			change_pct(a.gbps.max, b.gbps.max)});
	rows.push_back({"stddev, Gbit/s", fmt(a.gbps.stddev, 3), fmt(b.gbps.stddev, 3),
			change_pct(a.gbps.stddev, b.gbps.stddev)});
	rows.push_back({"CV (stability)", fmt(100 * a.gbps.cv, 1) + " % " + stability(a.gbps.cv),
			fmt(100 * b.gbps.cv, 1) + " % " + stability(b.gbps.cv),
			change_pts(100 * a.gbps.cv, 100 * b.gbps.cv)});
	if (a.iperf.retransmits || b.iperf.retransmits)
		rows.push_back({"retransmits",
				a.iperf.retransmits ? std::to_string(*a.iperf.retransmits) : "-",
				b.iperf.retransmits ? std::to_string(*b.iperf.retransmits) : "-",
				a.iperf.retransmits && b.iperf.retransmits
					? change_pct(static_cast<double>(*a.iperf.retransmits),
						     static_cast<double>(*b.iperf.retransmits))
					: "-"});
	const CpuStats *ba = cpu_stats(a, a.cpu.busiest), *bb = cpu_stats(b, b.cpu.busiest);
	if (ba && bb)
		rows.push_back({"busiest core (mean %soft+%irq)",
				"CPU" + std::to_string(ba->cpu) + " (" + fmt(ba->soft.mean + ba->irq.mean, 1) + ")",
				"CPU" + std::to_string(bb->cpu) + " (" + fmt(bb->soft.mean + bb->irq.mean, 1) + ")",
				change_pts(ba->soft.mean + ba->irq.mean, bb->soft.mean + bb->irq.mean)});
	std::set<int> cpus;
	for (const CpuStats &c : a.cpu.cpus)
		cpus.insert(c.cpu);
	for (const CpuStats &c : b.cpu.cpus)
		cpus.insert(c.cpu);
	for (int c : cpus) {
		const CpuStats *x = cpu_stats(a, c), *y = cpu_stats(b, c);
		auto cell = [](const CpuStats *s, bool max) {
			return s ? fmt(max ? s->soft.max : s->soft.mean, 1) : std::string("-");
		};
		rows.push_back({"CPU" + std::to_string(c) + " %soft mean", cell(x, false), cell(y, false),
				x && y ? change_pts(x->soft.mean, y->soft.mean) : "-"});
		rows.push_back({"CPU" + std::to_string(c) + " %soft max", cell(x, true), cell(y, true),
				x && y ? change_pts(x->soft.max, y->soft.max) : "-"});
		auto sys = [](const CpuStats *s) { return s ? fmt(s->sys.mean, 1) : std::string("-"); };
		rows.push_back({"CPU" + std::to_string(c) + " %sys mean", sys(x), sys(y),
				x && y ? change_pts(x->sys.mean, y->sys.mean) : "-"});
	}
	auto rx_share = [](const Run &r) {
		std::uint64_t t = 0;
		for (auto v : r.net_rx)
			t += v;
		std::string s;
		for (std::size_t i = 0; i < r.net_rx.size(); i++)
			s += (i ? " / " : "") + std::string("CPU") + std::to_string(r.softirq_cpus[i]) + " " +
			     pct(static_cast<double>(r.net_rx[i]), static_cast<double>(t));
		return s;
	};
	rows.push_back({"NET_RX softirqs by CPU", rx_share(a), rx_share(b), ""});
	rows.push_back({"queue IRQs", spread_of(a).verdict, spread_of(b).verdict, ""});
	auto softnet_sum = [](const Run &r, std::uint64_t SoftnetCpu::*f) {
		const std::optional<std::uint64_t> t = softnet_total(r, f);
		return t ? std::to_string(*t) : std::string("-");
	};
	rows.push_back({"softnet_stat dropped (all CPUs)", softnet_sum(a, &SoftnetCpu::dropped),
			softnet_sum(b, &SoftnetCpu::dropped), ""});
	rows.push_back({"softnet_stat time_squeeze (all CPUs)", softnet_sum(a, &SoftnetCpu::time_squeeze),
			softnet_sum(b, &SoftnetCpu::time_squeeze), ""});
	auto top_thread = [](const Run &r) {
		const ThreadLoad *t = nullptr;
		for (const ThreadLoad &l : r.threads)
			if (!t || l.percent > t->percent)
				t = &l;
		return t ? "`" + t->comm + "` " + fmt(t->percent, 1) + " %" : std::string("-");
	};
	rows.push_back({"busiest NAPI/ksoftirqd thread (% of one CPU)", top_thread(a), top_thread(b), ""});
	o << table({"", a.label, b.label, "change"}, rows) << '\n';
	o << settings_diff(a.settings, b.settings, a.label, b.label);
	o << section_hints(b, "##").insert(std::string("## What to try next").size(), " (" + b.label + ")");
	o << plots_block(plots);
	o << "## Run 1: " << a.label << "\n\n" << run_sections(a, "###", plots, 0);
	o << "## Run 2: " << b.label << "\n\n" << run_sections(b, "###", plots, 1);
	return o.str();
}

namespace {

struct Metric {
	std::string name;
	int prec;
	std::optional<double> (*get)(const Run &);
};

std::optional<double> m_throughput(const Run &r) { return r.iperf.throughput_bps() / 1e9; }
std::optional<double> m_median(const Run &r) { return r.gbps.median; }
std::optional<double> m_cv(const Run &r) { return 100 * r.gbps.cv; }
std::optional<double> m_retr(const Run &r)
{
	if (!r.iperf.retransmits)
		return std::nullopt;
	return static_cast<double>(*r.iperf.retransmits);
}
std::optional<double> m_busiest(const Run &r)
{
	for (const CpuStats &c : r.cpu.cpus)
		if (c.cpu == r.cpu.busiest)
			return c.soft.mean + c.irq.mean;
	return std::nullopt;
}
std::optional<double> m_softnet(const Run &r, std::uint64_t SoftnetCpu::*f)
{
	const std::optional<std::uint64_t> t = softnet_total(r, f);
	if (!t)
		return std::nullopt;
	return static_cast<double>(*t);
}
std::optional<double> m_dropped(const Run &r)
{
	return m_softnet(r, &SoftnetCpu::dropped);
}
std::optional<double> m_squeeze(const Run &r)
{
	return m_softnet(r, &SoftnetCpu::time_squeeze);
}
std::optional<double> m_thread(const Run &r)
{
	if (r.threads.empty())
		return std::nullopt;
	double m = 0;
	for (const ThreadLoad &l : r.threads)
		m = std::max(m, l.percent);
	return m;
}

const std::vector<Metric> &metrics()
{
	static const std::vector<Metric> m = {
		{"throughput (end of test), Gbit/s", 2, m_throughput},
		{"per-interval median, Gbit/s", 2, m_median},
		{"per-interval CV, %", 1, m_cv},
		{"retransmits", 0, m_retr},
		{"busiest core, mean %soft+%irq", 1, m_busiest},
		{"softnet_stat dropped", 0, m_dropped},
		{"softnet_stat time_squeeze", 0, m_squeeze},
		{"busiest NAPI/ksoftirqd thread, % of one CPU", 1, m_thread},
	};
	return m;
}

std::vector<double> values(const Series &s, const Metric &m)
{
	std::vector<double> v;
	for (const Run &r : s.runs)
		if (const auto x = m.get(r))
			v.push_back(*x);
	return v;
}

// settings of each later run that differ from the first run's
std::string series_settings_note(const Series &s)
{
	std::ostringstream o;
	const auto &first = s.runs[0].settings;
	for (std::size_t k = 1; k < s.runs.size(); k++) {
		std::map<std::string, std::string> was(first.begin(), first.end());
		std::string d;
		for (const auto &kv : s.runs[k].settings) {
			auto it = was.find(kv.first);
			if (it == was.end() || it->second != kv.second)
				d += (d.empty() ? "" : ", ") + std::string("`") + kv.first + "` " + kv.second +
				     " (run 1: " + (it == was.end() ? "-" : it->second) + ")";
		}
		if (!d.empty())
			o << "> **Note:** " << s.label << ", run " << k + 1
			  << " was not set up as run 1: " << d << ".\n\n";
	}
	return o.str();
}

std::string range(const std::vector<double> &v, int prec)
{
	if (v.empty())
		return "-";
	const Summary x = summarize(v);
	if (v.size() == 1)
		return fmt(x.median, prec);
	return fmt(x.median, prec) + " (" + fmt(x.min, prec) + "-" + fmt(x.max, prec) + ")";
}

// n and k runs of one and the same distribution: each of the C(n+k, k)
// orders equally likely, 2 of them leave the ranges apart
std::string chance_text(std::size_t n, std::size_t k)
{
	double c = 1;
	for (std::size_t i = 1; i <= k; i++)
		c = c * static_cast<double>(n + i) / static_cast<double>(i);
	return "2/C(" + std::to_string(n + k) + ", " + std::to_string(k) + ") = " + fmt(200.0 / c, 1) + " %";
}

std::string drop_title(const std::string &md)
{
	const auto nl = md.find("\n\n");
	return nl == std::string::npos ? md : md.substr(nl + 2);
}

} // namespace

std::string spread_call(const std::vector<double> &a, const std::vector<double> &b, int prec)
{
	switch (spread_test(a, b)) {
	case SpreadCall::higher:
	case SpreadCall::lower:
		if (fmt(median(a), prec) == fmt(median(b), prec))
			return "same at this precision (ranges apart by less)";
		return spread_test(a, b) == SpreadCall::higher ? "**higher** (ranges apart)"
							       : "**lower** (ranges apart)";
	case SpreadCall::within:
		return "within the spread";
	case SpreadCall::too_few:
		break;
	}
	return "not called (fewer than 2 runs on a side)";
}

namespace {

// each run's numbers, their min, median, max and spread
std::string repeats_table(const Series &s)
{
	std::ostringstream o;
	std::vector<std::string> head = {""};
	for (std::size_t k = 0; k < s.runs.size(); k++)
		head.push_back("run " + std::to_string(k + 1));
	for (const char *h : {"min", "median", "max", "spread"})
		head.push_back(h);
	Rows rows;
	for (const Metric &m : metrics()) {
		const std::vector<double> v = values(s, m);
		if (v.empty())
			continue;
		std::vector<std::string> row = {m.name};
		for (const Run &r : s.runs) {
			const auto x = m.get(r);
			row.push_back(x ? fmt(*x, m.prec) : "-");
		}
		const Summary x = summarize(v);
		row.push_back(fmt(x.min, m.prec));
		row.push_back(fmt(x.median, m.prec));
		row.push_back(fmt(x.max, m.prec));
		// max - min, and as a share of the median where that means something
		row.push_back(fmt(x.max - x.min, m.prec) +
			      (x.median > 0 ? " (" + fmt(100 * (x.max - x.min) / x.median, 1) + " %)" : ""));
		rows.push_back(row);
	}
	o << table(head, rows) << '\n';
	o << "spread: max - min over the runs (and as % of the median). Run directories: `" << s.dir
	  << "/run-1` .. `run-" << s.runs.size() << "`.\n\n";
	o << series_settings_note(s);
	return o.str();
}

} // namespace

std::string markdown_series(const Series &s, const PlotFiles *plots)
{
	std::ostringstream o;
	o << "# rxscale report: " << s.label << " (" << s.runs.size() << " runs)\n\n";
	o << "## Repeats\n\n";
	o << repeats_table(s);
	o << "The rest is run 1 in detail.\n\n";
	o << drop_title(markdown_single(s.runs[0], plots));
	return o.str();
}

std::string markdown_series_compare(const Series &a, const Series &b, const PlotFiles *plots)
{
	std::ostringstream o;
	o << "# rxscale report: " << a.label << " (" << a.runs.size() << " run" << (a.runs.size() == 1 ? "" : "s")
	  << ") vs " << b.label << " (" << b.runs.size() << " run" << (b.runs.size() == 1 ? "" : "s") << ")\n\n";
	o << "## Differences beyond the run-to-run spread\n\n";
	o << "Test: " << spread_test_text << ". Cells: median (min-max) over the runs.\n\n";
	Rows rows;
	for (const Metric &m : metrics()) {
		const std::vector<double> va = values(a, m), vb = values(b, m);
		if (va.empty() && vb.empty())
			continue;
		const std::string call = spread_call(va, vb, m.prec);
		std::string change = "-";
		if (!va.empty() && !vb.empty())
			change = change_pct(median(va), median(vb));
		rows.push_back({m.name, range(va, m.prec), range(vb, m.prec), change, call});
	}
	o << table({"", a.label, b.label, "change of medians", a.label + " → " + b.label}, rows) << '\n';
	if (a.runs.size() >= 2 && b.runs.size() >= 2)
		o << "With " << a.runs.size() << " and " << b.runs.size()
		  << " runs, two sides that do not differ at all are apart by chance with probability "
		  << chance_text(a.runs.size(), b.runs.size()) << " for each number: more runs make a call stronger.\n\n";
	o << series_settings_note(a) << series_settings_note(b);
	o << "The rest compares run 1 of each.\n\n";
	o << drop_title(markdown_compare(a.runs[0], b.runs[0], plots));
	return o.str();
}

std::string markdown_sweep(const Sweep &s, const SweepPlots *plots)
{
	std::ostringstream o;
	const std::string what = sweep_param_text(s.param);
	o << "# rxscale report: " << s.label << " (sweep of " << what << ", " << s.points.size() << " points, "
	  << s.repeat << " run" << (s.repeat == 1 ? "" : "s") << " each)\n\n";
	o << "- swept: " << what << " over ";
	for (std::size_t k = 0; k < s.points.size(); k++)
		o << (k ? ", " : "") << s.points[k].value;
	o << "; " << s.repeat << " run" << (s.repeat == 1 ? "" : "s") << " at each point\n";
	o << "- runs: " << describe(s.points[0].series.runs[0]);
	if (s.param == "P")
		o << " (at point 1)";
	o << "\n";
	if (s.param != "P") {
		o << "- the settings of " << (s.iface.empty() ? "the interface" : s.iface) << " after the sweep: ";
		if (s.restored == "yes")
			o << "written back as they were before it\n";
		else if (s.restored.empty())
			o << "not recorded as written back (sweep.txt has no restored= line)\n";
		else
			o << "**NOT written back** (rxscale-bench: restored=" << s.restored
			  << "; see sweep.log in the sweep directory)\n";
	}
	o << "\n## Sweep\n\n";
	o << "Cells: median (min-max) over the point's runs. Throughput: end of test (a -R server's: sent). "
	     "Busiest core: the CPU with the highest mean %soft+%irq (mpstat) in each run. NET_RX share: the "
	     "largest share one CPU took of the NET_RX softirqs raised during the run (/proc/softirqs). "
	     "Against the point before: "
	  << spread_test_text << ".\n\n";
	const std::vector<SweepStats> st = sweep_stats(s);
	Rows rows;
	for (std::size_t k = 0; k < st.size(); k++) {
		const SweepStats &x = st[k];
		auto vs_prev = [&](const std::vector<double> SweepStats::*f, int prec) -> std::string {
			if (k == 0)
				return "-";
			return spread_call(st[k - 1].*f, x.*f, prec);
		};
		rows.push_back({x.value, std::to_string(x.runs), range(x.gbps, 2), vs_prev(&SweepStats::gbps, 2),
				range(x.busy, 1), vs_prev(&SweepStats::busy, 1), range(x.rx_top, 1),
				vs_prev(&SweepStats::rx_top, 1), range(x.retr, 0)});
	}
	o << table({s.param, "runs", "throughput, Gbit/s", "vs point before", "busiest core %soft+%irq",
		    "vs point before", "NET_RX share of the busiest CPU, %", "vs point before", "retransmits"},
		   rows)
	  << '\n';
	if (s.repeat >= 2)
		o << "With " << s.repeat << " runs a point, two points that do not differ at all are apart by chance "
		  << "with probability " << chance_text(static_cast<std::size_t>(s.repeat),
						       static_cast<std::size_t>(s.repeat))
		  << " for each number.\n\n";
	else
		o << "One run a point: no difference is called (rxscale-bench --repeat N gives each point N runs).\n\n";
	if (plots) {
		o << "![throughput vs " << what << "](" << plots->throughput << ")\n\n";
		o << "![busiest CPU's softirq load vs " << what << "](" << plots->softirq << ")\n\n";
	}

	// settings recorded before run 1 of each point that are not the same at
	// every point
	o << "## Settings that differ between points\n\n";
	{
		std::vector<std::string> order;
		std::vector<std::map<std::string, std::string>> at;
		std::set<std::string> seen;
		for (const SweepPoint &p : s.points) {
			at.emplace_back();
			for (const auto &kv : p.series.runs[0].settings) {
				at.back()[kv.first] = kv.second;
				if (seen.insert(kv.first).second)
					order.push_back(kv.first);
			}
		}
		Rows srows;
		for (const std::string &k : order) {
			std::vector<std::string> row = {"`" + k + "`"};
			bool differs = false;
			for (const auto &m : at) {
				auto it = m.find(k);
				row.push_back(it == m.end() ? "-" : it->second);
				if (row.back() != row[1])
					differs = true;
			}
			if (differs)
				srows.push_back(row);
		}
		if (srows.empty()) {
			o << "None: the " << order.size() << " settings recorded before run 1 of each point are the same";
			o << (s.param == "P" ? " (the sweep changes iperf3's -P, not a setting).\n\n" : ".\n\n");
		} else {
			std::vector<std::string> head = {"setting (before run 1)"};
			for (const SweepPoint &p : s.points)
				head.push_back(s.param + "=" + p.value);
			o << srows.size() << " of the " << order.size()
			  << " settings recorded before run 1 of each point differ (`-`: not recorded):\n\n"
			  << table(head, srows, false) << '\n';
		}
	}

	o << "## Points\n\n";
	for (std::size_t k = 0; k < s.points.size(); k++) {
		const SweepPoint &p = s.points[k];
		o << "### Point " << k + 1 << ": " << s.param << "=" << p.value << "\n\n";
		if (p.series.repeated)
			o << repeats_table(p.series);
		else
			o << "One run: `" << p.series.dir << "`.\n\n";
	}
	return o.str();
}

} // namespace rxs
