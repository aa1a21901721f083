// CPU feature detection for the SIMD paths: CPUID leaves 1 and 7 plus XGETBV (the OS must have
// enabled the YMM state for AVX and the opmask/ZMM state for AVX-512), and the feature list each
// path needs. Built with no ISA flags.
#ifndef ARIASUITE_IMPL_CPU_FEATURES_H_
#define ARIASUITE_IMPL_CPU_FEATURES_H_

#include <string>

#include "impl/path.h"

namespace ariasuite {

struct CpuFeatures {
  bool ssse3 = false;
  bool pclmulqdq = false;
  bool aesni = false;
  bool avx = false;
  bool avx2 = false;
  bool gfni = false;
  bool vaes = false;
  bool vpclmulqdq = false;
  bool avx512f = false;
  bool avx512bw = false;
  bool avx512vl = false;
  bool os_ymm = false;  // XCR0 bits 1-2 (SSE, AVX state).
  bool os_zmm = false;  // XCR0 bits 1-2 and 5-7 (opmask, ZMM0-15 upper halves, ZMM16-31).
};

// This CPU's features, detected once.
const CpuFeatures& HostCpuFeatures();

// Whether a CPU with features f can run path impl; when not, *missing names the first missing
// feature in the order the path lists them (e.g. "GFNI", "AVX512BW", "OS ZMM state").
bool PathRunsOn(Impl impl, const CpuFeatures& f, std::string* missing);

// The features a path needs, for messages: e.g. "AES-NI, AVX, PCLMULQDQ, OS YMM state".
std::string PathRequirements(Impl impl);

// The features f has, for reports, in /proc/cpuinfo's spelling and this struct's order, e.g.
// "ssse3 pclmulqdq aes avx avx2 gfni vaes vpclmulqdq os-ymm" ("" when none).
std::string CpuFeatureNames(const CpuFeatures& f);

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_CPU_FEATURES_H_
