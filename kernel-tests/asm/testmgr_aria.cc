// The ARIA cipher_testvec arrays of testmgr.h (testmgr_aria.h), read by the one testmgr.h reader of
// the vectors library (vectors/testmgr_loader.cc): C string literals as C reads them, the whole
// file of any kernel, other algorithms' templates skipped unread.
#include "kernel-tests/asm/testmgr_aria.h"

#include "vectors/loader.h"

namespace ariasuite::kernel_asm {

bool ReadCipherVectors(const std::string& path, const std::string& text, const std::string& name,
                       std::vector<vectors::TestCase>* out, std::string* error) {
  out->clear();
  vectors::LoadOptions options;
  options.format = vectors::Format::kTestmgr;
  options.skip_unsupported = true;  // ARIA modes the vector model lacks do not stop ECB and CTR
  vectors::VectorFile file;
  if (!vectors::LoadVectorText(path, text, options, &file, error)) return false;
  const std::string prefix = name + "[";
  for (const vectors::TestCase& c : file.cases) {
    if (c.comment.rfind(prefix, 0) == 0) out->push_back(c);
  }
  if (out->empty()) {
    *error = path + ": no array " + name + " (or it is empty)";
    return false;
  }
  return true;
}

}  // namespace ariasuite::kernel_asm
