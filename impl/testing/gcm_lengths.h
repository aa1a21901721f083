// Test-only (testonly target //impl/testing:gcm_lengths): lets a test reach SP 800-38D's
// cumulative length limits without gigabytes of data.
#ifndef ARIASUITE_IMPL_TESTING_GCM_LENGTHS_H_
#define ARIASUITE_IMPL_TESTING_GCM_LENGTHS_H_

#include <cstdint>

#include "impl/gcm.h"

namespace ariasuite::internal {

// Pretends that aad_len / text_len bytes were already absorbed by ctx's message (after Start), so
// the next update meets the limits; the GHASH state is unchanged.
void SetGcmLengthsForTesting(AriaGcmContext* ctx, uint64_t aad_len, uint64_t text_len);

}  // namespace ariasuite::internal

#endif  // ARIASUITE_IMPL_TESTING_GCM_LENGTHS_H_
