// Checks that the offline toolchain links GoogleTest and OpenSSL (with ARIA) from Debian's
// packages.
#include <openssl/evp.h>

#include "gtest/gtest.h"
#include "impl/aria_key.h"

TEST(ToolchainTest, OpenSslHasAria) {
  EVP_CIPHER* cipher = EVP_CIPHER_fetch(nullptr, "ARIA-128-GCM", nullptr);
  ASSERT_NE(cipher, nullptr);
  EXPECT_EQ(EVP_CIPHER_get_block_size(cipher), 1);
  EVP_CIPHER_free(cipher);
  EXPECT_EQ(ariasuite::kAriaBlockSize, 16u);
}
