// MakeRequest puts each argument in its own field (the byte strings differ, so a swap shows) and
// leaves the tag to check empty; OpenOf turns a seal and its answer into the matching open.
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

TEST(MakeRequestTest, OpenOfASealOpensWhatItGave) {
  for (Op seal_op : {Op::kGcmSeal, Op::kCcmSeal}) {
    const Request seal =
        MakeRequest(seal_op, Cipher::kAria, Bytes(16, 1), Bytes(12, 2), Bytes{3}, Bytes{4, 4}, 8);
    const Request open = OpenOf(seal, Accepted(Bytes{5, 5, 5}, Bytes(8, 6)));
    EXPECT_EQ(open.op, seal_op == Op::kGcmSeal ? Op::kGcmOpen : Op::kCcmOpen);
    EXPECT_EQ(open.cipher, Cipher::kAria);
    EXPECT_EQ(open.key, Bytes(16, 1));
    EXPECT_EQ(open.iv, Bytes(12, 2));
    EXPECT_EQ(open.aad, (Bytes{4, 4}));
    EXPECT_EQ(open.input, (Bytes{5, 5, 5}));
    EXPECT_EQ(open.tag, Bytes(8, 6));
    EXPECT_EQ(open.tag_len, 0u);  // an open's tag length is its tag's size
  }
}

}  // namespace
}  // namespace ariasuite::oracles
