// ARIA-CMAC (cmac.h) on every path against OpenSSL 3's EVP_MAC "CMAC" with ARIA-*-CBC and Botan's
// CMAC(ARIA-*): every length 0..80 and around 256 and 1024 bytes, all three key sizes, every
// truncation 1..16, verification of good and modified tags, and the tag-length errors.
#include "impl/cmac.h"

#include <random>

#include "gtest/gtest.h"
#include "impl/aria.h"
#include "impl/testing/test_util.h"
#include "oracles/backend.h"
#include "vectors/model/hex.h"

namespace ariasuite {
namespace {

class CmacTest : public ::ariasuite::test_util::PerImplTest {
 protected:
  std::mt19937_64 rng_{0xc3ac};
};

TEST_P(CmacTest, MatchesOpenSslAndBotan) {
  auto openssl = oracles::MakeOpenSslBackend();
  auto botan = oracles::MakeBotanBackend();
  std::vector<size_t> lengths;
  for (size_t n = 0; n <= 80; ++n) lengths.push_back(n);
  for (size_t n : {255, 256, 257, 1023, 1024, 1025}) lengths.push_back(n);
  for (size_t key_len : {16, 24, 32}) {
    for (size_t len : lengths) {
      const Bytes key = RandomBytes(rng_, key_len), msg = RandomBytes(rng_, len);
      SCOPED_TRACE("key_len=" + std::to_string(key_len) + " len=" + std::to_string(len));
      AriaKey k;
      ASSERT_EQ(AriaSetEncryptKey(&k, key.data(), key.size()), Status::kOk);
      Bytes tag(16);
      ASSERT_EQ(AriaCmac(GetParam(), k, tag.data(), 16, msg.data(), msg.size()), Status::kOk);
      oracles::Request r;
      r.op = oracles::Op::kCmac;
      r.key = key;
      r.input = msg;
      r.tag_len = 16;
      for (auto* oracle : {openssl.get(), botan.get()}) {
        std::optional<oracles::Result> want = oracle->Run(r);
        ASSERT_TRUE(want && want->accepted) << oracle->name();
        EXPECT_EQ(Hex(tag), Hex(want->tag)) << oracle->name();
      }
      EXPECT_EQ(AriaCmacVerify(GetParam(), k, tag.data(), 16, msg.data(), msg.size()), Status::kOk);
    }
  }
}

TEST_P(CmacTest, TruncationAndVerification) {
  const Bytes key = RandomBytes(rng_, 16), msg = RandomBytes(rng_, 37);
  AriaKey k;
  ASSERT_EQ(AriaSetEncryptKey(&k, key.data(), key.size()), Status::kOk);
  Bytes full(16);
  ASSERT_EQ(AriaCmac(GetParam(), k, full.data(), 16, msg.data(), msg.size()), Status::kOk);
  for (size_t t = 1; t <= 16; ++t) {
    Bytes tag(t);
    ASSERT_EQ(AriaCmac(GetParam(), k, tag.data(), t, msg.data(), msg.size()), Status::kOk);
    EXPECT_EQ(Hex(tag), Hex(Bytes(full.begin(), full.begin() + static_cast<long>(t))));
    EXPECT_EQ(AriaCmacVerify(GetParam(), k, tag.data(), t, msg.data(), msg.size()), Status::kOk);
    for (size_t bit = 0; bit < 8 * t; bit += 7) {
      Bytes bad = tag;
      bad[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
      EXPECT_EQ(AriaCmacVerify(GetParam(), k, bad.data(), t, msg.data(), msg.size()),
                Status::kAuthFailed)
          << "t=" << t << " bit=" << bit;
    }
  }
  Bytes changed = msg;
  changed[36] ^= 1;
  EXPECT_EQ(AriaCmacVerify(GetParam(), k, full.data(), 16, changed.data(), changed.size()),
            Status::kAuthFailed);
  Bytes tag(17);
  EXPECT_EQ(AriaCmac(GetParam(), k, tag.data(), 0, msg.data(), msg.size()), Status::kBadTagLength);
  EXPECT_EQ(AriaCmac(GetParam(), k, tag.data(), 17, msg.data(), msg.size()), Status::kBadTagLength);
  EXPECT_EQ(AriaCmacVerify(GetParam(), k, tag.data(), 0, msg.data(), msg.size()),
            Status::kBadTagLength);
}

ARIASUITE_INSTANTIATE_PER_IMPL(CmacTest);

}  // namespace
}  // namespace ariasuite
