# SPDX-License-Identifier: GPL-2.0
# The MT7988 QEMU model's RSS hash (tests/bench/models/mt7988_rss.c),
# compiled alone (C) with the host stand-in for qemu/osdep.h; never with
# include/rxscale. Included by CMakeLists.txt.
add_library(rxs_mt7988_rss STATIC ${RXSCALE_TOP}/tests/bench/models/mt7988_rss.c)
set_target_properties(rxs_mt7988_rss PROPERTIES C_STANDARD 11)
target_include_directories(rxs_mt7988_rss PRIVATE
	${CMAKE_CURRENT_SOURCE_DIR}/model_host
	${RXSCALE_TOP}/tests/bench/models)
target_compile_options(rxs_mt7988_rss PRIVATE ${RXS_UNIT_WARN} ${RXS_SAN})
add_executable(mt7988_toeplitz_test mt7988_toeplitz_test.cpp)
target_compile_options(mt7988_toeplitz_test PRIVATE ${RXS_UNIT_WARN} ${RXS_SAN})
target_include_directories(mt7988_toeplitz_test PRIVATE
	${RXSCALE_TOP}/tests/bench/models)
target_link_options(mt7988_toeplitz_test PRIVATE ${RXS_SAN})
target_link_libraries(mt7988_toeplitz_test PRIVATE rxs_mt7988_rss
	GTest::gtest_main)
gtest_discover_tests(mt7988_toeplitz_test DISCOVERY_TIMEOUT 60)
