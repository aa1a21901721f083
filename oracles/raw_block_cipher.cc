// See raw_block_cipher.h.
#include "oracles/raw_block_cipher.h"

#include <string>

#include "oracles/evp_fetch.h"

namespace ariasuite::oracles {

std::optional<Result> RawBlockCipher::Key(Cipher cipher, const Bytes& key, bool encrypt) {
  const char* bits = key.size() == 16   ? "128"
                     : key.size() == 24 ? "192"
                     : key.size() == 32 ? "256"
                                        : nullptr;
  const char* family = cipher == Cipher::kAria ? "ARIA" : "AES";
  if (bits == nullptr) {
    return Refused("key length " + std::to_string(key.size()) + " (" + family +
                   " takes 16, 24 or 32 bytes)");
  }
  const std::string name = std::string(family) + "-" + bits + "-ECB";
  cipher_.reset(FetchCipher(name));
  ctx_.reset(EVP_CIPHER_CTX_new());
  if (!cipher_ || !ctx_ ||
      EVP_CipherInit_ex2(ctx_.get(), cipher_.get(), key.data(), nullptr, encrypt ? 1 : 0,
                         nullptr) != 1 ||
      EVP_CIPHER_CTX_set_padding(ctx_.get(), 0) != 1) {
    return Broken("OpenSSL " + name + " setup failed");
  }
  return std::nullopt;
}

bool RawBlockCipher::Apply(uint8_t* out, const uint8_t* in, size_t blocks) {
  const int len = static_cast<int>(16 * blocks);
  int n = 0;
  return EVP_CipherUpdate(ctx_.get(), out, &n, in, len) == 1 && n == len;
}

}  // namespace ariasuite::oracles
