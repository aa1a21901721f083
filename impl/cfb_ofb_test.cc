// Tests of CFB128, CFB8, CFB1 and OFB (modes.h; SP 800-38A §6.3, §6.4) on every path against
// OpenSSL 3 EVP (aria-*-cfb, -cfb8, -cfb1, -ofb): every length 0..300 (CFB8 and CFB1: 0..64 and
// a sample to 300) and a few across the 64-block chunks of the batched CFB128 decryption, all
// key sizes, both directions, one call, in-place, and the input cut into random streaming calls;
// the register after whole blocks. A state with num out of range: api_limits_test.
#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "impl/aria.h"
#include "impl/modes.h"
#include "impl/testing/openssl_oracle_for_testing.h"
#include "impl/testing/test_util.h"
#include "vectors/model/hex.h"

namespace ariasuite {
namespace {

using FeedbackFn = Status (*)(Impl, const AriaKey&, AriaFeedbackState*, uint8_t*, const uint8_t*,
                              size_t);

struct FeedbackMode {
  const char* openssl;  // the EVP mode name: ARIA-<bits>-<openssl>
  FeedbackFn encrypt;
  FeedbackFn decrypt;
};

const FeedbackMode kModes[] = {
    {"CFB", AriaCfb128Encrypt, AriaCfb128Decrypt},
    {"CFB8", AriaCfb8Encrypt, AriaCfb8Decrypt},
    {"CFB1", AriaCfb1Encrypt, AriaCfb1Decrypt},
    {"OFB", AriaOfb, AriaOfb},
};

class CfbOfbTest : public test_util::PerImplTest {
 protected:
  Impl impl() const { return GetParam(); }

  // fn over in, cut at the given offsets (ascending, within in), each piece one call.
  Bytes Run(FeedbackFn fn, const AriaKey& key, const Bytes& iv, const Bytes& in,
            const std::vector<size_t>& cuts = {}) {
    AriaFeedbackState st;
    AriaFeedbackInit(&st, iv.data());
    Bytes out(in.size());
    size_t from = 0;
    std::vector<size_t> ends = cuts;
    ends.push_back(in.size());
    for (size_t to : ends) {
      EXPECT_EQ(fn(impl(), key, &st, out.data() + from, in.data() + from, to - from), Status::kOk);
      from = to;
    }
    return out;
  }
};

std::vector<size_t> Lengths() {
  std::vector<size_t> lens;
  for (size_t n = 0; n <= 300; ++n) lens.push_back(n);
  for (size_t n : {1023, 1024, 1025, 1040, 2063, 2100}) lens.push_back(n);
  return lens;
}

TEST_P(CfbOfbTest, EveryLengthMatchesOpenSslOneCallAndInPlace) {
  std::mt19937_64 rng(63);
  for (const FeedbackMode& m : kModes) {
    for (size_t key_len : {16, 24, 32}) {
      const Bytes key = RandomBytes(rng, key_len);
      AriaKey ek;
      ASSERT_EQ(AriaSetEncryptKey(&ek, key.data(), key.size()), Status::kOk);
      for (size_t len : Lengths()) {
        // CFB8 and CFB1 cost one and eight block calls a byte (the scalar path runs a block in
        // tens of microseconds): every length up to 64, then a sample, on the 128-bit key; up to
        // 48 on the others. The lengths past 300 are for the batched CFB128 decryption.
        const std::string name = m.openssl;
        if (name == "CFB8" || name == "CFB1") {
          const size_t step = name == "CFB1" ? 13 : 3;
          if (len > 300 || (len > 64 && len % step != 0) || (key_len != 16 && len > 48)) continue;
        }
        SCOPED_TRACE(std::string(m.openssl) + " key_len=" + std::to_string(key_len) +
                     " len=" + std::to_string(len));
        const Bytes pt = RandomBytes(rng, len), iv = RandomBytes(rng, 16);
        const auto want_ct = openssl_oracle::Cipher("ARIA", m.openssl, key, iv, pt, true);
        ASSERT_TRUE(want_ct.has_value());
        const Bytes ct = Run(m.encrypt, ek, iv, pt);
        EXPECT_EQ(Hex(ct), Hex(*want_ct));
        const auto want_pt = openssl_oracle::Cipher("ARIA", m.openssl, key, iv, *want_ct, false);
        ASSERT_TRUE(want_pt.has_value());
        ASSERT_EQ(Hex(*want_pt), Hex(pt));
        EXPECT_EQ(Hex(Run(m.decrypt, ek, iv, *want_ct)), Hex(pt));

        // In place, both directions.
        Bytes buf = pt;
        AriaFeedbackState st;
        AriaFeedbackInit(&st, iv.data());
        ASSERT_EQ(m.encrypt(impl(), ek, &st, buf.data(), buf.data(), len), Status::kOk);
        EXPECT_EQ(Hex(buf), Hex(*want_ct)) << "in-place encrypt";
        AriaFeedbackInit(&st, iv.data());
        ASSERT_EQ(m.decrypt(impl(), ek, &st, buf.data(), buf.data(), len), Status::kOk);
        EXPECT_EQ(Hex(buf), Hex(pt)) << "in-place decrypt";
      }
    }
  }
}

TEST_P(CfbOfbTest, StreamingCallsOfAnyLengthChain) {
  std::mt19937_64 rng(64);
  for (const FeedbackMode& m : kModes) {
    const Bytes key = RandomBytes(rng, 16);
    AriaKey ek;
    ASSERT_EQ(AriaSetEncryptKey(&ek, key.data(), key.size()), Status::kOk);
    for (int trial = 0; trial < 60; ++trial) {
      const size_t len = std::string(m.openssl) == "CFB1" ? rng() % 120 : rng() % 1300;
      const Bytes pt = RandomBytes(rng, len), iv = RandomBytes(rng, 16);
      std::vector<size_t> cuts;
      const size_t ncuts = len == 0 ? 0 : rng() % 8;
      for (size_t i = 0; i < ncuts; ++i) cuts.push_back(rng() % (len + 1));
      if (trial % 3 == 0 && len > 40) cuts = {1, 17, 18, 33};  // partial blocks, then one whole
      std::sort(cuts.begin(), cuts.end());
      std::string where = std::string(m.openssl) + " len=" + std::to_string(len) + " cuts=";
      for (size_t c : cuts) where += std::to_string(c) + ",";
      SCOPED_TRACE(where);
      const auto want_ct = openssl_oracle::Cipher("ARIA", m.openssl, key, iv, pt, true);
      ASSERT_TRUE(want_ct.has_value());
      EXPECT_EQ(Hex(Run(m.encrypt, ek, iv, pt, cuts)), Hex(*want_ct));
      EXPECT_EQ(Hex(Run(m.decrypt, ek, iv, *want_ct, cuts)), Hex(pt));
    }
  }
}

TEST_P(CfbOfbTest, RegisterAfterWholeBlocksIsTheLastFeedback) {
  // CFB128 and OFB leave num = 0 after whole blocks; CFB128's register is then the last
  // ciphertext block (so a caller can continue with a fresh state from it), OFB's the last O_j.
  std::mt19937_64 rng(65);
  const Bytes key = RandomBytes(rng, 32), iv = RandomBytes(rng, 16), pt = RandomBytes(rng, 80);
  AriaKey ek;
  ASSERT_EQ(AriaSetEncryptKey(&ek, key.data(), key.size()), Status::kOk);
  for (FeedbackFn fn : {AriaCfb128Encrypt, AriaCfb128Decrypt}) {
    AriaFeedbackState st;
    AriaFeedbackInit(&st, iv.data());
    Bytes out(80);
    ASSERT_EQ(fn(impl(), ek, &st, out.data(), pt.data(), 80), Status::kOk);
    EXPECT_EQ(st.num, 0u);
    const Bytes& ct = fn == AriaCfb128Encrypt ? out : pt;
    EXPECT_EQ(Hex(st.reg, 16), Hex(ct.data() + 64, 16));
  }
  AriaFeedbackState st;
  AriaFeedbackInit(&st, iv.data());
  Bytes out(80), zero(80, 0);
  ASSERT_EQ(AriaOfb(impl(), ek, &st, out.data(), zero.data(), 80), Status::kOk);
  EXPECT_EQ(st.num, 0u);
  EXPECT_EQ(Hex(st.reg, 16), Hex(out.data() + 64, 16));  // keystream of the last block
}

ARIASUITE_INSTANTIATE_PER_IMPL(CfbOfbTest);

}  // namespace
}  // namespace ariasuite
