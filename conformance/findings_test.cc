// Findings reproducers: an oracle's failed cases written back as Wycheproof files that load and
// fail the same way again; nothing written for ours; an unwritable folder named in the error. A
// library that crashes (Result::crashed) where our paths pass fails those cases as a third-party
// finding and gets a reproducer; where ours fails too it is no finding; the same library answering
// `error` instead (its adapter broke) is BROKE with no finding.
#include "conformance/findings.h"

#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "conformance/scripted_backend.h"
#include "gtest/gtest.h"
#include "vectors/loader.h"
#include "vectors/testdata.h"

namespace ariasuite::conformance {

using oracles::Accepted;
using oracles::Backend;
using oracles::Op;
using oracles::Request;
using oracles::Result;
using vectors::LoadVectorFile;

namespace {

// The evp sample (10 cases) against a backend that answers one zero byte to everything.
class FindingsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    ASSERT_TRUE(LoadVectorFile(testdata::RunfilePath("vectors/samples/aria_evp_sample.txt"), {},
                               &sample_, &error))
        << error;
  }
  std::string Folder(const char* name) { return std::string(std::getenv("TEST_TMPDIR")) + name; }

  VectorFile sample_;
  Scripted zero_{[](const Request&) -> std::optional<Result> { return Accepted({0}, {0}); }};
};

TEST_F(FindingsTest, ReproducersFailTheSameWay) {
  FileResult r = RunFile(sample_, {{&zero_, false}});
  ASSERT_EQ(r.pairs[0].failed, 10);
  std::string error;
  std::vector<std::string> written = WriteFindings(r, Folder("/findings"), &error);
  ASSERT_TRUE(error.empty()) << error;
  ASSERT_FALSE(written.empty());
  size_t reloaded = 0;
  for (const std::string& w : written) {
    VectorFile back;
    ASSERT_TRUE(LoadVectorFile(w, {}, &back, &error)) << error;
    EXPECT_EQ(back.format, "wycheproof");
    FileResult again = RunFile(back, {{&zero_, false}});
    EXPECT_EQ(again.pairs[0].failed, static_cast<int>(back.cases.size())) << w;
    reloaded += back.cases.size();
  }
  EXPECT_EQ(reloaded, 10u);
}

TEST_F(FindingsTest, OursFailingIsNoFinding) {
  FileResult r = RunFile(sample_, {{&zero_, true}});
  ASSERT_EQ(r.pairs[0].failed, 10);
  std::string error;
  EXPECT_TRUE(WriteFindings(r, Folder("/none"), &error).empty());
  EXPECT_TRUE(error.empty()) << error;
}

TEST_F(FindingsTest, UnwritableFolderIsAnErrorNamingIt) {
  FileResult r = RunFile(sample_, {{&zero_, false}});
  const std::string dir = "/proc/self/no-such-folder";
  std::string error;
  EXPECT_TRUE(WriteFindings(r, dir, &error).empty());
  EXPECT_EQ(error.rfind(dir + ": ", 0), 0u) << error;
}

// Our scalar path, except that op gets `answer` instead.
Scripted OursExcept(Backend* ours, Op op, Result answer, const std::string& name) {
  return Scripted(
      [ours, op, answer](const Request& r) -> std::optional<Result> {
        if (r.op == op) return answer;
        return ours->Run(r);
      },
      name);
}

// The sample's two GCM cases open with a library that crashes; ours passes them.
TEST_F(FindingsTest, ACrashWhereOursPassesIsAFindingWithAReproducer) {
  std::unique_ptr<Backend> ours = oracles::MakeOursBackend(Impl::kScalar);
  Scripted lib = OursExcept(ours.get(), Op::kGcmOpen,
                            oracles::Crashed("ArrayIndexOutOfBoundsException: 16"), "crashy");
  FileResult r = RunFile(sample_, {{ours.get(), true}, {&lib, false}});
  ASSERT_EQ(r.pairs.size(), 2u);
  EXPECT_EQ(r.pairs[0].failed, 0);
  const PairResult& p = r.pairs[1];
  EXPECT_EQ(p.passed, 8);
  EXPECT_EQ(p.failed, 2);
  EXPECT_EQ(p.errors, 0);
  EXPECT_EQ(p.third_party, 2);
  EXPECT_EQ(VerdictOf(p), PairVerdict::kFailed);
  ASSERT_EQ(p.failures.size(), 2u);
  EXPECT_NE(p.failures[0].find("gcm-open: the library crashed (ArrayIndexOutOfBoundsException: 16) "
                               "instead of answering or refusing"),
            std::string::npos)
      << p.failures[0];
  std::string error;
  const std::vector<std::string> written = WriteFindings(r, Folder("/crashed"), &error);
  ASSERT_TRUE(error.empty()) << error;
  ASSERT_EQ(written.size(), 1u);
  VectorFile back;
  ASSERT_TRUE(LoadVectorFile(written[0], {}, &back, &error)) << error;
  EXPECT_EQ(back.cases.size(), 2u);
  // The reproducer crashes the library again, and ours passes it.
  FileResult again = RunFile(back, {{ours.get(), true}, {&lib, false}});
  EXPECT_EQ(again.pairs[0].passed, 2);
  EXPECT_EQ(again.pairs[1].failed, 2);
  EXPECT_EQ(again.pairs[1].third_party, 2);
}

// Ours fails the same cases (a wrong plaintext): the library's crash is no finding.
TEST_F(FindingsTest, ACrashWhereOursFailsTooIsNoFinding) {
  std::unique_ptr<Backend> scalar = oracles::MakeOursBackend(Impl::kScalar);
  Scripted ours = OursExcept(scalar.get(), Op::kGcmOpen, Accepted({0}), "ours-wrong");
  Scripted lib = OursExcept(scalar.get(), Op::kGcmOpen, oracles::Crashed("boom"), "crashy");
  FileResult r = RunFile(sample_, {{&ours, true}, {&lib, false}});
  EXPECT_EQ(r.pairs[0].failed, 2);
  EXPECT_EQ(r.pairs[1].failed, 2);
  EXPECT_EQ(r.pairs[1].third_party, 0);
  EXPECT_EQ(SplitFailures(r.pairs[1]).not_findings, 2);
  std::string error;
  EXPECT_TRUE(WriteFindings(r, Folder("/crashed-ours-too"), &error).empty());
  EXPECT_TRUE(error.empty()) << error;
}

// The plant: the same library whose adapter answers `error` (the adapter at fault) is BROKE, and
// nothing is written.
TEST_F(FindingsTest, AnErrorInsteadOfACrashIsBrokeAndNoFinding) {
  std::unique_ptr<Backend> ours = oracles::MakeOursBackend(Impl::kScalar);
  Scripted lib = OursExcept(ours.get(), Op::kGcmOpen, oracles::Broken("adapter threw"), "broken");
  FileResult r = RunFile(sample_, {{ours.get(), true}, {&lib, false}});
  const PairResult& p = r.pairs[1];
  EXPECT_EQ(p.failed, 0);
  EXPECT_EQ(p.errors, 2);
  EXPECT_EQ(p.third_party, 0);
  EXPECT_EQ(VerdictOf(p), PairVerdict::kBroke);
  std::string error;
  EXPECT_TRUE(WriteFindings(r, Folder("/broken"), &error).empty());
  EXPECT_TRUE(error.empty()) << error;
}

}  // namespace
}  // namespace ariasuite::conformance
