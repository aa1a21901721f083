// The key-injection masks of the byte-sliced diffusion (aria_simd_inl.h, DiffuseAddKey): the
// network XORs constant c_s into its intermediate s, and c_s is the XOR of the round-key bytes j
// whose bit is set in kInjectMasks[s]. Derived (and re-checked by a test) by impl/inject_masks.py:
// with M[j][s] = 1 when intermediate s reaches output j an odd number of times, the masks are the
// rows of M^-1 over GF(2), so that output j receives key byte j and nothing else.
#ifndef ARIASUITE_IMPL_INJECT_MASKS_H_
#define ARIASUITE_IMPL_INJECT_MASKS_H_

#include <cstdint>

namespace ariasuite::internal {

inline constexpr uint16_t kInjectMasks[16] = {0x0081, 0x1800, 0x4000, 0x30C0, 0x8214, 0x0024,
                                              0x2288, 0x0080, 0x0104, 0x0004, 0x0480, 0x8006,
                                              0x9006, 0x2184, 0x8484, 0x0200};

}  // namespace ariasuite::internal

#endif  // ARIASUITE_IMPL_INJECT_MASKS_H_
