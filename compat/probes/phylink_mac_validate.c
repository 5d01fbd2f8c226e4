// SPDX-License-Identifier: GPL-2.0
/*
 * phylink_mac_ops.validate with phylink_generic_validate() (5.17): Debian's
 * 6.1 phylink calls .validate unconditionally; the member went in 6.7.
 */
#include <linux/phylink.h>

static const struct phylink_mac_ops rxs_ops = {
	.validate = phylink_generic_validate,
};

const struct phylink_mac_ops *rxs_probe(void);
const struct phylink_mac_ops *rxs_probe(void)
{
	return &rxs_ops;
}
