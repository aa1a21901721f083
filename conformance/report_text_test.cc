// The text reports render each PairVerdict its own way: the file block's verdict words, counts and
// failure lines (cut at max_failures), and the verdict table's cells and notes.
#include "conformance/report_text.h"

#include <sstream>
#include <string>

#include "conformance/report_fixture.h"
#include "gtest/gtest.h"

namespace ariasuite::conformance {
namespace {

std::string FileReport(int max_failures) {
  VectorFile f;
  std::ostringstream out;
  PrintFileReport(EveryVerdict(&f), {max_failures, "", "found"}, out);
  return out.str();
}

TEST(ReportTextTest, FileBlockNamesEachVerdict) {
  const std::string s = FileReport(20);
  EXPECT_EQ(s.rfind("== dir/x_test.json (wycheproof, ARIA-GCM, 3 cases)\n", 0), 0u) << s;
  EXPECT_NE(s.find("  good                passed  3 passed, 0 failed\n"), std::string::npos) << s;
  EXPECT_NE(s.find("  bad                 FAILED  2 passed, 1 failed  [1 third-party finding(s): "
                   "reproducer in found/]\n"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("  dead                BROKE   0 passed, 0 failed, 3 broke (first x:tcId 1: "),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("  half                partial 2 passed, 0 failed, 1 unsupported (e.g. cmac "
                   "CMAC (x:tcId 3))\n"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("  gone                SKIP    library not installed\n"), std::string::npos)
      << s;
  EXPECT_NE(s.find("  ours                NOT RUN adapter died  [implementation under test did "
                   "not run]\n"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("  FAIL bad x:tcId 2 "), std::string::npos) << s;
}

TEST(ReportTextTest, FailureLinesStopAtTheLimit) {
  EXPECT_NE(FileReport(1).find("  FAIL bad x:tcId 2 "), std::string::npos);
  const std::string none = FileReport(0);
  EXPECT_EQ(none.find("  FAIL bad x:tcId 2 "), std::string::npos) << none;
  EXPECT_NE(none.find("  ... and 1 more failures of bad (--max-failures N prints more)\n"),
            std::string::npos)
      << none;
}

TEST(ReportTextTest, TableCellsAndNotes) {
  VectorFile f;
  std::ostringstream out;
  PrintVerdictTable({EveryVerdict(&f)}, {20, "", "found"}, out);
  const std::string s = out.str();
  // Columns are at least 11 wide; the file column as wide as the longest name plus one.
  EXPECT_NE(s.find("\nfile        good       bad        dead       half       gone       "
                   "ours       \n"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("\nx_test.json 3/3        FAIL 1     BROKE 3    2/3*       SKIP       "
                   "NOT RUN    \n"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("FAIL bad (third-party finding; reproducers in found/): x_test.json\n"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("BROKE dead: x:tcId 1: gcm-seal: backend error: gone [x_test.json]\n"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("*    half: some cases unsupported (e.g. cmac CMAC) [x_test.json]\n"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("SKIP gone: library not installed [x_test.json]\n"), std::string::npos) << s;
  EXPECT_NE(s.find("NOT RUN ours: adapter died [x_test.json]\n"), std::string::npos) << s;
}

TEST(ReportTextTest, NoResultsNoTable) {
  std::ostringstream out;
  PrintVerdictTable({}, {}, out);
  EXPECT_EQ(out.str(), "");
}

}  // namespace
}  // namespace ariasuite::conformance
