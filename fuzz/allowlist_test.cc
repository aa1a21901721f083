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

// The hard cases of the reader: each comparison at its boundary (the value itself, one below, one
// above), a file with CRLF line ends, and conditions that must not parse into a wider entry: a
// number past int64 (strtoll would saturate it), an empty condition after a trailing comma.
TEST(AllowlistTest, ConditionsAtTheirBoundaries) {
  std::vector<AllowEntry> e;
  std::string error;
  ASSERT_TRUE(
      ParseAllowlist("kw-wrap botan input_len<16 r.json # a\r\n"
                     "gcm-seal cryptopp tag_len=0 r.json # b\r\n"
                     "gcm-seal openssl iv_len>128 r.json # c\r\n",
                     "t", &e, &error))
      << error;
  ASSERT_EQ(e.size(), 3u);
  EXPECT_EQ(e[0].reason, "a");  // no CR kept
  EXPECT_EQ(e[2].reproducer, "r.json");
  auto allowed = [&](const char* op, const char* backend, const char* param, int64_t v) {
    return Allowed(e, op, backend, {{param, v}});
  };
  EXPECT_TRUE(allowed("kw-wrap", "botan", "input_len", 15));
  EXPECT_FALSE(allowed("kw-wrap", "botan", "input_len", 16));
  EXPECT_FALSE(allowed("kw-wrap", "botan", "input_len", 17));
  EXPECT_TRUE(allowed("gcm-seal", "cryptopp", "tag_len", 0));
  EXPECT_FALSE(allowed("gcm-seal", "cryptopp", "tag_len", 1));
  EXPECT_FALSE(allowed("gcm-seal", "cryptopp", "tag_len", -1));
  EXPECT_FALSE(allowed("gcm-seal", "openssl", "iv_len", 128));
  EXPECT_TRUE(allowed("gcm-seal", "openssl", "iv_len", 129));
  EXPECT_FALSE(allowed("gcm-seal", "openssl", "tag_len", 129));  // another parameter
}

TEST(AllowlistTest, ConditionsThatWouldWidenAnEntryAreRefused) {
  std::vector<AllowEntry> e;
  std::string error;
  EXPECT_FALSE(
      ParseAllowlist("gcm-seal botan iv_len<99999999999999999999 r.json # x\n", "f", &e, &error));
  EXPECT_EQ(error,
            "f:1: bad condition 'iv_len<99999999999999999999' (want name=N, name<N or "
            "name>N)");
  EXPECT_FALSE(ParseAllowlist("gcm-seal botan iv_len>1, r.json # x\n", "f", &e, &error));
  EXPECT_EQ(error, "f:1: bad condition '' (want name=N, name<N or name>N)");
  EXPECT_FALSE(ParseAllowlist("gcm-seal OURS/scalar * r.json # x\n", "f", &e, &error));
  EXPECT_NE(error.find("never allowlisted"), std::string::npos) << error;
  EXPECT_TRUE(e.empty());
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
