// SPDX-License-Identifier: GPL-2.0
//
// nlcheck: the netdev generic netlink family from a static binary, for the
// bench guest (no ynl, no python, no libnl there). Raw AF_NETLINK sockets;
// message building/parsing lives in nlmsg.h.
//
//   nlcheck family                     family id, version, commands
//   nlcheck queues IF                  queue-get dump of one device
//   nlcheck napis IF                   napi-get dump of one device
//   nlcheck napi-get NAPI_ID           napi-get do
//   nlcheck qstats IF [queue|dev]      qstats-get dump, per queue (default)
//                                      or device totals
//   nlcheck napi-set NAPI_ID ATTR VALUE [ATTR VALUE]...
//        ATTR: defer-hard-irqs, gro-flush-timeout, irq-suspend-timeout,
//              threaded
//
// IF is an interface index or name. Output: one line per record, fields
// "key=value" in a fixed order, "-" for an attribute the kernel did not
// send (see nlmsg.h: format_queue, format_napi, format_qstats).
//
// Exit status: 0 ok; 1 error (the kernel's errno and extack message on
// stderr, e.g. EOPNOTSUPP for qstats of a device without stat_ops); 2
// usage; 3 the kernel has no "netdev" family (before 6.3); 4 the family
// lacks the command (its op list, e.g. napi-set before 6.13).

#include <net/if.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "nlmsg.h"

namespace {

constexpr int kExitOk = 0;
constexpr int kExitError = 1;
constexpr int kExitUsage = 2;
constexpr int kExitNoFamily = 3;
constexpr int kExitNoCommand = 4;

[[noreturn]] void usage(const char *msg)
{
	if (msg)
		std::fprintf(stderr, "nlcheck: %s\n", msg);
	std::fprintf(stderr,
		"usage: nlcheck family\n"
		"       nlcheck queues IF\n"
		"       nlcheck napis IF\n"
		"       nlcheck napi-get NAPI_ID\n"
		"       nlcheck qstats IF [queue|dev]\n"
		"       nlcheck napi-set NAPI_ID ATTR VALUE [ATTR VALUE]...\n"
		"         ATTR: defer-hard-irqs gro-flush-timeout irq-suspend-timeout threaded\n"
		"exit: 0 ok, 1 error, 2 usage, 3 no netdev family, 4 command absent\n");
	std::exit(kExitUsage);
}

bool parse_num(const char *s, uint64_t max, uint64_t &out)
{
	char *end;

	if (!*s || *s == '-' || *s == '+')
		return false;
	errno = 0;
	unsigned long long v = std::strtoull(s, &end, 0);

	if (errno || *end || v > max)
		return false;
	out = v;
	return true;
}

uint32_t ifindex_arg(const char *s)
{
	uint64_t v;

	if (parse_num(s, INT32_MAX, v) && v > 0)
		return static_cast<uint32_t>(v);
	unsigned int i = if_nametoindex(s);

	if (!i) {
		std::fprintf(stderr, "nlcheck: no interface %s\n", s);
		std::exit(kExitError);
	}
	return i;
}

class Nl {
public:
	Nl()
	{
		fd_ = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
		if (fd_ < 0)
			fatal("socket(AF_NETLINK, NETLINK_GENERIC)");
		int one = 1;

		// extack messages, and no echo of our request in errors; both
		// are optional (old kernels ignore or refuse them)
		setsockopt(fd_, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
		setsockopt(fd_, SOL_NETLINK, NETLINK_CAP_ACK, &one, sizeof(one));
		struct timeval tv = { 10, 0 };

		setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
		struct sockaddr_nl sa = {};

		sa.nl_family = AF_NETLINK;
		if (bind(fd_, reinterpret_cast<struct sockaddr *>(&sa),
			 sizeof(sa)) < 0)
			fatal("bind(AF_NETLINK)");
		socklen_t sl = sizeof(sa);

		if (getsockname(fd_, reinterpret_cast<struct sockaddr *>(&sa),
				&sl) < 0)
			fatal("getsockname(AF_NETLINK)");
		port_ = sa.nl_pid;
	}

	~Nl()
	{
		close(fd_);
	}

	Nl(const Nl &) = delete;
	Nl &operator=(const Nl &) = delete;

	uint32_t next_seq()
	{
		return ++seq_;
	}

	// Sends req and collects the replies: every data message of a dump
	// until NLMSG_DONE, or the one reply / ACK of a do request. Returns
	// 0 or a negative errno; err gets the kernel's error details.
	int transact(const nlc::Request &req, bool dump,
		     std::vector<std::vector<uint8_t>> &records,
		     nlc::NlError &err)
	{
		const std::vector<uint8_t> &b = req.bytes();
		struct nlmsghdr h;
		struct sockaddr_nl to = {};

		std::memcpy(&h, b.data(), sizeof(h));
		to.nl_family = AF_NETLINK;
		records.clear();
		err = nlc::NlError();
		if (sendto(fd_, b.data(), b.size(), 0,
			   reinterpret_cast<struct sockaddr *>(&to),
			   sizeof(to)) < 0)
			fatal("sendto(netlink)");
		std::vector<uint8_t> buf(1u << 16);

		for (;;) {
			struct iovec iov = { buf.data(), buf.size() };
			struct msghdr mh = {};

			mh.msg_iov = &iov;
			mh.msg_iovlen = 1;
			ssize_t n = recvmsg(fd_, &mh, 0);

			if (n < 0) {
				if (errno == EINTR)
					continue;
				fatal("recvmsg(netlink)");
			}
			if (mh.msg_flags & MSG_TRUNC) {
				std::fprintf(stderr, "nlcheck: netlink reply truncated\n");
				std::exit(kExitError);
			}
			std::vector<nlc::Msg> msgs;

			if (!nlc::split_msgs(buf.data(), n, msgs)) {
				std::fprintf(stderr, "nlcheck: malformed netlink reply\n");
				std::exit(kExitError);
			}
			for (const nlc::Msg &m : msgs) {
				if (m.hdr.nlmsg_seq != h.nlmsg_seq ||
				    m.hdr.nlmsg_pid != port_)
					continue;	// not ours
				if (m.hdr.nlmsg_flags & NLM_F_DUMP_INTR)
					return -EAGAIN;
				if (m.hdr.nlmsg_type == NLMSG_ERROR ||
				    m.hdr.nlmsg_type == NLMSG_DONE) {
					if (!nlc::parse_error(m, err)) {
						std::fprintf(stderr, "nlcheck: malformed netlink error\n");
						std::exit(kExitError);
					}
					return err.error;
				}
				if (m.hdr.nlmsg_type == NLMSG_NOOP ||
				    m.hdr.nlmsg_type == NLMSG_OVERRUN)
					continue;
				records.emplace_back(
					reinterpret_cast<const uint8_t *>(m.payload) -
						sizeof(struct nlmsghdr),
					m.payload + m.len);
				// a do request without NLM_F_ACK ends here
				if (!dump && !(h.nlmsg_flags & NLM_F_ACK))
					return 0;
			}
		}
	}

private:
	[[noreturn]] static void fatal(const char *what)
	{
		std::fprintf(stderr, "nlcheck: %s: %s\n", what,
			     std::strerror(errno));
		std::exit(kExitError);
	}

	int fd_ = -1;
	uint32_t port_ = 0;
	uint32_t seq_ = 0;
};

void report_error(const char *what, const nlc::NlError &e)
{
	std::fprintf(stderr, "nlcheck: %s: %s (errno %d)%s%s", what,
		     std::strerror(-e.error), -e.error,
		     e.msg.empty() ? "" : ": ", e.msg.c_str());
	if (e.offset)
		std::fprintf(stderr, " [attribute at offset %u]", *e.offset);
	std::fputc('\n', stderr);
}

nlc::Family resolve(Nl &nl)
{
	nlc::Request req(GENL_ID_CTRL, NLM_F_REQUEST, nl.next_seq(),
			 CTRL_CMD_GETFAMILY, 1);
	std::vector<std::vector<uint8_t>> rec;
	nlc::NlError e;

	req.put_str(CTRL_ATTR_FAMILY_NAME, nlc::kNetdevFamily);
	int ret = nl.transact(req, false, rec, e);

	if (ret == -ENOENT) {
		std::fprintf(stderr, "nlcheck: the kernel has no \"%s\" generic netlink family\n",
			     nlc::kNetdevFamily);
		std::exit(kExitNoFamily);
	}
	if (ret) {
		report_error("resolving the netdev family", e);
		std::exit(kExitError);
	}
	nlc::Family f;
	std::vector<nlc::Msg> msgs;

	if (rec.size() != 1 ||
	    !nlc::split_msgs(rec[0].data(), rec[0].size(), msgs) ||
	    msgs.size() != 1 || !nlc::parse_family(msgs[0], f)) {
		std::fprintf(stderr, "nlcheck: bad CTRL_CMD_GETFAMILY reply\n");
		std::exit(kExitError);
	}
	return f;
}

void need_op(const nlc::Family &f, uint8_t cmd, uint32_t cap)
{
	if (f.has_op(cmd, cap))
		return;
	std::fprintf(stderr, "nlcheck: this kernel's netdev family has no %s %s\n",
		     nlc::netdev_cmd_name(cmd),
		     cap == GENL_CMD_CAP_DUMP ? "dump" : "do");
	std::exit(kExitNoCommand);
}

// Runs a request (retried if a dump was interrupted) and prints each
// record with fmt. Returns the exit status.
template <typename Fmt>
int run(Nl &nl, const nlc::Family &f, uint8_t cmd, bool dump,
	const std::vector<std::pair<uint16_t, uint64_t>> &u32s,
	const char *what, Fmt fmt)
{
	for (int attempt = 0; attempt < 3; attempt++) {
		uint16_t flags = NLM_F_REQUEST | (dump ? NLM_F_DUMP : 0);
		nlc::Request req(f.id, flags, nl.next_seq(), cmd,
				 static_cast<uint8_t>(f.version));
		std::vector<std::vector<uint8_t>> rec;
		nlc::NlError e;

		for (const auto &a : u32s)
			req.put_u32(a.first, static_cast<uint32_t>(a.second));
		int ret = nl.transact(req, dump, rec, e);

		if (ret == -EAGAIN && dump)
			continue;
		if (ret) {
			report_error(what, e);
			return kExitError;
		}
		std::vector<std::string> lines;

		for (const auto &r : rec) {
			std::vector<nlc::Msg> msgs;
			std::vector<nlc::Attr> attrs;

			if (!nlc::split_msgs(r.data(), r.size(), msgs) ||
			    msgs.size() != 1 ||
			    !nlc::genl_attrs(msgs[0], attrs)) {
				std::fprintf(stderr, "nlcheck: %s: malformed record\n",
					     what);
				return kExitError;
			}
			lines.push_back(fmt(attrs));
		}
		for (const auto &l : lines)
			std::printf("%s\n", l.c_str());
		return kExitOk;
	}
	std::fprintf(stderr, "nlcheck: %s: dump interrupted 3 times\n", what);
	return kExitError;
}

int cmd_family(Nl &nl)
{
	nlc::Family f = resolve(nl);

	std::printf("family name=%s id=%u version=%u\n", nlc::kNetdevFamily,
		    f.id, f.version);
	for (const auto &o : f.ops) {
		const char *n = nlc::netdev_cmd_name(o.first);

		std::printf("op cmd=%u name=%s do=%d dump=%d\n", o.first,
			    n ? n : "-", !!(o.second & GENL_CMD_CAP_DO),
			    !!(o.second & GENL_CMD_CAP_DUMP));
	}
	return kExitOk;
}

int cmd_napi_set(Nl &nl, int argc, char **argv)
{
	uint64_t id;

	if (argc < 4 || argc % 2)
		usage("napi-set NAPI_ID ATTR VALUE [ATTR VALUE]...");
	if (!parse_num(argv[1], UINT32_MAX, id))
		usage("bad NAPI id");
	nlc::Family f = resolve(nl);

	need_op(f, nlc::CMD_NAPI_SET, GENL_CMD_CAP_DO);
	nlc::Request req(f.id, NLM_F_REQUEST | NLM_F_ACK, nl.next_seq(),
			 nlc::CMD_NAPI_SET, static_cast<uint8_t>(f.version));

	req.put_u32(nlc::A_NAPI_ID, static_cast<uint32_t>(id));
	for (int i = 2; i < argc; i += 2) {
		std::string a = argv[i];
		uint64_t v;

		// ranges are the kernel's to check (its policy and extack);
		// here only the width of the attribute bounds the value
		if (a == "defer-hard-irqs" || a == "threaded") {
			if (!parse_num(argv[i + 1], UINT32_MAX, v))
				usage(("bad value for " + a).c_str());
			req.put_u32(a == "threaded" ? nlc::A_NAPI_THREADED :
				    nlc::A_NAPI_DEFER_HARD_IRQS,
				    static_cast<uint32_t>(v));
		} else if (a == "gro-flush-timeout" ||
			   a == "irq-suspend-timeout") {
			if (!parse_num(argv[i + 1], UINT64_MAX, v))
				usage(("bad value for " + a).c_str());
			req.put_uint(a == "gro-flush-timeout" ?
				     nlc::A_NAPI_GRO_FLUSH_TIMEOUT :
				     nlc::A_NAPI_IRQ_SUSPEND_TIMEOUT, v);
		} else {
			usage(("unknown napi attribute " + a).c_str());
		}
	}
	std::vector<std::vector<uint8_t>> rec;
	nlc::NlError e;
	int ret = nl.transact(req, false, rec, e);

	if (ret) {
		report_error("napi-set", e);
		return kExitError;
	}
	std::printf("napi-set id=%llu ok\n", static_cast<unsigned long long>(id));
	return kExitOk;
}

}	// namespace

int main(int argc, char **argv)
{
	if (argc < 2)
		usage(nullptr);
	std::string sub = argv[1];

	if (sub == "-h" || sub == "--help")
		usage(nullptr);
	Nl nl;

	if (sub == "family") {
		if (argc != 2)
			usage("family takes no arguments");
		return cmd_family(nl);
	}
	if (sub == "queues" || sub == "napis") {
		if (argc != 3)
			usage((sub + " IF").c_str());
		uint32_t ifx = ifindex_arg(argv[2]);
		nlc::Family f = resolve(nl);
		bool q = sub == "queues";
		uint8_t cmd = q ? nlc::CMD_QUEUE_GET : nlc::CMD_NAPI_GET;

		need_op(f, cmd, GENL_CMD_CAP_DUMP);
		if (q)
			return run(nl, f, cmd, true, { { nlc::A_QUEUE_IFINDEX, ifx } },
				   "queue-get", nlc::format_queue);
		return run(nl, f, cmd, true, { { nlc::A_NAPI_IFINDEX, ifx } },
			   "napi-get", nlc::format_napi);
	}
	if (sub == "napi-get") {
		uint64_t id;

		if (argc != 3 || !parse_num(argv[2], UINT32_MAX, id))
			usage("napi-get NAPI_ID");
		nlc::Family f = resolve(nl);

		need_op(f, nlc::CMD_NAPI_GET, GENL_CMD_CAP_DO);
		return run(nl, f, nlc::CMD_NAPI_GET, false, { { nlc::A_NAPI_ID, id } },
			   "napi-get", nlc::format_napi);
	}
	if (sub == "qstats") {
		if (argc != 3 && argc != 4)
			usage("qstats IF [queue|dev]");
		std::string scope = argc == 4 ? argv[3] : "queue";

		if (scope != "queue" && scope != "dev")
			usage("qstats scope is queue or dev");
		uint32_t ifx = ifindex_arg(argv[2]);
		nlc::Family f = resolve(nl);
		std::vector<std::pair<uint16_t, uint64_t>> a = {
			{ nlc::A_QSTATS_IFINDEX, ifx } };

		need_op(f, nlc::CMD_QSTATS_GET, GENL_CMD_CAP_DUMP);
		// scope is a "uint" flags attribute; absent means device
		if (scope == "queue")
			a.emplace_back(nlc::A_QSTATS_SCOPE, nlc::kQstatsScopeQueue);
		return run(nl, f, nlc::CMD_QSTATS_GET, true, a, "qstats-get",
			   nlc::format_qstats);
	}
	if (sub == "napi-set")
		return cmd_napi_set(nl, argc - 1, argv + 1);
	usage(("unknown subcommand " + sub).c_str());
}
