// SetGcmLengthsForTesting through the GCM layer's internal view of a context.
#include "impl/testing/gcm_lengths.h"

#include "impl/gcm_internal.h"

namespace ariasuite::internal {

void SetGcmLengthsForTesting(AriaGcmContext* ctx, uint64_t aad_len, uint64_t text_len) {
  GcmContextAccess::State(*ctx).SetLengthsForTesting(aad_len, text_len);
}

}  // namespace ariasuite::internal
