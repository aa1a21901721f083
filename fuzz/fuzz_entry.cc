// libFuzzer's entry point for every target (see fuzz_entry.h); inputs are never rejected from the
// corpus, so it always returns 0.
#include "fuzz/fuzz_entry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ariasuite::fuzz::FuzzOne(data, size);
  return 0;
}
