// Tests of the strict JSON parser: what it accepts, what it rejects (with line and column), and
// that it reads the repository's vector files and the full Wycheproof files.
#include "vectors/json.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "vectors/manifest.h"
#include "vectors/testdata.h"

namespace ariasuite::json {
namespace {

Value MustParse(const std::string& text) {
  Value v;
  std::string error;
  EXPECT_TRUE(Parse(text, &v, &error)) << text << ": " << error;
  return v;
}

std::string ErrorOf(const std::string& text) {
  Value v;
  std::string error;
  EXPECT_FALSE(Parse(text, &v, &error)) << "accepted: " << text;
  return error;
}

TEST(JsonTest, ParsesAllTypes) {
  const Value v = MustParse(
      " {\"a\": [1, -2, 3.5e2, true, false, null],\n \"s\": \"x\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\","
      " \"o\": {}, \"e\": []} ");
  ASSERT_TRUE(v.is_object());
  ASSERT_EQ(v.object().size(), 4u);
  const Value* a = v.Find("a");
  ASSERT_NE(a, nullptr);
  ASSERT_EQ(a->array().size(), 6u);
  EXPECT_EQ(a->array()[0].AsInt64(), 1);
  EXPECT_EQ(a->array()[1].AsInt64(), -2);
  EXPECT_FALSE(a->array()[2].AsInt64().has_value());
  EXPECT_DOUBLE_EQ(a->array()[2].AsDouble(), 350.0);
  EXPECT_TRUE(a->array()[3].bool_value());
  EXPECT_TRUE(a->array()[4].is_bool());
  EXPECT_TRUE(a->array()[5].is_null());
  EXPECT_EQ(v.Find("s")->str(), "x\"\\/\b\f\n\r\t\xc3\xa9");
  EXPECT_EQ(v.Find("s")->line(), 2);
  EXPECT_TRUE(v.Find("o")->is_object());
  EXPECT_TRUE(v.Find("e")->is_array());
  EXPECT_EQ(v.Find("missing"), nullptr);
  EXPECT_EQ(v.object()[0].first, "a");                                   // document order
  EXPECT_EQ(MustParse("\"\\ud83d\\ude00\"").str(), "\xf0\x9f\x98\x80");  // surrogate pair
  EXPECT_EQ(MustParse("9223372036854775807").AsInt64(), INT64_MAX);
  EXPECT_FALSE(MustParse("9223372036854775808").AsInt64().has_value());
  EXPECT_EQ(MustParse("-0").AsInt64(), 0);
}

TEST(JsonTest, RejectsWithLineAndColumn) {
  EXPECT_EQ(ErrorOf("{\"a\": 1,\n}"), "line 2, column 1: expected a member name in double quotes");
  EXPECT_EQ(ErrorOf("[1,\n 2,\n ]"), "line 3, column 2: unexpected character ']'");
  EXPECT_EQ(ErrorOf("{\"a\": 1, \"a\": 2}"), "line 1, column 10: duplicate member \"a\"");
  EXPECT_EQ(ErrorOf("012"), "line 1, column 2: leading zero in number");
  EXPECT_EQ(ErrorOf("{} x"), "line 1, column 4: unexpected text after the document");
  EXPECT_NE(ErrorOf("").find("unexpected end of input"), std::string::npos);
  EXPECT_NE(ErrorOf("\"abc").find("unterminated string"), std::string::npos);
  EXPECT_NE(ErrorOf("\"a\tb\"").find("control character"), std::string::npos);
  EXPECT_NE(ErrorOf("\"\\x\"").find("bad escape"), std::string::npos);
  EXPECT_NE(ErrorOf("\"\\u12g4\"").find("4 hex digits"), std::string::npos);
  EXPECT_NE(ErrorOf("\"\\ud800\"").find("surrogate"), std::string::npos);
  EXPECT_NE(ErrorOf("\"\\udc00\"").find("surrogate"), std::string::npos);
  EXPECT_NE(ErrorOf("NaN").find("unexpected character"), std::string::npos);
  EXPECT_NE(ErrorOf("-").find("expected a digit"), std::string::npos);
  EXPECT_NE(ErrorOf("1.").find("after '.'"), std::string::npos);
  EXPECT_NE(ErrorOf("1e").find("exponent"), std::string::npos);
  EXPECT_NE(ErrorOf("tru").find("expected 'true'"), std::string::npos);
  EXPECT_NE(ErrorOf("{\"a\" 1}").find("expected ':'"), std::string::npos);
  EXPECT_NE(ErrorOf("[1 2]").find("expected ',' or ']'"), std::string::npos);
  EXPECT_NE(ErrorOf("{\"a\": 1 \"b\": 2}").find("expected ',' or '}'"), std::string::npos);
  EXPECT_NE(ErrorOf("// comment\n{}").find("unexpected character"), std::string::npos);
  EXPECT_NE(ErrorOf(std::string(100, '[') + std::string(100, ']')).find("nesting deeper"),
            std::string::npos);
}

TEST(JsonTest, FileErrorsNameThePath) {
  Value v;
  std::string error;
  EXPECT_FALSE(ParseFile("/nonexistent/x.json", &v, &error));
  EXPECT_EQ(error.rfind("/nonexistent/x.json: cannot read", 0), 0u) << error;
}

// Every committed JSON file of vectors/MANIFEST (the RFC files and the generated ones).
TEST(JsonTest, ReadsTheRepositoryVectorFiles) {
  int read = 0;
  for (const std::string& rel : vectors::ManifestPaths(vectors::Place::kCommitted)) {
    if (rel.size() < 5 || rel.compare(rel.size() - 5, 5, ".json") != 0) continue;
    ++read;
    Value v;
    std::string error;
    ASSERT_TRUE(ParseFile(testdata::RunfilePath(rel), &v, &error)) << error;
    EXPECT_TRUE(v.Find("testGroups")->is_array()) << rel;
  }
  EXPECT_GE(read, 2);
}

TEST(JsonTest, ReadsEveryWycheproofFile) {
  std::string looked_in;
  const std::string shared = testdata::SharedDir(&looked_in);
  if (shared.empty()) {
    GTEST_SKIP() << "SKIP: shared Wycheproof vectors not found (looked in: " << looked_in << ")";
  }
  // The manifest's Wycheproof files and two JSON files of the folder that hold no vectors.
  std::vector<std::string> paths = vectors::ManifestPaths(vectors::Place::kWycheproof);
  EXPECT_GE(paths.size(), 7u);
  paths.push_back("vectors/wycheproof/aead_test_schema_v1.json");
  paths.push_back("vectors/wycheproof/common.json");
  for (const std::string& path : paths) {
    Value v;
    std::string error;
    EXPECT_TRUE(ParseFile(shared + "/" + path, &v, &error)) << error;
  }
}

}  // namespace
}  // namespace ariasuite::json
