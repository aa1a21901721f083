// Checks the Differ's verdicts under the one-vote rule (conformance/verdict.h): agreement, a
// third-party finding only when an independent answer sides with ours, our paths disagreeing
// among themselves, a shared layer of ours wrong against a single oracle, refusals outside the
// common domain, output released on a refusal, a crashed library (never a refusal), the allowlist
// setting a third-party answer aside (never ours, never the last confirming one), Check() aborting
// with the ARIA_MISMATCH first line only when ours is blamed, and going on after a third-party
// finding.
#include "fuzz/differ.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace ariasuite::fuzz {
namespace {

TEST(DifferTest, AgreementAndUnsupportedAnswers) {
  Differ d("gcm-seal");
  d.Add("ours/scalar", true, Accepted({1, 2}, {3}));
  d.Add("ours/gfni-avx512", true, Accepted({1, 2}, {3}));
  d.Add("openssl", false, Accepted({1, 2}, {3}));
  d.Add("kernel", false, std::nullopt);  // does not support: never compared
  d.Add("botan", false, Refused("a"));
  d.Add("cryptopp", false, Refused("b"));
  EXPECT_EQ(d.Verdict(), "ARIA_THIRD_PARTY gcm-seal botan vs openssl");
  Differ e("gcm-open");
  e.Add("ours/scalar", true, Refused("kAuthFailed"));
  e.Add("openssl", false, Refused("EVP_DecryptFinal_ex"));
  e.Add("kernel", false, std::nullopt);
  EXPECT_EQ(e.Verdict(), "");
}

TEST(DifferTest, NamesTheOddOneOut) {
  Differ d("gcm-seal");
  d.Add("ours/scalar", true, Accepted({1}));
  d.Add("ours/gfni-avx512", true, Accepted({1}));
  d.Add("openssl", false, Accepted({1}));
  d.Add("botan", false, Accepted({9}));
  EXPECT_EQ(d.Verdict(), "ARIA_THIRD_PARTY gcm-seal botan vs openssl");
  Differ e("ecb-encrypt");
  e.Add("ours/scalar", true, Accepted({1}));
  e.Add("ours/gfni-avx512", true, Accepted({2}));
  e.Add("openssl", false, Accepted({1}));
  e.Add("botan", false, Accepted({1}));
  EXPECT_EQ(e.Verdict(), "ARIA_MISMATCH ecb-encrypt ours/gfni-avx512 vs ours/scalar");
}

TEST(DifferTest, OurPathsMustAgreeEvenOnRefusals) {
  Differ d("gcm-seal");
  d.IgnoreRefusals("tag length outside 12..16");
  d.Add("ours/scalar", true, Accepted({1}, {2}));
  d.Add("ours/aesni-avx", true, Refused("kBadTagLength"));
  d.Add("openssl", false, Accepted({1}, {2}));
  EXPECT_EQ(d.Verdict(), "ARIA_MISMATCH gcm-seal ours/aesni-avx vs ours/scalar");
}

TEST(DifferTest, IgnoreRefusalsStillComparesOutputs) {
  Differ d("gcm-seal");
  d.IgnoreRefusals("tag length outside 12..16");
  d.Add("ours/scalar", true, Refused("kBadTagLength"));
  d.Add("ours/aesni-avx", true, Refused("kBadTagLength"));
  d.Add("openssl", false, Accepted({1}, {2}));
  d.Add("cryptopp", false, Accepted({1}, {2}));
  EXPECT_EQ(d.Verdict(), "");
  d.Add("botan", false, Accepted({1}, {3}));
  EXPECT_EQ(d.Verdict(), "ARIA_THIRD_PARTY gcm-seal botan vs openssl");
}

TEST(DifferTest, RefusalMustNotReleaseOutput) {
  Differ d("gcm-open");
  d.Add("ours/scalar", true, Refused());
  Result leak = Refused("bad tag");
  leak.output = {7, 7};
  d.Add("openssl", false, leak);
  EXPECT_EQ(d.Verdict(), "ARIA_THIRD_PARTY gcm-open openssl vs ours/scalar");
  Differ e("gcm-open");
  e.Add("ours/scalar", true, leak);
  e.Add("openssl", false, Refused());
  EXPECT_EQ(e.Verdict(), "ARIA_MISMATCH gcm-open ours/scalar vs released-output-on-refusal");
}

TEST(DifferTest, BrokenBackendAgreesWithNobody) {
  Differ d("gcm-open");
  d.Add("ours/scalar", true, Refused());
  d.Add("openssl", false, Refused());
  Result broken = Refused();
  broken.error = "adapter died";
  d.Add("boringssl", false, broken);
  EXPECT_EQ(d.Verdict(), "ARIA_THIRD_PARTY gcm-open boringssl vs openssl");
}

// A library that crashed agrees with nobody and is no refusal, even where refusals are left out of
// the comparison: a divergence reported (and set aside by an allowlist entry) like any other.
TEST(DifferTest, CrashedLibraryIsADivergenceNotARefusal) {
  Differ d("kw-unwrap");
  d.Add("ours/scalar", true, Refused());
  d.Add("sp800-38f", false, Refused());
  d.Add("bouncycastle", false, oracles::Crashed("NegativeArraySizeException: -8"));
  EXPECT_EQ(d.Verdict(), "ARIA_THIRD_PARTY kw-unwrap bouncycastle vs sp800-38f");
  Differ outside("gcm-seal");  // refusals left out of the comparison, the crash is not
  outside.IgnoreRefusals("a tag length outside every library's domain");
  outside.Add("ours/scalar", true, Accepted({1}, {2}));
  outside.Add("openssl", false, Accepted({1}, {2}));
  outside.Add("botan", false, Refused());
  outside.Add("bouncycastle", false, oracles::Crashed("ArrayIndexOutOfBoundsException"));
  EXPECT_EQ(outside.Verdict(), "ARIA_THIRD_PARTY gcm-seal bouncycastle vs openssl");
  std::vector<AllowEntry> entries;
  std::string error;
  ASSERT_TRUE(ParseAllowlist("kw-unwrap bouncycastle input_len<24 r.json # test entry\n", "t",
                             &entries, &error));
  Differ allowed("kw-unwrap");
  allowed.UseAllowlist(&entries);
  allowed.Param("input_len", 0);
  allowed.Add("ours/scalar", true, Refused());
  allowed.Add("sp800-38f", false, Refused());
  allowed.Add("bouncycastle", false, oracles::Crashed("NegativeArraySizeException: -8"));
  EXPECT_EQ(allowed.Verdict(), "");
  EXPECT_TRUE(allowed.used_allowlist());
}

// A shared layer of ours wrong on every path, with a single oracle answering (as OpenSSL alone in
// aria_gcm_stream): the majority of our paths must not outvote it.
TEST(DifferTest, SharedLayerOfOursWrongAgainstOneOracleIsOurs) {
  Differ d("gcm-seal");
  for (const char* p : {"ours/scalar", "ours/aesni-avx", "ours/aesni-avx2", "ours/vaes-avx2",
                        "ours/gfni-avx2", "ours/gfni-avx512"}) {
    d.Add(p, true, Accepted({9}, {9}));
  }
  d.Add("openssl", false, Accepted({1}, {2}));
  d.Add("kernel", false, std::nullopt);
  EXPECT_EQ(d.Verdict(), "ARIA_MISMATCH gcm-seal ours/scalar vs openssl");
  // Two oracles that agree with each other against ours: still ours.
  d.Add("botan", false, Accepted({1}, {2}));
  EXPECT_EQ(d.Verdict(), "ARIA_MISMATCH gcm-seal ours/scalar vs openssl");
}

TEST(DifferTest, NoMajority) {
  Differ d("ctr-encrypt");
  d.Add("ours/scalar", true, Accepted({1}));
  d.Add("openssl", false, Accepted({2}));
  EXPECT_EQ(d.Verdict(), "ARIA_MISMATCH ctr-encrypt ours/scalar vs openssl");
}

TEST(DifferTest, AllowlistSetsAThirdPartyAnswerAside) {
  std::vector<AllowEntry> entries;
  std::string error;
  ASSERT_TRUE(
      ParseAllowlist("gcm-seal botan iv_len=0 r.json # test entry\n", "t", &entries, &error));
  Differ d("gcm-seal");
  d.UseAllowlist(&entries);
  d.Param("iv_len", 0);
  d.Add("ours/scalar", true, Refused());
  d.Add("openssl", false, Refused());
  d.Add("botan", false, Accepted({1}));
  EXPECT_EQ(d.Verdict(), "");
  EXPECT_TRUE(d.used_allowlist());

  Differ pair("gcm-seal");  // no majority: the allowlisted one is still set aside
  pair.UseAllowlist(&entries);
  pair.Param("iv_len", 0);
  pair.Add("openssl", false, Accepted({2}));
  pair.Add("botan", false, Accepted({1}));
  EXPECT_EQ(pair.Verdict(), "");

  Differ outside("gcm-seal");      // ours refused outside the common domain: the majority of the
  outside.UseAllowlist(&entries);  // independent answers judges, and the allowlist still applies
  outside.IgnoreRefusals("tag length 1..11");
  outside.Param("iv_len", 0);
  outside.Add("ours/scalar", true, Refused());
  outside.Add("openssl", false, Accepted({2}));
  outside.Add("boringssl", false, Accepted({2}));
  outside.Add("botan", false, Accepted({1}));
  EXPECT_EQ(outside.Verdict(), "");

  Differ ours("gcm-seal");  // never for our paths
  ours.UseAllowlist(&entries);
  ours.Param("iv_len", 0);
  ours.Add("ours/scalar", true, Accepted({2}));
  ours.Add("ours/aesni-avx", true, Accepted({3}));
  ours.Add("botan", false, Accepted({1}));
  EXPECT_EQ(ours.Verdict(), "ARIA_MISMATCH gcm-seal ours/aesni-avx vs ours/scalar");

  Differ other("gcm-seal");  // a condition that does not hold
  other.UseAllowlist(&entries);
  other.Param("iv_len", 1);
  other.Add("ours/scalar", true, Refused());
  other.Add("openssl", false, Refused());
  other.Add("botan", false, Accepted({1}));
  EXPECT_EQ(other.Verdict(), "ARIA_THIRD_PARTY gcm-seal botan vs openssl");
}

// The planted scenario of the gate issue: an entry that sets aside the only oracle must not let
// any answer of ours pass.
TEST(DifferTest, AllowlistNeverRemovesTheLastConfirmingOracle) {
  std::vector<AllowEntry> entries;
  std::string error;
  ASSERT_TRUE(ParseAllowlist("kw-wrap botan * r.json # test entry\n", "t", &entries, &error));
  Differ d("kw-wrap");
  d.UseAllowlist(&entries);
  d.Add("ours/scalar", true, Accepted({9}));
  d.Add("ours/gfni-avx512", true, Accepted({9}));
  d.Add("botan", false, Accepted({1}));
  EXPECT_EQ(d.Verdict(), "ARIA_MISMATCH kw-wrap ours/scalar vs botan");
  // With a second, independent oracle on our side the entry applies.
  d.Add("sp800-38f", false, Accepted({9}));
  EXPECT_EQ(d.Verdict(), "");
  EXPECT_TRUE(d.used_allowlist());
}

// CFB1 has one library oracle (OpenSSL; Botan and Crypto++ answer unsupported): alone against ours
// it blames ours; the sp800-38a oracle (fuzz_common's AriaBackends) siding with ours makes the same
// disagreement a finding about OpenSSL.
TEST(DifferTest, Sp80038aIsTheSecondVoteOnCfb1) {
  Differ d("cfb1-encrypt");
  d.Add("ours/scalar", true, Accepted({9}));
  d.Add("ours/gfni-avx512", true, Accepted({9}));
  d.Add("openssl", false, Accepted({1}));
  d.Add("botan", false, std::nullopt);
  d.Add("cryptopp", false, std::nullopt);
  EXPECT_EQ(d.Verdict(), "ARIA_MISMATCH cfb1-encrypt ours/scalar vs openssl");
  d.Add("sp800-38a", false, Accepted({9}));
  EXPECT_EQ(d.Verdict().rfind("ARIA_THIRD_PARTY cfb1-encrypt openssl vs ", 0), 0u) << d.Verdict();
}

TEST(DifferDeathTest, CheckAbortsWithTheStableFirstLineWhenOursIsWrong) {
  Differ d("gcm-seal");
  d.Input("key", {0xab, 0xcd});
  d.Add("ours/scalar", true, Accepted({1}));
  d.Add("openssl", false, Accepted({2}));
  d.Add("botan", false, Accepted({2}));
  EXPECT_DEATH(d.Check(),
               "^ARIA_MISMATCH gcm-seal ours/scalar vs openssl\n"
               "(.|\n)*input key: abcd(.|\n)*answer botan: output=02(.|\n)*"
               "verdict: ours is wrong(.|\n)*cpu:");
}

TEST(DifferTest, ThirdPartyFindingIsRecordedAndFuzzingGoesOn) {
  auto round = [] {
    Differ d("cmac");
    d.Add("ours/scalar", true, Accepted({}, {1}));
    d.Add("openssl", false, Accepted({}, {1}));
    d.Add("cryptopp", false, Accepted({}, {}));
    d.Check();  // returns: a finding about Crypto++, not ours
  };
  const int before = ThirdPartyRecords()["cmac cryptopp"].count;
  round();
  round();
  EXPECT_EQ(ThirdPartyRecords()["cmac cryptopp"].count, before + 2);
}

}  // namespace
}  // namespace ariasuite::fuzz
