// Shrinks a failing operation list of the kTLS fuzzer: drops runs of operations (halving the run
// length down to one), then halves each length, keeping every change after which the list still
// fails. Deterministic for a deterministic predicate; at most max_tries predicate calls.
#ifndef ARIASUITE_KERNEL_TESTS_KTLS_FUZZ_MINIMIZE_H_
#define ARIASUITE_KERNEL_TESTS_KTLS_FUZZ_MINIMIZE_H_

#include <functional>

#include "kernel-tests/ktls_fuzz_ops.h"

namespace ktls_fuzz {

Program Minimize(const Program& failing, const std::function<bool(const Program&)>& still_fails,
                 int max_tries);

}  // namespace ktls_fuzz

#endif  // ARIASUITE_KERNEL_TESTS_KTLS_FUZZ_MINIMIZE_H_
