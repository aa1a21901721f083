// Findings reproducers: an oracle's failed cases written back as Wycheproof files that load and
// fail the same way again; nothing written for ours; an unwritable folder named in the error.
#include "conformance/findings.h"

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "conformance/scripted_backend.h"
#include "gtest/gtest.h"
#include "vectors/loader.h"
#include "vectors/testdata.h"

namespace ariasuite::conformance {

using oracles::Accepted;
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

}  // namespace
}  // namespace ariasuite::conformance
