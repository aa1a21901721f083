// Wycheproof AeadTest cases (GCM, CCM) as plain byte fields, for the impl tests that want no
// model types. Not a second reader: the file is read by the one strict Wycheproof loader
// (loader.h), whose errors name file:line or file:tcId.
#ifndef ARIASUITE_VECTORS_WYCHEPROOF_AEAD_H_
#define ARIASUITE_VECTORS_WYCHEPROOF_AEAD_H_

#include <cstdint>
#include <string>
#include <vector>

namespace ariasuite::wycheproof {

using Bytes = std::vector<uint8_t>;

struct AeadCase {
  int64_t tc_id = 0;
  int line = 0;
  std::string result;  // valid, invalid, acceptable
  std::vector<std::string> flags;
  Bytes key, iv, aad, msg, ct, tag;
};

// Loads path, whose "algorithm" must be algorithm (e.g. "ARIA-GCM"). False with *error set on any
// problem.
bool LoadAeadFile(const std::string& path, const std::string& algorithm, std::vector<AeadCase>* out,
                  std::string* error);

}  // namespace ariasuite::wycheproof

#endif  // ARIASUITE_VECTORS_WYCHEPROOF_AEAD_H_
