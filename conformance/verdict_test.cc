// The agreement rule: our paths are one vote; a third-party finding needs an independent answer
// that sides with ours; the allowlist never removes the last one.
#include "conformance/verdict.h"

#include <vector>

#include "gtest/gtest.h"

namespace ariasuite::conformance {
namespace {

Vote Ours(const char* path, int answer) { return Vote{std::string("ours/") + path, true, answer}; }
Vote Lib(const char* name, int answer, bool set_aside = false) {
  return Vote{name, false, answer, set_aside};
}

TEST(VerdictTest, AgreementIsNoBlame) {
  Judgement j = Judge({Ours("scalar", 0), Ours("gfni-avx512", 0), Lib("openssl", 0)});
  EXPECT_EQ(j.blame, Blame::kNone);
  EXPECT_EQ(Judge({Ours("scalar", 0)}).blame, Blame::kNone);  // nobody to disagree with
}

TEST(VerdictTest, OurPathsDisagreeingIsOurs) {
  Judgement j =
      Judge({Ours("scalar", 0), Ours("gfni-avx512", 1), Lib("openssl", 0), Lib("botan", 0)});
  EXPECT_EQ(j.blame, Blame::kOurs);
  ASSERT_EQ(j.odd.size(), 2u);
  EXPECT_EQ(j.odd[0], 1u);  // the dissenting path first
  EXPECT_NE(j.reason.find("our paths disagree"), std::string::npos);
}

// The planted scenario of the gate issue: a shared layer wrong on every path, one oracle.
TEST(VerdictTest, EightPathsOfOursAgainstOneOracleIsOurs) {
  std::vector<Vote> votes;
  for (int i = 0; i < 8; ++i) votes.push_back(Ours("p", 1));
  votes.push_back(Lib("openssl", 0));
  Judgement j = Judge(votes);
  EXPECT_EQ(j.blame, Blame::kOurs);
  EXPECT_EQ(j.reason, "no independent answer agrees with ours: openssl disagrees");
}

TEST(VerdictTest, TwoOraclesAgainstOursIsOurs) {
  Judgement j = Judge({Ours("scalar", 1), Lib("botan", 0), Lib("cryptopp", 2)});
  EXPECT_EQ(j.blame, Blame::kOurs);
}

TEST(VerdictTest, ThirdPartyNeedsAnIndependentAnswerOnOurSide) {
  Judgement j = Judge({Ours("scalar", 0), Lib("openssl", 0), Lib("cryptopp", 1)});
  EXPECT_EQ(j.blame, Blame::kThirdParty);
  ASSERT_EQ(j.odd.size(), 1u);
  EXPECT_EQ(j.odd[0], 2u);
  ASSERT_EQ(j.agreeing.size(), 1u);
  EXPECT_EQ(j.agreeing[0], 1u);
  EXPECT_EQ(j.reason, "cryptopp disagrees with ours, and openssl agrees with ours");
}

TEST(VerdictTest, AllowlistCannotRemoveTheOnlyOracle) {
  Judgement j = Judge({Ours("scalar", 1), Lib("botan", 0, /*set_aside=*/true)});
  EXPECT_EQ(j.blame, Blame::kOurs);
  EXPECT_NE(j.reason.find("the allowlist set aside botan"), std::string::npos);
}

TEST(VerdictTest, AllowlistSetsAsideWhenAnotherOracleConfirms) {
  Judgement j =
      Judge({Ours("scalar", 0), Lib("botan", 1, /*set_aside=*/true), Lib("sp800-38f", 0)});
  EXPECT_EQ(j.blame, Blame::kNone);
  // ... but a set-aside agreeing answer is not a confirmation.
  Judgement k = Judge({Ours("scalar", 0), Lib("botan", 1, true), Lib("openssl", 0, true)});
  EXPECT_EQ(k.blame, Blame::kOurs);
}

// The hard cases: one independent answer on our side while another is allowlisted and a third
// disagrees; agreement only with the allowlisted one; the independent majority against ours; our
// vote not first among the votes.
TEST(VerdictTest, OneConfirmingOracleBesideAnAllowlistedOneAndADissenter) {
  Judgement j = Judge({Ours("scalar", 0), Lib("botan", 1, /*set_aside=*/true), Lib("openssl", 0),
                       Lib("cryptopp", 2)});
  EXPECT_EQ(j.blame, Blame::kThirdParty);
  EXPECT_EQ(j.odd, std::vector<size_t>{3});       // cryptopp; botan stays set aside
  EXPECT_EQ(j.agreeing, std::vector<size_t>{2});  // openssl alone confirms ours
  EXPECT_EQ(j.reason, "cryptopp disagrees with ours, and openssl agrees with ours");
}

TEST(VerdictTest, AgreeingOnlyWithTheAllowlistedOracleIsOurs) {
  Judgement j = Judge({Ours("scalar", 1), Lib("botan", 1, /*set_aside=*/true), Lib("openssl", 0)});
  EXPECT_EQ(j.blame, Blame::kOurs);
  EXPECT_TRUE(j.agreeing.empty());
  EXPECT_EQ(j.reason, "no independent answer agrees with ours: openssl disagrees");
}

TEST(VerdictTest, OneOracleOnOurSideOutvotedIsStillThirdParty) {
  // Not a majority vote: two libraries agreeing with each other against ours and a third do not
  // make ours wrong when one independent answer matches ours byte for byte.
  Judgement j = Judge({Ours("scalar", 0), Lib("openssl", 0), Lib("botan", 1), Lib("cryptopp", 1)});
  EXPECT_EQ(j.blame, Blame::kThirdParty);
  EXPECT_EQ(j.odd, (std::vector<size_t>{2, 3}));
  EXPECT_EQ(j.reason, "botan, cryptopp disagree with ours, and openssl agrees with ours");
}

TEST(VerdictTest, OurVoteNeedNotComeFirst) {
  Judgement j = Judge({Lib("openssl", 0), Ours("scalar", 1), Ours("aesni-avx", 1)});
  EXPECT_EQ(j.blame, Blame::kOurs);
  EXPECT_EQ(j.odd, (std::vector<size_t>{1, 2}));
  j = Judge({Lib("openssl", 0), Ours("scalar", 0), Lib("botan", 1, /*set_aside=*/true)});
  EXPECT_EQ(j.blame, Blame::kNone);
  EXPECT_EQ(j.reason, "botan set aside by the allowlist; openssl agrees with ours");
}

}  // namespace
}  // namespace ariasuite::conformance
