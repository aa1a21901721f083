// The fast scalar engine (aria_bitsliced.cc) against the readable reference rounds
// (impl/testing/aria_reference_rounds.cc + sbox.cc): every key size, both key directions, every
// block count around the 16-block pass, in place and misaligned, every input byte value in every
// position, and both counter modes at their carries. The RFC 5794 and Wycheproof vectors reach
// the engine through the scalar path's own tests.
#include "impl/aria_bitsliced.h"

#include <cstring>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "impl/aria.h"
#include "impl/testing/aria_reference_rounds.h"
#include "vectors/model/hex.h"

namespace ariasuite::internal {
namespace {

using model::Hex;

std::vector<uint8_t> Random(std::mt19937_64& rng, size_t n) {
  std::vector<uint8_t> v(n);
  for (uint8_t& b : v) b = static_cast<uint8_t>(rng());
  return v;
}

AriaKey MakeKey(const std::vector<uint8_t>& k, bool encrypt) {
  AriaKey key;
  const Status s = encrypt ? AriaSetEncryptKey(&key, k.data(), k.size())
                           : AriaSetDecryptKey(&key, k.data(), k.size());
  EXPECT_EQ(s, Status::kOk);
  return key;
}

TEST(AriaBitslicedTest, BlocksMatchReference) {
  std::mt19937_64 rng(16);
  for (size_t key_len : {16, 24, 32}) {
    for (bool encrypt : {true, false}) {
      const AriaKey key = MakeKey(Random(rng, key_len), encrypt);
      for (size_t n = 0; n <= 40; ++n) {
        SCOPED_TRACE(testing::Message()
                     << "key_len=" << key_len << " encrypt=" << encrypt << " nblocks=" << n);
        const std::vector<uint8_t> in = Random(rng, 16 * n);
        std::vector<uint8_t> want(16 * n), got(16 * n + 1);
        AriaRefCryptBlocks(key, want.data(), in.data(), n);
        BitslicedCryptBlocks(key, got.data() + 1, in.data(), n);  // misaligned output
        EXPECT_EQ(Hex(got.data() + 1, 16 * n), Hex(want.data(), 16 * n));
        std::vector<uint8_t> inplace = in;
        BitslicedCryptBlocks(key, inplace.data(), inplace.data(), n);
        EXPECT_EQ(Hex(inplace.data(), 16 * n), Hex(want.data(), 16 * n));
      }
    }
  }
}

// Block v is v repeated: after the first key addition every S-box sees every byte value, in
// 16-block passes (one call of 256 blocks) and in the narrow engine's passes (calls of 1..4).
TEST(AriaBitslicedTest, EveryByteValueInEveryPosition) {
  std::mt19937_64 rng(17);
  for (size_t key_len : {16, 32}) {
    const AriaKey key = MakeKey(Random(rng, key_len), true);
    std::vector<uint8_t> in(256 * 16), want(in.size());
    for (size_t v = 0; v < 256; ++v) std::memset(&in[16 * v], static_cast<int>(v), 16);
    AriaRefCryptBlocks(key, want.data(), in.data(), 256);
    for (size_t per_call : {256, 1, 2, 3, 4}) {
      std::vector<uint8_t> got(in.size());
      for (size_t b = 0; b < 256; b += per_call) {
        const size_t n = 256 - b < per_call ? 256 - b : per_call;
        BitslicedCryptBlocks(key, &got[16 * b], &in[16 * b], n);
      }
      for (size_t v = 0; v < 256; ++v) {
        EXPECT_EQ(Hex(&got[16 * v], 16), Hex(&want[16 * v], 16))
            << "key_len=" << key_len << " blocks per call " << per_call << " byte value " << v;
      }
    }
  }
}

// The key schedule's round function against the reference's per-round trace (RFC 5794 §2.3.1: round
// r is FO for odd r, FE for even r).
TEST(AriaBitslicedTest, RoundFunctionMatchesReferenceTrace) {
  std::mt19937_64 rng(19);
  for (size_t key_len : {16, 24, 32}) {
    const AriaKey key = MakeKey(Random(rng, key_len), true);
    const std::vector<uint8_t> in = Random(rng, 16);
    uint8_t rounds[kAriaMaxRounds][16], out[16];
    AriaTraceRounds(key, rounds, out, in.data());
    uint8_t block[16];
    std::memcpy(block, in.data(), 16);
    for (int r = 0; r + 1 < key.rounds; ++r) {
      BitslicedRoundFunction(r % 2 == 0, block, key.rk[r]);
      EXPECT_EQ(Hex(block, 16), Hex(rounds[r], 16)) << "key_len=" << key_len << " round " << r + 1;
    }
  }
}

// Counter mode through the reference: counter blocks built here, encrypted by the reference.
std::vector<uint8_t> ReferenceCtr(const AriaKey& key, const std::vector<uint8_t>& in,
                                  const uint8_t ctr0[16], int width_bytes) {
  const size_t n = in.size() / 16;
  std::vector<uint8_t> blocks(in.size()), ks(in.size()), out(in.size());
  uint8_t c[16];
  std::memcpy(c, ctr0, 16);
  for (size_t b = 0; b < n; ++b) {
    std::memcpy(&blocks[16 * b], c, 16);
    for (int i = 15, carry = 1; i >= 16 - width_bytes; --i) {
      const int v = c[i] + carry;
      c[i] = static_cast<uint8_t>(v);
      carry = v >> 8;
    }
  }
  AriaRefCryptBlocks(key, ks.data(), blocks.data(), n);
  for (size_t i = 0; i < in.size(); ++i) out[i] = in[i] ^ ks[i];
  return out;
}

TEST(AriaBitslicedTest, CtrMatchesReferenceAcrossCarries) {
  std::mt19937_64 rng(18);
  const AriaKey key = MakeKey(Random(rng, 16), true);
  // Low 32 bits about to wrap, and a 64-bit half about to carry into the upper half.
  const char* kStarts[] = {"000102030405060708090a0bfffffff0", "0001020304050607fffffffffffffff8",
                           "fffffffffffffffffffffffffffffffa"};
  for (const char* start : kStarts) {
    std::vector<uint8_t> ctr0;
    ASSERT_TRUE(model::ParseHex(start, &ctr0));
    for (size_t n : {1, 5, 16, 17, 35}) {
      for (int width : {4, 16}) {
        SCOPED_TRACE(testing::Message() << start << " nblocks=" << n << " width=" << width);
        const std::vector<uint8_t> in = Random(rng, 16 * n);
        const std::vector<uint8_t> want = ReferenceCtr(key, in, ctr0.data(), width);
        std::vector<uint8_t> got(in.size());
        uint8_t c[16];
        std::memcpy(c, ctr0.data(), 16);
        (width == 4 ? BitslicedCtr32 : BitslicedCtr128)(key, got.data(), in.data(), n, c);
        EXPECT_EQ(Hex(got), Hex(want));
        // The counter after the last block: one more block of keystream continues the stream.
        const std::vector<uint8_t> longer_in(16 * (n + 1), 0);
        const std::vector<uint8_t> longer = ReferenceCtr(key, longer_in, ctr0.data(), width);
        uint8_t next[16] = {};
        const uint8_t zero[16] = {};
        (width == 4 ? BitslicedCtr32 : BitslicedCtr128)(key, next, zero, 1, c);
        EXPECT_EQ(Hex(next, 16), Hex(&longer[16 * n], 16));
      }
    }
  }
}

}  // namespace
}  // namespace ariasuite::internal
