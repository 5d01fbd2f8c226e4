// SPDX-License-Identifier: GPL-2.0
/*
 * The bytes rxs-xfer sends: a stream fixed by a seed (SplitMix64, Steele,
 * Lea and Flood, "Fast splittable pseudorandom number generators",
 * OOPSLA 2014; each 64-bit output written little-endian), so that the
 * receiver can check every byte as well as the digest, and say where the
 * first wrong one is. /dev/urandom under TCG costs more than the network.
 */
#ifndef RXS_XFER_STREAM_HPP
#define RXS_XFER_STREAM_HPP

#include <cstddef>
#include <cstdint>

namespace rxs {

class Stream {
public:
	explicit Stream(uint64_t seed) : state_(seed) {}

	/* The next @len bytes of the stream into @out. */
	void fill(uint8_t *out, size_t len)
	{
		/* whole words while the last one is used up */
		for (; !left_ && len >= 8; out += 8, len -= 8) {
			uint64_t w = next();

			for (int i = 0; i < 8; i++)
				out[i] = uint8_t(w >> (8 * i));
		}
		while (len) {
			if (!left_) {
				word_ = next();
				left_ = 8;
			}
			*out++ = uint8_t(word_ >> (8 * (8 - left_)));
			left_--;
			len--;
		}
	}

private:
	uint64_t next()
	{
		uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
		return z ^ (z >> 31);
	}

	uint64_t state_;
	uint64_t word_ = 0;
	unsigned int left_ = 0;
};

} // namespace rxs

#endif
