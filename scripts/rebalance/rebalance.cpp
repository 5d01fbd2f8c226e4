// SPDX-License-Identifier: GPL-2.0
// The assignment of RSS buckets to queues (see rebalance.hpp).
#include "rebalance.hpp"

#include <algorithm>
#include <numeric>
#include <sstream>

namespace rxs::rebalance {

__extension__ typedef unsigned __int128 u128;

bool parse_snapshot(const std::string &text, Snapshot &s, std::string &err)
{
	std::istringstream in(text);
	std::string line;
	unsigned lineno = 0;

	s = Snapshot();
	while (std::getline(in, line)) {
		lineno++;
		size_t p = line.find_first_not_of(" \t\r");
		if (p == std::string::npos || line[p] == '#')
			continue;
		std::istringstream f(line);
		unsigned long long b, q, pk, by;
		std::string extra;
		if (!(f >> b >> q >> pk >> by) || (f >> extra)) {
			err = "line " + std::to_string(lineno) +
			      ": want 'bucket queue packets bytes'";
			return false;
		}
		if (b != s.queue.size()) {
			err = "line " + std::to_string(lineno) + ": bucket " +
			      std::to_string(b) + ", want " +
			      std::to_string(s.queue.size());
			return false;
		}
		if (q > 0xffffffffULL) {
			err = "line " + std::to_string(lineno) + ": bad queue";
			return false;
		}
		s.queue.push_back(static_cast<uint32_t>(q));
		s.packets.push_back(pk);
		s.bytes.push_back(by);
	}
	if (s.queue.empty()) {
		err = "no buckets";
		return false;
	}
	return true;
}

bool bucket_delta(const Snapshot &before, const Snapshot &after, bool bytes,
		  std::vector<uint64_t> &load, std::string &err)
{
	const auto &a = bytes ? before.bytes : before.packets;
	const auto &b = bytes ? after.bytes : after.packets;

	if (a.size() != b.size()) {
		err = "the snapshots have " + std::to_string(a.size()) +
		      " and " + std::to_string(b.size()) + " buckets";
		return false;
	}
	load.assign(a.size(), 0);
	for (size_t i = 0; i < a.size(); i++) {
		if (b[i] < a[i]) {
			err = "bucket " + std::to_string(i) +
			      ": counter went backwards (driver reloaded?)";
			return false;
		}
		load[i] = b[i] - a[i];
	}
	return true;
}

std::vector<uint64_t> queue_loads(const std::vector<uint64_t> &load,
				  const Table &table, uint32_t n_queues)
{
	std::vector<uint64_t> q(n_queues, 0);

	for (size_t i = 0; i < load.size() && i < table.size(); i++)
		if (table[i] < n_queues)
			q[table[i]] += load[i];
	return q;
}

bool norm_less(uint64_t a, uint32_t ca, uint64_t b, uint32_t cb)
{
	return (u128)a * cb < (u128)b * ca;
}

uint32_t busiest(const std::vector<uint64_t> &qload,
		 const std::vector<uint32_t> &cap)
{
	uint32_t m = 0;

	for (uint32_t q = 1; q < qload.size(); q++)
		if (norm_less(qload[m], cap[m], qload[q], cap[q]))
			m = q;
	return m;
}

double imbalance(const std::vector<uint64_t> &load, const Table &table,
		 const std::vector<uint32_t> &cap)
{
	auto ql = queue_loads(load, table, static_cast<uint32_t>(cap.size()));
	uint64_t total = std::accumulate(ql.begin(), ql.end(), uint64_t(0));
	double capsum = std::accumulate(cap.begin(), cap.end(), 0.0);
	uint32_t m;

	if (!total)
		return 0;
	m = busiest(ql, cap);
	return (double)ql[m] / cap[m] / ((double)total / capsum);
}

Table default_table(uint32_t size, uint32_t n_queues)
{
	Table t(size);

	for (uint32_t i = 0; i < size; i++)
		t[i] = i % n_queues;
	return t;
}

namespace {

// Single moves and swaps out of the busiest of @free while they lower it.
void local_search(const std::vector<uint64_t> &load,
		  const std::vector<uint32_t> &cap,
		  const std::vector<uint32_t> &free, Table &t,
		  std::vector<uint64_t> &ql)
{
	const uint32_t none = UINT32_MAX;

	for (int iter = 0; iter < 100000; iter++) {
		uint32_t m = free[0];
		for (uint32_t q : free)
			if (norm_less(ql[m], cap[m], ql[q], cap[q]))
				m = q;
		// best result so far: the larger side of the pair, as load/cap
		uint64_t bl = ql[m];
		uint32_t bc = cap[m];
		uint32_t bb = none, bq = none, bs = none;

		for (uint32_t b = 0; b < t.size(); b++) {
			if (t[b] != m || !load[b])
				continue;
			for (uint32_t q : free) {
				if (q == m)
					continue;
				// move b to q
				uint64_t lm = ql[m] - load[b], lq = ql[q] + load[b];
				uint64_t xl = lm;
				uint32_t xc = cap[m];
				if (norm_less(xl, xc, lq, cap[q]))
					xl = lq, xc = cap[q];
				if (norm_less(xl, xc, bl, bc)) {
					bl = xl, bc = xc, bb = b, bq = q;
					bs = none;
				}
				// swap b with a lighter s of q
				for (uint32_t s = 0; s < t.size(); s++) {
					if (t[s] != q || load[s] >= load[b])
						continue;
					uint64_t d = load[b] - load[s];
					lm = ql[m] - d, lq = ql[q] + d;
					xl = lm, xc = cap[m];
					if (norm_less(xl, xc, lq, cap[q]))
						xl = lq, xc = cap[q];
					if (norm_less(xl, xc, bl, bc)) {
						bl = xl, bc = xc, bb = b, bq = q;
						bs = s;
					}
				}
			}
		}
		if (bb == none)
			return;
		ql[m] -= load[bb];
		ql[bq] += load[bb];
		t[bb] = bq;
		if (bs != none) {
			ql[bq] -= load[bs];
			ql[m] += load[bs];
			t[bs] = m;
		}
	}
}

// Exact search over the loaded buckets of the free queues, seeded with
// the table in hand as the best: depth first, heaviest bucket first, a
// queue skipped when an earlier one has the same capacity and load (so
// never two empty twins), a branch cut when a queue would reach the best
// value. Stops after a budget of queue tries (nodes times queues), keeping
// the best found.
struct exact_search {
	const std::vector<uint64_t> &load;
	const std::vector<uint32_t> &cap;
	const std::vector<uint32_t> &free;
	std::vector<uint32_t> items;	// loaded buckets, heaviest first
	std::vector<uint32_t> at, best_at;
	std::vector<uint64_t> ql;
	uint64_t best_l;
	uint32_t best_c;
	long nodes;
	bool improved;

	void dfs(size_t k)
	{
		nodes -= (long)free.size();
		if (nodes < 0)
			return;
		if (k == items.size()) {
			uint32_t m = free[0];
			for (uint32_t q : free)
				if (norm_less(ql[m], cap[m], ql[q], cap[q]))
					m = q;
			if (norm_less(ql[m], cap[m], best_l, best_c)) {
				best_l = ql[m];
				best_c = cap[m];
				best_at = at;
				improved = true;
			}
			return;
		}
		uint64_t l = load[items[k]];
		for (size_t i = 0; i < free.size(); i++) {
			uint32_t q = free[i];
			bool twin = false;
			for (size_t j = 0; j < i && !twin; j++)
				twin = cap[free[j]] == cap[q] && ql[free[j]] == ql[q];
			if (twin || !norm_less(ql[q] + l, cap[q], best_l, best_c))
				continue;
			ql[q] += l;
			at[k] = q;
			dfs(k + 1);
			ql[q] -= l;
		}
	}
};

} // namespace

Table assign(const std::vector<uint64_t> &load,
	     const std::vector<uint32_t> &cap)
{
	const uint32_t n = static_cast<uint32_t>(cap.size());
	const uint32_t size = static_cast<uint32_t>(load.size());
	const uint32_t unset = UINT32_MAX;
	uint64_t rest = std::accumulate(load.begin(), load.end(), uint64_t(0));
	std::vector<uint32_t> free(n), order;
	std::vector<uint64_t> ql(n, 0);
	std::vector<uint32_t> count(n, 0);
	Table t(size, unset);

	if (!rest || !n)
		return default_table(size, n ? n : 1);
	std::iota(free.begin(), free.end(), 0);
	for (uint32_t b = 0; b < size; b++)
		if (load[b])
			order.push_back(b);
	std::stable_sort(order.begin(), order.end(),
			 [&](uint32_t a, uint32_t b) { return load[a] > load[b]; });

	// elephants: alone on the largest remaining queue
	size_t next = 0;
	while (free.size() > 1 && next < order.size()) {
		uint32_t x = order[next];
		uint32_t big = free[0];
		u128 capsum = 0;

		for (uint32_t q : free) {
			capsum += cap[q];
			if (cap[q] > cap[big])
				big = q;
		}
		if ((u128)load[x] * capsum <= (u128)rest * cap[big])
			break;
		t[x] = big;
		ql[big] = load[x];
		count[big] = 1;
		rest -= load[x];
		free.erase(std::find(free.begin(), free.end(), big));
		next++;
	}

	// the rest: heaviest first to the lowest load / capacity after it
	const size_t next0 = next;
	for (; next < order.size(); next++) {
		uint32_t b = order[next], best = free[0];

		for (uint32_t q : free)
			if (norm_less(ql[q] + load[b], cap[q],
				      ql[best] + load[b], cap[best]))
				best = q;
		t[b] = best;
		ql[best] += load[b];
	}
	local_search(load, cap, free, t, ql);

	// exact where the search is small enough, else what it found by then
	exact_search ex{ load, cap, free, {}, {}, {}, {}, 0, 0, 2000000, false };
	for (size_t k = next0; k < order.size(); k++)
		ex.items.push_back(order[k]);
	if (ex.items.size() > 1) {
		uint32_t m = free[0];
		for (uint32_t q : free)
			if (norm_less(ql[m], cap[m], ql[q], cap[q]))
				m = q;
		ex.best_l = ql[m];
		ex.best_c = cap[m];
		ex.at.assign(ex.items.size(), 0);
		ex.ql = ql;
		for (uint32_t b : ex.items)
			ex.ql[t[b]] -= load[b];
		ex.dfs(0);
		if (ex.improved) {
			for (size_t k = 0; k < ex.items.size(); k++) {
				ql[t[ex.items[k]]] -= load[ex.items[k]];
				t[ex.items[k]] = ex.best_at[k];
				ql[ex.best_at[k]] += load[ex.items[k]];
			}
		}
	}

	// idle buckets: to the free queue with the fewest buckets
	for (uint32_t b = 0; b < size; b++)
		if (t[b] != unset)
			count[t[b]]++;
	for (uint32_t b = 0; b < size; b++) {
		uint32_t best = free[0];

		if (t[b] != unset)
			continue;
		for (uint32_t q : free) {
			if (count[q] < count[best] ||
			    (count[q] == count[best] &&
			     norm_less(ql[q], cap[q], ql[best], cap[best])))
				best = q;
		}
		t[b] = best;
		count[best]++;
	}
	return t;
}

Table assign_contiguous(const std::vector<uint64_t> &load,
			const std::vector<uint32_t> &cap)
{
	const uint32_t n = static_cast<uint32_t>(cap.size());
	const uint32_t size = static_cast<uint32_t>(load.size());
	std::vector<uint64_t> pre(size + 1, 0);

	for (uint32_t i = 0; i < size; i++)
		pre[i + 1] = pre[i] + load[i];
	if (!n)
		return default_table(size, 1);
	if (!pre[size]) {
		// equal runs, as ethtool -X equal would make
		Table t(size);
		for (uint32_t i = 0; i < size; i++)
			t[i] = (uint32_t)((uint64_t)i * n / size);
		return t;
	}
	// f[q][i]: the least busiest-queue value (load, cap) of buckets
	// 0..i-1 on queues 0..q; from[q][i]: where queue q's run starts
	struct val {
		uint64_t l;
		uint32_t c;
	};
	std::vector<std::vector<val>> f(n, std::vector<val>(size + 1));
	std::vector<std::vector<uint32_t>> from(n,
		std::vector<uint32_t>(size + 1, 0));

	for (uint32_t i = 0; i <= size; i++)
		f[0][i] = { pre[i], cap[0] };
	for (uint32_t q = 1; q < n; q++) {
		for (uint32_t i = 0; i <= size; i++) {
			bool have = false;
			for (uint32_t j = 0; j <= i; j++) {
				val v = f[q - 1][j];
				val r = { pre[i] - pre[j], cap[q] };
				if (norm_less(v.l, v.c, r.l, r.c))
					v = r;
				if (!have || norm_less(v.l, v.c, f[q][i].l,
						       f[q][i].c)) {
					f[q][i] = v;
					from[q][i] = j;
					have = true;
				}
			}
		}
	}
	Table t(size);
	uint32_t end = size;
	for (uint32_t q = n; q-- > 0;) {
		uint32_t start = q ? from[q][end] : 0;
		for (uint32_t i = start; i < end; i++)
			t[i] = q;
		end = start;
	}
	return t;
}

std::vector<uint32_t> weights_of(const Table &table, uint32_t n_queues)
{
	std::vector<uint32_t> w(n_queues, 0);

	for (size_t i = 0; i < table.size(); i++) {
		if (table[i] >= n_queues || (i && table[i] < table[i - 1]))
			return {};
		w[table[i]]++;
	}
	return w;
}

} // namespace rxs::rebalance
