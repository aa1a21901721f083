// Prints each path's CPU-feature requirements as dispatch checks them (cpu_features.cc), one line
// per path: `<path>: <feature>, <feature>...` ("none" for scalar). Read by dispatch_isa_test.py,
// which compares them with what the path's object code actually uses.
#include <cstdio>

#include "impl/cpu_features.h"
#include "impl/dispatch.h"

int main() {
  for (ariasuite::Impl impl : ariasuite::AllImpls()) {
    std::printf("%s: %s\n", ariasuite::ImplName(impl), ariasuite::PathRequirements(impl).c_str());
  }
  return 0;
}
