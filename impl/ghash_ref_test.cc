// Checks the constant-time GHASH of ghash_ref.cc against SP 800-38D's bit-serial Algorithm 1
// (written out independently in oracles/gcm_math) on random inputs, and against a published GHASH
// value.
#include "impl/ghash_ref.h"

#include <cstring>
#include <random>

#include "gtest/gtest.h"
#include "oracles/gcm_math.h"
#include "vectors/model/hex.h"

namespace ariasuite::internal {
namespace {

// SP 800-38D §6.3 Algorithm 1: X * Y with R = 11100001 || 0^120, bit 0 = leftmost bit, as the
// suite's GCM model writes it out (oracles/gcm_math.h), independent of impl/.
void SlowMul(uint8_t z[16], const uint8_t x[16], const uint8_t y[16]) {
  oracles::Block a, b;
  std::memcpy(a.data(), x, 16);
  std::memcpy(b.data(), y, 16);
  const oracles::Block product = oracles::GfMul(a, b);
  std::memcpy(z, product.data(), 16);
}

TEST(GhashRefTest, MultiplyMatchesAlgorithm1) {
  std::mt19937_64 rng(38);
  for (int iter = 0; iter < 2000; ++iter) {
    uint8_t x[16], y[16], want[16], got[16];
    for (int i = 0; i < 16; ++i) {
      x[i] = static_cast<uint8_t>(rng());
      y[i] = static_cast<uint8_t>(rng());
    }
    if (iter < 16) {  // sparse and dense corner cases
      std::memset(x, iter % 2 ? 0xff : 0, 16);
      x[iter] ^= 0x80;
    }
    SlowMul(want, x, y);
    GfMul128Ref(got, x, y);
    ASSERT_EQ(model::Hex(got, 16), model::Hex(want, 16)) << "iter " << iter;
  }
}

TEST(GhashRefTest, GhashMatchesAlgorithm2) {
  std::mt19937_64 rng(2);
  for (size_t nblocks = 0; nblocks <= 9; ++nblocks) {
    uint8_t h[16], xi[16], want[16];
    std::vector<uint8_t> in(16 * nblocks);
    for (auto& b : in) b = static_cast<uint8_t>(rng());
    for (int i = 0; i < 16; ++i) {
      h[i] = static_cast<uint8_t>(rng());
      xi[i] = static_cast<uint8_t>(rng());
    }
    // SP 800-38D §6.4: Y_i = (Y_{i-1} ^ X_i) * H.
    std::memcpy(want, xi, 16);
    for (size_t b = 0; b < nblocks; ++b) {
      for (int i = 0; i < 16; ++i) want[i] ^= in[16 * b + i];
      SlowMul(want, want, h);
    }
    GhashKey key;
    GhashInitRef(&key, h);
    GhashRef(key, xi, in.data(), nblocks);
    EXPECT_EQ(model::Hex(xi, 16), model::Hex(want, 16)) << nblocks << " blocks";
  }
}

TEST(GhashRefTest, PublishedValue) {
  // McGrew & Viega, "The Galois/Counter Mode of Operation (GCM)", Appendix B, Test Case 2:
  // H = 66e94bd4ef8a2c3b884cfa59ca342b2e, C = 0388dace60b6a392f328c2b971b2fe78, A empty,
  // GHASH(H, A, C) = f38cbb1ad69223dcc3457ae5b6b0f885.
  std::vector<uint8_t> h, c, want;
  ASSERT_TRUE(model::ParseHex("66e94bd4ef8a2c3b884cfa59ca342b2e", &h));
  ASSERT_TRUE(
      model::ParseHex("0388dace60b6a392f328c2b971b2fe78"
                      "00000000000000000000000000000080",
                      &c));
  ASSERT_TRUE(model::ParseHex("f38cbb1ad69223dcc3457ae5b6b0f885", &want));
  GhashKey key;
  GhashInitRef(&key, h.data());
  uint8_t xi[16] = {};
  GhashRef(key, xi, c.data(), 2);
  EXPECT_EQ(model::Hex(xi, 16), model::Hex(want));
}

}  // namespace
}  // namespace ariasuite::internal
