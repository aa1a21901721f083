// Path names, support checks (CPUID + XGETBV through cpu_features.h, detected once) and the
// default path (ARIASUITE_IMPL). Errors are returned, never printed: the program decides.
#include "impl/path.h"

#include <cstdlib>
#include <string>

#include "impl/cpu_features.h"

namespace ariasuite {
namespace {

struct ImplInfo {
  Impl impl;
  const char* name;
};

constexpr ImplInfo kImpls[] = {
    {Impl::kScalar, "scalar"},        {Impl::kAesniAvx, "aesni-avx"},
    {Impl::kAesniAvx2, "aesni-avx2"}, {Impl::kVaesAvx2, "vaes-avx2"},
    {Impl::kGfniAvx2, "gfni-avx2"},   {Impl::kGfniAvx512, "gfni-avx512"},
};

Impl WidestSupported() {
  Impl best = Impl::kScalar;
  for (Impl impl : AvailableImpls()) best = impl;  // widest last
  return best;
}

}  // namespace

const char* ImplName(Impl impl) {
  for (const ImplInfo& info : kImpls) {
    if (info.impl == impl) return info.name;
  }
  return "unknown";
}

std::optional<Impl> ParseImpl(std::string_view name) {
  for (const ImplInfo& info : kImpls) {
    if (name == info.name) return info.impl;
  }
  return std::nullopt;
}

std::vector<Impl> AllImpls() {
  std::vector<Impl> all;
  for (const ImplInfo& info : kImpls) all.push_back(info.impl);
  return all;
}

bool IsSupported(Impl impl, std::string* missing) {
  return PathRunsOn(impl, HostCpuFeatures(), missing);
}

std::vector<Impl> AvailableImpls() {
  std::vector<Impl> available;
  for (const ImplInfo& info : kImpls) {
    if (IsSupported(info.impl)) available.push_back(info.impl);
  }
  return available;
}

std::optional<Impl> ImplFromEnvironment(std::string* error) {
  const char* forced = std::getenv("ARIASUITE_IMPL");
  if (forced != nullptr && forced[0] != '\0') {
    const std::optional<Impl> impl = ParseImpl(forced);
    if (!impl) {
      if (error != nullptr) {
        *error = std::string("ARIASUITE_IMPL=") + forced +
                 " is not a known path (scalar, aesni-avx, aesni-avx2, vaes-avx2, gfni-avx2, "
                 "gfni-avx512)";
      }
      return std::nullopt;
    }
    std::string missing;
    if (!IsSupported(*impl, &missing)) {
      if (error != nullptr) {
        *error = std::string("ARIASUITE_IMPL=") + forced + " cannot run here: missing " + missing;
      }
      return std::nullopt;
    }
    return *impl;
  }
  return WidestSupported();
}

Impl DefaultImpl() {
  static const Impl chosen = ImplFromEnvironment(nullptr).value_or(WidestSupported());
  return chosen;
}

}  // namespace ariasuite
