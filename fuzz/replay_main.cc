// main() of the replay tests: feeds every file of a target's seed corpus and regression directory
// to its LLVMFuzzerTestOneInput, one GoogleTest case per file (so `tools/ariasuite test` counts
// them). A mismatch aborts the process, which fails the test. Usage (--help for the generated
// help):
//   <target>_replay_test --target=NAME CORPUS_DIR [REGRESSIONS_DIR] [gtest flags]
// Directories are relative to the runfiles root (bazel test's working directory). The corpus must
// hold at least one file; the regression directory may be absent or empty.
#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tools/cli/app.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);
// A target whose subject can be absent (kernel_aria_asm without an assembled kernel tree) defines
// this to say why it tests nothing; the replay is then one skipped case, never a pass.
extern "C" __attribute__((weak)) const char* AriasuiteFuzzSkipReason();

namespace {

std::vector<std::string> FilesIn(const std::string& dir) {
  std::vector<std::string> files;
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) return files;
  while (dirent* e = readdir(d)) {
    const std::string name = e->d_name;
    if (name == "." || name == ".." || name[0] == '.') continue;
    struct stat st;
    if (stat((dir + "/" + name).c_str(), &st) == 0 && S_ISREG(st.st_mode)) files.push_back(name);
  }
  closedir(d);
  std::sort(files.begin(), files.end());
  return files;
}

std::string TestName(const std::string& file) {
  std::string s;
  for (char c : file) s += (isalnum(static_cast<unsigned char>(c)) ? c : '_');
  return s;
}

class ReplayFile : public testing::Test {
 public:
  explicit ReplayFile(std::string path) : path_(std::move(path)) {}
  void TestBody() override {
    std::ifstream in(path_, std::ios::binary);
    ASSERT_TRUE(in.good()) << "cannot read " << path_;
    std::vector<uint8_t> data((std::istreambuf_iterator<char>(in)),
                              std::istreambuf_iterator<char>());
    EXPECT_EQ(LLVMFuzzerTestOneInput(data.data(), data.size()), 0) << path_;
  }

 private:
  std::string path_;
};

class Skipped : public testing::Test {
 public:
  explicit Skipped(std::string why) : why_(std::move(why)) {}
  void TestBody() override { GTEST_SKIP() << why_; }

 private:
  std::string why_;
};

class MissingCorpus : public testing::Test {
 public:
  explicit MissingCorpus(std::string dir) : dir_(std::move(dir)) {}
  void TestBody() override { FAIL() << "no seed corpus files in " << dir_; }

 private:
  std::string dir_;
};

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  if (LLVMFuzzerInitialize != nullptr) LLVMFuzzerInitialize(&argc, &argv);
  std::string target = "fuzz", corpus, regressions;
  std::unique_ptr<CLI::App> app = ariasuite::cli::NewApp(
      "replay",
      "Replays every file of a fuzz target's seed corpus and regression folder through its "
      "LLVMFuzzerTestOneInput, one GoogleTest case per file.");
  app->add_option("--target", target, "the fuzz target, the prefix of the test suites' names")
      ->type_name("NAME");
  app->add_option("CORPUS_DIR", corpus, "the seed corpus (at least one file)")->required();
  app->add_option("REGRESSIONS_DIR", regressions, "the regression inputs (may be absent)");
  app->footer("GoogleTest's own flags (--gtest_filter=PATTERN, ...) are taken before these.");
  if (std::optional<int> status = ariasuite::cli::Parse(*app, argc, argv)) return *status;
  std::vector<std::string> dirs = {corpus};
  if (!regressions.empty()) dirs.push_back(regressions);
  if (AriasuiteFuzzSkipReason != nullptr && AriasuiteFuzzSkipReason() != nullptr) {
    const std::string why = AriasuiteFuzzSkipReason();
    testing::RegisterTest((target + "_corpus").c_str(), "skipped", nullptr, nullptr, __FILE__,
                          __LINE__, [why]() -> testing::Test* { return new Skipped(why); });
    return RUN_ALL_TESTS();
  }
  for (size_t k = 0; k < dirs.size(); ++k) {
    const std::string& dir = dirs[k];
    const std::string suite = target + (k == 0 ? "_corpus" : "_regressions");
    const std::vector<std::string> files = FilesIn(dir);
    if (files.empty() && k == 0) {
      testing::RegisterTest(suite.c_str(), "missing", nullptr, nullptr, __FILE__, __LINE__,
                            [dir]() -> testing::Test* { return new MissingCorpus(dir); });
    }
    for (const std::string& f : files) {
      const std::string path = dir + "/" + f;
      testing::RegisterTest(suite.c_str(), TestName(f).c_str(), nullptr, nullptr, __FILE__,
                            __LINE__, [path]() -> testing::Test* { return new ReplayFile(path); });
    }
  }
  return RUN_ALL_TESTS();
}
