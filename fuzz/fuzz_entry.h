// The one libFuzzer entry point of every target: fuzz_entry.cc defines LLVMFuzzerTestOneInput,
// which hands each input to the target's FuzzOne (ariasuite_fuzzer in fuzzer.bzl links it in).
#ifndef ARIASUITE_FUZZ_FUZZ_ENTRY_H_
#define ARIASUITE_FUZZ_FUZZ_ENTRY_H_

#include <cstddef>
#include <cstdint>

namespace ariasuite::fuzz {

// One input of the target (defined once per fuzz/<target>_fuzzer.cc).
void FuzzOne(const uint8_t* data, size_t size);

}  // namespace ariasuite::fuzz

#endif  // ARIASUITE_FUZZ_FUZZ_ENTRY_H_
