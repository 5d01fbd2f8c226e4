// SPDX-License-Identifier: GPL-2.0
//
// rsscheck: compares the RSS hash a NIC driver stores in skb->hash with an
// independent software Toeplitz hash (include/rxscale/toeplitz.h, reference
// bit-by-bit version), per flow, in the bench guest.
//
//   rsscheck recv --dev IF --key HEX --indir Q,Q,... [--udp4 2|4] [--udp6 2|4]
//                 [--tcp4 2|4] [--tcp6 2|4] [--queue-only]
//                 [--port P] [--seconds S] [--min-flows N] [--verbose]
//   rsscheck send --dst4 ADDR --dst6 ADDR [--udp4 N] [--udp6 N] [--tcp4 N]
//                 [--tcp6 N] [--port P] [--sport-base P] [--size BYTES]
//                 [--src4 ADDR --src6 ADDR --nsrc N]
//
// A flow is one (protocol, addresses, ports) tuple; flows that give the
// hash the same input (UDP flows that differ only in ports while UDP is
// hashed on addresses) count once towards --min-flows: the checker counts
// distinct hash inputs. The sender therefore spreads its flows over --nsrc
// consecutive source addresses from --src4/--src6 (flow i uses address
// i % N; the addresses must be configured on the sender's interface).
//
// How the receiver sees skb->hash. AF_PACKET's TPACKET_V3 header has
// hv1.tp_rxhash (TP_FT_REQ_FILL_RXHASH, the approach of the kernel
// selftest tools/testing/selftests/net/toeplitz.c), but the kernel fills it
// with skb_get_hash(), which replaces a driver hash that is not an L4 hash
// (PKT_HASH_TYPE_L3: IPv4/IPv6 2-tuple, UDP without ports) by the software
// flow-dissector hash, and it does so on the skb shared by all packet
// sockets. So rsscheck never asks for tp_rxhash. It opens five TPACKET_V3
// sockets on the DUT instead, each with a classic BPF filter that reads the
// raw skb->hash (SKF_AD_RXHASH) or skb->queue_mapping (SKF_AD_QUEUE) and
// returns BASE + one byte of it as the capture length: socket k (0..3)
// reports byte k of the hash, socket 4 the RX queue + 1 (as recorded by
// skb_record_rx_queue). The ring's tp_snaplen = min(filter result, tp_len)
// then carries that byte. Every socket sees every frame; the bytes are
// joined per flow (protocol, addresses, ports), which needs no pairing of
// frames: one flow has one hash. Frames shorter than BASE + 255 bytes only
// carry a byte when they were actually truncated, so the sender pads its
// datagrams and TCP writes to --size bytes.
//
// Expected hash: Toeplitz over src, dst (IPv4 8 bytes, IPv6 32 bytes) and,
// for TCP unless --tcp4/--tcp6 2 (ethtool -N rx-flow-hash tcpX sd) and for
// UDP when --udp4/--udp6 4 (udpX sdfn), source and destination ports. Expected queue: the indirection
// table entry at hash & (size - 1). A control key (the real key with byte 4
// inverted: byte 0 only reaches the hash's top bits, never the low ones
// that pick the queue) is evaluated too: if it "matches" as often as the real key, the
// comparison cannot tell keys apart and the run fails.
//
// Prints "RXSCALE-RSSHASH: flows=N match=N mismatch=N ..." and exits 0 only
// when every flow with a complete hash matches (hash and queue), at least
// --min-flows flows were checked and the control key does not match.
//
// --queue-only: for a NIC that writes no hash into its RX descriptor (the
// MT7988 frame engine: its driver leaves skb->hash to the stack), only the
// RX queue is compared: each flow must arrive on the queue the software
// Toeplitz and the table predict. The control key then "matches" a flow
// when it predicts the same queue, which it does for about one flow in
// n_queues by chance; half or more of the flows fail the run as above.

#include <arpa/inet.h>
#include <linux/filter.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include <rxscale/toeplitz.h>

namespace {

constexpr unsigned kBase = 96;          // capture length without the byte
constexpr unsigned kHashSockets = 4;    // bytes 0..3 of skb->hash
constexpr unsigned kSockets = kHashSockets + 1;   // + queue
constexpr unsigned kBlockSize = 1u << 17;
constexpr unsigned kBlocks = 16;
constexpr unsigned kFrameSize = 2048;

volatile sig_atomic_t g_stop;

void on_signal(int)
{
	g_stop = 1;
}

[[noreturn]] void die(const char *what)
{
	std::fprintf(stderr, "rsscheck: %s: %s\n", what, std::strerror(errno));
	std::exit(2);
}

[[noreturn]] void usage(const char *msg)
{
	std::fprintf(stderr, "rsscheck: %s\n"
		"usage: rsscheck recv --dev IF --key HEX --indir Q,Q,... [--udp4 2|4] [--udp6 2|4]\n"
		"                     [--tcp4 2|4] [--tcp6 2|4] [--queue-only]\n"
		"                     [--port P] [--seconds S] [--min-flows N] [--verbose]\n"
		"       rsscheck send --dst4 ADDR --dst6 ADDR [--udp4 N] [--udp6 N] [--tcp4 N]\n"
		"                     [--tcp6 N] [--port P] [--sport-base P] [--size BYTES]\n"
		"                     [--src4 ADDR --src6 ADDR --nsrc N]\n", msg);
	std::exit(2);
}

double now_s()
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

unsigned long num_arg(const char *s, unsigned long max)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = std::strtoul(s, &end, 0);
	if (errno || *s == '\0' || *end != '\0' || v > max)
		usage((std::string("bad number ") + s).c_str());
	return v;
}

// "6d:5a:..." or "6d5a..." -> bytes
std::vector<u8> parse_hex(const std::string &s)
{
	std::vector<u8> out;
	std::string digits;

	for (char c : s) {
		if (c == ':' || c == ' ' || c == '\n')
			continue;
		if (!std::isxdigit(static_cast<unsigned char>(c)))
			usage("key: not hex");
		digits += c;
	}
	if (digits.size() % 2)
		usage("key: odd number of hex digits");
	for (size_t i = 0; i < digits.size(); i += 2)
		out.push_back(static_cast<u8>(std::stoul(digits.substr(i, 2), nullptr, 16)));
	return out;
}

std::vector<unsigned> parse_list(const std::string &s)
{
	std::vector<unsigned> out;
	size_t p = 0;

	while (p < s.size()) {
		size_t q = s.find(',', p);

		if (q == std::string::npos)
			q = s.size();
		out.push_back(static_cast<unsigned>(num_arg(s.substr(p, q - p).c_str(), 255)));
		p = q + 1;
	}
	return out;
}

// ---------------------------------------------------------------- receiver

struct Flow {
	std::string type;               // tcp4, udp6, ip4, ...
	std::string text;               // printable tuple
	u8 in[RXS_TOEPLITZ_MAX_INPUT];  // hash input with ports
	u32 addr_len;                   // 8 or 32
	bool l4;                        // a TCP/UDP flow (ports in `in`)
	bool frag;                      // fragment: addresses only
	int byte[kSockets];             // -1 unknown
	bool conflict[kSockets];
	unsigned frames;
};

struct Ring {
	int fd;
	u8 *map;
	unsigned next;                  // block to look at
	unsigned shift;                 // socket k
};

// Parses the headers of a captured frame; false if not IPv4/IPv6 or too
// short for the addresses and ports.
bool parse_flow(const u8 *p, unsigned caplen, std::string &key, Flow &f)
{
	unsigned off = 12;
	u16 et;
	u8 nh;
	unsigned l4off;
	char a[INET6_ADDRSTRLEN], b[INET6_ADDRSTRLEN];

	if (caplen < 14)
		return false;
	et = static_cast<u16>(p[12] << 8 | p[13]);
	while ((et == ETH_P_8021Q || et == ETH_P_8021AD) && off + 6 <= caplen) {
		off += 4;
		et = static_cast<u16>(p[off] << 8 | p[off + 1]);
	}
	off += 2;
	f.frag = false;
	if (et == ETH_P_IP) {
		unsigned ihl;

		if (off + 20 > caplen || (p[off] >> 4) != 4)
			return false;
		ihl = (p[off] & 0xf) * 4u;
		f.frag = ((p[off + 6] << 8 | p[off + 7]) & 0x3fff) != 0;
		nh = p[off + 9];
		std::memcpy(f.in, p + off + 12, 8);
		f.addr_len = 8;
		l4off = off + ihl;
		inet_ntop(AF_INET, p + off + 12, a, sizeof(a));
		inet_ntop(AF_INET, p + off + 16, b, sizeof(b));
	} else if (et == ETH_P_IPV6) {
		unsigned n;

		if (off + 40 > caplen || (p[off] >> 4) != 6)
			return false;
		nh = p[off + 6];
		std::memcpy(f.in, p + off + 8, 32);
		f.addr_len = 32;
		l4off = off + 40;
		// hop-by-hop, routing, destination options, fragment
		for (n = 0; n < 8 && (nh == 0 || nh == 43 || nh == 60 || nh == 44); n++) {
			if (l4off + 8 > caplen)
				return false;
			if (nh == 44) {
				f.frag = true;
				nh = p[l4off];
				l4off += 8;
			} else {
				nh = p[l4off];
				l4off += 8 + p[l4off + 1] * 8u;
			}
		}
		inet_ntop(AF_INET6, p + off + 8, a, sizeof(a));
		inet_ntop(AF_INET6, p + off + 24, b, sizeof(b));
	} else {
		return false;
	}
	const char *fam = f.addr_len == 8 ? "4" : "6";
	f.l4 = !f.frag && (nh == IPPROTO_TCP || nh == IPPROTO_UDP);
	if (f.l4) {
		if (l4off + 4 > caplen)
			return false;
		std::memcpy(f.in + f.addr_len, p + l4off, 4);
		f.type = std::string(nh == IPPROTO_TCP ? "tcp" : "udp") + fam;
		unsigned sp = p[l4off] << 8 | p[l4off + 1];
		unsigned dp = p[l4off + 2] << 8 | p[l4off + 3];
		f.text = f.type + " " + a + "." + std::to_string(sp) + " > " + b +
			 "." + std::to_string(dp);
	} else {
		f.type = std::string(f.frag ? "frag" : "ip") + fam;
		f.text = f.type + " proto " + std::to_string(nh) + " " + a + " > " + b;
	}
	key = f.text;
	return true;
}

int open_ring(int ifindex, unsigned k, Ring &r)
{
	// k 0..3: byte k of skb->hash; k 4: skb->queue_mapping (RX queue + 1)
	// ancillary loads: negative offsets (SKF_AD_OFF = -0x1000) as u32
	const u32 ad = static_cast<u32>(SKF_AD_OFF);
	u32 src = ad + (k < kHashSockets ? SKF_AD_RXHASH : SKF_AD_QUEUE);
	u32 sh = k < kHashSockets ? 8 * k : 0;
	struct sock_filter prog[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ad + SKF_AD_PKTTYPE),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PACKET_OUTGOING, 8, 0),
		BPF_STMT(BPF_LD | BPF_H | BPF_ABS, 12),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ETH_P_IP, 1, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ETH_P_IPV6, 0, 5),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, src),
		BPF_STMT(BPF_ALU | BPF_RSH | BPF_K, sh),
		BPF_STMT(BPF_ALU | BPF_AND | BPF_K, 0xff),
		BPF_STMT(BPF_ALU | BPF_ADD | BPF_K, kBase),
		BPF_STMT(BPF_RET | BPF_A, 0),
		BPF_STMT(BPF_RET | BPF_K, 0),
	};
	struct sock_fprog fprog;
	struct tpacket_req3 req;
	struct sockaddr_ll sll;
	int ver = TPACKET_V3;

	r.fd = socket(AF_PACKET, SOCK_RAW, 0);
	if (r.fd < 0)
		die("socket(AF_PACKET)");
	if (setsockopt(r.fd, SOL_PACKET, PACKET_VERSION, &ver, sizeof(ver)))
		die("PACKET_VERSION");
	std::memset(&req, 0, sizeof(req));
	req.tp_block_size = kBlockSize;
	req.tp_block_nr = kBlocks;
	req.tp_frame_size = kFrameSize;
	req.tp_frame_nr = kBlockSize / kFrameSize * kBlocks;
	req.tp_retire_blk_tov = 20;     // ms
	req.tp_feature_req_word = 0;    // no TP_FT_REQ_FILL_RXHASH: see above
	if (setsockopt(r.fd, SOL_PACKET, PACKET_RX_RING, &req, sizeof(req)))
		die("PACKET_RX_RING");
	void *m = mmap(nullptr, static_cast<size_t>(kBlockSize) * kBlocks,
		       PROT_READ | PROT_WRITE, MAP_SHARED, r.fd, 0);
	if (m == MAP_FAILED)
		die("mmap ring");
	r.map = static_cast<u8 *>(m);
	r.next = 0;
	r.shift = k;
	fprog.len = sizeof(prog) / sizeof(prog[0]);
	fprog.filter = prog;
	if (setsockopt(r.fd, SOL_SOCKET, SO_ATTACH_FILTER, &fprog, sizeof(fprog)))
		die("SO_ATTACH_FILTER");
	std::memset(&sll, 0, sizeof(sll));
	sll.sll_family = AF_PACKET;
	sll.sll_protocol = htons(ETH_P_ALL);
	sll.sll_ifindex = ifindex;
	if (bind(r.fd, reinterpret_cast<struct sockaddr *>(&sll), sizeof(sll)))
		die("bind AF_PACKET");
	return r.fd;
}

struct Receiver {
	std::map<std::string, Flow> flows;
	unsigned long frames[kSockets] = {};
	unsigned long undecided[kSockets] = {};
	unsigned long unparsed = 0;

	void frame(unsigned k, const struct tpacket3_hdr *h)
	{
		const u8 *pkt = reinterpret_cast<const u8 *>(h) + h->tp_mac;
		const auto *sll = reinterpret_cast<const struct sockaddr_ll *>(
			reinterpret_cast<const u8 *>(h) + TPACKET_ALIGN(sizeof(*h)));
		unsigned snap = h->tp_snaplen, len = h->tp_len;
		std::string key;
		Flow f;

		if (sll->sll_pkttype == PACKET_OUTGOING)
			return;
		frames[k]++;
		if (!parse_flow(pkt, snap, key, f)) {
			unparsed++;
			return;
		}
		auto it = flows.find(key);
		if (it == flows.end()) {
			for (unsigned i = 0; i < kSockets; i++) {
				f.byte[i] = -1;
				f.conflict[i] = false;
			}
			f.frames = 0;
			it = flows.emplace(key, f).first;
		}
		Flow &fl = it->second;
		if (k == 0)
			fl.frames++;
		// the filter's result is known if it truncated the frame, or if
		// the frame is long enough for any result
		if (snap < kBase || (snap == len && len < kBase + 255)) {
			undecided[k]++;
			return;
		}
		int v = static_cast<int>(snap - kBase);
		if (fl.byte[k] < 0)
			fl.byte[k] = v;
		else if (fl.byte[k] != v)
			fl.conflict[k] = true;
	}

	void drain(Ring &r)
	{
		for (;;) {
			auto *bd = reinterpret_cast<struct tpacket_block_desc *>(
				r.map + static_cast<size_t>(r.next) * kBlockSize);
			if (!(bd->hdr.bh1.block_status & TP_STATUS_USER))
				return;
			const u8 *p = reinterpret_cast<const u8 *>(bd) + bd->hdr.bh1.offset_to_first_pkt;
			for (unsigned i = 0; i < bd->hdr.bh1.num_pkts; i++) {
				const auto *h = reinterpret_cast<const struct tpacket3_hdr *>(p);
				frame(r.shift, h);
				p += h->tp_next_offset;
			}
			__sync_synchronize();
			bd->hdr.bh1.block_status = TP_STATUS_KERNEL;
			r.next = (r.next + 1) % kBlocks;
		}
	}
};

void add_listener(std::vector<struct pollfd> &fds, int family, int type, unsigned port)
{
	int fd = socket(family, type | SOCK_NONBLOCK, 0);
	int one = 1;
	struct sockaddr_storage ss;
	socklen_t sl;

	if (fd < 0)
		die("listener socket");
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	std::memset(&ss, 0, sizeof(ss));
	if (family == AF_INET) {
		auto *s4 = reinterpret_cast<struct sockaddr_in *>(&ss);

		s4->sin_family = AF_INET;
		s4->sin_port = htons(static_cast<u16>(port));
		sl = sizeof(*s4);
	} else {
		auto *s6 = reinterpret_cast<struct sockaddr_in6 *>(&ss);

		setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof(one));
		s6->sin6_family = AF_INET6;
		s6->sin6_port = htons(static_cast<u16>(port));
		sl = sizeof(*s6);
	}
	if (bind(fd, reinterpret_cast<struct sockaddr *>(&ss), sl))
		die("listener bind");
	if (type == SOCK_STREAM && listen(fd, 256))
		die("listen");
	struct pollfd p = { fd, POLLIN, 0 };
	fds.push_back(p);
}

int cmd_recv(int argc, char **argv)
{
	std::string dev, keyhex, indirs;
	unsigned udp4 = 2, udp6 = 2, tcp4 = 4, tcp6 = 4, port = 5201, min_flows = 1000;
	double seconds = 120;
	bool verbose = false, queue_only = false;

	for (int i = 0; i < argc; i++) {
		std::string a = argv[i];
		auto val = [&]() -> const char * {
			if (i + 1 >= argc)
				usage(("missing value for " + a).c_str());
			return argv[++i];
		};
		if (a == "--dev")
			dev = val();
		else if (a == "--key")
			keyhex = val();
		else if (a == "--indir")
			indirs = val();
		else if (a == "--udp4")
			udp4 = static_cast<unsigned>(num_arg(val(), 4));
		else if (a == "--udp6")
			udp6 = static_cast<unsigned>(num_arg(val(), 4));
		else if (a == "--tcp4")
			tcp4 = static_cast<unsigned>(num_arg(val(), 4));
		else if (a == "--tcp6")
			tcp6 = static_cast<unsigned>(num_arg(val(), 4));
		else if (a == "--port")
			port = static_cast<unsigned>(num_arg(val(), 65535));
		else if (a == "--seconds")
			seconds = static_cast<double>(num_arg(val(), 86400));
		else if (a == "--min-flows")
			min_flows = static_cast<unsigned>(num_arg(val(), 1u << 30));
		else if (a == "--verbose")
			verbose = true;
		else if (a == "--queue-only")
			queue_only = true;
		else
			usage(("unknown option " + a).c_str());
	}
	if (dev.empty() || keyhex.empty() || indirs.empty())
		usage("recv needs --dev, --key and --indir");
	if ((udp4 != 2 && udp4 != 4) || (udp6 != 2 && udp6 != 4) ||
	    (tcp4 != 2 && tcp4 != 4) || (tcp6 != 2 && tcp6 != 4))
		usage("--udp4/--udp6/--tcp4/--tcp6 take 2 or 4");
	std::vector<u8> key = parse_hex(keyhex);
	std::vector<unsigned> indir = parse_list(indirs);
	if (key.size() < RXS_TOEPLITZ_V6_L4_LEN + 4)
		usage("key shorter than 40 bytes");
	if (indir.empty() || (indir.size() & (indir.size() - 1)))
		usage("indirection table size is not a power of two");
	unsigned ifindex = if_nametoindex(dev.c_str());
	if (!ifindex)
		die(dev.c_str());

	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);

	Ring rings[kSockets];
	std::vector<struct pollfd> fds;
	for (unsigned k = 0; k < kSockets; k++) {
		struct pollfd p = { open_ring(static_cast<int>(ifindex), k, rings[k]), POLLIN, 0 };
		fds.push_back(p);
	}
	size_t first_listener = fds.size();
	add_listener(fds, AF_INET, SOCK_STREAM, port);
	add_listener(fds, AF_INET6, SOCK_STREAM, port);
	add_listener(fds, AF_INET, SOCK_DGRAM, port);
	add_listener(fds, AF_INET6, SOCK_DGRAM, port);
	size_t n_static = fds.size();

	std::printf("rsscheck: ready on %s (key %zu bytes, %zu-entry table, udp4 %u-tuple, udp6 %u-tuple, tcp4 %u-tuple, tcp6 %u-tuple%s)\n",
		    dev.c_str(), key.size(), indir.size(), udp4, udp6, tcp4, tcp6,
		    queue_only ? ", RX queue only" : "");
	std::fflush(stdout);

	Receiver rx;
	double end = now_s() + seconds;
	unsigned long conns = 0;
	static char buf[65536];

	while (!g_stop && now_s() < end) {
		if (poll(fds.data(), fds.size(), 50) < 0 && errno != EINTR)
			die("poll");
		for (unsigned k = 0; k < kSockets; k++)
			rx.drain(rings[k]);
		for (size_t i = first_listener; i < fds.size(); i++) {
			if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			if (i < first_listener + 2) {       // TCP listeners
				int c;

				while ((c = accept4(fds[i].fd, nullptr, nullptr, SOCK_NONBLOCK)) >= 0) {
					struct pollfd p = { c, POLLIN, 0 };
					fds.push_back(p);
					conns++;
				}
			} else if (i < n_static) {          // UDP: discard
				while (recv(fds[i].fd, buf, sizeof(buf), MSG_DONTWAIT) > 0)
					;
			} else {                            // a connection
				ssize_t n = recv(fds[i].fd, buf, sizeof(buf), MSG_DONTWAIT);

				if (n == 0 || (n < 0 && errno != EAGAIN)) {
					close(fds[i].fd);
					fds[i].fd = -1;
				}
			}
		}
		std::vector<struct pollfd> keep;
		for (auto &p : fds) {
			if (p.fd >= 0) {
				p.revents = 0;
				keep.push_back(p);
			}
		}
		fds.swap(keep);
	}
	// give the last partly filled blocks time to retire, then drain
	for (int t = 0; t < 10; t++) {
		usleep(100000);
		for (unsigned k = 0; k < kSockets; k++)
			rx.drain(rings[k]);
	}

	unsigned long drops = 0;
	for (unsigned k = 0; k < kSockets; k++) {
		struct tpacket_stats_v3 st;
		socklen_t sl = sizeof(st);

		if (!getsockopt(rings[k].fd, SOL_PACKET, PACKET_STATISTICS, &st, &sl))
			drops += st.tp_drops;
	}

	// compare
	std::vector<u8> ctl = key;
	ctl[4] ^= 0xff;
	unsigned long checked = 0, match = 0, mismatch = 0, incomplete = 0;
	unsigned long qmatch = 0, qmismatch = 0, qunknown = 0, ctl_match = 0;
	unsigned shown = 0;
	std::map<std::string, unsigned long> types;
	std::map<std::string, bool> inputs;     // distinct hash inputs

	for (auto &kv : rx.flows) {
		Flow &f = kv.second;
		bool complete = true, conflict = false;

		for (unsigned k = 0; k < kHashSockets && !queue_only; k++) {
			complete = complete && f.byte[k] >= 0;
			conflict = conflict || f.conflict[k];
		}
		if (queue_only)
			complete = f.byte[kHashSockets] >= 0 && !f.conflict[kHashSockets];
		if (!complete) {
			incomplete++;
			if (verbose)
				std::printf("rsscheck: incomplete %s (%u frames)\n", f.text.c_str(), f.frames);
			continue;
		}
		u32 hw = static_cast<u32>(f.byte[0]) | static_cast<u32>(f.byte[1]) << 8 |
			 static_cast<u32>(f.byte[2]) << 16 | static_cast<u32>(f.byte[3]) << 24;
		bool v4 = f.addr_len == 8;
		unsigned tuple = f.type[0] == 't' ? (v4 ? tcp4 : tcp6) : (v4 ? udp4 : udp6);
		bool ports = f.l4 && tuple == 4;
		u32 len = f.addr_len + (ports ? 4 : 0);
		u32 sw = 0, cw = 0;

		if (rxs_toeplitz_ref(key.data(), static_cast<u32>(key.size()), f.in, len, &sw) ||
		    rxs_toeplitz_ref(ctl.data(), static_cast<u32>(ctl.size()), f.in, len, &cw)) {
			std::fprintf(stderr, "rsscheck: toeplitz refused length %u\n", len);
			return 2;
		}
		checked++;
		inputs[std::string(reinterpret_cast<const char *>(f.in), len)] = true;
		types[f.type + (f.l4 && !ports ? "(2t)" : "")]++;
		unsigned qsw = indir[sw & (indir.size() - 1)];
		int qhw = f.byte[kHashSockets] >= 0 ? f.byte[kHashSockets] - 1 : -2;
		if (queue_only) {
			// no hash from the driver: the queue stands for it
			hw = sw;
			if (static_cast<int>(indir[cw & (indir.size() - 1)]) == qhw)
				ctl_match++;
		} else if (cw == hw) {
			ctl_match++;
		}
		bool qok = true;
		if (qhw == -2 || f.conflict[kHashSockets]) {
			qunknown++;
		} else if (static_cast<unsigned>(qhw) == qsw) {
			qmatch++;
		} else {
			qmismatch++;
			qok = false;
		}
		if (hw == sw && !conflict && qok) {
			match++;
			if (verbose)
				std::printf("rsscheck: ok %s hash %08x queue %d\n", f.text.c_str(), hw, qhw);
			continue;
		}
		if (hw != sw || conflict)
			mismatch++;
		if (queue_only && shown++ < 20)
			std::printf("rsscheck: MISMATCH %s: driver queue %d, software hash %08x queue %u (%s, %u input bytes)\n",
				    f.text.c_str(), qhw, sw, qsw, ports ? "4-tuple" : "2-tuple", len);
		else if (!queue_only && shown++ < 20)
			std::printf("rsscheck: MISMATCH %s: driver hash %08x%s queue %d, software %08x queue %u (%s, %u input bytes)\n",
				    f.text.c_str(), hw, conflict ? " (varies within the flow)" : "",
				    qhw, sw, qsw, ports ? "4-tuple" : "2-tuple", len);
	}

	std::string tl;
	for (auto &kv : types)
		tl += (tl.empty() ? "" : ",") + kv.first + ":" + std::to_string(kv.second);
	std::printf("rsscheck: frames per socket %lu/%lu/%lu/%lu/%lu, undecided bytes %lu/%lu/%lu/%lu/%lu, non-IP %lu, ring drops %lu, TCP connections %lu\n",
		    rx.frames[0], rx.frames[1], rx.frames[2], rx.frames[3], rx.frames[4],
		    rx.undecided[0], rx.undecided[1], rx.undecided[2], rx.undecided[3],
		    rx.undecided[4], rx.unparsed, drops, conns);
	unsigned long distinct = inputs.size();
	std::printf("RXSCALE-RSSHASH: flows=%lu match=%lu mismatch=%lu distinct_inputs=%lu queue_match=%lu queue_mismatch=%lu queue_unknown=%lu incomplete=%lu control_match=%lu types=%s udp4=%u-tuple udp6=%u-tuple tcp4=%u-tuple tcp6=%u-tuple check=%s\n",
		    checked, match, mismatch, distinct, qmatch, qmismatch, qunknown,
		    incomplete, ctl_match, tl.c_str(), udp4, udp6, tcp4, tcp6,
		    queue_only ? "queue" : "hash+queue");
	bool ok = true;
	if (mismatch || qmismatch) {
		std::printf("rsscheck: FAIL: %lu hash and %lu queue mismatches\n", mismatch, qmismatch);
		ok = false;
	}
	if (distinct < min_flows) {
		std::printf("rsscheck: FAIL: %lu flows checked with %lu distinct hash inputs, fewer than %u\n",
			    checked, distinct, min_flows);
		ok = false;
	}
	if (checked && ctl_match * 2 >= checked) {
		std::printf("rsscheck: FAIL: the control key matches %lu of %lu flows: the check cannot tell keys apart\n",
			    ctl_match, checked);
		ok = false;
	}
	return ok ? 0 : 1;
}

// ------------------------------------------------------------------ sender

bool make_addr(int family, const std::string &a, unsigned port,
	       struct sockaddr_storage &ss, socklen_t &sl)
{
	std::memset(&ss, 0, sizeof(ss));
	if (family == AF_INET) {
		auto *s4 = reinterpret_cast<struct sockaddr_in *>(&ss);

		s4->sin_family = AF_INET;
		s4->sin_port = htons(static_cast<u16>(port));
		sl = sizeof(*s4);
		return inet_pton(AF_INET, a.c_str(), &s4->sin_addr) == 1;
	}
	auto *s6 = reinterpret_cast<struct sockaddr_in6 *>(&ss);

	s6->sin6_family = AF_INET6;
	s6->sin6_port = htons(static_cast<u16>(port));
	sl = sizeof(*s6);
	return inet_pton(AF_INET6, a.c_str(), &s6->sin6_addr) == 1;
}

// source address i of a pool: base + i (IPv4: the address as a number,
// IPv6: its last 32 bits)
void pool_addr(int family, const std::string &base, unsigned i, unsigned port,
	       struct sockaddr_storage &ss, socklen_t &sl)
{
	if (!make_addr(family, base, port, ss, sl))
		usage(("bad address " + base).c_str());
	if (family == AF_INET) {
		auto *s4 = reinterpret_cast<struct sockaddr_in *>(&ss);

		s4->sin_addr.s_addr = htonl(ntohl(s4->sin_addr.s_addr) + i);
	} else {
		auto *s6 = reinterpret_cast<struct sockaddr_in6 *>(&ss);
		u32 w;

		std::memcpy(&w, &s6->sin6_addr.s6_addr[12], 4);
		w = htonl(ntohl(w) + i);
		std::memcpy(&s6->sin6_addr.s6_addr[12], &w, 4);
	}
}

struct Pool {
	std::string base;
	unsigned n;
};

void bind_src(int fd, int family, const Pool &pool, unsigned i, unsigned port)
{
	struct sockaddr_storage from;
	socklen_t fl;

	if (pool.n)
		pool_addr(family, pool.base, i % pool.n, port, from, fl);
	else
		make_addr(family, family == AF_INET ? "0.0.0.0" : "::", port, from, fl);
	if (bind(fd, reinterpret_cast<struct sockaddr *>(&from), fl))
		die("bind source address");
}

unsigned send_udp(int family, const std::string &dst, unsigned port,
		  unsigned sport0, unsigned n, const std::vector<char> &payload,
		  const Pool &pool)
{
	struct sockaddr_storage to;
	socklen_t tl;
	unsigned sent = 0;

	if (!make_addr(family, dst, port, to, tl))
		usage(("bad address " + dst).c_str());
	for (unsigned i = 0; i < n; i++) {
		int fd = socket(family, SOCK_DGRAM, 0);
		int one = 1;

		if (fd < 0)
			die("udp socket");
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		bind_src(fd, family, pool, i, sport0 + i);
		// two datagrams per flow: one may be lost to neighbour resolution
		for (int r = 0; r < 2; r++)
			if (sendto(fd, payload.data(), payload.size(), 0,
				   reinterpret_cast<struct sockaddr *>(&to), tl) ==
			    static_cast<ssize_t>(payload.size()))
				sent++;
		close(fd);
		if (i % 32 == 31)
			usleep(2000);   // let the TCG guest keep up
	}
	return sent;
}

unsigned send_tcp(int family, const std::string &dst, unsigned port,
		  unsigned n, const std::vector<char> &payload, const Pool &pool)
{
	struct sockaddr_storage to;
	socklen_t tl;
	unsigned ok = 0;
	char buf[4096];

	if (!make_addr(family, dst, port, to, tl))
		usage(("bad address " + dst).c_str());
	for (unsigned i = 0; i < n; i++) {
		int fd = socket(family, SOCK_STREAM, 0);
		struct timeval tv = { 5, 0 };

		if (fd < 0)
			die("tcp socket");
		setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
		setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
		if (pool.n)
			bind_src(fd, family, pool, i, 0);
		if (connect(fd, reinterpret_cast<struct sockaddr *>(&to), tl) == 0 &&
		    send(fd, payload.data(), payload.size(), MSG_NOSIGNAL) ==
		    static_cast<ssize_t>(payload.size())) {
			shutdown(fd, SHUT_WR);
			while (recv(fd, buf, sizeof(buf), 0) > 0)
				;
			ok++;
		}
		close(fd);
	}
	return ok;
}

int cmd_send(int argc, char **argv)
{
	std::string dst4, dst6;
	unsigned n_udp4 = 300, n_udp6 = 300, n_tcp4 = 250, n_tcp6 = 250;
	unsigned port = 5201, sport0 = 20000, size = 400;
	Pool p4 = { "", 0 }, p6 = { "", 0 };
	unsigned nsrc = 0;

	for (int i = 0; i < argc; i++) {
		std::string a = argv[i];
		auto val = [&]() -> const char * {
			if (i + 1 >= argc)
				usage(("missing value for " + a).c_str());
			return argv[++i];
		};
		if (a == "--dst4")
			dst4 = val();
		else if (a == "--dst6")
			dst6 = val();
		else if (a == "--udp4")
			n_udp4 = static_cast<unsigned>(num_arg(val(), 20000));
		else if (a == "--udp6")
			n_udp6 = static_cast<unsigned>(num_arg(val(), 20000));
		else if (a == "--tcp4")
			n_tcp4 = static_cast<unsigned>(num_arg(val(), 20000));
		else if (a == "--tcp6")
			n_tcp6 = static_cast<unsigned>(num_arg(val(), 20000));
		else if (a == "--port")
			port = static_cast<unsigned>(num_arg(val(), 65535));
		else if (a == "--sport-base")
			sport0 = static_cast<unsigned>(num_arg(val(), 65535));
		else if (a == "--size")
			size = static_cast<unsigned>(num_arg(val(), 1400));
		else if (a == "--src4")
			p4.base = val();
		else if (a == "--src6")
			p6.base = val();
		else if (a == "--nsrc")
			nsrc = static_cast<unsigned>(num_arg(val(), 65536));
		else
			usage(("unknown option " + a).c_str());
	}
	if (nsrc && (p4.base.empty() || p6.base.empty()))
		usage("--nsrc needs --src4 and --src6");
	p4.n = p6.n = nsrc;
	if (dst4.empty() && (n_udp4 || n_tcp4))
		usage("--dst4 missing");
	if (dst6.empty() && (n_udp6 || n_tcp6))
		usage("--dst6 missing");
	if (sport0 + n_udp4 > 65536 || sport0 + n_udp6 > 65536)
		usage("source ports beyond 65535");
	std::vector<char> payload(size, 'r');
	double t0 = now_s();
	unsigned u4 = n_udp4 ? send_udp(AF_INET, dst4, port, sport0, n_udp4, payload, p4) : 0;
	unsigned u6 = n_udp6 ? send_udp(AF_INET6, dst6, port, sport0, n_udp6, payload, p6) : 0;
	unsigned t4 = n_tcp4 ? send_tcp(AF_INET, dst4, port, n_tcp4, payload, p4) : 0;
	unsigned t6 = n_tcp6 ? send_tcp(AF_INET6, dst6, port, n_tcp6, payload, p6) : 0;
	std::printf("rsscheck: sent udp4 %u/%u datagrams, udp6 %u/%u, tcp4 %u/%u connections, tcp6 %u/%u in %.1f s\n",
		    u4, 2 * n_udp4, u6, 2 * n_udp6, t4, n_tcp4, t6, n_tcp6, now_s() - t0);
	return (u4 == 2 * n_udp4 && u6 == 2 * n_udp6 && t4 == n_tcp4 && t6 == n_tcp6) ? 0 : 1;
}

} // namespace

int main(int argc, char **argv)
{
	setvbuf(stdout, nullptr, _IOLBF, 0);
	if (argc < 2)
		usage("no mode");
	std::string mode = argv[1];
	if (mode == "recv")
		return cmd_recv(argc - 2, argv + 2);
	if (mode == "send")
		return cmd_send(argc - 2, argv + 2);
	usage(("unknown mode " + mode).c_str());
}
