// SPDX-License-Identifier: GPL-2.0
// rxscale-report: parsers, statistics and Markdown rendering for the run
// directories written by scripts/rxscale-bench.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace rxs {

// Every problem with the input is an Error: the tool prints it and exits
// non-zero without writing a report.
struct Error : std::runtime_error {
	using std::runtime_error::runtime_error;
};

// ---- statistics -------------------------------------------------------------

struct Summary {
	std::size_t n = 0;
	double min = 0, max = 0, mean = 0, median = 0;
	double stddev = 0; // sample standard deviation (n - 1); 0 when n == 1
	double cv = 0;     // stddev / mean; 0 when mean == 0
};

double median(std::vector<double> v);        // throws Error when empty
Summary summarize(const std::vector<double> &v); // throws Error when empty
// "stable" (CV < 5 %), "variable" (< 15 %), "unstable"
std::string stability(double cv);

// ---- iperf3 -------------------------------------------------------------------

struct IperfInterval {
	double start = 0, end = 0;
	double bps = 0;
	std::optional<long long> retransmits; // TCP sender side only
	bool omitted = false;
};

struct IperfRun {
	std::string version;  // "3.12"
	std::string protocol; // "TCP" / "UDP"
	int streams = 0;
	double duration = 0; // requested (-t)
	double omit = 0;     // -O: seconds left out at the start, before the intervals' 0
	// --bidir: the intervals and sums above are the client->server stream;
	// the server->client one ended at these rates (received, sent)
	bool bidir = false;
	double bidir_received_bps = 0, bidir_sent_bps = 0;
	bool reverse = false;
	long long timesecs = 0; // test start, Unix time
	std::vector<IperfInterval> intervals;
	// whose view the intervals are (iperf3's "sender" flag): the side that
	// runs iperf3 -J only sees its own end per interval
	std::optional<bool> intervals_sender;
	double sent_bps = 0, received_bps = 0;
	// the server's JSON of a -R run: this host sent, and iperf3 writes
	// sum_received = 0 there (the receiver's count is in the client's JSON)
	bool server_sent = false;
	// end of test: what the receiver got, or what the server sent
	double throughput_bps() const { return server_sent ? sent_bps : received_bps; }
	std::optional<long long> retransmits; // whole run, TCP
	// UDP (receiver's view where iperf3 gives it)
	std::optional<double> lost_percent, jitter_ms;
	std::optional<long long> lost_packets, packets;
};

// text: the JSON; what: file name used in messages
IperfRun parse_iperf(const std::string &text, const std::string &what);
// intervals that count for statistics: not omitted, not a short tail (< 0.5 s)
std::vector<double> interval_gbps(const IperfRun &r);

// ---- mpstat -----------------------------------------------------------------

struct CpuLoad {
	double usr = 0, sys = 0, irq = 0, soft = 0, idle = 0, iowait = 0, steal = 0;
};

struct MpstatSample {
	std::optional<long long> time; // Unix time at the end of the sample
	std::map<int, CpuLoad> cpus;   // per CPU ("all" left out)
};

struct Mpstat {
	int ncpus = 0;
	std::string nodename, release;
	std::vector<MpstatSample> samples;
};

Mpstat parse_mpstat(const std::string &text, const std::string &what);

struct CpuStats {
	int cpu = 0;
	Summary soft, irq, sys, usr, idle;
};

struct CpuReport {
	std::vector<CpuStats> cpus;
	std::size_t samples = 0;
	bool aligned = false; // samples chosen by time inside the iperf3 run
	int busiest = -1;     // highest mean %soft + %irq (lowest id on ties)
	std::optional<long long> first, last; // stamps of the samples used (aligned)
};

// Samples wholly inside [start, start + length] (by mpstat's timestamps);
// when timestamps are missing, all samples and aligned = false. Throws when
// no sample is left.
CpuReport cpu_report(const Mpstat &m, long long start, double length);
int busiest_core(const std::vector<CpuStats> &cpus);

// ---- /proc files and ethtool -S ---------------------------------------------

struct IrqLine {
	std::string id; // "45" or "NMI"
	std::vector<std::uint64_t> counts; // per CPU column
	std::string desc;                  // the rest: chip, hwirq, names
	std::vector<std::string> names;    // action names (numbered IRQs)
};

struct ProcTable {
	std::vector<int> cpus; // CPU numbers of the columns
	std::vector<IrqLine> lines;
	const IrqLine *find(const std::string &id) const;
};

ProcTable parse_interrupts(const std::string &text, const std::string &what);
ProcTable parse_softirqs(const std::string &text, const std::string &what);

// ordered name/value pairs of `ethtool -S`
std::vector<std::pair<std::string, long long>>
parse_ethtool(const std::string &text, const std::string &what);

enum class QueueKind { rx, tx, txrx, vec, dev, other };
const char *kind_name(QueueKind k);

struct QueueIrq {
	QueueKind kind = QueueKind::other;
	int queue = -1; // first number after the interface name, -1 if none
};

// The naming rule shared with rxscale-tune (docs/scripts.md): name belongs
// to iface when equal to it or starting with it plus one of - _ : . @; with
// a non-empty match ERE, when the ERE matches the name instead.
std::optional<QueueIrq> classify_irq(const std::string &name, const std::string &iface,
				     const std::string &match_ere = "");

struct QueueIrqDelta {
	std::string irq, name;
	QueueIrq q;
	std::vector<std::uint64_t> per_cpu; // after - before
	std::uint64_t total = 0;
};

std::vector<QueueIrqDelta> queue_irq_deltas(const ProcTable &before, const ProcTable &after,
					    const std::string &iface, const std::string &match_ere,
					    const std::string &what);

// ---- state snapshots: ethtool -l -x -n -c -k -g -i, softnet_stat, threads ------

// ethtool's text output for option opt ('l', 'x', 'n', 'c', 'k', 'g', 'i') as
// ordered setting/value pairs ("combined" -> "4 (max 8)"); "n/a" values
// are left out. Throws Error when the text is not that option's layout.
std::vector<std::pair<std::string, std::string>>
parse_ethtool_state(char opt, const std::string &text, const std::string &what);

struct SoftnetCpu {
	int cpu = 0;
	// /proc/net/softnet_stat columns 1, 2, 3, 10, 11
	std::uint64_t processed = 0, dropped = 0, time_squeeze = 0, received_rps = 0,
		      flow_limit = 0;
};
// one entry per line; the CPU is column 13 where the kernel prints it
// (5.10+), else the line's index
std::vector<SoftnetCpu> parse_softnet(const std::string &text, const std::string &what);
// after - before per CPU (32-bit counters: a wrap is handled); throws when
// the CPUs differ
std::vector<SoftnetCpu> softnet_delta(const std::vector<SoftnetCpu> &before,
				      const std::vector<SoftnetCpu> &after, const std::string &what);

struct ThreadTimes {
	long long pid = 0;
	std::uint64_t utime = 0, stime = 0; // clock ticks
	int cpu = -1;                       // last CPU it ran on
	std::string comm;
};
struct ThreadSnapshot {
	double uptime = 0;
	std::vector<ThreadTimes> threads;
};
ThreadSnapshot parse_threads(const std::string &text, const std::string &what);

struct ThreadLoad {
	std::string comm;
	long long pid = 0;
	int cpu = -1;        // last CPU after the run
	double percent = 0;  // of one CPU over the snapshot interval
	std::uint64_t ticks = 0;
};
// threads present before and after (same PID and name), NAPI threads first;
// clk_tck ticks per second
std::vector<ThreadLoad> thread_loads(const ThreadSnapshot &before, const ThreadSnapshot &after,
				     long clk_tck, const std::string &what);

// exact softirq time (rxscale-bench's tracefs hist triggers): softirq-time.WHEN
// is "uptime SECONDS", then "CPU VEC RUNS NS" lines, the sums so far per CPU
// and softirq vector (NET_RX = 3)
struct SoftirqTimeSnapshot {
	double uptime = 0;
	std::map<std::pair<int, int>, std::uint64_t> ns; // (cpu, vec) -> ns
};
SoftirqTimeSnapshot parse_softirq_time(const std::string &text, const std::string &what);
struct SoftirqTimeCpu {
	int cpu = 0;
	std::uint64_t net_rx_ns = 0, all_ns = 0;
};
// after - before per CPU, in CPU order; throws when a sum went down
std::vector<SoftirqTimeCpu> softirq_time_delta(const SoftirqTimeSnapshot &before,
					       const SoftirqTimeSnapshot &after, const std::string &what);

// ---- run directory --------------------------------------------------------------

struct Run {
	std::string dir, label;
	std::map<std::string, std::string> meta;
	IperfRun iperf;
	Mpstat mpstat;
	CpuReport cpu;
	Summary gbps;
	std::vector<double> gbps_series;
	std::string iface;
	std::vector<QueueIrqDelta> irqs;
	std::vector<int> softirq_cpus;
	std::vector<std::uint64_t> net_rx, net_tx; // softirq deltas per CPU
	std::vector<std::pair<std::string, long long>> ethtool_delta; // changed counters
	std::string ethtool_note; // why there are no ethtool counters
	std::vector<std::pair<std::string, std::string>> settings; // before the run
	// settings.after and the ethtool state after, where they differ from
	// before: name, before, after
	std::vector<std::array<std::string, 3>> settings_changed;
	std::vector<std::string> state_notes; // ethtool options that failed, ...
	std::vector<SoftnetCpu> softnet;      // delta over the run; empty: none
	std::string softnet_note;
	std::vector<ThreadLoad> threads;
	double thread_seconds = 0; // the snapshot interval
	std::string thread_note;
	// exact softirq time over the snapshot interval (sirq_seconds); empty
	// when the bench had no hist triggers (then mpstat's %soft only)
	std::vector<SoftirqTimeCpu> sirq;
	double sirq_seconds = 0;
};

struct Options {
	std::string irq_match; // ERE, see classify_irq
	std::string iface;     // overrides meta.txt
};

std::string read_file(const std::string &path); // throws Error
bool path_exists(const std::string &path);
// @s without the newlines, carriage returns and spaces at its end
std::string trim_end(std::string s);
Run load_run(const std::string &dir, const Options &opt);

// ---- series (rxscale-bench --repeat N) ----------------------------------------

// A run directory or a series: a directory with repeat.txt whose runs are
// run-1 .. run-N; a plain run directory is a series of one.
struct Series {
	std::string dir, label;
	bool repeated = false; // from --repeat
	std::vector<Run> runs;
};
Series load_series(const std::string &dir, const Options &opt);

// The spread test: a difference between a and b is called only when both
// have at least two values and their min-max ranges do not overlap.
enum class SpreadCall { higher, lower, within, too_few };
SpreadCall spread_test(const std::vector<double> &a, const std::vector<double> &b);
extern const char *spread_test_text; // the rule, as printed in the report
// the call as the report prints it: spread_test, except that medians equal
// at the table's precision (prec decimals) are never called a difference
std::string spread_call(const std::vector<double> &a, const std::vector<double> &b, int prec);

// ---- sweeps (rxscale-bench --sweep PARAM=V1,V2,...) ---------------------------

// A sweep: a directory with sweep.txt whose points point-1 .. point-K are
// series (or single runs) taken with PARAM at V1 .. VK, in that order.
struct SweepPoint {
	std::string value;
	Series series;
};
struct Sweep {
	std::string dir, label, param, iface;
	std::string restored; // "yes", "FAILED", or "" (not recorded)
	int repeat = 1;
	std::vector<SweepPoint> points;
};
bool is_sweep(const std::string &dir); // holds sweep.txt
Sweep load_sweep(const std::string &dir, const Options &opt);
// "iperf3 parallel streams (-P)" etc.: the axis and column title of PARAM
std::string sweep_param_text(const std::string &param);

// the busiest CPU's share of the NET_RX softirqs raised during the run, %
// (from /proc/softirqs; 0 when none were raised)
double net_rx_top_share(const Run &r);

// one point's numbers over its runs
struct SweepStats {
	std::string value;
	std::size_t runs = 0;
	std::vector<double> gbps;   // end-of-test throughput of each run
	std::vector<double> busy;   // busiest core's mean %soft+%irq (mpstat)
	std::vector<double> rx_top; // net_rx_top_share
	std::vector<double> retr;   // retransmits (TCP), where iperf3 gives them
};
std::vector<SweepStats> sweep_stats(const Sweep &s);

// ---- what to try next ----------------------------------------------------------

// one hint: the number that triggered it, and what to try
struct Hint {
	std::string measured, advice;
};
// the rules and thresholds are in docs/scripts.md
std::vector<Hint> hints(const Run &r);

// ---- output ------------------------------------------------------------------

struct PlotFiles {
	std::string throughput;            // file name inside the output dir
	std::vector<std::string> softirq;  // one per run
	std::string softirq_mean;          // per-CPU mean %soft, all runs
};

std::string fmt(double v, int prec);
std::string markdown_single(const Run &r, const PlotFiles *plots);
// "## Settings that differ": every setting whose value before run a is not
// its value before run b, in a's order, then b's new ones
std::string settings_diff(const std::vector<std::pair<std::string, std::string>> &a,
			  const std::vector<std::pair<std::string, std::string>> &b,
			  const std::string &la, const std::string &lb);
std::string markdown_compare(const Run &a, const Run &b, const PlotFiles *plots);
// series: a table of each run's numbers, then the first run in detail; two
// series: the numbers side by side with the spread test, then the first
// runs compared
std::string markdown_series(const Series &s, const PlotFiles *plots);
std::string markdown_series_compare(const Series &a, const Series &b, const PlotFiles *plots);

// a sweep: its table (each point against the one before it, with the
// spread test), the plots, the settings that differ between points and
// each point's runs
struct SweepPlots {
	std::string throughput, softirq; // file names inside the output dir
};
std::string markdown_sweep(const Sweep &s, const SweepPlots *plots);

// writes data files, a gnuplot script and the images into outdir; throws
// Error when gnuplot is missing or fails
PlotFiles make_plots(const std::vector<const Run *> &runs, const std::string &outdir,
		     const std::string &format, const std::string &gnuplot);
// a sweep: throughput and the busiest CPU's softirq load against the swept
// parameter, medians with min-max bars (the data in sweep.dat, sweep-runs.dat)
SweepPlots make_sweep_plots(const Sweep &s, const std::string &outdir, const std::string &format,
			    const std::string &gnuplot);

} // namespace rxs
