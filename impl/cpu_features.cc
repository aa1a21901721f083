// CPUID/XGETBV detection and the per-path feature requirements (see cpu_features.h). Bit positions
// from the Intel SDM vol. 2A, CPUID leaf 01H ECX and leaf 07H subleaf 0 EBX/ECX, and XCR0 layout
// (vol. 1 §13.3).
#include "impl/cpu_features.h"

#include <cpuid.h>

#include <cstdint>

namespace ariasuite {
namespace {

uint64_t ReadXcr0() {
  uint32_t eax, edx;
  __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
  return (static_cast<uint64_t>(edx) << 32) | eax;
}

CpuFeatures Detect() {
  CpuFeatures f;
  unsigned eax, ebx, ecx, edx;
  if (__get_cpuid(0, &eax, &ebx, &ecx, &edx) == 0) return f;
  const unsigned max_leaf = eax;
  if (__get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0) return f;
  f.pclmulqdq = (ecx >> 1) & 1;
  f.ssse3 = (ecx >> 9) & 1;
  f.aesni = (ecx >> 25) & 1;
  const bool osxsave = (ecx >> 27) & 1;
  f.avx = (ecx >> 28) & 1;
  if (osxsave) {
    const uint64_t xcr0 = ReadXcr0();
    f.os_ymm = (xcr0 & 0x6) == 0x6;
    f.os_zmm = (xcr0 & 0xe6) == 0xe6;
  }
  if (max_leaf >= 7) {
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    f.avx2 = (ebx >> 5) & 1;
    f.avx512f = (ebx >> 16) & 1;
    f.avx512bw = (ebx >> 30) & 1;
    f.avx512vl = (ebx >> 31) & 1;
    f.gfni = (ecx >> 8) & 1;
    f.vaes = (ecx >> 9) & 1;
    f.vpclmulqdq = (ecx >> 10) & 1;
  }
  return f;
}

struct Need {
  const char* name;
  bool CpuFeatures::*has;
};

// What each path's code actually executes (its copts; checked against the disassembled objects by
// //impl:dispatch_isa_test): aesni-avx is -maes -mavx -mpclmul (its byte shuffles are VEX
// VPSHUFB, an AVX instruction, so SSSE3 is not asked for); aesni-avx2 is -maes -mavx2 -mpclmul
// (xmm AESENCLAST and PCLMULQDQ on the halves of ymm registers, no VAES); vaes-avx2 is -maes
// -mvaes -mavx2 -mpclmul -mvpclmulqdq (ymm VAESENCLAST, ymm VPCLMULQDQ); gfni-avx2 is -mgfni -mavx2
// -mpclmul -mvpclmulqdq (ymm VPCLMULQDQ for GHASH); gfni-avx512 adds AVX512F/BW/VL (ZMM, byte
// shuffles and masks, ternary logic on xmm/ymm).
constexpr Need kAesniAvx[] = {{"AES-NI", &CpuFeatures::aesni},
                              {"AVX", &CpuFeatures::avx},
                              {"PCLMULQDQ", &CpuFeatures::pclmulqdq},
                              {"OS YMM state", &CpuFeatures::os_ymm}};
constexpr Need kAesniAvx2[] = {{"AES-NI", &CpuFeatures::aesni},
                               {"AVX", &CpuFeatures::avx},
                               {"AVX2", &CpuFeatures::avx2},
                               {"PCLMULQDQ", &CpuFeatures::pclmulqdq},
                               {"OS YMM state", &CpuFeatures::os_ymm}};
constexpr Need kVaesAvx2[] = {{"AES-NI", &CpuFeatures::aesni},
                              {"VAES", &CpuFeatures::vaes},
                              {"AVX", &CpuFeatures::avx},
                              {"AVX2", &CpuFeatures::avx2},
                              {"PCLMULQDQ", &CpuFeatures::pclmulqdq},
                              {"VPCLMULQDQ", &CpuFeatures::vpclmulqdq},
                              {"OS YMM state", &CpuFeatures::os_ymm}};
constexpr Need kGfniAvx2[] = {{"GFNI", &CpuFeatures::gfni},
                              {"AVX", &CpuFeatures::avx},
                              {"AVX2", &CpuFeatures::avx2},
                              {"PCLMULQDQ", &CpuFeatures::pclmulqdq},
                              {"VPCLMULQDQ", &CpuFeatures::vpclmulqdq},
                              {"OS YMM state", &CpuFeatures::os_ymm}};
constexpr Need kGfniAvx512[] = {
    {"GFNI", &CpuFeatures::gfni},           {"AVX", &CpuFeatures::avx},
    {"AVX2", &CpuFeatures::avx2},           {"AVX512F", &CpuFeatures::avx512f},
    {"AVX512BW", &CpuFeatures::avx512bw},   {"AVX512VL", &CpuFeatures::avx512vl},
    {"PCLMULQDQ", &CpuFeatures::pclmulqdq}, {"VPCLMULQDQ", &CpuFeatures::vpclmulqdq},
    {"OS YMM state", &CpuFeatures::os_ymm}, {"OS ZMM state", &CpuFeatures::os_zmm}};

template <size_t N>
bool Check(const Need (&needs)[N], const CpuFeatures& f, std::string* missing) {
  for (const Need& need : needs) {
    if (!(f.*need.has)) {
      if (missing != nullptr) *missing = need.name;
      return false;
    }
  }
  return true;
}

template <size_t N>
std::string Join(const Need (&needs)[N]) {
  std::string s;
  for (const Need& need : needs) {
    if (!s.empty()) s += ", ";
    s += need.name;
  }
  return s;
}

}  // namespace

const CpuFeatures& HostCpuFeatures() {
  static const CpuFeatures features = Detect();
  return features;
}

bool PathRunsOn(Impl impl, const CpuFeatures& f, std::string* missing) {
  switch (impl) {
    case Impl::kScalar: return true;
    case Impl::kAesniAvx: return Check(kAesniAvx, f, missing);
    case Impl::kAesniAvx2: return Check(kAesniAvx2, f, missing);
    case Impl::kVaesAvx2: return Check(kVaesAvx2, f, missing);
    case Impl::kGfniAvx2: return Check(kGfniAvx2, f, missing);
    case Impl::kGfniAvx512: return Check(kGfniAvx512, f, missing);
  }
  if (missing != nullptr) *missing = "unknown path";
  return false;
}

std::string CpuFeatureNames(const CpuFeatures& f) {
  static constexpr Need kAll[] = {
      {"ssse3", &CpuFeatures::ssse3},       {"pclmulqdq", &CpuFeatures::pclmulqdq},
      {"aes", &CpuFeatures::aesni},         {"avx", &CpuFeatures::avx},
      {"avx2", &CpuFeatures::avx2},         {"gfni", &CpuFeatures::gfni},
      {"vaes", &CpuFeatures::vaes},         {"vpclmulqdq", &CpuFeatures::vpclmulqdq},
      {"avx512f", &CpuFeatures::avx512f},   {"avx512bw", &CpuFeatures::avx512bw},
      {"avx512vl", &CpuFeatures::avx512vl}, {"os-ymm", &CpuFeatures::os_ymm},
      {"os-zmm", &CpuFeatures::os_zmm}};
  std::string s;
  for (const Need& need : kAll) {
    if (!(f.*need.has)) continue;
    if (!s.empty()) s += " ";
    s += need.name;
  }
  return s;
}

std::string PathRequirements(Impl impl) {
  switch (impl) {
    case Impl::kScalar: return "none";
    case Impl::kAesniAvx: return Join(kAesniAvx);
    case Impl::kAesniAvx2: return Join(kAesniAvx2);
    case Impl::kVaesAvx2: return Join(kVaesAvx2);
    case Impl::kGfniAvx2: return Join(kGfniAvx2);
    case Impl::kGfniAvx512: return Join(kGfniAvx512);
  }
  return "unknown path";
}

}  // namespace ariasuite
