// SPDX-License-Identifier: GPL-2.0
// The state snapshots of rxscale-bench as rxscale-report reads them:
// ethtool -l -x -c -g -i -k recorded on this machine (virtio_net, ethtool
// 6.1, tests/report/data/ethtool-6.1-virtio_net), ethtool -x with a table
// and -n with rules written by hand in ethtool 6.1's layout (no NIC here
// has them), /proc/net/softnet_stat and thread snapshots written by hand.
// Every expected value below was read off the input by hand.
#include "rxreport.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

using namespace rxs;
using namespace rxs_test;

namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

std::string value(const Pairs &p, const std::string &k)
{
	for (const auto &kv : p)
		if (kv.first == k)
			return kv.second;
	return "<absent>";
}

const char *rss_table = "RX flow hash indirection table for eth0 with 4 RX ring(s):\n"
			"    0:      0     1     2     3     0     1     2     3\n"
			"    8:      0     0     0     0     0     1     2     3\n"
			"RSS hash key:\n"
			"6d:5a:56:da:25:5b:0e:c2:41:67:25:3d:43:a3:8f:b0:d0:ca:2b:cb:ae:7b:30:b4:77:cb:2d:a3:80:30:f2:0c:6a:42:b7:3b:be:ac:01:fa\n"
			"RSS hash function:\n"
			"    toeplitz: on\n"
			"    xor: off\n"
			"    crc32: off\n";

const char *ntuple_rules = "4 RX rings available\n"
			   "Total 2 rules\n"
			   "\n"
			   "Filter: 1022\n"
			   "\tRule Type: TCP over IPv4\n"
			   "\tSrc IP addr: 0.0.0.0 mask: 255.255.255.255\n"
			   "\tDest IP addr: 0.0.0.0 mask: 255.255.255.255\n"
			   "\tTOS: 0x0 mask: 0xff\n"
			   "\tSrc port: 0 mask: 0xffff\n"
			   "\tDest port: 5201 mask: 0x0\n"
			   "\tAction: Direct to queue 2\n"
			   "\n"
			   "Filter: 1023\n"
			   "\tRule Type: UDP over IPv4\n"
			   "\tAction: Drop\n"
			   "\n";

} // namespace

TEST(EthtoolState, RecordedVirtioNet)
{
	const Pairs l = parse_ethtool_state('l', data("ethtool-6.1-virtio_net/ethtool-l.txt"), "l");
	// RX, TX, Other are n/a: only Combined, with its maximum
	EXPECT_EQ(l, (Pairs{{"combined", "1 (max 1)"}}));

	const Pairs g = parse_ethtool_state('g', data("ethtool-6.1-virtio_net/ethtool-g.txt"), "g");
	EXPECT_EQ(g, (Pairs{{"rx", "256 (max 256)"}, {"tx", "256 (max 256)"}, {"tx push", "off"}}));

	const Pairs x = parse_ethtool_state('x', data("ethtool-6.1-virtio_net/ethtool-x.txt"), "x");
	// table and key "Operation not supported": only the ring count and function
	EXPECT_EQ(x, (Pairs{{"rx rings", "1"}, {"hash function", "toeplitz"}}));

	const Pairs c = parse_ethtool_state('c', data("ethtool-6.1-virtio_net/ethtool-c.txt"), "c");
	EXPECT_EQ(c, (Pairs{{"adaptive-rx", "off"}, {"rx-usecs", "0"}, {"rx-frames", "1"},
			    {"tx-usecs", "0"}, {"tx-frames", "1"}}));

	const Pairs i = parse_ethtool_state('i', data("ethtool-6.1-virtio_net/ethtool-i.txt"), "i");
	EXPECT_EQ(i, (Pairs{{"driver", "virtio_net"}, {"version", "1.0.0"}, {"bus-info", "0000:00:03.0"}}));

	const Pairs k = parse_ethtool_state('k', data("ethtool-6.1-virtio_net/ethtool-k.txt"), "k");
	EXPECT_EQ(value(k, "generic-receive-offload"), "on");
	EXPECT_EQ(value(k, "large-receive-offload"), "off [fixed]");
	EXPECT_EQ(value(k, "tx-checksum-ipv4"), "off [fixed]");
	EXPECT_EQ(value(k, "rx-checksumming"), "on [fixed]");
}

TEST(EthtoolState, RssTableAndRulesWrittenByHand)
{
	const Pairs x = parse_ethtool_state('x', rss_table, "x");
	// 16 entries: queue 0 in 2 + 5 of them, queues 1..3 in 3 each
	EXPECT_EQ(value(x, "rx rings"), "4");
	EXPECT_EQ(value(x, "indirection table"), "16 entries: q0 7, q1 3, q2 3, q3 3");
	EXPECT_EQ(value(x, "hash key"),
		  "6d:5a:56:da:25:5b:0e:c2:41:67:25:3d:43:a3:8f:b0:d0:ca:2b:cb:ae:7b:30:b4:77:cb:2d:a3:80:30:f2:0c:6a:42:b7:3b:be:ac:01:fa");
	EXPECT_EQ(value(x, "hash function"), "toeplitz");

	const Pairs n = parse_ethtool_state('n', ntuple_rules, "n");
	EXPECT_EQ(n, (Pairs{{"rx rings", "4"},
			    {"rules", "2"},
			    {"rule 1022",
			     "Rule Type: TCP over IPv4; Src IP addr: 0.0.0.0 mask: 255.255.255.255; "
			     "Dest IP addr: 0.0.0.0 mask: 255.255.255.255; TOS: 0x0 mask: 0xff; "
			     "Src port: 0 mask: 0xffff; Dest port: 5201 mask: 0x0; Action: Direct to queue 2"},
			    {"rule 1023", "Rule Type: UDP over IPv4; Action: Drop"}}));
}

TEST(EthtoolState, ForeignTextIsAnError)
{
	// -S output given as -l, -g as -x, a table row that is not numbers
	EXPECT_NE(error_of([] { parse_ethtool_state('l', "NIC statistics:\n     rx_packets: 5\n", "f"); })
			  .find("f:1: not the layout"),
		  std::string::npos);
	EXPECT_NE(error_of([] { parse_ethtool_state('x', data("ethtool-6.1-virtio_net/ethtool-g.txt"), "f"); })
			  .find("f: no \"RX flow hash indirection table\" line"),
		  std::string::npos);
	EXPECT_NE(error_of([] {
			  parse_ethtool_state('x', "RX flow hash indirection table for e with 2 RX ring(s):\n    0: 0 x\n", "f");
		  }).find("f:2: queue \"x\" is not a number"),
		  std::string::npos);
	EXPECT_THROW(parse_ethtool_state('c', "", "f"), Error);
	EXPECT_THROW(parse_ethtool_state('n', "", "f"), Error);
	EXPECT_THROW(parse_ethtool_state('i', "", "f"), Error);
	EXPECT_THROW(parse_ethtool_state('q', "x: y\n", "f"), Error);
}

// 15 columns (kernel 6.x: column 13 is the CPU), 13 and 11 (older kernels)
TEST(Softnet, DeltaPerCpu)
{
	const std::string before =
		"0000a000 00000002 00000011 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000\n"
		"0000b000 00000000 00000003 00000000 00000000 00000000 00000000 00000000 00000000 00000005 00000000 00000000 00000002 00000000 00000000\n";
	// CPU0: processed +0x100 (256), dropped +0x10 (16), squeeze +1;
	// CPU2: processed wraps from 0xfffffff0 to 0x10 (+32), rps +0x0b (11),
	// flow_limit +3
	const std::string after =
		"0000a100 00000012 00000012 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000\n"
		"00000010 00000000 00000003 00000000 00000000 00000000 00000000 00000000 00000000 00000010 00000003 00000000 00000002 00000000 00000000\n";
	std::vector<SoftnetCpu> b = parse_softnet(before, "b");
	b[1].processed = 0xfffffff0; // the wrap
	const auto d = softnet_delta(b, parse_softnet(after, "a"), "d");
	ASSERT_EQ(d.size(), 2u);
	EXPECT_EQ(d[0].cpu, 0);
	EXPECT_EQ(d[0].processed, 256u);
	EXPECT_EQ(d[0].dropped, 16u);
	EXPECT_EQ(d[0].time_squeeze, 1u);
	EXPECT_EQ(d[0].received_rps, 0u);
	EXPECT_EQ(d[1].cpu, 2); // column 13, not the line number
	EXPECT_EQ(d[1].processed, 32u);
	EXPECT_EQ(d[1].dropped, 0u);
	EXPECT_EQ(d[1].time_squeeze, 0u);
	EXPECT_EQ(d[1].received_rps, 11u);
	EXPECT_EQ(d[1].flow_limit, 3u);

	const auto old = parse_softnet("00000001 00000002 00000003 0 0 0 0 0 0 00000004 00000005\n"
				       "00000006 00000007 00000008 0 0 0 0 0 0 00000009 0000000a\n",
				       "old");
	ASSERT_EQ(old.size(), 2u);
	EXPECT_EQ(old[1].cpu, 1); // no CPU column: the line's index
	EXPECT_EQ(old[1].dropped, 7u);
	EXPECT_EQ(old[1].flow_limit, 10u);

	EXPECT_NE(error_of([&] { softnet_delta(parse_softnet(before, "b"), old, "d"); }).find("line 2 is CPU2 before the run and CPU1 after"),
		  std::string::npos);
	EXPECT_THROW(parse_softnet("0000000g 0 0 0 0 0 0 0 0 0 0\n", "x"), Error);
	EXPECT_THROW(parse_softnet("00000001 00000002\n", "x"), Error);
	EXPECT_THROW(parse_softnet("", "x"), Error);
}

TEST(Threads, PercentOfOneCpu)
{
	const ThreadSnapshot b = parse_threads("uptime 100.00\n"
					       "14 10 20 0 ksoftirqd/0\n"
					       "24 0 0 1 ksoftirqd/1\n"
					       "900 600 400 1 napi/eth0-8193\n"
					       "901 5 5 0 napi/eth0-8194\n",
					       "b");
	// 10 s later: napi 8193 +500 ticks (50 % at 100 Hz), ksoftirqd/0 +30
	// (3 %), ksoftirqd/1 +0; napi 8194 gone; a new thread 902 not counted
	const ThreadSnapshot a = parse_threads("uptime 110.00\n"
					       "14 25 35 1 ksoftirqd/0\n"
					       "24 0 0 1 ksoftirqd/1\n"
					       "900 800 700 0 napi/eth0-8193\n"
					       "902 50 50 0 napi/eth0-8195\n",
					       "a");
	const auto l = thread_loads(b, a, 100, "t");
	ASSERT_EQ(l.size(), 3u);
	EXPECT_EQ(l[0].comm, "napi/eth0-8193");
	EXPECT_EQ(l[0].ticks, 500u);
	EXPECT_DOUBLE_EQ(l[0].percent, 50.0);
	EXPECT_EQ(l[0].cpu, 0);
	EXPECT_EQ(l[1].comm, "ksoftirqd/0");
	EXPECT_DOUBLE_EQ(l[1].percent, 3.0);
	EXPECT_EQ(l[2].comm, "ksoftirqd/1");
	EXPECT_DOUBLE_EQ(l[2].percent, 0.0);
	// at 250 Hz the same ticks are 20 %
	EXPECT_DOUBLE_EQ(thread_loads(b, a, 250, "t")[0].percent, 20.0);

	EXPECT_NE(error_of([&] { thread_loads(a, b, 100, "t"); }).find("uptime did not grow"), std::string::npos);
	EXPECT_THROW(parse_threads("14 10 20 0 ksoftirqd/0\n", "x"), Error);
	EXPECT_THROW(parse_threads("uptime 1.0\n14 10 0 ksoftirqd/0\n", "x"), Error);
	EXPECT_THROW(parse_threads("uptime abc\n", "x"), Error);
	EXPECT_THROW(parse_threads("", "x"), Error);
}
