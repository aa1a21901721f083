// dudect's statistics on synthetic times: equal distributions stay far below the threshold, a
// shift of a few ticks under heavy noise crosses it, and the cropped tests see through outliers.
#include "tools/ct/dudect.h"

#include <cmath>

#include "gtest/gtest.h"

namespace ariasuite::ct {
namespace {

TEST(WelchTTest, KnownValue) {
  WelchT t;
  for (double x : {1.0, 2.0, 3.0, 4.0}) t.Push(x, 0);
  for (double x : {3.0, 4.0, 5.0, 6.0}) t.Push(x, 1);
  // Means 2.5 and 4.5, variances 5/3 each: t = -2 / sqrt(5/6).
  EXPECT_NEAR(t.T(), -2.0 / std::sqrt(5.0 / 6.0), 1e-12);
}

// Times around 1000 ticks with rare huge outliers (an interrupt), class 0 shifted by `shift`.
std::vector<std::pair<uint64_t, int>> Times(size_t n, uint64_t shift, uint64_t seed) {
  Rng rng(seed);
  std::vector<std::pair<uint64_t, int>> v;
  for (size_t i = 0; i < n; ++i) {
    const int cls = static_cast<int>(rng.Next() >> 63);
    uint64_t x = 1000 + rng.Next() % 40;
    if (rng.Next() % 100 == 0) x += 50000 + rng.Next() % 100000;
    if (cls == 0) x += shift;
    v.push_back({x, cls});
  }
  return v;
}

double MaxT(const std::vector<std::pair<uint64_t, int>>& times, int* which) {
  LeakTests tests;
  std::vector<uint64_t> first;
  for (size_t i = 0; i < 1000; ++i) first.push_back(times[i].first);
  tests.SetPercentiles(first);
  for (size_t i = 1000; i < times.size(); ++i) tests.Push(times[i].first, times[i].second);
  return tests.MaxT(which);
}

TEST(LeakTestsTest, NoLeakStaysLow) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    int which;
    EXPECT_LT(MaxT(Times(50000, 0, seed), &which), 6.0) << "seed " << seed;
  }
}

TEST(LeakTestsTest, SmallShiftUnderOutliersIsFound) {
  int which;
  const double t = MaxT(Times(50000, 4, 7), &which);
  EXPECT_GT(t, 10.0);
  EXPECT_GT(which, 0) << "a cropped test should see it: the outliers hide it from the whole set";
}

TEST(LeakTestsTest, NeedsSamplesInBothClasses) {
  LeakTests tests;
  tests.SetPercentiles(std::vector<uint64_t>(1000, 5));
  for (int i = 0; i < 100; ++i) tests.Push(10, 0);
  int which;
  EXPECT_EQ(tests.MaxT(&which), 0);
  EXPECT_EQ(which, -1);
}

}  // namespace
}  // namespace ariasuite::ct
