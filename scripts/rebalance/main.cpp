// SPDX-License-Identifier: GPL-2.0
// rxscale-rebalance: the table from two snapshots of a driver's per-bucket
// receive counters, or the table written to a device (ETHTOOL_SRXFHINDIR:
// ethtool 6.1 sets only equal, weight and default tables).
#include "rebalance.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <numeric>
#include <sstream>

#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace rxs::rebalance;

namespace {

const char *prog = "rxscale-rebalance";

void usage(std::ostream &o)
{
	o << "usage: " << prog << " [options] BEFORE AFTER\n"
	  << "       " << prog << " set IFACE TABLEFILE\n"
	  << "\n"
	  << "BEFORE, AFTER: two snapshots of a driver's rss_buckets debugfs file\n"
	  << "(lines 'bucket queue packets bytes'); the load of each bucket is the\n"
	  << "difference. Prints the loads per queue now and with the new table,\n"
	  << "the imbalance (busiest queue's load / capacity over a perfect\n"
	  << "spread; 1.00 is perfect), a decision and the table.\n"
	  << "\n"
	  << "  -q, --queues N        RX queues (default: 1 + largest in AFTER's table)\n"
	  << "  -c, --capacity LIST   capacity of each queue's CPU, e.g. 1024,1024,512,512\n"
	  << "                        (default: equal)\n"
	  << "  -m, --metric packets|bytes   load measure (default packets)\n"
	  << "  -t, --current FILE    the table in use (numbers; default AFTER's)\n"
	  << "  -g, --min-gain PCT    change only if the busiest queue gets PCT %\n"
	  << "                        lighter (default 10)\n"
	  << "  -k, --keep-below X    keep the table while its imbalance is at most X\n"
	  << "                        (default 1.15: a table held over the next\n"
	  << "                        interval measured 1.03-1.14, docs/rebalance.md)\n"
	  << "  -p, --min-total N     change only with at least N packets or bytes\n"
	  << "                        in the interval (default 1000)\n"
	  << "  -w, --contiguous      only tables ethtool -X weight can express;\n"
	  << "                        also prints the weights\n"
	  << "set: write the table in TABLEFILE (its numbers) to IFACE with the\n"
	  << "ETHTOOL_SRXFHINDIR ioctl.\n"
	  << "exit status: 0 done, 1 error, 2 usage error\n";
}

int die_usage(const std::string &m)
{
	std::cerr << prog << ": error: " << m << " (-h for help)\n";
	return 2;
}

int die(const std::string &m)
{
	std::cerr << prog << ": error: " << m << "\n";
	return 1;
}

bool read_file(const std::string &path, std::string &out)
{
	std::ifstream f(path);
	if (!f)
		return false;
	std::ostringstream ss;
	ss << f.rdbuf();
	out = ss.str();
	return true;
}

bool parse_u64(const std::string &s, uint64_t &v)
{
	char *end;

	if (s.empty() || s[0] == '-')
		return false;
	errno = 0;
	unsigned long long x = strtoull(s.c_str(), &end, 10);
	if (errno || *end)
		return false;
	v = x;
	return true;
}

bool parse_table(const std::string &text, Table &t)
{
	std::istringstream in(text);
	std::string w;

	t.clear();
	while (in >> w) {
		uint64_t v;
		if (!parse_u64(w, v) || v > 0xffffffffULL)
			return false;
		t.push_back(static_cast<uint32_t>(v));
	}
	return !t.empty();
}

std::string join(const std::vector<uint64_t> &v)
{
	std::string s;
	for (size_t i = 0; i < v.size(); i++)
		s += (i ? " " : "") + std::to_string(v[i]);
	return s;
}

std::string join32(const std::vector<uint32_t> &v)
{
	return join(std::vector<uint64_t>(v.begin(), v.end()));
}

int cmd_set(const std::string &ifc, const std::string &file)
{
	std::string text;
	Table t;

	if (ifc.empty() || ifc.size() >= IFNAMSIZ)
		return die_usage("bad interface name '" + ifc + "'");
	if (!read_file(file, text))
		return die("cannot read " + file);
	if (!parse_table(text, t))
		return die(file + ": want the table's entries as numbers");

	int fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0)
		return die(std::string("socket: ") + strerror(errno));
	struct ifreq ifr;
	memset(&ifr, 0, sizeof(ifr));
	memcpy(ifr.ifr_name, ifc.c_str(), ifc.size());

	struct ethtool_rxfh_indir head;
	memset(&head, 0, sizeof(head));
	head.cmd = ETHTOOL_GRXFHINDIR;
	ifr.ifr_data = reinterpret_cast<char *>(&head);
	if (ioctl(fd, SIOCETHTOOL, &ifr) < 0) {
		int e = errno;
		close(fd);
		return die(ifc + ": reading the table size: " + strerror(e));
	}
	if (head.size != t.size()) {
		close(fd);
		return die(ifc + " has " + std::to_string(head.size) +
			   " table entries, " + file + " " +
			   std::to_string(t.size()));
	}
	std::vector<uint32_t> buf(sizeof(head) / 4 + t.size());
	auto *ind = reinterpret_cast<struct ethtool_rxfh_indir *>(buf.data());
	ind->cmd = ETHTOOL_SRXFHINDIR;
	ind->size = static_cast<uint32_t>(t.size());
	memcpy(ind->ring_index, t.data(), t.size() * 4);
	ifr.ifr_data = reinterpret_cast<char *>(ind);
	if (ioctl(fd, SIOCETHTOOL, &ifr) < 0) {
		int e = errno;
		close(fd);
		return die(ifc + ": writing the table: " + strerror(e));
	}
	close(fd);
	return 0;
}

} // namespace

int main(int argc, char **argv)
{
	std::vector<std::string> args(argv + 1, argv + argc), pos;
	std::string cap_arg, current_file;
	bool bytes = false, contiguous = false;
	uint64_t n_queues = 0, min_gain = 10, min_total = 1000;
	double keep_below = 1.15;

	if (!args.empty() && args[0] == "set") {
		if (args.size() != 3)
			return die_usage("set IFACE TABLEFILE");
		return cmd_set(args[1], args[2]);
	}
	for (size_t i = 0; i < args.size(); i++) {
		const std::string &a = args[i];
		auto value = [&](std::string &v) {
			if (i + 1 >= args.size())
				return false;
			v = args[++i];
			return true;
		};
		std::string v;
		if (a == "-h" || a == "--help") {
			usage(std::cout);
			return 0;
		} else if (a == "-q" || a == "--queues") {
			if (!value(v) || !parse_u64(v, n_queues) || !n_queues ||
			    n_queues > 256)
				return die_usage(a + " wants 1..256");
		} else if (a == "-c" || a == "--capacity") {
			if (!value(cap_arg))
				return die_usage(a + " wants a list");
		} else if (a == "-m" || a == "--metric") {
			if (!value(v) || (v != "packets" && v != "bytes"))
				return die_usage(a + " wants packets or bytes");
			bytes = v == "bytes";
		} else if (a == "-t" || a == "--current") {
			if (!value(current_file))
				return die_usage(a + " wants a file");
		} else if (a == "-g" || a == "--min-gain") {
			if (!value(v) || !parse_u64(v, min_gain) || min_gain > 100)
				return die_usage(a + " wants 0..100");
		} else if (a == "-k" || a == "--keep-below") {
			char *end;
			if (!value(v) || v.empty())
				return die_usage(a + " wants a number >= 0");
			keep_below = strtod(v.c_str(), &end);
			if (*end || !(keep_below >= 0) || keep_below > 1000)
				return die_usage(a + " wants a number >= 0");
		} else if (a == "-p" || a == "--min-total") {
			if (!value(v) || !parse_u64(v, min_total))
				return die_usage(a + " wants a number");
		} else if (a == "-w" || a == "--contiguous") {
			contiguous = true;
		} else if (a.size() > 1 && a[0] == '-') {
			return die_usage("unknown option " + a);
		} else {
			pos.push_back(a);
		}
	}
	if (pos.size() != 2)
		return die_usage("want BEFORE and AFTER");

	Snapshot s0, s1;
	std::string text, err;
	for (int k = 0; k < 2; k++) {
		if (!read_file(pos[k], text))
			return die("cannot read " + pos[k]);
		if (!parse_snapshot(text, k ? s1 : s0, err))
			return die(pos[k] + ": " + err);
	}
	std::vector<uint64_t> load;
	if (!bucket_delta(s0, s1, bytes, load, err))
		return die(err);

	Table cur = s1.queue;
	if (!current_file.empty()) {
		if (!read_file(current_file, text) || !parse_table(text, cur))
			return die(current_file + ": want the table's entries as numbers");
		if (cur.size() != load.size())
			return die(current_file + " has " + std::to_string(cur.size()) +
				   " entries, the snapshots " +
				   std::to_string(load.size()) + " buckets");
	}
	if (!n_queues)
		n_queues = *std::max_element(cur.begin(), cur.end()) + 1;
	std::vector<uint32_t> cap(n_queues, 1);
	if (!cap_arg.empty()) {
		std::istringstream in(cap_arg);
		std::string w;
		cap.clear();
		while (std::getline(in, w, ',')) {
			uint64_t c;
			if (!parse_u64(w, c) || !c || c > 0xffffffffULL)
				return die_usage("bad capacity '" + w + "'");
			cap.push_back(static_cast<uint32_t>(c));
		}
		if (cap.size() != n_queues)
			return die_usage(std::to_string(cap.size()) +
					 " capacities for " +
					 std::to_string(n_queues) + " queues");
	}
	for (uint32_t e : cur)
		if (e >= n_queues)
			return die("the table in use names queue " +
				   std::to_string(e) + " of " +
				   std::to_string(n_queues));

	Table t = contiguous ? assign_contiguous(load, cap) : assign(load, cap);
	uint32_t nq = static_cast<uint32_t>(n_queues);
	uint64_t total = std::accumulate(load.begin(), load.end(), uint64_t(0));
	double now = imbalance(load, cur, cap), nw = imbalance(load, t, cap);
	std::string decision;
	char buf[64];

	if (total < min_total)
		decision = "keep (" + std::to_string(total) + " " +
			   (bytes ? "bytes" : "packets") + " < " +
			   std::to_string(min_total) + ")";
	else if (t == cur)
		decision = "keep (the table in use)";
	else if (now <= keep_below) {
		snprintf(buf, sizeof(buf), "keep (imbalance %.2f <= %.2f)", now,
			 keep_below);
		decision = buf;
	}
	else if ((now - nw) * 100 < (double)min_gain * now)
		decision = "keep (gain below " + std::to_string(min_gain) + " %)";
	else
		decision = "change";

	std::cout << "buckets " << load.size() << "\n"
		  << "queues " << nq << "\n"
		  << "capacity " << join32(cap) << "\n"
		  << "metric " << (bytes ? "bytes" : "packets") << "\n"
		  << "total " << total << "\n"
		  << "load-now " << join(queue_loads(load, cur, nq)) << "\n"
		  << "load-new " << join(queue_loads(load, t, nq)) << "\n";
	snprintf(buf, sizeof(buf), "imbalance-now %.2f\nimbalance-new %.2f\n",
		 now, nw);
	std::cout << buf << "decision " << decision << "\n";
	if (contiguous)
		std::cout << "weights " << join32(weights_of(t, nq)) << "\n";
	std::cout << "table " << join32(t) << "\n";
	return 0;
}
