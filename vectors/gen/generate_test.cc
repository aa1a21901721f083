// The committed generated vectors regenerate byte-identically (so nobody edits them by hand and
// the generator stays deterministic), and each case agrees where it says it does. (The GF(2^128)
// algebra the generator relies on is checked by //oracles:gcm_math_test.)
#include "vectors/gen/generate.h"

#include <fstream>
#include <set>
#include <sstream>

#include "conformance/runner.h"
#include "gtest/gtest.h"
#include "impl/dispatch.h"
#include "oracles/backend.h"
#include "vectors/loader.h"
#include "vectors/testdata.h"

namespace ariasuite::gen {
namespace {

TEST(GenerateTest, CommittedFilesRegenerateByteIdentically) {
  std::vector<GeneratedFile> files;
  std::string log, error;
  ASSERT_TRUE(GenerateAll(&files, &log, &error)) << error;
  std::set<std::string> paths;
  for (const GeneratedFile& f : files) {
    SCOPED_TRACE(f.path);
    paths.insert(f.path);
    std::ifstream in(testdata::RunfilePath(f.path), std::ios::binary);
    ASSERT_TRUE(in) << f.path << " is not committed (run: tools/ariasuite vectors generate)";
    std::stringstream s;
    s << in.rdbuf();
    EXPECT_TRUE(s.str() == f.content)
        << f.path << " differs from a fresh generation (run: tools/ariasuite vectors generate)";
  }
  // The committed sets (the filegroups in vectors/BUILD) hold exactly the generated files.
  for (const char* list : {"vectors/gen/generated_files.txt"}) {
    std::ifstream in(testdata::RunfilePath(list));
    std::string line;
    std::set<std::string> committed;
    while (std::getline(in, line)) {
      if (!line.empty()) committed.insert(line);
    }
    EXPECT_EQ(committed, paths) << "run: tools/ariasuite vectors generate, and remove stale files";
  }
  // A few MB at most in total.
  size_t total = 0;
  for (const GeneratedFile& f : files) total += f.content.size();
  EXPECT_LT(total, 4u << 20);
}

// Each committed case passes on our scalar reference and on every library its comment says agreed.
TEST(GenerateTest, EveryCaseAgreesWhereItSaysItDoes) {
  auto ours = oracles::MakeOursBackend(Impl::kScalar);
  auto openssl = oracles::MakeOpenSslBackend();
  auto botan = oracles::MakeBotanBackend();
  for (const char* rel :
       {"vectors/generated/aria_gcm_edge_test.json", "vectors/generated/aria_ctr_edge_test.json",
        "vectors/generated/aria_ccm_edge_test.json",
        "vectors/generated/aria_cbc_pkcs5_edge_test.json",
        "vectors/generated/aria_cfb128_edge_test.json",
        "vectors/generated/aria_cfb8_edge_test.json", "vectors/generated/aria_cfb1_edge_test.json",
        "vectors/generated/aria_ofb_edge_test.json"}) {
    vectors::VectorFile f;
    std::string error;
    ASSERT_TRUE(vectors::LoadVectorFile(testdata::RunfilePath(rel), {}, &f, &error)) << error;
    size_t checked = 0;
    for (const vectors::TestCase& c : f.cases) {
      SCOPED_TRACE(c.where + " " + c.comment);
      const size_t at = c.comment.find("[agreed: ");
      ASSERT_NE(at, std::string::npos);
      const std::string who = c.comment.substr(at);
      ASSERT_TRUE(who.find("openssl") != std::string::npos ||
                  who.find("botan") != std::string::npos);
      EXPECT_EQ(conformance::RunCase(*ours, c).outcome, conformance::CaseOutcome::kPass);
      if (who.find("openssl") != std::string::npos) {
        EXPECT_EQ(conformance::RunCase(*openssl, c).outcome, conformance::CaseOutcome::kPass);
      }
      if (who.find("botan") != std::string::npos) {
        EXPECT_EQ(conformance::RunCase(*botan, c).outcome, conformance::CaseOutcome::kPass);
      }
      ++checked;
    }
    EXPECT_GT(checked, 50u) << rel;
  }
}

}  // namespace
}  // namespace ariasuite::gen
