// The exec protocol's `crashed` answer end to end, through the runner's and the findings command's
// CLIs: a stand-in oracle (testdata/crash_on_empty_unwrap_adapter.sh over our scalar adapter) that
// answers `crashed` to the KW unwrap of an empty input, which our paths refuse, fails that case as
// a third-party finding; the runner writes its reproducer and `tools/ariasuite findings` makes a
// report of class kw-unwrap-crashes naming the crash and the clause the library should have
// followed. The plant: the same stand-in answering `error` (its adapter at fault) is BROKE on that
// case, and no finding is written.

#include <cstdlib>
#include <filesystem>
#include <string>

#include "conformance/shell_run.h"
#include "gtest/gtest.h"
#include "vectors/testdata.h"

namespace ariasuite::conformance {
namespace {

std::string Tmp() { return std::getenv("TEST_TMPDIR"); }

std::string KwFile() { return testdata::RunfilePath("conformance/testdata/refusals_kw_test.json"); }

// The stand-in oracle answering the empty unwrap with `answer` ("crashed" or "error").
std::string StandIn(const std::string& answer) {
  return "'exec:" + testdata::RunfilePath("conformance/testdata/crash_on_empty_unwrap_adapter.sh") +
         " " + testdata::RunfilePath("conformance/ours_scalar_adapter") + " " + answer + "'";
}

ShellRun Runner(const std::string& answer, const std::string& findings) {
  return RunShell(testdata::RunfilePath("conformance/runner") + " --impl ours/scalar --oracle " +
                  StandIn(answer) + " --findings " + findings + " " + KwFile());
}

constexpr char kCrash[] =
    "kw-unwrap: the library crashed (NegativeArraySizeException: -8) instead of answering or "
    "refusing";

TEST(CrashedCliTest, ACrashIsAFindingWithAReport) {
  const std::string dir = Tmp() + "/crashed_findings";
  std::filesystem::remove_all(dir);
  const ShellRun run = Runner("crashed", dir);
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(
      run.out.find(std::string("refusals_kw_test.json:tcId 22 [InvalidWrappingSize] ") + kCrash),
      std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("[1 third-party finding(s)"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("finding written: " + dir + "/"), std::string::npos) << run.out;

  // The library itself is replayed (--oracle names the stand-in) beside our paths.
  const std::string out = Tmp() + "/crashed_reports";
  const ShellRun r = RunShell(testdata::RunfilePath("conformance/findings_reports") + " --out " +
                              out + " --oracle " + StandIn("crashed") + " " + dir);
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const std::string name = "exec_ours_scalar_adapter_crashed__kw-unwrap-crashes.md";
  ASSERT_TRUE(std::filesystem::exists(out + "/" + name)) << r.out;
  const std::string report = Slurp(out + "/" + name);
  EXPECT_NE(report.find(": kw-unwrap crashes instead of answering or refusing\n"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("- Standard: SP 800-38F §5.3.1, §6.2: KW unwrap input must be at least "
                        "24 bytes and a multiple of 8\n"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("the library itself crashed on these inputs"), std::string::npos) << report;
  EXPECT_NE(report.find("where the standard wants a refusal."), std::string::npos) << report;
  EXPECT_NE(report.find(std::string("crashed` ") + kCrash), std::string::npos) << report;
  // The replayed answers: the library's crash, and our paths' refusal of the same request.
  EXPECT_NE(report.find("\ncrashed NegativeArraySizeException: -8\n"), std::string::npos) << report;
  EXPECT_NE(report.find("ariasuite's own paths (one vote) pass this case."), std::string::npos)
      << report;
  EXPECT_NE(r.out.find("kw-unwrap-crashes  SP 800-38F"), std::string::npos) << r.out;
}

TEST(CrashedCliTest, AnErrorInsteadIsBrokeAndNoFinding) {
  const std::string dir = Tmp() + "/error_findings";
  std::filesystem::remove_all(dir);
  const ShellRun run = Runner("error", dir);
  EXPECT_NE(run.out.find("BROKE"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("kw-unwrap: backend error: adapter reported an error: "
                         "NegativeArraySizeException: -8"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(run.out.find("the library crashed"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("finding written"), std::string::npos) << run.out;
  EXPECT_FALSE(std::filesystem::exists(dir)) << run.out;
}

}  // namespace
}  // namespace ariasuite::conformance
