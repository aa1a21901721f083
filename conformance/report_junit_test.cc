// The JUnit report: failed, broke and nothing-ran pairs are failures; skipped and partial pairs
// are skipped; passed pairs are bare testcases; XML metacharacters are escaped.
#include "conformance/report_junit.h"

#include <string>

#include "conformance/report_fixture.h"
#include "gtest/gtest.h"

namespace ariasuite::conformance {
namespace {

TEST(ReportJunitTest, EachVerdictItsElement) {
  VectorFile f;
  const std::string x = JunitXml({EveryVerdict(&f)});
  EXPECT_EQ(x.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", 0), 0u) << x;
  EXPECT_NE(x.find("<testsuite name=\"dir/x_test.json\" tests=\"6\" failures=\"3\" "
                   "skipped=\"2\">"),
            std::string::npos)
      << x;
  EXPECT_NE(x.find("name=\"good\"></testcase>"), std::string::npos) << x;
  EXPECT_NE(x.find("name=\"bad\">\n      <failure message=\"1 of 3 cases failed (third-party "
                   "finding)\">FAIL bad x:tcId 2 [] gcm-open: expected a refusal, got output=aa\n"
                   "</failure>"),
            std::string::npos)
      << x;
  EXPECT_NE(x.find("name=\"dead\">\n      <failure message=\"0 of 3 cases failed, broke on 3\">"),
            std::string::npos)
      << x;
  EXPECT_NE(x.find("name=\"half\">\n      <skipped message=\"2 passed, 1 unsupported: cmac CMAC "
                   "(x:tcId 3)\"/>"),
            std::string::npos)
      << x;
  EXPECT_NE(x.find("name=\"gone\">\n      <skipped message=\"library not installed\"/>"),
            std::string::npos)
      << x;
  EXPECT_NE(x.find("name=\"ours\">\n      <failure message=\"implementation under test did not "
                   "run: adapter died\"/>"),
            std::string::npos)
      << x;
  const std::string end = "  </testsuite>\n</testsuites>\n";
  ASSERT_GT(x.size(), end.size());
  EXPECT_EQ(x.substr(x.size() - end.size()), end);
}

TEST(ReportJunitTest, EscapesMarkup) {
  VectorFile f;
  FileResult r = EveryVerdict(&f);
  r.pairs[4].skip_reason = "a<b & \"c\">\x01";
  const std::string x = JunitXml({r});
  EXPECT_NE(x.find("<skipped message=\"a&lt;b &amp; &quot;c&quot;&gt; \"/>"), std::string::npos)
      << x;
}

}  // namespace
}  // namespace ariasuite::conformance
