#include "conformance/oracle_test_util.h"

#include <algorithm>
#include <vector>

#include "conformance/runner.h"
#include "gtest/gtest.h"

namespace ariasuite::conformance {

bool SameAnswer(const std::optional<oracles::Result>& a, const std::optional<oracles::Result>& b) {
  if (!a || !b) return false;
  if (!a->error.empty() || !b->error.empty() || a->crashed || b->crashed) return false;
  if (a->accepted != b->accepted) return false;
  return !a->accepted || (a->output == b->output && a->tag == b->tag);
}

std::unique_ptr<oracles::Backend> ExpectRegisteredOracle(const std::string& name) {
  std::string error;
  std::vector<std::unique_ptr<oracles::Backend>> one = oracles::MakeBackends({name}, &error);
  EXPECT_EQ(one.size(), 1u) << error;
  if (one.size() != 1) return nullptr;
  EXPECT_EQ(one[0]->name(), name);
  EXPECT_FALSE(one[0]->is_ours());
  const std::optional<std::string> why = one[0]->unavailable();
  EXPECT_FALSE(why.has_value()) << *why;
  const std::vector<std::string> names = oracles::OracleNames();
  EXPECT_NE(std::find(names.begin(), names.end(), name), names.end());
  for (const char* group : {"oracles", "all"}) {
    std::vector<std::unique_ptr<oracles::Backend>> all = oracles::MakeBackends({group}, &error);
    EXPECT_TRUE(std::any_of(all.begin(), all.end(), [&](const auto& b) {
      return b->name() == name;
    })) << group;
  }
  return std::move(one[0]);
}

void ExpectEveryCasePasses(oracles::Backend* backend, const vectors::VectorFile& file,
                           size_t min_cases) {
  const FileResult r = RunFile(file, {{backend, false}});
  ASSERT_EQ(r.pairs.size(), 1u);
  const PairResult& p = r.pairs[0];
  int shown = 0;
  for (const std::string& line : p.failures) {
    if (shown++ < 10) ADD_FAILURE() << line;
  }
  EXPECT_EQ(p.failed, 0);
  EXPECT_EQ(p.unsupported, 0) << p.unsupported_example;
  EXPECT_EQ(p.passed, static_cast<int>(file.cases.size()));
  EXPECT_EQ(VerdictOf(p), PairVerdict::kPassed);
  EXPECT_GT(file.cases.size(), min_cases) << file.path;
}

}  // namespace ariasuite::conformance
