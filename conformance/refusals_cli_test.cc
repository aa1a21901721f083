// The refusals an invalid case demands in the forward direction, through the runner's CLI: an
// implementation that wraps an empty key, or seals with a 5-byte GCM tag, where the vector file
// only states the inverse (an empty unwrap input, a 5-byte tag to open), fails with exit 1 and a
// line naming the case and the forward request; our paths refuse both and pass.

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>

#include "conformance/shell_run.h"
#include "gtest/gtest.h"
#include "vectors/testdata.h"

namespace ariasuite::conformance {
namespace {

ShellRun RunCli(const std::string& args) {
  return RunShell(testdata::RunfilePath("conformance/runner") + " " + args);
}

std::string File(const std::string& name) {
  return testdata::RunfilePath("conformance/testdata/" + name);
}

std::string Lax() {
  return "'exec:" + File("lax_limits_adapter.sh") + " " +
         testdata::RunfilePath("oracles/openssl_adapter") + "'";
}

TEST(RefusalsCliTest, WrapOfAnEmptyKeyFailsNamingTheCaseAndTheWrap) {
  const ShellRun r = RunCli("--impl " + Lax() + " --oracle none " + File("refusals_kw_test.json"));
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("refusals_kw_test.json:tcId 22 [InvalidWrappingSize] kw-wrap: expected a "
                       "refusal"),
            std::string::npos)
      << r.out;
}

TEST(RefusalsCliTest, SealWithAFiveByteTagFailsNamingTheCaseAndTheSeal) {
  const ShellRun r = RunCli("--impl " + Lax() + " --oracle none " + File("refusals_gcm_test.json"));
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("refusals_gcm_test.json:tcId 2 [TruncatedTag] gcm-seal: expected a refusal"),
            std::string::npos)
      << r.out;
}

std::string Generated(const std::string& name) {
  return testdata::RunfilePath("vectors/generated/" + name);
}

// The generated limit files catch the same implementation over our scalar path (which answers
// every other case right): only the empty wrap inputs fail, each a case of its own there.
std::string LaxOurs() {
  return "'exec:" + File("lax_limits_adapter.sh") + " " +
         testdata::RunfilePath("conformance/ours_scalar_adapter") + "'";
}

TEST(RefusalsCliTest, GeneratedKwAndKwpLimitFilesCatchTheWrapOfAnEmptyKey) {
  struct Want {
    std::string file, counts, line;
  };
  for (const Want& w :
       {Want{"aria_kw_limits_test.json", "18 passed, 1 failed",
             "aria_kw_limits_test.json:tcId 10 [WrapInputSize] kw-wrap: expected a refusal"},
        Want{"aria_kwp_limits_test.json", "12 passed, 4 failed",
             "aria_kwp_limits_test.json:tcId 9 [WrapInputSize] kwp-wrap: expected a refusal"}}) {
    const ShellRun lax = RunCli("--impl " + LaxOurs() + " --oracle none " + Generated(w.file));
    EXPECT_EQ(lax.status, 1) << w.file << "\n" << lax.out;
    EXPECT_NE(lax.out.find(w.counts), std::string::npos) << lax.out;
    EXPECT_NE(lax.out.find(w.line), std::string::npos) << lax.out;
    // The same adapter without the lax front passes.
    const ShellRun strict =
        RunCli("--impl 'exec:" + testdata::RunfilePath("conformance/ours_scalar_adapter") +
               "' --oracle none " + Generated(w.file));
    EXPECT_EQ(strict.status, 0) << w.file << "\n" << strict.out;
  }
}

// The same files pass where every forbidden request is refused: our paths.
TEST(RefusalsCliTest, OurPathsRefuseAndPass) {
  for (const std::string& f :
       {File("refusals_kw_test.json"), File("refusals_gcm_test.json"),
        Generated("aria_kw_limits_test.json"), Generated("aria_kwp_limits_test.json")}) {
    const ShellRun r = RunCli("--impl ours --oracle none " + f);
    EXPECT_EQ(r.status, 0) << f << "\n" << r.out;
  }
}

}  // namespace
}  // namespace ariasuite::conformance
