// tools/ariasuite findings on a findings folder the conformance runner wrote: the runner runs two
// small files with stand-in oracles (lax_limits_adapter.sh wraps an empty key and seals with a
// 5-byte tag; planted_adapter.sh answers every other request with a wrong output), then the
// findings command turns the folder into reports. Checked: one report per library and class, the
// clause mode_limits names, the same case from two files counted once, the reproducer's request
// lines replayed through the stand-in adapter (accepted) and through OpenSSL's adapter (refused),
// the independent implementations that agree with ours, and exit 2 / 4 on bad and empty inputs.

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "conformance/shell_run.h"
#include "gtest/gtest.h"
#include "vectors/testdata.h"

namespace ariasuite::conformance {
namespace {

std::string Tmp() { return std::getenv("TEST_TMPDIR"); }

ShellRun Sh(const std::string& cmd) { return RunShell(cmd); }

std::string File(const std::string& name) {
  return testdata::RunfilePath("conformance/testdata/" + name);
}
std::string OpensslAdapter() { return testdata::RunfilePath("oracles/openssl_adapter"); }
std::string LaxProgram() { return File("lax_limits_adapter.sh") + " " + OpensslAdapter(); }
std::string Findings() { return testdata::RunfilePath("conformance/findings_reports"); }

// The runner's findings folder, written once for every test.
class FindingsCliTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = Tmp() + "/findings";
    std::filesystem::remove_all(dir_);
    // The KW file twice under two names: its one finding must be one case in the report.
    std::filesystem::copy_file(File("refusals_kw_test.json"), Tmp() + "/copy_of_kw_test.json",
                               std::filesystem::copy_options::overwrite_existing);
    const ShellRun r = Sh(testdata::RunfilePath("conformance/runner") +
                          " --impl ours --oracle 'exec:" + LaxProgram() +
                          "','exec:" + File("planted_adapter.sh") + " " + OpensslAdapter() +
                          " pw' --findings " + dir_ + " " + File("refusals_kw_test.json") + " " +
                          Tmp() + "/copy_of_kw_test.json " + File("refusals_gcm_test.json"));
    runner_status_ = r.status;
    runner_out_ = r.out;
  }
  static std::string dir_, runner_out_;
  static int runner_status_;
};
std::string FindingsCliTest::dir_, FindingsCliTest::runner_out_;
int FindingsCliTest::runner_status_;

std::vector<std::string> Reports(const std::string& dir) {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    out.push_back(e.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The lines of the first ``` block after marker.
std::vector<std::string> Block(const std::string& text, const std::string& marker) {
  size_t at = text.find(marker);
  if (at == std::string::npos) return {};
  at = text.find("```\n", at);
  const size_t end = text.find("```", at + 4);
  std::vector<std::string> lines;
  std::istringstream in(text.substr(at + 4, end - at - 4));
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

// Each line of lines piped through program; its answers.
std::vector<std::string> Replay(const std::string& program, const std::vector<std::string>& lines) {
  std::ofstream f(Tmp() + "/requests.txt", std::ios::trunc);
  for (const std::string& l : lines) f << l << "\n";
  f.close();
  const ShellRun r = Sh(program + " <" + Tmp() + "/requests.txt");
  std::vector<std::string> answers;
  std::istringstream in(r.out);
  for (std::string l; std::getline(in, l);) answers.push_back(l);
  return answers;
}

TEST_F(FindingsCliTest, OneReportPerLibraryAndClassWithTheClause) {
  ASSERT_EQ(runner_status_, 0) << runner_out_;
  const std::string out = Tmp() + "/reports";
  const ShellRun r =
      Sh(Findings() + " --out " + out + " --oracle openssl,sp800-38f,sp800-38d " + dir_);
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  // The lax adapter: kw-wrap and gcm-seal accepting what the limits forbid; the planted one: a
  // wrong wrap (the valid KW case's first request) and a wrong seal.
  // The planted one answers every second request `ok out=00 tag=00`: forbidden seals and wraps
  // accepted, wrong opens and unwraps.
  EXPECT_EQ(Reports(out), (std::vector<std::string>{
                              "exec_openssl_adapter__gcm-seal-accepts-forbidden-input.md",
                              "exec_openssl_adapter__kw-wrap-accepts-forbidden-input.md",
                              "exec_openssl_adapter_pw__gcm-open-wrong-output.md",
                              "exec_openssl_adapter_pw__gcm-seal-accepts-forbidden-input.md",
                              "exec_openssl_adapter_pw__kw-unwrap-wrong-output.md",
                              "exec_openssl_adapter_pw__kw-wrap-accepts-forbidden-input.md",
                          }))
      << r.out;
  const std::string kw = Slurp(out + "/exec_openssl_adapter__kw-wrap-accepts-forbidden-input.md");
  EXPECT_NE(kw.find("- Standard: SP 800-38F §5.3.1, §6.2: KW wrap input must be at least 16 "
                    "bytes and a multiple of 8\n"),
            std::string::npos)
      << kw;
  // The same case from two files is one case.
  EXPECT_NE(kw.find("- Cases: 1 distinct"), std::string::npos) << kw;
  // The library and its version: the stand-in passes OpenSSL's adapter's hello through.
  EXPECT_NE(kw.find("(openssl OpenSSL 3."), std::string::npos) << kw;
  for (const char* section :
       {"## What the standard says", "## Smallest reproducer",
        "## Independent implementations on this case", "## Every case of this class"}) {
    EXPECT_NE(kw.find(section), std::string::npos) << section << "\n" << kw;
  }
  // OpenSSL has no KW of an empty key (unsupported), SP 800-38F's oracle refuses it; the other
  // stand-in (another library reported) is not among the implementations replayed here.
  EXPECT_NE(kw.find("agree with ours (pass the case): sp800-38f.\nIndependent implementations "
                    "that fail it too: none."),
            std::string::npos)
      << kw;
  EXPECT_EQ(kw.find("planted_adapter"), std::string::npos) << kw;
  EXPECT_NE(kw.find("ariasuite's own paths (one vote) pass this case."), std::string::npos) << kw;
  const std::string gcm = Slurp(out + "/exec_openssl_adapter__gcm-seal-accepts-forbidden-input.md");
  EXPECT_NE(gcm.find("- Standard: SP 800-38D §5.2.1.2: the GCM tag length must be 4, 8 or "
                     "12..16 bytes\n"),
            std::string::npos)
      << gcm;
  const std::string wrong = Slurp(out + "/exec_openssl_adapter_pw__kw-unwrap-wrong-output.md");
  EXPECT_NE(wrong.find("- Standard: SP 800-38F §6.2: KW-AE and KW-AD\n"), std::string::npos)
      << wrong;
  // One stdout line per report naming library, class, clause and case count.
  EXPECT_NE(r.out.find("kw-wrap-accepts-forbidden-input  SP 800-38F §5.3.1, §6.2: KW wrap input "
                       "must be at least 16 bytes and a multiple of 8  1 case(s)"),
            std::string::npos)
      << r.out;
}

// The request lines of each reproducer, replayed: the stand-in accepts the forbidden request, our
// scalar path (served by ours_scalar_adapter) refuses it.
TEST_F(FindingsCliTest, TheReproducersRequestLinesReplay) {
  ASSERT_EQ(runner_status_, 0) << runner_out_;
  const std::string out = Tmp() + "/replay_reports";
  // The stand-in is replayed only when --oracle names it (a findings file's header does not choose
  // which program runs).
  ASSERT_EQ(
      Sh(Findings() + " --out " + out + " --oracle 'exec:" + LaxProgram() + "' " + dir_).status, 0);
  ASSERT_EQ(Sh(Findings() + " --out " + out + "_none --oracle none " + dir_).status, 0);
  EXPECT_EQ(Slurp(out + "_none/exec_openssl_adapter__kw-wrap-accepts-forbidden-input.md")
                .find("(the library reported)"),
            std::string::npos);
  struct Want {
    const char* report;
    const char* op;
  };
  for (const Want& w :
       {Want{"exec_openssl_adapter__kw-wrap-accepts-forbidden-input.md", "kw-wrap"},
        Want{"exec_openssl_adapter__gcm-seal-accepts-forbidden-input.md", "gcm-seal"}}) {
    const std::string text = Slurp(out + "/" + w.report);
    const std::vector<std::string> lines = Block(text, "request lines");
    ASSERT_GE(lines.size(), 2u) << text;
    EXPECT_EQ(lines[0], "hello ariasuite-exec 1");
    size_t forbidden = 0;
    for (size_t i = 1; i < lines.size(); ++i) {
      if (lines[i].rfind(std::string(w.op) + " ", 0) == 0) forbidden = i;
    }
    ASSERT_NE(forbidden, 0u) << w.op << " not among the request lines:\n" << text;
    const std::vector<std::string> lax = Replay(LaxProgram(), lines);
    const std::vector<std::string> ours =
        Replay(testdata::RunfilePath("conformance/ours_scalar_adapter"), lines);
    ASSERT_EQ(ours.size(), lines.size()) << w.report;
    ASSERT_EQ(lax.size(), lines.size()) << w.report;
    EXPECT_EQ(lax[forbidden].rfind("ok ", 0), 0u) << w.report << ": " << lax[forbidden];
    EXPECT_EQ(ours[forbidden].rfind("refused", 0), 0u) << w.report << ": " << ours[forbidden];
    // The report shows the library's answers too (replayed at report time).
    EXPECT_NE(text.find("(the library reported):"), std::string::npos) << text;
  }
}

TEST_F(FindingsCliTest, EmptyMissingAndForeignInputs) {
  const std::string empty = Tmp() + "/empty";
  std::filesystem::create_directories(empty);
  ShellRun r = Sh(Findings() + " --out " + Tmp() + "/r1 " + empty);
  EXPECT_EQ(r.status, 4) << r.out << r.err;
  EXPECT_NE(r.out.find("nothing to report: no findings file in " + empty), std::string::npos);
  // No input named and no .cache/run/findings under ARIASUITE_ROOT: nothing to report.
  r = Sh("ARIASUITE_ROOT=" + empty + " " + Findings());
  EXPECT_EQ(r.status, 4) << r.out << r.err;
  r = Sh(Findings() + " " + Tmp() + "/no_such_folder");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("no_such_folder: no such findings folder or file"), std::string::npos)
      << r.err;
  // A vector file that is not a findings file (no header from the runner).
  r = Sh(Findings() + " " + File("refusals_kw_test.json"));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("not a findings file written by tools/ariasuite conformance"),
            std::string::npos)
      << r.err;
}

// A bad command line is one stderr line ending with the usage, exit 2, before any input is read.
TEST_F(FindingsCliTest, UsageErrorsExitTwoWithOneLine) {
  const std::string usage =
      " (usage: ariasuite findings [--out DIR] [--oracle LIST] [FINDINGS]...)\n";
  for (const auto& [args, want] : std::vector<std::pair<std::string, std::string>>{
           {"--bogus", "unknown argument '--bogus'"},
           {Tmp() + " --out", "--out needs a value"},
           {"--out '' " + Tmp(), "--out: is empty: name a folder"},
           {Tmp() + " --oracle", "--oracle needs a value"},
           {"--oracle nope " + dir_, "unknown backend 'nope' (known: "}}) {
    SCOPED_TRACE(args);
    const ShellRun r = Sh(Findings() + " " + args);
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("ariasuite findings: " + want, 0), 0u) << r.err;
    EXPECT_EQ(r.err.substr(r.err.size() - usage.size()), usage) << r.err;
  }
  const ShellRun help = Sh(Findings() + " --help");
  EXPECT_EQ(help.status, 0) << help.err;
  for (const char* want :
       {"Usage: ariasuite findings", "--out DIR", "--oracle LIST", "FINDINGS", "Exit status: 0"}) {
    EXPECT_NE(help.out.find(want), std::string::npos) << want << " not in:\n" << help.out;
  }
}

}  // namespace
}  // namespace ariasuite::conformance
