// SP 800-38D's limits as the GCM layer enforces them, and its tag-length policy (gcm.h documents
// both): internal, for the layer and for the white-box tests that probe each bound exactly.
#ifndef ARIASUITE_IMPL_GCM_LIMITS_H_
#define ARIASUITE_IMPL_GCM_LIMITS_H_

#include <cstddef>
#include <cstdint>

namespace ariasuite::internal {

// SP 800-38D §5.2.1.1 limits, in bytes: plaintext <= 2^39 - 256 bits; AAD and IV <= 2^64 - 1 bits.
inline constexpr uint64_t kGcmMaxTextBytes = (uint64_t{1} << 36) - 32;
inline constexpr uint64_t kGcmMaxAadBytes = (uint64_t{1} << 61) - 1;
inline constexpr uint64_t kGcmMaxIvBytes = (uint64_t{1} << 61) - 1;

// Whether tag_len is one this library produces and accepts (see gcm.h for the policy); defined in
// gcm.cc.
bool GcmTagLenAllowed(size_t tag_len);

}  // namespace ariasuite::internal

#endif  // ARIASUITE_IMPL_GCM_LIMITS_H_
