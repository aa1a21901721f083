// Every committed vector file (the committed entries of vectors/MANIFEST: vectors/*.json, the
// generated edge cases of vectors/generated/ and the samples of the other formats in
// vectors/samples/) on every path of ours, under `bazel test`:
// the SIMD batch boundaries, counter wraps and long IVs of the generated files reach every path
// (and so every SIMD mutant of the mutation harness), not only ours/scalar. A path this CPU
// cannot run is listed as skipped with the missing features.
#include <filesystem>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "conformance/runner.h"
#include "gtest/gtest.h"
#include "impl/dispatch.h"
#include "oracles/backend.h"
#include "vectors/loader.h"
#include "vectors/manifest.h"
#include "vectors/testdata.h"

namespace ariasuite::conformance {

using oracles::Backend;
using oracles::MakeOursBackend;

namespace {

class CommittedVectorsTest : public ::testing::TestWithParam<std::tuple<Impl, std::string>> {};

TEST_P(CommittedVectorsTest, EveryCasePasses) {
  const auto [impl, file] = GetParam();
  std::string missing;
  if (!IsSupported(impl, &missing)) {
    GTEST_SKIP() << "this CPU cannot run " << ImplName(impl) << ": missing " << missing;
  }
  VectorFile f;
  std::string error;
  ASSERT_TRUE(LoadVectorFile(testdata::RunfilePath(file), {}, &f, &error)) << error;
  ASSERT_FALSE(f.cases.empty()) << file;
  std::unique_ptr<Backend> ours = MakeOursBackend(impl);
  const FileResult r = RunFile(f, {{ours.get(), true}});
  ASSERT_EQ(r.pairs.size(), 1u);
  const PairResult& p = r.pairs[0];
  int shown = 0;
  for (const std::string& line : p.failures) {
    if (shown++ < 20) ADD_FAILURE() << line;
  }
  EXPECT_EQ(p.failed, 0);
  EXPECT_EQ(p.errors, 0);
  EXPECT_EQ(p.unsupported, 0) << p.unsupported_example;
  EXPECT_EQ(p.passed, static_cast<int>(f.cases.size()));
  EXPECT_EQ(VerdictOf(p), PairVerdict::kPassed);
}

std::string Name(const ::testing::TestParamInfo<std::tuple<Impl, std::string>>& info) {
  std::string name = ImplName(std::get<0>(info.param));
  name += "_" + std::filesystem::path(std::get<1>(info.param)).filename().string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(
    , CommittedVectorsTest,
    ::testing::Combine(::testing::ValuesIn(AllImpls()),
                       ::testing::ValuesIn(vectors::ManifestPaths(vectors::Place::kCommitted))),
    Name);

}  // namespace
}  // namespace ariasuite::conformance
