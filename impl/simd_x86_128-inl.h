// x86 operations on one 128-bit register (xmm), written once for every SIMD path (as Highway's
// x86_128-inl.h): the ARIA engines (aria_simd_inl.h), the S-box policies (sbox_aesni-inl.h,
// sbox_gfni-inl.h) and GHASH (ghash_simd_inl.h) take a width type and call only these.
// Included ONLY by the ISA translation units (aria_aesni_avx.cc, aria_gfni_avx2.cc,
// aria_gfni_avx512.cc); everything sits in an unnamed namespace, so each gets its own copy
// compiled with its own flags. The ISA a form needs is chosen at compile time from the
// translation unit's flags: ternary logic and mask blends with AVX-512VL/BW, GF2P8AFFINE with
// GFNI, AESENCLAST with AES-NI, PCLMULQDQ for GHASH.
#ifndef ARIASUITE_IMPL_SIMD_X86_128_INL_H_
#define ARIASUITE_IMPL_SIMD_X86_128_INL_H_

#include <immintrin.h>

#include <array>
#include <cstddef>
#include <cstdint>

// Everything on the per-batch path is forced inline so that the 16 state registers stay in
// registers (an out-of-line call would pass them through memory). UBSan's pointer-overflow check is
// left out of these helpers: it turns the address of each local register array into an integer,
// which keeps the arrays in memory in the fuzz build (-O1, ASan, UBSan) and made a one-block call
// 2x slower there. Their pointer arithmetic indexes fixed-size arrays and the caller's blocks;
// AddressSanitizer still checks every access.
#define ARIASUITE_SIMD_INLINE inline __attribute__((always_inline, no_sanitize("pointer-overflow")))

// The small engine's entry points: a few blocks, one dependent chain per register, bound by
// latency. The 16-register paths are compiled with GCC's pressure-weighted scheduling before
// register allocation (impl/simd_paths.bzl), which helps the byte-sliced batches and makes these
// chains slower (5 to 12% at 64 bytes on Zen 5): they keep GCC's default.
#if defined(__GNUC__) && !defined(__clang__)
#define ARIASUITE_LATENCY_BOUND __attribute__((optimize("no-schedule-insns")))
#else
#define ARIASUITE_LATENCY_BOUND
#endif

namespace ariasuite {
namespace internal {
namespace {

// The byte mask of Blend<kP> without AVX-512BW: 0xff where bit i of kP is set.
template <uint16_t kP>
alignas(16) constexpr std::array<uint8_t, 16> kBlendMask = [] {
  std::array<uint8_t, 16> m{};
  for (int i = 0; i < 16; ++i) m[i] = ((kP >> i) & 1) ? 0xff : 0;
  return m;
}();

// The PSHUFB index of RotL32<kBits> without AVX-512: byte b of a dword from byte b - kBits/8.
template <int kBits>
alignas(16) constexpr std::array<uint8_t, 16> kRotL32Bytes = [] {
  std::array<uint8_t, 16> m{};
  for (int i = 0; i < 16; ++i) m[i] = static_cast<uint8_t>((i & ~3) | ((i - kBits / 8) & 3));
  return m;
}();

struct Vec128 {
  using V = __m128i;
  static constexpr int kLanes = 1;       // 128-bit lanes (blocks) per register
  static constexpr size_t kBlocks = 16;  // blocks per byte-sliced batch of 16 registers
  static ARIASUITE_SIMD_INLINE V Load(const uint8_t* p) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  }
  static ARIASUITE_SIMD_INLINE void Store(uint8_t* p, V v) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
  }
  // The first n <= 1 blocks (n is public).
  static ARIASUITE_SIMD_INLINE V LoadN(const uint8_t* p, size_t n) {
    return n != 0 ? Load(p) : Zero();
  }
  static ARIASUITE_SIMD_INLINE void StoreN(uint8_t* p, V v, size_t n) {
    if (n != 0) Store(p, v);
  }
  static ARIASUITE_SIMD_INLINE V Zero() { return _mm_setzero_si128(); }
  static ARIASUITE_SIMD_INLINE V Xor(V a, V b) { return _mm_xor_si128(a, b); }
#if defined(__AVX512VL__)
  static ARIASUITE_SIMD_INLINE V Xor3(V a, V b, V c) {
    return _mm_ternarylogic_epi64(a, b, c, 0x96);
  }
#else
  static ARIASUITE_SIMD_INLINE V Xor3(V a, V b, V c) {
    return _mm_xor_si128(_mm_xor_si128(a, b), c);
  }
#endif
  static ARIASUITE_SIMD_INLINE V And(V a, V b) { return _mm_and_si128(a, b); }
  static ARIASUITE_SIMD_INLINE V Or(V a, V b) { return _mm_or_si128(a, b); }
  static ARIASUITE_SIMD_INLINE V Set1Byte(uint8_t b) { return _mm_set1_epi8(static_cast<char>(b)); }
  template <int kBits>
  static ARIASUITE_SIMD_INLINE V ShiftRight16(V a) {
    return _mm_srli_epi16(a, kBits);
  }
  static ARIASUITE_SIMD_INLINE V UnpackLo8(V a, V b) { return _mm_unpacklo_epi8(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackHi8(V a, V b) { return _mm_unpackhi_epi8(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackLo16(V a, V b) { return _mm_unpacklo_epi16(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackHi16(V a, V b) { return _mm_unpackhi_epi16(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackLo32(V a, V b) { return _mm_unpacklo_epi32(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackHi32(V a, V b) { return _mm_unpackhi_epi32(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackLo64(V a, V b) { return _mm_unpacklo_epi64(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackHi64(V a, V b) { return _mm_unpackhi_epi64(a, b); }
  // A 32-bit word repeated: VPBROADCASTD with AVX2, VBROADCASTSS (one load) with AVX alone.
  static ARIASUITE_SIMD_INLINE V BroadcastKey(const uint32_t* p) {
#if defined(__AVX2__)
    return _mm_set1_epi32(static_cast<int>(*p));
#else
    return _mm_castps_si128(_mm_broadcast_ss(reinterpret_cast<const float*>(p)));
#endif
  }
  static ARIASUITE_SIMD_INLINE V Bcast128(const uint8_t* p) { return Load(p); }
  static ARIASUITE_SIMD_INLINE V Add32(V a, V b) { return _mm_add_epi32(a, b); }
  static ARIASUITE_SIMD_INLINE V Add64(V a, V b) { return _mm_add_epi64(a, b); }
  static ARIASUITE_SIMD_INLINE V Shuffle8(V a, V idx) { return _mm_shuffle_epi8(a, idx); }
  // The dwords of each lane permuted (PSHUFD), and each dword rotated left by kBits (a multiple of
  // 8): one VPROLD with AVX-512, else one PSHUFB.
  template <int kImm>
  static ARIASUITE_SIMD_INLINE V Shuffle32(V a) {
    return _mm_shuffle_epi32(a, kImm);
  }
  template <int kBits>
  static ARIASUITE_SIMD_INLINE V RotL32(V a) {
#if defined(__AVX512VL__)
    return _mm_rol_epi32(a, kBits);
#else
    return Shuffle8(a, Load(kRotL32Bytes<kBits>.data()));
#endif
  }
  static ARIASUITE_SIMD_INLINE V LaneIndex32() { return _mm_setzero_si128(); }
  static ARIASUITE_SIMD_INLINE V LaneIndex64() { return _mm_setzero_si128(); }
  // Bytes whose bit is set in the 16-bit pattern kP come from b, the others from a.
  template <uint16_t kP>
  static ARIASUITE_SIMD_INLINE V Blend(V a, V b) {
#if defined(__AVX512VL__) && defined(__AVX512BW__)
    return _mm_mask_blend_epi8(static_cast<__mmask16>(kP), a, b);
#else
    return _mm_blendv_epi8(a, b, Load(kBlendMask<kP>.data()));
#endif
  }
#if defined(__GFNI__)
  static ARIASUITE_SIMD_INLINE V Mat(uint64_t m) {
    return _mm_set1_epi64x(static_cast<long long>(m));
  }
  template <int kC>
  static ARIASUITE_SIMD_INLINE V Affine(V x, V m) {
    return _mm_gf2p8affine_epi64_epi8(x, m, kC);
  }
  template <int kC>
  static ARIASUITE_SIMD_INLINE V AffineInv(V x, V m) {
    return _mm_gf2p8affineinv_epi64_epi8(x, m, kC);
  }
  // Blend<kP>(a, AffineInv<kC>(x, m)), merge-masked where AVX-512 has the form.
  template <uint16_t kP, int kC>
  static ARIASUITE_SIMD_INLINE V BlendAffineInv(V a, V x, V m) {
#if defined(__AVX512VL__) && defined(__AVX512BW__)
    return _mm_mask_gf2p8affineinv_epi64_epi8(a, static_cast<__mmask16>(kP), x, m, kC);
#else
    return Blend<kP>(a, AffineInv<kC>(x, m));
#endif
  }
#endif
#if defined(__AES__)
  // With a zero round key: ShiftRows + SubBytes, InvShiftRows + InvSubBytes.
  static ARIASUITE_SIMD_INLINE V AesEncLast0(V x) { return _mm_aesenclast_si128(x, Zero()); }
  static ARIASUITE_SIMD_INLINE V AesDecLast0(V x) { return _mm_aesdeclast_si128(x, Zero()); }
#endif
#if defined(__PCLMUL__)
  // GHASH (ghash_simd_inl.h): one block per register.
  static ARIASUITE_SIMD_INLINE V Swap64(V a) { return _mm_shuffle_epi32(a, 0x4e); }
  static ARIASUITE_SIMD_INLINE V Bswap(V a) {
    return _mm_shuffle_epi8(a, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
  }
  static ARIASUITE_SIMD_INLINE V FromXmm(__m128i a) { return a; }
  static ARIASUITE_SIMD_INLINE __m128i Fold(V a) { return a; }
  template <int kImm>
  static ARIASUITE_SIMD_INLINE V Clmul(V a, V b) {
    return _mm_clmulepi64_si128(a, b, kImm);
  }
#endif
};

}  // namespace
}  // namespace internal
}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_SIMD_X86_128_INL_H_
