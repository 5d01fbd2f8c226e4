// SPDX-License-Identifier: GPL-2.0
/* timer_container_of() replaced from_timer() (6.16). */
#include <linux/timer.h>

struct rxs_t {
	struct timer_list t;
};

struct rxs_t *rxs_probe(struct timer_list *t);
struct rxs_t *rxs_probe(struct timer_list *t)
{
	struct rxs_t *x = timer_container_of(x, t, t);

	return x;
}
