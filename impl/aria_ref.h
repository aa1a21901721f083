// The scalar path's diffusion layer, for the tests that rebuild ARIA's rounds from RFC 5794's
// layers (impl/testing/aria_reference_rounds.h, the kernel's decryption key layout).
#ifndef ARIASUITE_IMPL_ARIA_REF_H_
#define ARIASUITE_IMPL_ARIA_REF_H_

#include <cstdint>

namespace ariasuite::internal {

// RFC 5794 §2.4.3: the diffusion layer A, in place on one block.
void AriaDiffuse(uint8_t block[16]);

}  // namespace ariasuite::internal

#endif  // ARIASUITE_IMPL_ARIA_REF_H_
