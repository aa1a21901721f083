// GHASH with carry-less multiplication (PCLMULQDQ on xmm, VPCLMULQDQ on ymm/zmm) and the stitched
// GCM bulk steps, shared by the SIMD paths. Like aria_simd_inl.h it is included ONLY by the ISA
// translation units (aria_aesni_avx.cc, aria_gfni_avx2.cc, aria_gfni_avx512.cc), everything in an
// unnamed namespace; GHASH lives here rather than in separate ghash_clmul.cc/ghash_vpclmul.cc
// files so that each path can interleave it with its own ARIA rounds.
//
// Representation (SP 800-38D §6.3): a 128-bit block is byte-reversed into a little-endian
// integer, so bit 127 is the coefficient of x^0 ("reflected"). Read as a polynomial in y = x^-1,
// reflected integers multiply with plain carry-less products, and the field becomes
// GF(2)[y]/Q(y) with Q = y^128 + y^127 + y^126 + y^121 + 1. Storing H' = y·H (H shifted left one
// bit, reduced with 0xC2000000000000000000000000000001) makes clmul(a, H') equal to
// y^128·(a·H), and the 256-bit product is brought back by a Montgomery reduction by y^128 that
// costs two 64x64 carry-less multiplies by 0xC200000000000000 (GhReduce).
//
// Aggregated reduction: a chunk of C <= 16 blocks X_1..X_C is folded as
// (xi ^ X_1)·H^C ^ X_2·H^(C-1) ^ ... ^ X_C·H with one reduction, Karatsuba for each product.
// GhashKey layout (ours, all SIMD paths): bytes [0,256) hold (H^16)', (H^15)', ..., (H^1)' so
// that C consecutive blocks meet C consecutive powers; bytes [256,512) hold, for the same powers,
// hi64 ^ lo64 in both halves (the Karatsuba middle operand).
#ifndef ARIASUITE_IMPL_GHASH_SIMD_INL_H_
#define ARIASUITE_IMPL_GHASH_SIMD_INL_H_

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "impl/aria_simd_inl.h"
#include "impl/internal.h"

namespace ariasuite {
namespace internal {
namespace {

inline constexpr size_t kGhPowOffset = 0;
inline constexpr size_t kGhKaraOffset = 256;

ARIASUITE_SIMD_INLINE __m128i GhBswap(__m128i a) {
  return _mm_shuffle_epi8(a, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

// Montgomery reduction of the 256-bit product [hi:lo] by y^128 modulo Q (see above).
ARIASUITE_SIMD_INLINE __m128i GhReduce(__m128i hi, __m128i lo) {
  const __m128i c = _mm_set_epi64x(0, static_cast<long long>(0xC200000000000000ull));
  __m128i t = _mm_clmulepi64_si128(lo, c, 0x00);
  lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), t);
  t = _mm_clmulepi64_si128(lo, c, 0x00);
  lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), t);
  return _mm_xor_si128(hi, lo);
}

// Karatsuba recombination of lo = a0·b0, hi = a1·b1, mid = (a0^a1)·(b0^b1), then reduction.
ARIASUITE_SIMD_INLINE __m128i GhCombine(__m128i lo, __m128i hi, __m128i mid) {
  mid = _mm_xor_si128(mid, _mm_xor_si128(lo, hi));
  lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
  hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
  return GhReduce(hi, lo);
}

// a·b for a reflected and b in H' form; the result is reflected.
inline __m128i GhMul(__m128i a, __m128i b) {
  const __m128i lo = _mm_clmulepi64_si128(a, b, 0x00);
  const __m128i hi = _mm_clmulepi64_si128(a, b, 0x11);
  const __m128i mid = _mm_clmulepi64_si128(_mm_xor_si128(a, _mm_shuffle_epi32(a, 0x4e)),
                                           _mm_xor_si128(b, _mm_shuffle_epi32(b, 0x4e)), 0x00);
  return GhCombine(lo, hi, mid);
}

// y·a mod Q: shift left one bit, fold the carry with the reflected polynomial. Branch-free
// (H is secret).
inline __m128i GhTimesY(__m128i a) {
  uint64_t w[2];
  _mm_storeu_si128(reinterpret_cast<__m128i*>(w), a);
  const uint64_t mask = 0 - (w[1] >> 63);
  const uint64_t hi = (w[1] << 1) | (w[0] >> 63);
  const uint64_t lo = w[0] << 1;
  return _mm_set_epi64x(static_cast<long long>(hi ^ (mask & 0xC200000000000000ull)),
                        static_cast<long long>(lo ^ (mask & 1)));
}

inline void GhashInitImpl(GhashKey* out, const uint8_t h[16]) {
  std::memset(out->bytes, 0, sizeof(out->bytes));
  const __m128i h1 = GhBswap(_mm_loadu_si128(reinterpret_cast<const __m128i*>(h)));
  const __m128i h1p = GhTimesY(h1);
  __m128i pow = h1;  // H^k, reflected
  for (int k = 1; k <= 16; ++k) {
    if (k > 1) pow = GhMul(pow, h1p);
    const __m128i p = GhTimesY(pow);
    const __m128i kara = _mm_xor_si128(p, _mm_shuffle_epi32(p, 0x4e));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out->bytes + kGhPowOffset + 16 * (16 - k)), p);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out->bytes + kGhKaraOffset + 16 * (16 - k)),
                     kara);
  }
}

// One chunk of R registers of G::kLanes blocks each (C = R·L <= 16 blocks), one reduction.
template <class G, int R>
ARIASUITE_SIMD_INLINE __m128i GhashChunk(__m128i xi, const uint8_t* in, const GhashKey& key) {
  using V = typename G::V;
  constexpr int kL = G::kLanes;
  constexpr int kC = R * kL;
  static_assert(kC <= 16, "at most 16 powers of H are stored");
  const uint8_t* hp = key.bytes + kGhPowOffset + 16 * (16 - kC);
  const uint8_t* hk = key.bytes + kGhKaraOffset + 16 * (16 - kC);
  V lo = G::Zero(), hi = G::Zero(), mid = G::Zero();
#pragma GCC unroll 16
  for (int i = 0; i < R; ++i) {
    V d = G::Bswap(G::Load(in + 16 * kL * i));
    if (i == 0) d = G::Xor(d, G::FromXmm(xi));
    const V h = G::Load(hp + 16 * kL * i);
    const V k = G::Load(hk + 16 * kL * i);
    lo = G::Xor(lo, G::template Clmul<0x00>(d, h));
    hi = G::Xor(hi, G::template Clmul<0x11>(d, h));
    mid = G::Xor(mid, G::template Clmul<0x00>(G::Xor(d, G::Swap64(d)), k));
  }
  return GhCombine(G::Fold(lo), G::Fold(hi), G::Fold(mid));
}

// 1..16 blocks with xmm PCLMULQDQ, one reduction.
inline __m128i GhashTail(__m128i xi, const uint8_t* in, size_t n, const GhashKey& key) {
  const uint8_t* hp = key.bytes + kGhPowOffset + 16 * (16 - n);
  const uint8_t* hk = key.bytes + kGhKaraOffset + 16 * (16 - n);
  __m128i lo = _mm_setzero_si128(), hi = _mm_setzero_si128(), mid = _mm_setzero_si128();
  for (size_t i = 0; i < n; ++i) {
    __m128i d = GhBswap(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 16 * i)));
    if (i == 0) d = _mm_xor_si128(d, xi);
    const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(hp + 16 * i));
    const __m128i k = _mm_loadu_si128(reinterpret_cast<const __m128i*>(hk + 16 * i));
    lo = _mm_xor_si128(lo, _mm_clmulepi64_si128(d, h, 0x00));
    hi = _mm_xor_si128(hi, _mm_clmulepi64_si128(d, h, 0x11));
    mid = _mm_xor_si128(
        mid, _mm_clmulepi64_si128(_mm_xor_si128(d, _mm_shuffle_epi32(d, 0x4e)), k, 0x00));
  }
  return GhCombine(lo, hi, mid);
}

template <class G, int R>
inline __m128i GhashBlocks(__m128i xi, const uint8_t* in, size_t n, const GhashKey& key) {
  constexpr size_t kC = R * G::kLanes;
  while (n >= kC) {
    xi = GhashChunk<G, R>(xi, in, key);
    in += 16 * kC;
    n -= kC;
  }
  if (n != 0) xi = GhashTail(xi, in, n, key);
  return xi;
}

template <class G, int R>
inline void GhashImpl(const GhashKey& key, uint8_t xi[16], const uint8_t* in, size_t nblocks) {
  if (nblocks == 0) return;
  __m128i x = GhBswap(_mm_loadu_si128(reinterpret_cast<const __m128i*>(xi)));
  x = GhashBlocks<G, R>(x, in, nblocks, key);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(xi), GhBswap(x));
}

// Runs GHASH chunks between ARIA rounds: one chunk after every odd-numbered hook call.
template <class G, int R>
struct GhashHook {
  __m128i xi;
  const uint8_t* p = nullptr;
  int chunks = 0;
  const GhashKey* key;
  ARIASUITE_SIMD_INLINE void operator()(int r) {
    if ((r & 1) != 0 && chunks > 0) {
      xi = GhashChunk<G, R>(xi, p, *key);
      p += 16 * R * G::kLanes;
      --chunks;
    }
  }
  inline void Drain() {
    while (chunks > 0) operator()(1);
  }
};

// Stitched GCM bulk (SP 800-38D §7.1 steps 5-6 over full blocks): seal encrypts batch b while
// hashing the ciphertext of batch b-1; open hashes batch b while decrypting it (the hash of a
// batch completes before its output is stored, so in-place works). Remainders that do not fill a
// Wide batch go through the narrower engines, then the plain GHASH.
template <class Wide, class Mid, class Narrow, class G, int R, class Small = NoSmall>
struct GcmOps {
  static_assert(Wide::kBlocks % (R * G::kLanes) == 0, "batch must be whole GHASH chunks");
  static constexpr int kChunks = Wide::kBlocks / (R * G::kLanes);

  static void Seal(const AriaKey& key, const GhashKey& hkey, uint8_t xi[16], uint8_t ctr[16],
                   uint8_t* out, const uint8_t* in, size_t nblocks) {
    if (nblocks == 0) return;
    if (nblocks <= Small::kBlocks) {
      Small::Ctr32(key, out, in, nblocks, ctr);
      Ctr32Advance(ctr, nblocks);
      GhashImpl<G, R>(hkey, xi, out, nblocks);
      return;
    }
    RoundKeys32 rk;
    ExpandRoundKeys(&rk, key);
    Ctr32Job job{&rk, out, in, {}, 0};
    Ctr32Setup(&job, ctr);
    GhashHook<G, R> hook;
    hook.key = &hkey;
    hook.xi = GhBswap(_mm_loadu_si128(reinterpret_cast<const __m128i*>(xi)));
    const size_t full = nblocks / Wide::kBlocks;
    for (size_t b = 0; b < full; ++b) {
      typename Wide::V x[16];
      Ctr32Regs<Wide>(x, job.prefix, job.c + static_cast<uint32_t>(b * Wide::kBlocks));
      if (b > 0) {
        hook.p = out + 16 * (b - 1) * Wide::kBlocks;
        hook.chunks = kChunks;
      }
      CryptRegs<Wide>(x, rk, hook);
      hook.Drain();
      XorBatch<Wide>(x, in + 16 * b * Wide::kBlocks, Wide::kBlocks);
      StoreBatch<Wide>(out + 16 * b * Wide::kBlocks, x, Wide::kBlocks);
    }
    __m128i x = hook.xi;
    if (full > 0) x = GhashBlocks<G, R>(x, out + 16 * (full - 1) * Wide::kBlocks,
                                        Wide::kBlocks, hkey);
    const size_t done = full * Wide::kBlocks;
    if (done < nblocks) {
      Ctr32Job tail{&rk, out + 16 * done, in + 16 * done, {}, 0};
      std::memcpy(tail.prefix, job.prefix, 12);
      tail.c = job.c + static_cast<uint32_t>(done);
      RunBatches<Wide, Mid, Narrow>(tail, nblocks - done);
      x = GhashBlocks<G, R>(x, out + 16 * done, nblocks - done, hkey);
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(xi), GhBswap(x));
    Ctr32Advance(ctr, nblocks);
  }

  static void Open(const AriaKey& key, const GhashKey& hkey, uint8_t xi[16], uint8_t ctr[16],
                   uint8_t* out, const uint8_t* in, size_t nblocks) {
    if (nblocks == 0) return;
    if (nblocks <= Small::kBlocks) {
      GhashImpl<G, R>(hkey, xi, in, nblocks);
      Small::Ctr32(key, out, in, nblocks, ctr);
      Ctr32Advance(ctr, nblocks);
      return;
    }
    RoundKeys32 rk;
    ExpandRoundKeys(&rk, key);
    Ctr32Job job{&rk, out, in, {}, 0};
    Ctr32Setup(&job, ctr);
    GhashHook<G, R> hook;
    hook.key = &hkey;
    hook.xi = GhBswap(_mm_loadu_si128(reinterpret_cast<const __m128i*>(xi)));
    const size_t full = nblocks / Wide::kBlocks;
    for (size_t b = 0; b < full; ++b) {
      typename Wide::V x[16];
      Ctr32Regs<Wide>(x, job.prefix, job.c + static_cast<uint32_t>(b * Wide::kBlocks));
      hook.p = in + 16 * b * Wide::kBlocks;
      hook.chunks = kChunks;
      CryptRegs<Wide>(x, rk, hook);
      hook.Drain();
      XorBatch<Wide>(x, in + 16 * b * Wide::kBlocks, Wide::kBlocks);
      StoreBatch<Wide>(out + 16 * b * Wide::kBlocks, x, Wide::kBlocks);
    }
    __m128i x = hook.xi;
    const size_t done = full * Wide::kBlocks;
    if (done < nblocks) {
      x = GhashBlocks<G, R>(x, in + 16 * done, nblocks - done, hkey);
      Ctr32Job tail{&rk, out + 16 * done, in + 16 * done, {}, 0};
      std::memcpy(tail.prefix, job.prefix, 12);
      tail.c = job.c + static_cast<uint32_t>(done);
      RunBatches<Wide, Mid, Narrow>(tail, nblocks - done);
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(xi), GhBswap(x));
    Ctr32Advance(ctr, nblocks);
  }
};

}  // namespace
}  // namespace internal
}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_GHASH_SIMD_INL_H_
