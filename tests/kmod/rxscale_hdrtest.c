// SPDX-License-Identifier: GPL-2.0
/*
 * rxscale_hdrtest - builds every include/rxscale header as kernel C and
 * calls each helper once at load time. It prints one line per failed
 * check and a summary, and refuses to load (-EINVAL) if a check failed,
 * so loading it in a guest is also a small test.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <rxscale/types.h>
#include <rxscale/toeplitz.h>
#include <rxscale/rss_indir.h>
#include <rxscale/queue_map.h>
#include <rxscale/ring.h>
#include <rxscale/coalesce.h>
#include <rxscale/rss_buckets.h>

static unsigned int hdrtest_fail;
static unsigned int hdrtest_pass;

static void hdrtest_check(bool ok, const char *what)
{
	if (ok) {
		hdrtest_pass++;
		return;
	}
	hdrtest_fail++;
	pr_err("rxscale_hdrtest: FAIL %s\n", what);
}

/* First rows of Microsoft's "Verifying the RSS Hash Calculation". */
static void hdrtest_toeplitz(void)
{
	static const u8 v6_src[16] = { 0x3f, 0xfe, 0x25, 0x01, 0x02, 0x00,
				       0x1f, 0xff, 0, 0, 0, 0, 0, 0, 0, 0x07 };
	static const u8 v6_dst[16] = { 0x3f, 0xfe, 0x25, 0x01, 0x02, 0x00,
				       0x00, 0x03, 0, 0, 0, 0, 0, 0, 0, 0x01 };
	const u8 *key = rxs_toeplitz_ms_key();
	size_t tsize = sizeof(struct rxs_toeplitz);
	struct rxs_toeplitz *t;
	u8 in[RXS_TOEPLITZ_MAX_INPUT];
	u32 len, ref = 0, fast = 0;
	int ret;

	len = rxs_toeplitz_input_v4(in, 0x420995bb, 0xa18e6450, 2794, 1766,
				    true);
	ret = rxs_toeplitz_ref(key, RXS_TOEPLITZ_KEY_LEN, in, len, &ref);
	hdrtest_check(!ret && ref == 0x51ccc178, "toeplitz ref ipv4 tcp");

	t = kzalloc(tsize, GFP_KERNEL);	/* 36 KiB: not on the stack */
	if (!t) {
		hdrtest_check(false, "toeplitz table alloc");
		return;
	}
	ret = rxs_toeplitz_init(t, key, RXS_TOEPLITZ_KEY_LEN);
	ret = ret ?: rxs_toeplitz_hash(t, in, len, &fast);
	hdrtest_check(!ret && fast == 0x51ccc178, "toeplitz fast ipv4 tcp");

	len = rxs_toeplitz_input_v6(in, v6_src, v6_dst, 2794, 1766, false);
	ret = rxs_toeplitz_hash(t, in, len, &fast);
	hdrtest_check(!ret && fast == 0x2cc18cd5, "toeplitz fast ipv6");
	kfree(t);
}

static void hdrtest_indir(void)
{
	static const u32 weight[3] = { 1, 2, 1 };
	u32 indir[8], back[8], words[2];
	int ret;

	ret = rxs_indir_fill_default(indir, 8, 3);
	hdrtest_check(!ret && indir[4] == rxs_indir_default(4, 3) &&
		      rxs_indir_is_default(indir, 8, 3), "indir default");
	hdrtest_check(!rxs_indir_check(indir, 8, 8, 3) &&
		      rxs_indir_check(indir, 8, 8, 2) == -EINVAL,
		      "indir check");
	ret = rxs_indir_fill_weight(indir, 8, weight, 3);
	hdrtest_check(!ret && indir[0] == 0 && indir[2] == 1 &&
		      indir[7] == 2, "indir weight");
	ret = rxs_indir_pack_u8(indir, 8, words, 2);
	hdrtest_check(!ret && words[0] == rxs_indir_word(indir) &&
		      words[0] == 0x01010000, "indir pack");
	ret = rxs_indir_unpack_u8(words, 2, back, 8);
	hdrtest_check(!ret && back[7] == 2, "indir unpack");
}

static void hdrtest_qmap(void)
{
	struct rxs_qmap m;
	int ret;

	ret = rxs_qmap_build(&m, 4, 2, 4, 2, 32);
	hdrtest_check(!ret && !m.single &&
		      m.n_vec == rxs_qmap_vectors_needed(4, 2) &&
		      rxs_qmap_rx_vector(&m, 3) == 3 &&
		      rxs_qmap_tx_vector(&m, 1) == 5 &&
		      rxs_qmap_link_vector(&m) == 6 &&
		      rxs_qmap_vec_rx_mask(&m, 2) == 0x4 &&
		      rxs_qmap_vec_tx_mask(&m, 4) == 0x1, "qmap full");
	ret = rxs_qmap_build(&m, 4, 2, 4, 2, 1);
	hdrtest_check(!ret && m.single && m.n_rx == 1 &&
		      rxs_qmap_rx_vector(&m, 1) == -ERANGE, "qmap single");
	hdrtest_check(rxs_qmap_build(&m, 5, 2, 4, 2, 32) == -ERANGE,
		      "qmap range");
}

static void hdrtest_ring(void)
{
	hdrtest_check(rxs_ring_next(4, 5) == 0 && rxs_ring_prev(0, 5) == 4 &&
		      rxs_ring_add(3, 7, 5) == 0, "ring index");
	hdrtest_check(rxs_ring_used(1, 3, 5) == 3 &&
		      rxs_ring_free(1, 3, 5) == 1 &&
		      rxs_ring_full(2, 3, 5) && rxs_ring_empty(2, 2) &&
		      !rxs_ring_check(1, 3, 5), "ring count");
	hdrtest_check(rxs_fr_diff(2, 0x7ffffffe, 0x7fffffff) == 4 &&
		      rxs_fr_add(0x7ffffffe, 4, 0x7fffffff) == 2 &&
		      rxs_fr_slot(0x7fffffff, 1024) == 1023 &&
		      !rxs_fr_check(0x7fffffff, 1024), "ring free-running");
}

static void hdrtest_coalesce(void)
{
	u32 v = 0;

	hdrtest_check(!rxs_coal_usecs_to_units(3, 2048, 255, &v) && v == 2,
		      "coal usecs");
	hdrtest_check(!rxs_coal_units_to_usecs(2, 2048, 255, &v) && v == 4,
		      "coal units");
	hdrtest_check(rxs_coal_usecs_to_units(600, 2048, 255, &v) == -ERANGE,
		      "coal range");
	hdrtest_check(!rxs_coal_frames_to_field(5, 4, 15, &v) && v == 2 &&
		      !rxs_coal_field_to_frames(2, 4, 15, &v) && v == 8,
		      "coal frames");
}

static void hdrtest_buckets(void)
{
	struct rxs_rss_buckets *c;

	c = kzalloc(2 * sizeof(*c), GFP_KERNEL);	/* 4 KiB */
	if (!c) {
		hdrtest_check(false, "buckets alloc");
		return;
	}
	hdrtest_check(rxs_rss_bucket(0x51ccc178, 128) == 0x78, "bucket 128");
	hdrtest_check(rxs_rss_buckets_size_ok(64) &&
		      !rxs_rss_buckets_size_ok(96), "bucket sizes");
	rxs_rss_buckets_count(&c[0], 0x51ccc178, 128, 1500);
	rxs_rss_buckets_count(&c[0], 0xf8, 128, 60);
	rxs_rss_buckets_add(&c[1], &c[0], 128);
	hdrtest_check(c[1].b[0x78].packets == 2 && c[1].b[0x78].bytes == 1560,
		      "buckets count and add");
	kfree(c);
}

static int __init rxscale_hdrtest_init(void)
{
	hdrtest_toeplitz();
	hdrtest_indir();
	hdrtest_qmap();
	hdrtest_ring();
	hdrtest_coalesce();
	hdrtest_buckets();
	pr_info("rxscale_hdrtest: %u passed, %u failed: %s\n", hdrtest_pass,
		hdrtest_fail, hdrtest_fail ? "FAIL" : "PASS");
	return hdrtest_fail ? -EINVAL : 0;
}

static void __exit rxscale_hdrtest_exit(void)
{
}

module_init(rxscale_hdrtest_init);
module_exit(rxscale_hdrtest_exit);
MODULE_DESCRIPTION("rxscale shared header test");
MODULE_LICENSE("GPL");
