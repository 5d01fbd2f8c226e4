// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-256 (FIPS 180-4), for rxs-xfer: the bench's checksummed transfer
 * hashes the stream at both ends inside the sending and receiving
 * processes, because piping it through busybox's sha256sum and tee cost
 * more than the network under TCG (docs/debug-kernel.md). Checked against
 * NIST's published examples (tests/unit/sha256_test.cpp) and, in the
 * guest, against busybox sha256sum (scenarios/endurance.sh).
 *
 * The constants are computed from their definition (FIPS 180-4 4.2.2 and
 * 5.3.3: the first 32 bits of the fractional parts of the cube roots of
 * the first 64 primes, and of the square roots of the first 8), with
 * integer roots, so there is no table to mistype.
 */
#ifndef RXS_XFER_SHA256_HPP
#define RXS_XFER_SHA256_HPP

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace rxs {

class Sha256 {
public:
	Sha256() { reset(); }

	void reset()
	{
		static const Consts c;

		h_ = c.h0;
		used_ = 0;
		total_ = 0;
	}

	void update(const void *data, size_t len)
	{
		auto p = static_cast<const uint8_t *>(data);

		total_ += len;
		if (used_) {
			size_t n = std::min(len, sizeof(buf_) - used_);

			std::copy(p, p + n, buf_.begin() + used_);
			used_ += n;
			p += n;
			len -= n;
			if (used_ < sizeof(buf_))
				return;
			block(buf_.data());
			used_ = 0;
		}
		for (; len >= 64; p += 64, len -= 64)
			block(p);
		std::copy(p, p + len, buf_.begin());
		used_ = len;
	}

	/* The digest as 64 lowercase hex digits, as sha256sum prints it. */
	std::string hex_digest()
	{
		uint64_t bits = total_ * 8;
		uint8_t pad[72] = { 0x80 };
		size_t npad = (used_ < 56 ? 56 : 120) - used_;

		for (int i = 0; i < 8; i++)
			pad[npad + i] = uint8_t(bits >> (56 - 8 * i));
		update(pad, npad + 8);

		static const char hexd[] = "0123456789abcdef";
		std::string s;

		for (uint32_t w : h_)
			for (int i = 28; i >= 0; i -= 4)
				s += hexd[(w >> i) & 15];
		return s;
	}

private:
	struct Consts {
		std::array<uint32_t, 64> k;
		std::array<uint32_t, 8> h0;

		Consts()
		{
			uint32_t p = 2;

			for (size_t i = 0; i < 64; p++) {
				if (!prime(p))
					continue;
				/* floor(cbrt(p) * 2^32): its low 32 bits */
				k[i] = uint32_t(iroot(uint128(p) << 96, 3));
				if (i < 8)
					h0[i] = uint32_t(iroot(uint128(p) << 64, 2));
				i++;
			}
		}
	};
	__extension__ typedef unsigned __int128 uint128;

	static bool prime(uint32_t n)
	{
		for (uint32_t d = 2; d * d <= n; d++)
			if (n % d == 0)
				return false;
		return true;
	}

	/* floor(x^(1/e)) for e 2 or 3, x < 2^105, by bisection */
	static uint64_t iroot(uint128 x, int e)
	{
		uint64_t lo = 0, hi = uint64_t(1) << 36;

		while (lo < hi) {
			uint64_t mid = lo + (hi - lo + 1) / 2;
			uint128 m = mid, v = m * m;

			if (e == 3)
				v *= m;
			if (v <= x)
				lo = mid;
			else
				hi = mid - 1;
		}
		return lo;
	}

	static uint32_t ror(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

	void block(const uint8_t *p)
	{
		static const Consts c;
		uint32_t w[64];

		for (int i = 0; i < 16; i++)
			w[i] = uint32_t(p[4 * i]) << 24 | uint32_t(p[4 * i + 1]) << 16 |
			       uint32_t(p[4 * i + 2]) << 8 | p[4 * i + 3];
		for (int i = 16; i < 64; i++) {
			uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3);
			uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10);

			w[i] = w[i - 16] + s0 + w[i - 7] + s1;
		}
		uint32_t a = h_[0], b = h_[1], cc = h_[2], d = h_[3];
		uint32_t e = h_[4], f = h_[5], g = h_[6], h = h_[7];

		for (int i = 0; i < 64; i++) {
			uint32_t t1 = h + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) +
				      ((e & f) ^ (~e & g)) + c.k[i] + w[i];
			uint32_t t2 = (ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) +
				      ((a & b) ^ (a & cc) ^ (b & cc));

			h = g;
			g = f;
			f = e;
			e = d + t1;
			d = cc;
			cc = b;
			b = a;
			a = t1 + t2;
		}
		h_[0] += a;
		h_[1] += b;
		h_[2] += cc;
		h_[3] += d;
		h_[4] += e;
		h_[5] += f;
		h_[6] += g;
		h_[7] += h;
	}

	std::array<uint32_t, 8> h_;
	std::array<uint8_t, 64> buf_;
	size_t used_;
	uint64_t total_;
};

} // namespace rxs

#endif
