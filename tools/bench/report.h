// Benchmark results and their outputs: the text table, the JSON file and the SVG bar chart.
#ifndef ARIASUITE_TOOLS_BENCH_REPORT_H_
#define ARIASUITE_TOOLS_BENCH_REPORT_H_

#include <cstddef>
#include <string>
#include <vector>

namespace ariasuite::bench {

struct Result {
  std::string alg;      // "ARIA-128"
  std::string op;       // "ECB", "CTR", "GCM-seal", "GCM-open"
  size_t size;          // message bytes
  std::string subject;  // "ours/gfni-avx512", "openssl", ...
  double mbps;          // 10^6 bytes per second, median of the repetitions
  double cpb;           // TSC ticks per byte, median
  double vs_openssl;    // mbps / OpenSSL's mbps for the same alg, op and size (0 if none)
  // Ours: mbps / the mbps of the kernel's assembly of the same design (KernelPeer) in the same
  // cell, 0 when that subject did not run in it.
  double vs_kernel = 0;
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
