// CIPH_K and CIPH_K^-1 of ARIA or AES, one or more whole 16-byte blocks at a time, through OpenSSL
// EVP ECB with padding off: the only primitive the oracles written from the NIST mode standards
// (sp800_38a/38d/38f_backend.cc) take from a library, so they share no code with impl/.
#ifndef ARIASUITE_ORACLES_RAW_BLOCK_CIPHER_H_
#define ARIASUITE_ORACLES_RAW_BLOCK_CIPHER_H_

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "oracles/backend.h"

namespace ariasuite::oracles {

class RawBlockCipher {
 public:
  // Keys the forward cipher (encrypt) or its inverse. nullopt when keyed; otherwise the Result to
  // answer with: a refusal for a key length the cipher lacks (the inputs' fault), Broken() when
  // OpenSSL fails (the backend's own fault).
  std::optional<Result> Key(Cipher cipher, const Bytes& key, bool encrypt);

  // out = CIPH(in) over `blocks` whole blocks (out == in allowed); false when OpenSSL fails.
  bool Apply(uint8_t* out, const uint8_t* in, size_t blocks = 1);

 private:
  struct EvpFree {
    void operator()(EVP_CIPHER_CTX* c) const { EVP_CIPHER_CTX_free(c); }
    void operator()(EVP_CIPHER* c) const { EVP_CIPHER_free(c); }
  };
  std::unique_ptr<EVP_CIPHER, EvpFree> cipher_;
  std::unique_ptr<EVP_CIPHER_CTX, EvpFree> ctx_;
};

}  // namespace ariasuite::oracles

#endif  // ARIASUITE_ORACLES_RAW_BLOCK_CIPHER_H_
