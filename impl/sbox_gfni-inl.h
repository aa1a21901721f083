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

  // The small engine's S-layer (aria_simd_inl.h, SmallLayout): the lanes hold a block's even bytes
  // in their low quadword and its odd bytes in the high one, so that each quadword meets one S-box
  // family (S1 and S1^-1 at even bytes, S2 and S2^-1 at odd ones, in SL1 and SL2 alike) and one
  // GF2P8AFFINE with a matrix per quadword serves both. The affine constants are left to the round
  // keys: S1 = A·inv(x) ^ 0x63 and S1^-1(y) = inv(A^-1·(y ^ 0x63)), so an output constant (63 or
  // E2) is XORed after a forward S-box and the same constant before an inverse one.
  // Within that constraint the order was chosen (impl/small_order.py --search, checked by its test)
  // so that four of A's seven byte permutations become two dword rotations and two dword shuffles,
  // which the small engine does off the units GF2P8AFFINE shares with PSHUFB on some cores;
  // SmallLayout checks when compiled that they are parts of A and splits the rest into three
  // PSHUFBs.
  static constexpr uint8_t kSmallOrder[16] = {0, 8, 4, 14, 6, 12, 2, 10, 9, 1, 15, 5, 13, 7, 11, 3};
  static constexpr int kSmallRotations[2] = {8, 24};           // VPROLD by 8 and 24 bits
  static constexpr int kSmallDwordShuffles[2] = {0x4E, 0x1B};  // PSHUFD: dwords 2301, 3210
  static constexpr uint8_t FamilyConstant(int j) { return (j & 1) == 0 ? 0x63 : 0xE2; }
  // Bytes j with j mod 4 in {0, 1} take a forward S-box in SL1 (odd = 1), the others in SL2.
  static constexpr bool Forward(int odd, int j) { return ((j & 2) == 0) == (odd != 0); }
  struct SlConstants {
    uint8_t in[2][16];
    uint8_t out[2][16];
    constexpr SlConstants() : in(), out() {
      for (int odd = 0; odd < 2; ++odd) {
        for (int j = 0; j < 16; ++j) {
          (Forward(odd, j) ? out : in)[odd][j] = FamilyConstant(j);
        }
      }
    }
  };
  static constexpr SlConstants kSlConstants{};
  static constexpr const uint8_t (&kSlIn)[2][16] = kSlConstants.in;
  static constexpr const uint8_t (&kSlOut)[2][16] = kSlConstants.out;
  // The lanes that take an inverse S-box in SL1 (odd = 1) and SL2, as a 16-bit pattern.
  static constexpr uint16_t InverseLanes(int odd) {
    uint16_t m = 0;
    for (int p = 0; p < 16; ++p) {
      if (!Forward(odd, kSmallOrder[p])) m = static_cast<uint16_t>(m | (1u << p));
    }
    return m;
  }

  // SL1 (odd) or SL2 without the constants, in kSmallOrder: the inverse S-boxes sit at the lanes
  // of InverseLanes.
  static ARIASUITE_SIMD_INLINE V Sl(V x, bool odd) {
    alignas(16) static constexpr uint64_t kFwd[2] = {kMatS1, kMatS2};
    alignas(16) static constexpr uint64_t kInv[2] = {kMatS1Inv, kMatS2Inv};
    const V fwd = T::template AffineInv<0>(x, T::Bcast128(reinterpret_cast<const uint8_t*>(kFwd)));
    const V pre = T::template Affine<0>(x, T::Bcast128(reinterpret_cast<const uint8_t*>(kInv)));
    const V id = T::Mat(kMatIdentity);
    return odd ? T::template BlendAffineInv<InverseLanes(1), 0>(fwd, pre, id)
               : T::template BlendAffineInv<InverseLanes(0), 0>(fwd, pre, id);
  }
};

}  // namespace
}  // namespace internal
}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_SBOX_GFNI_INL_H_
