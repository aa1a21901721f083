// Bit-sliced, table-free evaluation of ARIA's S-boxes (RFC 5794 §2.4.2); see sbox.h for the method.
// The linear parts come from the ARIA specification (NSRI, "Specification of ARIA", v1.0, §2.4.2):
//   S1(x) = A * x^-1  + 0x63   (A: AES's affine matrix, FIPS 197 §5.1.1)
//   S2(x) = B * x^247 + 0xe2   (B: ARIA's own matrix; x^247 = (x^-1)^8)
// and S1^-1, S2^-1 are their inverses. Each is written as Post * inv(Pre * x + c_pre) + c_post:
//   S1:     Pre = I,        c_pre = 0,            Post = A,     c_post = 0x63
//   S2:     Pre = I,        c_pre = 0,            Post = B*Q^3, c_post = 0xe2   (Q: squaring map)
//   S1^-1:  Pre = A^-1,     c_pre = A^-1 0x63,    Post = I,     c_post = 0
//   S2^-1:  Pre = (BQ^3)^-1, c_pre = (BQ^3)^-1 0xe2, Post = I,  c_post = 0
// The tests check every S-box against RFC 5794's tables.
#include "impl/sbox.h"

#include <cstring>

namespace ariasuite::internal {
namespace {

// ---- Byte-level GF(2) linear algebra on public constants (setup only) ----

// A linear map of GF(2)^8 as its columns: col[j] = L(1 << j).
struct Linear {
  uint8_t col[8];
};

uint8_t Apply(const Linear& l, uint8_t x) {
  uint8_t y = 0;
  for (int j = 0; j < 8; ++j) {
    if ((x >> j) & 1) y ^= l.col[j];  // public constant data only
  }
  return y;
}

Linear Compose(const Linear& outer, const Linear& inner) {
  Linear r;
  for (int j = 0; j < 8; ++j) r.col[j] = Apply(outer, inner.col[j]);
  return r;
}

Linear Identity() {
  Linear r;
  for (int j = 0; j < 8; ++j) r.col[j] = static_cast<uint8_t>(1u << j);
  return r;
}

Linear Inverse(const Linear& l) {
  uint8_t inv[256] = {};
  for (int x = 0; x < 256; ++x) inv[Apply(l, static_cast<uint8_t>(x))] = static_cast<uint8_t>(x);
  Linear r;
  for (int j = 0; j < 8; ++j) r.col[j] = inv[1u << j];
  return r;
}

// FIPS 197 §5.1.1: b'_i = b_i + b_{i+4} + b_{i+5} + b_{i+6} + b_{i+7} (indices mod 8).
Linear AesAffine() {
  Linear r;
  for (int j = 0; j < 8; ++j) {
    unsigned x = 1u << j, y = 0;
    for (int s = 0; s <= 4; ++s) y ^= ((x << s) | (x >> (8 - s))) & 0xff;
    r.col[j] = static_cast<uint8_t>(y);
  }
  return r;
}

// ARIA specification §2.4.2, matrix B; row i gives output bit i, the leftmost entry is input bit 0.
Linear AriaB() {
  static const char* const kRows[8] = {"01011110", "00111101", "11010111", "10011101",
                                       "00101100", "10000001", "01011101", "11010011"};
  Linear r = {};
  for (int i = 0; i < 8; ++i) {
    for (int j = 0; j < 8; ++j) {
      if (kRows[i][j] == '1') r.col[j] |= static_cast<uint8_t>(1u << i);
    }
  }
  return r;
}

// Squaring in GF(2^8) mod x^8+x^4+x^3+x+1 is linear over GF(2).
uint8_t GfMulPublic(uint8_t a, uint8_t b) {
  uint8_t r = 0;
  for (int i = 0; i < 8; ++i) {
    if ((b >> i) & 1) r ^= a;
    a = static_cast<uint8_t>((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
  }
  return r;
}

Linear Squaring() {
  Linear r;
  for (int j = 0; j < 8; ++j) {
    uint8_t x = static_cast<uint8_t>(1u << j);
    r.col[j] = GfMulPublic(x, x);
  }
  return r;
}

struct SboxSpec {
  Linear pre;
  uint8_t pre_c;
  Linear post;
  uint8_t post_c;
};

SboxSpec SpecFor(Sbox s) {
  const Linear a = AesAffine();
  const Linear q = Squaring();
  const Linear b_q3 = Compose(AriaB(), Compose(q, Compose(q, q)));
  SboxSpec spec{Identity(), 0, Identity(), 0};
  switch (s) {
    case Sbox::kS1:
      spec.post = a;
      spec.post_c = 0x63;
      break;
    case Sbox::kS2:
      spec.post = b_q3;
      spec.post_c = 0xe2;
      break;
    case Sbox::kS1Inv:
      spec.pre = Inverse(a);
      spec.pre_c = Apply(spec.pre, 0x63);
      break;
    case Sbox::kS2Inv:
      spec.pre = Inverse(b_q3);
      spec.pre_c = Apply(spec.pre, 0xe2);
      break;
  }
  return spec;
}

// ---- Bit slicing: 64 bytes <-> 8 planes; plane i bit n = bit i of byte n ----

inline uint64_t Load64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

inline void Store64(uint8_t* p, uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
}

// Transposes the 8x8 bit matrix whose row r is byte r (bit c of row r is bit 8r+c): bit 8r+c moves
// to bit 8c+r. An involution.
inline uint64_t TransposeBits(uint64_t x) {
  uint64_t t;
  t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAull;
  x ^= t ^ (t << 7);
  t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCull;
  x ^= t ^ (t << 14);
  t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ull;
  x ^= t ^ (t << 28);
  return x;
}

// Transposes the 8x8 byte matrix w[row] byte col: afterwards w[c] byte r is the old w[r] byte c.
inline void TransposeBytes(uint64_t w[8]) {
  for (int m = 0; m < 4; ++m) {
    const uint64_t a = w[m], b = w[m + 4];
    w[m] = (a & 0x00000000FFFFFFFFull) | (b << 32);
    w[m + 4] = (a >> 32) | (b & 0xFFFFFFFF00000000ull);
  }
  static constexpr int kPairs16[4] = {0, 1, 4, 5};
  for (int m : kPairs16) {
    const uint64_t a = w[m], b = w[m + 2], k = 0x0000FFFF0000FFFFull;
    w[m] = (a & k) | ((b & k) << 16);
    w[m + 2] = ((a >> 16) & k) | (b & ~k);
  }
  static constexpr int kPairs8[4] = {0, 2, 4, 6};
  for (int m : kPairs8) {
    const uint64_t a = w[m], b = w[m + 1], k = 0x00FF00FF00FF00FFull;
    w[m] = (a & k) | ((b & k) << 8);
    w[m + 1] = ((a >> 8) & k) | (b & ~k);
  }
}

inline void ToPlanes(const uint8_t in[64], uint64_t p[8]) {
  for (int m = 0; m < 8; ++m) p[m] = TransposeBits(Load64(in + 8 * m));
  TransposeBytes(p);
}

inline void FromPlanes(uint64_t p[8], uint8_t out[64]) {
  TransposeBytes(p);
  for (int m = 0; m < 8; ++m) Store64(out + 8 * m, TransposeBits(p[m]));
}

// ---- Bit-sliced GF(2^8) arithmetic, 64 elements at once ----

// Folds c[8..14] into c[0..7] with x^8 = x^4 + x^3 + x + 1.
inline void Reduce(uint64_t c[15], uint64_t out[8]) {
  for (int k = 14; k >= 8; --k) {
    c[k - 4] ^= c[k];
    c[k - 5] ^= c[k];
    c[k - 7] ^= c[k];
    c[k - 8] ^= c[k];
  }
  for (int i = 0; i < 8; ++i) out[i] = c[i];
}

inline void GfMul(uint64_t out[8], const uint64_t a[8], const uint64_t b[8]) {
  uint64_t c[15] = {};
  for (int i = 0; i < 8; ++i) {
    for (int j = 0; j < 8; ++j) c[i + j] ^= a[i] & b[j];
  }
  Reduce(c, out);
}

inline void GfSquare(uint64_t out[8], const uint64_t a[8]) {
  uint64_t c[15] = {};
  for (int i = 0; i < 8; ++i) c[2 * i] = a[i];
  Reduce(c, out);
}

// x^254 = x^-1 (0 -> 0): x^2, x^3, x^12, x^15, x^240, x^252, x^254.
inline void GfInvert(uint64_t x[8]) {
  uint64_t x2[8], x3[8], x12[8], x15[8], t[8];
  GfSquare(x2, x);
  GfMul(x3, x2, x);
  GfSquare(t, x3);   // x^6
  GfSquare(x12, t);  // x^12
  GfMul(x15, x12, x3);
  GfSquare(t, x15);  // x^30
  GfSquare(t, t);    // x^60
  GfSquare(t, t);    // x^120
  GfSquare(t, t);    // x^240
  GfMul(t, t, x12);  // x^252
  GfMul(x, t, x2);   // x^254
}

inline void Affine(uint64_t x[8], const uint64_t m[8][8], const uint64_t c[8]) {
  uint64_t y[8];
  for (int i = 0; i < 8; ++i) {
    uint64_t acc = c[i];
    for (int j = 0; j < 8; ++j) acc ^= m[i][j] & x[j];
    y[i] = acc;
  }
  for (int i = 0; i < 8; ++i) x[i] = y[i];
}

}  // namespace

SboxLayer MakeSboxLayer(Sbox b0, Sbox b1, Sbox b2, Sbox b3) {
  const Sbox pattern[4] = {b0, b1, b2, b3};
  SboxLayer layer = {};
  for (int t = 0; t < 4; ++t) {
    const SboxSpec spec = SpecFor(pattern[t]);
    const uint64_t lanes = 0x1111111111111111ull << t;  // bytes n with n % 4 == t
    for (int i = 0; i < 8; ++i) {
      for (int j = 0; j < 8; ++j) {
        if ((spec.pre.col[j] >> i) & 1) layer.pre[i][j] |= lanes;
        if ((spec.post.col[j] >> i) & 1) layer.post[i][j] |= lanes;
      }
      if ((spec.pre_c >> i) & 1) layer.pre_c[i] |= lanes;
      if ((spec.post_c >> i) & 1) layer.post_c[i] |= lanes;
    }
  }
  return layer;
}

const SboxLayer& Sl1Layer() {
  static const SboxLayer layer = MakeSboxLayer(Sbox::kS1, Sbox::kS2, Sbox::kS1Inv, Sbox::kS2Inv);
  return layer;
}

const SboxLayer& Sl2Layer() {
  static const SboxLayer layer = MakeSboxLayer(Sbox::kS1Inv, Sbox::kS2Inv, Sbox::kS1, Sbox::kS2);
  return layer;
}

const SboxLayer& AllS1Layer() {
  static const SboxLayer layer = MakeSboxLayer(Sbox::kS1, Sbox::kS1, Sbox::kS1, Sbox::kS1);
  return layer;
}

void SubstituteBytes(const SboxLayer& layer, uint8_t* bytes, size_t len) {
  if (len > 64) len = 64;
  uint8_t buf[64] = {};
  std::memcpy(buf, bytes, len);
  uint64_t p[8];
  ToPlanes(buf, p);
  Affine(p, layer.pre, layer.pre_c);
  GfInvert(p);
  Affine(p, layer.post, layer.post_c);
  FromPlanes(p, buf);
  std::memcpy(bytes, buf, len);
}

uint8_t ApplySbox(Sbox sbox, uint8_t x) {
  const SboxLayer layer = MakeSboxLayer(sbox, sbox, sbox, sbox);
  SubstituteBytes(layer, &x, 1);
  return x;
}

}  // namespace ariasuite::internal
