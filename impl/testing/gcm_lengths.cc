// SetGcmLengthsForTesting through the GCM layer's internal view of a context.
#include "impl/testing/gcm_lengths.h"

#include "impl/gcm_internal.h"

namespace ariasuite::internal {

void SetGcmLengthsForTesting(AriaGcmContext* ctx, uint64_t aad_len, uint64_t text_len) {
  // The GHASH state is left as it is: only the counters the limits are checked against change.
  GcmState& state = GcmContextAccess::State(*ctx);
  state.aad_len_ = aad_len;
  state.text_len_ = text_len;
}

}  // namespace ariasuite::internal
