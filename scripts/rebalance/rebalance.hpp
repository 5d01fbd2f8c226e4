// SPDX-License-Identifier: GPL-2.0
// rxscale-rebalance: an RSS indirection table that balances load, not
// hash buckets. The input is the load of each bucket (table entry) over
// an interval, from two snapshots of a driver's per-bucket receive
// counters (debugfs rss_buckets, docs/rebalance.md); the output is a
// table that minimises the busiest queue's load divided by its CPU's
// capacity.
#ifndef RXS_REBALANCE_HPP
#define RXS_REBALANCE_HPP

#include <cstdint>
#include <string>
#include <vector>

namespace rxs::rebalance {

using Table = std::vector<uint32_t>;

// One snapshot of a debugfs rss_buckets file: per bucket its current
// queue, packets and bytes.
struct Snapshot {
	std::vector<uint32_t> queue;
	std::vector<uint64_t> packets;
	std::vector<uint64_t> bytes;
};

// Parse the text of a snapshot. On error returns false with @err set.
bool parse_snapshot(const std::string &text, Snapshot &s, std::string &err);

// after - before per bucket, of packets or bytes; false (with @err) if
// the sizes differ or a counter went backwards (driver reloaded).
bool bucket_delta(const Snapshot &before, const Snapshot &after,
		  bool bytes, std::vector<uint64_t> &load, std::string &err);

// Per-queue load of @table: sum of the loads of the buckets it maps to.
std::vector<uint64_t> queue_loads(const std::vector<uint64_t> &load,
				  const Table &table, uint32_t n_queues);

// a / ca < b / cb, exactly (128-bit products).
bool norm_less(uint64_t a, uint32_t ca, uint64_t b, uint32_t cb);

// Index of the queue with the largest load / capacity (lowest index on
// ties).
uint32_t busiest(const std::vector<uint64_t> &qload,
		 const std::vector<uint32_t> &cap);

// The busiest queue's load / capacity relative to a perfect spread
// (total / sum of capacities): 1.0 is perfect, n_queues the worst.
// 0 when the total is 0.
double imbalance(const std::vector<uint64_t> &load, const Table &table,
		 const std::vector<uint32_t> &cap);

// The default table, entry i = i % n (ethtool_rxfh_indir_default()).
Table default_table(uint32_t size, uint32_t n_queues);

// The balancing table for bucket loads @load over queues of capacities
// @cap (one per queue, each > 0). Rules, in order:
//  - total 0: the default table;
//  - an elephant, a bucket whose load exceeds the fair share of the
//    remaining load on the remaining queues, goes alone to the
//    remaining queue of largest capacity (lowest index on ties), which
//    then takes nothing else; repeated while more than one queue is left;
//  - the other loaded buckets, heaviest first (lowest index on ties), to
//    the queue where load / capacity after adding is lowest (lowest
//    index on ties), then single moves and swaps out of the busiest
//    queue while they lower it (LPT plus local search: within 4/3 of
//    the optimum, usually at it);
//  - buckets without load, in index order, to the non-elephant queue
//    with the fewest buckets (then the lowest load / capacity, then the
//    lowest index), so that new flows still spread.
Table assign(const std::vector<uint64_t> &load,
	     const std::vector<uint32_t> &cap);

// The best table that ethtool -X weight can express: one contiguous run
// of buckets per queue, in queue order (ethtool 6.1 sets no arbitrary
// table). Exact (dynamic programming); total 0 gives equal runs.
Table assign_contiguous(const std::vector<uint64_t> &load,
			const std::vector<uint32_t> &cap);

// Run lengths of a contiguous table in queue order: the weights for
// ethtool -X weight (their sum is the table size, so ethtool's fill
// reproduces the runs exactly). Empty if @table is not contiguous in
// queue order.
std::vector<uint32_t> weights_of(const Table &table, uint32_t n_queues);

} // namespace rxs::rebalance

#endif
