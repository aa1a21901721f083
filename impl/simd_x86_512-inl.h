// x86 operations on one 512-bit register (zmm, four 128-bit lanes = four blocks), written once;
// see simd_x86_128-inl.h for the contract. Needs AVX-512F/BW (VL for the narrower widths).
#ifndef ARIASUITE_IMPL_SIMD_X86_512_INL_H_
#define ARIASUITE_IMPL_SIMD_X86_512_INL_H_

#include "impl/simd_x86_256-inl.h"

namespace ariasuite {
namespace internal {
namespace {

struct Vec512 {
  using V = __m512i;
  static constexpr int kLanes = 4;
  static constexpr size_t kBlocks = 64;
  static ARIASUITE_SIMD_INLINE V Load(const uint8_t* p) { return _mm512_loadu_si512(p); }
  static ARIASUITE_SIMD_INLINE void Store(uint8_t* p, V v) { _mm512_storeu_si512(p, v); }
  // The first n <= 4 blocks (masked: the other lanes are neither read nor written).
  static ARIASUITE_SIMD_INLINE __mmask8 BlockMask(size_t n) {
    return static_cast<__mmask8>((1u << (2 * n)) - 1);
  }
  static ARIASUITE_SIMD_INLINE V LoadN(const uint8_t* p, size_t n) {
    return _mm512_maskz_loadu_epi64(BlockMask(n), p);
  }
  static ARIASUITE_SIMD_INLINE void StoreN(uint8_t* p, V v, size_t n) {
    _mm512_mask_storeu_epi64(p, BlockMask(n), v);
  }
  // Bytes whose bit is set in the 16-bit per-lane pattern kP come from b, the others from a.
  template <uint16_t kP>
  static ARIASUITE_SIMD_INLINE V Blend(V a, V b) {
    return _mm512_mask_blend_epi8(static_cast<__mmask64>(0x0001000100010001ull * kP), a, b);
  }
  static ARIASUITE_SIMD_INLINE V Zero() { return _mm512_setzero_si512(); }
  static ARIASUITE_SIMD_INLINE V Xor(V a, V b) { return _mm512_xor_epi32(a, b); }
  static ARIASUITE_SIMD_INLINE V Xor3(V a, V b, V c) {
    return _mm512_ternarylogic_epi32(a, b, c, 0x96);
  }
  static ARIASUITE_SIMD_INLINE V UnpackLo8(V a, V b) { return _mm512_unpacklo_epi8(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackHi8(V a, V b) { return _mm512_unpackhi_epi8(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackLo16(V a, V b) { return _mm512_unpacklo_epi16(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackHi16(V a, V b) { return _mm512_unpackhi_epi16(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackLo32(V a, V b) { return _mm512_unpacklo_epi32(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackHi32(V a, V b) { return _mm512_unpackhi_epi32(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackLo64(V a, V b) { return _mm512_unpacklo_epi64(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackHi64(V a, V b) { return _mm512_unpackhi_epi64(a, b); }
  static ARIASUITE_SIMD_INLINE V BroadcastKey(const uint32_t* p) {
    return _mm512_set1_epi32(static_cast<int>(*p));
  }
  static ARIASUITE_SIMD_INLINE V Bcast128(const uint8_t* p) {
    return _mm512_broadcast_i32x4(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  }
  static ARIASUITE_SIMD_INLINE V Add32(V a, V b) { return _mm512_add_epi32(a, b); }
  static ARIASUITE_SIMD_INLINE V Add64(V a, V b) { return _mm512_add_epi64(a, b); }
  static ARIASUITE_SIMD_INLINE V Shuffle8(V a, V idx) { return _mm512_shuffle_epi8(a, idx); }
  template <int kImm>
  static ARIASUITE_SIMD_INLINE V Shuffle32(V a) {
    return _mm512_shuffle_epi32(a, static_cast<_MM_PERM_ENUM>(kImm));
  }
  template <int kBits>
  static ARIASUITE_SIMD_INLINE V RotL32(V a) {
    return _mm512_rol_epi32(a, kBits);
  }
  static ARIASUITE_SIMD_INLINE V LaneIndex32() {
    return _mm512_set_epi32(3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0);
  }
  static ARIASUITE_SIMD_INLINE V LaneIndex64() { return _mm512_set_epi64(0, 3, 0, 2, 0, 1, 0, 0); }
#if defined(__GFNI__)
  static ARIASUITE_SIMD_INLINE V Mat(uint64_t m) {
    return _mm512_set1_epi64(static_cast<long long>(m));
  }
  template <int kC>
  static ARIASUITE_SIMD_INLINE V Affine(V x, V m) {
    return _mm512_gf2p8affine_epi64_epi8(x, m, kC);
  }
  template <int kC>
  static ARIASUITE_SIMD_INLINE V AffineInv(V x, V m) {
    return _mm512_gf2p8affineinv_epi64_epi8(x, m, kC);
  }
  // Blend<kP>(a, AffineInv<kC>(x, m)) in one merge-masked instruction.
  template <uint16_t kP, int kC>
  static ARIASUITE_SIMD_INLINE V BlendAffineInv(V a, V x, V m) {
    return _mm512_mask_gf2p8affineinv_epi64_epi8(
        a, static_cast<__mmask64>(0x0001000100010001ull * kP), x, m, kC);
  }
#endif
#if defined(__VPCLMULQDQ__)
  // GHASH (ghash_simd_inl.h): VPCLMULQDQ on four blocks per register.
  static ARIASUITE_SIMD_INLINE V Swap64(V a) { return _mm512_shuffle_epi32(a, _MM_PERM_BADC); }
  static ARIASUITE_SIMD_INLINE V Bswap(V a) {
    return _mm512_shuffle_epi8(a, _mm512_broadcast_i32x4(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
                                                                      10, 11, 12, 13, 14, 15)));
  }
  static ARIASUITE_SIMD_INLINE V FromXmm(__m128i a) { return _mm512_zextsi128_si512(a); }
  static ARIASUITE_SIMD_INLINE __m128i Fold(V a) {
    const __m256i h = _mm256_xor_si256(_mm512_castsi512_si256(a), _mm512_extracti64x4_epi64(a, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
  }
  template <int kImm>
  static ARIASUITE_SIMD_INLINE V Clmul(V a, V b) {
    return _mm512_clmulepi64_epi128(a, b, kImm);
  }
#endif
};

}  // namespace
}  // namespace internal
}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_SIMD_X86_512_INL_H_
