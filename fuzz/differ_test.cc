// Checks the Differ's verdicts: agreement, the odd one out (ours or third-party), our paths
// disagreeing among themselves, refusals outside the common domain, plaintext released on a
// refusal, no majority, the allowlist setting a third-party answer aside (never ours), and that
// Check() aborts with the ARIA_MISMATCH first line.
#include "fuzz/differ.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace ariasuite::fuzz {
namespace {

Result Ok(std::vector<uint8_t> out, std::vector<uint8_t> tag = {}) {
  return Accepted(std::move(out), std::move(tag));
}
Result No(const std::string& why = "") { return Refused(why); }

TEST(DifferTest, AgreementAndUnsupportedAnswers) {
  Differ d("gcm-seal");
  d.Add("ours/scalar", true, Ok({1, 2}, {3}));
  d.Add("ours/gfni-avx512", true, Ok({1, 2}, {3}));
  d.Add("openssl", false, Ok({1, 2}, {3}));
  d.Add("kernel", false, std::nullopt);  // does not support: never compared
  d.Add("botan", false, No("a"));
  d.Add("cryptopp", false, No("b"));
  EXPECT_EQ(d.Verdict(), "ARIA_MISMATCH gcm-seal botan vs ours/scalar");
  Differ e("gcm-open");
  e.Add("ours/scalar", true, No("kAuthFailed"));
  e.Add("openssl", false, No("EVP_DecryptFinal_ex"));
  e.Add("kernel", false, std::nullopt);
  EXPECT_EQ(e.Verdict(), "");
}

TEST(DifferTest, NamesTheOddOneOut) {
  Differ d("gcm-seal");
  d.Add("ours/scalar", true, Ok({1}));
  d.Add("ours/gfni-avx512", true, Ok({1}));
  d.Add("openssl", false, Ok({1}));
  d.Add("botan", false, Ok({9}));
  EXPECT_EQ(d.Verdict(), "ARIA_MISMATCH gcm-seal botan vs ours/scalar");
  Differ e("ecb-encrypt");
  e.Add("ours/scalar", true, Ok({1}));
  e.Add("ours/gfni-avx512", true, Ok({2}));
  e.Add("openssl", false, Ok({1}));
  e.Add("botan", false, Ok({1}));
  EXPECT_EQ(e.Verdict(), "ARIA_MISMATCH ecb-encrypt ours/gfni-avx512 vs ours/scalar");
}

TEST(DifferTest, OurPathsMustAgreeEvenOnRefusals) {
  Differ d("gcm-seal");
  d.IgnoreRefusals("tag length outside 12..16");
  d.Add("ours/scalar", true, Ok({1}, {2}));
  d.Add("ours/aesni-avx", true, No("kBadTagLength"));
  d.Add("openssl", false, Ok({1}, {2}));
  EXPECT_EQ(d.Verdict(), "ARIA_MISMATCH gcm-seal ours/aesni-avx vs ours/scalar");
}

TEST(DifferTest, IgnoreRefusalsStillComparesOutputs) {
  Differ d("gcm-seal");
  d.IgnoreRefusals("tag length outside 12..16");
  d.Add("ours/scalar", true, No("kBadTagLength"));
  d.Add("ours/aesni-avx", true, No("kBadTagLength"));
  d.Add("openssl", false, Ok({1}, {2}));
  d.Add("cryptopp", false, Ok({1}, {2}));
  EXPECT_EQ(d.Verdict(), "");
  d.Add("botan", false, Ok({1}, {3}));
  EXPECT_EQ(d.Verdict(), "ARIA_MISMATCH gcm-seal botan vs openssl");
}

TEST(DifferTest, RefusalMustNotReleaseOutput) {
  Differ d("gcm-open");
  d.Add("ours/scalar", true, No());
  Result leak = No("bad tag");
  leak.output = {7, 7};
  d.Add("openssl", false, leak);
  EXPECT_EQ(d.Verdict(), "ARIA_MISMATCH gcm-open openssl vs released-output-on-refusal");
}

TEST(DifferTest, BrokenBackendAgreesWithNobody) {
  Differ d("gcm-open");
  d.Add("ours/scalar", true, No());
  d.Add("openssl", false, No());
  Result broken = No();
  broken.error = "adapter died";
  d.Add("boringssl", false, broken);
  EXPECT_EQ(d.Verdict(), "ARIA_MISMATCH gcm-open boringssl vs ours/scalar");
}

TEST(DifferTest, NoMajority) {
  Differ d("ctr-encrypt");
  d.Add("ours/scalar", true, Ok({1}));
  d.Add("openssl", false, Ok({2}));
  EXPECT_EQ(d.Verdict(), "ARIA_MISMATCH ctr-encrypt ours/scalar vs openssl");
}

TEST(DifferTest, AllowlistSetsAThirdPartyAnswerAside) {
  std::vector<AllowEntry> entries;
  std::string error;
  ASSERT_TRUE(ParseAllowlist("gcm-seal botan iv_len=0 r.json # test entry\n", "t", &entries,
                             &error));
  Differ d("gcm-seal");
  d.UseAllowlist(&entries);
  d.Param("iv_len", 0);
  d.Add("ours/scalar", true, No());
  d.Add("openssl", false, No());
  d.Add("botan", false, Ok({1}));
  EXPECT_EQ(d.Verdict(), "");
  EXPECT_TRUE(d.used_allowlist());

  Differ pair("gcm-seal");  // no majority: the allowlisted one is still set aside
  pair.UseAllowlist(&entries);
  pair.Param("iv_len", 0);
  pair.Add("openssl", false, Ok({2}));
  pair.Add("botan", false, Ok({1}));
  EXPECT_EQ(pair.Verdict(), "");

  Differ ours("gcm-seal");  // never for our paths
  ours.UseAllowlist(&entries);
  ours.Param("iv_len", 0);
  ours.Add("ours/scalar", true, Ok({2}));
  ours.Add("ours/aesni-avx", true, Ok({3}));
  ours.Add("botan", false, Ok({1}));
  EXPECT_EQ(ours.Verdict(), "ARIA_MISMATCH gcm-seal ours/scalar vs ours/aesni-avx");

  Differ other("gcm-seal");  // a condition that does not hold
  other.UseAllowlist(&entries);
  other.Param("iv_len", 1);
  other.Add("ours/scalar", true, No());
  other.Add("openssl", false, No());
  other.Add("botan", false, Ok({1}));
  EXPECT_EQ(other.Verdict(), "ARIA_MISMATCH gcm-seal botan vs ours/scalar");
}

TEST(DifferDeathTest, CheckAbortsWithTheStableFirstLine) {
  Differ d("gcm-seal");
  d.Input("key", {0xab, 0xcd});
  d.Add("ours/scalar", true, Ok({1}));
  d.Add("openssl", false, Ok({1}));
  d.Add("botan", false, Ok({2}));
  EXPECT_DEATH(d.Check(), "^ARIA_MISMATCH gcm-seal botan vs ours/scalar\n"
                          "(.|\n)*input key: abcd(.|\n)*answer botan: output=02(.|\n)*"
                          "odd one out: botan \\(third-party(.|\n)*cpu:");
}

}  // namespace
}  // namespace ariasuite::fuzz
