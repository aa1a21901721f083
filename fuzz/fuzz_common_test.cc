// fuzz_common's AriaBackends(): the independent judges each mode needs are asked, so every fuzz
// target that compares ARIA answers counts them as votes. For CFB/OFB that is the sp800-38a oracle
// (CFB1's only judge beside OpenSSL), for KW/KWP sp800-38f, for GCM sp800-38d.
#include "fuzz/fuzz_common.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "fuzz/differ.h"
#include "gtest/gtest.h"

namespace ariasuite::fuzz {
namespace {

Request Cfb1(oracles::Bytes input) {
  Request r;
  r.op = Op::kCfb1Encrypt;
  r.key.assign(16, 0x2b);
  r.iv.assign(16, 0x01);
  r.input = std::move(input);
  return r;
}

// The mode byte of aria_modes' inputs: the writer's ModeByte and the reader's Kind() agree on every
// fuzzed mode, and the committed order holds (ECB, CBC, CTR first: make_seeds writes k % 3; byte 7
// of an input written with 8 kinds is KWP).
TEST(FuzzCommonTest, ModeByteAndKindAgree) {
  for (ModeKind kind : kFuzzedModes) {
    ModesCase c;
    c.mode = ModeByte(kind);
    EXPECT_EQ(c.Kind(), kind) << oracles::ModeName(kind);
    c.mode += kFuzzedModes.size();
    EXPECT_EQ(c.Kind(), kind) << oracles::ModeName(kind);
    EXPECT_NE(kind, ModeKind::kGcm);
  }
  EXPECT_EQ(kFuzzedModes[0], ModeKind::kEcb);
  EXPECT_EQ(kFuzzedModes[1], ModeKind::kCbc);
  EXPECT_EQ(kFuzzedModes[2], ModeKind::kCtr);
  EXPECT_EQ(kFuzzedModes[7], ModeKind::kKwp);
}

TEST(FuzzCommonTest, AriaBackendsAskTheStandardsOracles) {
  for (const char* name : {"openssl", "sp800-38a", "sp800-38d", "sp800-38f", "bouncycastle"}) {
    bool found = false;
    for (Backend* b : AriaBackends()) found |= b->name() == name;
    EXPECT_TRUE(found) << name;
  }
}

// ARIASUITE_FUZZ_WITHOUT leaves oracles out (to measure a fuzzer without one); ours and names
// that are not oracles of the ARIA targets are refused with exit 2.
TEST(FuzzCommonTest, FuzzWithoutLeavesOraclesOut) {
  setenv("ARIASUITE_FUZZ_WITHOUT", "bouncycastle,botan", 1);
  std::vector<std::string> names = AriaBackendNames();
  EXPECT_EQ(std::count(names.begin(), names.end(), "bouncycastle"), 0);
  EXPECT_EQ(std::count(names.begin(), names.end(), "botan"), 0);
  EXPECT_EQ(std::count(names.begin(), names.end(), "openssl"), 1);
  setenv("ARIASUITE_FUZZ_WITHOUT", "ours", 1);
  EXPECT_EXIT(AriaBackendNames(), ::testing::ExitedWithCode(2), "'ours' is not an oracle");
  setenv("ARIASUITE_FUZZ_WITHOUT", "bouncycastl", 1);
  EXPECT_EXIT(AriaBackendNames(), ::testing::ExitedWithCode(2), "'bouncycastl' is not an oracle");
  unsetenv("ARIASUITE_FUZZ_WITHOUT");
  names = AriaBackendNames();
  EXPECT_EQ(std::count(names.begin(), names.end(), "bouncycastle"), 1);
}

// A CFB1 request through AskAll: ours, OpenSSL and sp800-38a answer, all the same bytes, and the
// differ finds nothing to report.
TEST(FuzzCommonTest, Cfb1IsAnsweredBySp80038aAndOpenSsl) {
  Differ differ("cfb1-encrypt");
  const Request r = Cfb1({0x6b, 0xc1, 0xbe, 0xe2, 0x2e});
  const Answers answers = AskAll(&differ, AriaBackends(), r);
  for (const char* name : {"sp800-38a", "openssl", "ours/scalar"}) {
    ASSERT_TRUE(answers.count(name)) << name << " was not asked";
  }
  const auto& oracle = answers.at("sp800-38a");
  const auto& openssl = answers.at("openssl");
  const auto& ours = answers.at("ours/scalar");
  ASSERT_TRUE(oracle && oracle->accepted);
  ASSERT_TRUE(openssl && openssl->accepted);
  ASSERT_TRUE(ours && ours->accepted);
  EXPECT_EQ(oracle->output, openssl->output);
  EXPECT_EQ(oracle->output, ours->output);
  EXPECT_EQ(differ.Verdict(), "");
}

}  // namespace
}  // namespace ariasuite::fuzz
