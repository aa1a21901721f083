// Test-only (testonly target //impl/testing:dispatch_counting): proves which path actually ran.
// While counting is on, BackendFor() hands out backend tables whose every entry counts its calls
// for its path before calling the real function (through dispatch.h's SetBackendWrapper seam; the
// library itself holds no counter). Objects that cached a table before (an AriaGcmKey
// initialised earlier) keep the real one.
#ifndef ARIASUITE_IMPL_TESTING_DISPATCH_COUNTING_H_
#define ARIASUITE_IMPL_TESTING_DISPATCH_COUNTING_H_

#include <cstdint>
#include <string>

#include "impl/path.h"

namespace ariasuite::internal {

// Turns counting on or off; either way resets every counter to zero.
void SetBackendCallCounting(bool enabled);

// Calls made through counting tables of path impl since the last SetBackendCallCounting.
uint64_t BackendCalls(Impl impl);

// "" when, since counting was turned on, path impl made at least min_calls calls and every other
// path none; else what differs, e.g. "scalar: 1 calls, wanted >= 3; gfni-avx2: 4 calls, wanted 0".
std::string CallsOnlyOn(Impl impl, uint64_t min_calls);

}  // namespace ariasuite::internal

#endif  // ARIASUITE_IMPL_TESTING_DISPATCH_COUNTING_H_
