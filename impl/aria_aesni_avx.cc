// The aesni-avx path: ARIA on 16 blocks at a time in byte-sliced xmm registers with the S-boxes
// taken from AES-NI, GHASH with PCLMULQDQ (8 blocks per reduction), stitched GCM. Built with
// -maes -mavx -mpclmul; only dispatch (after CPUID/XGETBV) may call into it.
//
// S-boxes from AES-NI (RFC 5794 §2.4.2 and the ARIA spec: S1 is AES's S-box, S2(x) = B'·x^-1 ^
// 0xE2, see aria_simd_inl.h): with a zero round key AESENCLAST is ShiftRows + SubBytes and
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
#include <immintrin.h>

#include "impl/ghash_simd_inl.h"
#include "impl/internal.h"

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
alignas(16) constexpr uint8_t kShiftRows2[16] = {0, 9, 2, 11, 4, 13, 6, 15,
                                                 8, 1, 10, 3, 12, 5, 14, 7};

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
  static ARIASUITE_SIMD_INLINE V BroadcastKey(const uint32_t* p) {
    return _mm_castps_si128(_mm_broadcast_ss(reinterpret_cast<const float*>(p)));
  }
  static ARIASUITE_SIMD_INLINE V Bcast128(const uint8_t* p) { return Load(p); }
  static ARIASUITE_SIMD_INLINE V Add32(V a, V b) { return _mm_add_epi32(a, b); }
  static ARIASUITE_SIMD_INLINE V Add64(V a, V b) { return _mm_add_epi64(a, b); }
  static ARIASUITE_SIMD_INLINE V Shuffle8(V a, V idx) { return _mm_shuffle_epi8(a, idx); }
  static ARIASUITE_SIMD_INLINE V LaneIndex32() { return _mm_setzero_si128(); }
  static ARIASUITE_SIMD_INLINE V LaneIndex64() { return _mm_setzero_si128(); }

  // M·x ^ c by nibble lookups.
  static ARIASUITE_SIMD_INLINE V Affine(V x, const uint8_t* lo, const uint8_t* hi) {
    const V mask = _mm_set1_epi8(0x0f);
    const V l = _mm_shuffle_epi8(Load(lo), _mm_and_si128(x, mask));
    const V h = _mm_shuffle_epi8(Load(hi), _mm_and_si128(_mm_srli_epi16(x, 4), mask));
    return _mm_xor_si128(l, h);
  }
  static ARIASUITE_SIMD_INLINE V Sb1(V x) { return _mm_aesenclast_si128(x, _mm_setzero_si128()); }
  static ARIASUITE_SIMD_INLINE V Sb2(V x) {
    return Affine(_mm_aesenclast_si128(x, _mm_setzero_si128()), kPostS2Lo, kPostS2Hi);
  }
  static ARIASUITE_SIMD_INLINE V Sb3(V x) {
    return _mm_shuffle_epi8(_mm_aesdeclast_si128(x, _mm_setzero_si128()), Load(kShiftRows2));
  }
  static ARIASUITE_SIMD_INLINE V Sb4(V x) {
    return _mm_shuffle_epi8(
        _mm_aesdeclast_si128(Affine(x, kPreS4Lo, kPreS4Hi), _mm_setzero_si128()),
        Load(kShiftRows2));
  }
  static ARIASUITE_SIMD_INLINE void SubstOdd(V x[16]) {
#pragma GCC unroll 4
    for (int j = 0; j < 16; j += 4) {
      x[j] = Sb1(x[j]);
      x[j + 1] = Sb2(x[j + 1]);
      x[j + 2] = Sb3(x[j + 2]);
      x[j + 3] = Sb4(x[j + 3]);
    }
  }
  static ARIASUITE_SIMD_INLINE void SubstEven(V x[16]) {
#pragma GCC unroll 4
    for (int j = 0; j < 16; j += 4) {
      x[j] = Sb3(x[j]);
      x[j + 1] = Sb4(x[j + 1]);
      x[j + 2] = Sb1(x[j + 2]);
      x[j + 3] = Sb2(x[j + 3]);
    }
  }
  static ARIASUITE_SIMD_INLINE void FinishRounds(V x[16], int rounds) {
    if (rounds % 4 == 2) {
      const V idx = Load(kShiftRows2);
#pragma GCC unroll 16
      for (int j = 0; j < 16; ++j) x[j] = _mm_shuffle_epi8(x[j], idx);
    }
  }
};

// PCLMULQDQ on one block per register.
struct ClmulXmm {
  using V = __m128i;
  static constexpr int kLanes = 1;
  static ARIASUITE_SIMD_INLINE V Load(const uint8_t* p) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  }
  static ARIASUITE_SIMD_INLINE V Zero() { return _mm_setzero_si128(); }
  static ARIASUITE_SIMD_INLINE V Xor(V a, V b) { return _mm_xor_si128(a, b); }
  static ARIASUITE_SIMD_INLINE V Bswap(V a) { return GhBswap(a); }
  static ARIASUITE_SIMD_INLINE V Swap64(V a) { return _mm_shuffle_epi32(a, 0x4e); }
  static ARIASUITE_SIMD_INLINE V FromXmm(__m128i a) { return a; }
  static ARIASUITE_SIMD_INLINE __m128i Fold(V a) { return a; }
  template <int kImm>
  static ARIASUITE_SIMD_INLINE V Clmul(V a, V b) {
    return _mm_clmulepi64_si128(a, b, kImm);
  }
};

using Ops = BlockOps<Xmm, Xmm, Xmm>;
using Gcm = GcmOps<Xmm, Xmm, Xmm, ClmulXmm, 8>;

void Ghash(const GhashKey& key, uint8_t xi[16], const uint8_t* in, size_t nblocks) {
  GhashImpl<ClmulXmm, 8>(key, xi, in, nblocks);
}

}  // namespace

const Backend& AesniAvxBackend() {
  static constexpr Backend kBackend = {
      Impl::kAesniAvx, "aesni-avx", &Ops::CryptBlocks, &Ops::Ctr32, &Ops::Ctr128,
      &GhashInitImpl,  &Ghash,      &Gcm::Seal,        &Gcm::Open,
  };
  return kBackend;
}

}  // namespace internal
}  // namespace ariasuite
