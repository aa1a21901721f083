// GF(2^128), GHASH, J0 and the J0 solver (see gcm_math.h). A model for the fuzzers and the
// generator only: bit-serial, not constant time, not used by impl/.
#include "oracles/gcm_math.h"

#include <memory>
#include <utility>
#include <vector>

namespace ariasuite::oracles {
namespace {

using u128 = unsigned __int128;

// Bit i of a block in the spec's order: bit 0 is the most significant bit of byte 0.
bool BitAt(const Block& b, int i) { return (b[i / 8] >> (7 - i % 8)) & 1; }

uint64_t Load64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
  return v;
}

void Store64(uint64_t v, uint8_t* p) {
  for (int i = 0; i < 8; ++i) p[i] = static_cast<uint8_t>(v >> (56 - 8 * i));
}

Block One() {
  Block r{};
  r[0] = 0x80;  // The field's 1 is the bit string 1 || 0^127 (SP 800-38D §6.3).
  return r;
}

}  // namespace

Block Xor(const Block& a, const Block& b) {
  Block r;
  for (int i = 0; i < 16; ++i) r[i] = a[i] ^ b[i];
  return r;
}

Block GfMul(const Block& x, const Block& y) {
  // SP 800-38D §6.3 Algorithm 1: Z accumulates V = Y * x^i; R = 11100001 || 0^120. The blocks as
  // two 64-bit halves: hi holds bits 0..63 of the bit string (bit 0 = the top bit of byte 0).
  const uint64_t x_hi = Load64(x.data()), x_lo = Load64(x.data() + 8);
  uint64_t v_hi = Load64(y.data()), v_lo = Load64(y.data() + 8), z_hi = 0, z_lo = 0;
  for (int i = 0; i < 128; ++i) {
    const uint64_t x_i = i < 64 ? (x_hi >> (63 - i)) & 1 : (x_lo >> (127 - i)) & 1;
    if (x_i) {
      z_hi ^= v_hi;
      z_lo ^= v_lo;
    }
    const bool lsb = v_lo & 1;
    v_lo = (v_lo >> 1) | (v_hi << 63);
    v_hi >>= 1;
    if (lsb) v_hi ^= 0xe100000000000000ULL;
  }
  Block z;
  Store64(z_hi, z.data());
  Store64(z_lo, z.data() + 8);
  return z;
}

GfMulBy::GfMulBy(const Block& y) {
  // V_0 = Y; V_{i+1} = V_i >> 1, xored with R when the bit shifted out was 1 (Algorithm 1).
  uint64_t v_hi = Load64(y.data()), v_lo = Load64(y.data() + 8);
  for (int k = 0; k < 32; ++k) {
    // Bit 4k + b of x is the nibble's bit of weight 8 >> b (bits count from the top).
    uint64_t by_weight_hi[9] = {}, by_weight_lo[9] = {};
    for (int b = 0; b < 4; ++b) {
      by_weight_hi[8 >> b] = v_hi;
      by_weight_lo[8 >> b] = v_lo;
      const bool lsb = v_lo & 1;
      v_lo = (v_lo >> 1) | (v_hi << 63);
      v_hi >>= 1;
      if (lsb) v_hi ^= 0xe100000000000000ULL;
    }
    hi_[k][0] = lo_[k][0] = 0;
    for (int n = 1; n < 16; ++n) {
      const int low = n & -n;  // n's lowest set bit: the entry without it is already made
      hi_[k][n] = hi_[k][n ^ low] ^ by_weight_hi[low];
      lo_[k][n] = lo_[k][n ^ low] ^ by_weight_lo[low];
    }
  }
}

Block GfMulBy::operator()(const Block& x) const {
  uint64_t z_hi = 0, z_lo = 0;
  for (int k = 0; k < 32; ++k) {
    const int nibble = (x[k / 2] >> (k % 2 == 0 ? 4 : 0)) & 0xf;
    z_hi ^= hi_[k][nibble];
    z_lo ^= lo_[k][nibble];
  }
  Block z;
  Store64(z_hi, z.data());
  Store64(z_lo, z.data() + 8);
  return z;
}

Block GfMulBy::PowerOfX(int i) const {
  Block z;
  Store64(hi_[i / 4][8 >> (i % 4)], z.data());
  Store64(lo_[i / 4][8 >> (i % 4)], z.data() + 8);
  return z;
}

// Square-and-multiply from the lowest exponent bit, stopping after the highest set one.
Block GfPow(const Block& x, uint64_t e_hi, uint64_t e_lo) {
  Block result = One(), base = x;
  while (e_hi != 0 || e_lo != 0) {
    if (e_lo & 1) result = GfMul(result, base);
    base = GfMul(base, base);
    e_lo = (e_lo >> 1) | (e_hi << 63);
    e_hi >>= 1;
  }
  return result;
}

Block GfInverse(const Block& x) {
  // The multiplicative group has order 2^128 - 1, so x^-1 = x^(2^128 - 2).
  return GfPow(x, ~uint64_t{0}, ~uint64_t{0} - 1);
}

namespace {

// The multiplication table of the last H (per thread): one fuzz input asks for several GHASHes
// and powers under one H (J0 before and after solving, the counter checks, the oracle's tag).
const GfMulBy& TimesH(const Block& h) {
  thread_local Block last_h{};
  thread_local std::unique_ptr<GfMulBy> last_table;
  if (!last_table || last_h != h) {
    last_table = std::make_unique<GfMulBy>(h);
    last_h = h;
  }
  return *last_table;
}

}  // namespace

Block Ghash(const Block& h, const uint8_t* data, size_t len) {
  const GfMulBy& times_h = TimesH(h);
  Block y{};
  for (size_t off = 0; off < len; off += 16) {
    Block x{};
    for (size_t i = 0; i < 16 && off + i < len; ++i) x[i] = data[off + i];
    y = times_h(Xor(y, x));
  }
  return y;
}

Block GcmJ0(const Block& h, const uint8_t* iv, size_t iv_len) {
  Block j0{};
  if (iv_len == 12) {
    for (int i = 0; i < 12; ++i) j0[i] = iv[i];
    j0[15] = 1;
    return j0;
  }
  // IV || 0^s || [0]_64 || [len(IV) in bits]_64.
  std::vector<uint8_t> blocks(iv, iv + iv_len);
  blocks.resize((iv_len + 15) / 16 * 16 + 16, 0);
  const uint64_t bits = static_cast<uint64_t>(iv_len) * 8;
  for (int i = 0; i < 8; ++i) blocks[blocks.size() - 1 - i] = static_cast<uint8_t>(bits >> (8 * i));
  return Ghash(h, blocks.data(), blocks.size());
}

Block Inc32(const Block& counter) {
  Block r = counter;
  for (int i = 15; i >= 12; --i) {
    if (++r[i] != 0) break;
  }
  return r;
}

Block FullMask() {
  Block m;
  m.fill(0xff);
  return m;
}

Block CounterMask() {
  Block m{};
  for (int i = 12; i < 16; ++i) m[i] = 0xff;
  return m;
}

Block CounterTarget(uint32_t before) {
  Block t{};
  const uint32_t c = 0xffffffffu - before;
  for (int i = 0; i < 4; ++i) t[15 - i] = static_cast<uint8_t>(c >> (8 * i));
  return t;
}

bool CounterWraps(const Block& h, const uint8_t* iv, size_t iv_len, size_t text_len) {
  if (iv_len == 0) return false;
  const Block j0 = GcmJ0(h, iv, iv_len);
  const uint64_t low =
      (uint64_t{j0[12]} << 24) | (uint64_t{j0[13]} << 16) | (uint64_t{j0[14]} << 8) | j0[15];
  return low + (text_len + 15) / 16 > 0xffffffffull;
}

uint32_t J0Counter(const Block& h, const uint8_t* iv, size_t iv_len) {
  if (iv_len == 0) return 0;
  const Block j0 = GcmJ0(h, iv, iv_len);
  return (uint32_t{j0[12]} << 24) | (uint32_t{j0[13]} << 16) | (uint32_t{j0[14]} << 8) | j0[15];
}

namespace {

// H^e for the solver: e multiplications through the table of H (each about a fifth of a
// bit-serial GfMul) up to e = 64, e.g. every IV of up to 1 KiB; square-and-multiply beyond.
Block PowerOfH(const Block& h, uint64_t e) {
  if (e > 64) return GfPow(h, 0, e);
  const GfMulBy& times_h = TimesH(h);
  Block p = One();
  for (uint64_t i = 0; i < e; ++i) p = times_h(p);
  return p;
}

}  // namespace

bool SolveIvForJ0(uint8_t* iv, size_t iv_len, size_t window_off, size_t window_len, const Block& h,
                  const Block& target, const Block& mask) {
  if (iv_len == 12 || window_len == 0 || window_len > 16 || window_off > iv_len ||
      window_len > iv_len - window_off) {
    return false;
  }
  const int nvars = static_cast<int>(window_len * 8);
  std::vector<uint8_t> work(iv, iv + iv_len);
  std::vector<uint8_t> keep(iv + window_off, iv + window_off + window_len);
  for (size_t i = 0; i < window_len; ++i) work[window_off + i] = 0;
  const Block base = GcmJ0(h, work.data(), iv_len);
  const Block want = Xor(base, target);

  // Column j: how J0 changes when window bit j flips. The IV block holding byte b is X_{b/16+1} of
  // n = ceil(iv_len/16) + 1 blocks; it is multiplied by H^(n - b/16).
  const uint64_t nblocks = (iv_len + 15) / 16 + 1;
  // The window bit's unit block is x^p (p its bit position in the block), so its column is
  // H^k * x^p: Algorithm 1's V_p for Y = H^k.
  std::vector<Block> columns(nvars);
  uint64_t cached_block = ~uint64_t{0};
  std::unique_ptr<GfMulBy> times_power;
  for (int j = 0; j < nvars; ++j) {
    const size_t byte = window_off + j / 8;
    const uint64_t block_index = byte / 16;
    if (block_index != cached_block) {
      times_power = std::make_unique<GfMulBy>(PowerOfH(h, nblocks - block_index));
      cached_block = block_index;
    }
    columns[j] = times_power->PowerOfX(static_cast<int>(8 * (byte % 16)) + j % 8);
  }

  // One equation per masked J0 bit r: sum_j u_j * columns[j][r] = want[r]. Rows are bit sets over
  // the variables (bit j of the u128) with the right-hand side kept apart. The matrix is
  // transposed a set bit of a column at a time.
  u128 by_bit[128] = {};
  for (int j = 0; j < nvars; ++j) {
    for (int half = 0; half < 2; ++half) {
      for (uint64_t w = Load64(columns[j].data() + 8 * half); w != 0; w &= w - 1) {
        by_bit[64 * half + 63 - __builtin_ctzll(w)] |= u128{1} << j;
      }
    }
  }
  std::vector<u128> rows;
  std::vector<bool> rhs;
  for (int r = 0; r < 128; ++r) {
    if (!BitAt(mask, r)) continue;
    rows.push_back(by_bit[r]);
    rhs.push_back(BitAt(want, r));
  }
  // Gauss-Jordan elimination.
  std::vector<int> pivot_col;
  size_t rank = 0;
  for (int col = 0; col < nvars && rank < rows.size(); ++col) {
    size_t p = rank;
    while (p < rows.size() && !((rows[p] >> col) & 1)) ++p;
    if (p == rows.size()) continue;
    std::swap(rows[p], rows[rank]);
    const bool t = rhs[p];
    rhs[p] = rhs[rank];
    rhs[rank] = t;
    for (size_t q = 0; q < rows.size(); ++q) {
      if (q != rank && ((rows[q] >> col) & 1)) {
        rows[q] ^= rows[rank];
        rhs[q] = rhs[q] != rhs[rank];
      }
    }
    pivot_col.push_back(col);
    ++rank;
  }
  for (size_t q = rank; q < rows.size(); ++q) {
    if (rhs[q]) return false;  // 0 = 1: inconsistent.
  }
  // Free variables keep the caller's bits; each pivot variable is then forced.
  u128 u = 0;
  for (int j = 0; j < nvars; ++j) {
    if ((keep[j / 8] >> (7 - j % 8)) & 1) u |= u128{1} << j;
  }
  for (size_t q = 0; q < rank; ++q) u &= ~(u128{1} << pivot_col[q]);
  for (size_t q = 0; q < rank; ++q) {
    const u128 others = rows[q] & ~(u128{1} << pivot_col[q]) & u;
    bool value = rhs[q];
    for (int j = 0; j < nvars; ++j) {
      if ((others >> j) & 1) value = !value;
    }
    if (value) u |= u128{1} << pivot_col[q];
  }
  for (int j = 0; j < nvars; ++j) {
    if ((u >> j) & 1) work[window_off + j / 8] |= static_cast<uint8_t>(0x80 >> (j % 8));
  }
  Block check = GcmJ0(h, work.data(), iv_len);
  for (int i = 0; i < 16; ++i) {
    if ((check[i] ^ target[i]) & mask[i]) return false;  // Cannot happen; never hand back a lie.
  }
  for (size_t i = 0; i < iv_len; ++i) iv[i] = work[i];
  return true;
}

}  // namespace ariasuite::oracles
