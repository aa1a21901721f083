// GF(2^128) for GCM, bit-serial (SP 800-38D §6.3).
#include "vectors/gen/gf128.h"

namespace ariasuite::gen {

Block Xor(const Block& a, const Block& b) {
  Block r;
  for (int i = 0; i < 16; ++i) r[i] = a[i] ^ b[i];
  return r;
}

// Algorithm 1: Z = 0, V = Y; for each bit x_i of X (i = 0..127, most significant bit of byte 0
// first): if x_i then Z ^= V; V = V >> 1, and V ^= R (R = 11100001 || 0^120) when V's last bit was 1.
Block GfMul(const Block& x, const Block& y) {
  Block z{}, v = y;
  for (int i = 0; i < 128; ++i) {
    if ((x[i / 8] >> (7 - i % 8)) & 1) z = Xor(z, v);
    const bool lsb = v[15] & 1;
    for (int k = 15; k > 0; --k) v[k] = static_cast<uint8_t>((v[k] >> 1) | (v[k - 1] << 7));
    v[0] >>= 1;
    if (lsb) v[0] ^= 0xe1;
  }
  return z;
}

Block GfPow(const Block& x, uint64_t e_hi, uint64_t e_lo) {
  Block one{};
  one[0] = 0x80;  // the polynomial 1
  Block result = one, base = x;
  for (int i = 0; i < 128; ++i) {
    const uint64_t word = i < 64 ? e_lo : e_hi;
    if ((word >> (i % 64)) & 1) result = GfMul(result, base);
    base = GfMul(base, base);
  }
  return result;
}

Block GfInverse(const Block& x) {
  // The multiplicative group has order 2^128 - 1, so x^-1 = x^(2^128 - 2).
  return GfPow(x, ~uint64_t{0}, ~uint64_t{0} - 1);
}

Block Ghash(const Block& h, const std::vector<uint8_t>& data) {
  Block y{};
  for (size_t off = 0; off < data.size(); off += 16) {
    Block x{};
    for (size_t i = 0; i < 16 && off + i < data.size(); ++i) x[i] = data[off + i];
    y = GfMul(Xor(y, x), h);
  }
  return y;
}

namespace {

// IV || 0^s || [0]_64 || [len(IV) in bits]_64.
std::vector<uint8_t> IvBlocks(const std::vector<uint8_t>& iv) {
  std::vector<uint8_t> s = iv;
  s.resize((iv.size() + 15) / 16 * 16, 0);
  const uint64_t bits = static_cast<uint64_t>(iv.size()) * 8;
  for (int i = 0; i < 8; ++i) s.push_back(0);
  for (int i = 7; i >= 0; --i) s.push_back(static_cast<uint8_t>(bits >> (8 * i)));
  return s;
}

}  // namespace

Block J0ForIv(const Block& h, const std::vector<uint8_t>& iv) {
  if (iv.size() == 12) {
    Block j0{};
    for (int i = 0; i < 12; ++i) j0[i] = iv[i];
    j0[15] = 1;
    return j0;
  }
  return Ghash(h, IvBlocks(iv));
}

void SolveIvForJ0(const Block& h, const Block& j0, std::vector<uint8_t>* iv) {
  // GHASH is linear in each block: J0 = sum_j X_j * H^(m - j + 1) for blocks X_1..X_m.
  std::vector<uint8_t> blocks = IvBlocks(*iv);
  for (int i = 0; i < 16; ++i) blocks[i] = 0;
  const Block rest = Ghash(h, blocks);  // the contribution of X_2..X_m with X_1 = 0
  const uint64_t m = blocks.size() / 16;
  const Block x1 = GfMul(Xor(j0, rest), GfInverse(GfPow(h, 0, m)));
  for (int i = 0; i < 16; ++i) (*iv)[i] = x1[i];
}

}  // namespace ariasuite::gen
