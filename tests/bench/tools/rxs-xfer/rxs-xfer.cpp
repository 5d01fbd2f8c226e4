// SPDX-License-Identifier: GPL-2.0
/*
 * rxs-xfer: the bench's checksummed TCP transfer (scenarios/endurance.sh).
 *
 *   rxs-xfer send ADDR PORT BYTES SEED   connect, send BYTES of the seed's
 *                                        stream, print its SHA-256
 *   rxs-xfer recv PORT [SEED]            accept one connection on PORT, read
 *                                        to its end, print the byte count and
 *                                        SHA-256; with SEED also compare each
 *                                        byte with the stream and print the
 *                                        first difference
 *   rxs-xfer gen BYTES SEED              the stream to standard output
 *   rxs-xfer hash BYTES SEED             the stream's SHA-256, no network
 *
 * One process per end with 256 KiB reads and writes: busybox head, tee, nc
 * and sha256sum in pipes moved about 10 Mbit/s under TCG on Debian's 7.3
 * kernel where iperf3 moved 178 (docs/debug-kernel.md). Output lines
 * start with "rxs-xfer:"; exit 0 when the transfer completed (the caller
 * compares counts and digests), 3 when recv's stream check found a
 * difference, 1 on an error, 2 on bad usage.
 */
#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

#include "sha256.hpp"
#include "stream.hpp"

namespace {

constexpr size_t kChunk = 256 * 1024;

int usage()
{
	std::fprintf(stderr, "usage: rxs-xfer send ADDR PORT BYTES SEED | recv PORT [SEED] |"
		     " gen BYTES SEED | hash BYTES SEED\n");
	return 2;
}

bool parse_u64(const char *s, uint64_t &v)
{
	char *end;

	errno = 0;
	v = std::strtoull(s, &end, 0);
	return *s && *s != '-' && !*end && !errno;
}

int fail(const char *what)
{
	std::fprintf(stderr, "rxs-xfer: %s: %s\n", what, std::strerror(errno));
	return 1;
}

bool write_all(int fd, const uint8_t *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		p += n;
		len -= size_t(n);
	}
	return true;
}

/* BYTES of SEED's stream to @fd (a socket or standard output), hashed. */
int send_stream(int fd, uint64_t bytes, uint64_t seed, const char *verb)
{
	rxs::Stream st(seed);
	rxs::Sha256 sha;
	std::vector<uint8_t> buf(kChunk);
	uint64_t left = bytes;

	while (left) {
		size_t n = left < kChunk ? size_t(left) : kChunk;

		st.fill(buf.data(), n);
		sha.update(buf.data(), n);
		if (fd >= 0 && !write_all(fd, buf.data(), n))
			return fail("write");
		left -= n;
	}
	std::fprintf(fd == STDOUT_FILENO ? stderr : stdout, "rxs-xfer: %s %llu bytes sha256 %s\n",
		     verb, (unsigned long long)bytes, sha.hex_digest().c_str());
	return 0;
}

int do_send(const char *addr, const char *port_s, const char *bytes_s, const char *seed_s)
{
	uint64_t port, bytes, seed;
	sockaddr_in sin{};

	if (!parse_u64(port_s, port) || !port || port > 65535 || !parse_u64(bytes_s, bytes) ||
	    !parse_u64(seed_s, seed) || inet_pton(AF_INET, addr, &sin.sin_addr) != 1)
		return usage();
	sin.sin_family = AF_INET;
	sin.sin_port = htons(uint16_t(port));
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd < 0)
		return fail("socket");
	if (connect(fd, reinterpret_cast<sockaddr *>(&sin), sizeof(sin)) < 0)
		return fail("connect");
	int rc = send_stream(fd, bytes, seed, "sent");

	/* the receiver reads to the end: our FIN, after every byte */
	if (!rc && shutdown(fd, SHUT_WR) < 0)
		rc = fail("shutdown");
	char c;

	/* wait for the receiver to close: every byte was read */
	while (!rc && read(fd, &c, 1) > 0)
		;
	close(fd);
	return rc;
}

int do_recv(const char *port_s, const char *seed_s)
{
	uint64_t port, seed = 0;
	sockaddr_in sin{};
	int one = 1;

	if (!parse_u64(port_s, port) || !port || port > 65535 ||
	    (seed_s && !parse_u64(seed_s, seed)))
		return usage();
	sin.sin_family = AF_INET;
	sin.sin_port = htons(uint16_t(port));
	int lfd = socket(AF_INET, SOCK_STREAM, 0);

	if (lfd < 0)
		return fail("socket");
	setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(lfd, reinterpret_cast<sockaddr *>(&sin), sizeof(sin)) < 0)
		return fail("bind");
	if (listen(lfd, 1) < 0)
		return fail("listen");
	int fd = accept(lfd, nullptr, nullptr);

	if (fd < 0)
		return fail("accept");
	close(lfd);

	rxs::Stream st(seed);
	rxs::Sha256 sha;
	std::vector<uint8_t> buf(kChunk), want(kChunk);
	uint64_t got = 0, first_diff = ~uint64_t(0);

	for (;;) {
		ssize_t n = read(fd, buf.data(), kChunk);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return fail("read");
		if (!n)
			break;
		sha.update(buf.data(), size_t(n));
		if (seed_s && first_diff == ~uint64_t(0)) {
			st.fill(want.data(), size_t(n));
			for (ssize_t i = 0; i < n; i++) {
				if (buf[size_t(i)] != want[size_t(i)]) {
					first_diff = got + uint64_t(i);
					break;
				}
			}
		}
		got += uint64_t(n);
	}
	close(fd);
	std::printf("rxs-xfer: received %llu bytes sha256 %s\n", (unsigned long long)got,
		    sha.hex_digest().c_str());
	if (!seed_s)
		return 0;
	if (first_diff != ~uint64_t(0)) {
		std::printf("rxs-xfer: stream: first difference at byte %llu\n",
			    (unsigned long long)first_diff);
		return 3;
	}
	std::printf("rxs-xfer: stream: all %llu bytes as the seed's\n", (unsigned long long)got);
	return 0;
}

} // namespace

int main(int argc, char **argv)
{
	std::string cmd = argc > 1 ? argv[1] : "";
	uint64_t bytes, seed;

	std::setvbuf(stdout, nullptr, _IOLBF, 0);
	if (cmd == "send" && argc == 6)
		return do_send(argv[2], argv[3], argv[4], argv[5]);
	if (cmd == "recv" && (argc == 3 || argc == 4))
		return do_recv(argv[2], argc == 4 ? argv[3] : nullptr);
	if ((cmd == "gen" || cmd == "hash") && argc == 4) {
		if (!parse_u64(argv[2], bytes) || !parse_u64(argv[3], seed))
			return usage();
		return send_stream(cmd == "gen" ? STDOUT_FILENO : -1, bytes, seed,
				   cmd == "gen" ? "generated" : "hashed");
	}
	return usage();
}
