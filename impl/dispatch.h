// Runtime choice of the ARIA path: which paths this CPU can run (CPUID + XGETBV), the default path
// (the fastest supported one, or the one forced by ARIASUITE_IMPL), and the backend table of each.
// Built with no ISA flags.
#ifndef ARIASUITE_IMPL_DISPATCH_H_
#define ARIASUITE_IMPL_DISPATCH_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "impl/internal.h"

namespace ariasuite {

// Stable path names: "scalar", "aesni-avx", "gfni-avx2", "gfni-avx512".
const char* ImplName(Impl impl);
std::optional<Impl> ParseImpl(std::string_view name);

// Every path ariasuite knows, in order from the portable one to the widest.
std::vector<Impl> AllImpls();

// Whether this CPU (and OS: XGETBV must show YMM/ZMM state enabled) can run the path. When it
// cannot, *missing names the first missing feature (e.g. "GFNI", "AVX512BW", "OS ZMM state").
bool IsSupported(Impl impl, std::string* missing = nullptr);

// The supported paths, scalar first.
std::vector<Impl> AvailableImpls();

// The path used when a caller does not name one: ARIASUITE_IMPL when set (a name this CPU cannot
// run, or an unknown name, is a fatal one-line error on stderr and exit(2)), else the widest
// supported path. Chosen once, on first use.
Impl DefaultImpl();

// The backend table of a path. Must only be called for a supported path; returns nullptr otherwise.
const internal::Backend* BackendFor(Impl impl);

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_DISPATCH_H_
