// Wycheproof AeadTest cases as AeadCase, read by the one Wycheproof loader (loader.h); see
// wycheproof_aead.h.
#include "vectors/wycheproof_aead.h"

#include "vectors/loader.h"
#include "vectors/vector.h"

namespace ariasuite::wycheproof {

bool LoadAeadFile(const std::string& path, const std::string& algorithm, std::vector<AeadCase>* out,
                  std::string* error) {
  vectors::VectorFile file;
  if (!vectors::LoadWycheproofFile(path, algorithm, &file, error)) return false;
  for (vectors::TestCase& c : file.cases) {
    if (c.mode != model::Mode::kGcm && c.mode != model::Mode::kCcm) {
      *error = c.where + ": not an AEAD case";
      return false;
    }
    AeadCase a;
    a.tc_id = c.id;
    a.line = c.line;
    a.result = vectors::ExpectName(c.expect);
    a.flags = std::move(c.flags);
    a.key = std::move(c.key);
    a.iv = std::move(c.iv);
    a.aad = std::move(c.aad);
    a.msg = std::move(c.msg);
    a.ct = std::move(c.ct);
    a.tag = std::move(c.tag);
    out->push_back(std::move(a));
  }
  return true;
}

}  // namespace ariasuite::wycheproof
