// The model's one table of operations (model.h): names round-trip, and each Op's mode and
// direction lead back to it.
#include "vectors/model/model.h"

#include "gtest/gtest.h"

namespace ariasuite::model {
namespace {

TEST(ModelTest, OpNamesRoundTrip) {
  EXPECT_EQ(AllOps().size(), 25u);
  for (Op op : AllOps()) {
    ASSERT_TRUE(ParseOp(OpName(op)).has_value()) << OpName(op);
    EXPECT_EQ(*ParseOp(OpName(op)), op);
  }
  EXPECT_FALSE(ParseOp("gcm").has_value());
}

TEST(ModelTest, ModeAndDirectionLeadBackToTheOp) {
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

TEST(ModelTest, CipherNamesRoundTrip) {
  EXPECT_STREQ(CipherName(Cipher::kAria), "aria");
  EXPECT_STREQ(CipherName(Cipher::kAes), "aes");
  EXPECT_EQ(ParseCipher("aes"), Cipher::kAes);
  EXPECT_EQ(ParseCipher("aria"), Cipher::kAria);
  EXPECT_FALSE(ParseCipher("ARIA").has_value());
}

}  // namespace
}  // namespace ariasuite::model
