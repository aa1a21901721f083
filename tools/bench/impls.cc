// `tools/ariasuite impls`: every ARIA path ariasuite has, whether this CPU (and OS) runs it, the
// missing feature when it does not, and which path is the default here. A bad ARIASUITE_IMPL is a
// one-line error and exit 2.
#include <cstdio>
#include <string>

#include "impl/cpu_features.h"
#include "impl/path.h"

int main() {
  using namespace ariasuite;
  std::string error;
  if (!ImplFromEnvironment(&error)) {
    std::fprintf(stderr, "impls: %s\n", error.c_str());
    return 2;
  }
  std::printf("%-12s %-4s %-22s %s\n", "path", "runs", "missing", "needs");
  for (Impl impl : AllImpls()) {
    std::string missing;
    const bool ok = IsSupported(impl, &missing);
    std::printf("%-12s %-4s %-22s %s\n", ImplName(impl), ok ? "yes" : "no",
                ok ? "-" : missing.c_str(), PathRequirements(impl).c_str());
  }
  std::printf("default: %s (override with ARIASUITE_IMPL=<path>)\n", ImplName(DefaultImpl()));
  return 0;
}
