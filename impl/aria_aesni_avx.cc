// The aesni-avx path: ARIA on 16 blocks at a time in byte-sliced xmm registers with the S-boxes
// taken from AES-NI, GHASH with PCLMULQDQ (16 blocks per reduction), stitched GCM; up to 6 blocks
// go through a one-block-per-register engine (below). Built with -maes -mavx -mpclmul; only
// dispatch (after CPUID/XGETBV) may call into it.
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

#include <array>

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

// ---- Small engine: one block per register (RFC 5794 §2.4 on whole blocks), for short inputs ----
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
alignas(16) constexpr uint8_t kRows13[16] = {0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff,
                                             0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff};

struct AesniSmallSbox {
  using V = __m128i;
  static ARIASUITE_SIMD_INLINE V Sl(V x, bool odd) {
    const V zero = _mm_setzero_si128();
    const V e = _mm_aesenclast_si128(x, zero);
    const V e2 = Xmm::Affine(e, kPostS2Lo, kPostS2Hi);
    const V d = _mm_aesdeclast_si128(x, zero);
    const V d2 = _mm_aesdeclast_si128(Xmm::Affine(x, kPreS4Lo, kPreS4Hi), zero);
    const V rows13 = Xmm::Load(kRows13);
    const V u = _mm_blendv_epi8(e, e2, rows13);  // S1 / S2 of the rows
    const V v = _mm_blendv_epi8(d, d2, rows13);  // S1^-1 / S2^-1 of the rows
    const V fwd = Xmm::Load(odd ? kPickFwd1.data() : kPickFwd2.data());
    const V inv = Xmm::Load(odd ? kPickInv1.data() : kPickInv2.data());
    return _mm_or_si128(_mm_shuffle_epi8(u, fwd), _mm_shuffle_epi8(v, inv));
  }
};

// Xmm with the small engine's extras: the first n <= 1 blocks of a register.
struct SmallXmm : Xmm {
  static ARIASUITE_SIMD_INLINE V LoadN(const uint8_t* p, size_t n) {
    return n != 0 ? Load(p) : Zero();  // n is public
  }
  static ARIASUITE_SIMD_INLINE void StoreN(uint8_t* p, V v, size_t n) {
    if (n != 0) Store(p, v);
  }
};

// Up to 6 blocks, one per register (past that the 16-block byte-sliced batch is as fast).
using Small = SmallEngine<SmallXmm, 6, AesniSmallSbox>;
using Ops = BlockOps<Xmm, Xmm, Xmm, Small>;
using Gcm = GcmOps<Xmm, Xmm, Xmm, GhXmm, Small>;

void Ghash(const GhashKey& key, uint8_t xi[16], const uint8_t* in, size_t nblocks) {
  GhashImpl<GhXmm, 16>(key, xi, in, nblocks);
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
