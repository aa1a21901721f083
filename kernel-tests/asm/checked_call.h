// One call of a kernel ARIA assembly function, checked against ariasuite's scalar reference
// (impl/aria_ref.cc's scalar path, and a 128-bit big-endian counter computed here), with every
// buffer placed against a PROT_NONE guard page and surrounded by a known pattern, so that a write
// past a buffer faults and a stray write before or beside it is seen. Shared by the differential
// harness and the kernel_aria_asm fuzzer.
#ifndef ARIASUITE_KERNEL_TESTS_ASM_CHECKED_CALL_H_
#define ARIASUITE_KERNEL_TESTS_ASM_CHECKED_CALL_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "kernel-tests/asm/abi_call.h"
#include "kernel-tests/asm/kernel_asm.h"

namespace ariasuite::kernel_asm {

// Where a call's buffers sit (the fuzzer's input carries one too: fuzz/kernel_aria_asm_case.h).
struct BufferLayout {
  bool in_place = false;  // dst == src
  // Bytes left between each buffer's end and its guard page (0..63, the IV's 0..15): each buffer
  // starts that many bytes below a 64-byte boundary, so 0 is 64-byte aligned and 1 is as misaligned
  // as it gets.
  uint8_t src_shift = 0, dst_shift = 0, keystream_shift = 0, iv_shift = 0;
};

struct CallSpec {
  std::vector<uint8_t> key;    // 16, 24 or 32 bytes
  uint8_t iv[16] = {};         // CTR: the counter block before the call
  std::vector<uint8_t> input;  // exactly blocks * 16 bytes
  BufferLayout layout;
  uint8_t fill = 0;  // what dst and the keystream scratch hold before the call
};

struct CallResult {
  std::vector<uint8_t> output, want;
  uint8_t iv_out[16] = {}, iv_want[16] = {};
  std::vector<uint8_t> keystream;         // CTR: the scratch buffer's contents after the call
  std::vector<uint8_t> counters, stream;  // CTR: the counter blocks and E_K(counter blocks)
  std::vector<std::string> problems;      // empty when the call was right
};

// Calls fn (which must be runnable) as the kernel's glue does, then checks: the output against the
// reference; CTR: the counter advanced by fn.blocks modulo 2^128; src untouched unless in place;
// no byte changed outside dst, the keystream scratch or the counter. Key lengths other than
// 16/24/32 are a problem, not a call. With abi, the call goes through the ABI audit's trampoline
// (abi_call.h) with those options, and *abi_report says what the function left behind.
CallResult CheckedCall(const Function& fn, const CallSpec& spec, const AbiOptions* abi = nullptr,
                       AbiReport* abi_report = nullptr);

// A human- and machine-readable account of a failed call: the function, the problems, the inputs
// and both answers as hex, and the CPU's flags.
std::string Describe(const Function& fn, const CallSpec& spec, const CallResult& r);

// out = in + n as 128-bit big-endian numbers (mod 2^128).
void AddCounter(uint8_t out[16], const uint8_t in[16], uint64_t n);

}  // namespace ariasuite::kernel_asm

#endif  // ARIASUITE_KERNEL_TESTS_ASM_CHECKED_CALL_H_
