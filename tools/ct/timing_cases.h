// The timing checks: for each constant-time claim (checks.h) on one path, dudect's two input
// classes (a fixed secret input chosen to make a leak show, and random ones) and the timed call.
#ifndef ARIASUITE_TOOLS_CT_TIMING_CASES_H_
#define ARIASUITE_TOOLS_CT_TIMING_CASES_H_

#include <cstdint>
#include <memory>

#include "impl/internal.h"
#include "tools/ct/checks.h"
#include "tools/ct/dudect.h"

namespace ariasuite::ct {

// The timing case of claim on impl (a supported path); seed draws the random class's inputs.
std::unique_ptr<TimingCase> MakeTimingCase(Claim claim, Impl impl, uint64_t seed);

// Every case's Prepare must take the same branches in both classes: the predictor entries its
// branches train are still there in the timed call (FlushBranchHistory resets the history, not
// the entries), so a class-dependent branch before the call shows as a leak of a constant-time
// call. `ct_check --prepare-blind` checks that under valgrind with the class marked secret. This
// case is that check's control: its Prepare branches on the class, and must be reported.
inline constexpr char kClassBranchingControl[] = "harness/class-branching-prepare";
std::unique_ptr<TimingCase> MakeClassBranchingControl(uint64_t seed);

}  // namespace ariasuite::ct

#endif  // ARIASUITE_TOOLS_CT_TIMING_CASES_H_
