// The backend table of each path, for the mode code (internal: path selection, the public part,
// is path.h, which this includes). Built with no ISA flags.
#ifndef ARIASUITE_IMPL_DISPATCH_H_
#define ARIASUITE_IMPL_DISPATCH_H_

#include "impl/internal.h"
#include "impl/path.h"

namespace ariasuite {

// The backend table of a path. Must only be called for a supported path; returns nullptr otherwise.
const internal::Backend* BackendFor(Impl impl);

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_DISPATCH_H_
