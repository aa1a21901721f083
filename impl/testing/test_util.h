// Shared helpers for the impl/ tests: run a parameterised suite once per path with the path in the
// test name (GcmTest.Foo/Scalar, GcmTest.Foo/GfniAvx512), every path listed on every CPU (a path
// this CPU cannot run is a GTEST_SKIP naming the missing features), seeded randomness, and the
// names every impl/ test uses (Bytes, Hex, RandomBytes).
#ifndef ARIASUITE_IMPL_TESTING_TEST_UTIL_H_
#define ARIASUITE_IMPL_TESTING_TEST_UTIL_H_

#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "gtest/gtest.h"
#include "impl/dispatch.h"
#include "impl/status.h"
#include "vectors/model/hex.h"

namespace ariasuite::test_util {

// "gfni-avx512" -> "GfniAvx512": a GoogleTest-safe name for the path.
inline std::string ImplTestName(const ::testing::TestParamInfo<Impl>& info) {
  std::string out;
  bool upper = true;
  for (const char* p = ImplName(info.param); *p != '\0'; ++p) {
    if (*p == '-') {
      upper = true;
      continue;
    }
    out.push_back(upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(*p))) : *p);
    upper = false;
  }
  return out;
}

// The fixture of every per-path suite: a path this CPU cannot run is skipped, with the missing
// features named, before the test body can execute one of its instructions. A fixture with its own
// SetUp calls PerImplTest::SetUp() first and returns when IsSkipped().
class PerImplTest : public ::testing::TestWithParam<Impl> {
 protected:
  void SetUp() override {
    std::string missing;
    if (!IsSupported(GetParam(), &missing)) {
      GTEST_SKIP() << "this CPU cannot run " << ImplName(GetParam()) << ": missing " << missing;
    }
  }
};

inline std::vector<uint8_t> RandomBytes(std::mt19937_64& rng, size_t n) {
  std::vector<uint8_t> v(n);
  for (auto& b : v) b = static_cast<uint8_t>(rng());
  return v;
}

// One random key of each ARIA key size (16, 24 and 32 bytes, in that order), drawn from rng.
inline std::vector<std::vector<uint8_t>> RandomKeyOfEachSize(std::mt19937_64& rng) {
  return {RandomBytes(rng, 16), RandomBytes(rng, 24), RandomBytes(rng, 32)};
}

}  // namespace ariasuite::test_util

// The vocabulary of the tests that check impl/, declared once here instead of in each of them
// (this header is testonly): byte strings, their hex form for readable mismatches (oracles/hex.h),
// seeded random bytes.
namespace ariasuite {
using Bytes = std::vector<uint8_t>;
using model::Hex;
using test_util::RandomBytes;
}  // namespace ariasuite

// Instantiates a TEST_P suite over every path, ariasuite::AllImpls(), named by path; the suite's
// fixture derives from PerImplTest so that a path this CPU lacks is listed as skipped, never
// silently left out.
#define ARIASUITE_INSTANTIATE_PER_IMPL(Suite)                                     \
  static_assert(std::is_base_of_v<::ariasuite::test_util::PerImplTest, Suite>,    \
                #Suite " must derive from ariasuite::test_util::PerImplTest");    \
  INSTANTIATE_TEST_SUITE_P(, Suite, ::testing::ValuesIn(::ariasuite::AllImpls()), \
                           ::ariasuite::test_util::ImplTestName)

#endif  // ARIASUITE_IMPL_TESTING_TEST_UTIL_H_
