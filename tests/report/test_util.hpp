// SPDX-License-Identifier: GPL-2.0
// Helpers the report tests share: recorded inputs from tests/report/data
// and the message of an expected rxs::Error.
#ifndef RXS_REPORT_TEST_UTIL_HPP
#define RXS_REPORT_TEST_UTIL_HPP

#include "rxreport.hpp"

#include <gtest/gtest.h>

#include <string>

namespace rxs_test {

// a file of tests/report/data
inline std::string data(const std::string &name)
{
	return rxs::read_file(std::string(RXS_DATA) + "/" + name);
}

// the message of the Error that f throws; fails the test when none is thrown
template <typename F> std::string error_of(F f)
{
	try {
		f();
	} catch (const rxs::Error &e) {
		return e.what();
	}
	ADD_FAILURE() << "no Error thrown";
	return "";
}

} // namespace rxs_test

#endif
