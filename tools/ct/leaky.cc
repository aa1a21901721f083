// The deliberately leaky functions of leaky.h (constant-time check program only).
#include "tools/ct/leaky.h"

#include <emmintrin.h>

#include <cstring>

#include "impl/sbox.h"

namespace ariasuite::ct {
namespace {

struct Table {
  alignas(64) uint8_t s1[256];
};

// Built once from the constant-time S-box; the table holds public constants only.
const Table& S1Table() {
  static const Table table = [] {
    Table t;
    for (int x = 0; x < 256; ++x) {
      t.s1[x] = internal::ApplySbox(internal::Sbox::kS1, static_cast<uint8_t>(x));
    }
    return t;
  }();
  return table;
}

uint64_t LoadBe64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
  return v;
}

void StoreBe64(uint8_t* p, uint64_t v) {
  for (int i = 7; i >= 0; --i, v >>= 8) p[i] = static_cast<uint8_t>(v);
}

}  // namespace

void LeakyTableSbox(uint8_t* bytes, size_t len) {
  const Table& table = S1Table();
  for (size_t i = 0; i < len; ++i) bytes[i] = table.s1[bytes[i]];  // secret index: the leak
}

void EvictLeakyTable() {
  const Table& table = S1Table();
  for (size_t i = 0; i < sizeof(table.s1); i += 64) _mm_clflush(table.s1 + i);
  _mm_mfence();
}

bool LeakyEarlyExitEqual(const uint8_t* a, const uint8_t* b, size_t len) {
  for (size_t i = 0; i < len; ++i) {
    if (a[i] != b[i]) return false;  // secret-dependent branch: the leak
  }
  return true;
}

void LeakySparseGfMul(uint8_t out[16], const uint8_t x[16], const uint8_t h[16]) {
  // z = sum of h * alpha^i over the set bits i of x (bit 0 = the most significant bit of x[0]).
  uint64_t z_hi = 0, z_lo = 0, v_hi = LoadBe64(h), v_lo = LoadBe64(h + 8);
  int at = 0;  // v = h * alpha^at
  for (int half = 0; half < 2; ++half) {
    uint64_t bits = LoadBe64(x + 8 * half);
    while (bits != 0) {  // secret-dependent trip count: the leak
      const int i = 64 * half + __builtin_clzll(bits);
      bits &= ~(uint64_t{1} << (63 - (i - 64 * half)));
      for (; at < i; ++at) {  // v *= alpha: shift right, reduce by R = 11100001 || 0^120
        const uint64_t carry = v_lo & 1;
        v_lo = (v_lo >> 1) | (v_hi << 63);
        v_hi = (v_hi >> 1) ^ (carry ? 0xe100000000000000ull : 0);
      }
      z_hi ^= v_hi;
      z_lo ^= v_lo;
    }
  }
  StoreBe64(out, z_hi);
  StoreBe64(out + 8, z_lo);
}

}  // namespace ariasuite::ct
