// SPDX-License-Identifier: GPL-2.0
/*
 * rxs-xfer's SHA-256 and stream (tests/bench/tools/rxs-xfer), which the
 * bench's checksummed transfer trusts: the digest against the examples
 * NIST publishes for FIPS 180-4 (csrc.nist.gov, "SHA-256" example
 * values), and both pieces unchanged by how the data is cut into calls.
 */
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../bench/tools/rxs-xfer/sha256.hpp"
#include "../bench/tools/rxs-xfer/stream.hpp"

namespace {

std::string sha(const std::string &s)
{
	rxs::Sha256 h;

	h.update(s.data(), s.size());
	return h.hex_digest();
}

TEST(Sha256, NistExamples)
{
	EXPECT_EQ(sha(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	EXPECT_EQ(sha("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	EXPECT_EQ(sha("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
		  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	EXPECT_EQ(sha(std::string(1000000, 'a')),
		  "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

/* Lengths around the padding's edges (55, 56, 63, 64 bytes mod 64), fed
 * in one call and in pieces of 1..70 bytes: the same digest. */
TEST(Sha256, PiecesGiveTheSameDigest)
{
	for (size_t len : { 0, 55, 56, 57, 63, 64, 65, 119, 120, 1000 }) {
		std::string s;

		for (size_t i = 0; i < len; i++)
			s += char('a' + i * 7 % 26);
		for (size_t piece = 1; piece <= 70; piece += 23) {
			rxs::Sha256 h;

			for (size_t off = 0; off < len; off += piece)
				h.update(s.data() + off, std::min(piece, len - off));
			EXPECT_EQ(h.hex_digest(), sha(s)) << "length " << len << " pieces " << piece;
		}
	}
}

/* The receiver regenerates the stream in whatever sizes read() returns. */
TEST(Stream, PiecesGiveTheSameBytes)
{
	std::vector<uint8_t> whole(4099), parts(4099);

	rxs::Stream(42).fill(whole.data(), whole.size());
	rxs::Stream st(42);

	for (size_t off = 0, piece = 1; off < parts.size(); off += piece, piece = piece * 3 % 17 + 1)
		st.fill(parts.data() + off, std::min(piece, parts.size() - off));
	EXPECT_EQ(whole, parts);

	std::vector<uint8_t> other(4099);

	rxs::Stream(43).fill(other.data(), other.size());
	EXPECT_NE(whole, other);
}

} // namespace
