// StatusName gives each Status a distinct stable name.
#include "impl/status.h"

#include <set>
#include <string>

#include "gtest/gtest.h"

namespace ariasuite {
namespace {

TEST(StatusTest, NamesAreStableAndDistinct) {
  EXPECT_STREQ(StatusName(Status::kOk), "kOk");
  EXPECT_STREQ(StatusName(Status::kAuthFailed), "kAuthFailed");
  EXPECT_STREQ(StatusName(Status::kUnsupportedImpl), "kUnsupportedImpl");
  std::set<std::string> names;
  for (int i = 0; i <= static_cast<int>(Status::kUnsupportedImpl); ++i) {
    const std::string name = StatusName(static_cast<Status>(i));
    EXPECT_EQ(name[0], 'k');
    EXPECT_NE(name, "kUnknownStatus") << i;
    names.insert(name);
  }
  EXPECT_EQ(names.size(), static_cast<size_t>(Status::kUnsupportedImpl) + 1);
  EXPECT_STREQ(StatusName(static_cast<Status>(99)), "kUnknownStatus");
}

}  // namespace
}  // namespace ariasuite
