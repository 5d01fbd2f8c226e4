// SPDX-License-Identifier: GPL-2.0
/* <net/page_pool/helpers.h>: page_pool headers split out in 6.6. */
#include <net/page_pool/helpers.h>

struct page *rxs_probe(struct page_pool *pool);
struct page *rxs_probe(struct page_pool *pool)
{
	return page_pool_dev_alloc_pages(pool);
}
