// x86 operations on one 256-bit register (ymm, two 128-bit lanes = two blocks), written once for
// every path that uses them (aesni-avx2, gfni-avx2, gfni-avx512); see simd_x86_128-inl.h for the
// contract. AVX2 at least; with AVX-512VL/BW the masked moves, blends and three-way XOR use opmask
// and ternary-logic forms. AESENCLAST/AESDECLAST and the carry-less multiply work on both lanes:
// one VAES / VPCLMULQDQ instruction where the translation unit has it, else the two 128-bit halves
// through AES-NI / PCLMULQDQ (VEXTRACTI128, two xmm operations, VINSERTI128).
#ifndef ARIASUITE_IMPL_SIMD_X86_256_INL_H_
#define ARIASUITE_IMPL_SIMD_X86_256_INL_H_

#include "impl/simd_x86_128-inl.h"

namespace ariasuite {
namespace internal {
namespace {

struct Vec256 {
  using V = __m256i;
  static constexpr int kLanes = 2;
  static constexpr size_t kBlocks = 32;
  static ARIASUITE_SIMD_INLINE V Load(const uint8_t* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  }
  static ARIASUITE_SIMD_INLINE void Store(uint8_t* p, V v) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
  }
#if defined(__AVX512VL__) && defined(__AVX512BW__)
  // The first n <= 2 blocks (masked: the other lane is neither read nor written).
  static ARIASUITE_SIMD_INLINE __mmask8 BlockMask(size_t n) {
    return static_cast<__mmask8>((1u << (2 * n)) - 1);
  }
  static ARIASUITE_SIMD_INLINE V LoadN(const uint8_t* p, size_t n) {
    return _mm256_maskz_loadu_epi64(BlockMask(n), p);
  }
  static ARIASUITE_SIMD_INLINE void StoreN(uint8_t* p, V v, size_t n) {
    _mm256_mask_storeu_epi64(p, BlockMask(n), v);
  }
  static ARIASUITE_SIMD_INLINE V Xor3(V a, V b, V c) {
    return _mm256_ternarylogic_epi64(a, b, c, 0x96);
  }
  template <uint16_t kP>
  static ARIASUITE_SIMD_INLINE V Blend(V a, V b) {
    return _mm256_mask_blend_epi8(static_cast<__mmask32>(0x00010001u * kP), a, b);
  }
#else
  // The first n <= 2 blocks (VPMASKMOVQ: masked-off lanes are neither read nor written).
  static ARIASUITE_SIMD_INLINE V BlockMask(size_t n) {
    return _mm256_cmpgt_epi64(_mm256_set1_epi64x(static_cast<long long>(2 * n)),
                              _mm256_set_epi64x(3, 2, 1, 0));
  }
  static ARIASUITE_SIMD_INLINE V LoadN(const uint8_t* p, size_t n) {
    return _mm256_maskload_epi64(reinterpret_cast<const long long*>(p), BlockMask(n));
  }
  static ARIASUITE_SIMD_INLINE void StoreN(uint8_t* p, V v, size_t n) {
    _mm256_maskstore_epi64(reinterpret_cast<long long*>(p), BlockMask(n), v);
  }
  static ARIASUITE_SIMD_INLINE V Xor3(V a, V b, V c) {
    return _mm256_xor_si256(_mm256_xor_si256(a, b), c);
  }
  template <uint16_t kP>
  static ARIASUITE_SIMD_INLINE V Blend(V a, V b) {
    return _mm256_blendv_epi8(a, b, Bcast128(kBlendMask<kP>.data()));
  }
#endif
  static ARIASUITE_SIMD_INLINE V Zero() { return _mm256_setzero_si256(); }
  static ARIASUITE_SIMD_INLINE V Xor(V a, V b) { return _mm256_xor_si256(a, b); }
  static ARIASUITE_SIMD_INLINE V And(V a, V b) { return _mm256_and_si256(a, b); }
  static ARIASUITE_SIMD_INLINE V Or(V a, V b) { return _mm256_or_si256(a, b); }
  static ARIASUITE_SIMD_INLINE V Set1Byte(uint8_t b) {
    return _mm256_set1_epi8(static_cast<char>(b));
  }
  template <int kBits>
  static ARIASUITE_SIMD_INLINE V ShiftRight16(V a) {
    return _mm256_srli_epi16(a, kBits);
  }
  // The two 128-bit halves of a, and the register they make.
  static ARIASUITE_SIMD_INLINE __m128i Lo(V a) { return _mm256_castsi256_si128(a); }
  static ARIASUITE_SIMD_INLINE __m128i Hi(V a) { return _mm256_extracti128_si256(a, 1); }
  static ARIASUITE_SIMD_INLINE V Join(__m128i lo, __m128i hi) {
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
  }
  static ARIASUITE_SIMD_INLINE V UnpackLo8(V a, V b) { return _mm256_unpacklo_epi8(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackHi8(V a, V b) { return _mm256_unpackhi_epi8(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackLo16(V a, V b) { return _mm256_unpacklo_epi16(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackHi16(V a, V b) { return _mm256_unpackhi_epi16(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackLo32(V a, V b) { return _mm256_unpacklo_epi32(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackHi32(V a, V b) { return _mm256_unpackhi_epi32(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackLo64(V a, V b) { return _mm256_unpacklo_epi64(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackHi64(V a, V b) { return _mm256_unpackhi_epi64(a, b); }
  static ARIASUITE_SIMD_INLINE V BroadcastKey(const uint32_t* p) {
    return _mm256_set1_epi32(static_cast<int>(*p));
  }
  static ARIASUITE_SIMD_INLINE V Bcast128(const uint8_t* p) {
    return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  }
  static ARIASUITE_SIMD_INLINE V Add32(V a, V b) { return _mm256_add_epi32(a, b); }
  static ARIASUITE_SIMD_INLINE V Add64(V a, V b) { return _mm256_add_epi64(a, b); }
  static ARIASUITE_SIMD_INLINE V Shuffle8(V a, V idx) { return _mm256_shuffle_epi8(a, idx); }
  template <int kImm>
  static ARIASUITE_SIMD_INLINE V Shuffle32(V a) {
    return _mm256_shuffle_epi32(a, kImm);
  }
  template <int kBits>
  static ARIASUITE_SIMD_INLINE V RotL32(V a) {
#if defined(__AVX512VL__)
    return _mm256_rol_epi32(a, kBits);
#else
    return Shuffle8(a, Bcast128(kRotL32Bytes<kBits>.data()));
#endif
  }
  static ARIASUITE_SIMD_INLINE V LaneIndex32() { return _mm256_set_epi32(1, 0, 0, 0, 0, 0, 0, 0); }
  static ARIASUITE_SIMD_INLINE V LaneIndex64() { return _mm256_set_epi64x(0, 1, 0, 0); }
#if defined(__GFNI__)
  static ARIASUITE_SIMD_INLINE V Mat(uint64_t m) {
    return _mm256_set1_epi64x(static_cast<long long>(m));
  }
  template <int kC>
  static ARIASUITE_SIMD_INLINE V Affine(V x, V m) {
    return _mm256_gf2p8affine_epi64_epi8(x, m, kC);
  }
  template <int kC>
  static ARIASUITE_SIMD_INLINE V AffineInv(V x, V m) {
    return _mm256_gf2p8affineinv_epi64_epi8(x, m, kC);
  }
  // Blend<kP>(a, AffineInv<kC>(x, m)), merge-masked where AVX-512 has the form.
  template <uint16_t kP, int kC>
  static ARIASUITE_SIMD_INLINE V BlendAffineInv(V a, V x, V m) {
#if defined(__AVX512VL__) && defined(__AVX512BW__)
    return _mm256_mask_gf2p8affineinv_epi64_epi8(a, static_cast<__mmask32>(0x00010001u * kP), x, m,
                                                 kC);
#else
    return Blend<kP>(a, AffineInv<kC>(x, m));
#endif
  }
#endif
#if defined(__AES__)
  // With a zero round key, in each lane: ShiftRows + SubBytes, InvShiftRows + InvSubBytes.
#if defined(__VAES__)
  static ARIASUITE_SIMD_INLINE V AesEncLast0(V x) { return _mm256_aesenclast_epi128(x, Zero()); }
  static ARIASUITE_SIMD_INLINE V AesDecLast0(V x) { return _mm256_aesdeclast_epi128(x, Zero()); }
#else
  static ARIASUITE_SIMD_INLINE V AesEncLast0(V x) {
    const __m128i z = _mm_setzero_si128();
    return Join(_mm_aesenclast_si128(Lo(x), z), _mm_aesenclast_si128(Hi(x), z));
  }
  static ARIASUITE_SIMD_INLINE V AesDecLast0(V x) {
    const __m128i z = _mm_setzero_si128();
    return Join(_mm_aesdeclast_si128(Lo(x), z), _mm_aesdeclast_si128(Hi(x), z));
  }
#endif
#endif
#if defined(__PCLMUL__)
  // GHASH (ghash_simd_inl.h): two blocks per register.
  static ARIASUITE_SIMD_INLINE V Swap64(V a) { return _mm256_shuffle_epi32(a, 0x4e); }
  static ARIASUITE_SIMD_INLINE V Bswap(V a) {
    return _mm256_shuffle_epi8(a, _mm256_broadcastsi128_si256(_mm_set_epi8(
                                      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
  }
  static ARIASUITE_SIMD_INLINE V FromXmm(__m128i a) {
    return _mm256_inserti128_si256(_mm256_setzero_si256(), a, 0);
  }
  static ARIASUITE_SIMD_INLINE __m128i Fold(V a) {
    return _mm_xor_si128(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
  }
  template <int kImm>
  static ARIASUITE_SIMD_INLINE V Clmul(V a, V b) {
#if defined(__VPCLMULQDQ__)
    return _mm256_clmulepi64_epi128(a, b, kImm);
#else
    return Join(_mm_clmulepi64_si128(Lo(a), Lo(b), kImm), _mm_clmulepi64_si128(Hi(a), Hi(b), kImm));
#endif
  }
#endif
};

}  // namespace
}  // namespace internal
}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_SIMD_X86_256_INL_H_
