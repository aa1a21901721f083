// A small kselftest-style test harness for the guest test programs: FIXTURE / FIXTURE_VARIANT /
// FIXTURE_VARIANT_ADD / FIXTURE_SETUP / FIXTURE_TEARDOWN / TEST_F / TEST, every test run once per
// variant of its fixture (named `fixture.variant.test`) in its own forked process with a timeout,
// results printed as TAP 13 (`ok N name`, `not ok N name`, `ok N name # SKIP reason`), exit status
// 0 all passed, 1 a failure, 4 only skips (the kselftest codes,
// tools/testing/selftests/kselftest.h).
//
// In a test body: ASSERT_* stops the test on failure, EXPECT_* records it and goes on, SKIP(...)
// ends the test as skipped with a printf-style reason, KNOWN_ISSUE(...) as a TAP TODO; a test that
// failed a check before either is reported failed (`not ok`, no directive). `self` is the
// fixture, `variant` the variant.
// Diagnostics go to stdout as `# ` lines so they stay valid TAP.
#ifndef ARIASUITE_KERNEL_TESTS_HARNESS_H_
#define ARIASUITE_KERNEL_TESTS_HARNESS_H_

#include <cerrno>
#include <cinttypes>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

namespace ktest {

// Exit codes of a test process and of the whole program (kselftest.h: KSFT_PASS, KSFT_FAIL,
// KSFT_XFAIL, KSFT_SKIP).
inline constexpr int kPass = 0;
inline constexpr int kFail = 1;
inline constexpr int kKnownIssue = 2;
inline constexpr int kSkip = 4;

struct Metadata {
  const char* name;  // fixture.variant.test
  bool failed = false;
};

// Type-erased test: runs setup, body and teardown for one variant (nullptr if the fixture has
// none) in the calling (child) process.
using RunFn = void (*)(Metadata* md, const void* variant);

void RegisterTest(const char* fixture, const char* test, RunFn run, int timeout_s);
void RegisterVariant(const char* fixture, const char* variant, const void* data);

// Prints a `# ` diagnostic line (printf style).
void Diag(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
// Records a failure with its location and message; for ASSERT_* also ends the test.
void Fail(Metadata* md, const char* file, int line, const std::string& what);
[[noreturn]] void AbortTest(Metadata* md);
// Ends the test as skipped with a reason (printf style); failed instead if a check failed before.
[[noreturn]] void Skip(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
// Ends the test as a known kernel issue that is not the subject under test (for instance a kTLS
// core behaviour the AES control shows too): TAP `not ok N name # TODO reason`, which TAP
// consumers do not count as a failure, and never as a pass (failed instead if a check failed
// before). Use only after the test observed the behaviour and showed it is not specific to what
// it gates.
[[noreturn]] void KnownIssue(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

// Runs every registered test (or those whose name contains the -t or $KTEST_FILTER substring;
// -l lists them).
int Main(int argc, char** argv);

template <typename T>
std::string Show(const T& v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v ? "true" : "false";
  } else if constexpr (std::is_enum_v<T>) {
    return std::to_string(static_cast<long long>(v));
  } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    return std::to_string(static_cast<long long>(v));
  } else if constexpr (std::is_integral_v<T>) {
    return std::to_string(static_cast<unsigned long long>(v));
  } else if constexpr (std::is_pointer_v<T> || std::is_null_pointer_v<T>) {
    char buf[32];
    snprintf(buf, sizeof(buf), "%p", static_cast<const void*>(v));
    return buf;
  } else if constexpr (std::is_convertible_v<T, std::string>) {
    return "\"" + std::string(v) + "\"";
  } else {
    return "(value)";
  }
}

// Hex of a byte string, for mismatch messages (long strings are shortened in the middle).
std::string Hex(const void* data, size_t len);
// Where two byte strings of length len first differ, with 32 bytes of each from there:
// "first difference at byte N: <a> vs <b>" ("" when equal).
std::string FirstDifference(const void* a, const void* b, size_t len);

struct TestRegistrar {
  TestRegistrar(const char* fixture, const char* test, RunFn run, int timeout_s) {
    RegisterTest(fixture, test, run, timeout_s);
  }
};
struct VariantRegistrar {
  VariantRegistrar(const char* fixture, const char* variant, const void* data) {
    RegisterVariant(fixture, variant, data);
  }
};

}  // namespace ktest

#define KTEST_DEFAULT_TIMEOUT 30

// Fixture state and its variant parameters. Each fixture needs FIXTURE_VARIANT, FIXTURE_SETUP and
// FIXTURE_TEARDOWN (a fixture without variants declares an empty FIXTURE_VARIANT and adds none).
#define FIXTURE(f) struct f##_fixture
#define FIXTURE_VARIANT(f) struct f##_variant
#define FIXTURE_VARIANT_ADD(f, v)                                                                \
  extern const f##_variant f##_##v##_variant_data;                                               \
  static const ::ktest::VariantRegistrar f##_##v##_variant_reg(#f, #v, &f##_##v##_variant_data); \
  const f##_variant f##_##v##_variant_data =
#define FIXTURE_SETUP(f)                                                                \
  [[maybe_unused]] static void f##_setup([[maybe_unused]] ::ktest::Metadata* _metadata, \
                                         [[maybe_unused]] f##_fixture* self,            \
                                         [[maybe_unused]] const f##_variant* variant)
#define FIXTURE_TEARDOWN(f)                                                                \
  [[maybe_unused]] static void f##_teardown([[maybe_unused]] ::ktest::Metadata* _metadata, \
                                            [[maybe_unused]] f##_fixture* self,            \
                                            [[maybe_unused]] const f##_variant* variant)

#define TEST_F_TIMEOUT(f, t, secs)                                                \
  static void f##_##t##_body(::ktest::Metadata* _metadata, f##_fixture* self,     \
                             const f##_variant* variant);                         \
  static void f##_##t##_run(::ktest::Metadata* md, const void* v) {               \
    f##_fixture self{};                                                           \
    const f##_variant* variant = static_cast<const f##_variant*>(v);              \
    static const f##_variant empty{};                                             \
    if (variant == nullptr) variant = &empty;                                     \
    f##_setup(md, &self, variant);                                                \
    f##_##t##_body(md, &self, variant);                                           \
    f##_teardown(md, &self, variant);                                             \
  }                                                                               \
  static const ::ktest::TestRegistrar f##_##t##_reg(#f, #t, f##_##t##_run, secs); \
  static void f##_##t##_body([[maybe_unused]] ::ktest::Metadata* _metadata,       \
                             [[maybe_unused]] f##_fixture* self,                  \
                             [[maybe_unused]] const f##_variant* variant)
#define TEST_F(f, t) TEST_F_TIMEOUT(f, t, KTEST_DEFAULT_TIMEOUT)

// A test without fixture, named `global.t`.
#define TEST(t)                                                                               \
  static void global_##t##_body(::ktest::Metadata* _metadata);                                \
  static void global_##t##_run(::ktest::Metadata* md, const void*) { global_##t##_body(md); } \
  static const ::ktest::TestRegistrar global_##t##_reg("global", #t, global_##t##_run,        \
                                                       KTEST_DEFAULT_TIMEOUT);                \
  static void global_##t##_body([[maybe_unused]] ::ktest::Metadata* _metadata)

#define KTEST_CMP(a, op, b, fatal)                                                           \
  do {                                                                                       \
    const auto& _ka = (a);                                                                   \
    const auto& _kb = (b);                                                                   \
    if (!(_ka op _kb)) {                                                                     \
      ::ktest::Fail(_metadata, __FILE__, __LINE__,                                           \
                    std::string("expected ") + #a " " #op " " #b " (" + ::ktest::Show(_ka) + \
                        " vs " + ::ktest::Show(_kb) + ")");                                  \
      if (fatal) ::ktest::AbortTest(_metadata);                                              \
    }                                                                                        \
  } while (0)

#define ASSERT_EQ(a, b) KTEST_CMP(a, ==, b, true)
#define ASSERT_NE(a, b) KTEST_CMP(a, !=, b, true)
#define ASSERT_LT(a, b) KTEST_CMP(a, <, b, true)
#define ASSERT_LE(a, b) KTEST_CMP(a, <=, b, true)
#define ASSERT_GT(a, b) KTEST_CMP(a, >, b, true)
#define ASSERT_GE(a, b) KTEST_CMP(a, >=, b, true)
#define EXPECT_EQ(a, b) KTEST_CMP(a, ==, b, false)
#define EXPECT_NE(a, b) KTEST_CMP(a, !=, b, false)
#define EXPECT_LT(a, b) KTEST_CMP(a, <, b, false)
#define EXPECT_LE(a, b) KTEST_CMP(a, <=, b, false)
#define EXPECT_GT(a, b) KTEST_CMP(a, >, b, false)
#define EXPECT_GE(a, b) KTEST_CMP(a, >=, b, false)
#define ASSERT_TRUE(c) KTEST_CMP(static_cast<bool>(c), ==, true, true)
#define ASSERT_FALSE(c) KTEST_CMP(static_cast<bool>(c), ==, false, true)
#define EXPECT_TRUE(c) KTEST_CMP(static_cast<bool>(c), ==, true, false)
#define EXPECT_FALSE(c) KTEST_CMP(static_cast<bool>(c), ==, false, false)

// A system call expected to fail with a given errno: `ASSERT_ERRNO(setsockopt(...), EINVAL)`.
#define KTEST_ERRNO(call, err, fatal)                                                              \
  do {                                                                                             \
    errno = 0;                                                                                     \
    long _kr = static_cast<long>(call);                                                            \
    int _ke = errno;                                                                               \
    if (_kr != -1 || _ke != (err)) {                                                               \
      ::ktest::Fail(_metadata, __FILE__, __LINE__,                                                 \
                    std::string(#call) + ": expected -1 with " + strerrorname_np(err) + ", got " + \
                        std::to_string(_kr) +                                                      \
                        (_kr == -1 ? std::string(" with ") + strerrorname_np(_ke) : ""));          \
      if (fatal) ::ktest::AbortTest(_metadata);                                                    \
    }                                                                                              \
  } while (0)
#define ASSERT_ERRNO(call, err) KTEST_ERRNO(call, err, true)
#define EXPECT_ERRNO(call, err) KTEST_ERRNO(call, err, false)

// A system call expected to succeed (not return -1): reports errno otherwise.
#define KTEST_OK(call, fatal)                                                                    \
  do {                                                                                           \
    errno = 0;                                                                                   \
    long _kr = static_cast<long>(call);                                                          \
    if (_kr == -1) {                                                                             \
      int _ke = errno;                                                                           \
      ::ktest::Fail(                                                                             \
          _metadata, __FILE__, __LINE__,                                                         \
          std::string(#call) + " failed: " + strerrorname_np(_ke) + " (" + strerror(_ke) + ")"); \
      if (fatal) ::ktest::AbortTest(_metadata);                                                  \
    }                                                                                            \
  } while (0)
#define ASSERT_OK(call) KTEST_OK(call, true)
#define EXPECT_OK(call) KTEST_OK(call, false)

// Byte strings equal, with both printed in hex on mismatch.
#define KTEST_MEMEQ(a, b, len, fatal)                                                         \
  do {                                                                                        \
    const size_t _kl = (len);                                                                 \
    if (memcmp((a), (b), _kl) != 0) {                                                         \
      ::ktest::Fail(_metadata, __FILE__, __LINE__,                                            \
                    std::string("bytes differ: ") + #a " vs " #b " (" + std::to_string(_kl) + \
                        " bytes), " + ::ktest::FirstDifference((a), (b), _kl));               \
      if (fatal) ::ktest::AbortTest(_metadata);                                               \
    }                                                                                         \
  } while (0)
#define ASSERT_MEMEQ(a, b, len) KTEST_MEMEQ(a, b, len, true)
#define EXPECT_MEMEQ(a, b, len) KTEST_MEMEQ(a, b, len, false)

#define SKIP(...) ::ktest::Skip(__VA_ARGS__)
#define KNOWN_ISSUE(...) ::ktest::KnownIssue(__VA_ARGS__)
#define TH_LOG(...) ::ktest::Diag(__VA_ARGS__)

#define KTEST_MAIN() \
  int main(int argc, char** argv) { return ::ktest::Main(argc, argv); }

#endif  // ARIASUITE_KERNEL_TESTS_HARNESS_H_
