// OpenSSL 3 EVP as an independent oracle for the impl/ and conformance/ tests: one-shot ECB, CBC,
// CTR and GCM with ARIA or AES. Test-only; every function returns std::nullopt when OpenSSL
// refuses the parameters or fails, so a test can tell "no answer" from a wrong answer.
#ifndef ARIASUITE_IMPL_TESTING_OPENSSL_ORACLE_FOR_TESTING_H_
#define ARIASUITE_IMPL_TESTING_OPENSSL_ORACLE_FOR_TESTING_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ariasuite::openssl_oracle {

using Bytes = std::vector<uint8_t>;

// mode is "ECB", "CBC" or "CTR"; family "ARIA" or "AES"; the cipher is "<family>-<bits>-<mode>".
// No padding unless pkcs7 is true (CBC/ECB only).
std::optional<Bytes> Cipher(const std::string& family, const std::string& mode, const Bytes& key,
                            const Bytes& iv, const Bytes& in, bool encrypt, bool pkcs7 = false);

struct Sealed {
  Bytes ct;
  Bytes tag;
};

// GCM seal with any IV length >= 1; the tag is the first tag_len bytes of the full tag.
std::optional<Sealed> GcmSeal(const std::string& family, const Bytes& key, const Bytes& iv,
                              const Bytes& aad, const Bytes& pt, size_t tag_len = 16);

// GCM open: the plaintext, or nullopt when OpenSSL rejects (bad tag, bad parameters).
std::optional<Bytes> GcmOpen(const std::string& family, const Bytes& key, const Bytes& iv,
                             const Bytes& aad, const Bytes& ct, const Bytes& tag);

}  // namespace ariasuite::openssl_oracle

#endif  // ARIASUITE_IMPL_TESTING_OPENSSL_ORACLE_FOR_TESTING_H_
