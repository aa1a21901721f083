// Checks the allowlist parser (good and malformed lines, conditions) and the committed
// fuzz/allowlist.txt itself: it parses, names no path of ours, and every reproducer it cites
// exists.
#include "fuzz/allowlist.h"

#include <sys/stat.h>

#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"

namespace ariasuite::fuzz {
namespace {

TEST(AllowlistTest, ParsesEntriesAndMatchesConditions) {
  std::vector<AllowEntry> entries;
  std::string error;
  ASSERT_TRUE(ParseAllowlist(
      "# comment\n\ngcm-seal botan iv_len>128,tag_len<4 fuzz/reproducers/a.json # why\n"
      "cmac cryptopp * fuzz/reproducers/b.json # because\n",
      "t", &entries, &error))
      << error;
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].line, 3);
  EXPECT_EQ(entries[0].reason, "why");
  std::map<std::string, int64_t> p = {{"iv_len", 200}, {"tag_len", 3}};
  EXPECT_TRUE(Allowed(entries, "gcm-seal", "botan", p));
  EXPECT_FALSE(Allowed(entries, "gcm-seal", "openssl", p));
  EXPECT_FALSE(Allowed(entries, "gcm-open", "botan", p));
  p["tag_len"] = 4;
  EXPECT_FALSE(Allowed(entries, "gcm-seal", "botan", p));
  EXPECT_FALSE(Allowed(entries, "gcm-seal", "botan", {{"iv_len", 200}}));  // tag_len absent
  EXPECT_TRUE(Allowed(entries, "cmac", "cryptopp", {}));
}

TEST(AllowlistTest, RejectsMalformedLinesWithFileAndLine) {
  std::vector<AllowEntry> entries;
  std::string error;
  EXPECT_FALSE(ParseAllowlist("gcm-seal botan * r.json\n", "f", &entries, &error));
  EXPECT_EQ(error, "f:1: entry without a reason (`# why` at the end of the line)");
  EXPECT_FALSE(ParseAllowlist("\ngcm-seal botan * # why\n", "f", &entries, &error));
  EXPECT_NE(error.find("f:2: expected"), std::string::npos) << error;
  EXPECT_FALSE(ParseAllowlist("gcm-seal ours/scalar * r.json # no\n", "f", &entries, &error));
  EXPECT_NE(error.find("never allowlisted"), std::string::npos) << error;
  EXPECT_FALSE(ParseAllowlist("gcm-seal botan iv_len~3 r.json # x\n", "f", &entries, &error));
  EXPECT_NE(error.find("bad condition 'iv_len~3'"), std::string::npos) << error;
  EXPECT_FALSE(ParseAllowlist("gcm-seal botan iv_len=3x r.json # x\n", "f", &entries, &error));
  EXPECT_TRUE(entries.empty());
}

TEST(AllowlistTest, CommittedAllowlistIsValid) {
  std::ifstream in("fuzz/allowlist.txt");
  ASSERT_TRUE(in.good()) << "fuzz/allowlist.txt not in runfiles";
  std::stringstream text;
  text << in.rdbuf();
  std::vector<AllowEntry> entries;
  std::string error;
  ASSERT_TRUE(ParseAllowlist(text.str(), "fuzz/allowlist.txt", &entries, &error)) << error;
  EXPECT_EQ(BuiltinAllowlist().size(), entries.size()) << "the compiled-in copy is stale";
  for (const AllowEntry& e : entries) {
    struct stat st;
    EXPECT_EQ(stat(e.reproducer.c_str(), &st), 0)
        << "fuzz/allowlist.txt:" << e.line << ": reproducer " << e.reproducer << " missing";
  }
}

}  // namespace
}  // namespace ariasuite::fuzz
