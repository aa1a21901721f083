// Timing for the benchmark: CLOCK_MONOTONIC for wall time and RDTSC for ticks, with the TSC rate
// calibrated against CLOCK_MONOTONIC. Cycles per byte are TSC ticks per byte: on a VM (and on any
// CPU whose core clock boosts or throttles) the TSC runs at its nominal rate, not the core clock.
#ifndef ARIASUITE_TOOLS_BENCH_TIMING_H_
#define ARIASUITE_TOOLS_BENCH_TIMING_H_

#include <x86intrin.h>

#include <cstdint>
#include <ctime>

namespace ariasuite::bench {

inline double NowSeconds() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// CPU time of the calling thread: unlike wall time it stops while the thread waits for a core, so
// a benchmark on a machine shared with other jobs measures its own work, not their load.
inline double ThreadCpuSeconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

inline uint64_t Ticks() {
  unsigned aux;
  return __rdtscp(&aux);
}

// TSC ticks per second, measured over about 200 ms.
inline double CalibrateTscHz() {
  const double t0 = NowSeconds();
  const uint64_t c0 = Ticks();
  double t1;
  do {
    t1 = NowSeconds();
  } while (t1 - t0 < 0.2);
  const uint64_t c1 = Ticks();
  return static_cast<double>(c1 - c0) / (t1 - t0);
}

}  // namespace ariasuite::bench

#endif  // ARIASUITE_TOOLS_BENCH_TIMING_H_
