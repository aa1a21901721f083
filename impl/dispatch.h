// The backend table of each path, for the mode code (internal: path selection, the public part,
// is path.h, which this includes). Built with no ISA flags.
#ifndef ARIASUITE_IMPL_DISPATCH_H_
#define ARIASUITE_IMPL_DISPATCH_H_

#include "impl/internal.h"
#include "impl/path.h"

namespace ariasuite {

// The backend table of a path. Must only be called for a supported path; returns nullptr otherwise.
const internal::Backend* BackendFor(Impl impl);

namespace internal {

// Test seam: while a wrapper is set, BackendFor(impl) returns wrapper(impl, real table) instead of
// the real table (objects that cached a table earlier keep theirs). Only test code sets one
// (impl/testing/dispatch_counting.h counts each path's calls with it); the cost when unset is one
// relaxed atomic load per BackendFor call. nullptr removes it.
using BackendWrapper = const Backend* (*)(Impl impl, const Backend& real);
void SetBackendWrapper(BackendWrapper wrapper);

}  // namespace internal

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_DISPATCH_H_
