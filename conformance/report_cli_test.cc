// What `tools/ariasuite conformance` prints about an exec adapter's deviations, planted through
// stand-in adapters (testdata/): a file with both failed and broken cases names both counts and a
// reason; one judgement (SplitFailures) decides finding / not a finding for the file block, the
// table's notes and the reproducers; only the outputs asked for are mentioned; a bad
// ARIASUITE_EXEC_TIMEOUT is exit 2; a dying adapter is restarted at most kExecRestartCap times
// per file; a long file prints progress lines on stderr.

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "conformance/shell_run.h"
#include "gtest/gtest.h"
#include "oracles/backend.h"
#include "vectors/testdata.h"

namespace ariasuite::conformance {
namespace {

// Runs the runner with args (a shell word list) and env (assignments, may be empty).
ShellRun RunCli(const std::string& args, const std::string& env = "") {
  return RunShell(env + " " + testdata::RunfilePath("conformance/runner") + " " + args);
}

std::string Sample() { return testdata::RunfilePath("vectors/samples/aria_evp_sample.txt"); }
std::string Script(const std::string& name) {
  return testdata::RunfilePath("conformance/testdata/" + name);
}
// An exec: backend answering through OpenSSL's adapter except where pattern plants faults.
std::string Planted(const std::string& pattern) {
  return "'exec:" + Script("planted_adapter.sh") + " " +
         testdata::RunfilePath("oracles/openssl_adapter") + " " + pattern + "'";
}

// The counts of a backend's line in a file block: "  NAME  VERDICT  P passed, F failed[, B broke".
struct Counts {
  int passed = -1, failed = -1, broke = 0;
};
Counts BlockCounts(const std::string& out, const std::string& backend_prefix) {
  std::istringstream in(out);
  std::string line;
  const std::regex re(
      R"(^  (\S.*?) +(FAILED|BROKE|passed|partial) +(\d+) passed, (\d+) failed(, (\d+) broke)?)");
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_search(line, m, re) && m[1].str().rfind(backend_prefix, 0) == 0) {
      return {std::stoi(m[3]), std::stoi(m[4]), m[6].matched ? std::stoi(m[6]) : 0};
    }
  }
  return {};
}

int CountOf(const std::string& s, const std::string& what) {
  int n = 0;
  for (size_t pos = s.find(what); pos != std::string::npos; pos = s.find(what, pos + 1)) ++n;
  return n;
}

TEST(ReportCliTest, FailedAndBrokeNamesBothCountsAndAReason) {
  ShellRun r = RunCli("--impl " + Planted("wwep") + " --oracle none " + Sample());
  EXPECT_EQ(r.status, 1) << r.out << r.err;  // a failure decides: exit 1
  const Counts c = BlockCounts(r.out, "exec:");
  ASSERT_GT(c.failed, 0) << r.out;
  ASSERT_GT(c.broke, 0) << r.out;
  EXPECT_NE(r.out.find("FAIL " + std::to_string(c.failed) + ", BROKE " + std::to_string(c.broke)),
            std::string::npos)
      << r.out;
  // The stderr line names both counts and the first broken case; never "nothing tested: ...: ".
  EXPECT_EQ(r.err.find("nothing tested"), std::string::npos) << r.err;
  const std::string want = "ariasuite conformance: broke: exec:";
  ASSERT_NE(r.err.find(want), std::string::npos) << r.err;
  const std::string line = r.err.substr(r.err.find(want), r.err.find('\n', r.err.find(want)));
  EXPECT_NE(line.find(": failed " + std::to_string(c.failed) + " case(s) and broke on " +
                      std::to_string(c.broke) + " case(s), first "),
            std::string::npos)
      << line;
  EXPECT_NE(line.find("planted breakage"), std::string::npos) << line;
}

// An oracle failing every case under an implementation under test that fails every other one:
// its failures are findings exactly where ours passed, and the block, the table's notes and the
// reproducer agree on that.
TEST(ReportCliTest, OneJudgementForBlockFooterAndReproducers) {
  const std::string dir = std::string(std::getenv("TEST_TMPDIR")) + "/split-findings";
  ShellRun r = RunCli("--impl " + Planted("pw") + " --oracle exec:" + Script("wrong_adapter.sh") +
                      " --findings " + dir + " " + Sample());
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  const Counts ours = BlockCounts(r.out, "exec:/");
  ASSERT_GT(ours.failed, 0) << r.out;
  ASSERT_GT(ours.passed, 0) << r.out;
  const std::string findings =
      "[" + std::to_string(ours.passed) + " third-party finding(s): reproducer in " + dir + "/]";
  const std::string not_findings =
      "[" + std::to_string(ours.failed) +
      " failed where an implementation under test failed too: not a finding]";
  EXPECT_NE(r.out.find(findings + "  " + not_findings), std::string::npos) << r.out;
  EXPECT_NE(
      r.out.find(" (third-party finding; reproducers in " + dir + "/): aria_evp_sample.txt\n"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(" (not a finding: an implementation under test failed the same cases): "
                       "aria_evp_sample.txt\n"),
            std::string::npos)
      << r.out;
  // The reproducers hold exactly the finding cases.
  int written = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    const std::string json = Slurp(e.path().string());
    written += CountOf(json, "\"tcId\"");
  }
  EXPECT_EQ(written, ours.passed);

  // Every oracle failure where ours failed too: not a finding anywhere, no reproducer written.
  const std::string none_dir = std::string(std::getenv("TEST_TMPDIR")) + "/no-findings";
  r = RunCli("--impl exec:" + Script("wrong_adapter.sh") + " --oracle 'exec:/bin/sh " +
             Script("wrong_adapter.sh") + "' --findings " + none_dir + " " + Sample());
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_EQ(r.out.find("third-party finding"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("finding written"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" (not a finding: an implementation under test failed the same cases)"),
            std::string::npos)
      << r.out;
  EXPECT_FALSE(std::filesystem::exists(none_dir));
}

TEST(ReportCliTest, MoreFailuresLineNamesOnlyOutputsAskedFor) {
  ShellRun r = RunCli("--impl exec:" + Script("wrong_adapter.sh") +
                      " --oracle none --max-failures 1 " + Sample());
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  const std::regex more(
      R"(\n  \.\.\. and \d+ more failures of exec:\S+ \(--max-failures N prints more\)\n)");
  EXPECT_TRUE(std::regex_search(r.out, more)) << r.out;
  EXPECT_EQ(r.out.find("--junit"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("--findings"), std::string::npos) << r.out;
  const std::string junit = std::string(std::getenv("TEST_TMPDIR")) + "/more.xml";
  r = RunCli("--impl exec:" + Script("wrong_adapter.sh") + " --oracle none --max-failures 1 " +
             "--junit " + junit + " " + Sample());
  EXPECT_NE(r.out.find(" more failures of exec:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" (all in " + junit + ")\n"), std::string::npos) << r.out;
}

TEST(ReportCliTest, BadExecTimeoutIsExitTwoNamingIt) {
  for (const char* bad : {"2s", "abc", "0", "-1", "", "1e3", "inf", "."}) {
    ShellRun r = RunCli("--impl exec:" + Script("wrong_adapter.sh") + " --oracle none " + Sample(),
                        std::string("ARIASUITE_EXEC_TIMEOUT='") + bad + "'");
    EXPECT_EQ(r.status, 2) << bad << ": " << r.out << r.err;
    EXPECT_EQ(r.err, std::string("ariasuite conformance: ARIASUITE_EXEC_TIMEOUT='") + bad +
                         "': want a positive number of seconds (e.g. 60 or 0.5, at most 86400)\n")
        << bad;
    EXPECT_EQ(r.out, "") << bad;
  }
}

// A hanging adapter with a fractional timeout on a 105-case file given twice: each case times out
// after 0.5 s (not 60: the fraction is honoured), the adapter is restarted kExecRestartCap times
// per file and then no more for the rest of that file (the count starts again on the next file),
// and the ~30 s this takes print progress lines on stderr.
TEST(ReportCliTest, HangingAdapterTimesOutIsCappedPerFileAndShowsProgress) {
  const std::string file = testdata::RunfilePath("vectors/generated/aria_cfb1_edge_test.json");
  ShellRun r = RunCli("--impl exec:" + Script("hanging_adapter.sh") +
                          " --oracle none --max-failures 1000 " + file + " " + file,
                      "ARIASUITE_EXEC_TIMEOUT=0.5");
  EXPECT_EQ(r.status, 3) << r.out << r.err;
  // A failure line of a case that timed out (the block's line and the summary end otherwise).
  const std::string timeout = "backend error: no answer within 0.5 s (ARIASUITE_EXEC_TIMEOUT)\n";
  const std::string capped = "not restarted: already restarted " +
                             std::to_string(oracles::kExecRestartCap) +
                             " times on this file (the restart cap); last death: no answer";
  const size_t second = r.out.find("== " + file, 1);
  ASSERT_NE(second, std::string::npos) << r.out;
  const size_t table = r.out.find("\nVerdict table");
  ASSERT_NE(table, std::string::npos) << r.out;
  // The first file: the adapter started with the run dies, then each of kExecRestartCap restarts;
  // the second file: kExecRestartCap restarts (the count starts again), then the cap.
  const std::string blocks[] = {r.out.substr(0, second), r.out.substr(second, table - second)};
  const int deaths[] = {oracles::kExecRestartCap + 1, oracles::kExecRestartCap};
  for (int i = 0; i < 2; ++i) {
    const std::string& block = blocks[i];
    const Counts c = BlockCounts(block, "exec:");
    EXPECT_EQ(c.broke, 105) << block;  // every case of the file
    // The deaths are timeouts (or, on a loaded machine, a restart whose hello line timed out).
    EXPECT_GE(CountOf(block, timeout), 1) << block;
    EXPECT_EQ(CountOf(block, capped), 105 - deaths[i]) << block;
  }
  EXPECT_GE(CountOf(r.err, "ariasuite conformance: progress: " + file + ": exec:"), 2) << r.err;
  EXPECT_TRUE(std::regex_search(r.err, std::regex(R"(on case \d+ of 105 \(1\d s on this file\))")))
      << r.err;
}

// The cases of the failure lines "  FAIL BACKEND WHERE ..." of backends starting with prefix.
std::set<std::string> FailedCases(const std::string& out, const std::string& prefix) {
  std::set<std::string> cases;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("  FAIL " + prefix, 0) != 0) continue;
    std::istringstream words(line);
    std::string fail, backend, where;
    words >> fail >> backend >> where;
    cases.insert(where);
  }
  return cases;
}

// The adapter written from PROTOCOL.md alone (Python over libcrypto through ctypes) answers like
// the in-process OpenSSL backend: on the Wycheproof GCM and CBC-PKCS5 files, the generated CTR,
// CFB1 and OFB files and the OpenSSL sample it fails exactly the cases OpenSSL fails (Wycheproof's
// 257-byte IVs, which OpenSSL refuses) and breaks on none: the protocol's document suffices.
TEST(ReportCliTest, AdapterWrittenFromTheProtocolDocAnswersLikeOpenSsl) {
  std::string looked_in;
  const std::string shared = testdata::SharedDir(&looked_in);
  if (shared.empty()) GTEST_SKIP() << "no shared vectors folder; looked in " << looked_in;
  const std::string dir = shared + "/vectors/wycheproof/";
  const std::string gen = testdata::RunfilePath("vectors/generated/");
  const std::string files = dir + "aria_gcm_test.json " + dir + "aria_cbc_pkcs5_test.json " + dir +
                            "aes_gcm_test.json " + gen + "aria_ctr_edge_test.json " + gen +
                            "aria_cfb1_edge_test.json " + gen + "aria_ofb_edge_test.json " +
                            Sample();
  const std::string tmp = std::getenv("TEST_TMPDIR");
  ShellRun r = RunCli("--impl exec:" + Script("evp_ctypes_adapter.py") + " --oracle openssl " +
                      "--max-failures 1000 --findings " + tmp + "/py " + files);
  EXPECT_TRUE(r.status == 0 || r.status == 1) << r.status << r.out << r.err;
  EXPECT_EQ(r.out.find("\n  BROKE "), std::string::npos) << r.out;
  EXPECT_EQ(CountOf(r.out, "\n  exec:"), 7) << r.out;
  EXPECT_EQ(FailedCases(r.out, "exec:"), FailedCases(r.out, "openssl ")) << r.out;
  // The same adapter with every fifth answer replaced by a wrong one differs from OpenSSL.
  r = RunCli("--impl 'exec:" + Script("planted_adapter.sh") + " " +
             Script("evp_ctypes_adapter.py") + " ppppw' --oracle openssl --max-failures 1000 " +
             "--findings " + tmp + "/py " + files);
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(FailedCases(r.out, "exec:"), FailedCases(r.out, "openssl ")) << r.out;
}

}  // namespace
}  // namespace ariasuite::conformance
