// The kernel cache's layout: $ARIASUITE_CACHE when set, the password database's home otherwise
// (an empty $ARIASUITE_CACHE counts as unset, as in the shell and Python copies).
#include "kernel-tests/asm/cache_layout.h"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>

#include "gtest/gtest.h"

namespace ariasuite::kernel_cache {
namespace {

class CacheLayoutTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const char* c = std::getenv("ARIASUITE_CACHE")) saved_ = c, had_ = true;
  }
  void TearDown() override {
    if (had_) {
      setenv("ARIASUITE_CACHE", saved_.c_str(), 1);
    } else {
      unsetenv("ARIASUITE_CACHE");
    }
  }
  std::string saved_;
  bool had_ = false;
};

TEST_F(CacheLayoutTest, FromTheEnvironment) {
  setenv("ARIASUITE_CACHE", "/tmp/c", 1);
  EXPECT_EQ(Base(), "/tmp/c");
  EXPECT_EQ(SourceDir(), "/tmp/c/kernel/source");
  EXPECT_EQ(AsmDir(), "/tmp/c/kernel-asm");
}

TEST_F(CacheLayoutTest, UnsetOrEmptyIsTheHomeOfThisUid) {
  const passwd* pw = getpwuid(getuid());
  ASSERT_NE(pw, nullptr);
  const std::string home = std::string(pw->pw_dir) + "/.cache/ariasuite";
  for (bool empty : {false, true}) {
    SCOPED_TRACE(empty ? "empty" : "unset");
    if (empty) {
      setenv("ARIASUITE_CACHE", "", 1);
    } else {
      unsetenv("ARIASUITE_CACHE");
    }
    setenv("HOME", "/nonexistent-home", 1);  // not read: the password database's home is
    EXPECT_EQ(Base(), home);
    EXPECT_EQ(SourceDir(), home + "/kernel/source");
    EXPECT_EQ(AsmDir(), home + "/kernel-asm");
  }
}

}  // namespace
}  // namespace ariasuite::kernel_cache
