// SPDX-License-Identifier: GPL-2.0
// ns per hash of the reference and the table-driven Toeplitz hash on
// IPv4+ports (12 bytes) and IPv6+ports (36 bytes) inputs. Not a test.
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include <rxscale/toeplitz.h>

namespace {

constexpr int kInputs = 256;	// distinct inputs, cycled

std::vector<u8> MakeInputs(u32 len)
{
	std::vector<u8> v(kInputs * len);
	u32 x = 0x12345678;
	for (u8 &b : v) {
		x = x * 1664525u + 1013904223u;
		b = (u8)(x >> 24);
	}
	return v;
}

void BM_Ref(benchmark::State &state)
{
	const u32 len = (u32)state.range(0);
	const std::vector<u8> in = MakeInputs(len);
	const u8 *key = rxs_toeplitz_ms_key();
	int i = 0;
	for (auto _ : state) {
		u32 h = 0;
		rxs_toeplitz_ref(key, RXS_TOEPLITZ_KEY_LEN, &in[i * len], len, &h);
		benchmark::DoNotOptimize(h);
		i = (i + 1) % kInputs;
	}
}

void BM_Table(benchmark::State &state)
{
	const u32 len = (u32)state.range(0);
	const std::vector<u8> in = MakeInputs(len);
	auto t = std::make_unique<rxs_toeplitz>();
	rxs_toeplitz_init(t.get(), rxs_toeplitz_ms_key(), RXS_TOEPLITZ_KEY_LEN);
	int i = 0;
	for (auto _ : state) {
		u32 h = 0;
		rxs_toeplitz_hash(t.get(), &in[i * len], len, &h);
		benchmark::DoNotOptimize(h);
		i = (i + 1) % kInputs;
	}
}

void BM_TableInit(benchmark::State &state)
{
	auto t = std::make_unique<rxs_toeplitz>();
	for (auto _ : state) {
		rxs_toeplitz_init(t.get(), rxs_toeplitz_ms_key(),
				  RXS_TOEPLITZ_KEY_LEN);
		benchmark::DoNotOptimize(t->tbl[35][255]);
	}
}

} // namespace

BENCHMARK(BM_Ref)->Arg(RXS_TOEPLITZ_V4_L4_LEN)->Arg(RXS_TOEPLITZ_V6_L4_LEN);
BENCHMARK(BM_Table)->Arg(RXS_TOEPLITZ_V4_L4_LEN)->Arg(RXS_TOEPLITZ_V6_L4_LEN);
BENCHMARK(BM_TableInit);
BENCHMARK_MAIN();
