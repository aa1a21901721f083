// Constant-time GHASH for the scalar reference (SP 800-38D §6.3-6.4).
//
// Technique: carry-less multiplication from ordinary integer multiplications "with holes". A 32-bit
// operand is split into four parts that keep only every fourth bit (masks 0x11111111 << k); the
// product of two such parts has at most 8 terms adding into any bit position, so carries (at most 3
// bits) never reach the next position of the same residue class, and the XOR-combination of the 16
// part products, masked per residue class, is the exact carry-less product. 32x32 products build a
// 64x64 one by Karatsuba, and 64x64 ones a 128x128 one by Karatsuba; the 256-bit product is reduced
// mod x^128 + x^7 + x^2 + x + 1. Blocks are bit-reversed on entry (GCM puts x^0 in the leftmost
// bit) so the arithmetic is on ordinary polynomials. No table, no data-dependent branch or index.
#include "impl/ghash_ref.h"

#include <cstring>

namespace ariasuite::internal {
namespace {

struct U128 {
  uint64_t lo, hi;  // coefficients x^0..x^63 and x^64..x^127.
};

inline uint64_t LoadBe64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
  return v;
}

inline void StoreBe64(uint8_t* p, uint64_t v) {
  for (int i = 7; i >= 0; --i) {
    p[i] = static_cast<uint8_t>(v);
    v >>= 8;
  }
}

inline uint64_t Rev64(uint64_t x) {
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
  x = ((x >> 8) & 0x00FF00FF00FF00FFull) | ((x & 0x00FF00FF00FF00FFull) << 8);
  x = ((x >> 16) & 0x0000FFFF0000FFFFull) | ((x & 0x0000FFFF0000FFFFull) << 16);
  return (x >> 32) | (x << 32);
}

// GCM block (x^0 = leftmost bit) <-> polynomial.
inline U128 FromBlock(const uint8_t b[16]) {
  return U128{Rev64(LoadBe64(b)), Rev64(LoadBe64(b + 8))};
}

inline void ToBlock(uint8_t b[16], U128 v) {
  StoreBe64(b, Rev64(v.lo));
  StoreBe64(b + 8, Rev64(v.hi));
}

inline uint64_t Clmul32(uint32_t a, uint32_t b) {
  const uint64_t a0 = a & 0x11111111u, a1 = a & 0x22222222u, a2 = a & 0x44444444u,
                 a3 = a & 0x88888888u;
  const uint64_t b0 = b & 0x11111111u, b1 = b & 0x22222222u, b2 = b & 0x44444444u,
                 b3 = b & 0x88888888u;
  const uint64_t z0 = (a0 * b0) ^ (a1 * b3) ^ (a2 * b2) ^ (a3 * b1);
  const uint64_t z1 = (a0 * b1) ^ (a1 * b0) ^ (a2 * b3) ^ (a3 * b2);
  const uint64_t z2 = (a0 * b2) ^ (a1 * b1) ^ (a2 * b0) ^ (a3 * b3);
  const uint64_t z3 = (a0 * b3) ^ (a1 * b2) ^ (a2 * b1) ^ (a3 * b0);
  return (z0 & 0x1111111111111111ull) | (z1 & 0x2222222222222222ull) |
         (z2 & 0x4444444444444444ull) | (z3 & 0x8888888888888888ull);
}

inline U128 Clmul64(uint64_t a, uint64_t b) {
  const uint32_t a0 = static_cast<uint32_t>(a), a1 = static_cast<uint32_t>(a >> 32);
  const uint32_t b0 = static_cast<uint32_t>(b), b1 = static_cast<uint32_t>(b >> 32);
  const uint64_t lo = Clmul32(a0, b0);
  const uint64_t hi = Clmul32(a1, b1);
  const uint64_t mid = Clmul32(a0 ^ a1, b0 ^ b1) ^ lo ^ hi;
  return U128{lo ^ (mid << 32), hi ^ (mid >> 32)};
}

// x * y mod x^128 + x^7 + x^2 + x + 1.
inline U128 GfMul(U128 x, U128 y) {
  const U128 p0 = Clmul64(x.lo, y.lo);
  const U128 p2 = Clmul64(x.hi, y.hi);
  U128 p1 = Clmul64(x.lo ^ x.hi, y.lo ^ y.hi);
  p1.lo ^= p0.lo ^ p2.lo;
  p1.hi ^= p0.hi ^ p2.hi;
  const uint64_t w0 = p0.lo, w1 = p0.hi ^ p1.lo, w2 = p2.lo ^ p1.hi, w3 = p2.hi;
  // x^128 = x^7 + x^2 + x + 1: fold (w3:w2) * (1 + x + x^2 + x^7) into (w1:w0).
  uint64_t t0 = w2 ^ (w2 << 1) ^ (w2 << 2) ^ (w2 << 7);
  const uint64_t t1 = w3 ^ (w3 << 1) ^ (w3 << 2) ^ (w3 << 7) ^ (w2 >> 63) ^ (w2 >> 62) ^ (w2 >> 57);
  const uint64_t over = (w3 >> 63) ^ (w3 >> 62) ^ (w3 >> 57);  // bits 128..134 of that product.
  t0 ^= over ^ (over << 1) ^ (over << 2) ^ (over << 7);
  return U128{w0 ^ t0, w1 ^ t1};
}

}  // namespace

void GhashInitRef(GhashKey* out, const uint8_t h[16]) {
  std::memset(out->bytes, 0, sizeof(out->bytes));
  const U128 hv = FromBlock(h);
  std::memcpy(out->bytes, &hv, sizeof(hv));
}

void GhashRef(const GhashKey& key, uint8_t xi[16], const uint8_t* in, size_t nblocks) {
  U128 h;
  std::memcpy(&h, key.bytes, sizeof(h));
  U128 z = FromBlock(xi);
  for (size_t i = 0; i < nblocks; ++i) {
    const U128 b = FromBlock(in + 16 * i);
    z.lo ^= b.lo;
    z.hi ^= b.hi;
    z = GfMul(z, h);
  }
  ToBlock(xi, z);
}

void GfMul128Ref(uint8_t out[16], const uint8_t x[16], const uint8_t y[16]) {
  ToBlock(out, GfMul(FromBlock(x), FromBlock(y)));
}

}  // namespace ariasuite::internal
