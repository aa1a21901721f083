// The ARIA ECB and CTR vectors of a kernel tree's crypto/testmgr.h (aria_tv_template and
// aria_ctr_tv_template, struct cipher_testvec), read where the tree keeps them, through the vectors
// library's testmgr.h loader (the one reader of the format); it refuses what it does not
// understand (an unknown field, a bad escape, a length mismatch) with file:line.
#ifndef ARIASUITE_TOOLS_KERNEL_ASM_TESTMGR_ARIA_H_
#define ARIASUITE_TOOLS_KERNEL_ASM_TESTMGR_ARIA_H_

#include <cstdint>
#include <string>
#include <vector>

namespace ariasuite::kernel_asm {

struct CipherVector {
  std::string where;  // testmgr.h:LINE
  // iv_out: the counter afterwards as .iv_out states it (checked against the data by the loader;
  // empty when the vector has none).
  std::vector<uint8_t> key, iv, iv_out, ptext, ctext;
};

// The vectors of the array `name` (e.g. "aria_tv_template") in testmgr.h text. false with *error
// (naming file:line) when the array is absent or malformed.
bool ReadCipherVectors(const std::string& path, const std::string& text, const std::string& name,
                       std::vector<CipherVector>* out, std::string* error);

}  // namespace ariasuite::kernel_asm

#endif  // ARIASUITE_TOOLS_KERNEL_ASM_TESTMGR_ARIA_H_
