// The entry lines of a plain-text table: trimmed, numbered from 1, comments and blank lines left
// out, the walk stopped by the first entry refused.
#include "vectors/model/line_table.h"

#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"

namespace ariasuite::model {
namespace {

TEST(LineTableTest, TrimsBlanks) {
  EXPECT_EQ(TrimBlanks(" \t a b \r"), "a b");
  EXPECT_EQ(TrimBlanks(" \t\r "), "");
  EXPECT_EQ(TrimBlanks("x"), "x");
}

TEST(LineTableTest, EntriesNumberedCommentsAndBlanksLeftOut) {
  std::vector<std::pair<int, std::string>> seen;
  std::string error;
  EXPECT_TRUE(ForEachTableLine(
      "# head\n\n  a 1 \r\n\t# indented comment\nb#2\n \nc", "T",
      [&](int n, std::string_view line) {
        seen.emplace_back(n, std::string(line));
        return std::string();
      },
      &error));
  EXPECT_EQ(error, "");
  const std::vector<std::pair<int, std::string>> want = {{3, "a 1"}, {5, "b#2"}, {7, "c"}};
  EXPECT_EQ(seen, want);
}

TEST(LineTableTest, StopsAtTheFirstRefusedEntryNamingFileAndLine) {
  std::vector<int> seen;
  std::string error;
  EXPECT_FALSE(ForEachTableLine(
      "a\n# c\nb\nc\n", "T",
      [&](int n, std::string_view line) {
        seen.push_back(n);
        return std::string(line == "b" ? "no b" : "");
      },
      &error));
  EXPECT_EQ(seen, (std::vector<int>{1, 3}));
  EXPECT_EQ(error, "T:3: no b");
  EXPECT_TRUE(ForEachTableLine(
      "", "T", [](int, std::string_view) { return std::string("never"); }, &error));
}

}  // namespace
}  // namespace ariasuite::model
