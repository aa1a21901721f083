// MakeRequest puts each argument in its own field (the byte strings differ, so a swap shows) and
// leaves the tag to check empty.
#include "oracles/make_request.h"

#include "gtest/gtest.h"

namespace ariasuite::oracles {
namespace {

TEST(MakeRequestTest, EachArgumentInItsField) {
  const Request r = MakeRequest(Op::kGcmSeal, Cipher::kAes, Bytes{1}, Bytes{2, 2}, Bytes{3, 3, 3},
                                Bytes{4, 4, 4, 4}, 12);
  EXPECT_EQ(r.op, Op::kGcmSeal);
  EXPECT_EQ(r.cipher, Cipher::kAes);
  EXPECT_EQ(r.key, Bytes{1});
  EXPECT_EQ(r.iv, (Bytes{2, 2}));
  EXPECT_EQ(r.input, (Bytes{3, 3, 3}));
  EXPECT_EQ(r.aad, (Bytes{4, 4, 4, 4}));
  EXPECT_EQ(r.tag_len, 12u);
  EXPECT_TRUE(r.tag.empty());
}

TEST(MakeRequestTest, AadAndTagLengthDefaultToNone) {
  const Request r =
      MakeRequest(Op::kCfb8Decrypt, Cipher::kAria, Bytes(16, 7), Bytes(16, 8), Bytes{9});
  EXPECT_EQ(r.op, Op::kCfb8Decrypt);
  EXPECT_EQ(r.cipher, Cipher::kAria);
  EXPECT_EQ(r.key, Bytes(16, 7));
  EXPECT_EQ(r.iv, Bytes(16, 8));
  EXPECT_EQ(r.input, Bytes{9});
  EXPECT_TRUE(r.aad.empty());
  EXPECT_EQ(r.tag_len, 0u);
}

}  // namespace
}  // namespace ariasuite::oracles
