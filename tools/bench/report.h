// Benchmark results and their outputs: the text table, the JSON file and the SVG bar chart.
#ifndef ARIASUITE_TOOLS_BENCH_REPORT_H_
#define ARIASUITE_TOOLS_BENCH_REPORT_H_

#include <cstddef>
#include <string>
#include <vector>

namespace ariasuite::bench {

struct Result {
  std::string alg;          // "ARIA-128"
  std::string op;           // "ECB", "CTR", "GCM-seal", "GCM-open"
  size_t size;              // message bytes
  std::string subject;      // "ours/gfni-avx512", "openssl", ...
  double mbps;              // 10^6 bytes per second, median of the repetitions
  double cpb;               // TSC ticks per byte, median
  double vs_openssl;        // mbps / OpenSSL's mbps for the same alg, op and size (0 if none)
  std::string kernel_twin;  // the kernel subject of the same design ("" if none)
  double vs_kernel = 0;     // mbps / kernel_twin's mbps in the same cell (0 if not timed there)
};

struct RunInfo {
  double tsc_hz;
  int repetitions;
  std::string cpu;
  std::string libraries;  // versions
};

void PrintTable(const RunInfo& info, const std::vector<Result>& results);
bool WriteJson(const std::string& path, const RunInfo& info, const std::vector<Result>& results);
bool WriteSvg(const std::string& path, const RunInfo& info, const std::vector<Result>& results);

}  // namespace ariasuite::bench

#endif  // ARIASUITE_TOOLS_BENCH_REPORT_H_
