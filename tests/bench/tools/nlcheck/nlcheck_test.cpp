// SPDX-License-Identifier: GPL-2.0
//
// Host unit tests of nlcheck's message handling (nlmsg.h): requests are
// laid out as the kernel expects, replies built here byte by byte (the
// layouts of include/uapi/linux/netlink.h and 7.3 net/core/netdev-genl.c)
// are split, decoded and formatted into the lines the bench scenario
// parses, and malformed input is refused.

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "nlmsg.h"

namespace {

using Bytes = std::vector<uint8_t>;

void put_raw(Bytes &b, const void *p, size_t n)
{
	const uint8_t *c = static_cast<const uint8_t *>(p);

	b.insert(b.end(), c, c + n);
}

void pad4(Bytes &b)
{
	b.resize(nlc::align4(b.size()), 0);
}

void attr(Bytes &b, uint16_t type, const void *p, size_t n)
{
	struct nlattr a;

	a.nla_len = static_cast<uint16_t>(sizeof(a) + n);
	a.nla_type = type;
	put_raw(b, &a, sizeof(a));
	put_raw(b, p, n);
	pad4(b);
}

void attr_u32(Bytes &b, uint16_t type, uint32_t v)
{
	attr(b, type, &v, 4);
}

void attr_u64(Bytes &b, uint16_t type, uint64_t v)
{
	attr(b, type, &v, 8);
}

void attr_nest(Bytes &b, uint16_t type, const Bytes &inner)
{
	attr(b, type | NLA_F_NESTED, inner.data(), inner.size());
}

// A whole netlink message: header, genl header, attributes.
Bytes genl_msg(uint16_t type, uint16_t flags, uint32_t seq, uint8_t cmd,
	       const Bytes &attrs)
{
	Bytes b;
	struct nlmsghdr h = {};
	struct genlmsghdr g = {};

	h.nlmsg_len = static_cast<uint32_t>(sizeof(h) + sizeof(g) + attrs.size());
	h.nlmsg_type = type;
	h.nlmsg_flags = flags;
	h.nlmsg_seq = seq;
	g.cmd = cmd;
	g.version = 1;
	put_raw(b, &h, sizeof(h));
	put_raw(b, &g, sizeof(g));
	put_raw(b, attrs.data(), attrs.size());
	return b;
}

std::vector<nlc::Attr> attrs_of(const Bytes &msg)
{
	std::vector<nlc::Msg> msgs;
	std::vector<nlc::Attr> a;

	EXPECT_TRUE(nlc::split_msgs(msg.data(), msg.size(), msgs));
	EXPECT_EQ(msgs.size(), 1u);
	if (msgs.size() == 1) {
		EXPECT_TRUE(nlc::genl_attrs(msgs[0], a));
	}
	return a;
}

TEST(Request, LayoutAndAlignment)
{
	nlc::Request r(0x1234, NLM_F_REQUEST | NLM_F_DUMP, 7, nlc::CMD_QUEUE_GET, 1);

	r.put_u32(nlc::A_QUEUE_IFINDEX, 3);
	r.put_str(CTRL_ATTR_FAMILY_NAME, "netdev");	// 7 bytes -> padded to 8
	const Bytes &b = r.bytes();

	ASSERT_EQ(b.size(), 16u + 4u + 8u + 12u);
	struct nlmsghdr h;

	std::memcpy(&h, b.data(), sizeof(h));
	EXPECT_EQ(h.nlmsg_len, b.size());
	EXPECT_EQ(h.nlmsg_type, 0x1234);
	EXPECT_EQ(h.nlmsg_flags, NLM_F_REQUEST | NLM_F_DUMP);
	EXPECT_EQ(h.nlmsg_seq, 7u);
	EXPECT_EQ(b[16], nlc::CMD_QUEUE_GET);	// genlmsghdr.cmd
	EXPECT_EQ(b[17], 1);			// version
	uint16_t len, type;
	uint32_t v;

	std::memcpy(&len, &b[20], 2);
	std::memcpy(&type, &b[22], 2);
	std::memcpy(&v, &b[24], 4);
	EXPECT_EQ(len, 8);
	EXPECT_EQ(type, nlc::A_QUEUE_IFINDEX);
	EXPECT_EQ(v, 3u);
	std::memcpy(&len, &b[28], 2);
	EXPECT_EQ(len, 4 + 7);			// length without padding
	EXPECT_STREQ(reinterpret_cast<const char *>(&b[32]), "netdev");
	EXPECT_EQ(b[39], 0);			// the padding byte
}

TEST(Request, UintWidthFollowsValue)
{
	nlc::Request r(20, NLM_F_REQUEST, 1, nlc::CMD_NAPI_SET, 1);

	r.put_uint(nlc::A_NAPI_GRO_FLUSH_TIMEOUT, 20000);
	r.put_uint(nlc::A_NAPI_IRQ_SUSPEND_TIMEOUT, 0x100000000ull);
	std::vector<nlc::Attr> a = attrs_of(r.bytes());

	ASSERT_EQ(a.size(), 2u);
	EXPECT_EQ(a[0].len, 4u);
	EXPECT_EQ(a[1].len, 8u);
	EXPECT_EQ(*nlc::attr_uint(&a[0]), 20000u);
	EXPECT_EQ(*nlc::attr_uint(&a[1]), 0x100000000ull);
}

TEST(Attrs, RejectsOverrunAndShortHeaders)
{
	Bytes b;
	std::vector<nlc::Attr> a;

	attr_u32(b, 1, 5);
	EXPECT_TRUE(nlc::parse_attrs(b.data(), b.size(), a));
	EXPECT_EQ(a.size(), 1u);
	b[0] = 12;	// nla_len beyond the buffer
	EXPECT_FALSE(nlc::parse_attrs(b.data(), b.size(), a));
	b[0] = 3;	// shorter than the header
	EXPECT_FALSE(nlc::parse_attrs(b.data(), b.size(), a));
}

TEST(Attrs, MasksNestedFlagAndReadsWidths)
{
	Bytes inner, b;
	uint16_t u16 = 0xbeef;
	uint8_t odd[3] = { 1, 2, 3 };
	std::vector<nlc::Attr> a;

	attr_u32(inner, 1, 9);
	attr_nest(b, 6, inner);
	attr(b, 2, &u16, 2);
	attr(b, 3, odd, 3);
	ASSERT_TRUE(nlc::parse_attrs(b.data(), b.size(), a));
	ASSERT_EQ(a.size(), 3u);
	EXPECT_EQ(a[0].type, 6);
	EXPECT_EQ(*nlc::attr_uint(&a[1]), 0xbeefu);
	EXPECT_FALSE(nlc::attr_uint(&a[2]).has_value());	// 3 bytes: no int
	EXPECT_FALSE(nlc::attr_uint(nlc::find_attr(a, 9)).has_value());
}

TEST(Msgs, SplitsSeveralAndRejectsTruncated)
{
	Bytes a1, a2, buf;

	attr_u32(a1, nlc::A_QUEUE_ID, 0);
	attr_u32(a2, nlc::A_QUEUE_ID, 1);
	Bytes m1 = genl_msg(20, NLM_F_MULTI, 5, nlc::CMD_QUEUE_GET, a1);
	Bytes m2 = genl_msg(20, NLM_F_MULTI, 5, nlc::CMD_QUEUE_GET, a2);

	buf = m1;
	buf.insert(buf.end(), m2.begin(), m2.end());
	std::vector<nlc::Msg> msgs;

	ASSERT_TRUE(nlc::split_msgs(buf.data(), buf.size(), msgs));
	ASSERT_EQ(msgs.size(), 2u);
	std::vector<nlc::Attr> at;

	ASSERT_TRUE(nlc::genl_attrs(msgs[1], at));
	EXPECT_EQ(*nlc::attr_uint(nlc::find_attr(at, nlc::A_QUEUE_ID)), 1u);
	buf.pop_back();
	EXPECT_FALSE(nlc::split_msgs(buf.data(), buf.size(), msgs));
}

// NLMSG_ERROR with NLM_F_CAPPED | NLM_F_ACK_TLVS: struct nlmsgerr (the
// request's header only), then NLMSGERR_ATTR_MSG and _OFFS.
TEST(Error, ExtackMessageAndOffsetCapped)
{
	Bytes b;
	struct nlmsghdr h = {};
	struct nlmsgerr e = {};
	const char text[] = "integer out of range";

	e.error = -ERANGE;
	e.msg.nlmsg_len = 40;	// the original request's length
	Bytes tlv;

	attr(tlv, NLMSGERR_ATTR_MSG, text, sizeof(text));
	attr_u32(tlv, NLMSGERR_ATTR_OFFS, 28);
	h.nlmsg_len = static_cast<uint32_t>(sizeof(h) + sizeof(e) + tlv.size());
	h.nlmsg_type = NLMSG_ERROR;
	h.nlmsg_flags = NLM_F_CAPPED | NLM_F_ACK_TLVS;
	put_raw(b, &h, sizeof(h));
	put_raw(b, &e, sizeof(e));
	put_raw(b, tlv.data(), tlv.size());
	std::vector<nlc::Msg> msgs;
	nlc::NlError ne;

	ASSERT_TRUE(nlc::split_msgs(b.data(), b.size(), msgs));
	ASSERT_TRUE(nlc::parse_error(msgs[0], ne));
	EXPECT_EQ(ne.error, -ERANGE);
	EXPECT_EQ(ne.msg, text);
	ASSERT_TRUE(ne.offset.has_value());
	EXPECT_EQ(*ne.offset, 28u);
}

// Without NLM_F_CAPPED the whole request is echoed before the TLVs.
TEST(Error, ExtackAfterEchoedRequest)
{
	nlc::Request req(20, NLM_F_REQUEST | NLM_F_ACK, 9, nlc::CMD_NAPI_SET, 1);

	req.put_u32(nlc::A_NAPI_ID, 77);
	Bytes b, tlv;
	struct nlmsghdr h = {};
	int32_t err = -ENOENT;
	const char text[] = "no such napi";

	attr(tlv, NLMSGERR_ATTR_MSG, text, sizeof(text));
	h.nlmsg_len = static_cast<uint32_t>(sizeof(h) + 4 + req.bytes().size() +
					    tlv.size());
	h.nlmsg_type = NLMSG_ERROR;
	h.nlmsg_flags = NLM_F_ACK_TLVS;
	put_raw(b, &h, sizeof(h));
	put_raw(b, &err, 4);
	put_raw(b, req.bytes().data(), req.bytes().size());
	put_raw(b, tlv.data(), tlv.size());
	std::vector<nlc::Msg> msgs;
	nlc::NlError ne;

	ASSERT_TRUE(nlc::split_msgs(b.data(), b.size(), msgs));
	ASSERT_TRUE(nlc::parse_error(msgs[0], ne));
	EXPECT_EQ(ne.error, -ENOENT);
	EXPECT_EQ(ne.msg, text);
	EXPECT_FALSE(ne.offset.has_value());
}

TEST(Error, AckAndDone)
{
	Bytes b;
	struct nlmsghdr h = {};
	struct nlmsgerr e = {};
	nlc::NlError ne;
	std::vector<nlc::Msg> msgs;

	h.nlmsg_len = sizeof(h) + sizeof(e);
	h.nlmsg_type = NLMSG_ERROR;
	h.nlmsg_flags = NLM_F_CAPPED;
	put_raw(b, &h, sizeof(h));
	put_raw(b, &e, sizeof(e));
	ASSERT_TRUE(nlc::split_msgs(b.data(), b.size(), msgs));
	ASSERT_TRUE(nlc::parse_error(msgs[0], ne));
	EXPECT_EQ(ne.error, 0);

	Bytes d;
	int32_t rc = -ENODEV;

	h.nlmsg_len = sizeof(h) + 4;
	h.nlmsg_type = NLMSG_DONE;
	h.nlmsg_flags = NLM_F_MULTI;
	put_raw(d, &h, sizeof(h));
	put_raw(d, &rc, 4);
	ASSERT_TRUE(nlc::split_msgs(d.data(), d.size(), msgs));
	ASSERT_TRUE(nlc::parse_error(msgs[0], ne));
	EXPECT_EQ(ne.error, -ENODEV);
}

TEST(Family, IdVersionAndOps)
{
	Bytes a, ops, op1, op2;
	uint16_t id = 21;

	attr(a, CTRL_ATTR_FAMILY_ID, &id, 2);
	attr(a, CTRL_ATTR_FAMILY_NAME, "netdev", 7);
	attr_u32(a, CTRL_ATTR_VERSION, 1);
	attr_u32(op1, CTRL_ATTR_OP_ID, nlc::CMD_QUEUE_GET);
	attr_u32(op1, CTRL_ATTR_OP_FLAGS, GENL_CMD_CAP_DO | GENL_CMD_CAP_DUMP);
	attr_u32(op2, CTRL_ATTR_OP_ID, nlc::CMD_QSTATS_GET);
	attr_u32(op2, CTRL_ATTR_OP_FLAGS, GENL_CMD_CAP_DUMP);
	attr_nest(ops, 1, op1);
	attr_nest(ops, 2, op2);
	attr_nest(a, CTRL_ATTR_OPS, ops);
	Bytes m = genl_msg(GENL_ID_CTRL, 0, 1, CTRL_CMD_NEWFAMILY, a);
	std::vector<nlc::Msg> msgs;
	nlc::Family f;

	ASSERT_TRUE(nlc::split_msgs(m.data(), m.size(), msgs));
	ASSERT_TRUE(nlc::parse_family(msgs[0], f));
	EXPECT_EQ(f.id, 21);
	EXPECT_EQ(f.version, 1u);
	EXPECT_TRUE(f.has_op(nlc::CMD_QUEUE_GET, GENL_CMD_CAP_DUMP));
	EXPECT_TRUE(f.has_op(nlc::CMD_QSTATS_GET, GENL_CMD_CAP_DUMP));
	EXPECT_FALSE(f.has_op(nlc::CMD_QSTATS_GET, GENL_CMD_CAP_DO));
	EXPECT_FALSE(f.has_op(nlc::CMD_NAPI_SET, GENL_CMD_CAP_DO));
}

TEST(Format, Queue)
{
	Bytes a;

	attr_u32(a, nlc::A_QUEUE_ID, 3);
	attr_u32(a, nlc::A_QUEUE_IFINDEX, 2);
	attr_u32(a, nlc::A_QUEUE_TYPE, nlc::QUEUE_TYPE_TX);
	attr_u32(a, nlc::A_QUEUE_NAPI_ID, 8195);
	EXPECT_EQ(nlc::format_queue(attrs_of(genl_msg(20, 0, 1, 10, a))),
		  "queue ifindex=2 type=tx id=3 napi-id=8195");
	Bytes b;

	attr_u32(b, nlc::A_QUEUE_ID, 0);
	attr_u32(b, nlc::A_QUEUE_IFINDEX, 2);
	attr_u32(b, nlc::A_QUEUE_TYPE, nlc::QUEUE_TYPE_RX);
	EXPECT_EQ(nlc::format_queue(attrs_of(genl_msg(20, 0, 1, 10, b))),
		  "queue ifindex=2 type=rx id=0 napi-id=-");
}

// As 7.3 netdev_nl_napi_fill_one() puts them: defer-hard-irqs as s32,
// threaded/timeouts as uint (here one of them 8 bytes wide), no pid
// without a thread.
TEST(Format, Napi)
{
	Bytes a;

	attr_u32(a, nlc::A_NAPI_ID, 8193);
	attr_u32(a, nlc::A_NAPI_IFINDEX, 2);
	attr_u32(a, nlc::A_NAPI_IRQ, 45);
	attr_u32(a, nlc::A_NAPI_THREADED, 0);
	attr_u32(a, nlc::A_NAPI_DEFER_HARD_IRQS, 1);
	attr_u32(a, nlc::A_NAPI_IRQ_SUSPEND_TIMEOUT, 0);
	attr_u64(a, nlc::A_NAPI_GRO_FLUSH_TIMEOUT, 20000);
	EXPECT_EQ(nlc::format_napi(attrs_of(genl_msg(20, 0, 1, 11, a))),
		  "napi id=8193 ifindex=2 irq=45 pid=- threaded=0 "
		  "defer-hard-irqs=1 gro-flush-timeout=20000 irq-suspend-timeout=0");
}

TEST(Format, QstatsQueueAndDevice)
{
	Bytes a;

	attr_u32(a, nlc::A_QSTATS_IFINDEX, 2);
	attr_u32(a, nlc::A_QSTATS_QUEUE_TYPE, nlc::QUEUE_TYPE_RX);
	attr_u32(a, nlc::A_QSTATS_QUEUE_ID, 1);
	attr_u64(a, 8, 123456789012ull);	// rx-packets
	attr_u32(a, 9, 4000);			// rx-bytes
	attr_u32(a, 12, 0);			// rx-alloc-fail
	attr_u32(a, 40, 6);			// not in 7.3's uapi
	EXPECT_EQ(nlc::format_qstats(attrs_of(genl_msg(20, 0, 1, 12, a))),
		  "qstats ifindex=2 type=rx id=1 rx-packets=123456789012 "
		  "rx-bytes=4000 rx-alloc-fail=0 attr40=6");
	Bytes d;

	attr_u32(d, nlc::A_QSTATS_IFINDEX, 2);
	attr_u32(d, 10, 7);
	attr_u32(d, 34, 1);
	EXPECT_EQ(nlc::format_qstats(attrs_of(genl_msg(20, 0, 1, 12, d))),
		  "qstats ifindex=2 scope=dev tx-packets=7 tx-wake=1");
}

TEST(Format, CounterNamesMatchUapiNumbers)
{
	// spot checks against 7.3 include/uapi/linux/netdev.h
	EXPECT_STREQ(nlc::qstats_counter_name(8), "rx-packets");
	EXPECT_STREQ(nlc::qstats_counter_name(11), "tx-bytes");
	EXPECT_STREQ(nlc::qstats_counter_name(16), "rx-csum-unnecessary");
	EXPECT_STREQ(nlc::qstats_counter_name(17), "rx-csum-none");
	EXPECT_STREQ(nlc::qstats_counter_name(33), "tx-stop");
	EXPECT_STREQ(nlc::qstats_counter_name(34), "tx-wake");
	EXPECT_EQ(nlc::qstats_counter_name(35), nullptr);
	EXPECT_EQ(nlc::qstats_counter_name(4), nullptr);
}

// Garbage in: the parsers stay inside the buffer (run under
// -fsanitize=address to make an overrun fail) and never crash. Mutations
// of a valid reply (one byte changed, or cut short) as well as random
// buffers.
TEST(Robustness, MutatedAndRandomReplies)
{
	Bytes a;

	attr_u32(a, nlc::A_NAPI_ID, 8193);
	attr_u32(a, nlc::A_NAPI_IRQ, 45);
	attr_u64(a, nlc::A_NAPI_GRO_FLUSH_TIMEOUT, 20000);
	const Bytes good = genl_msg(20, NLM_F_MULTI, 3, nlc::CMD_NAPI_GET, a);
	uint32_t x = 12345;
	auto rnd = [&x]() {
		x = x * 1103515245u + 12345u;
		return x >> 16;
	};
	size_t parsed = 0;

	for (int round = 0; round < 20000; round++) {
		Bytes b = good;

		if (round % 3 == 0) {
			b.resize(rnd() % (good.size() + 1));
		} else if (round % 3 == 1) {
			b[rnd() % b.size()] = static_cast<uint8_t>(rnd());
		} else {
			b.resize(rnd() % 96);
			for (auto &c : b)
				c = static_cast<uint8_t>(rnd());
		}
		// a copy of exactly the buffer's size, so ASan sees any overrun
		std::vector<uint8_t> heap(b.begin(), b.end());
		std::vector<nlc::Msg> msgs;

		if (!nlc::split_msgs(heap.data(), heap.size(), msgs))
			continue;
		for (const nlc::Msg &m : msgs) {
			std::vector<nlc::Attr> at;
			nlc::NlError e;
			nlc::Family f;

			if (nlc::genl_attrs(m, at)) {
				parsed++;
				(void)nlc::format_napi(at);
				(void)nlc::format_qstats(at);
			}
			(void)nlc::parse_error(m, e);
			(void)nlc::parse_family(m, f);
		}
	}
	EXPECT_GT(parsed, 0u);	// some mutants were still well-formed
}

}	// namespace
