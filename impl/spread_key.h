// The round keys in the layout of the byte-sliced SIMD engine (aria_simd_inl.h), computed once
// when a key is set, as AriaKey::sliced is for the scalar path.
#ifndef ARIASUITE_IMPL_SPREAD_KEY_H_
#define ARIASUITE_IMPL_SPREAD_KEY_H_

#include "impl/aria_key.h"

namespace ariasuite::internal {

// key->spread from key->rk and key->rounds: every byte repeated four times (one 32-bit broadcast
// per byte-sliced register); the inner rounds' keys as the constants the diffusion network injects
// (inject_masks.h). No branch or index depends on the key.
void SpreadRoundKeys(AriaKey* key);

}  // namespace ariasuite::internal

#endif  // ARIASUITE_IMPL_SPREAD_KEY_H_
