// GHASH with carry-less multiplication (PCLMULQDQ on xmm, VPCLMULQDQ on ymm/zmm, the width's Clmul)
// and the stitched GCM bulk steps, shared by the SIMD paths, and SimdPath, the one template a path
// file instantiates. Like aria_simd_inl.h it is included ONLY by the ISA
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
// G is a register width with the GHASH operations (Swap64, Bswap, FromXmm, Fold, Clmul; see
// simd_x86_128-inl.h); the partial registers of the wider paths use Vec128.
// Aggregated reduction: a chunk of C <= 64 blocks X_1..X_C (one Wide batch of the stitched GCM)
// is folded as (xi ^ X_1)·H^C ^ X_2·H^(C-1) ^ ... ^ X_C·H with a single reduction: Karatsuba for
// each product (3 carry-less multiplies; the multiplier is the bottleneck on current cores), the
// three partial sums kept in wide registers across the chunk and folded and reduced once.
// GhashKey layout (ours, all SIMD paths): bytes [0,1024) hold (H^64)', (H^63)', ..., (H^1)' so
// that C consecutive blocks meet C consecutive powers from offset 16·(64 - C); bytes [1024,2048)
// hold, for the same powers, hi64 ^ lo64 in both halves (the Karatsuba middle operand).
#ifndef ARIASUITE_IMPL_GHASH_SIMD_INL_H_
#define ARIASUITE_IMPL_GHASH_SIMD_INL_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "impl/aria_simd_inl.h"
#include "impl/internal.h"
#include "impl/simd_x86_128-inl.h"

namespace ariasuite {
namespace internal {
namespace {

inline constexpr size_t kGhMaxPowers = 64;
inline constexpr size_t kGhKaraOffset = 16 * kGhMaxPowers;
static_assert(sizeof(GhashKey::bytes) >= 2 * kGhKaraOffset, "GhashKey too small");

// (H^c)', (H^(c-1))', ..., (H^1)' for c <= kGhMaxPowers; their Karatsuba operands (hi ^ lo in
// both halves) sit kGhKaraOffset bytes further.
ARIASUITE_SIMD_INLINE const uint8_t* GhPowers(const GhashKey& key, size_t c) {
  return key.bytes + 16 * (kGhMaxPowers - c);
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
  const __m128i h1 = Vec128::Bswap(_mm_loadu_si128(reinterpret_cast<const __m128i*>(h)));
  const __m128i h1p = GhTimesY(h1);
  __m128i pow = h1;  // H^k, reflected
  for (size_t k = 1; k <= kGhMaxPowers; ++k) {
    if (k > 1) pow = GhMul(pow, h1p);
    const __m128i p = GhTimesY(pow);
    uint8_t* dst = out->bytes + 16 * (kGhMaxPowers - k);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), p);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + kGhKaraOffset),
                     _mm_xor_si128(p, _mm_shuffle_epi32(p, 0x4e)));
  }
}

// The three partial sums of a chunk, L blocks per register.
template <class G>
struct GhAcc {
  using V = typename G::V;
  V lo = G::Zero(), hi = G::Zero(), mid = G::Zero();
  // Adds d·h (d reflected, h a register of H' powers, k their Karatsuba operands).
  ARIASUITE_SIMD_INLINE void Absorb(V d, V h, const uint8_t* k) {
    lo = G::Xor(lo, G::template Clmul<0x00>(d, h));
    hi = G::Xor(hi, G::template Clmul<0x11>(d, h));
    mid = G::Xor(mid, G::template Clmul<0x00>(G::Xor(d, G::Swap64(d)), G::Load(k)));
  }
  // Block i of the chunk (i < R·L), loaded from in, with powers from hp; xi joins block 0.
  ARIASUITE_SIMD_INLINE void AbsorbReg(const uint8_t* in, const uint8_t* hp, int i, bool first,
                                       __m128i xi) {
    V d = G::Bswap(G::Load(in + 16 * G::kLanes * i));
    if (first) d = G::Xor(d, G::FromXmm(xi));
    const uint8_t* h = hp + 16 * G::kLanes * i;
    Absorb(d, G::Load(h), h + kGhKaraOffset);
  }
  ARIASUITE_SIMD_INLINE __m128i Finish() const {
    return GhCombine(G::Fold(lo), G::Fold(hi), G::Fold(mid));
  }
};

// One chunk of R registers of G::kLanes blocks each (C = R·L <= 64 blocks), one reduction.
template <class G, int R>
ARIASUITE_SIMD_INLINE __m128i GhashChunk(__m128i xi, const uint8_t* in, const GhashKey& key) {
  constexpr int kC = R * G::kLanes;
  static_assert(kC <= static_cast<int>(kGhMaxPowers), "at most 64 powers of H are stored");
  const uint8_t* hp = GhPowers(key, kC);
  GhAcc<G> acc;
#pragma GCC unroll 16
  for (int i = 0; i < R; ++i) acc.AbsorbReg(in, hp, i, i == 0, xi);
  return acc.Finish();
}

// 1..64 blocks, one reduction: whole G registers, then single blocks.
template <class G>
inline __m128i GhashTail(__m128i xi, const uint8_t* in, size_t n, const GhashKey& key) {
  const uint8_t* hp = GhPowers(key, n);
  const size_t regs = n / G::kLanes;
  GhAcc<G> wide;
  for (size_t i = 0; i < regs; ++i) wide.AbsorbReg(in, hp, static_cast<int>(i), i == 0, xi);
  GhAcc<Vec128> acc;
  acc.lo = G::Fold(wide.lo);
  acc.hi = G::Fold(wide.hi);
  acc.mid = G::Fold(wide.mid);
  for (size_t j = regs * G::kLanes; j < n; ++j) {
    acc.AbsorbReg(in, hp, static_cast<int>(j), j == 0, xi);
  }
  return acc.Finish();
}

// Any number of blocks: chunks of R registers, then the tail.
template <class G, int R>
inline __m128i GhashBlocks(__m128i xi, const uint8_t* in, size_t n, const GhashKey& key) {
  constexpr size_t kC = R * G::kLanes;
  while (n >= kC) {
    xi = GhashChunk<G, R>(xi, in, key);
    in += 16 * kC;
    n -= kC;
  }
  if (n != 0) xi = GhashTail<G>(xi, in, n, key);
  return xi;
}

template <class G, int R>
inline void GhashImpl(const GhashKey& key, uint8_t xi[16], const uint8_t* in, size_t nblocks) {
  if (nblocks == 0) return;
  __m128i x = Vec128::Bswap(_mm_loadu_si128(reinterpret_cast<const __m128i*>(xi)));
  x = GhashBlocks<G, R>(x, in, nblocks, key);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(xi), Vec128::Bswap(x));
}

// Hashes one batch of 16 registers (16·L blocks, one reduction) between ARIA rounds: R of its
// registers after every odd-numbered hook call, the reduction after the last of them.
template <class G, int R>
struct GhashHook {
  static constexpr int kSteps = 16 / R;
  __m128i xi;
  const GhashKey* key;
  const uint8_t* p = nullptr;
  const uint8_t* hp = nullptr;
  int steps = 0;
  GhAcc<G> acc;
  // The batch at data (16·L blocks) is to be hashed.
  ARIASUITE_SIMD_INLINE void Begin(const uint8_t* data) {
    p = data;
    hp = GhPowers(*key, 16 * G::kLanes);
    steps = kSteps;
    acc = GhAcc<G>();
  }
  ARIASUITE_SIMD_INLINE void Step() {
    const bool first = steps == kSteps;
#pragma GCC unroll 16
    for (int i = 0; i < R; ++i) acc.AbsorbReg(p, hp, i, first && i == 0, xi);
    p += 16 * G::kLanes * R;
    hp += 16 * G::kLanes * R;
    if (--steps == 0) xi = acc.Finish();
  }
  ARIASUITE_SIMD_INLINE void operator()(int r) {
    if ((r & 1) != 0 && steps > 0) Step();
  }
  ARIASUITE_SIMD_INLINE void Drain() {
    while (steps > 0) Step();
  }
};

// A GHASH hook that also advances one block (E_K(J0), the tag's mask) through the small engine, a
// round per ARIA round of the batch: the block's latency-bound rounds run in the batch's shadow.
template <class G, int R, class Small>
struct GhashMaskHook {
  GhashHook<G, R>* ghash;
  const AriaKey* key;
  typename Small::V block;
  ARIASUITE_SIMD_INLINE void operator()(int r) {
    (*ghash)(r);
    Small::RoundAt(&block, *key, r);
  }
};

// Stitched GCM bulk (SP 800-38D §7.1 steps 5-6 over full blocks): seal encrypts batch b while
// hashing the ciphertext of batch b-1; open hashes batch b while decrypting it (the hash of a
// batch completes before its output is stored, so in-place works). Each Wide batch is one GHASH
// chunk (16 registers of Wide, one reduction). Remainders that do not fill a Wide batch go through
// the narrower engines, then the plain GHASH.
template <template <class> class Sbox, class Wide, class Mid, class Narrow, class Small>
struct GcmOps {
  static constexpr int kHookRegs = 4;  // GHASH registers per odd ARIA round

  // kSeal: the output is hashed after it is written; open: the input, before.
  template <bool kSeal>
  static void Bulk(const AriaKey& key, const GhashKey& hkey, uint8_t xi[16], uint8_t ctr[16],
                   uint8_t* out, const uint8_t* in, size_t nblocks, uint8_t* tag_mask) {
    if (nblocks < Wide::kBlocks && tag_mask != nullptr) Small::Ecb(key, tag_mask, tag_mask, 1);
    if (nblocks == 0) return;
    if (nblocks <= Small::kBlocks) {
      if (!kSeal) GhashImpl<Wide, 16>(hkey, xi, in, nblocks);
      Small::Ctr32(key, out, in, nblocks, ctr);
      Ctr32Advance(ctr, nblocks);
      if (kSeal) GhashImpl<Wide, 16>(hkey, xi, out, nblocks);
      return;
    }
    const AriaSpreadKey& rk = key.spread;
    Ctr32Job<Sbox> job{&rk, out, in, {}, 0};
    Ctr32Setup(&job, ctr);
    GhashHook<Wide, kHookRegs> hook;
    hook.key = &hkey;
    hook.xi = Vec128::Bswap(Vec128::Load(xi));
    const size_t full = nblocks / Wide::kBlocks;
    for (size_t b = 0; b < full; ++b) {
      const size_t first = b * Wide::kBlocks;
      typename Wide::V x[16];
      Ctr32SlicedRegs<Wide>(x, job.prefix, job.c + static_cast<uint32_t>(first));
      if (!kSeal) {
        hook.Begin(in + 16 * first);
      } else if (b > 0) {
        hook.Begin(out + 16 * (first - Wide::kBlocks));
      }
      if (b == 0 && tag_mask != nullptr) {  // E_K(J0) alongside the first batch
        GhashMaskHook<Wide, kHookRegs, Small> both{&hook, &key, Small::Load1(tag_mask, key)};
        CryptSliced<Wide, Sbox<Wide>>(x, rk, both);
        Small::Last(both.block, key, tag_mask);
      } else {
        CryptSliced<Wide, Sbox<Wide>>(x, rk, hook);
      }
      hook.Drain();
      XorBatch<Wide>(x, in + 16 * first, Wide::kBlocks);
      StoreBatch<Wide>(out + 16 * first, x, Wide::kBlocks);
    }
    __m128i x = hook.xi;
    const size_t done = full * Wide::kBlocks;
    if (kSeal && full > 0) x = GhashChunk<Wide, 16>(x, out + 16 * (done - Wide::kBlocks), hkey);
    if (done < nblocks) {
      if (!kSeal) x = GhashTail<Wide>(x, in + 16 * done, nblocks - done, hkey);
      Ctr32Job<Sbox> tail{&rk, out + 16 * done, in + 16 * done, {}, 0};
      std::memcpy(tail.prefix, job.prefix, 12);
      tail.c = job.c + static_cast<uint32_t>(done);
      RunBatches<Wide, Mid, Narrow>(tail, nblocks - done);
      if (kSeal) x = GhashTail<Wide>(x, out + 16 * done, nblocks - done, hkey);
    }
    Vec128::Store(xi, Vec128::Bswap(x));
    Ctr32Advance(ctr, nblocks);
  }
};

// A SIMD path: its S-box policy (sbox_gfni-inl.h / sbox_aesni-inl.h), the widths of its
// byte-sliced batches (Wide for full batches and GHASH, Mid and Narrow for the remainders; a path
// with fewer widths repeats one) and its small engine. Table() is the path's dispatch entry.
template <template <class> class Sbox, class Wide, class Mid, class Narrow, class Small>
struct SimdPath {
  using Ops = BlockOps<Sbox, Wide, Mid, Narrow, Small>;
  using Gcm = GcmOps<Sbox, Wide, Mid, Narrow, Small>;
  static void Ghash(const GhashKey& key, uint8_t xi[16], const uint8_t* in, size_t nblocks) {
    GhashImpl<Wide, 16>(key, xi, in, nblocks);
  }
  static constexpr Backend Table(Impl impl, const char* name) {
    return {impl,
            name,
            &Ops::CryptBlocks,
            &Ops::Ctr32,
            &Ops::Ctr128,
            &GhashInitImpl,
            &Ghash,
            &Gcm::template Bulk<true>,
            &Gcm::template Bulk<false>};
  }
};

}  // namespace
}  // namespace internal
}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_GHASH_SIMD_INL_H_
