// The scalar reference's GHASH (SP 800-38D §6.4), constant time; filled into ScalarBackend() and
// used by the AES instance of the GCM layer. See ghash_ref.cc for the technique.
#ifndef ARIASUITE_IMPL_GHASH_REF_H_
#define ARIASUITE_IMPL_GHASH_REF_H_

#include <cstddef>
#include <cstdint>

#include "impl/internal.h"

namespace ariasuite::internal {

void GhashInitRef(GhashKey* out, const uint8_t h[16]);
void GhashRef(const GhashKey& key, uint8_t xi[16], const uint8_t* in, size_t nblocks);

// One GF(2^128) product in GCM's bit order (SP 800-38D §6.3), for tests: out = x * y.
void GfMul128Ref(uint8_t out[16], const uint8_t x[16], const uint8_t y[16]);

}  // namespace ariasuite::internal

#endif  // ARIASUITE_IMPL_GHASH_REF_H_
