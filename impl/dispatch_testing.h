// Test hook of dispatch.cc: proves which path actually ran. While counting is on, BackendFor()
// hands out backend tables whose every entry counts its calls for its path before calling the
// real function. Objects that cached a table before (an AriaGcmKey initialised earlier) keep the
// real one. Not for production use; costs one relaxed atomic load per BackendFor() call when off.
#ifndef ARIASUITE_IMPL_DISPATCH_TESTING_H_
#define ARIASUITE_IMPL_DISPATCH_TESTING_H_

#include <cstdint>

#include "impl/internal.h"

namespace ariasuite::internal {

// Turns counting on or off; either way resets every counter to zero.
void SetBackendCallCounting(bool enabled);

// Calls made through counting tables of path impl since the last SetBackendCallCounting.
uint64_t BackendCalls(Impl impl);

}  // namespace ariasuite::internal

#endif  // ARIASUITE_IMPL_DISPATCH_TESTING_H_
