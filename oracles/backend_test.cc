// The interface's one table of operations (backend.h): names round-trip, and each Op's mode and
// direction lead back to it.
#include "oracles/backend.h"

#include "gtest/gtest.h"

namespace ariasuite::oracles {
namespace {

TEST(BackendTest, OpNamesRoundTrip) {
  EXPECT_EQ(AllOps().size(), 25u);
  for (Op op : AllOps()) {
    ASSERT_TRUE(ParseOp(OpName(op)).has_value()) << OpName(op);
    EXPECT_EQ(*ParseOp(OpName(op)), op);
  }
  EXPECT_FALSE(ParseOp("gcm").has_value());
}

TEST(BackendTest, ModeAndDirectionLeadBackToTheOp) {
  for (Op op : AllOps()) {
    const Mode mode = ModeOf(op);
    EXPECT_EQ(IsEncrypting(op) ? EncryptOp(mode) : DecryptOp(mode), op) << OpName(op);
  }
  EXPECT_EQ(EncryptOp(Mode::kGcm), Op::kGcmSeal);
  EXPECT_EQ(DecryptOp(Mode::kKwp), Op::kKwpUnwrap);
  EXPECT_EQ(EncryptOp(Mode::kCmac), Op::kCmac);
  EXPECT_EQ(DecryptOp(Mode::kCmac), Op::kCmac);
  EXPECT_STREQ(ModeName(ModeOf(Op::kCbcPkcs5Decrypt)), "CBC-PKCS5");
  EXPECT_EQ(DecryptOp(Mode::kCfb1), Op::kCfb1Decrypt);
  EXPECT_STREQ(OpName(Op::kCfb128Encrypt), "cfb128-encrypt");
  EXPECT_STREQ(OpName(Op::kOfbDecrypt), "ofb-decrypt");
  EXPECT_STREQ(ModeName(ModeOf(Op::kCfb8Decrypt)), "CFB8");
}

TEST(BackendTest, ResultHelpersAndDescriptions) {
  EXPECT_EQ(DescribeResult(Accepted({1, 2}, {0xff})), "output=0102 tag=ff");
  EXPECT_EQ(DescribeResult(Refused()), "refused");
  EXPECT_EQ(DescribeResult(Refused("bad tag")), "refused (bad tag)");
  EXPECT_EQ(DescribeResult(Broken("adapter died")), "error (adapter died)");
  EXPECT_EQ(DescribeResult(std::nullopt), "unsupported");
}

}  // namespace
}  // namespace ariasuite::oracles
