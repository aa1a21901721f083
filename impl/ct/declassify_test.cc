// ct::Public and ct::Declassify leave values and memory as they were, in each build of the
// annotation: with valgrind's client requests (declassify_test) and as the no-op a build without
// valgrind's headers gets (declassify_without_valgrind_test, ARIASUITE_CT_NO_VALGRIND).
#include "impl/ct/declassify.h"

#include <cstdint>
#include <cstring>

#include "gtest/gtest.h"

namespace ariasuite::ct {
namespace {

TEST(DeclassifyTest, PublicReturnsItsArgument) {
  EXPECT_EQ(Public(uint32_t{0xdeadbeef}), 0xdeadbeefu);
  EXPECT_EQ(Public(uint8_t{0}), 0);
  EXPECT_EQ(Public(int64_t{-5}), -5);
}

TEST(DeclassifyTest, DeclassifyLeavesTheBytes) {
  uint8_t buf[32];
  for (int i = 0; i < 32; ++i) buf[i] = static_cast<uint8_t>(i * 7);
  uint8_t copy[32];
  std::memcpy(copy, buf, sizeof(buf));
  Declassify(buf, sizeof(buf));
  EXPECT_EQ(std::memcmp(buf, copy, sizeof(buf)), 0);
}

TEST(DeclassifyTest, BuildsTheWayItsNameSays) {
#if defined(ARIASUITE_CT_DECLASSIFY_MSAN)
  GTEST_SKIP() << "a MemorySanitizer build: the annotation unpoisons";
#elif defined(ARIASUITE_CT_NO_VALGRIND)
#ifdef ARIASUITE_CT_DECLASSIFY_VALGRIND
  ADD_FAILURE() << "ARIASUITE_CT_NO_VALGRIND still included valgrind's client requests";
#endif
#else
#ifndef ARIASUITE_CT_DECLASSIFY_VALGRIND
  ADD_FAILURE() << "<valgrind/memcheck.h> was not found: the constant-time check would be blind to "
                   "ct::Public (Debian package valgrind)";
#endif
#endif
}

}  // namespace
}  // namespace ariasuite::ct
