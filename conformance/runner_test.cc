// The runner: the per-case decisions (valid / invalid / acceptable, unsupported, backend errors)
// on scripted backends; every path of ours end-to-end on the six Wycheproof ARIA files (and
// aes_gcm_test.json for the AES instantiation of the GCM layer); the findings reproducers; and the
// CLI's exit statuses and one-line errors.
#include "conformance/runner.h"

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

#include "vectors/loader.h"
#include "gtest/gtest.h"
#include "impl/dispatch.h"
#include "vectors/testdata.h"

namespace ariasuite::conformance {

using oracles::Accepted;
using oracles::Backend;
using oracles::Bytes;
using oracles::MakeOursBackend;
using oracles::Mode;
using oracles::Op;
using oracles::Refused;
using oracles::Request;
using oracles::Result;

namespace {

// A backend whose every answer is given by a function.
class Scripted : public Backend {
 public:
  explicit Scripted(std::function<std::optional<Result>(const Request&)> f) : f_(std::move(f)) {}
  std::string name() const override { return "scripted"; }
  bool is_ours() const override { return false; }
  std::optional<std::string> unavailable() const override { return std::nullopt; }
  std::optional<Result> Run(const Request& r) override { return f_(r); }

 private:
  std::function<std::optional<Result>(const Request&)> f_;
};


TestCase GcmCase(Expect expect) {
  TestCase c;
  c.where = "x.json:tcId 7";
  c.mode = Mode::kGcm;
  c.key = Bytes(16, 1);
  c.iv = Bytes(12, 2);
  c.msg = {0xaa};
  c.ct = {0xbb};
  c.tag = Bytes(16, 0xcc);
  c.tag_len = 16;
  c.expect = expect;
  return c;
}

TEST(RunCaseTest, ValidNeedsExactBytesBothWays) {
  // A correct backend.
  Scripted good([](const Request& r) -> std::optional<Result> {
    if (r.op == Op::kGcmSeal) return Accepted({0xbb}, Bytes(16, 0xcc));
    return Accepted({0xaa});
  });
  EXPECT_EQ(RunCase(good, GcmCase(Expect::kValid)).outcome, CaseOutcome::kPass);
  // A wrong tag on seal.
  Scripted bad_tag([](const Request& r) -> std::optional<Result> {
    if (r.op == Op::kGcmSeal) return Accepted({0xbb}, Bytes(16, 0xcd));
    return Accepted({0xaa});
  });
  CaseResult r = RunCase(bad_tag, GcmCase(Expect::kValid));
  EXPECT_EQ(r.outcome, CaseOutcome::kFail);
  EXPECT_EQ(r.message,
            "gcm-seal: expected output=bb tag=cccccccccccccccccccccccccccccccc, got output=bb "
            "tag=cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd");
  // Refusing a valid open.
  Scripted refuses_open([](const Request& r) -> std::optional<Result> {
    if (r.op == Op::kGcmSeal) return Accepted({0xbb}, Bytes(16, 0xcc));
    Result x = Refused();
    x.detail = "why";
    return x;
  });
  r = RunCase(refuses_open, GcmCase(Expect::kValid));
  EXPECT_EQ(r.outcome, CaseOutcome::kFail);
  EXPECT_EQ(r.message, "gcm-open: expected output=aa, got a refusal (why)");
}

TEST(RunCaseTest, InvalidNeedsRefusal) {
  Scripted accepts_all([](const Request&) -> std::optional<Result> { return Accepted({0xaa}); });
  CaseResult r = RunCase(accepts_all, GcmCase(Expect::kInvalid));
  EXPECT_EQ(r.outcome, CaseOutcome::kFail);
  EXPECT_EQ(r.message, "gcm-open: expected a refusal, got output=aa");
  // Open refused, seal not tried: a pass for a tag-only invalid case...
  std::vector<Op> seen;
  Scripted refuses_all([&](const Request& q) -> std::optional<Result> {
    seen.push_back(q.op);
    return Refused();
  });
  EXPECT_EQ(RunCase(refuses_all, GcmCase(Expect::kInvalid)).outcome, CaseOutcome::kPass);
  EXPECT_EQ(seen, std::vector<Op>{Op::kGcmOpen});
  // ...while invalid parameters need the seal refused too.
  TestCase params = GcmCase(Expect::kInvalid);
  params.params_invalid = true;
  seen.clear();
  EXPECT_EQ(RunCase(refuses_all, params).outcome, CaseOutcome::kPass);
  EXPECT_EQ(seen, (std::vector<Op>{Op::kGcmOpen, Op::kGcmSeal}));
  Scripted seals_anyway([](const Request& q) -> std::optional<Result> {
    if (q.op == Op::kGcmSeal) return Accepted({0x01}, Bytes(16, 0));
    return Refused();
  });
  r = RunCase(seals_anyway, params);
  EXPECT_EQ(r.outcome, CaseOutcome::kFail);
  EXPECT_EQ(r.message.substr(0, 30), "gcm-seal: expected a refusal, ");
}

TEST(RunCaseTest, AcceptableTakesRefusalOrExactAnswer) {
  TestCase c = GcmCase(Expect::kAcceptable);
  Scripted refuses([](const Request&) -> std::optional<Result> { return Refused(); });
  EXPECT_EQ(RunCase(refuses, c).outcome, CaseOutcome::kPass);
  Scripted wrong(
      [](const Request&) -> std::optional<Result> { return Accepted({0x00}, Bytes(16, 0)); });
  EXPECT_EQ(RunCase(wrong, c).outcome, CaseOutcome::kFail);
  EXPECT_NE(AcceptableReason("ShortKey").find("SP 800-38F"), std::string::npos);
  EXPECT_NE(AcceptableReason("Unheard").find("no ariasuite policy"), std::string::npos);
}

TEST(RunCaseTest, CmacInvalidMustNotMatch) {
  TestCase c;
  c.mode = Mode::kCmac;
  c.key = Bytes(16, 1);
  c.msg = {1, 2};
  c.tag = Bytes(16, 9);
  c.tag_len = 16;
  c.expect = Expect::kInvalid;
  Scripted matches(
      [](const Request&) -> std::optional<Result> { return Accepted({}, Bytes(16, 9)); });
  CaseResult r = RunCase(matches, c);
  EXPECT_EQ(r.outcome, CaseOutcome::kFail);
  EXPECT_EQ(r.message, "cmac: accepted the modified tag 09090909090909090909090909090909");
  Scripted differs(
      [](const Request&) -> std::optional<Result> { return Accepted({}, Bytes(16, 8)); });
  EXPECT_EQ(RunCase(differs, c).outcome, CaseOutcome::kPass);
}

TEST(RunCaseTest, UnsupportedAndErrors) {
  Scripted none([](const Request&) -> std::optional<Result> { return std::nullopt; });
  CaseResult r = RunCase(none, GcmCase(Expect::kValid));
  EXPECT_EQ(r.outcome, CaseOutcome::kUnsupported);
  // An error answer is a failure even where a refusal is expected.
  Scripted broken([](const Request&) -> std::optional<Result> {
    Result x;
    x.error = "adapter died";
    return x;
  });
  r = RunCase(broken, GcmCase(Expect::kInvalid));
  EXPECT_EQ(r.outcome, CaseOutcome::kError);
  EXPECT_EQ(r.message, "gcm-open: backend error: adapter died");
}

// ---- Every path of ours on the Wycheproof files ----

const char* const kWycheproofFiles[] = {"aria_gcm_test.json",  "aria_ccm_test.json",
                                        "aria_cbc_pkcs5_test.json", "aria_cmac_test.json",
                                        "aria_wrap_test.json", "aria_kwp_test.json",
                                        "aes_gcm_test.json"};

class WycheproofEndToEnd
    : public ::testing::TestWithParam<std::tuple<Impl, const char*>> {};

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

// ---- Findings and JUnit ----

TEST(ReportTest, FindingsReproduceTheFailure) {
  VectorFile f;
  std::string error;
  ASSERT_TRUE(LoadVectorFile(testdata::RunfilePath("vectors/samples/aria_evp_sample.txt"), {}, &f,
                             &error))
      << error;
  Scripted zero([](const Request&) -> std::optional<Result> { return Accepted({0}, {0}); });
  FileResult r = RunFile(f, {{&zero, false}});
  ASSERT_EQ(r.pairs[0].failed, 10);
  const std::string dir = std::string(std::getenv("TEST_TMPDIR")) + "/findings";
  std::vector<std::string> written = WriteFindings(r, dir, &error);
  ASSERT_TRUE(error.empty()) << error;
  ASSERT_FALSE(written.empty());
  size_t reloaded = 0;
  for (const std::string& w : written) {
    VectorFile back;
    ASSERT_TRUE(LoadVectorFile(w, {}, &back, &error)) << error;
    EXPECT_EQ(back.format, "wycheproof");
    FileResult again = RunFile(back, {{&zero, false}});
    EXPECT_EQ(again.pairs[0].failed, static_cast<int>(back.cases.size())) << w;
    reloaded += back.cases.size();
  }
  EXPECT_EQ(reloaded, 10u);
  const std::string xml = JunitXml({r});
  EXPECT_NE(xml.find("<failure message=\"10 of 10 cases failed (third-party finding)\">"),
            std::string::npos);
}

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
  return CliRun{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(tmp + "/out.txt"), slurp(tmp + "/err.txt")};
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
  CliRun r = RunCli("--impl ours --oracle exec:" + Script("wrong_adapter.sh") + " --findings " + dir +
                 " " + Sample());
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("[third-party finding]"), std::string::npos);
  EXPECT_NE(r.out.find("finding written: " + dir), std::string::npos);
  EXPECT_FALSE(std::filesystem::is_empty(dir));
  r = RunCli("--impl ours --strict-oracles --oracle exec:" + Script("wrong_adapter.sh") +
             " --findings " + dir + " " + Sample());
  EXPECT_EQ(r.status, 1) << r.out << r.err;
}

TEST(CliTest, BrokenOracleAdapterIsSkip) {
  CliRun r = RunCli("--impl ours/scalar --oracle exec:" + Script("mute_adapter.sh") + " " + Sample());
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("SKIP    adapter '"), std::string::npos) << r.out;
}

// The "nothing tested" verdicts of the CLI (exit 3: adapters that never answer, answer
// `unsupported` to everything or die mid-file; a file with no case) are planted by the gate test,
// tools/gate/gate_test.py.

TEST(CliTest, UsageAndInputErrorsExitTwoWithOneLine) {
  const std::string tmp = std::getenv("TEST_TMPDIR");
  {
    std::ofstream bad(tmp + "/bad.json");
    bad << "{\"algorithm\": \"ARIA-GCM\",\n \"numberOfTests\": 0,\n \"notes\": {}, \"testGroups\": [,]}\n";
  }
  CliRun r = RunCli(tmp + "/bad.json");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.err.rfind(tmp + "/bad.json:3: bad JSON: ", 0), 0u) << r.err;
  r = RunCli("--bogus " + Sample());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("ariasuite conformance: unknown option '--bogus'", 0), 0u) << r.err;
  r = RunCli("--impl ours/nope " + Sample());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("ariasuite conformance: unknown implementation 'ours/nope'", 0), 0u) << r.err;
  r = RunCli("");
  EXPECT_EQ(r.status, 2);
  r = RunCli("/nonexistent/file.json");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "/nonexistent/file.json: cannot read the file\n");
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

}  // namespace
}  // namespace ariasuite::conformance
