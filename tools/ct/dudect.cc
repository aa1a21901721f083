// dudect's measurement loop and tests (see dudect.h).
#include "tools/ct/dudect.h"

#include <x86intrin.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>

namespace ariasuite::ct {
namespace {

double NowSeconds() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// The fences keep the timed call between the two reads of the time-stamp counter; MFENCE first
// drains the stores of Prepare, so that they do not spill into the timed call.
inline uint64_t StartTicks() {
  _mm_mfence();
  _mm_lfence();
  const uint64_t t = __rdtsc();
  _mm_lfence();
  return t;
}

inline uint64_t StopTicks() {
  unsigned aux;
  const uint64_t t = __rdtscp(&aux);
  _mm_lfence();
  return t;
}

constexpr size_t kBatch = 1000;

// Runs 512 taken branches of one loop: the branch history that predicts the timed call's branches
// is then the same whatever Prepare did (its branches may depend on the class: a drawn input that
// must be drawn again...). Without it, a constant-time call measured here showed |t| near 70
// between its classes in one build and not in another.
__attribute__((noinline)) void FlushBranchHistory() {
  for (int i = 0; i < 512; ++i) __asm__ __volatile__("" ::: "memory");
}

}  // namespace

void Rng::Fill(uint8_t* p, size_t len) {
  while (len >= 8) {
    const uint64_t v = Next();
    std::memcpy(p, &v, 8);
    p += 8;
    len -= 8;
  }
  if (len > 0) {
    const uint64_t v = Next();
    std::memcpy(p, &v, len);
  }
}

void WelchT::Push(double x, int cls) {
  n_[cls]++;
  const double delta = x - mean_[cls];
  mean_[cls] += delta / static_cast<double>(n_[cls]);
  m2_[cls] += delta * (x - mean_[cls]);
}

double WelchT::T() const {
  if (n_[0] < 2 || n_[1] < 2) return 0;
  const double v0 = m2_[0] / static_cast<double>(n_[0] - 1);
  const double v1 = m2_[1] / static_cast<double>(n_[1] - 1);
  const double se = std::sqrt(v0 / static_cast<double>(n_[0]) + v1 / static_cast<double>(n_[1]));
  if (se == 0) return mean_[0] == mean_[1] ? 0 : 1e9;  // no spread at all: any difference is total
  return (mean_[0] - mean_[1]) / se;
}

void LeakTests::SetPercentiles(std::vector<uint64_t> times) {
  std::sort(times.begin(), times.end());
  for (int i = 0; i < kPercentiles; ++i) {
    const double q = 1 - std::pow(0.5, 10.0 * (i + 1) / kPercentiles);
    size_t at = static_cast<size_t>(q * static_cast<double>(times.size()));
    at = std::min(at, times.size() - 1);
    thresholds_[i] = static_cast<double>(times[at]);
  }
}

void LeakTests::Push(uint64_t ticks, int cls) {
  const double x = static_cast<double>(ticks);
  tests_[0].Push(x, cls);
  for (int i = 0; i < kPercentiles; ++i) {
    if (x < thresholds_[i]) tests_[1 + i].Push(x, cls);
  }
  // Second order: the squared deviation from the mean, once the mean has settled. dudect centres
  // each class on its own mean of all measurements. Both choices fail on this machine's times,
  // measured: the long tail (a preemption costs 10^7 ticks) moves the two classes' means apart by
  // tens of ticks, and the time-stamp counter advances in steps of 26 ticks, so that nearly all
  // samples take two or three values; centred on two different means, the squares then differ for
  // every typical sample and |t| runs into the hundreds on constant-time code. So this test takes
  // the measurements below the middle crop (the 96.9% quantile) and centres both classes on the
  // same mean, that crop's pooled mean: a function of the time alone, so equal distributions give
  // equal squares.
  const WelchT& crop = tests_[1 + kSecondOrderCrop];
  if (x < thresholds_[kSecondOrderCrop] && crop.n(0) > 10000 && crop.n(1) > 10000) {
    const double n0 = static_cast<double>(crop.n(0)), n1 = static_cast<double>(crop.n(1));
    const double pooled = (n0 * crop.mean(0) + n1 * crop.mean(1)) / (n0 + n1);
    const double d = x - pooled;
    tests_[kTests - 1].Push(d * d, cls);
  }
}

double LeakTests::MaxT(int* which) const {
  double best = 0;
  int best_i = -1;
  for (int i = 0; i < kTests; ++i) {
    if (tests_[i].n(0) < kMinPerClass || tests_[i].n(1) < kMinPerClass) continue;
    const double t = std::fabs(tests_[i].T());
    if (best_i < 0 || t > best) {
      best = t;
      best_i = i;
    }
  }
  if (which != nullptr) *which = best_i;
  return best;
}

const char* LeakTests::TestName(int which, char* buf, size_t len) {
  if (which < 0) {
    std::snprintf(buf, len, "none");
  } else if (which == 0) {
    std::snprintf(buf, len, "uncropped");
  } else if (which == kTests - 1) {
    std::snprintf(buf, len, "second-order");
  } else {
    std::snprintf(buf, len, "cropped-p%.1f",
                  100 * (1 - std::pow(0.5, 10.0 * which / kPercentiles)));
  }
  return buf;
}

TimingResult Measure(TimingCase& c, double seconds, uint64_t seed, double stop_at) {
  Rng rng(seed);
  LeakTests tests;
  TimingResult result;
  std::vector<uint64_t> ticks(kBatch);
  std::vector<uint8_t> classes(kBatch);
  const double start = NowSeconds();
  for (bool first = true;; first = false) {
    for (size_t i = 0; i < kBatch; ++i) classes[i] = static_cast<uint8_t>(rng.Next() >> 63);
    for (size_t i = 0; i < kBatch; ++i) {
      c.Prepare(classes[i]);
      FlushBranchHistory();
      const uint64_t t0 = StartTicks();
      c.Run();
      const uint64_t t1 = StopTicks();
      ticks[i] = t1 - t0;
    }
    if (first) {  // warms up, and sets the cropping thresholds (dudect discards it likewise)
      tests.SetPercentiles(ticks);
      std::vector<uint64_t> sorted = ticks;
      std::nth_element(sorted.begin(), sorted.begin() + kBatch / 2, sorted.end());
      result.median_ticks = sorted[kBatch / 2];
      continue;
    }
    for (size_t i = 0; i < kBatch; ++i) tests.Push(ticks[i], classes[i]);
    int which = -1;
    const double t = tests.MaxT(&which);
    if (which >= 0) result.trace.emplace_back(tests.measurements(), t);
    result.max_t = t;
    result.max_test = which;
    result.measurements = tests.measurements();
    const double elapsed = NowSeconds() - start;
    if (stop_at > 0 && which >= 0 && t >= stop_at) {
      if (result.crossed_at == 0) result.crossed_at = result.measurements;
      if (result.measurements >= kStopMeasurements) {
        result.stopped_early = true;
        break;
      }
    }
    if (elapsed >= seconds) break;
  }
  result.seconds = NowSeconds() - start;
  return result;
}

}  // namespace ariasuite::ct
