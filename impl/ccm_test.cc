// ARIA-CCM (ccm.h) on every path against OpenSSL 3's ARIA-*-CCM (through the conformance OpenSSL
// backend): every nonce length 7..13 and tag length 4..16 (even) of SP 800-38C, several text and
// AAD lengths including the 2- and 6-byte AAD length encodings, tampering, in-place use, and the
// parameter and length errors.
#include "impl/ccm.h"

#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "impl/aria.h"
#include "impl/testing/test_util.h"
#include "oracles/backend.h"
#include "vectors/model/hex.h"

namespace ariasuite {
namespace {

using oracles::Op;

class CcmTest : public ::ariasuite::test_util::PerImplTest {
 protected:
  void SetUp() override {
    PerImplTest::SetUp();
    if (IsSkipped()) return;
    openssl_ = oracles::MakeOpenSslBackend();
  }

  // Seals with ours and with OpenSSL and compares; then opens ours' output with ours.
  void CheckOne(const Bytes& key, const Bytes& nonce, const Bytes& aad, const Bytes& pt,
                size_t tag_len) {
    SCOPED_TRACE("key_len=" + std::to_string(key.size()) + " nonce_len=" +
                 std::to_string(nonce.size()) + " tag_len=" + std::to_string(tag_len) +
                 " aad_len=" + std::to_string(aad.size()) + " pt_len=" + std::to_string(pt.size()));
    AriaKey k;
    ASSERT_EQ(AriaSetEncryptKey(&k, key.data(), key.size()), Status::kOk);
    Bytes ct(pt.size()), tag(tag_len);
    ASSERT_EQ(AriaCcmSeal(GetParam(), k, ct.data(), tag.data(), tag_len, nonce.data(), nonce.size(),
                          pt.data(), pt.size(), aad.data(), aad.size()),
              Status::kOk);
    oracles::Request r;
    r.op = Op::kCcmSeal;
    r.key = key;
    r.iv = nonce;
    r.aad = aad;
    r.input = pt;
    r.tag_len = tag_len;
    std::optional<oracles::Result> want = openssl_->Run(r);
    ASSERT_TRUE(want && want->accepted) << oracles::DescribeResult(want);
    EXPECT_EQ(Hex(ct), Hex(want->output));
    EXPECT_EQ(Hex(tag), Hex(want->tag));
    Bytes back(pt.size());
    EXPECT_EQ(AriaCcmOpen(GetParam(), k, back.data(), nonce.data(), nonce.size(), ct.data(),
                          ct.size(), tag.data(), tag_len, aad.data(), aad.size()),
              Status::kOk);
    EXPECT_EQ(Hex(back), Hex(pt));
  }

  std::unique_ptr<oracles::Backend> openssl_;
  std::mt19937_64 rng_{0xcc3};
};

TEST_P(CcmTest, EveryNonceAndTagLengthMatchesOpenSsl) {
  for (size_t key_len : {16, 24, 32}) {
    for (size_t nonce_len = 7; nonce_len <= 13; ++nonce_len) {
      for (size_t tag_len = 4; tag_len <= 16; tag_len += 2) {
        for (size_t pt_len : {0, 1, 16, 31, 33}) {
          for (size_t aad_len : {0, 5, 32}) {
            CheckOne(RandomBytes(rng_, key_len), RandomBytes(rng_, nonce_len),
                     RandomBytes(rng_, aad_len), RandomBytes(rng_, pt_len), tag_len);
          }
        }
      }
    }
  }
}

TEST_P(CcmTest, LongTextAndBothAadLengthEncodings) {
  // Past three 64-block SIMD batches; AAD 0xfeff uses the 2-byte length, 0xff00 the 6-byte form
  // (SP 800-38C §A.2.2).
  CheckOne(RandomBytes(rng_, 16), RandomBytes(rng_, 13), {}, RandomBytes(rng_, 3 * 64 * 16 + 15),
           16);
  CheckOne(RandomBytes(rng_, 32), RandomBytes(rng_, 12), RandomBytes(rng_, 0xfeff),
           RandomBytes(rng_, 40), 8);
  CheckOne(RandomBytes(rng_, 24), RandomBytes(rng_, 7), RandomBytes(rng_, 0xff00),
           RandomBytes(rng_, 40), 12);
}

TEST_P(CcmTest, TamperingIsRejectedAndOutputZeroed) {
  const Bytes key = RandomBytes(rng_, 16), nonce = RandomBytes(rng_, 12),
              aad = RandomBytes(rng_, 20), pt = RandomBytes(rng_, 50);
  AriaKey k;
  ASSERT_EQ(AriaSetEncryptKey(&k, key.data(), key.size()), Status::kOk);
  Bytes ct(pt.size()), tag(16);
  ASSERT_EQ(AriaCcmSeal(GetParam(), k, ct.data(), tag.data(), 16, nonce.data(), nonce.size(),
                        pt.data(), pt.size(), aad.data(), aad.size()),
            Status::kOk);
  for (int what = 0; what < 3; ++what) {
    for (size_t bit : {size_t{0}, size_t{7}, size_t{8 * 16 - 1}}) {
      Bytes c = ct, t = tag, a = aad;
      Bytes& target = what == 0 ? t : what == 1 ? c : a;
      target[(bit / 8) % target.size()] ^= static_cast<uint8_t>(1u << (bit % 8));
      Bytes out(pt.size(), 0xee);
      EXPECT_EQ(AriaCcmOpen(GetParam(), k, out.data(), nonce.data(), nonce.size(), c.data(),
                            c.size(), t.data(), t.size(), a.data(), a.size()),
                Status::kAuthFailed)
          << "what=" << what << " bit=" << bit;
      EXPECT_EQ(Hex(out), Hex(Bytes(pt.size(), 0)));
    }
  }
  // A shorter tag than the one produced is a different tag length, so it must fail too.
  Bytes out(pt.size());
  EXPECT_EQ(AriaCcmOpen(GetParam(), k, out.data(), nonce.data(), nonce.size(), ct.data(), ct.size(),
                        tag.data(), 8, aad.data(), aad.size()),
            Status::kAuthFailed);
}

TEST_P(CcmTest, InPlace) {
  const Bytes key = RandomBytes(rng_, 32), nonce = RandomBytes(rng_, 9), pt = RandomBytes(rng_, 77);
  AriaKey k;
  ASSERT_EQ(AriaSetEncryptKey(&k, key.data(), key.size()), Status::kOk);
  Bytes ct(pt.size()), tag(10), buf = pt, tag2(10);
  ASSERT_EQ(AriaCcmSeal(GetParam(), k, ct.data(), tag.data(), 10, nonce.data(), nonce.size(),
                        pt.data(), pt.size(), nullptr, 0),
            Status::kOk);
  ASSERT_EQ(AriaCcmSeal(GetParam(), k, buf.data(), tag2.data(), 10, nonce.data(), nonce.size(),
                        buf.data(), buf.size(), nullptr, 0),
            Status::kOk);
  EXPECT_EQ(Hex(buf), Hex(ct));
  EXPECT_EQ(Hex(tag2), Hex(tag));
  ASSERT_EQ(AriaCcmOpen(GetParam(), k, buf.data(), nonce.data(), nonce.size(), buf.data(),
                        buf.size(), tag.data(), 10, nullptr, 0),
            Status::kOk);
  EXPECT_EQ(Hex(buf), Hex(pt));
}

TEST_P(CcmTest, ParameterErrors) {
  AriaKey k;
  const Bytes key(16, 1), nonce(16, 2), pt(16, 3);
  ASSERT_EQ(AriaSetEncryptKey(&k, key.data(), key.size()), Status::kOk);
  Bytes ct(16), tag(16);
  for (size_t n : {0, 6, 14, 15}) {
    EXPECT_EQ(AriaCcmSeal(GetParam(), k, ct.data(), tag.data(), 16, nonce.data(), n, pt.data(),
                          pt.size(), nullptr, 0),
              Status::kBadIvLength)
        << n;
    EXPECT_EQ(AriaCcmOpen(GetParam(), k, ct.data(), nonce.data(), n, pt.data(), pt.size(),
                          tag.data(), 16, nullptr, 0),
              Status::kBadIvLength)
        << n;
  }
  for (size_t t : {0, 1, 2, 3, 5, 15, 17, 18}) {
    EXPECT_EQ(AriaCcmSeal(GetParam(), k, ct.data(), tag.data(), t, nonce.data(), 12, pt.data(),
                          pt.size(), nullptr, 0),
              Status::kBadTagLength)
        << t;
  }
  // 13-byte nonce: a 2-byte length field, so 65535 bytes fit and 65536 do not (SP 800-38C §A.1).
  Bytes big(65536), big_out(65536);
  EXPECT_EQ(AriaCcmSeal(GetParam(), k, big_out.data(), tag.data(), 16, nonce.data(), 13, big.data(),
                        65536, nullptr, 0),
            Status::kTooLong);
  EXPECT_EQ(AriaCcmSeal(GetParam(), k, big_out.data(), tag.data(), 16, nonce.data(), 13, big.data(),
                        65535, nullptr, 0),
            Status::kOk);
}

ARIASUITE_INSTANTIATE_PER_IMPL(CcmTest);

}  // namespace
}  // namespace ariasuite
