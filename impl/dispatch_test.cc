// Dispatch: the support decision follows CPUID/XGETBV and each path's real needs, the table handed
// out for a path is that path's, the path asked for is the one that actually runs (counted through
// impl/testing/dispatch_counting.h), and ARIASUITE_IMPL forces a path; a bad one is an error
// returned by ImplFromEnvironment (the library never exits; the CLIs exit 2,
// tools/bench/impls_env_test.sh).
#include "impl/dispatch.h"

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "impl/aria.h"
#include "impl/cpu_features.h"
#include "impl/gcm.h"
#include "impl/modes.h"
#include "impl/testing/dispatch_counting.h"

namespace ariasuite {
namespace {

CpuFeatures AllFeatures() {
  CpuFeatures f;
  f.ssse3 = f.pclmulqdq = f.aesni = f.avx = f.avx2 = f.gfni = f.vaes = f.vpclmulqdq = true;
  f.avx512f = f.avx512bw = f.avx512vl = f.os_ymm = f.os_zmm = true;
  return f;
}

TEST(CpuFeaturesTest, EachMissingFeatureIsNamed) {
  std::string missing;
  EXPECT_TRUE(PathRunsOn(Impl::kGfniAvx512, AllFeatures(), &missing));
  EXPECT_TRUE(PathRunsOn(Impl::kScalar, CpuFeatures{}, &missing));

  CpuFeatures f = AllFeatures();
  f.gfni = false;
  EXPECT_FALSE(PathRunsOn(Impl::kGfniAvx2, f, &missing));
  EXPECT_EQ(missing, "GFNI");
  EXPECT_TRUE(PathRunsOn(Impl::kAesniAvx, f, &missing));
  EXPECT_TRUE(PathRunsOn(Impl::kAesniAvx2, f, &missing));

  f = AllFeatures();
  f.avx2 = false;  // Sandy Bridge / Ivy Bridge: AES-NI and AVX only.
  EXPECT_FALSE(PathRunsOn(Impl::kAesniAvx2, f, &missing));
  EXPECT_EQ(missing, "AVX2");
  EXPECT_TRUE(PathRunsOn(Impl::kAesniAvx, f, &missing));

  f = AllFeatures();
  f.vpclmulqdq = false;  // aesni-avx2 uses xmm PCLMULQDQ only.
  EXPECT_TRUE(PathRunsOn(Impl::kAesniAvx2, f, &missing));
  f.pclmulqdq = false;
  EXPECT_FALSE(PathRunsOn(Impl::kAesniAvx2, f, &missing));
  EXPECT_EQ(missing, "PCLMULQDQ");

  f = AllFeatures();
  f.gfni = false;  // Zen 3: VAES and VPCLMULQDQ without GFNI.
  EXPECT_TRUE(PathRunsOn(Impl::kVaesAvx2, f, &missing));
  f.vaes = false;  // Haswell to Skylake: AES-NI only.
  EXPECT_FALSE(PathRunsOn(Impl::kVaesAvx2, f, &missing));
  EXPECT_EQ(missing, "VAES");
  EXPECT_TRUE(PathRunsOn(Impl::kAesniAvx2, f, &missing));

  f = AllFeatures();
  f.os_zmm = false;  // AVX-512 CPU, but the OS does not save ZMM/opmask state.
  EXPECT_FALSE(PathRunsOn(Impl::kGfniAvx512, f, &missing));
  EXPECT_EQ(missing, "OS ZMM state");
  EXPECT_TRUE(PathRunsOn(Impl::kGfniAvx2, f, &missing));

  f = AllFeatures();
  f.avx512bw = false;
  EXPECT_FALSE(PathRunsOn(Impl::kGfniAvx512, f, &missing));
  EXPECT_EQ(missing, "AVX512BW");

  f = AllFeatures();
  f.os_ymm = false;
  EXPECT_FALSE(PathRunsOn(Impl::kAesniAvx, f, &missing));
  EXPECT_EQ(missing, "OS YMM state");

  f = AllFeatures();
  f.aesni = false;
  EXPECT_FALSE(PathRunsOn(Impl::kAesniAvx, f, &missing));
  EXPECT_EQ(missing, "AES-NI");
  EXPECT_FALSE(PathRunsOn(Impl::kAesniAvx2, f, &missing));
  EXPECT_EQ(missing, "AES-NI");

  f = AllFeatures();
  f.vpclmulqdq = false;
  EXPECT_FALSE(PathRunsOn(Impl::kGfniAvx2, f, &missing));
  EXPECT_EQ(missing, "VPCLMULQDQ");
}

TEST(CpuFeaturesTest, NamesListWhatIsThere) {
  EXPECT_EQ(CpuFeatureNames(CpuFeatures{}), "");
  CpuFeatures f;
  f.aesni = f.vaes = f.os_zmm = true;
  EXPECT_EQ(CpuFeatureNames(f), "aes vaes os-zmm");
  f = AllFeatures();
  EXPECT_EQ(
      CpuFeatureNames(f),
      "ssse3 pclmulqdq aes avx avx2 gfni vaes vpclmulqdq avx512f avx512bw avx512vl os-ymm os-zmm");
}

TEST(DispatchTest, SupportFollowsHostFeatures) {
  for (Impl impl : AllImpls()) {
    std::string a, b;
    const bool host = PathRunsOn(impl, HostCpuFeatures(), &a);
    EXPECT_EQ(IsSupported(impl, &b), host) << ImplName(impl);
    EXPECT_EQ(a, b);
    const internal::Backend* backend = BackendFor(impl);
    if (host) {
      ASSERT_NE(backend, nullptr) << ImplName(impl);
      EXPECT_EQ(backend->impl, impl);
      EXPECT_STREQ(backend->name, ImplName(impl));
    } else {
      EXPECT_EQ(backend, nullptr) << ImplName(impl);
    }
  }
  EXPECT_EQ(AvailableImpls().front(), Impl::kScalar);
}

class DispatchPathTest : public ::testing::TestWithParam<Impl> {
 protected:
  void SetUp() override {
    std::string missing;
    if (!IsSupported(GetParam(), &missing)) {
      GTEST_SKIP() << ImplName(GetParam()) << " needs " << missing << ", which this CPU/OS lacks";
    }
  }
  void TearDown() override { internal::SetBackendCallCounting(false); }
};

// The path asked for is the one whose code runs, and no other path's.
TEST_P(DispatchPathTest, RequestedPathActuallyRuns) {
  const Impl impl = GetParam();
  uint8_t key_bytes[16] = {1, 2, 3};
  AriaKey key;
  ASSERT_EQ(AriaSetEncryptKey(&key, key_bytes, 16), Status::kOk);
  std::vector<uint8_t> in(16 * 100, 0x5a), out(in.size()), ref(in.size());
  ASSERT_EQ(AriaEcb(Impl::kScalar, key, ref.data(), in.data(), in.size()), Status::kOk);

  internal::SetBackendCallCounting(true);
  ASSERT_EQ(AriaEcb(impl, key, out.data(), in.data(), in.size()), Status::kOk);
  EXPECT_EQ(out, ref);
  AriaGcmKey gcm_key;
  ASSERT_EQ(gcm_key.Init(impl, key_bytes, 16), Status::kOk);
  uint8_t iv[12] = {}, tag[16];
  ASSERT_EQ(AriaGcmSeal(gcm_key, out.data(), tag, 16, iv, 12, in.data(), in.size(), nullptr, 0),
            Status::kOk);
  EXPECT_EQ(internal::CallsOnlyOn(impl, 3), "");
}

INSTANTIATE_TEST_SUITE_P(Paths, DispatchPathTest,
                         ::testing::Values(Impl::kScalar, Impl::kAesniAvx, Impl::kAesniAvx2,
                                           Impl::kVaesAvx2, Impl::kGfniAvx2, Impl::kGfniAvx512),
                         [](const ::testing::TestParamInfo<Impl>& info) {
                           std::string name = ImplName(info.param);
                           std::string out;
                           bool up = true;
                           for (char c : name) {
                             if (c == '-') {
                               up = true;
                               continue;
                             }
                             out += up ? static_cast<char>(std::toupper(c)) : c;
                             up = false;
                           }
                           return out;
                         });

// DefaultImpl is chosen once per process, so each case runs in a fresh child (threadsafe style
// re-executes the binary).
class DefaultImplDeathTest : public ::testing::Test {
 protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

TEST(ImplFromEnvironmentTest, UnknownNameIsAnErrorNotAnExit) {
  setenv("ARIASUITE_IMPL", "sse9", 1);
  std::string error;
  EXPECT_EQ(ImplFromEnvironment(&error), std::nullopt);
  EXPECT_EQ(error,
            "ARIASUITE_IMPL=sse9 is not a known path (scalar, aesni-avx, aesni-avx2, vaes-avx2, "
            "gfni-avx2, gfni-avx512)");
  unsetenv("ARIASUITE_IMPL");
}

TEST(ImplFromEnvironmentTest, UnsupportedPathNamesTheMissingFeature) {
  for (Impl impl : AllImpls()) {
    std::string missing;
    if (IsSupported(impl, &missing)) continue;
    setenv("ARIASUITE_IMPL", ImplName(impl), 1);
    std::string error;
    EXPECT_EQ(ImplFromEnvironment(&error), std::nullopt);
    EXPECT_EQ(error, std::string("ARIASUITE_IMPL=") + ImplName(impl) +
                         " cannot run here: missing " + missing);
  }
  unsetenv("ARIASUITE_IMPL");
}

TEST(ImplFromEnvironmentTest, ForcedAndUnsetPaths) {
  std::string error;
  for (Impl impl : AvailableImpls()) {
    setenv("ARIASUITE_IMPL", ImplName(impl), 1);
    EXPECT_EQ(ImplFromEnvironment(&error), impl);
  }
  setenv("ARIASUITE_IMPL", "", 1);
  EXPECT_EQ(ImplFromEnvironment(&error), AvailableImpls().back());
  unsetenv("ARIASUITE_IMPL");
  EXPECT_EQ(ImplFromEnvironment(&error), AvailableImpls().back());
  EXPECT_EQ(error, "");
}

// A bad ARIASUITE_IMPL does not end the process: DefaultImpl falls back to the widest path.
TEST_F(DefaultImplDeathTest, UnknownNameFallsBackWithoutExiting) {
  EXPECT_EXIT(
      {
        setenv("ARIASUITE_IMPL", "sse9", 1);
        std::exit(DefaultImpl() == AvailableImpls().back() ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(DefaultImplDeathTest, ForcedPathIsUsed) {
  for (Impl impl : AvailableImpls()) {
    SCOPED_TRACE(ImplName(impl));
    EXPECT_EXIT(
        {
          setenv("ARIASUITE_IMPL", ImplName(impl), 1);
          internal::SetBackendCallCounting(true);
          uint8_t key_bytes[16] = {9};
          AriaKey key;
          uint8_t block[64] = {};
          bool ok = DefaultImpl() == impl &&
                    AriaSetEncryptKey(&key, key_bytes, 16) == Status::kOk &&
                    AriaEcb(DefaultImpl(), key, block, block, sizeof(block)) == Status::kOk &&
                    internal::BackendCalls(impl) > 0;
          std::exit(ok ? 0 : 1);
        },
        ::testing::ExitedWithCode(0), "");
  }
}

TEST_F(DefaultImplDeathTest, UnsetPicksWidestSupported) {
  EXPECT_EXIT(
      {
        unsetenv("ARIASUITE_IMPL");
        std::exit(DefaultImpl() == AvailableImpls().back() ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace ariasuite
