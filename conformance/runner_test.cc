// The runner: every path of ours end-to-end on the six Wycheproof ARIA files (and
// aes_gcm_test.json for the AES instantiation of the GCM layer), and the CLI's exit statuses and
// one-line errors. What a case demands is case_checks_test.cc; the reports have their own tests.
#include "conformance/runner.h"

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "impl/dispatch.h"
#include "vectors/loader.h"
#include "vectors/testdata.h"

namespace ariasuite::conformance {

using oracles::Backend;
using oracles::MakeOursBackend;

namespace {

// ---- Every path of ours on the Wycheproof files ----

const char* const kWycheproofFiles[] = {
    "aria_gcm_test.json",  "aria_ccm_test.json", "aria_cbc_pkcs5_test.json", "aria_cmac_test.json",
    "aria_wrap_test.json", "aria_kwp_test.json", "aes_gcm_test.json"};

class WycheproofEndToEnd : public ::testing::TestWithParam<std::tuple<Impl, const char*>> {};

TEST_P(WycheproofEndToEnd, EveryCasePasses) {
  const auto [impl, file] = GetParam();
  std::string missing;
  if (!IsSupported(impl, &missing)) {
    GTEST_SKIP() << "this CPU cannot run " << ImplName(impl) << ": missing " << missing;
  }
  std::string looked_in;
  const std::string shared = testdata::SharedDir(&looked_in);
  if (shared.empty()) {
    GTEST_SKIP() << "no shared vectors folder; looked in " << looked_in;
  }
  const std::string path = shared + "/vectors/wycheproof/" + file;
  if (!std::filesystem::exists(path)) {
    GTEST_SKIP() << path << " is absent";
  }
  VectorFile f;
  std::string error;
  ASSERT_TRUE(LoadVectorFile(path, {}, &f, &error)) << error;
  std::unique_ptr<Backend> ours = MakeOursBackend(impl);
  FileResult r = RunFile(f, {{ours.get(), true}});
  ASSERT_EQ(r.pairs.size(), 1u);
  const PairResult& p = r.pairs[0];
  for (const std::string& line : p.failures) ADD_FAILURE() << line;
  EXPECT_EQ(p.failed, 0);
  EXPECT_EQ(p.unsupported, 0) << p.unsupported_example;
  EXPECT_EQ(p.passed, static_cast<int>(f.cases.size()));
  EXPECT_GT(p.passed, 100);
  EXPECT_EQ(VerdictOf(p), PairVerdict::kPassed);
}

std::string EndToEndName(const ::testing::TestParamInfo<std::tuple<Impl, const char*>>& info) {
  std::string name = ImplName(std::get<0>(info.param));
  name += "_";
  name += std::get<1>(info.param);
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(, WycheproofEndToEnd,
                         ::testing::Combine(::testing::ValuesIn(AllImpls()),
                                            ::testing::ValuesIn(kWycheproofFiles)),
                         EndToEndName);

// ---- The CLI ----

struct CliRun {
  int status;
  std::string out, err;
};

CliRun RunCli(const std::string& args) {
  const std::string tmp = std::getenv("TEST_TMPDIR");
  const std::string cmd = testdata::RunfilePath("conformance/runner") + " " + args + " >" + tmp +
                          "/out.txt 2>" + tmp + "/err.txt";
  const int raw = std::system(cmd.c_str());
  auto slurp = [](const std::string& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  };
  return CliRun{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(tmp + "/out.txt"),
                slurp(tmp + "/err.txt")};
}

std::string Sample() { return testdata::RunfilePath("vectors/samples/aria_evp_sample.txt"); }
std::string Script(const char* name) {
  return testdata::RunfilePath(std::string("conformance/testdata/") + name);
}

TEST(CliTest, PassesOnGoodVectors) {
  CliRun r = RunCli("--impl ours --oracle openssl " + Sample());
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("RESULT: OK"), std::string::npos);
  EXPECT_NE(r.out.find("aria_evp_sample.txt"), std::string::npos);
}

TEST(CliTest, FailingImplementationUnderTestExitsOne) {
  CliRun r = RunCli("--impl exec:" + Script("wrong_adapter.sh") + " --oracle none " + Sample());
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("FAIL exec:"), std::string::npos);
  EXPECT_NE(r.out.find("RESULT: FAIL"), std::string::npos);
}

TEST(CliTest, FailingOracleIsAFindingUnlessStrict) {
  const std::string dir = std::string(std::getenv("TEST_TMPDIR")) + "/cli-findings";
  CliRun r = RunCli("--impl ours --oracle exec:" + Script("wrong_adapter.sh") + " --findings " +
                    dir + " " + Sample());
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find(" third-party finding(s): reproducer in " + dir + "/]"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("finding written: " + dir), std::string::npos);
  EXPECT_FALSE(std::filesystem::is_empty(dir));
  r = RunCli("--impl ours --strict-oracles --oracle exec:" + Script("wrong_adapter.sh") +
             " --findings " + dir + " " + Sample());
  EXPECT_EQ(r.status, 1) << r.out << r.err;
}

TEST(CliTest, BrokenOracleAdapterIsSkip) {
  CliRun r =
      RunCli("--impl ours/scalar --oracle exec:" + Script("mute_adapter.sh") + " " + Sample());
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("SKIP    adapter '"), std::string::npos) << r.out;
}

// The "nothing tested" verdicts of the CLI (exit 3: adapters that never answer, answer
// `unsupported` to everything or die mid-file; a file with no case) are planted by the gate test,
// tools/gate/gate_test.py.

// The usage every usage error ends with (tools/cli/app.h), from the runner's flags.
const char kUsage[] =
    " (usage: ariasuite conformance [--impl LIST] [--oracle LIST] [--format F] [--junit FILE] "
    "[--strict-oracles] [--findings DIR] [--skip-unsupported] [--max-failures N] [FILE]...)\n";

TEST(CliTest, HelpListsEveryFlagAndTheExitStatuses) {
  const CliRun r = RunCli("--help");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  for (const char* want :
       {"Usage: ariasuite conformance", "--impl LIST", "ours/gfni-avx512", "--oracle LIST",
        "--format F", "cryptopp-dat", "--junit FILE", "--strict-oracles", "--findings DIR",
        "--skip-unsupported", "--max-failures N", "FILE", "ARIASUITE_EXEC_TIMEOUT",
        "Exit status: 0"}) {
    EXPECT_NE(r.out.find(want), std::string::npos) << want << " not in:\n" << r.out;
  }
}

// Vector files before, between and after the flags; --flag=VALUE; a list flag given twice counts
// its last list; --max-failures 0 prints no failure line.
TEST(CliTest, FlagsAnywhereAndTheLastListCounts) {
  CliRun r = RunCli(Sample() + " --impl ours/nope --impl=ours/scalar --oracle none " + Sample());
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("ours/scalar"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("ours/nope"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("openssl"), std::string::npos) << r.out;
  r = RunCli("--impl exec:" + Script("wrong_adapter.sh") + " --oracle none --max-failures 0 " +
             Sample());
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_EQ(r.out.find("  FAIL exec:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  ... and 10 more failures of exec:"), std::string::npos) << r.out;
}

// A bad value of a flag is one line naming the flag, exit 2, before any file is read.
TEST(CliTest, BadFlagValuesExitTwoWithOneLine) {
  const std::string missing = " /nonexistent/file.json";
  for (const auto& [args, want] : std::vector<std::pair<std::string, std::string>>{
           {"--format bogus", "--format: unknown format 'bogus' (formats: auto, wycheproof, "},
           {"--max-failures -1",
            "--max-failures: wants a whole number from 0 to 2147483647, "
            "not '-1'"},
           {"--max-failures 2x", "--max-failures: wants a whole number"},
           {"--max-failures 99999999999", "--max-failures: wants a whole number"},
           {"--impl foo", "--impl takes ours, ours/PATH or exec:PROGRAM, not 'foo'"},
           {"--oracle ours/scalar", "our paths go in --impl, not --oracle ('ours/scalar')"},
           {"--impl none --oracle none", "no backend selected"},
           {"--oracle nope", "unknown backend 'nope'"}}) {
    SCOPED_TRACE(args);
    const CliRun r = RunCli(args + missing);
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("ariasuite conformance: " + want, 0), 0u) << r.err;
    EXPECT_EQ(r.err.substr(r.err.size() - std::string(kUsage).size()), kUsage) << r.err;
  }
  const CliRun r = RunCli(missing.substr(1) + " --junit");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "ariasuite conformance: --junit needs a value" + std::string(kUsage));
}

TEST(CliTest, UsageAndInputErrorsExitTwoWithOneLine) {
  const std::string tmp = std::getenv("TEST_TMPDIR");
  {
    std::ofstream bad(tmp + "/bad.json");
    bad << "{\"algorithm\": \"ARIA-GCM\",\n \"numberOfTests\": 0,\n \"notes\": {}, \"testGroups\": "
           "[,]}\n";
  }
  CliRun r = RunCli(tmp + "/bad.json");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.err.rfind(tmp + "/bad.json:3: bad JSON: ", 0), 0u) << r.err;
  r = RunCli("--bogus " + Sample());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("ariasuite conformance: unknown argument '--bogus'", 0), 0u) << r.err;
  r = RunCli("--impl ours/nope " + Sample());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("ariasuite conformance: unknown implementation 'ours/nope'", 0), 0u)
      << r.err;
  r = RunCli("");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "ariasuite conformance: no vector files given" + std::string(kUsage));
  r = RunCli("/nonexistent/file.json");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "/nonexistent/file.json: cannot read the file: No such file or directory\n");
}

TEST(CliTest, AllSixWycheproofFilesOnEveryPath) {
  std::string looked_in;
  const std::string shared = testdata::SharedDir(&looked_in);
  if (shared.empty()) {
    GTEST_SKIP() << "no shared vectors folder; looked in " << looked_in;
  }
  std::string files;
  for (const char* f : kWycheproofFiles) files += " " + shared + "/vectors/wycheproof/" + f;
  CliRun r = RunCli("--impl ours --oracle none" + files);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("aria_kwp_test.json       252/252"), std::string::npos) << r.out;
}

// The SP 800-38F oracle through the CLI: selected by name, it passes both key wrap files (so
// --strict-oracles stays 0) and appears in the verdict table beside our path.
TEST(CliTest, Sp80038fOraclePassesTheKeyWrapFiles) {
  std::string looked_in;
  const std::string shared = testdata::SharedDir(&looked_in);
  if (shared.empty()) {
    GTEST_SKIP() << "no shared vectors folder; looked in " << looked_in;
  }
  const std::string dir = shared + "/vectors/wycheproof/";
  CliRun r = RunCli("--impl ours/scalar --oracle sp800-38f --strict-oracles " + dir +
                    "aria_wrap_test.json " + dir + "aria_kwp_test.json");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("  sp800-38f           passed  159 passed, 0 failed"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  sp800-38f           passed  252 passed, 0 failed"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("aria_kwp_test.json  252/252     252/252"), std::string::npos) << r.out;
}

// The SP 800-38A oracle through the CLI: in the default oracle set ("all") and by name it passes
// the generated CFB1 file, the mode Botan and Crypto++ lack, so CFB1 has two independent votes.
TEST(CliTest, Sp80038aOraclePassesTheCfb1File) {
  const std::string file = testdata::RunfilePath("vectors/generated/aria_cfb1_edge_test.json");
  CliRun r = RunCli("--impl ours/scalar --oracle sp800-38a --strict-oracles " + file);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("  sp800-38a           passed  105 passed, 0 failed"), std::string::npos)
      << r.out;
  r = RunCli("--impl ours/scalar --oracle all " + file);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("  sp800-38a           passed  105 passed, 0 failed"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  openssl             passed  105 passed, 0 failed"), std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace ariasuite::conformance
