// OpenSSL 3's EVP_CIPHER_fetch, once per cipher name and process. A fetch searches the provider
// method store under a lock every time, which cost the oracles more than a short message's
// encryption; the fetched cipher is reference counted, so each caller gets its own reference.
#ifndef ARIASUITE_ORACLES_EVP_FETCH_H_
#define ARIASUITE_ORACLES_EVP_FETCH_H_

#include <openssl/evp.h>

#include <string>

namespace ariasuite::oracles {

// EVP_CIPHER_fetch(nullptr, name, nullptr) with the result kept for the process: a new reference
// the caller releases with EVP_CIPHER_free, or nullptr when this OpenSSL has no such cipher.
// Not thread-safe (the backends are used from one thread).
EVP_CIPHER* FetchCipher(const std::string& name);

}  // namespace ariasuite::oracles

#endif  // ARIASUITE_ORACLES_EVP_FETCH_H_
