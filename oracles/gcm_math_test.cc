// Checks the GCM model (gcm_math.h) against OpenSSL, an independent implementation, through the
// OpenSSL backend: GHASH against AES-GCM's tags, and J0 (and the IVs the solver builds) against
// ARIA-GCM's keystream: the ciphertext of an all-zero plaintext is E_K(inc32^i(J0)), so J0 must
// predict it, including counters that wrap mod 2^32. Also the field's algebra on its own.
#include "oracles/gcm_math.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "oracles/backend.h"
#include "vectors/model/hex.h"

namespace ariasuite::oracles {
namespace {

using model::Hex;

Block One() {
  Block one{};
  one[0] = 0x80;
  return one;
}

Block RandomBlock(std::mt19937_64& rng) {
  Block b;
  for (auto& x : b) x = static_cast<uint8_t>(rng());
  return b;
}

Backend& OpenSsl() {
  static const std::unique_ptr<Backend> openssl = MakeOpenSslBackend();
  return *openssl;
}

// OpenSSL's answer to r, which must be accepted.
Result OpenSslAnswer(const Request& r) {
  std::optional<Result> res = OpenSsl().Run(r);
  EXPECT_TRUE(res && res->accepted) << DescribeRequest(r) << " -> " << DescribeResult(res);
  return res && res->accepted ? *res : Result{};
}

const Bytes kKey = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                    0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};

// E_K(block) with ARIA-128.
Block Encrypt(const Block& in) {
  Request r;
  r.op = Op::kEcbEncrypt;
  r.key = kKey;
  r.input.assign(in.begin(), in.end());
  const Result res = OpenSslAnswer(r);
  Block out{};
  if (res.output.size() == 16) std::copy(res.output.begin(), res.output.end(), out.begin());
  return out;
}

// ARIA-128-GCM's ciphertext of nblocks zero blocks under iv (OpenSSL 3 takes IVs of up to 128
// bytes).
Bytes GcmZeros(const Bytes& iv, size_t nblocks) {
  Request r;
  r.op = Op::kGcmSeal;
  r.key = kKey;
  r.iv = iv;
  r.input.assign(nblocks * 16, 0);
  r.tag_len = 16;
  Bytes out = OpenSslAnswer(r).output;
  out.resize(nblocks * 16);
  return out;
}

Block HashKey() { return Encrypt(Block{}); }

// Expects OpenSSL's keystream blocks to be E_K(inc32^i(j0)), i = 1..nblocks.
void ExpectKeystreamFrom(const Block& j0, const Bytes& iv, size_t nblocks) {
  const Bytes ct = GcmZeros(iv, nblocks);
  Block counter = j0;
  for (size_t i = 0; i < nblocks; ++i) {
    counter = Inc32(counter);
    const Block ks = Encrypt(counter);
    EXPECT_EQ(Hex(ct.data() + 16 * i, 16), Hex(ks.data(), 16))
        << "iv_len=" << iv.size() << " block " << i << " counter " << Hex(counter.data(), 16);
  }
}

TEST(GcmMathTest, GfMulIdentityAndCommutes) {
  Block x = HashKey();
  EXPECT_EQ(GfMul(x, One()), x);
  Block y = Encrypt(x);
  EXPECT_EQ(GfMul(x, y), GfMul(y, x));
}

TEST(GcmMathTest, InverseAndPowers) {
  std::mt19937_64 rng(128);
  for (int i = 0; i < 8; ++i) {
    const Block x = RandomBlock(rng);
    EXPECT_EQ(GfMul(x, GfInverse(x)), One());
    EXPECT_EQ(GfPow(x, 0, 3), GfMul(x, GfMul(x, x)));
    EXPECT_EQ(GfPow(x, 0, 0), One());
    EXPECT_EQ(GfPow(x, 1, 0),
              GfMul(GfPow(x, 0, uint64_t{1} << 63), GfPow(x, 0, uint64_t{1} << 63)));
  }
}

// The table-driven multiplication by a fixed y (GHASH's and the solver's) is Algorithm 1's: equal
// to GfMul for random operands and for every single-bit x (each nibble position and weight).
TEST(GcmMathTest, GfMulByMatchesGfMul) {
  std::mt19937_64 rng(1282);
  for (int i = 0; i < 16; ++i) {
    const Block y = RandomBlock(rng);
    const GfMulBy times_y(y);
    for (int k = 0; k < 16; ++k) {
      const Block x = RandomBlock(rng);
      EXPECT_EQ(times_y(x), GfMul(x, y)) << Hex(x.data(), 16) << " * " << Hex(y.data(), 16);
    }
    for (int bit = 0; bit < 128; ++bit) {
      Block unit{};
      unit[bit / 8] = static_cast<uint8_t>(0x80 >> (bit % 8));
      EXPECT_EQ(times_y(unit), GfMul(unit, y)) << "bit " << bit;
      EXPECT_EQ(times_y.PowerOfX(bit), GfMul(unit, y)) << "bit " << bit;
    }
  }
}

// GHASH against OpenSSL's AES-GCM: with a 12-byte IV, empty AAD and text C,
// tag = E_K(J0) ^ GHASH_H(C || [0]_64 || [len(C)]_64) with H = E_K(0) and J0 = IV || 0^31 || 1.
TEST(GcmMathTest, GhashMatchesOpenSslGcm) {
  std::mt19937_64 rng(38);
  for (size_t len : {0, 1, 16, 33, 64}) {
    Bytes key(16), iv(12), pt(len);
    for (auto& x : key) x = static_cast<uint8_t>(rng());
    for (auto& x : iv) x = static_cast<uint8_t>(rng());
    for (auto& x : pt) x = static_cast<uint8_t>(rng());
    Request seal;
    seal.op = Op::kGcmSeal;
    seal.cipher = Cipher::kAes;
    seal.key = key;
    seal.iv = iv;
    seal.input = pt;
    seal.tag_len = 16;
    const Result sealed = OpenSslAnswer(seal);
    ASSERT_EQ(sealed.tag.size(), 16u);
    Request ecb;
    ecb.op = Op::kEcbEncrypt;
    ecb.cipher = Cipher::kAes;
    ecb.key = key;
    ecb.input = Bytes(16, 0);
    Bytes j0(iv);
    j0.insert(j0.end(), {0, 0, 0, 1});
    ecb.input.insert(ecb.input.end(), j0.begin(), j0.end());
    const Result enc = OpenSslAnswer(ecb);  // E_K(0) || E_K(J0)
    ASSERT_EQ(enc.output.size(), 32u);
    Block h, ekj0;
    std::copy(enc.output.begin(), enc.output.begin() + 16, h.begin());
    std::copy(enc.output.begin() + 16, enc.output.end(), ekj0.begin());
    Bytes data = sealed.output;
    data.resize((len + 15) / 16 * 16, 0);
    for (int i = 0; i < 8; ++i) data.push_back(0);
    for (int i = 7; i >= 0; --i) data.push_back(static_cast<uint8_t>((len * 8) >> (8 * i)));
    Block tag;
    std::copy(sealed.tag.begin(), sealed.tag.end(), tag.begin());
    EXPECT_EQ(Xor(Ghash(h, data.data(), data.size()), ekj0), tag) << "len " << len;
  }
}

TEST(GcmMathTest, J0MatchesOpenSslForManyIvLengths) {
  const Block h = HashKey();
  for (size_t iv_len : {1, 8, 12, 13, 15, 16, 17, 31, 32, 33, 64, 100, 128}) {
    Bytes iv(iv_len);
    for (size_t i = 0; i < iv_len; ++i) iv[i] = static_cast<uint8_t>(i * 7 + iv_len);
    ExpectKeystreamFrom(GcmJ0(h, iv.data(), iv.size()), iv, 3);
  }
}

TEST(GcmMathTest, SolvedIvWrapsTheCounterInOpenSsl) {
  const Block h = HashKey();
  struct Case {
    size_t iv_len, window_off, window_len;
  };
  for (const Case& c : std::vector<Case>{{13, 0, 13},
                                         {16, 0, 16},
                                         {17, 1, 16},
                                         {20, 10, 10},
                                         {64, 48, 16},
                                         {100, 40, 16},
                                         {8, 0, 8}}) {
    for (uint32_t before : {0u, 1u, 2u}) {
      Bytes iv(c.iv_len, 0x5a);
      ASSERT_TRUE(SolveIvForJ0(iv.data(), iv.size(), c.window_off, c.window_len, h,
                               CounterTarget(before), CounterMask()))
          << "iv_len=" << c.iv_len;
      const Block j0 = GcmJ0(h, iv.data(), iv.size());
      EXPECT_EQ(Hex(j0.data() + 12, 4), Hex(CounterTarget(before).data() + 12, 4));
      for (size_t i = 0; i < c.iv_len; ++i) {
        if (i < c.window_off || i >= c.window_off + c.window_len) {
          EXPECT_EQ(iv[i], 0x5a);
        }
      }
      ExpectKeystreamFrom(j0, iv, before + 3);  // Crosses the wrap to counter 0 and 1.
    }
  }
}

TEST(GcmMathTest, FullWindowFixesAllOfJ0) {
  const Block h = HashKey();
  Block target;
  for (int i = 0; i < 16; ++i) target[i] = static_cast<uint8_t>(0xf0 + i);
  Bytes iv(40, 1);
  ASSERT_TRUE(SolveIvForJ0(iv.data(), iv.size(), 16, 16, h, target, FullMask()));
  EXPECT_EQ(GcmJ0(h, iv.data(), iv.size()), target);
  ExpectKeystreamFrom(target, iv, 2);
}

// The generator's use: the IV's first block solved for a whole random J0, random H.
TEST(GcmMathTest, SolvedFirstBlockGivesTheChosenJ0) {
  std::mt19937_64 rng(32);
  for (size_t iv_len : {16, 17, 31, 32, 100}) {
    const Block h = RandomBlock(rng), j0 = RandomBlock(rng);
    Bytes iv(iv_len);
    for (auto& x : iv) x = static_cast<uint8_t>(rng());
    ASSERT_TRUE(SolveIvForJ0(iv.data(), iv.size(), 0, 16, h, j0, FullMask())) << iv_len;
    EXPECT_EQ(GcmJ0(h, iv.data(), iv.size()), j0) << iv_len;
  }
}

TEST(GcmMathTest, RefusesWhatCannotBeSolved) {
  const Block h = HashKey();
  Bytes iv(13, 0);
  const Bytes before = iv;
  // 104 free bits cannot fix 128.
  Block target = CounterTarget(0);
  target[0] = 1;
  const bool solved = SolveIvForJ0(iv.data(), iv.size(), 0, 13, h, target, FullMask());
  if (solved) {
    EXPECT_EQ(GcmJ0(h, iv.data(), iv.size()), target);  // Possible only by luck (2^-24).
  } else {
    EXPECT_EQ(iv, before);
  }
  Bytes iv12(12, 0);
  EXPECT_FALSE(SolveIvForJ0(iv12.data(), 12, 0, 12, h, target, CounterMask()));
  EXPECT_FALSE(SolveIvForJ0(iv.data(), iv.size(), 10, 16, h, target, CounterMask()));
}

}  // namespace
}  // namespace ariasuite::oracles
