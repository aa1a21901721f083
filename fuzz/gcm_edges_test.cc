// Checks gcm_edges against OpenSSL's ARIA-GCM, an independent implementation: the first ciphertext
// block of an all-zero plaintext is E_K(inc32(J0)), so J0 as computed here (and the IVs the solver
// builds) must predict OpenSSL's keystream, including counters that wrap mod 2^32.
#include "fuzz/gcm_edges.h"

#include <openssl/evp.h>

#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "oracles/hex.h"

namespace ariasuite::fuzz {
namespace {

// E_K(block) with OpenSSL's ARIA-128-ECB.
Block Encrypt(const uint8_t key[16], const Block& in) {
  Block out{};
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  int len = 0;
  EXPECT_EQ(EVP_EncryptInit_ex(ctx, EVP_aria_128_ecb(), nullptr, key, nullptr), 1);
  EVP_CIPHER_CTX_set_padding(ctx, 0);
  EXPECT_EQ(EVP_EncryptUpdate(ctx, out.data(), &len, in.data(), 16), 1);
  EVP_CIPHER_CTX_free(ctx);
  return out;
}

// OpenSSL's ARIA-128-GCM ciphertext of nblocks zero blocks under iv (OpenSSL 3 takes IVs of up to
// 128 bytes).
std::vector<uint8_t> OpenSslGcmZeros(const uint8_t key[16], const std::vector<uint8_t>& iv,
                                     size_t nblocks) {
  std::vector<uint8_t> zeros(nblocks * 16), out(nblocks * 16);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  int len = 0;
  EXPECT_EQ(EVP_EncryptInit_ex(ctx, EVP_aria_128_gcm(), nullptr, nullptr, nullptr), 1);
  EXPECT_EQ(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(iv.size()), nullptr),
            1);
  EXPECT_EQ(EVP_EncryptInit_ex(ctx, nullptr, nullptr, key, iv.data()), 1);
  EXPECT_EQ(EVP_EncryptUpdate(ctx, out.data(), &len, zeros.data(), static_cast<int>(zeros.size())),
            1);
  EVP_CIPHER_CTX_free(ctx);
  return out;
}

const uint8_t kKey[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                          0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};

Block HashKey() { return Encrypt(kKey, Block{}); }

// Expects OpenSSL's keystream blocks to be E_K(inc32^i(j0)), i = 1..nblocks.
void ExpectKeystreamFrom(const Block& j0, const std::vector<uint8_t>& iv, size_t nblocks) {
  const std::vector<uint8_t> ct = OpenSslGcmZeros(kKey, iv, nblocks);
  Block counter = j0;
  for (size_t i = 0; i < nblocks; ++i) {
    counter = Inc32(counter);
    const Block ks = Encrypt(kKey, counter);
    EXPECT_EQ(oracles::Hex(ct.data() + 16 * i, 16), oracles::Hex(ks.data(), 16))
        << "iv_len=" << iv.size() << " block " << i << " counter " << oracles::Hex(counter.data(), 16);
  }
}

TEST(GcmEdgesTest, GfMulIdentityAndCommutes) {
  Block one{};
  one[0] = 0x80;
  Block x = HashKey();
  EXPECT_EQ(GfMul(x, one), x);
  Block y = Encrypt(kKey, x);
  EXPECT_EQ(GfMul(x, y), GfMul(y, x));
}

TEST(GcmEdgesTest, J0MatchesOpenSslForManyIvLengths) {
  const Block h = HashKey();
  for (size_t iv_len : {1, 8, 12, 13, 15, 16, 17, 31, 32, 33, 64, 100, 128}) {
    std::vector<uint8_t> iv(iv_len);
    for (size_t i = 0; i < iv_len; ++i) iv[i] = static_cast<uint8_t>(i * 7 + iv_len);
    ExpectKeystreamFrom(GcmJ0(h, iv.data(), iv.size()), iv, 3);
  }
}

TEST(GcmEdgesTest, SolvedIvWrapsTheCounterInOpenSsl) {
  const Block h = HashKey();
  struct Case {
    size_t iv_len, window_off, window_len;
  };
  for (const Case& c : std::vector<Case>{{13, 0, 13}, {16, 0, 16}, {17, 1, 16}, {20, 10, 10},
                                         {64, 48, 16}, {100, 40, 16}, {8, 0, 8}}) {
    for (uint32_t before : {0u, 1u, 2u}) {
      std::vector<uint8_t> iv(c.iv_len, 0x5a);
      ASSERT_TRUE(SolveIvForJ0(iv.data(), iv.size(), c.window_off, c.window_len, h,
                               CounterTarget(before), CounterMask()))
          << "iv_len=" << c.iv_len;
      const Block j0 = GcmJ0(h, iv.data(), iv.size());
      EXPECT_EQ(oracles::Hex(j0.data() + 12, 4), oracles::Hex(CounterTarget(before).data() + 12, 4));
      for (size_t i = 0; i < c.iv_len; ++i) {
        if (i < c.window_off || i >= c.window_off + c.window_len) {
          EXPECT_EQ(iv[i], 0x5a);
        }
      }
      ExpectKeystreamFrom(j0, iv, before + 3);  // Crosses the wrap to counter 0 and 1.
    }
  }
}

TEST(GcmEdgesTest, FullWindowFixesAllOfJ0) {
  const Block h = HashKey();
  Block target;
  for (int i = 0; i < 16; ++i) target[i] = static_cast<uint8_t>(0xf0 + i);
  Block all;
  all.fill(0xff);
  std::vector<uint8_t> iv(40, 1);
  ASSERT_TRUE(SolveIvForJ0(iv.data(), iv.size(), 16, 16, h, target, all));
  EXPECT_EQ(GcmJ0(h, iv.data(), iv.size()), target);
  ExpectKeystreamFrom(target, iv, 2);
}

TEST(GcmEdgesTest, RefusesWhatCannotBeSolved) {
  const Block h = HashKey();
  Block all;
  all.fill(0xff);
  std::vector<uint8_t> iv(13, 0);
  const std::vector<uint8_t> before = iv;
  // 104 free bits cannot fix 128.
  Block target = CounterTarget(0);
  target[0] = 1;
  const bool solved = SolveIvForJ0(iv.data(), iv.size(), 0, 13, h, target, all);
  if (solved) {
    EXPECT_EQ(GcmJ0(h, iv.data(), iv.size()), target);  // Possible only by luck (2^-24).
  } else {
    EXPECT_EQ(iv, before);
  }
  std::vector<uint8_t> iv12(12, 0);
  EXPECT_FALSE(SolveIvForJ0(iv12.data(), 12, 0, 12, h, target, CounterMask()));
  EXPECT_FALSE(SolveIvForJ0(iv.data(), iv.size(), 10, 16, h, target, CounterMask()));
}

}  // namespace
}  // namespace ariasuite::fuzz
