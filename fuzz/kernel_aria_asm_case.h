// The input of the kernel_aria_asm fuzzer (fuzz/kernel_aria_asm_fuzzer.cc), described once for
// the reader and the seed writer (fuzz/fuzz_io.h): which kernel function, the key, the counter
// (steered towards the 2^32, 2^64 and 2^128 carries the kernel's CTR code special-cases), buffer
// placement, and how many calls chain through the counter each one returns.
#ifndef ARIASUITE_FUZZ_KERNEL_ARIA_ASM_CASE_H_
#define ARIASUITE_FUZZ_KERNEL_ARIA_ASM_CASE_H_

#include <cstdint>

#include "fuzz/fuzz_io.h"
#include "kernel-tests/asm/checked_call.h"

namespace ariasuite::kernel_asm {

enum CounterStyle : uint8_t {
  kCounterAsGiven = 0,
  kCounterBelow2to64 = 1,   // low 64 bits = 2^64 - delta: the carry into the high half
  kCounterBelow2to128 = 2,  // all ones but the low byte = 256 - delta: the 128-bit wrap
  kCounterBelow2to32 = 3,   // low 32 bits = 2^32 - delta (a 32-bit lane counter's mistake)
  kCounterLast = 3,
};

struct FuzzCase {
  uint8_t function = 0;  // index into the functions this CPU runs, modulo their number
  uint8_t key_size = 0;  // 0, 1, 2: 16, 24, 32 bytes
  uint8_t counter = kCounterAsGiven;
  uint8_t delta = 1;
  BufferLayout layout;
  uint8_t calls = 1;  // 1..3, each with the counter the previous one returned
  fuzz::Bytes key, iv, data;

  template <typename Io>
  void Visit(Io& io) {
    io.template Int<uint8_t>(&function, 0, 255);
    io.template Int<uint8_t>(&key_size, 0, 2);
    io.template Int<uint8_t>(&counter, 0, kCounterLast);
    io.template Int<uint8_t>(&delta, 0, 255);
    io.Bool(&layout.in_place);
    io.template Int<uint8_t>(&calls, 1, 3);
    io.template Int<uint8_t>(&layout.src_shift, 0, 63);
    io.template Int<uint8_t>(&layout.dst_shift, 0, 63);
    io.template Int<uint8_t>(&layout.keystream_shift, 0, 63);
    io.template Int<uint8_t>(&layout.iv_shift, 0, 15);
    io.Data(&key, 32);
    io.Data(&iv, 16);
    io.Sized(&data, 3 * 64 * 16);
  }
};

}  // namespace ariasuite::kernel_asm

#endif  // ARIASUITE_FUZZ_KERNEL_ARIA_ASM_CASE_H_
