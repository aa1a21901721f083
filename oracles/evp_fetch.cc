// The per-process cache of fetched OpenSSL ciphers (see evp_fetch.h).
#include "oracles/evp_fetch.h"

#include <map>

namespace ariasuite::oracles {

EVP_CIPHER* FetchCipher(const std::string& name) {
  // Kept for the process (the last references are dropped at exit); a name OpenSSL lacks is
  // remembered as nullptr.
  static auto* fetched = new std::map<std::string, EVP_CIPHER*>;
  auto it = fetched->find(name);
  if (it == fetched->end()) {
    it = fetched->emplace(name, EVP_CIPHER_fetch(nullptr, name.c_str(), nullptr)).first;
  }
  if (it->second == nullptr || EVP_CIPHER_up_ref(it->second) != 1) return nullptr;
  return it->second;
}

}  // namespace ariasuite::oracles
