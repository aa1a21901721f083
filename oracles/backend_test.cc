// The backend interface's Result helpers and one-line descriptions (backend.h).
#include "oracles/backend.h"

#include "gtest/gtest.h"

namespace ariasuite::oracles {
namespace {

TEST(BackendTest, ResultHelpersAndDescriptions) {
  EXPECT_EQ(DescribeResult(Accepted({1, 2}, {0xff})), "output=0102 tag=ff");
  EXPECT_EQ(DescribeResult(Refused()), "refused");
  EXPECT_EQ(DescribeResult(Refused("bad tag")), "refused (bad tag)");
  EXPECT_EQ(DescribeResult(Broken("adapter died")), "error (adapter died)");
  EXPECT_EQ(DescribeResult(std::nullopt), "unsupported");
}

}  // namespace
}  // namespace ariasuite::oracles
