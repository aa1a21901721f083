// Timing leakage detection after dudect (Reparaz, Balasch, Verbauwhede, "Dude, is my code
// constant time?", DATE 2017), written here: each measurement times one call of the operation on
// an input of one of two classes chosen at random (a fixed secret input, or a fresh random one),
// and Welch's t-test compares the two classes' times: on all measurements, on the measurements
// below each of 100 percentiles (cropping away the long tail that interrupts and other processes
// add), and on the squared deviations below the middle crop (a second-order test). The statistic is
// the largest |t| of those tests; dudect reads |t| > 10 as a leak.
#ifndef ARIASUITE_TOOLS_CT_DUDECT_H_
#define ARIASUITE_TOOLS_CT_DUDECT_H_

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ariasuite::ct {

// Welch's t-test, updated one sample at a time (Welford's online mean and variance).
class WelchT {
 public:
  void Push(double x, int cls);
  double T() const;  // 0 until each class has two samples
  uint64_t n(int cls) const { return n_[cls]; }
  double mean(int cls) const { return mean_[cls]; }

 private:
  double mean_[2] = {0, 0}, m2_[2] = {0, 0};
  uint64_t n_[2] = {0, 0};
};

// dudect's battery of tests over a stream of (time, class) measurements.
class LeakTests {
 public:
  static constexpr int kPercentiles = 100;
  static constexpr int kTests = 1 + kPercentiles + 1;  // all; cropped at each percentile; 2nd order
  // A test counts once each class has this many samples in it (dudect waits for 10000 per test;
  // the threshold below asks for an effect of 10 standard errors, which a few hundred samples can
  // show for a real leak and cannot for noise).
  static constexpr uint64_t kMinPerClass = 500;
  static constexpr int kSecondOrderCrop = kPercentiles / 2;

  // Sets the cropping thresholds from a first batch of times (dudect's prepare_percentiles: the
  // 1 - 0.5^(10 (i + 1) / 100) quantiles, from 6.7% to 99.9%).
  void SetPercentiles(std::vector<uint64_t> times);
  void Push(uint64_t ticks, int cls);
  // The largest |t| over the tests that have enough samples; *which gets the test's index
  // (0: all, 1..100: cropped, 101: second order), or -1 when none has enough yet.
  double MaxT(int* which = nullptr) const;
  uint64_t measurements() const { return tests_[0].n(0) + tests_[0].n(1); }
  static const char* TestName(int which, char* buf, size_t len);

 private:
  double thresholds_[kPercentiles] = {};
  WelchT tests_[kTests];
};

// One timed operation: Prepare sets up the next input (untimed), Run is timed.
class TimingCase {
 public:
  virtual ~TimingCase() = default;
  // Class 0: the fixed secret input; class 1: a fresh random one. Both classes must do the same
  // work here (draw the random bytes and then pick), so that only the data differs.
  virtual void Prepare(int cls) = 0;
  virtual void Run() = 0;
  // After a Run: why its outcome is not the one both classes must share (a wrong tag refused...),
  // or nullptr.
  virtual const char* Problem() const { return nullptr; }
};

struct TimingResult {
  uint64_t measurements = 0;  // counted in the tests (the first batch only sets the percentiles)
  double max_t = 0;
  int max_test = -1;
  double seconds = 0;
  uint64_t median_ticks = 0;  // of the first batch
  bool stopped_early = false;
  uint64_t crossed_at = 0;  // measurements when max |t| first reached stop_at (0: never)
  std::vector<std::pair<uint64_t, double>> trace;  // (measurements, max |t|) after each batch
};

// Measures c for about `seconds` (wall clock), or until max |t| >= stop_at (when stop_at > 0) with
// at least kStopMeasurements done (so the plot shows where |t| goes after the crossing). seed picks
// the class sequence.
inline constexpr uint64_t kStopMeasurements = 20000;
TimingResult Measure(TimingCase& c, double seconds, uint64_t seed, double stop_at);

// A small fast generator (SplitMix64) for classes and random inputs.
class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed) {}
  uint64_t Next() {
    uint64_t z = (s_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  void Fill(uint8_t* p, size_t len);

 private:
  uint64_t s_;
};

}  // namespace ariasuite::ct

#endif  // ARIASUITE_TOOLS_CT_DUDECT_H_
