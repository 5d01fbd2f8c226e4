// SPDX-License-Identifier: GPL-2.0
//
// nlmsg.h - the pure part of nlcheck: building generic netlink requests,
// splitting receive buffers into messages, walking attributes, decoding
// NLMSG_ERROR (with extended ACK) and formatting the netdev family's
// queue / napi / qstats records as stable "key=value" lines. No sockets
// here, so the host unit test (nlcheck_test.cpp) can feed it bytes.
//
// Wire format facts (all from Linux uapi headers):
// - struct nlmsghdr, NLMSG_ALIGNTO 4, NLMSG_ERROR/NLMSG_DONE,
//   NLM_F_CAPPED/NLM_F_ACK_TLVS, NLMSGERR_ATTR_MSG/OFFS:
//   include/uapi/linux/netlink.h.
// - struct genlmsghdr, GENL_ID_CTRL, CTRL_CMD_GETFAMILY, CTRL_ATTR_*:
//   include/uapi/linux/genetlink.h.
// - the netdev family's attribute and command numbers below: Linux 7.3.4
//   include/uapi/linux/netdev.h (generated from
//   Documentation/netlink/specs/netdev.yaml). The arm64 cross toolchain's
//   headers are 6.1 and have no linux/netdev.h, so they are spelled here.
// - attribute types (what the kernel puts): 7.3 net/core/netdev-genl.c:
//   napi id/ifindex/irq/pid u32, defer-hard-irqs s32, threaded,
//   gro-flush-timeout and irq-suspend-timeout "uint" (4 or 8 bytes),
//   queue attributes u32, qstats counters "uint" (nla_put_uint).

#ifndef RXS_NLCHECK_NLMSG_H
#define RXS_NLCHECK_NLMSG_H

#include <linux/genetlink.h>
#include <linux/netlink.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace nlc {

// ---- netdev family (7.3 include/uapi/linux/netdev.h) ----------------------
constexpr const char *kNetdevFamily = "netdev";

enum : uint8_t {
	CMD_DEV_GET = 1,
	CMD_PAGE_POOL_GET = 5,
	CMD_PAGE_POOL_STATS_GET = 9,
	CMD_QUEUE_GET = 10,
	CMD_NAPI_GET = 11,
	CMD_QSTATS_GET = 12,
	CMD_BIND_RX = 13,
	CMD_NAPI_SET = 14,
	CMD_BIND_TX = 15,
	CMD_QUEUE_CREATE = 16,
};

enum : uint16_t {	// NETDEV_A_NAPI_*
	A_NAPI_IFINDEX = 1,
	A_NAPI_ID = 2,
	A_NAPI_IRQ = 3,
	A_NAPI_PID = 4,
	A_NAPI_DEFER_HARD_IRQS = 5,
	A_NAPI_GRO_FLUSH_TIMEOUT = 6,
	A_NAPI_IRQ_SUSPEND_TIMEOUT = 7,
	A_NAPI_THREADED = 8,
};

enum : uint16_t {	// NETDEV_A_QUEUE_*
	A_QUEUE_ID = 1,
	A_QUEUE_IFINDEX = 2,
	A_QUEUE_TYPE = 3,
	A_QUEUE_NAPI_ID = 4,
};

enum : uint32_t {	// enum netdev_queue_type
	QUEUE_TYPE_RX = 0,
	QUEUE_TYPE_TX = 1,
};

enum : uint16_t {	// NETDEV_A_QSTATS_* (counters start at 8)
	A_QSTATS_IFINDEX = 1,
	A_QSTATS_QUEUE_TYPE = 2,
	A_QSTATS_QUEUE_ID = 3,
	A_QSTATS_SCOPE = 4,
	A_QSTATS_FIRST_COUNTER = 8,
};

constexpr uint32_t kQstatsScopeQueue = 1;	// NETDEV_QSTATS_SCOPE_QUEUE

// Counter attributes 8.. in uapi order, with the names of netdev.yaml.
inline const char *qstats_counter_name(uint16_t type)
{
	static const char *const names[] = {
		"rx-packets", "rx-bytes", "tx-packets", "tx-bytes",
		"rx-alloc-fail", "rx-hw-drops", "rx-hw-drop-overruns",
		"rx-csum-complete", "rx-csum-unnecessary", "rx-csum-none",
		"rx-csum-bad", "rx-hw-gro-packets", "rx-hw-gro-bytes",
		"rx-hw-gro-wire-packets", "rx-hw-gro-wire-bytes",
		"rx-hw-drop-ratelimits", "tx-hw-drops", "tx-hw-drop-errors",
		"tx-csum-none", "tx-needs-csum", "tx-hw-gso-packets",
		"tx-hw-gso-bytes", "tx-hw-gso-wire-packets",
		"tx-hw-gso-wire-bytes", "tx-hw-drop-ratelimits", "tx-stop",
		"tx-wake",
	};

	if (type < A_QSTATS_FIRST_COUNTER)
		return nullptr;
	type -= A_QSTATS_FIRST_COUNTER;
	return type < sizeof(names) / sizeof(names[0]) ? names[type] : nullptr;
}

// Command names of netdev.yaml (for "nlcheck family").
inline const char *netdev_cmd_name(uint32_t cmd)
{
	switch (cmd) {
	case CMD_DEV_GET: return "dev-get";
	case CMD_PAGE_POOL_GET: return "page-pool-get";
	case CMD_PAGE_POOL_STATS_GET: return "page-pool-stats-get";
	case CMD_QUEUE_GET: return "queue-get";
	case CMD_NAPI_GET: return "napi-get";
	case CMD_QSTATS_GET: return "qstats-get";
	case CMD_BIND_RX: return "bind-rx";
	case CMD_NAPI_SET: return "napi-set";
	case CMD_BIND_TX: return "bind-tx";
	case CMD_QUEUE_CREATE: return "queue-create";
	default: return nullptr;
	}
}

// ---- attributes ------------------------------------------------------------
constexpr size_t align4(size_t n)
{
	return (n + 3) & ~static_cast<size_t>(3);
}

struct Attr {
	uint16_t type = 0;		// without NLA_F_NESTED / byte order
	const uint8_t *data = nullptr;
	size_t len = 0;
};

// Walks the attributes in [p, p + len). Returns false (and what was
// parsed so far in out) if an attribute header is short or its length
// runs past the end; trailing padding shorter than a header is allowed.
inline bool parse_attrs(const uint8_t *p, size_t len, std::vector<Attr> &out)
{
	out.clear();
	while (len >= sizeof(struct nlattr)) {
		struct nlattr h;

		std::memcpy(&h, p, sizeof(h));
		if (h.nla_len < sizeof(h) || h.nla_len > len)
			return false;
		Attr a;
		a.type = h.nla_type & NLA_TYPE_MASK;
		a.data = p + sizeof(h);
		a.len = h.nla_len - sizeof(h);
		out.push_back(a);
		size_t step = align4(h.nla_len);
		if (step >= len)
			return true;
		p += step;
		len -= step;
	}
	return len == 0 || len < sizeof(struct nlattr);
}

inline const Attr *find_attr(const std::vector<Attr> &v, uint16_t type)
{
	for (const Attr &a : v)
		if (a.type == type)
			return &a;
	return nullptr;
}

// Unsigned value of a u8/u16/u32/u64 or "uint" attribute, by its length.
inline std::optional<uint64_t> attr_uint(const Attr *a)
{
	if (!a)
		return std::nullopt;
	switch (a->len) {
	case 1:
		return a->data[0];
	case 2: {
		uint16_t v;

		std::memcpy(&v, a->data, 2);
		return v;
	}
	case 4: {
		uint32_t v;

		std::memcpy(&v, a->data, 4);
		return v;
	}
	case 8: {
		uint64_t v;

		std::memcpy(&v, a->data, 8);
		return v;
	}
	default:
		return std::nullopt;
	}
}

inline std::optional<int32_t> attr_s32(const Attr *a)
{
	int32_t v;

	if (!a || a->len != 4)
		return std::nullopt;
	std::memcpy(&v, a->data, 4);
	return v;
}

// NUL-terminated string attribute (the NUL must be inside it).
inline std::optional<std::string> attr_str(const Attr *a)
{
	if (!a || a->len == 0 || a->data[a->len - 1] != '\0')
		return std::nullopt;
	return std::string(reinterpret_cast<const char *>(a->data));
}

// ---- requests ----------------------------------------------------------------
class Request {
public:
	Request(uint16_t family, uint16_t flags, uint32_t seq, uint8_t cmd,
		uint8_t version)
	{
		struct nlmsghdr h = {};
		struct genlmsghdr g = {};

		h.nlmsg_type = family;
		h.nlmsg_flags = flags;
		h.nlmsg_seq = seq;
		g.cmd = cmd;
		g.version = version;
		append(&h, sizeof(h));
		append(&g, sizeof(g));
		set_len();
	}

	void put(uint16_t type, const void *data, size_t len)
	{
		struct nlattr a;

		a.nla_len = static_cast<uint16_t>(sizeof(a) + len);
		a.nla_type = type;
		append(&a, sizeof(a));
		append(data, len);
		buf_.resize(align4(buf_.size()), 0);
		set_len();
	}

	void put_u32(uint16_t type, uint32_t v)
	{
		put(type, &v, sizeof(v));
	}

	// "uint" attribute: 4 bytes when the value fits, else 8 (as the
	// kernel's nla_put_uint()).
	void put_uint(uint16_t type, uint64_t v)
	{
		if (v <= UINT32_MAX) {
			put_u32(type, static_cast<uint32_t>(v));
		} else {
			put(type, &v, sizeof(v));
		}
	}

	void put_str(uint16_t type, const std::string &s)
	{
		put(type, s.c_str(), s.size() + 1);
	}

	const std::vector<uint8_t> &bytes() const
	{
		return buf_;
	}

private:
	void append(const void *p, size_t n)
	{
		const uint8_t *b = static_cast<const uint8_t *>(p);

		buf_.insert(buf_.end(), b, b + n);
	}

	void set_len()
	{
		uint32_t n = static_cast<uint32_t>(buf_.size());

		std::memcpy(buf_.data() + offsetof(struct nlmsghdr, nlmsg_len),
			    &n, sizeof(n));
	}

	std::vector<uint8_t> buf_;
};

// ---- replies -----------------------------------------------------------------
struct Msg {
	struct nlmsghdr hdr = {};
	const uint8_t *payload = nullptr;	// after the nlmsghdr
	size_t len = 0;				// payload bytes
};

// Splits one datagram into messages. False if a header is short or a
// length runs past the end.
inline bool split_msgs(const uint8_t *p, size_t len, std::vector<Msg> &out)
{
	out.clear();
	while (len > 0) {
		Msg m;

		if (len < sizeof(m.hdr))
			return false;
		std::memcpy(&m.hdr, p, sizeof(m.hdr));
		if (m.hdr.nlmsg_len < sizeof(m.hdr) || m.hdr.nlmsg_len > len)
			return false;
		m.payload = p + sizeof(m.hdr);
		m.len = m.hdr.nlmsg_len - sizeof(m.hdr);
		out.push_back(m);
		size_t step = align4(m.hdr.nlmsg_len);
		if (step >= len)
			break;
		p += step;
		len -= step;
	}
	return true;
}

// A generic netlink message's attributes (after the genlmsghdr).
inline bool genl_attrs(const Msg &m, std::vector<Attr> &out)
{
	if (m.len < GENL_HDRLEN)
		return false;
	return parse_attrs(m.payload + GENL_HDRLEN, m.len - GENL_HDRLEN, out);
}

struct NlError {
	int error = 0;		// negative errno, 0 for an ACK
	std::string msg;	// extack message, if any
	std::optional<uint32_t> offset;	// NLMSGERR_ATTR_OFFS
};

// Decodes NLMSG_ERROR (struct nlmsgerr, then - with NLM_F_ACK_TLVS - the
// extack attributes after the echoed request, which is only its header
// with NLM_F_CAPPED) and the int + optional TLVs of NLMSG_DONE.
inline bool parse_error(const Msg &m, NlError &e)
{
	e = NlError();
	if (m.hdr.nlmsg_type == NLMSG_DONE) {
		int32_t v;

		if (m.len < sizeof(v))
			return m.len == 0;	// old kernels: empty DONE
		std::memcpy(&v, m.payload, sizeof(v));
		e.error = v;
		if (!(m.hdr.nlmsg_flags & NLM_F_ACK_TLVS))
			return true;
		std::vector<Attr> tlv;
		size_t off = align4(sizeof(v));

		if (off <= m.len)
			parse_attrs(m.payload + off, m.len - off, tlv);
		if (auto s = attr_str(find_attr(tlv, NLMSGERR_ATTR_MSG)))
			e.msg = *s;
		return true;
	}
	if (m.hdr.nlmsg_type != NLMSG_ERROR)
		return false;

	struct nlmsgerr err;

	if (m.len < sizeof(err))
		return false;
	std::memcpy(&err, m.payload, sizeof(err));
	e.error = err.error;
	if (!(m.hdr.nlmsg_flags & NLM_F_ACK_TLVS))
		return true;
	size_t off = sizeof(err);

	if (!(m.hdr.nlmsg_flags & NLM_F_CAPPED)) {
		// the whole request follows; its header is err.msg
		if (err.msg.nlmsg_len < sizeof(struct nlmsghdr))
			return true;
		off += align4(err.msg.nlmsg_len) - sizeof(struct nlmsghdr);
	}
	if (off >= m.len)
		return true;
	std::vector<Attr> tlv;

	parse_attrs(m.payload + off, m.len - off, tlv);
	if (auto s = attr_str(find_attr(tlv, NLMSGERR_ATTR_MSG)))
		e.msg = *s;
	if (auto o = attr_uint(find_attr(tlv, NLMSGERR_ATTR_OFFS)))
		e.offset = static_cast<uint32_t>(*o);
	return true;
}

// ---- family resolution (CTRL_CMD_GETFAMILY reply) ---------------------------
struct Family {
	uint16_t id = 0;
	uint32_t version = 0;
	std::vector<std::pair<uint32_t, uint32_t>> ops;	// (cmd, flags)

	bool has_op(uint32_t cmd, uint32_t cap) const
	{
		for (const auto &o : ops)
			if (o.first == cmd && (o.second & cap))
				return true;
		return false;
	}
};

inline bool parse_family(const Msg &m, Family &f)
{
	std::vector<Attr> attrs;

	f = Family();
	if (!genl_attrs(m, attrs))
		return false;
	auto id = attr_uint(find_attr(attrs, CTRL_ATTR_FAMILY_ID));

	if (!id)
		return false;
	f.id = static_cast<uint16_t>(*id);
	f.version = static_cast<uint32_t>(
		attr_uint(find_attr(attrs, CTRL_ATTR_VERSION)).value_or(0));
	const Attr *ops = find_attr(attrs, CTRL_ATTR_OPS);

	if (!ops)
		return true;
	std::vector<Attr> list;

	if (!parse_attrs(ops->data, ops->len, list))
		return false;
	for (const Attr &op : list) {
		std::vector<Attr> oa;

		if (!parse_attrs(op.data, op.len, oa))
			return false;
		auto cmd = attr_uint(find_attr(oa, CTRL_ATTR_OP_ID));
		auto fl = attr_uint(find_attr(oa, CTRL_ATTR_OP_FLAGS));

		if (cmd)
			f.ops.emplace_back(static_cast<uint32_t>(*cmd),
					   static_cast<uint32_t>(fl.value_or(0)));
	}
	return true;
}

// ---- record lines --------------------------------------------------------------
inline std::string opt_str(const std::optional<uint64_t> &v)
{
	return v ? std::to_string(*v) : std::string("-");
}

inline std::string queue_type_str(std::optional<uint64_t> t)
{
	if (!t)
		return "-";
	if (*t == QUEUE_TYPE_RX)
		return "rx";
	if (*t == QUEUE_TYPE_TX)
		return "tx";
	return "type" + std::to_string(*t);
}

// "queue ifindex=I type=rx|tx id=Q napi-id=N|-"
inline std::string format_queue(const std::vector<Attr> &a)
{
	return "queue ifindex=" + opt_str(attr_uint(find_attr(a, A_QUEUE_IFINDEX))) +
	       " type=" + queue_type_str(attr_uint(find_attr(a, A_QUEUE_TYPE))) +
	       " id=" + opt_str(attr_uint(find_attr(a, A_QUEUE_ID))) +
	       " napi-id=" + opt_str(attr_uint(find_attr(a, A_QUEUE_NAPI_ID)));
}

// "napi id=N ifindex=I irq=R|- pid=P|- threaded=T|- defer-hard-irqs=D|-
//  gro-flush-timeout=G|- irq-suspend-timeout=S|-"
inline std::string format_napi(const std::vector<Attr> &a)
{
	auto defer = attr_s32(find_attr(a, A_NAPI_DEFER_HARD_IRQS));

	return "napi id=" + opt_str(attr_uint(find_attr(a, A_NAPI_ID))) +
	       " ifindex=" + opt_str(attr_uint(find_attr(a, A_NAPI_IFINDEX))) +
	       " irq=" + opt_str(attr_uint(find_attr(a, A_NAPI_IRQ))) +
	       " pid=" + opt_str(attr_uint(find_attr(a, A_NAPI_PID))) +
	       " threaded=" + opt_str(attr_uint(find_attr(a, A_NAPI_THREADED))) +
	       " defer-hard-irqs=" +
	       (defer ? std::to_string(*defer) : std::string("-")) +
	       " gro-flush-timeout=" +
	       opt_str(attr_uint(find_attr(a, A_NAPI_GRO_FLUSH_TIMEOUT))) +
	       " irq-suspend-timeout=" +
	       opt_str(attr_uint(find_attr(a, A_NAPI_IRQ_SUSPEND_TIMEOUT)));
}

// Per queue: "qstats ifindex=I type=rx id=Q <counter>=V ..."; device
// scope (no queue attributes): "qstats ifindex=I scope=dev <counter>=V ...".
// Counters in attribute order, only those the kernel sent; unknown
// attribute numbers as attrN=V.
inline std::string format_qstats(const std::vector<Attr> &a)
{
	std::string s = "qstats ifindex=" +
			opt_str(attr_uint(find_attr(a, A_QSTATS_IFINDEX)));
	auto type = attr_uint(find_attr(a, A_QSTATS_QUEUE_TYPE));
	auto id = attr_uint(find_attr(a, A_QSTATS_QUEUE_ID));

	if (type || id)
		s += " type=" + queue_type_str(type) + " id=" + opt_str(id);
	else
		s += " scope=dev";
	for (uint16_t t = A_QSTATS_FIRST_COUNTER; t < 64; t++) {
		const Attr *c = find_attr(a, t);

		if (!c)
			continue;
		const char *n = qstats_counter_name(t);

		s += " " + (n ? std::string(n) : "attr" + std::to_string(t)) +
		     "=" + opt_str(attr_uint(c));
	}
	return s;
}

}	// namespace nlc

#endif
