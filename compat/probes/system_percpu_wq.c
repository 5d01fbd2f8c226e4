// SPDX-License-Identifier: GPL-2.0
/* system_percpu_wq (6.17); system_wq warns as deprecated from then on. */
#include <linux/workqueue.h>

struct workqueue_struct *rxs_probe(void);
struct workqueue_struct *rxs_probe(void)
{
	return system_percpu_wq;
}
