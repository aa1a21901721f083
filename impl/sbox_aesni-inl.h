// The AES-NI S-box policy of the SIMD paths (aesni-avx): ARIA's four S-boxes from AESENCLAST /
// AESDECLAST and two nibble lookups, on a width T with AES-NI (simd_x86_128-inl.h), for the
// byte-sliced batches (Sb1..Sb4 and FinishRounds) and the small engine (Sl). The shared round code
// (aria_simd_inl.h) takes the policy as a parameter; sbox_gfni-inl.h is the other one. Included
// ONLY by the ISA translation units, like simd_x86_128-inl.h.
//
// S-boxes from AES-NI (RFC 5794 §2.4.2 and the ARIA spec: S1 is AES's S-box, S2(x) = B'·x^-1 ^
// 0xE2, see sbox_gfni-inl.h): with a zero round key AESENCLAST is ShiftRows + SubBytes and
// AESDECLAST is InvShiftRows + InvSubBytes. So
//   SB1 = AESENCLAST, SB3 = S1^-1 = AESDECLAST,
//   SB2 = M2·AESENCLAST(x) ^ c2 with M2 = B'·A^-1 (undo AES's affine, apply S2's),
//   SB4 = AESDECLAST(M4·y ^ c4) with M4 = A·B'^-1 (undo S2's affine, present AES's).
// The 8-bit affine maps M·x ^ c run as two 16-entry PSHUFB lookups (low and high nibble).
// ShiftRows permutes the 16 byte lanes of a register, i.e. the 16 *blocks*; every register must
// carry the same permutation when the diffusion XORs them, so registers that went through
// AESDECLAST (InvShiftRows) get one PSHUFB by ShiftRows^2 and then all carry ShiftRows. After the
// n substitution layers every register carries ShiftRows^n: identity for n = 12, 16, and
// ShiftRows^2 (an involution) for n = 14, undone once in FinishRounds.
#ifndef ARIASUITE_IMPL_SBOX_AESNI_INL_H_
#define ARIASUITE_IMPL_SBOX_AESNI_INL_H_

#include <array>
#include <cstdint>

#include "impl/simd_x86_128-inl.h"

namespace ariasuite {
namespace internal {
namespace {

// Nibble tables of the two affine maps, computed offline from the matrices above (and verified
// end to end by the tests): entry n of lo is M·n ^ c, entry n of hi is M·(n << 4).
alignas(16) constexpr uint8_t kPostS2Lo[16] = {0x88, 0x0d, 0x37, 0xb2, 0x00, 0x85, 0xbf, 0x3a,
                                               0xa8, 0x2d, 0x17, 0x92, 0x20, 0xa5, 0x9f, 0x1a};
alignas(16) constexpr uint8_t kPostS2Hi[16] = {0x00, 0x3e, 0xd4, 0xea, 0x84, 0xba, 0x50, 0x6e,
                                               0xcd, 0xf3, 0x19, 0x27, 0x49, 0x77, 0x9d, 0xa3};
alignas(16) constexpr uint8_t kPreS4Lo[16] = {0x04, 0x45, 0xee, 0xaf, 0x17, 0x56, 0xfd, 0xbc,
                                              0x53, 0x12, 0xb9, 0xf8, 0x40, 0x01, 0xaa, 0xeb};
alignas(16) constexpr uint8_t kPreS4Hi[16] = {0x00, 0xb6, 0x08, 0xbe, 0xd6, 0x60, 0xde, 0x68,
                                              0x53, 0xe5, 0x5b, 0xed, 0x85, 0x33, 0x8d, 0x3b};
// PSHUFB index of ShiftRows applied twice (out[i] = in[SR[SR[i]]], SR = ShiftRows' source index).
alignas(16) constexpr uint8_t kShiftRows2[16] = {0, 9, 2,  11, 4,  13, 6,  15,
                                                 8, 1, 10, 3,  12, 5,  14, 7};

// ---- Small engine: one block per register (RFC 5794 §2.4 on whole blocks) ----
// With a zero round key AESENCLAST gives e[k] = S1(x[SR[k]]) and AESDECLAST d[k] = S1^-1(x[ISR[k]])
// (SR/ISR: the source byte of ShiftRows/InvShiftRows; AES's state is column-major, byte 4c + r is
// row r, and both permutations keep a byte in its row). The nibble maps above turn e into S2 and
// the input of d into S2^-1's. Byte position i mod 4 is the row, so one blend per pair picks the
// S2-type rows (1 and 3 in both SL1 and SL2); one PSHUFB per pair then moves each byte back to its
// position (forward S-boxes from k = ISR[i], inverse ones from k = SR[i]) and zeroes the rest.
constexpr int ShiftRowsSrc(int k) { return 4 * ((k / 4 + k % 4) % 4) + k % 4; }
constexpr int InvShiftRowsSrc(int k) { return 4 * ((k / 4 - k % 4 + 4) % 4) + k % 4; }

// PSHUFB index: forward rows (SL1: 0,1; SL2: 2,3) from ISR, or inverse rows from SR; 0x80 zeroes.
constexpr std::array<uint8_t, 16> SmallPick(bool sl1, bool forward) {
  std::array<uint8_t, 16> idx{};
  for (int i = 0; i < 16; ++i) {
    const bool fwd_row = sl1 ? (i % 4 <= 1) : (i % 4 >= 2);
    idx[i] = fwd_row == forward
                 ? static_cast<uint8_t>(forward ? InvShiftRowsSrc(i) : ShiftRowsSrc(i))
                 : uint8_t{0x80};
  }
  return idx;
}
alignas(16) constexpr std::array<uint8_t, 16> kPickFwd1 = SmallPick(true, true);
alignas(16) constexpr std::array<uint8_t, 16> kPickInv1 = SmallPick(true, false);
alignas(16) constexpr std::array<uint8_t, 16> kPickFwd2 = SmallPick(false, true);
alignas(16) constexpr std::array<uint8_t, 16> kPickInv2 = SmallPick(false, false);
// The Blend pattern of rows 1 and 3 (bytes 1, 3, 5, ..., 15).
constexpr uint16_t kRows13 = 0xAAAA;

// T supplies AesEncLast0/AesDecLast0, And, Set1Byte, ShiftRight16 and Blend.
template <class T>
struct AesniSbox {
  using V = typename T::V;
  // M·x ^ c by nibble lookups.
  static ARIASUITE_SIMD_INLINE V Affine(V x, const uint8_t* lo, const uint8_t* hi) {
    const V mask = T::Set1Byte(0x0f);
    const V l = T::Shuffle8(T::Bcast128(lo), T::And(x, mask));
    const V h = T::Shuffle8(T::Bcast128(hi), T::And(T::template ShiftRight16<4>(x), mask));
    return T::Xor(l, h);
  }
  static ARIASUITE_SIMD_INLINE V Sb1(V x) { return T::AesEncLast0(x); }
  static ARIASUITE_SIMD_INLINE V Sb2(V x) {
    return Affine(T::AesEncLast0(x), kPostS2Lo, kPostS2Hi);
  }
  static ARIASUITE_SIMD_INLINE V Sb3(V x) {
    return T::Shuffle8(T::AesDecLast0(x), T::Bcast128(kShiftRows2));
  }
  static ARIASUITE_SIMD_INLINE V Sb4(V x) {
    return T::Shuffle8(T::AesDecLast0(Affine(x, kPreS4Lo, kPreS4Hi)), T::Bcast128(kShiftRows2));
  }
  static ARIASUITE_SIMD_INLINE void FinishRounds(V x[16], int rounds) {
    if (rounds % 4 == 2) {
      const V idx = T::Bcast128(kShiftRows2);
#pragma GCC unroll 16
      for (int j = 0; j < 16; ++j) x[j] = T::Shuffle8(x[j], idx);
    }
  }

  // SL1 (odd) or SL2 on whole blocks, for the small engine (above).
  static ARIASUITE_SIMD_INLINE V Sl(V x, bool odd) {
    const V e = T::AesEncLast0(x);
    const V e2 = Affine(e, kPostS2Lo, kPostS2Hi);
    const V d = T::AesDecLast0(x);
    const V d2 = T::AesDecLast0(Affine(x, kPreS4Lo, kPreS4Hi));
    const V u = T::template Blend<kRows13>(e, e2);  // S1 / S2 of the rows
    const V v = T::template Blend<kRows13>(d, d2);  // S1^-1 / S2^-1 of the rows
    const V fwd = T::Bcast128(odd ? kPickFwd1.data() : kPickFwd2.data());
    const V inv = T::Bcast128(odd ? kPickInv1.data() : kPickInv2.data());
    return T::Or(T::Shuffle8(u, fwd), T::Shuffle8(v, inv));
  }
};

}  // namespace
}  // namespace internal
}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_SBOX_AESNI_INL_H_
