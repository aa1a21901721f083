// Choosing the ARIA path (public API): the paths ariasuite has, their stable names, which ones this
// CPU (and OS) can run, and the default one. Every function of aria.h, modes.h, gcm.h and the mode
// headers takes an Impl; all paths give the same bytes. Built with no ISA flags.
#ifndef ARIASUITE_IMPL_PATH_H_
#define ARIASUITE_IMPL_PATH_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ariasuite {

// The implementation paths. kScalar is portable C++ and always present (BoringSSL's "nohw").
enum class Impl {
  kScalar,
  kAesniAvx,    // AES-NI + AVX, 16 blocks per call.
  kAesniAvx2,   // AES-NI + AVX2, 32 blocks per call.
  kVaesAvx2,    // VAES + AVX2 (the aesni-avx2 design on whole ymm registers), 32 blocks per call.
  kGfniAvx2,    // GFNI + AVX2, 32 blocks per call.
  kGfniAvx512,  // GFNI + AVX-512 F/BW/VL, 64 blocks per call.
};

// Stable path names: "scalar", "aesni-avx", "aesni-avx2", "vaes-avx2", "gfni-avx2", "gfni-avx512".
const char* ImplName(Impl impl);
std::optional<Impl> ParseImpl(std::string_view name);

// Every path ariasuite knows, in order from the portable one to the widest.
std::vector<Impl> AllImpls();

// Whether this CPU (and OS: XGETBV must show YMM/ZMM state enabled) can run the path. When it
// cannot, *missing names the first missing feature (e.g. "GFNI", "AVX512BW", "OS ZMM state").
bool IsSupported(Impl impl, std::string* missing = nullptr);

// The supported paths, scalar first.
std::vector<Impl> AvailableImpls();

// The path the environment forces: ARIASUITE_IMPL when set and not empty, else the widest
// supported path. When ARIASUITE_IMPL names no path, or one this CPU cannot run, returns nullopt
// and sets *error to a one-line message naming the variable, its value and why (e.g.
// "ARIASUITE_IMPL=sse9 is not a known path (scalar, aesni-avx, aesni-avx2, vaes-avx2, gfni-avx2,
// gfni-avx512)"). The library never exits: a program that honours ARIASUITE_IMPL calls this at
// start, prints the error and exits itself.
std::optional<Impl> ImplFromEnvironment(std::string* error);

// The path used when a caller does not name one, chosen once on first use: ImplFromEnvironment's
// answer, or the widest supported path when ARIASUITE_IMPL is invalid (report that with
// ImplFromEnvironment).
Impl DefaultImpl();

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_PATH_H_
