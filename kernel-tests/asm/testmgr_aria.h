// The ARIA ECB and CTR vectors of a kernel tree's crypto/testmgr.h (aria_tv_template and
// aria_ctr_tv_template, struct cipher_testvec), read where the tree keeps them, through the vectors
// library's testmgr.h loader (the one reader of the format); it refuses what it does not
// understand (an unknown field, a bad escape, a length mismatch) with file:line.
#ifndef ARIASUITE_KERNEL_TESTS_ASM_TESTMGR_ARIA_H_
#define ARIASUITE_KERNEL_TESTS_ASM_TESTMGR_ARIA_H_

#include <string>
#include <vector>

#include "vectors/vector.h"

namespace ariasuite::kernel_asm {

// The vectors of the array `name` (e.g. "aria_tv_template") in testmgr.h text, as the loader reads
// them: where (testmgr.h:LINE), key, iv, msg (.ptext), ct (.ctext) and next_iv (.iv_out, checked
// against the data by the loader; empty when the vector has none). false with *error (naming
// file:line) when the array is absent or malformed.
bool ReadCipherVectors(const std::string& path, const std::string& text, const std::string& name,
                       std::vector<vectors::TestCase>* out, std::string* error);

}  // namespace ariasuite::kernel_asm

#endif  // ARIASUITE_KERNEL_TESTS_ASM_TESTMGR_ARIA_H_
