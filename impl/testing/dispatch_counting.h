// Test-only (testonly target //impl/testing:dispatch_counting): proves which path actually ran.
// While counting is on, BackendFor() hands out backend tables whose every entry counts its calls
// for its path before calling the real function (through dispatch.h's SetBackendWrapper seam; the
// library itself holds no counter). Objects that cached a table before (an AriaGcmKey
// initialised earlier) keep the real one.
#ifndef ARIASUITE_IMPL_TESTING_DISPATCH_COUNTING_H_
#define ARIASUITE_IMPL_TESTING_DISPATCH_COUNTING_H_

#include <cstdint>

#include "impl/path.h"

namespace ariasuite::internal {

// Turns counting on or off; either way resets every counter to zero.
void SetBackendCallCounting(bool enabled);

// Calls made through counting tables of path impl since the last SetBackendCallCounting.
uint64_t BackendCalls(Impl impl);

}  // namespace ariasuite::internal

#endif  // ARIASUITE_IMPL_TESTING_DISPATCH_COUNTING_H_
