// The backend registry (oracles::Oracles()) is the one list of oracles: each name makes the
// backend of that name, and the runner's usage text, its unknown-name error and the Backends
// paragraph of conformance/README.md name exactly the registry's oracles.

#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "conformance/shell_run.h"
#include "gtest/gtest.h"
#include "oracles/backend.h"
#include "vectors/testdata.h"

namespace ariasuite::conformance {
namespace {

ShellRun RunRunner(const std::string& args) {
  return RunShell(testdata::RunfilePath("conformance/runner") + " " + args);
}

TEST(RegistryDocsTest, EachOracleNameMakesTheBackendOfThatName) {
  ASSERT_FALSE(oracles::Oracles().empty());
  std::set<std::string> seen;
  for (const oracles::OracleInfo& o : oracles::Oracles()) {
    EXPECT_TRUE(seen.insert(o.name).second) << "listed twice: " << o.name;
    EXPECT_NE(std::string(o.about), "") << o.name;
    std::string error;
    std::vector<std::unique_ptr<oracles::Backend>> one = oracles::MakeBackends({o.name}, &error);
    ASSERT_EQ(one.size(), 1u) << o.name << ": " << error;
    EXPECT_EQ(one[0]->name(), o.name);
    EXPECT_FALSE(one[0]->is_ours()) << o.name;
  }
  std::vector<std::string> names;
  for (const oracles::OracleInfo& o : oracles::Oracles()) names.push_back(o.name);
  EXPECT_EQ(oracles::OracleNames(), names);
}

TEST(RegistryDocsTest, RunnerUsageAndUnknownNameErrorListEveryOracle) {
  const ShellRun help = RunRunner("--help");
  EXPECT_EQ(help.status, 0) << help.err;
  const ShellRun bad = RunRunner("--oracle nope /nonexistent.json");
  EXPECT_EQ(bad.status, 2) << bad.out << bad.err;
  EXPECT_NE(bad.err.find("unknown backend 'nope'"), std::string::npos) << bad.err;
  for (const oracles::OracleInfo& o : oracles::Oracles()) {
    EXPECT_NE(help.out.find(std::string(" ") + o.name + " "), std::string::npos)
        << o.name << " is not in the usage text:\n"
        << help.out;
    EXPECT_NE(help.out.find(o.about), std::string::npos) << o.about;
    EXPECT_NE(bad.err.find(std::string(", ") + o.name + ","), std::string::npos)
        << o.name << " is not in the error: " << bad.err;
  }
}

// The README's "- **Backends**" paragraph: each backticked lower-case name in it (a token without
// '/', ':' or '.', so not a file or exec:PROGRAM) is "ours" or an oracle of the registry, and each
// oracle of the registry is there.
TEST(RegistryDocsTest, ReadmeBackendsParagraphNamesExactlyTheRegistry) {
  const std::string readme = Slurp(testdata::RunfilePath("conformance/README.md"));
  const size_t start = readme.find("- **Backends**");
  ASSERT_NE(start, std::string::npos) << "conformance/README.md has no '- **Backends**' paragraph";
  const size_t end = readme.find("\n- **", start + 1);
  const std::string para = readme.substr(start, end == std::string::npos ? end : end - start);
  std::set<std::string> named;
  const std::regex token("`([a-z0-9-]+)`");
  for (auto it = std::sregex_iterator(para.begin(), para.end(), token);
       it != std::sregex_iterator(); ++it) {
    named.insert((*it)[1]);
  }
  std::set<std::string> registry = {"ours"};
  for (const oracles::OracleInfo& o : oracles::Oracles()) registry.insert(o.name);
  for (const std::string& n : named) {
    EXPECT_TRUE(registry.count(n)) << "conformance/README.md names backend `" << n
                                   << "`, which the registry (oracles/registry.cc) lacks";
  }
  for (const std::string& n : registry) {
    EXPECT_TRUE(named.count(n)) << "conformance/README.md's Backends paragraph lacks `" << n
                                << "` of the registry (oracles/registry.cc)";
  }
}

}  // namespace
}  // namespace ariasuite::conformance
