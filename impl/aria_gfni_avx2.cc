// The gfni-avx2 path: ARIA on 32 blocks at a time in byte-sliced ymm registers (16 blocks in xmm
// for short tails), S-boxes with GF2P8AFFINEINVQB/GF2P8AFFINEQB (matrices in aria_simd_inl.h),
// GHASH with VPCLMULQDQ on ymm (32 blocks per reduction), stitched GCM; up to 8 blocks go through
// the one-block-per-lane small engine. Built with -mgfni -mavx2 -mpclmul -mvpclmulqdq; only
// dispatch (after CPUID/XGETBV) may call into it.
#include <immintrin.h>

#include <array>

#include "impl/ghash_simd_inl.h"
#include "impl/internal.h"

namespace ariasuite {
namespace internal {
namespace {

// The byte mask of Blend<kP>: 0xff where bit i of kP is set.
template <uint16_t kP>
alignas(16) constexpr std::array<uint8_t, 16> kBlendMask = [] {
  std::array<uint8_t, 16> m{};
  for (int i = 0; i < 16; ++i) m[i] = ((kP >> i) & 1) ? 0xff : 0;
  return m;
}();

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
  static ARIASUITE_SIMD_INLINE V Zero() { return _mm256_setzero_si256(); }
  static ARIASUITE_SIMD_INLINE V Xor(V a, V b) { return _mm256_xor_si256(a, b); }
  static ARIASUITE_SIMD_INLINE V Xor3(V a, V b, V c) { return _mm256_xor_si256(_mm256_xor_si256(a, b), c); }
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
    return _mm256_blendv_epi8(a, b, Bcast128(kBlendMask<kP>.data()));
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
  static ARIASUITE_SIMD_INLINE V Xor3(V a, V b, V c) { return _mm_xor_si128(_mm_xor_si128(a, b), c); }
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

// VPCLMULQDQ on two blocks per ymm register.
struct ClmulYmm {
  using V = __m256i;
  static constexpr int kLanes = 2;
  static ARIASUITE_SIMD_INLINE V Load(const uint8_t* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  }
  static ARIASUITE_SIMD_INLINE V Zero() { return _mm256_setzero_si256(); }
  static ARIASUITE_SIMD_INLINE V Xor(V a, V b) { return _mm256_xor_si256(a, b); }
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
    return _mm256_clmulepi64_epi128(a, b, kImm);
  }
};

// Up to 8 blocks: one, two or four ymm, one block per lane.
using Small = SmallEngine<Ymm, 4>;
using Ops = BlockOps<Ymm, Ymm, Xmm, Small>;
using Gcm = GcmOps<Ymm, Ymm, Xmm, ClmulYmm, Small>;

void Ghash(const GhashKey& key, uint8_t xi[16], const uint8_t* in, size_t nblocks) {
  GhashImpl<ClmulYmm, 16>(key, xi, in, nblocks);
}

}  // namespace

const Backend& GfniAvx2Backend() {
  static constexpr Backend kBackend = {
      Impl::kGfniAvx2, "gfni-avx2", &Ops::CryptBlocks, &Ops::Ctr32, &Ops::Ctr128,
      &GhashInitImpl,  &Ghash,      &Gcm::Seal,        &Gcm::Open,
  };
  return kBackend;
}

}  // namespace internal
}  // namespace ariasuite
