// The gfni-avx512 path: ARIA on 64 blocks at a time in byte-sliced zmm registers (32 in ymm and
// 16 in xmm for tails, all with AVX-512VL ternary logic for the diffusion XORs and 32 vector
// registers), S-boxes with GF2P8AFFINEINVQB/GF2P8AFFINEQB (matrices in aria_simd_inl.h), GHASH
// with VPCLMULQDQ on zmm (64 blocks per reduction), stitched GCM; up to 8 blocks go through the
// one-block-per-lane small engine on ymm. Built with -mgfni -mavx512f -mavx512bw -mavx512vl
// -mpclmul -mvpclmulqdq; only dispatch (after CPUID/XGETBV) may call it.
#include <immintrin.h>

#include "impl/ghash_simd_inl.h"
#include "impl/internal.h"

namespace ariasuite {
namespace internal {
namespace {

struct Zmm {
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
  static ARIASUITE_SIMD_INLINE V Zero() { return _mm512_setzero_si512(); }
  static ARIASUITE_SIMD_INLINE V Xor(V a, V b) { return _mm512_xor_epi32(a, b); }
  static ARIASUITE_SIMD_INLINE V Xor3(V a, V b, V c) { return _mm512_ternarylogic_epi32(a, b, c, 0x96); }
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
  static ARIASUITE_SIMD_INLINE V LaneIndex32() {
    return _mm512_set_epi32(3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0);
  }
  static ARIASUITE_SIMD_INLINE V LaneIndex64() { return _mm512_set_epi64(0, 3, 0, 2, 0, 1, 0, 0); }
  static ARIASUITE_SIMD_INLINE V Mat(uint64_t m) { return _mm512_set1_epi64(static_cast<long long>(m)); }
  template <int kC>
  static ARIASUITE_SIMD_INLINE V Affine(V x, V m) {
    return _mm512_gf2p8affine_epi64_epi8(x, m, kC);
  }
  template <int kC>
  static ARIASUITE_SIMD_INLINE V AffineInv(V x, V m) {
    return _mm512_gf2p8affineinv_epi64_epi8(x, m, kC);
  }
  template <uint16_t kP>
  static ARIASUITE_SIMD_INLINE V Blend(V a, V b) {
    return _mm512_mask_blend_epi8(static_cast<__mmask64>(0x0001000100010001ull * kP), a, b);
  }
  static ARIASUITE_SIMD_INLINE void SubstOdd(V x[16]) { GfniSboxes<Zmm>::SubstOdd(x); }
  static ARIASUITE_SIMD_INLINE void SubstEven(V x[16]) { GfniSboxes<Zmm>::SubstEven(x); }
  static ARIASUITE_SIMD_INLINE void FinishRounds(V*, int) {}
};

struct Ymm {
  using V = __m256i;
  static constexpr int kLanes = 2;
  static constexpr size_t kBlocks = 32;
  static ARIASUITE_SIMD_INLINE V Load(const uint8_t* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  }
  static ARIASUITE_SIMD_INLINE void Store(uint8_t* p, V v) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
  }
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
  static ARIASUITE_SIMD_INLINE V Zero() { return _mm256_setzero_si256(); }
  static ARIASUITE_SIMD_INLINE V Xor(V a, V b) { return _mm256_xor_si256(a, b); }
  static ARIASUITE_SIMD_INLINE V Xor3(V a, V b, V c) { return _mm256_ternarylogic_epi64(a, b, c, 0x96); }
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
  static ARIASUITE_SIMD_INLINE V LaneIndex32() { return _mm256_set_epi32(1, 0, 0, 0, 0, 0, 0, 0); }
  static ARIASUITE_SIMD_INLINE V LaneIndex64() { return _mm256_set_epi64x(0, 1, 0, 0); }
  static ARIASUITE_SIMD_INLINE V Mat(uint64_t m) { return _mm256_set1_epi64x(static_cast<long long>(m)); }
  template <int kC>
  static ARIASUITE_SIMD_INLINE V Affine(V x, V m) {
    return _mm256_gf2p8affine_epi64_epi8(x, m, kC);
  }
  template <int kC>
  static ARIASUITE_SIMD_INLINE V AffineInv(V x, V m) {
    return _mm256_gf2p8affineinv_epi64_epi8(x, m, kC);
  }
  template <uint16_t kP>
  static ARIASUITE_SIMD_INLINE V Blend(V a, V b) {
    return _mm256_mask_blend_epi8(static_cast<__mmask32>(0x00010001u * kP), a, b);
  }
  static ARIASUITE_SIMD_INLINE void SubstOdd(V x[16]) { GfniSboxes<Ymm>::SubstOdd(x); }
  static ARIASUITE_SIMD_INLINE void SubstEven(V x[16]) { GfniSboxes<Ymm>::SubstEven(x); }
  static ARIASUITE_SIMD_INLINE void FinishRounds(V*, int) {}
};

struct Xmm {
  using V = __m128i;
  static constexpr int kLanes = 1;
  static constexpr size_t kBlocks = 16;
  static ARIASUITE_SIMD_INLINE V Load(const uint8_t* p) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  }
  static ARIASUITE_SIMD_INLINE void Store(uint8_t* p, V v) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v); }
  static ARIASUITE_SIMD_INLINE V Zero() { return _mm_setzero_si128(); }
  static ARIASUITE_SIMD_INLINE V Xor(V a, V b) { return _mm_xor_si128(a, b); }
  static ARIASUITE_SIMD_INLINE V Xor3(V a, V b, V c) { return _mm_ternarylogic_epi64(a, b, c, 0x96); }
  static ARIASUITE_SIMD_INLINE V UnpackLo8(V a, V b) { return _mm_unpacklo_epi8(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackHi8(V a, V b) { return _mm_unpackhi_epi8(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackLo16(V a, V b) { return _mm_unpacklo_epi16(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackHi16(V a, V b) { return _mm_unpackhi_epi16(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackLo32(V a, V b) { return _mm_unpacklo_epi32(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackHi32(V a, V b) { return _mm_unpackhi_epi32(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackLo64(V a, V b) { return _mm_unpacklo_epi64(a, b); }
  static ARIASUITE_SIMD_INLINE V UnpackHi64(V a, V b) { return _mm_unpackhi_epi64(a, b); }
  static ARIASUITE_SIMD_INLINE V BroadcastKey(const uint32_t* p) { return _mm_set1_epi32(static_cast<int>(*p)); }
  static ARIASUITE_SIMD_INLINE V Bcast128(const uint8_t* p) { return Load(p); }
  static ARIASUITE_SIMD_INLINE V Add32(V a, V b) { return _mm_add_epi32(a, b); }
  static ARIASUITE_SIMD_INLINE V Add64(V a, V b) { return _mm_add_epi64(a, b); }
  static ARIASUITE_SIMD_INLINE V Shuffle8(V a, V idx) { return _mm_shuffle_epi8(a, idx); }
  static ARIASUITE_SIMD_INLINE V LaneIndex32() { return _mm_setzero_si128(); }
  static ARIASUITE_SIMD_INLINE V LaneIndex64() { return _mm_setzero_si128(); }
  static ARIASUITE_SIMD_INLINE V Mat(uint64_t m) { return _mm_set1_epi64x(static_cast<long long>(m)); }
  template <int kC>
  static ARIASUITE_SIMD_INLINE V Affine(V x, V m) {
    return _mm_gf2p8affine_epi64_epi8(x, m, kC);
  }
  template <int kC>
  static ARIASUITE_SIMD_INLINE V AffineInv(V x, V m) {
    return _mm_gf2p8affineinv_epi64_epi8(x, m, kC);
  }
  static ARIASUITE_SIMD_INLINE void SubstOdd(V x[16]) { GfniSboxes<Xmm>::SubstOdd(x); }
  static ARIASUITE_SIMD_INLINE void SubstEven(V x[16]) { GfniSboxes<Xmm>::SubstEven(x); }
  static ARIASUITE_SIMD_INLINE void FinishRounds(V*, int) {}
};

// VPCLMULQDQ on four blocks per zmm register.
struct ClmulZmm {
  using V = __m512i;
  static constexpr int kLanes = 4;
  static ARIASUITE_SIMD_INLINE V Load(const uint8_t* p) { return _mm512_loadu_si512(p); }
  static ARIASUITE_SIMD_INLINE V Zero() { return _mm512_setzero_si512(); }
  static ARIASUITE_SIMD_INLINE V Xor(V a, V b) { return _mm512_xor_epi32(a, b); }
  static ARIASUITE_SIMD_INLINE V Swap64(V a) { return _mm512_shuffle_epi32(a, _MM_PERM_BADC); }
  static ARIASUITE_SIMD_INLINE V Bswap(V a) {
    return _mm512_shuffle_epi8(a, _mm512_broadcast_i32x4(_mm_set_epi8(
                                      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
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
};

// Up to 8 blocks: one, two or four ymm, one block per lane (on Zen 4 a ymm round has less latency
// than a zmm one, and short messages are latency-bound).
using Small = SmallEngine<Ymm, 4>;
using Ops = BlockOps<Zmm, Ymm, Xmm, Small>;
using Gcm = GcmOps<Zmm, Ymm, Xmm, ClmulZmm, Small>;

void Ghash(const GhashKey& key, uint8_t xi[16], const uint8_t* in, size_t nblocks) {
  GhashImpl<ClmulZmm, 16>(key, xi, in, nblocks);
}

}  // namespace

const Backend& GfniAvx512Backend() {
  static constexpr Backend kBackend = {
      Impl::kGfniAvx512, "gfni-avx512", &Ops::CryptBlocks, &Ops::Ctr32, &Ops::Ctr128,
      &GhashInitImpl,    &Ghash,        &Gcm::Seal,        &Gcm::Open,
  };
  return kBackend;
}

}  // namespace internal
}  // namespace ariasuite
