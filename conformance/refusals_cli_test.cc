// The refusals an invalid case demands in the forward direction, through the runner's CLI: an
// implementation that wraps an empty key, or seals with a 5-byte GCM tag, where the vector file
// only states the inverse (an empty unwrap input, a 5-byte tag to open), fails with exit 1 and a
// line naming the case and the forward request; our paths refuse both and pass.
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"
#include "vectors/testdata.h"

namespace ariasuite::conformance {
namespace {

struct CliRun {
  int status;
  std::string out;
};

CliRun RunCli(const std::string& args) {
  const std::string tmp = std::getenv("TEST_TMPDIR");
  const std::string cmd = testdata::RunfilePath("conformance/runner") + " " + args + " >" + tmp +
                          "/out.txt 2>" + tmp + "/err.txt";
  const int raw = std::system(cmd.c_str());
  std::ifstream in(tmp + "/out.txt");
  std::stringstream s;
  s << in.rdbuf();
  return CliRun{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, s.str()};
}

std::string File(const std::string& name) {
  return testdata::RunfilePath("conformance/testdata/" + name);
}

std::string Lax() {
  return "'exec:" + File("lax_limits_adapter.sh") + " " +
         testdata::RunfilePath("oracles/openssl_adapter") + "'";
}

TEST(RefusalsCliTest, WrapOfAnEmptyKeyFailsNamingTheCaseAndTheWrap) {
  const CliRun r = RunCli("--impl " + Lax() + " --oracle none " + File("refusals_kw_test.json"));
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("refusals_kw_test.json:tcId 22 [InvalidWrappingSize] kw-wrap: expected a "
                       "refusal"),
            std::string::npos)
      << r.out;
}

TEST(RefusalsCliTest, SealWithAFiveByteTagFailsNamingTheCaseAndTheSeal) {
  const CliRun r = RunCli("--impl " + Lax() + " --oracle none " + File("refusals_gcm_test.json"));
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("refusals_gcm_test.json:tcId 2 [TruncatedTag] gcm-seal: expected a refusal"),
            std::string::npos)
      << r.out;
}

// The same files pass where every forbidden request is refused: our paths.
TEST(RefusalsCliTest, OurPathsRefuseAndPass) {
  for (const char* f : {"refusals_kw_test.json", "refusals_gcm_test.json"}) {
    const CliRun r = RunCli("--impl ours --oracle none " + File(f));
    EXPECT_EQ(r.status, 0) << f << "\n" << r.out;
  }
}

}  // namespace
}  // namespace ariasuite::conformance
