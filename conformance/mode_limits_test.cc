// The limits table on both sides of each boundary: the last size allowed and the first forbidden.
#include "conformance/mode_limits.h"

#include "gtest/gtest.h"
#include "oracles/make_request.h"

namespace ariasuite::conformance {
namespace {

using oracles::Bytes;
using oracles::Cipher;
using oracles::MakeRequest;
using oracles::Op;
using oracles::Request;

Request R(Op op, size_t key, size_t iv, size_t in, size_t tag_len = 0, size_t tag = 0) {
  Request r = MakeRequest(op, Cipher::kAria, Bytes(key), Bytes(iv), Bytes(in), {}, tag_len);
  r.tag = Bytes(tag);
  return r;
}

bool Forbidden(const Request& r) { return ForbiddenBy(r).has_value(); }

TEST(ModeLimitsTest, KeySizes) {
  for (size_t k : {16, 24, 32}) EXPECT_FALSE(Forbidden(R(Op::kKwWrap, k, 0, 16))) << k;
  for (size_t k : {0, 15, 17, 23, 25, 31, 33, 64}) {
    EXPECT_TRUE(Forbidden(R(Op::kKwWrap, k, 0, 16))) << k;
    EXPECT_TRUE(Forbidden(R(Op::kEcbEncrypt, k, 0, 16))) << k;
  }
  EXPECT_NE(ForbiddenBy(R(Op::kGcmSeal, 0, 12, 0, 16))->find("RFC 5794"), std::string::npos);
}

TEST(ModeLimitsTest, KwAndKwp) {
  EXPECT_TRUE(Forbidden(R(Op::kKwWrap, 16, 0, 0)));
  EXPECT_FALSE(Forbidden(R(Op::kKwWrap, 16, 0, 8)));  // left to Wycheproof's "acceptable"
  EXPECT_TRUE(Forbidden(R(Op::kKwWrap, 16, 0, 12)));
  EXPECT_FALSE(Forbidden(R(Op::kKwWrap, 16, 0, 16)));
  EXPECT_TRUE(Forbidden(R(Op::kKwWrap, 16, 0, 17)));
  EXPECT_TRUE(Forbidden(R(Op::kKwUnwrap, 16, 0, 16)));
  EXPECT_FALSE(Forbidden(R(Op::kKwUnwrap, 16, 0, 24)));
  EXPECT_TRUE(Forbidden(R(Op::kKwUnwrap, 16, 0, 25)));
  EXPECT_TRUE(Forbidden(R(Op::kKwpWrap, 16, 0, 0)));
  EXPECT_FALSE(Forbidden(R(Op::kKwpWrap, 16, 0, 1)));
  EXPECT_TRUE(Forbidden(R(Op::kKwpUnwrap, 16, 0, 8)));
  EXPECT_FALSE(Forbidden(R(Op::kKwpUnwrap, 16, 0, 16)));
  EXPECT_TRUE(Forbidden(R(Op::kKwpUnwrap, 16, 0, 20)));
  EXPECT_NE(ForbiddenBy(R(Op::kKwWrap, 16, 0, 0))->find("SP 800-38F"), std::string::npos);
}

TEST(ModeLimitsTest, GcmTagAndIv) {
  for (size_t t : {4, 8, 12, 13, 14, 15, 16}) {
    EXPECT_FALSE(Forbidden(R(Op::kGcmSeal, 16, 12, 0, t))) << t;
    EXPECT_FALSE(Forbidden(R(Op::kGcmOpen, 16, 12, 0, 0, t))) << t;
  }
  for (size_t t : {0, 1, 3, 5, 7, 9, 11, 17}) {
    EXPECT_TRUE(Forbidden(R(Op::kGcmSeal, 16, 12, 0, t))) << t;
    EXPECT_TRUE(Forbidden(R(Op::kGcmOpen, 16, 12, 0, 0, t))) << t;
  }
  EXPECT_TRUE(Forbidden(R(Op::kGcmSeal, 16, 0, 0, 16)));
  EXPECT_FALSE(Forbidden(R(Op::kGcmSeal, 16, 1, 0, 16)));
}

TEST(ModeLimitsTest, CcmTagNonceAndPayload) {
  for (size_t t : {4, 6, 8, 10, 12, 14, 16}) EXPECT_FALSE(Forbidden(R(Op::kCcmSeal, 16, 12, 0, t)));
  for (size_t t : {0, 2, 5, 7, 15, 17}) EXPECT_TRUE(Forbidden(R(Op::kCcmSeal, 16, 12, 0, t))) << t;
  EXPECT_TRUE(Forbidden(R(Op::kCcmOpen, 16, 6, 0, 0, 16)));
  EXPECT_FALSE(Forbidden(R(Op::kCcmOpen, 16, 7, 0, 0, 16)));
  EXPECT_FALSE(Forbidden(R(Op::kCcmOpen, 16, 13, 0, 0, 16)));
  EXPECT_TRUE(Forbidden(R(Op::kCcmOpen, 16, 14, 0, 0, 16)));
  // 13-byte nonce: q = 2, the payload must be shorter than 65536 bytes.
  EXPECT_FALSE(Forbidden(R(Op::kCcmSeal, 16, 13, 65535, 16)));
  EXPECT_TRUE(Forbidden(R(Op::kCcmSeal, 16, 13, 65536, 16)));
}

TEST(ModeLimitsTest, BlockModesWithoutPadding) {
  EXPECT_FALSE(Forbidden(R(Op::kCbcEncrypt, 16, 16, 32)));
  EXPECT_TRUE(Forbidden(R(Op::kCbcEncrypt, 16, 16, 17)));
  EXPECT_TRUE(Forbidden(R(Op::kCbcDecrypt, 16, 16, 15)));
  EXPECT_TRUE(Forbidden(R(Op::kCbcDecrypt, 16, 15, 16)));
  EXPECT_FALSE(Forbidden(R(Op::kEcbDecrypt, 16, 0, 0)));  // empty is not forbidden
  EXPECT_TRUE(Forbidden(R(Op::kEcbDecrypt, 16, 0, 1)));
  EXPECT_FALSE(Forbidden(R(Op::kCbcPkcs5Encrypt, 16, 16, 5)));
  EXPECT_TRUE(Forbidden(R(Op::kCbcPkcs5Decrypt, 16, 16, 0)));
  EXPECT_TRUE(Forbidden(R(Op::kCbcPkcs5Decrypt, 16, 16, 17)));
  EXPECT_FALSE(Forbidden(R(Op::kCtrEncrypt, 16, 16, 5)));
  EXPECT_TRUE(Forbidden(R(Op::kCtrEncrypt, 16, 12, 5)));
}

TEST(ModeLimitsTest, CmacTagAtMostOneBlock) {
  EXPECT_FALSE(Forbidden(R(Op::kCmac, 16, 0, 0, 16)));
  EXPECT_FALSE(Forbidden(R(Op::kCmac, 16, 0, 0, 4)));  // short tags are only discouraged
  EXPECT_TRUE(Forbidden(R(Op::kCmac, 16, 0, 0, 17)));
}

}  // namespace
}  // namespace ariasuite::conformance
