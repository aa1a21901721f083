// Byte-sliced ARIA engine shared by the SIMD paths (aria_aesni_avx.cc, aria_gfni_avx2.cc,
// aria_gfni_avx512.cc), written once over a register width and an S-box policy. Included ONLY by
// those files, each compiled with its own ISA flags: every definition sits in an unnamed namespace
// so each translation unit gets its own copy (no ODR clash between ISA flavours), and nothing else
// may include it.
//
// Layout: a batch is 16 registers of L 128-bit lanes (L = 1, 2, 4 for xmm, ymm, zmm), register i
// holding blocks L*i .. L*i+L-1 as loaded from memory. A 16x16 byte transpose inside every lane
// turns that into "register j holds byte j of the 16*L blocks", so one round of ARIA (RFC 5794
// §2.4: AddRoundKey, substitution layer SL1/SL2, diffusion layer A) is 16 key XORs with a
// broadcast byte, 16 S-box evaluations (each on 16*L bytes at once) and the XOR network of A.
//
// A width T (simd_x86_128-inl.h, _256, _512) supplies the vector type and the operations:
//   V; kLanes; kBlocks; Load/Store (unaligned, one register); LoadN/StoreN (the first n blocks);
//   Xor; Xor3; UnpackLo/Hi{8,16,32,64}; BroadcastKey(const uint32_t*) (a 32-bit word repeated);
//   Bcast128; Add32; Add64; Shuffle8; LaneIndex32/64.
// An S-box policy Sbox<T> (sbox_gfni-inl.h, sbox_aesni-inl.h) supplies the S-boxes: Sb1..Sb4 on
// every byte of a register (SB1 = S1, SB2 = S2, SB3 = S1^-1, SB4 = S2^-1), FinishRounds(x, rounds)
// (undo any lane permutation the S-box instructions left) and Sl(x, odd) (the S-layer on whole
// blocks for the small engine, possibly in a byte order of the policy's: SmallLayout). A path file
// only picks its widths and its policy.
#ifndef ARIASUITE_IMPL_ARIA_SIMD_INL_H_
#define ARIASUITE_IMPL_ARIA_SIMD_INL_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <utility>

#include "impl/aria_key.h"
#include "impl/simd_x86_128-inl.h"

namespace ariasuite {
namespace internal {
namespace {

// 16x16 byte transpose inside each 128-bit lane (an involution). Four unpack stages; stage s pairs
// the registers whose indices differ in bit s. Afterwards byte column c sits in register
// bitrev4(c), which the final renaming undoes.
template <class T>
ARIASUITE_SIMD_INLINE void Transpose(typename T::V x[16]) {
  using V = typename T::V;
  V a[16], b[16];
#pragma GCC unroll 16
  for (int i = 0; i < 16; i += 2) {
    a[i] = T::UnpackLo8(x[i], x[i + 1]);
    a[i + 1] = T::UnpackHi8(x[i], x[i + 1]);
  }
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) {
    if (i & 2) continue;
    b[i] = T::UnpackLo16(a[i], a[i + 2]);
    b[i + 2] = T::UnpackHi16(a[i], a[i + 2]);
  }
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) {
    if (i & 4) continue;
    a[i] = T::UnpackLo32(b[i], b[i + 4]);
    a[i + 4] = T::UnpackHi32(b[i], b[i + 4]);
  }
#pragma GCC unroll 16
  for (int i = 0; i < 8; ++i) {
    b[i] = T::UnpackLo64(a[i], a[i + 8]);
    b[i + 8] = T::UnpackHi64(a[i], a[i + 8]);
  }
  constexpr int kBitRev4[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
#pragma GCC unroll 16
  for (int j = 0; j < 16; ++j) x[j] = b[kBitRev4[j]];
}

template <class T>
ARIASUITE_SIMD_INLINE void AddRoundKey(typename T::V x[16], const uint32_t k[16]) {
#pragma GCC unroll 16
  for (int j = 0; j < 16; ++j) x[j] = T::Xor(x[j], T::BroadcastKey(&k[j]));
}

// Diffusion layer A (RFC 5794 §2.4.3: y0 = x3^x4^x6^x8^x9^x13^x14, ...), an involution, followed
// by the next round's AddRoundKey. The 16x7 XORs of the definition are shared by
// common-subexpression elimination (Paar's greedy algorithm, run offline and checked against the
// definition by the tests): 37 operations where T::Xor3 is one instruction (AVX-512 VPTERNLOG).
// The round key costs no operation: A is linear, so a constant c_s XORed into an intermediate s
// reaches every output that s feeds, and 16 of the network's two-input XORs (whose third input is
// free) take constants c (AriaSpreadKey, kInjectMasks in impl/inject_masks.h) chosen so that output
// j receives exactly key byte j. Without ternary logic (AVX2) Xor3 is two XORs and the count stays
// as before.
template <class T>
ARIASUITE_SIMD_INLINE void DiffuseAddKey(typename T::V x[16], const uint32_t c[16]) {
  using V = typename T::V;
  const V t16 = T::Xor3(x[6], x[8], T::BroadcastKey(&c[7]));
  const V t17 = T::Xor3(x[7], x[13], T::BroadcastKey(&c[8]));
  const V t20 = T::Xor3(x[1], x[10], T::BroadcastKey(&c[9]));
  const V t21 = T::Xor3(x[4], x[3], x[14]);
  const V t22 = T::Xor3(x[0], x[5], x[11]);
  const V t23 = T::Xor3(x[2], x[15], T::BroadcastKey(&c[10]));
  const V t24 = T::Xor3(x[9], x[12], T::BroadcastKey(&c[11]));
  const V t25 = T::Xor3(x[2], t24, T::BroadcastKey(&c[12]));
  const V t26 = T::Xor3(x[10], t17, T::BroadcastKey(&c[13]));
  const V t27 = T::Xor3(x[8], t23, T::BroadcastKey(&c[14]));
  const V t28 = T::Xor(x[9], t21);
  const V t29 = T::Xor3(x[14], t22, T::BroadcastKey(&c[15]));
  const V t30 = T::Xor(x[13], t16);
  const V t31 = T::Xor(x[15], t20);
  const V t32 = T::Xor(x[1], x[11]);
  const V t33 = T::Xor(x[3], t30);
  const V t34 = T::Xor(x[5], t27);
  const V t35 = T::Xor(x[7], t25);
  const V t36 = T::Xor(x[6], x[12]);
  const V t37 = T::Xor(x[4], t31);
  const V t38 = T::Xor(x[0], t26);
  const V t41 = T::Xor3(t28, t30, T::BroadcastKey(&c[0]));
  const V t42 = T::Xor3(t34, x[7], t24);
  const V t44 = T::Xor3(t21, t35, T::BroadcastKey(&c[1]));
  const V t49 = T::Xor3(t37, x[11], t36);
  const V t52 = T::Xor3(t33, x[5], t23);
  const V t53 = T::Xor3(x[6], t32, t35);
  const V t54 = T::Xor3(t22, t28, T::BroadcastKey(&c[2]));
  const V t55 = T::Xor3(t25, t38, T::BroadcastKey(&c[3]));
  const V t56 = T::Xor3(t29, x[1], t36);
  const V t57 = T::Xor3(t27, t29, T::BroadcastKey(&c[4]));
  const V t58 = T::Xor3(t20, x[4], t34);
  const V t59 = T::Xor3(t28, t31, T::BroadcastKey(&c[5]));
  const V t60 = T::Xor3(t16, x[3], t38);
  const V t61 = T::Xor3(t32, x[12], t33);
  const V t62 = T::Xor3(t26, t29, T::BroadcastKey(&c[6]));
  const V t63 = T::Xor3(x[0], t17, t37);
  x[0] = t41;
  x[1] = t42;
  x[2] = t49;
  x[3] = t62;
  x[4] = t57;
  x[5] = t59;
  x[6] = t55;
  x[7] = t61;
  x[8] = t63;
  x[9] = t56;
  x[10] = t52;
  x[11] = t44;
  x[12] = t53;
  x[13] = t60;
  x[14] = t54;
  x[15] = t58;
}

// The substitution layer SL1 (kOdd, odd rounds) or SL2 (RFC 5794 §2.4.2) on the byte-sliced
// registers: byte j of the block uses SB1, SB2, SB3, SB4 for j mod 4 = 0..3 in SL1, and SB3, SB4,
// SB1, SB2 in SL2.
template <class S, bool kOdd, class V>
ARIASUITE_SIMD_INLINE void Subst(V x[16]) {
  // In register order either way: with AVX2's 16 registers the order decides the spills.
#pragma GCC unroll 4
  for (int j = 0; j < 16; j += 4) {
    if constexpr (kOdd) {
      x[j] = S::Sb1(x[j]);
      x[j + 1] = S::Sb2(x[j + 1]);
      x[j + 2] = S::Sb3(x[j + 2]);
      x[j + 3] = S::Sb4(x[j + 3]);
    } else {
      x[j] = S::Sb3(x[j]);
      x[j + 1] = S::Sb4(x[j + 1]);
      x[j + 2] = S::Sb1(x[j + 2]);
      x[j + 3] = S::Sb2(x[j + 3]);
    }
  }
}

struct NoHook {
  ARIASUITE_SIMD_INLINE void operator()(int) const {}
};

// The whole cipher on one batch held in block order in x (RFC 5794 §2.4: rounds 1..n-1 are
// AddRoundKey, SL1 (odd) or SL2 (even), A; round n is AddRoundKey, SL2, AddRoundKey with
// ek_{n+1}). hook(r) runs after round r+1 so GHASH work can be interleaved (stitched GCM).
// The same on a batch already byte-sliced (x[j] = byte j of every block, see Ctr32SlicedRegs); the
// result is in block order.
// S is the S-box policy for width T (Sbox<T>).
template <class T, class S, class Hook>
ARIASUITE_SIMD_INLINE void CryptSliced(typename T::V x[16], const AriaSpreadKey& rk, Hook& hook) {
  const int n = rk.rounds;
  AddRoundKey<T>(x, rk.k[0]);
  for (int r = 0; r < n - 1; r += 2) {
    Subst<S, true>(x);
    DiffuseAddKey<T>(x, rk.k[r + 1]);
    hook(r);
    if (r + 2 < n) {
      Subst<S, false>(x);
      DiffuseAddKey<T>(x, rk.k[r + 2]);
      hook(r + 1);
    }
  }
  Subst<S, false>(x);
  AddRoundKey<T>(x, rk.k[n]);
  S::FinishRounds(x, n);
  Transpose<T>(x);
}

template <class T, class S, class Hook>
ARIASUITE_SIMD_INLINE void CryptRegs(typename T::V x[16], const AriaSpreadKey& rk, Hook& hook) {
  Transpose<T>(x);
  CryptSliced<T, S>(x, rk, hook);
}

// Register i of a batch covers bytes [i*16*L, (i+1)*16*L). A partial batch (n < 16*L blocks)
// loads and stores only its n blocks: whole registers directly, the one straddling the end through
// a small stack buffer; the registers past the end are zero.
template <class T>
ARIASUITE_SIMD_INLINE void LoadPartial(typename T::V x[16], const uint8_t* in, size_t n) {
  constexpr size_t kRegBytes = 16 * T::kLanes;
  const size_t full = n / T::kLanes;
  for (size_t i = 0; i < 16; ++i) {
    if (i < full) {
      x[i] = T::Load(in + i * kRegBytes);
    } else if (i == full && n % T::kLanes != 0) {
      alignas(64) uint8_t buf[kRegBytes] = {};
      std::memcpy(buf, in + i * kRegBytes, (n % T::kLanes) * 16);
      x[i] = T::Load(buf);
    } else {
      x[i] = T::Zero();
    }
  }
}

template <class T>
ARIASUITE_SIMD_INLINE void StorePartial(uint8_t* out, const typename T::V x[16], size_t n) {
  constexpr size_t kRegBytes = 16 * T::kLanes;
  const size_t full = n / T::kLanes;
  for (size_t i = 0; i < full; ++i) T::Store(out + i * kRegBytes, x[i]);
  if (n % T::kLanes != 0) {
    alignas(64) uint8_t buf[kRegBytes];
    T::Store(buf, x[full]);
    std::memcpy(out + full * kRegBytes, buf, (n % T::kLanes) * 16);
  }
}

template <class T>
ARIASUITE_SIMD_INLINE void LoadBatch(typename T::V x[16], const uint8_t* in, size_t n) {
  if (n == T::kBlocks) {
#pragma GCC unroll 16
    for (int i = 0; i < 16; ++i) x[i] = T::Load(in + i * 16 * T::kLanes);
  } else {
    LoadPartial<T>(x, in, n);
  }
}

template <class T>
ARIASUITE_SIMD_INLINE void StoreBatch(uint8_t* out, const typename T::V x[16], size_t n) {
  if (n == T::kBlocks) {
#pragma GCC unroll 16
    for (int i = 0; i < 16; ++i) T::Store(out + i * 16 * T::kLanes, x[i]);
  } else {
    StorePartial<T>(out, x, n);
  }
}

// x ^= in (n blocks; the rest of x is left alone since it is never stored).
template <class T>
ARIASUITE_SIMD_INLINE void XorBatch(typename T::V x[16], const uint8_t* in, size_t n) {
  if (n == T::kBlocks) {
#pragma GCC unroll 16
    for (int i = 0; i < 16; ++i) x[i] = T::Xor(x[i], T::Load(in + i * 16 * T::kLanes));
  } else {
    typename T::V y[16];
    LoadPartial<T>(y, in, n);
    for (int i = 0; i < 16; ++i) x[i] = T::Xor(x[i], y[i]);
  }
}

// Counter blocks ctr+0 .. ctr+16L-1 in block order. 32-bit variant: bytes 12..15 are a
// big-endian counter mod 2^32 (SP 800-38D §6.2 inc32); prefix = bytes 0..11.
template <class T>
ARIASUITE_SIMD_INLINE void Ctr32Regs(typename T::V x[16], const uint8_t prefix[12], uint32_t c) {
  alignas(16) uint8_t tmpl[16];
  std::memcpy(tmpl, prefix, 12);
  std::memcpy(tmpl + 12, &c, 4);  // little-endian, so 32-bit lane adds work.
  alignas(16) static constexpr uint8_t kSwap[16] = {0, 1, 2,  3,  4,  5,  6,  7,
                                                    8, 9, 10, 11, 15, 14, 13, 12};
  alignas(16) uint32_t step[4] = {0, 0, 0, static_cast<uint32_t>(T::kLanes)};
  const typename T::V swap = T::Bcast128(kSwap);
  const typename T::V inc = T::Bcast128(reinterpret_cast<const uint8_t*>(step));
  typename T::V cur = T::Add32(T::Bcast128(tmpl), T::LaneIndex32());
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) {
    x[i] = T::Shuffle8(cur, swap);
    cur = T::Add32(cur, inc);
  }
}

// The counter blocks of Ctr32Regs built directly in byte-sliced form, which saves the input
// transpose: after Transpose, byte i of lane l of register j is byte j of block L*i + l. Bytes
// 0..11 are the prefix in every block (a broadcast each). The counters c + L*i + l are added as
// 32-bit lanes in four registers W_k (lane l, dword m: i = 4k + m), whose bytes a PSHUFB per
// register and two rounds of unpacks regroup by byte position: little-endian byte t of every
// counter lands in one register, which is block byte 15 - t.
template <class T>
ARIASUITE_SIMD_INLINE void Ctr32SlicedRegs(typename T::V x[16], const uint8_t prefix[12],
                                           uint32_t c) {
  using V = typename T::V;
  constexpr int kL = T::kLanes;
  struct Offsets {  // lane l, dword m: L*m + l
    alignas(64) uint32_t v[4 * kL];
    constexpr Offsets() : v() {
      for (int l = 0; l < kL; ++l) {
        for (int m = 0; m < 4; ++m) v[4 * l + m] = static_cast<uint32_t>(kL * m + l);
      }
    }
  };
  alignas(64) static constexpr Offsets kOff;
  alignas(16) static constexpr uint32_t kStep[4] = {4 * kL, 4 * kL, 4 * kL, 4 * kL};
  // idx[4t + m] = 4m + t: byte t of dword m.
  alignas(16) static constexpr uint8_t kGroup[16] = {0, 4, 8,  12, 1, 5, 9,  13,
                                                     2, 6, 10, 14, 3, 7, 11, 15};
#pragma GCC unroll 12
  for (int j = 0; j < 12; ++j) {
    const uint32_t b = prefix[j] * 0x01010101u;
    x[j] = T::BroadcastKey(&b);
  }
  const V step = T::Bcast128(reinterpret_cast<const uint8_t*>(kStep));
  const V group = T::Bcast128(kGroup);
  V w[4];
  w[0] = T::Add32(T::BroadcastKey(&c), T::Load(reinterpret_cast<const uint8_t*>(kOff.v)));
  w[1] = T::Add32(w[0], step);
  w[2] = T::Add32(w[1], step);
  w[3] = T::Add32(w[2], step);
#pragma GCC unroll 4
  for (int k = 0; k < 4; ++k) w[k] = T::Shuffle8(w[k], group);
  const V a = T::UnpackLo32(w[0], w[1]), b = T::UnpackHi32(w[0], w[1]);
  const V d = T::UnpackLo32(w[2], w[3]), e = T::UnpackHi32(w[2], w[3]);
  x[15] = T::UnpackLo64(a, d);
  x[14] = T::UnpackHi64(a, d);
  x[13] = T::UnpackLo64(b, e);
  x[12] = T::UnpackHi64(b, e);
}

inline void LoadBe128(uint64_t* hi, uint64_t* lo, const uint8_t b[16]) {
  uint64_t h, l;
  std::memcpy(&h, b, 8);
  std::memcpy(&l, b + 8, 8);
  *hi = __builtin_bswap64(h);
  *lo = __builtin_bswap64(l);
}

inline void StoreBe128(uint8_t b[16], uint64_t hi, uint64_t lo) {
  hi = __builtin_bswap64(hi);
  lo = __builtin_bswap64(lo);
  std::memcpy(b, &hi, 8);
  std::memcpy(b + 8, &lo, 8);
}

// 128-bit variant: the whole block is a big-endian counter mod 2^128 (as ctr(aria)). The lanes
// add 64-bit increments; when the low half would carry inside the batch the counters are built in
// memory instead (the counter is public, so this branch leaks nothing).
template <class T>
ARIASUITE_SIMD_INLINE void Ctr128Regs(typename T::V x[16], uint64_t hi, uint64_t lo) {
  if (lo <= UINT64_MAX - (T::kBlocks - 1)) {
    alignas(16) uint64_t tmpl[2] = {lo, hi};  // byte-reversed block = little-endian 128-bit.
    alignas(16) static constexpr uint8_t kRev[16] = {15, 14, 13, 12, 11, 10, 9, 8,
                                                     7,  6,  5,  4,  3,  2,  1, 0};
    alignas(16) uint64_t step[2] = {static_cast<uint64_t>(T::kLanes), 0};
    const typename T::V rev = T::Bcast128(kRev);
    const typename T::V inc = T::Bcast128(reinterpret_cast<const uint8_t*>(step));
    typename T::V cur =
        T::Add64(T::Bcast128(reinterpret_cast<const uint8_t*>(tmpl)), T::LaneIndex64());
#pragma GCC unroll 16
    for (int i = 0; i < 16; ++i) {
      x[i] = T::Shuffle8(cur, rev);
      cur = T::Add64(cur, inc);
    }
    return;
  }
  alignas(64) uint8_t buf[16 * T::kBlocks];
  for (size_t i = 0; i < T::kBlocks; ++i) {
    StoreBe128(buf + 16 * i, hi, lo);
    ++lo;
    hi += (lo == 0);
  }
  LoadBatch<T>(x, buf, T::kBlocks);
}

// ---- Small engine: one block per 128-bit lane, for messages of a few blocks ----
// A byte-sliced batch costs the same for 1 block as for 16*L, so up to kBlocks blocks use this
// engine instead: AddRoundKey is one XOR with the round key broadcast to every lane; SL1/SL2 work
// on whole blocks (the S-box policy's Sl); the diffusion A is the XOR
// of seven byte permutations of the block (A's rows hold seven ones and so do its columns, so its
// bipartite graph splits into seven perfect matchings, found offline and checked by the tests
// through every output).
alignas(16) inline constexpr uint8_t kDiffPerm[7][16] = {
    {8, 7, 4, 11, 14, 10, 9, 13, 15, 6, 3, 2, 12, 0, 5, 1},
    {14, 12, 10, 7, 15, 1, 0, 11, 4, 5, 13, 9, 6, 8, 3, 2},
    {3, 5, 11, 10, 0, 15, 7, 1, 13, 14, 8, 12, 2, 6, 9, 4},
    {13, 9, 1, 0, 8, 14, 2, 6, 7, 12, 15, 3, 11, 10, 4, 5},
    {6, 2, 15, 13, 11, 9, 10, 12, 1, 0, 5, 4, 7, 3, 14, 8},
    {4, 15, 12, 5, 2, 3, 13, 8, 0, 1, 6, 14, 9, 7, 11, 10},
    {9, 8, 6, 14, 5, 4, 12, 3, 10, 11, 2, 7, 1, 13, 0, 15},
};

// The small engine's byte order and S-layer constants. By default a register lane holds the block
// in its own byte order and Sbox<T>::Sl(x, odd) is the whole SL1 (odd) or SL2. A policy may instead
// supply kSmallOrder (lane byte p holds block byte kSmallOrder[p]) and kSlIn/kSlOut[odd] (in block
// byte order): then Sl is the S-layer in that order without its affine constants, the true layer
// being SL(x) = Sl(x ^ kSlIn) ^ kSlOut. Both constants are folded into the round keys (A is linear,
// so D(c) of an output constant joins the next key), which the engine permutes as it loads them.
//
// A's seven permutations are PSHUFBs, which share the GF2P8AFFINE units on some cores (AMD Zen 5:
// two pipes for both). A policy whose order turns some of them into dword rotations (VPROLD) and
// dword shuffles (PSHUFD), which run elsewhere, lists them as kSmallRotations (bits) and
// kSmallDwordShuffles (PSHUFD immediates); the rest of A is split here, when compiled, into
// perfect matchings (A is 7-regular, so what is left is regular and splits, König's theorem), one
// PSHUFB each. The tests check the result through every output byte.
template <class S>
struct SmallLayout {
  static constexpr bool kPermuted = requires { S::kSmallOrder; };
  static constexpr bool kCheapTerms = requires { S::kSmallRotations; };
  static constexpr int NumRotations() {
    if constexpr (kCheapTerms) {
      return static_cast<int>(std::size(S::kSmallRotations));
    } else {
      return 0;
    }
  }
  static constexpr int NumDwordShuffles() {
    if constexpr (kCheapTerms) {
      return static_cast<int>(std::size(S::kSmallDwordShuffles));
    } else {
      return 0;
    }
  }
  static constexpr int kShuffles = 7 - NumRotations() - NumDwordShuffles();
  // Lane q that RotL32<bits> / Shuffle32<imm> moves to lane p (out[p] = in[q]).
  static constexpr int RotSource(int bits, int p) { return (p & ~3) | ((p - bits / 8) & 3); }
  static constexpr int ShufSource(int imm, int p) {
    return 4 * ((imm >> (2 * (p / 4))) & 3) + p % 4;
  }
  static constexpr uint8_t Order(int p) {
    if constexpr (kPermuted) {
      return S::kSmallOrder[p];
    } else {
      return static_cast<uint8_t>(p);
    }
  }
  static constexpr uint8_t SlIn(bool odd, int j) {
    if constexpr (kPermuted) {
      return S::kSlIn[odd ? 1 : 0][j];
    } else {
      return 0;
    }
  }
  static constexpr uint8_t SlOut(bool odd, int j) {
    if constexpr (kPermuted) {
      return S::kSlOut[odd ? 1 : 0][j];
    } else {
      return 0;
    }
  }
  // Perfect matching of the 16x16 bipartite graph g (Kuhn's augmenting paths): row_of[q] = p.
  static constexpr bool Augment(const bool (&g)[16][16], int p, int (&row_of)[16],
                                bool (&seen)[16]) {
    for (int q = 0; q < 16; ++q) {
      if (!g[p][q] || seen[q]) continue;
      seen[q] = true;
      if (row_of[q] < 0 || Augment(g, row_of[q], row_of, seen)) {
        row_of[q] = p;
        return true;
      }
    }
    return false;
  }
  // The round key adjustments and permutations in the lane byte order.
  struct Tables {
    alignas(16) uint8_t perm[7][16];  // A's permutations done by PSHUFB (the first kShuffles).
    alignas(16) uint8_t order[16];    // block -> lane order (PSHUFB index).
    alignas(16) uint8_t unorder[16];  // lane -> block order.
    alignas(16) uint8_t first[16];    // XORed into the first key: kSlIn of SL1.
    // After a round of SL1 (index 1) or SL2 (0): D(kSlOut) ^ kSlIn of the next round's layer.
    alignas(16) uint8_t mid[2][16];
    alignas(16) uint8_t last[16];  // XORed into the last key: kSlOut of SL2.
    constexpr Tables() : perm(), order(), unorder(), first(), mid(), last() {
      uint8_t inv[16] = {};
      for (int p = 0; p < 16; ++p) inv[Order(p)] = static_cast<uint8_t>(p);
      for (int p = 0; p < 16; ++p) {
        order[p] = Order(p);
        unorder[p] = inv[p];
        for (int k = 0; k < 7; ++k) perm[k][p] = inv[kDiffPerm[k][Order(p)]];
      }
      if constexpr (kCheapTerms) SplitResidue(inv);
      for (int odd = 0; odd < 2; ++odd) {
        for (int p = 0; p < 16; ++p) {
          const int j = Order(p);
          uint8_t d = 0;  // D(kSlOut) at block byte j
          for (int k = 0; k < 7; ++k) d ^= SlOut(odd != 0, kDiffPerm[k][j]);
          mid[odd][p] = static_cast<uint8_t>(d ^ SlIn(odd == 0, j));
        }
      }
      for (int p = 0; p < 16; ++p) {
        first[p] = SlIn(true, Order(p));
        last[p] = SlOut(false, Order(p));
      }
    }
    // perm[0 .. kShuffles) = A in lane order less the rotations and dword shuffles, as matchings.
    // A lane edge the cheap terms cover twice, or one outside A, leaves a residue that is not
    // regular: the matching fails and so does the compile (a throw in a constant expression).
    constexpr void SplitResidue(const uint8_t (&inv)[16]) {
      bool g[16][16] = {};
      for (int p = 0; p < 16; ++p) {
        for (int k = 0; k < 7; ++k) g[p][inv[kDiffPerm[k][Order(p)]]] = true;
      }
      auto take = [&](int p, int q) {
        if (!g[p][q]) throw "a rotation or dword shuffle of the small engine is not a part of A";
        g[p][q] = false;
      };
      for (int r = 0; r < NumRotations(); ++r) {
        for (int p = 0; p < 16; ++p) take(p, RotSource(S::kSmallRotations[r], p));
      }
      for (int d = 0; d < NumDwordShuffles(); ++d) {
        for (int p = 0; p < 16; ++p) take(p, ShufSource(S::kSmallDwordShuffles[d], p));
      }
      for (int k = 0; k < kShuffles; ++k) {
        int row_of[16];
        for (int q = 0; q < 16; ++q) row_of[q] = -1;
        for (int p = 0; p < 16; ++p) {
          bool seen[16] = {};
          if (!Augment(g, p, row_of, seen)) throw "the rest of A has no perfect matching";
        }
        for (int q = 0; q < 16; ++q) {
          perm[k][row_of[q]] = static_cast<uint8_t>(q);
          g[row_of[q]][q] = false;
        }
      }
    }
  };
  alignas(64) static constexpr Tables kTables{};
};

// T: vector traits with Shuffle8, Xor3, Bcast128, Add32, LaneIndex32 and LoadN/StoreN(p, n) that
// touch only the first n <= kLanes blocks of a register (masked moves: nothing past the buffer is
// read or written, and the other lanes load as zero). Sbox<T>::Sl(x, odd) is the S-layer on whole
// blocks (SmallLayout). Up to R registers are processed side by side; a call uses as many as its
// blocks need, so one block costs one register's latency. A round is Sl then A with the next
// round key in A's last XOR, so the key costs the chain nothing.
template <class T, int R, template <class> class Sbox>
struct SmallEngine {
  using V = typename T::V;
  using S = Sbox<T>;
  using Layout = SmallLayout<S>;
  static constexpr size_t kBlocks = static_cast<size_t>(R) * T::kLanes;

  // A(x) ^ k.
  static ARIASUITE_SIMD_INLINE V DiffuseKey(V x, V k) {
    V p[7];
    constexpr int kS = Layout::kShuffles;
#pragma GCC unroll 7
    for (int i = 0; i < kS; ++i) p[i] = T::Shuffle8(x, T::Bcast128(Layout::kTables.perm[i]));
    if constexpr (Layout::kCheapTerms) {
      CheapTerms(x, p + kS, std::make_index_sequence<std::size(S::kSmallRotations)>(),
                 std::make_index_sequence<std::size(S::kSmallDwordShuffles)>());
    }
    return T::Xor3(T::Xor3(p[0], p[1], p[2]), T::Xor3(p[3], p[4], p[5]), T::Xor(p[6], k));
  }
  template <size_t... Ir, size_t... Id>
  static ARIASUITE_SIMD_INLINE void CheapTerms(V x, V* p, std::index_sequence<Ir...>,
                                               std::index_sequence<Id...>) {
    ((p[Ir] = T::template RotL32<S::kSmallRotations[Ir]>(x)), ...);
    ((p[sizeof...(Ir) + Id] = T::template Shuffle32<S::kSmallDwordShuffles[Id]>(x)), ...);
  }

  // Round key r in the lane order, with adj (16 bytes, lane order) XORed in.
  static ARIASUITE_SIMD_INLINE V Key(const AriaKey& key, int r, const uint8_t* adj) {
    const V k = T::Bcast128(key.rk[r]);
    if constexpr (Layout::kPermuted) {
      return T::Xor(T::Shuffle8(k, T::Bcast128(Layout::kTables.order)), T::Bcast128(adj));
    } else {
      return k;
    }
  }

  // Block order -> lane order with the first round key added (the S-layer input of round 1).
  static ARIASUITE_SIMD_INLINE V Enter(V x, V k0) {
    if constexpr (Layout::kPermuted) x = T::Shuffle8(x, T::Bcast128(Layout::kTables.order));
    return T::Xor(x, k0);
  }
  // The last round's S-layer and key, back to block order.
  static ARIASUITE_SIMD_INLINE V Leave(V x, V kn) {
    x = T::Xor(S::Sl(x, false), kn);
    if constexpr (Layout::kPermuted) x = T::Shuffle8(x, T::Bcast128(Layout::kTables.unorder));
    return x;
  }
  static ARIASUITE_SIMD_INLINE V FirstKey(const AriaKey& key) {
    return Key(key, 0, Layout::kTables.first);
  }
  static ARIASUITE_SIMD_INLINE V LastKey(const AriaKey& key) {
    return Key(key, key.rounds, Layout::kTables.last);
  }

  // Round r+1 (RFC 5794 §2.4) from its S-layer to A and the key of round r+2.
  template <int K>
  static ARIASUITE_SIMD_INLINE void Round(V x[K], const AriaKey& key, int r) {
    Round<K>(x, key, r, (r & 1) == 0);
  }
  // The same with r's parity given (odd: r is even, the round takes SL1).
  template <int K>
  static ARIASUITE_SIMD_INLINE void Round(V x[K], const AriaKey& key, int r, bool odd) {
    const V k = Key(key, r + 1, Layout::kTables.mid[odd ? 1 : 0]);
#pragma GCC unroll 8
    for (int i = 0; i < K; ++i) x[i] = DiffuseKey(S::Sl(x[i], odd), k);
  }

  template <int K>
  static ARIASUITE_SIMD_INLINE void Crypt(V x[K], const AriaKey& key) {
    const int n = key.rounds;
    const V k0 = FirstKey(key);
#pragma GCC unroll 8
    for (int i = 0; i < K; ++i) x[i] = Enter(x[i], k0);
    int r = 0;
    for (; r + 1 < n - 1; r += 2) {  // in pairs, so each S-layer is known when compiled
      Round<K>(x, key, r, true);
      Round<K>(x, key, r + 1, false);
    }
    if (r < n - 1) Round<K>(x, key, r, true);
    const V kn = LastKey(key);
#pragma GCC unroll 8
    for (int i = 0; i < K; ++i) x[i] = Leave(x[i], kn);
  }

  // One block in lane 0 of a register, advanced a round at a time (for a block computed alongside
  // a byte-sliced batch, whose rounds it fills with independent work): Load1, RoundAt(r) for
  // r = 0 .. rounds-2, then Last.
  static ARIASUITE_SIMD_INLINE V Load1(const uint8_t b[16], const AriaKey& key) {
    return Enter(T::LoadN(b, 1), FirstKey(key));
  }
  static ARIASUITE_SIMD_INLINE void RoundAt(V* x, const AriaKey& key, int r) {
    Round<1>(x, key, r);
  }
  static ARIASUITE_SIMD_INLINE void Last(V x, const AriaKey& key, uint8_t out[16]) {
    T::StoreN(out, Leave(x, LastKey(key)), 1);
  }

  // Blocks [i*kLanes, i*kLanes + kLanes) of an n-block buffer that exist.
  static ARIASUITE_SIMD_INLINE size_t InReg(size_t n, int i) {
    const size_t first = static_cast<size_t>(i) * T::kLanes;
    return n <= first ? 0 : (n - first < T::kLanes ? n - first : T::kLanes);
  }

  // out = E(x) ^ mask over n blocks (mask may be null: ECB). x holds the K registers' inputs.
  template <int K>
  static ARIASUITE_SIMD_INLINE void Finish(const AriaKey& key, V x[K], uint8_t* out,
                                           const uint8_t* mask, size_t n) {
    Crypt<K>(x, key);
#pragma GCC unroll 8
    for (int i = 0; i < K; ++i) {
      const size_t m = InReg(n, i);
      if (mask != nullptr) x[i] = T::Xor(x[i], T::LoadN(mask + 16 * T::kLanes * i, m));
      T::StoreN(out + 16 * T::kLanes * i, x[i], m);
    }
  }

  template <int K>
  static ARIASUITE_SIMD_INLINE void EcbK(const AriaKey& key, uint8_t* out, const uint8_t* in,
                                         size_t n) {
    V x[K];
#pragma GCC unroll 8
    for (int i = 0; i < K; ++i) x[i] = T::LoadN(in + 16 * T::kLanes * i, InReg(n, i));
    Finish<K>(key, x, out, nullptr, n);
  }

  // Counter blocks ctr + 0 .. ctr + K*kLanes - 1 with inc32 (SP 800-38D §6.2), built in registers:
  // bytes 12..15 are swapped to little-endian, the lane's offset added, and swapped back.
  template <int K>
  static ARIASUITE_SIMD_INLINE void Ctr32K(const AriaKey& key, uint8_t* out, const uint8_t* in,
                                           size_t n, const uint8_t ctr[16]) {
    alignas(16) static constexpr uint8_t kSwap[16] = {0, 1, 2,  3,  4,  5,  6,  7,
                                                      8, 9, 10, 11, 15, 14, 13, 12};
    alignas(16) static constexpr uint32_t kStep[4] = {0, 0, 0, static_cast<uint32_t>(T::kLanes)};
    const V swap = T::Bcast128(kSwap);
    const V step = T::Bcast128(reinterpret_cast<const uint8_t*>(kStep));
    V cur = T::Add32(T::Shuffle8(T::Bcast128(ctr), swap), T::LaneIndex32());
    V x[K];
#pragma GCC unroll 8
    for (int i = 0; i < K; ++i) {
      x[i] = T::Shuffle8(cur, swap);
      cur = T::Add32(cur, step);
    }
    Finish<K>(key, x, out, in, n);
  }

  template <int K>
  static ARIASUITE_SIMD_INLINE void Ctr128K(const AriaKey& key, uint8_t* out, const uint8_t* in,
                                            size_t n, const uint8_t ctr[16]) {
    alignas(64) uint8_t blocks[16 * K * T::kLanes];
    uint64_t hi, lo;
    LoadBe128(&hi, &lo, ctr);
    for (size_t i = 0; i < K * T::kLanes; ++i) {
      StoreBe128(blocks + 16 * i, hi, lo);
      ++lo;
      hi += (lo == 0);
    }
    V x[K];
#pragma GCC unroll 8
    for (int i = 0; i < K; ++i) x[i] = T::Load(blocks + 16 * T::kLanes * i);
    Finish<K>(key, x, out, in, n);
  }

  // The entry points (1 <= n <= kBlocks) run with K = the number of registers n needs.
  template <int K>
  ARIASUITE_LATENCY_BOUND static void Ecb(const AriaKey& key, uint8_t* out, const uint8_t* in,
                                          size_t n) {
    if constexpr (K > 1) {
      if (n <= (K - 1) * T::kLanes) return Ecb<K - 1>(key, out, in, n);
    }
    EcbK<K>(key, out, in, n);
  }
  template <int K>
  ARIASUITE_LATENCY_BOUND static void Ctr32(const AriaKey& key, uint8_t* out, const uint8_t* in,
                                            size_t n, const uint8_t ctr[16]) {
    if constexpr (K > 1) {
      if (n <= (K - 1) * T::kLanes) return Ctr32<K - 1>(key, out, in, n, ctr);
    }
    Ctr32K<K>(key, out, in, n, ctr);
  }
  template <int K>
  ARIASUITE_LATENCY_BOUND static void Ctr128(const AriaKey& key, uint8_t* out, const uint8_t* in,
                                             size_t n, const uint8_t ctr[16]) {
    if constexpr (K > 1) {
      if (n <= (K - 1) * T::kLanes) return Ctr128<K - 1>(key, out, in, n, ctr);
    }
    Ctr128K<K>(key, out, in, n, ctr);
  }
  static void Ecb(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t n) {
    Ecb<R>(key, out, in, n);
  }
  static void Ctr32(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t n,
                    const uint8_t ctr[16]) {
    Ctr32<R>(key, out, in, n, ctr);
  }
  static void Ctr128(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t n,
                     const uint8_t ctr[16]) {
    Ctr128<R>(key, out, in, n, ctr);
  }
};

// Splits n blocks into batches: full batches of Wide, then the remainder on the narrowest engine
// that holds it (Wide, Mid or Narrow; a path with fewer widths repeats a type). job.Batch<T>(first,
// count) processes blocks [first, first+count).
template <class Wide, class Mid, class Narrow, class Job>
inline void RunBatches(Job& job, size_t n) {
  size_t done = 0;
  while (n - done >= Wide::kBlocks) {
    job.template Batch<Wide>(done, Wide::kBlocks);
    done += Wide::kBlocks;
  }
  const size_t rem = n - done;
  if (rem == 0) return;
  if (rem > Mid::kBlocks) {
    job.template Batch<Wide>(done, rem);
  } else if (rem > Narrow::kBlocks) {
    job.template Batch<Mid>(done, rem);
  } else {
    job.template Batch<Narrow>(done, rem);
  }
}

template <template <class> class Sbox>
struct EcbJob {
  const AriaSpreadKey* rk;
  uint8_t* out;
  const uint8_t* in;
  template <class T>
  ARIASUITE_SIMD_INLINE void Batch(size_t first, size_t n) {
    typename T::V x[16];
    NoHook hook;
    LoadBatch<T>(x, in + 16 * first, n);
    CryptRegs<T, Sbox<T>>(x, *rk, hook);
    StoreBatch<T>(out + 16 * first, x, n);
  }
};

template <template <class> class Sbox>
struct Ctr32Job {
  const AriaSpreadKey* rk;
  uint8_t* out;
  const uint8_t* in;
  uint8_t prefix[12];
  uint32_t c;  // counter of block 0
  template <class T>
  ARIASUITE_SIMD_INLINE void Batch(size_t first, size_t n) {
    typename T::V x[16];
    NoHook hook;
    Ctr32SlicedRegs<T>(x, prefix, c + static_cast<uint32_t>(first));
    CryptSliced<T, Sbox<T>>(x, *rk, hook);
    XorBatch<T>(x, in + 16 * first, n);
    StoreBatch<T>(out + 16 * first, x, n);
  }
};

template <class Job>
inline void Ctr32Setup(Job* job, const uint8_t ctr[16]) {
  std::memcpy(job->prefix, ctr, 12);
  job->c = (uint32_t{ctr[12]} << 24) | (uint32_t{ctr[13]} << 16) | (uint32_t{ctr[14]} << 8) |
           uint32_t{ctr[15]};
}

inline void Ctr32Advance(uint8_t ctr[16], size_t n) {
  uint32_t c = (uint32_t{ctr[12]} << 24) | (uint32_t{ctr[13]} << 16) | (uint32_t{ctr[14]} << 8) |
               uint32_t{ctr[15]};
  c += static_cast<uint32_t>(n);
  ctr[12] = static_cast<uint8_t>(c >> 24);
  ctr[13] = static_cast<uint8_t>(c >> 16);
  ctr[14] = static_cast<uint8_t>(c >> 8);
  ctr[15] = static_cast<uint8_t>(c);
}

template <template <class> class Sbox>
struct Ctr128Job {
  const AriaSpreadKey* rk;
  uint8_t* out;
  const uint8_t* in;
  uint64_t hi, lo;  // counter of block 0
  template <class T>
  ARIASUITE_SIMD_INLINE void Batch(size_t first, size_t n) {
    typename T::V x[16];
    NoHook hook;
    uint64_t l = lo + first;
    uint64_t h = hi + (l < lo);
    if ((l & 0xffffffffu) <= 0xffffffffu - (T::kBlocks - 1)) {
      // The low 32 bits do not wrap inside the batch, so its counters are inc32 steps of block 0
      // (bytes 0..11 fixed): built byte-sliced as Ctr32Job's, which saves the input transpose.
      // The counter is public, so the branch leaks nothing.
      uint8_t block[16];
      StoreBe128(block, h, l);
      Ctr32SlicedRegs<T>(x, block, static_cast<uint32_t>(l));
      CryptSliced<T, Sbox<T>>(x, *rk, hook);
    } else {
      Ctr128Regs<T>(x, h, l);
      CryptRegs<T, Sbox<T>>(x, *rk, hook);
    }
    XorBatch<T>(x, in + 16 * first, n);
    StoreBatch<T>(out + 16 * first, x, n);
  }
};

// The three block operations of a path, given its S-box policy and engines: byte-sliced batches of
// the Wide, Mid and Narrow widths, and the Small engine for up to Small::kBlocks blocks.
template <template <class> class Sbox, class Wide, class Mid, class Narrow, class Small>
struct BlockOps {
  static void CryptBlocks(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t nblocks) {
    if (nblocks == 0) return;
    if (nblocks <= Small::kBlocks) {
      Small::Ecb(key, out, in, nblocks);
      return;
    }
    EcbJob<Sbox> job{&key.spread, out, in};
    RunBatches<Wide, Mid, Narrow>(job, nblocks);
  }
  static void Ctr32(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t nblocks,
                    uint8_t ctr[16]) {
    if (nblocks == 0) return;
    if (nblocks <= Small::kBlocks) {
      Small::Ctr32(key, out, in, nblocks, ctr);
      Ctr32Advance(ctr, nblocks);
      return;
    }
    Ctr32Job<Sbox> job{&key.spread, out, in, {}, 0};
    Ctr32Setup(&job, ctr);
    RunBatches<Wide, Mid, Narrow>(job, nblocks);
    Ctr32Advance(ctr, nblocks);
  }
  static void Ctr128(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t nblocks,
                     uint8_t ctr[16]) {
    if (nblocks == 0) return;
    if (nblocks <= Small::kBlocks) {
      Small::Ctr128(key, out, in, nblocks, ctr);
      uint64_t hi, lo;
      LoadBe128(&hi, &lo, ctr);
      lo += nblocks;
      hi += (lo < nblocks);
      StoreBe128(ctr, hi, lo);
      return;
    }
    Ctr128Job<Sbox> job{&key.spread, out, in, 0, 0};
    LoadBe128(&job.hi, &job.lo, ctr);
    RunBatches<Wide, Mid, Narrow>(job, nblocks);
    uint64_t lo = job.lo + nblocks;
    uint64_t hi = job.hi + (lo < job.lo);
    StoreBe128(ctr, hi, lo);
  }
};

}  // namespace
}  // namespace internal
}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_ARIA_SIMD_INL_H_
