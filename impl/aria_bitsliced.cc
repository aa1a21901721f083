// The scalar path's block engine: ARIA (RFC 5794) on 16 blocks at once, bit-sliced, constant time.
//
// State layout. The 256 bytes of 16 blocks become 32 words s[k][b] (k = byte position mod 4, which
// decides the S-box; b = bit number): bit (16 * g(w) + blk) of s[k][b] is bit b of byte 4w + k of
// block blk, with g(w) = 2 (w & 1) + (w >> 1). Each S-box type thus owns 8 full words, so the
// substitution layer runs every S-box circuit on 64 lanes with no per-lane masks.
//
// S-boxes. All four are affine maps around inversion in GF(2^8) (ARIA specification v1.0 §2.4.2):
//   S1(x) = A x^-1 + 0x63,  S2(x) = B x^247 + 0xe2 = B Q^3 x^-1 + 0xe2  (Q: squaring, linear),
// S1^-1, S2^-1 their inverses. The inversion runs in the isomorphic tower field
// GF(((2^2)^2)^2): GF(4) = GF(2)[w]/(w^2+w+1), GF(16) = GF(4)[z]/(z^2+z+w),
// GF(256) = GF(16)[y]/(y^2+y+lambda), where the inverse of a_h y + a_l is
// (a_h y + a_h + a_l) / (lambda a_h^2 + a_h a_l + a_l^2), recursively down to GF(4), where the
// inverse is the square. phi, the basis change into the tower (x -> beta, beta a root of the AES
// polynomial in the tower field), is applied to every byte when the state is loaded and undone when
// it is stored; round keys are sliced into the tower basis too. Key addition and diffusion are XORs
// of bytes, which commute with phi, so each S-box needs one affine map, conjugated by phi: after
// the inversion for S1, S2, before it for S1^-1, S2^-1. The maps are derived at compile time from
// the specification's matrices and run as fixed XOR networks.
//
// Diffusion. A (RFC 5794 §2.4.3) factors as A = (J+I)_w . P . (J+I)_w . (J+I)_k, where (J+I)_k
// replaces each byte of a 4-byte word by the XOR of the word's other three bytes, (J+I)_w does the
// same across the four words (for each byte position), and P swaps byte positions k <-> k^1 in
// words 0 and 1 and k <-> k^2 in words 0 and 2. In the layout above (J+I)_k is XORs between the
// type words, (J+I)_w two rotations per word and P masked swaps between type words.
//
// Passes of up to 4 blocks run a narrower engine on 8 words instead (see "The narrow engine"), so
// the serial modes' one-block calls cost half a 16-block pass.
//
// Nothing indexes memory or branches on key or data; the work depends on nblocks only.
#include "impl/aria_bitsliced.h"

#include <bit>
#include <cstring>
#include <utility>

#include "impl/internal.h"

namespace ariasuite::internal {
namespace {

// ---- GF(2) linear algebra on bytes, at compile time (public constants only) ----

// A linear map of GF(2)^8 by its columns: col[j] = L(1 << j).
struct Mat {
  uint8_t col[8];
};

constexpr uint8_t Apply(const Mat& m, uint8_t x) {
  uint8_t y = 0;
  for (int j = 0; j < 8; ++j) {
    if ((x >> j) & 1) y = static_cast<uint8_t>(y ^ m.col[j]);
  }
  return y;
}

constexpr Mat Compose(const Mat& outer, const Mat& inner) {
  Mat r{};
  for (int j = 0; j < 8; ++j) r.col[j] = Apply(outer, inner.col[j]);
  return r;
}

constexpr Mat Inverse(const Mat& m) {
  Mat r{};
  for (int x = 0; x < 256; ++x) {
    const uint8_t y = Apply(m, static_cast<uint8_t>(x));
    for (int j = 0; j < 8; ++j) {
      if (y == (1u << j)) r.col[j] = static_cast<uint8_t>(x);
    }
  }
  return r;
}

// FIPS 197 §5.1.1 (ARIA's A): output bit i = b_i + b_{i+4} + b_{i+5} + b_{i+6} + b_{i+7}.
constexpr Mat AesAffine() {
  Mat r{};
  for (int j = 0; j < 8; ++j) {
    unsigned x = 1u << j, y = 0;
    for (int s = 0; s <= 4; ++s) y ^= ((x << s) | (x >> (8 - s))) & 0xff;
    r.col[j] = static_cast<uint8_t>(y);
  }
  return r;
}

// ARIA specification §2.4.2, matrix B; row i gives output bit i, the leftmost entry is input bit 0.
constexpr Mat AriaB() {
  constexpr const char* kRows[8] = {"01011110", "00111101", "11010111", "10011101",
                                    "00101100", "10000001", "01011101", "11010011"};
  Mat r{};
  for (int i = 0; i < 8; ++i) {
    for (int j = 0; j < 8; ++j) {
      if (kRows[i][j] == '1') r.col[j] = static_cast<uint8_t>(r.col[j] | (1u << i));
    }
  }
  return r;
}

// GF(2^8) of RFC 5794 / FIPS 197: polynomial basis, modulus x^8 + x^4 + x^3 + x + 1.
constexpr uint8_t kFieldPolyLow = 0x1b;  // x^8 = x^4 + x^3 + x + 1

constexpr uint8_t AesMul(uint8_t a, uint8_t b) {
  uint8_t r = 0;
  for (int i = 0; i < 8; ++i) {
    if ((b >> i) & 1) r = static_cast<uint8_t>(r ^ a);
    a = static_cast<uint8_t>((a << 1) ^ ((a & 0x80) ? kFieldPolyLow : 0));
  }
  return r;
}

constexpr Mat AesSquaring() {
  Mat r{};
  for (int j = 0; j < 8; ++j) {
    const uint8_t x = static_cast<uint8_t>(1u << j);
    r.col[j] = AesMul(x, x);
  }
  return r;
}

// ---- The tower field on bytes (compile time): bits 7..4 = a_h, 3..0 = a_l; in GF(16) bits 3..2 =
// c_h, 1..0 = c_l; in GF(4) bit 1 = coefficient of w, bit 0 = constant ----

constexpr uint8_t Mul4(uint8_t a, uint8_t b) {
  const unsigned a1 = (a >> 1) & 1, a0 = a & 1, b1 = (b >> 1) & 1, b0 = b & 1;
  const unsigned hh = a1 & b1, ll = a0 & b0, mm = (a1 ^ a0) & (b1 ^ b0);
  return static_cast<uint8_t>(((mm ^ ll) << 1) | (hh ^ ll));  // w^2 = w + 1
}

constexpr uint8_t kN = 2;  // z^2 = z + w

constexpr uint8_t Mul16(uint8_t a, uint8_t b) {
  const uint8_t ah = a >> 2, al = a & 3, bh = b >> 2, bl = b & 3;
  const uint8_t hh = Mul4(ah, bh), ll = Mul4(al, bl), mm = Mul4(ah ^ al, bh ^ bl);
  return static_cast<uint8_t>(((mm ^ ll) << 2) | (Mul4(hh, kN) ^ ll));
}

constexpr uint8_t Mul256(uint8_t a, uint8_t b, uint8_t lambda) {
  const uint8_t ah = a >> 4, al = a & 15, bh = b >> 4, bl = b & 15;
  const uint8_t hh = Mul16(ah, bh), ll = Mul16(al, bl), mm = Mul16(ah ^ al, bh ^ bl);
  return static_cast<uint8_t>(((mm ^ ll) << 4) | (Mul16(hh, lambda) ^ ll));
}

// The least lambda in GF(16) with y^2 + y + lambda irreducible (no root in GF(16)).
constexpr uint8_t FindLambda() {
  for (uint8_t l = 1; l < 16; ++l) {
    bool root = false;
    for (uint8_t t = 0; t < 16; ++t) root = root || ((Mul16(t, t) ^ t) == l);
    if (!root) return l;
  }
  return 0;
}
constexpr uint8_t kLambda = FindLambda();
static_assert(kLambda != 0);

// The least root beta in the tower field of the AES polynomial x^8 + x^4 + x^3 + x + 1.
constexpr uint8_t FindBeta() {
  for (int b = 2; b < 256; ++b) {
    uint8_t p[9] = {1};
    for (int i = 1; i <= 8; ++i) p[i] = Mul256(p[i - 1], static_cast<uint8_t>(b), kLambda);
    uint8_t v = p[8];
    for (int i = 0; i < 8; ++i) {
      if ((kFieldPolyLow >> i) & 1) v ^= p[i];
    }
    if (v == 0) return static_cast<uint8_t>(b);
  }
  return 0;
}
constexpr uint8_t kBeta = FindBeta();
static_assert(kBeta != 0);

// phi: the field isomorphism from the polynomial basis into the tower, x^j -> beta^j.
constexpr Mat ToTower() {
  Mat r{};
  uint8_t p = 1;
  for (int j = 0; j < 8; ++j) {
    r.col[j] = p;
    p = Mul256(p, kBeta, kLambda);
  }
  return r;
}

// The state is kept in the tower basis (phi applied to every byte, round keys included): the
// diffusion layer and key addition are XORs of bytes and commute with phi. One S-box is then
// post(inv_tower(pre(x) + pre_c)) + post_c with pre = I for S1, S2 and post = I for S1^-1, S2^-1.
struct SboxMaps {
  Mat pre;
  uint8_t pre_c;
  Mat post;
  uint8_t post_c;
};

constexpr Mat Identity() { return Compose(Inverse(ToTower()), ToTower()); }
constexpr Mat FromTower() { return Inverse(ToTower()); }
constexpr Mat InTower(const Mat& m) { return Compose(ToTower(), Compose(m, FromTower())); }
constexpr Mat BQ3() {
  const Mat q = AesSquaring();
  return Compose(AriaB(), Compose(q, Compose(q, q)));
}
// y = affine(x^-1) + c, e.g. S1 (A, 0x63).
constexpr SboxMaps Forward(const Mat& affine, uint8_t c) {
  return {Identity(), 0, InTower(affine), Apply(ToTower(), c)};
}
// Its inverse: x = (affine^-1 (y + c))^-1.
constexpr SboxMaps Backward(const Mat& affine, uint8_t c) {
  const Mat pre = InTower(Inverse(affine));
  return {pre, Apply(pre, Apply(ToTower(), c)), Identity(), 0};
}
constexpr SboxMaps kS1 = Forward(AesAffine(), 0x63);
constexpr SboxMaps kS2 = Forward(BQ3(), 0xe2);
constexpr SboxMaps kS1Inv = Backward(AesAffine(), 0x63);
constexpr SboxMaps kS2Inv = Backward(BQ3(), 0xe2);
constexpr Mat kToTower = ToTower();
constexpr Mat kFromTower = FromTower();

constexpr bool IsIdentity(const Mat& m) {
  for (int j = 0; j < 8; ++j) {
    if (m.col[j] != (1u << j)) return false;
  }
  return true;
}
static_assert(IsIdentity(Identity()));

// ---- Bit-sliced arithmetic on 64 lanes ----

// The fuzz build (clang -O1 with ASan and UBSan) must keep the state in registers as -O2 does, or
// the engine runs 4x slower there. So every helper is forced inline and its fixed-count loops are
// unrolled, which makes each index into the state arrays a constant; and UBSan's pointer-overflow
// check, which turns each array address into an integer and so keeps the arrays in memory, is left
// out of these helpers. Their pointer arithmetic is a constant index into a fixed-size array (or
// 8 bytes of a caller's block), which cannot wrap; AddressSanitizer still checks every access.
#define BITSLICED_NO_POINTER_OVERFLOW_CHECK __attribute__((no_sanitize("pointer-overflow")))
#define BITSLICED_INLINE [[gnu::always_inline]] inline BITSLICED_NO_POINTER_OVERFLOW_CHECK

using W = uint64_t;

// An affine map of bytes on eight bit planes that may differ from lane to lane: output bit i is
// c[i] ^ XOR_j (x[j] & mask[i][j]), mask[i][j] holding the lanes whose map takes input bit j into
// output bit i.
struct LaneAffine {
  W mask[8][8];
  W c[8];
};

// y = M x + c in every lane.
constexpr LaneAffine EveryLane(const Mat& m, uint8_t c) {
  LaneAffine r{};
  for (int i = 0; i < 8; ++i) {
    r.c[i] = ((c >> i) & 1) ? ~W{0} : W{0};
    for (int j = 0; j < 8; ++j) r.mask[i][j] = ((m.col[j] >> i) & 1) ? ~W{0} : W{0};
  }
  return r;
}

// The masks are compile-time constants and the sums are expanded by pack expansion, so this is a
// fixed network of ANDs and XORs (XORs only where every mask is all-0 or all-1) at every
// optimisation level (sanitizer builds use -O1).
template <LaneAffine A, int I, int... J>
BITSLICED_INLINE W AffineRow(const W x[8], std::integer_sequence<int, J...>) {
  return A.c[I] ^ ((x[J] & A.mask[I][J]) ^ ...);
}

template <LaneAffine A, int... I>
BITSLICED_INLINE void AffineRows(W x[8], std::integer_sequence<int, I...> rows) {
  const W y[8] = {AffineRow<A, I>(x, rows)...};
  ((x[I] = y[I]), ...);
}

template <LaneAffine A>
BITSLICED_INLINE void LaneAffineMap(W x[8]) {
  AffineRows<A>(x, std::make_integer_sequence<int, 8>());
}

// y = M x + c on eight bit planes.
template <Mat M, uint8_t C>
BITSLICED_INLINE void Affine(W x[8]) {
  if constexpr (IsIdentity(M) && C == 0) return;
  LaneAffineMap<EveryLane(M, C)>(x);
}

struct G4 {
  W c1, c0;  // c1 w + c0
};
struct G16 {
  G4 h, l;  // h z + l
};

BITSLICED_INLINE G4 operator^(G4 a, G4 b) { return {a.c1 ^ b.c1, a.c0 ^ b.c0}; }
BITSLICED_INLINE G16 operator^(G16 a, G16 b) { return {a.h ^ b.h, a.l ^ b.l}; }

BITSLICED_INLINE G4 Mul(G4 a, G4 b) {  // Karatsuba, w^2 = w + 1
  const W hh = a.c1 & b.c1, ll = a.c0 & b.c0, mm = (a.c1 ^ a.c0) & (b.c1 ^ b.c0);
  return {mm ^ ll, hh ^ ll};
}
BITSLICED_INLINE G4 Square(G4 a) { return {a.c1, a.c1 ^ a.c0}; }  // also the inverse in GF(4)
BITSLICED_INLINE G4 MulN(G4 a) { return {a.c1 ^ a.c0, a.c1}; }    // times w

BITSLICED_INLINE G16 Mul(G16 a, G16 b) {  // Karatsuba, z^2 = z + w
  const G4 hh = Mul(a.h, b.h), ll = Mul(a.l, b.l), mm = Mul(a.h ^ a.l, b.h ^ b.l);
  return {mm ^ ll, MulN(hh) ^ ll};
}
BITSLICED_INLINE G16 Square(G16 a) {  // (h z + l)^2 = h^2 z + (w h^2 + l^2)
  const G4 h2 = Square(a.h);
  return {h2, MulN(h2) ^ Square(a.l)};
}
BITSLICED_INLINE G16 Inv(G16 a) {
  const G4 d = Square(MulN(Square(a.h)) ^ Mul(a.h, a.l) ^ Square(a.l));
  return {Mul(a.h, d), Mul(a.h ^ a.l, d)};
}
// Times the constant kLambda: its bits become all-0 / all-1 words.
BITSLICED_INLINE G16 MulLambda(G16 a) {
  constexpr auto bit = [](int i) { return ((kLambda >> i) & 1) ? ~W{0} : W{0}; };
  return Mul(a, G16{{bit(3), bit(2)}, {bit(1), bit(0)}});
}

// x <- x^-1 in the tower field (0 -> 0), x[i] = bit i of the byte.
BITSLICED_INLINE void InvTower(W x[8]) {
  const G16 ah{{x[7], x[6]}, {x[5], x[4]}}, al{{x[3], x[2]}, {x[1], x[0]}};
  const G16 d = Inv(MulLambda(Square(ah)) ^ Mul(ah, al) ^ Square(al));
  const G16 h = Mul(ah, d), l = Mul(ah ^ al, d);
  x[7] = h.h.c1, x[6] = h.h.c0, x[5] = h.l.c1, x[4] = h.l.c0;
  x[3] = l.h.c1, x[2] = l.h.c0, x[1] = l.l.c1, x[0] = l.l.c0;
}

template <const SboxMaps& S>
BITSLICED_INLINE void Substitute(W x[8]) {
  Affine<S.pre, S.pre_c>(x);
  InvTower(x);
  Affine<S.post, S.post_c>(x);
}

// s[k][b]: the state (see the file comment).
using State = W[4][8];

// RFC 5794 §2.4.2: SL1 = (SB1, SB2, SB3, SB4) and SL2 = (SB3, SB4, SB1, SB2) by byte position
// mod 4.
BITSLICED_INLINE void SubstituteSl1(State s) {
  Substitute<kS1>(s[0]);
  Substitute<kS2>(s[1]);
  Substitute<kS1Inv>(s[2]);
  Substitute<kS2Inv>(s[3]);
}

BITSLICED_INLINE void SubstituteSl2(State s) {
  Substitute<kS1Inv>(s[0]);
  Substitute<kS2Inv>(s[1]);
  Substitute<kS1>(s[2]);
  Substitute<kS2>(s[3]);
}

BITSLICED_INLINE W Rotl(W x, int n) { return (x << n) | (x >> (64 - n)); }

// (J+I)_w on one word: each 16-bit group (a word w of every block) becomes the XOR of the other
// three.
BITSLICED_INLINE W MixWords(W x) {
  const W x2 = Rotl(x, 32);
  return Rotl(x ^ x2, 16) ^ x2;
}

// Lanes of words w = 0, 1 and of words w = 0, 2 (groups g(0) = 0, g(1) = 2, g(2) = 1).
constexpr W kWords01 = 0x0000FFFF0000FFFFull;
constexpr W kWords02 = 0x00000000FFFFFFFFull;

BITSLICED_INLINE void SwapMasked(W& a, W& b, W m) {
  const W t = (a ^ b) & m;
  a ^= t;
  b ^= t;
}

// RFC 5794 §2.4.3: the diffusion layer A, factored as in the file comment.
BITSLICED_INLINE void Diffuse(State s) {
#pragma GCC unroll 32
  for (int b = 0; b < 8; ++b) {
    W x0 = s[0][b], x1 = s[1][b], x2 = s[2][b], x3 = s[3][b];
    const W t = x0 ^ x1 ^ x2 ^ x3;
    x0 = MixWords(t ^ x0);
    x1 = MixWords(t ^ x1);
    x2 = MixWords(t ^ x2);
    x3 = MixWords(t ^ x3);
    SwapMasked(x0, x1, kWords01);
    SwapMasked(x2, x3, kWords01);
    SwapMasked(x0, x2, kWords02);
    SwapMasked(x1, x3, kWords02);
    s[0][b] = MixWords(x0);
    s[1][b] = MixWords(x1);
    s[2][b] = MixWords(x2);
    s[3][b] = MixWords(x3);
  }
}

// Eight bytes as a little-endian word (byte 0 in bits 0..7), the order the layout counts bits in;
// one 8-byte access each, which the sanitizers check once instead of byte by byte.
BITSLICED_INLINE uint64_t Load64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
  return v;
}

BITSLICED_INLINE void Store64(uint8_t* p, uint64_t v) {
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
  std::memcpy(p, &v, 8);
}

// Round key rk in the state layout, in the tower basis: each key bit fills the 16 lanes (blocks)
// of its word's group.
BITSLICED_INLINE void SliceRoundKey(State out, const uint8_t rk[16]) {
  const uint64_t lo = Load64(rk), hi = Load64(rk + 8);
#pragma GCC unroll 32
  for (int k = 0; k < 4; ++k) {
#pragma GCC unroll 32
    for (int b = 0; b < 8; ++b) {
      const int sh = 8 * k + b;  // byte k (+4) of each half: words 0, 1 (lo) and 2, 3 (hi)
      const W m = 0x0000000100000001ull;
      out[k][b] = (((lo >> sh) & m) | (((hi >> sh) & m) << 16)) * 0xFFFF;
    }
    Affine<kToTower, 0>(out[k]);
  }
}

// The inverse of SliceRoundKey, from the lanes of block 0.
BITSLICED_INLINE void UnsliceFirstLane(uint8_t out[16], State s) {
  uint64_t lo = 0, hi = 0;
#pragma GCC unroll 32
  for (int k = 0; k < 4; ++k) {
    Affine<kFromTower, 0>(s[k]);
#pragma GCC unroll 32
    for (int b = 0; b < 8; ++b) {
      const int sh = 8 * k + b;
      const W m = 0x0000000100000001ull;
      lo |= (s[k][b] & m) << sh;
      hi |= ((s[k][b] >> 16) & m) << sh;
    }
  }
  Store64(out, lo);
  Store64(out + 8, hi);
}

using SlicedKey = AriaSlicedKey;

BITSLICED_INLINE void AddRoundKey(State s, const State rk) {
#pragma GCC unroll 32
  for (int k = 0; k < 4; ++k) {
#pragma GCC unroll 32
    for (int b = 0; b < 8; ++b) s[k][b] ^= rk[k][b];
  }
}

// One exchange of a word-index bit (word stride) with a lane bit (shift, mask of lanes where it is
// 0), over all kWords / 2 word pairs; an involution.
template <int kStride, int kShift, W kMask, int kWords = 32>
BITSLICED_INLINE void Exchange(W v[kWords]) {
#pragma GCC unroll 16
  for (int i = 0; i < kWords; i += 2 * kStride) {
#pragma GCC unroll 16
    for (int j = i; j < i + kStride; ++j) {
      const W t = ((v[j] >> kShift) ^ v[j + kStride]) & kMask;
      v[j + kStride] ^= t;
      v[j] ^= t << kShift;
    }
  }
}

// Loaded words: word index bits (blk3 blk2 blk1 blk0 w1), lane bits (w0 k1 k0 b2 b1 b0). After the
// five exchanges: word index (k0 b2 b1 b0 k1), lanes (w0 w1 blk3 blk2 blk1 blk0). Each exchange
// swaps one index bit of a word with one of a lane, the five swap disjoint pairs, so they commute
// and the whole is its own inverse: StoreBlocks undoes it with the same call.
BITSLICED_INLINE void Transpose(W v[32]) {
  Exchange<1, 16, 0x0000FFFF0000FFFFull>(v);
  Exchange<16, 8, 0x00FF00FF00FF00FFull>(v);
  Exchange<8, 4, 0x0F0F0F0F0F0F0F0Full>(v);
  Exchange<4, 2, 0x3333333333333333ull>(v);
  Exchange<2, 1, 0x5555555555555555ull>(v);
}

constexpr int WordOf(int k, int b) { return 16 * (k & 1) + 2 * b + (k >> 1); }

// Up to 16 blocks (missing ones zero lanes) into the state, and back.
BITSLICED_INLINE void LoadBlocks(State s, const uint8_t* in, size_t nblocks) {
  uint8_t buf[256] = {};
  std::memcpy(buf, in, 16 * nblocks);
  W v[32];
#pragma GCC unroll 32
  for (int i = 0; i < 32; ++i) v[i] = Load64(buf + 8 * i);
  Transpose(v);
#pragma GCC unroll 32
  for (int k = 0; k < 4; ++k) {
#pragma GCC unroll 32
    for (int b = 0; b < 8; ++b) s[k][b] = v[WordOf(k, b)];
    Affine<kToTower, 0>(s[k]);
  }
}

BITSLICED_INLINE void StoreBlocks(uint8_t* out, State s, size_t nblocks) {
  W v[32];
#pragma GCC unroll 32
  for (int k = 0; k < 4; ++k) {
    Affine<kFromTower, 0>(s[k]);
#pragma GCC unroll 32
    for (int b = 0; b < 8; ++b) v[WordOf(k, b)] = s[k][b];
  }
  Transpose(v);
  uint8_t buf[256];
#pragma GCC unroll 32
  for (int i = 0; i < 32; ++i) Store64(buf + 8 * i, v[i]);
  std::memcpy(out, buf, 16 * nblocks);
}

// ---- The narrow engine: up to 4 blocks in 8 words ----
//
// The serial modes (CBC encryption, CFB, OFB, KW) call the engine one block at a time, and a
// 16-block pass costs as much for one block. For up to 4 blocks the state is eight words p[b],
// bit 16 blk + j of p[b] = bit b of byte j of block blk (in the tower basis). The S-box type
// (j mod 4) changes from lane to lane, so one inversion circuit serves all four S-boxes and their
// affine maps are applied through lane masks; the diffusion layer moves lanes within each block's
// 16 lanes.

using Planes = W[8];
constexpr size_t kNarrowBlocks = 4;

constexpr W kTypeLanes = 0x1111111111111111ull;  // the lanes of byte positions j = 0 mod 4

// The pre- (or post-) inversion maps of four S-boxes, by byte position mod 4.
constexpr LaneAffine ByType(const SboxMaps* const (&types)[4], bool post) {
  LaneAffine r{};
  for (int t = 0; t < 4; ++t) {
    const Mat& m = post ? types[t]->post : types[t]->pre;
    const uint8_t c = post ? types[t]->post_c : types[t]->pre_c;
    const W lanes = kTypeLanes << t;
    for (int i = 0; i < 8; ++i) {
      if ((c >> i) & 1) r.c[i] |= lanes;
      for (int j = 0; j < 8; ++j) {
        if ((m.col[j] >> i) & 1) r.mask[i][j] |= lanes;
      }
    }
  }
  return r;
}
constexpr const SboxMaps* kSl1Types[4] = {&kS1, &kS2, &kS1Inv, &kS2Inv};
constexpr const SboxMaps* kSl2Types[4] = {&kS1Inv, &kS2Inv, &kS1, &kS2};
constexpr LaneAffine kSl1Pre = ByType(kSl1Types, false), kSl1Post = ByType(kSl1Types, true);
constexpr LaneAffine kSl2Pre = ByType(kSl2Types, false), kSl2Post = ByType(kSl2Types, true);

// RFC 5794 §2.4.2 on every lane: SL1 and SL2.
BITSLICED_INLINE void SubstituteSl1(Planes p) {
  LaneAffineMap<kSl1Pre>(p);
  InvTower(p);
  LaneAffineMap<kSl1Post>(p);
}

BITSLICED_INLINE void SubstituteSl2(Planes p) {
  LaneAffineMap<kSl2Pre>(p);
  InvTower(p);
  LaneAffineMap<kSl2Post>(p);
}

// Lanes L and L + kShift swapped for every L in kMask.
template <int kShift, W kMask>
BITSLICED_INLINE W DeltaSwap(W x) {
  const W t = ((x >> kShift) ^ x) & kMask;
  return x ^ t ^ (t << kShift);
}

// (J+I) over a group of four lanes kStep apart (in runs of 4 kStep): each lane becomes the XOR of
// the other three. kStep 1: the bytes of one 4-byte word; kStep 4: one byte position of the four.
template <int kStep, W kLow2, W kLow1>
BITSLICED_INLINE W XorOfOthers(W x) {
  const W a = x ^ ((x >> (2 * kStep)) & kLow2) ^ ((x << (2 * kStep)) & ~kLow2);
  return a ^ ((a >> kStep) & kLow1) ^ ((a << kStep) & ~kLow1) ^ x;
}

// RFC 5794 §2.4.3 on every plane, factored as in the file comment: (J+I)_k, (J+I)_w, P (k <-> k^1
// in words 0 and 1, then k <-> k^2 in words 0 and 2), (J+I)_w.
BITSLICED_INLINE void Diffuse(Planes p) {
#pragma GCC unroll 32
  for (int b = 0; b < 8; ++b) {
    W x = XorOfOthers<1, 0x3333333333333333ull, 0x5555555555555555ull>(p[b]);
    x = XorOfOthers<4, 0x00FF00FF00FF00FFull, 0x0F0F0F0F0F0F0F0Full>(x);
    x = DeltaSwap<2, 0x0303030303030303ull>(DeltaSwap<1, 0x0055005500550055ull>(x));
    p[b] = XorOfOthers<4, 0x00FF00FF00FF00FFull, 0x0F0F0F0F0F0F0F0Full>(x);
  }
}

// Lane 8 i + c <-> lane 8 c + i (an 8x8 bit matrix transposed); an involution.
BITSLICED_INLINE W TransposeBits8x8(W x) {
  x = DeltaSwap<7, 0x00AA00AA00AA00AAull>(x);
  x = DeltaSwap<14, 0x0000CCCC0000CCCCull>(x);
  return DeltaSwap<28, 0x00000000F0F0F0F0ull>(x);
}

// Up to 4 blocks (missing ones zero lanes) into the planes, and back. Loaded word c holds bit b of
// byte 8 c + i at lane 8 i + b; three exchanges give word b, lane 8 i + c; the 8x8 transposition
// lane 8 c + i.
BITSLICED_INLINE void LoadBlocks(Planes p, const uint8_t* in, size_t nblocks) {
  uint8_t buf[64] = {};
  std::memcpy(buf, in, 16 * nblocks);
#pragma GCC unroll 32
  for (int c = 0; c < 8; ++c) p[c] = Load64(buf + 8 * c);
  Exchange<1, 1, 0x5555555555555555ull, 8>(p);
  Exchange<2, 2, 0x3333333333333333ull, 8>(p);
  Exchange<4, 4, 0x0F0F0F0F0F0F0F0Full, 8>(p);
#pragma GCC unroll 32
  for (int b = 0; b < 8; ++b) p[b] = TransposeBits8x8(p[b]);
  Affine<kToTower, 0>(p);
}

BITSLICED_INLINE void StoreBlocks(uint8_t* out, Planes p, size_t nblocks) {
  Affine<kFromTower, 0>(p);
#pragma GCC unroll 32
  for (int b = 0; b < 8; ++b) p[b] = TransposeBits8x8(p[b]);
  Exchange<4, 4, 0x0F0F0F0F0F0F0F0Full, 8>(p);
  Exchange<2, 2, 0x3333333333333333ull, 8>(p);
  Exchange<1, 1, 0x5555555555555555ull, 8>(p);
  uint8_t buf[64];
#pragma GCC unroll 32
  for (int c = 0; c < 8; ++c) Store64(buf + 8 * c, p[c]);
  std::memcpy(out, buf, 16 * nblocks);
}

BITSLICED_INLINE void AddRoundKey(Planes p, const Planes rk) {
#pragma GCC unroll 32
  for (int b = 0; b < 8; ++b) p[b] ^= rk[b];
}

// Round key rk as planes, the same in each block's lanes.
BITSLICED_INLINE void SliceRoundKeyPlanes(Planes out, const uint8_t rk[16]) {
  uint8_t four[64];
#pragma GCC unroll 32
  for (int blk = 0; blk < 4; ++blk) std::memcpy(four + 16 * blk, rk, 16);
  LoadBlocks(out, four, 4);
}

// RFC 5794 §2.3.1 on either engine's state s (16 blocks in 32 words or up to 4 in 8), with round
// keys rk[0..n] in its layout.
template <typename S, typename RoundKeys>
BITSLICED_INLINE void Rounds(S s, const RoundKeys rk, int n) {
  for (int r = 0; r + 1 < n; ++r) {
    AddRoundKey(s, rk[r]);
    if (r % 2 == 0) {
      SubstituteSl1(s);
    } else {
      SubstituteSl2(s);
    }
    Diffuse(s);
  }
  AddRoundKey(s, rk[n - 1]);
  SubstituteSl2(s);
  AddRoundKey(s, rk[n]);
}

// One pass of either engine (S is State or Planes, rk the key's round keys in its layout).
template <typename S, typename RoundKeys>
BITSLICED_INLINE void CryptPass(const RoundKeys rk, int rounds, uint8_t* out, const uint8_t* in,
                                size_t nblocks) {
  S s;
  LoadBlocks(s, in, nblocks);
  Rounds(s, rk, rounds);
  StoreBlocks(out, s, nblocks);
}

BITSLICED_NO_POINTER_OVERFLOW_CHECK void CryptUpTo16(const SlicedKey& key, uint8_t* out,
                                                     const uint8_t* in, size_t nblocks) {
  CryptPass<State>(key.rk, key.rounds, out, in, nblocks);
}

BITSLICED_NO_POINTER_OVERFLOW_CHECK void CryptUpTo4(const SlicedKey& key, uint8_t* out,
                                                    const uint8_t* in, size_t nblocks) {
  CryptPass<Planes>(key.planes, key.rounds, out, in, nblocks);
}

BITSLICED_INLINE void SliceKey(SlicedKey* out, const AriaKey& key) {
  out->rounds = key.rounds;
  for (int r = 0; r <= key.rounds; ++r) {
    SliceRoundKey(out->rk[r], key.rk[r]);
    SliceRoundKeyPlanes(out->planes[r], key.rk[r]);
  }
}

// One engine pass over n <= 16 blocks: the narrow engine up to 4 blocks, else the 16-block one.
void CryptPass(const SlicedKey& key, uint8_t* out, const uint8_t* in, size_t n) {
  if (n <= kNarrowBlocks) {
    CryptUpTo4(key, out, in, n);
  } else {
    CryptUpTo16(key, out, in, n);
  }
}

// Big-endian words: the counter block's halves.
BITSLICED_INLINE uint64_t LoadBe64(const uint8_t* p) { return __builtin_bswap64(Load64(p)); }
BITSLICED_INLINE void StoreBe64(uint8_t* p, uint64_t v) { Store64(p, __builtin_bswap64(v)); }

// The low width_bytes bytes of a big-endian 128-bit value, as masks of its two halves.
constexpr uint64_t LowBytesMask(int n) {
  return n >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * n)) - 1;
}

// Counter mode with a big-endian counter in the low width_bytes bytes of the block (4: inc32, 16:
// the whole block); the other bytes stay. No branch on the counter: the carry into the high half is
// computed arithmetically.
void Ctr(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t nblocks, uint8_t ctr[16],
         int width_bytes) {
  if (nblocks == 0) return;
  const uint64_t mask_lo = LowBytesMask(width_bytes);
  const uint64_t mask_hi = width_bytes > 8 ? LowBytesMask(width_bytes - 8) : 0;
  uint64_t hi = LoadBe64(ctr), lo = LoadBe64(ctr + 8);
  uint8_t ks[16 * kBitslicedBlocks];
  const SlicedKey& sliced = key.sliced;
  while (nblocks > 0) {
    const size_t n = nblocks < kBitslicedBlocks ? nblocks : kBitslicedBlocks;
    for (size_t b = 0; b < n; ++b) {
      StoreBe64(ks + 16 * b, hi);
      StoreBe64(ks + 16 * b + 8, lo);
      const uint64_t rest = ~(lo | ~mask_lo);  // 0 when every counter bit of lo is set
      const uint64_t carry = ((rest | (0 - rest)) >> 63) ^ 1;
      lo = (lo & ~mask_lo) | ((lo + 1) & mask_lo);
      hi = (hi & ~mask_hi) | ((hi + carry) & mask_hi);
    }
    CryptPass(sliced, ks, ks, n);
    for (size_t i = 0; i < 16 * n; ++i) out[i] = in[i] ^ ks[i];
    out += 16 * n;
    in += 16 * n;
    nblocks -= n;
  }
  StoreBe64(ctr, hi);
  StoreBe64(ctr + 8, lo);
}

}  // namespace

BITSLICED_NO_POINTER_OVERFLOW_CHECK void BitslicedRoundFunction(bool odd, uint8_t block[16],
                                                                const uint8_t rk[16]) {
  // One block needs no transposition: sliced like a round key, it fills every lane.
  State s, k;
  SliceRoundKey(s, block);
  SliceRoundKey(k, rk);
  AddRoundKey(s, k);
  if (odd) {
    SubstituteSl1(s);
  } else {
    SubstituteSl2(s);
  }
  Diffuse(s);
  UnsliceFirstLane(block, s);
}

void BitslicedSliceKey(AriaKey* key) { SliceKey(&key->sliced, *key); }

void BitslicedCryptBlocks(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t nblocks) {
  if (nblocks == 0) return;
  const SlicedKey& sliced = key.sliced;
  while (nblocks > 0) {
    const size_t n = nblocks < kBitslicedBlocks ? nblocks : kBitslicedBlocks;
    CryptPass(sliced, out, in, n);
    out += 16 * n;
    in += 16 * n;
    nblocks -= n;
  }
}

void BitslicedCtr32(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t nblocks,
                    uint8_t ctr[16]) {
  Ctr(key, out, in, nblocks, ctr, 4);
}

void BitslicedCtr128(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t nblocks,
                     uint8_t ctr[16]) {
  Ctr(key, out, in, nblocks, ctr, 16);
}

#undef BITSLICED_INLINE
#undef BITSLICED_NO_POINTER_OVERFLOW_CHECK

}  // namespace ariasuite::internal
