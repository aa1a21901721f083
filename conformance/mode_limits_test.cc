// The limits table on both sides of each boundary: the last size allowed and the first forbidden.
#include "conformance/mode_limits.h"

#include <initializer_list>

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

// A request and whether the limits forbid it.
struct Verdict {
  Request r;
  bool forbidden;
};

void ExpectVerdicts(std::initializer_list<Verdict> verdicts) {
  for (const Verdict& v : verdicts) {
    EXPECT_EQ(Forbidden(v.r), v.forbidden) << oracles::DescribeRequest(v.r);
  }
}

TEST(ModeLimitsTest, KeySizes) {
  for (size_t k : {16, 24, 32}) EXPECT_FALSE(Forbidden(R(Op::kKwWrap, k, 0, 16))) << k;
  for (size_t k : {0, 15, 17, 23, 25, 31, 33, 64}) {
    EXPECT_TRUE(Forbidden(R(Op::kKwWrap, k, 0, 16))) << k;
    EXPECT_TRUE(Forbidden(R(Op::kEcbEncrypt, k, 0, 16))) << k;
  }
  EXPECT_NE(ForbiddenBy(R(Op::kGcmSeal, 0, 12, 0, 16))->find("RFC 5794"), std::string::npos);
}

TEST(ModeLimitsTest, KwAndKwp) {
  ExpectVerdicts({
      {R(Op::kKwWrap, 16, 0, 0), true},
      {R(Op::kKwWrap, 16, 0, 8), false},  // left to Wycheproof's "acceptable"
      {R(Op::kKwWrap, 16, 0, 12), true},
      {R(Op::kKwWrap, 16, 0, 16), false},
      {R(Op::kKwWrap, 16, 0, 17), true},
      {R(Op::kKwUnwrap, 16, 0, 16), true},
      {R(Op::kKwUnwrap, 16, 0, 24), false},
      {R(Op::kKwUnwrap, 16, 0, 25), true},
      {R(Op::kKwpWrap, 16, 0, 0), true},
      {R(Op::kKwpWrap, 16, 0, 1), false},
      {R(Op::kKwpUnwrap, 16, 0, 8), true},
      {R(Op::kKwpUnwrap, 16, 0, 16), false},
      {R(Op::kKwpUnwrap, 16, 0, 20), true},
  });
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
  ExpectVerdicts({
      {R(Op::kCcmOpen, 16, 6, 0, 0, 16), true},
      {R(Op::kCcmOpen, 16, 7, 0, 0, 16), false},
      {R(Op::kCcmOpen, 16, 13, 0, 0, 16), false},
      {R(Op::kCcmOpen, 16, 14, 0, 0, 16), true},
      // 13-byte nonce: q = 2, the payload must be shorter than 65536 bytes.
      {R(Op::kCcmSeal, 16, 13, 65535, 16), false},
      {R(Op::kCcmSeal, 16, 13, 65536, 16), true},
  });
}

TEST(ModeLimitsTest, BlockModesWithoutPadding) {
  ExpectVerdicts({
      {R(Op::kCbcEncrypt, 16, 16, 32), false},
      {R(Op::kCbcEncrypt, 16, 16, 17), true},
      {R(Op::kCbcDecrypt, 16, 16, 15), true},
      {R(Op::kCbcDecrypt, 16, 15, 16), true},
      {R(Op::kEcbDecrypt, 16, 0, 0), false},  // empty is not forbidden
      {R(Op::kEcbDecrypt, 16, 0, 1), true},
      {R(Op::kCbcPkcs5Encrypt, 16, 16, 5), false},
      {R(Op::kCbcPkcs5Decrypt, 16, 16, 0), true},
      {R(Op::kCbcPkcs5Decrypt, 16, 16, 17), true},
      {R(Op::kCtrEncrypt, 16, 16, 5), false},
      {R(Op::kCtrEncrypt, 16, 12, 5), true},
  });
}

TEST(ModeLimitsTest, CmacTagAtMostOneBlock) {
  ExpectVerdicts({
      {R(Op::kCmac, 16, 0, 0, 16), false},
      {R(Op::kCmac, 16, 0, 0, 4), false},  // short tags are only discouraged
      {R(Op::kCmac, 16, 0, 0, 17), true},
  });
}

}  // namespace
}  // namespace ariasuite::conformance
