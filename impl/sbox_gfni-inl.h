// The GFNI S-box policy of the SIMD paths (gfni-avx2, gfni-avx512): ARIA's four S-boxes with
// GF2P8AFFINEINVQB / GF2P8AFFINEQB on any register width T (simd_x86_{128,256,512}-inl.h), for the
// byte-sliced batches (Sb1..Sb4, one S-box per register) and for the small engine (Sl: a whole
// substitution layer on one block per lane). The shared round code (aria_simd_inl.h) takes the
// policy as a parameter; sbox_aesni-inl.h is the other one. Included ONLY by the ISA translation
// units, like simd_x86_128-inl.h.
//
// GF2P8AFFINEQB matrices (64-bit operand: byte 7-i is the mask of input bits that make output bit
// i, Intel SDM "GF2P8AFFINEQB"). ARIA's S-boxes (RFC 5794 §2.4.2; ARIA spec v1.0 §2.4.2: S1(x) =
// A·x^-1 ^ 0x63, S2(x) = B·x^247 ^ 0xE2) are affine maps of the GF(2^8) inverse with AES's
// polynomial, because x^247 = (x^-1)^8 and squaring is GF(2)-linear: S2(x) = B'·x^-1 ^ 0xE2 with
// B' = B·(squaring)^3. B' was computed offline from the S2 table of RFC 5794 as
// column j = S2(inv(2^j)) ^ 0xE2, checked against all 256 entries, and is checked again at run
// time by the tests through every output byte.
#ifndef ARIASUITE_IMPL_SBOX_GFNI_INL_H_
#define ARIASUITE_IMPL_SBOX_GFNI_INL_H_

#include <cstdint>

#include "impl/simd_x86_128-inl.h"

namespace ariasuite {
namespace internal {
namespace {

inline constexpr uint64_t kMatS1 = 0xF1E3C78F1F3E7CF8ull;     // A (AES), S1 = A·inv(x) ^ 0x63.
inline constexpr uint64_t kMatS2 = 0xEAFCB7C3C273C66Full;     // B', S2 = B'·inv(x) ^ 0xE2.
inline constexpr uint64_t kMatS1Inv = 0xA44992254A942952ull;  // A^-1: S1^-1 = inv(A^-1·y ^ 0x05).
inline constexpr uint64_t kMatS2Inv = 0x186450C737D6BDC9ull;  // B'^-1: S2^-1 = inv(B'^-1·y ^ 0x2C).
inline constexpr uint64_t kMatIdentity = 0x0102040810204080ull;

// T supplies Mat, Affine<c>(x, m), AffineInv<c>(x, m) and Blend<pattern>(a, b).
template <class T>
struct GfniSbox {
  using V = typename T::V;
  // SB1 = S1, SB2 = S2, SB3 = S1^-1, SB4 = S2^-1 on every byte of a register.
  static ARIASUITE_SIMD_INLINE V Sb1(V x) { return T::template AffineInv<0x63>(x, T::Mat(kMatS1)); }
  static ARIASUITE_SIMD_INLINE V Sb2(V x) { return T::template AffineInv<0xE2>(x, T::Mat(kMatS2)); }
  static ARIASUITE_SIMD_INLINE V Sb3(V x) {
    return T::template AffineInv<0>(T::template Affine<0x05>(x, T::Mat(kMatS1Inv)),
                                    T::Mat(kMatIdentity));
  }
  static ARIASUITE_SIMD_INLINE V Sb4(V x) {
    return T::template AffineInv<0>(T::template Affine<0x2C>(x, T::Mat(kMatS2Inv)),
                                    T::Mat(kMatIdentity));
  }
  // The S-box instructions leave the lanes in place: nothing to undo.
  static ARIASUITE_SIMD_INLINE void FinishRounds(V*, int) {}

  // SL1 (odd) or SL2 on whole blocks, for the small engine: the S1/S2 and (shared) S1^-1/S2^-1
  // forms of the whole register are computed and each byte's picked by its position mod 4 with
  // byte blends (bytes whose bit is set in the 16-bit per-lane pattern come from the second).
  static ARIASUITE_SIMD_INLINE V Sl(V x, bool odd) {
    const V s1 = T::template AffineInv<0x63>(x, T::Mat(kMatS1));
    const V s2 = T::template AffineInv<0xE2>(x, T::Mat(kMatS2));
    const V t1 = T::template Affine<0x05>(x, T::Mat(kMatS1Inv));
    const V t2 = T::template Affine<0x2C>(x, T::Mat(kMatS2Inv));
    if (odd) {  // SL1: SB1, SB2, SB3, SB4 for byte positions 0, 1, 2, 3 mod 4.
      const V xi =
          T::template AffineInv<0>(T::template Blend<0x8888>(t1, t2), T::Mat(kMatIdentity));
      return T::template Blend<0xCCCC>(T::template Blend<0x2222>(s1, s2), xi);
    }
    // SL2: SB3, SB4, SB1, SB2.
    const V xi = T::template AffineInv<0>(T::template Blend<0x2222>(t1, t2), T::Mat(kMatIdentity));
    return T::template Blend<0x3333>(T::template Blend<0x8888>(s1, s2), xi);
  }
};

}  // namespace
}  // namespace internal
}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_SBOX_GFNI_INL_H_
