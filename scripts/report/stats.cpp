// SPDX-License-Identifier: GPL-2.0
#include "rxreport.hpp"

#include <algorithm>
#include <cmath>

namespace rxs {

double median(std::vector<double> v)
{
	if (v.empty())
		throw Error("median of no values");
	std::sort(v.begin(), v.end());
	const std::size_t n = v.size();
	if (n % 2)
		return v[n / 2];
	return (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

Summary summarize(const std::vector<double> &v)
{
	if (v.empty())
		throw Error("statistics of no values");
	Summary s;
	s.n = v.size();
	s.min = *std::min_element(v.begin(), v.end());
	s.max = *std::max_element(v.begin(), v.end());
	double sum = 0;
	for (double x : v)
		sum += x;
	s.mean = sum / static_cast<double>(s.n);
	s.median = median(v);
	if (s.n > 1) {
		double sq = 0;
		for (double x : v)
			sq += (x - s.mean) * (x - s.mean);
		s.stddev = std::sqrt(sq / static_cast<double>(s.n - 1));
	}
	s.cv = s.mean != 0 ? s.stddev / std::fabs(s.mean) : 0;
	return s;
}

std::string stability(double cv)
{
	if (cv < 0.05)
		return "stable";
	if (cv < 0.15)
		return "variable";
	return "unstable";
}

const char *spread_test_text =
	"a difference is called only when both sides have at least two runs and their "
	"min-max ranges do not overlap (every run of one side above every run of the other); "
	"otherwise it is within the run-to-run spread, or not called; medians that are equal at the "
	"precision shown are not called a difference either";

SpreadCall spread_test(const std::vector<double> &a, const std::vector<double> &b)
{
	if (a.size() < 2 || b.size() < 2)
		return SpreadCall::too_few;
	const auto [amin, amax] = std::minmax_element(a.begin(), a.end());
	const auto [bmin, bmax] = std::minmax_element(b.begin(), b.end());
	if (*bmin > *amax)
		return SpreadCall::higher;
	if (*bmax < *amin)
		return SpreadCall::lower;
	return SpreadCall::within;
}

int busiest_core(const std::vector<CpuStats> &cpus)
{
	int best = -1;
	double best_load = -1;
	for (const CpuStats &c : cpus) {
		const double load = c.soft.mean + c.irq.mean;
		if (load > best_load || (load == best_load && c.cpu < best)) {
			best = c.cpu;
			best_load = load;
		}
	}
	return best;
}

} // namespace rxs
