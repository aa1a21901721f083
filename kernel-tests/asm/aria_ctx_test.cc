// struct aria_ctx as made by aria_ctx.cc: the layout the shim's asm-offsets.h states, the word
// order of the round keys, and the relation between encryption and decryption keys that
// aria_generic.c's aria_set_decrypt_key() establishes. (That the kernel's assembly agrees is
// shown against the tree's testmgr.h by tools/ariasuite kernel-asm.)
#include "kernel-tests/asm/aria_ctx.h"

#include <cstring>

#include "gtest/gtest.h"
#include "impl/aria.h"
#include "impl/aria_ref.h"

namespace ariasuite::kernel_asm {
namespace {

uint32_t Be32(const uint8_t* p) {
  return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | p[3];
}

TEST(AriaCtxTest, LayoutIsTheKernels) {
  EXPECT_EQ(sizeof(KernelAriaCtx), 552u);  // 2 * 17 * 16 + 2 * 4
  EXPECT_EQ(ARIA_CTX_dec_key - ARIA_CTX_enc_key, 17 * 16);
}

TEST(AriaCtxTest, EveryKeySize) {
  uint8_t key[32];
  for (int i = 0; i < 32; ++i) key[i] = static_cast<uint8_t>(i * 11 + 3);
  for (size_t key_len : {16, 24, 32}) {
    SCOPED_TRACE("key_len=" + std::to_string(key_len));
    KernelAriaCtx ctx;
    ASSERT_TRUE(MakeKernelAriaCtx(&ctx, key, key_len));
    AriaKey enc, dec;
    ASSERT_EQ(AriaSetEncryptKey(&enc, key, key_len), Status::kOk);
    ASSERT_EQ(AriaSetDecryptKey(&dec, key, key_len), Status::kOk);
    const int n = static_cast<int>(key_len / 4 + 8);  // RFC 5794 §2.3: 12, 14, 16 rounds
    EXPECT_EQ(ctx.rounds, n);
    EXPECT_EQ(ctx.key_length, static_cast<int32_t>(key_len));
    for (int i = 0; i < kAriaMaxRdKeys; ++i) {
      for (int j = 0; j < kAriaRdKeyWords; ++j) {
        if (i <= n) {
          // Word j is bytes 4j..4j+3 of the RFC's round key, big-endian, in CPU byte order.
          EXPECT_EQ(ctx.enc_key[i][j], Be32(&enc.rk[i][4 * j])) << i << "," << j;
          EXPECT_EQ(ctx.dec_key[i][j], Be32(&dec.rk[i][4 * j])) << i << "," << j;
        } else {
          EXPECT_EQ(ctx.enc_key[i][j], 0u);
          EXPECT_EQ(ctx.dec_key[i][j], 0u);
        }
      }
    }
    // aria_set_decrypt_key(): dec_key[0] = enc_key[n], dec_key[n] = enc_key[0], and A(ek) between.
    EXPECT_EQ(std::memcmp(ctx.dec_key[0], ctx.enc_key[n], 16), 0);
    EXPECT_EQ(std::memcmp(ctx.dec_key[n], ctx.enc_key[0], 16), 0);
    for (int i = 1; i < n; ++i) {
      uint8_t a[16];
      std::memcpy(a, enc.rk[n - i], 16);
      internal::AriaDiffuse(a);
      for (int j = 0; j < 4; ++j) EXPECT_EQ(ctx.dec_key[i][j], Be32(a + 4 * j)) << i;
    }
  }
}

TEST(AriaCtxTest, BadKeyLengthLeavesItZeroed) {
  uint8_t key[33] = {1};
  for (size_t key_len : {0, 15, 17, 23, 25, 31, 33}) {
    KernelAriaCtx ctx;
    std::memset(&ctx, 0x5a, sizeof(ctx));
    EXPECT_FALSE(MakeKernelAriaCtx(&ctx, key, key_len)) << key_len;
    const KernelAriaCtx zero{};
    EXPECT_EQ(std::memcmp(&ctx, &zero, sizeof(ctx)), 0) << key_len;
  }
}

}  // namespace
}  // namespace ariasuite::kernel_asm
