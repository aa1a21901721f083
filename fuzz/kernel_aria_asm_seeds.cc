// Writes the seed corpus of the kernel_aria_asm fuzzer: for each function slot (15 exported
// functions in Linux 6.1..6.12), a counter just below the 2^64 carry, the 2^128 wrap and the 2^32
// boundary, in place and misaligned, one and three chained calls.
// Usage: bazel run //fuzz:kernel_aria_asm_seeds -- "$PWD/fuzz/corpus/kernel_aria_asm"
#include <cstdio>
#include <fstream>
#include <string>

#include "fuzz/kernel_aria_asm_case.h"

int main(int argc, char** argv) {
  using namespace ariasuite;
  if (argc != 2) {
    std::fprintf(stderr, "usage: kernel_aria_asm_seeds OUT_DIR\n");
    return 2;
  }
  int written = 0;
  for (int function = 0; function < 15; ++function) {
    for (int variant = 0; variant < 4; ++variant) {
      kernel_asm::FuzzCase c;
      c.function = static_cast<uint8_t>(function);
      c.key_size = static_cast<uint8_t>((function + variant) % 3);
      c.counter = static_cast<uint8_t>(variant);  // as given, 2^64, 2^128, 2^32
      c.delta = static_cast<uint8_t>(1 + function * 7 + variant * 13);
      c.layout.in_place = variant % 2 == 1;
      c.calls = static_cast<uint8_t>(variant == 1 ? 3 : 1);
      c.layout.src_shift = static_cast<uint8_t>(variant * 17 % 64);
      c.layout.dst_shift = static_cast<uint8_t>(variant * 5 % 64);
      c.layout.keystream_shift = static_cast<uint8_t>(variant * 8 % 64);
      c.layout.iv_shift = static_cast<uint8_t>(variant * 3 % 16);
      c.key.resize(32);
      c.iv.resize(16);
      for (int i = 0; i < 32; ++i) c.key[i] = static_cast<uint8_t>(i * 29 + function);
      for (int i = 0; i < 16; ++i) c.iv[i] = static_cast<uint8_t>(0xa0 + i + variant);
      c.data.resize(16 * (1 + variant * 5));
      for (size_t i = 0; i < c.data.size(); ++i) c.data[i] = static_cast<uint8_t>(i * 13 + variant);
      fuzz::FuzzWriter w;
      c.Visit(w);
      const fuzz::Bytes bytes = w.Finish();
      static const char* kNames[] = {"given", "carry64", "wrap128", "carry32"};
      const std::string path =
          std::string(argv[1]) + "/fn" + std::to_string(function) + "-" + kNames[variant];
      std::ofstream(path, std::ios::binary)
          .write(reinterpret_cast<const char*>(bytes.data()),
                 static_cast<std::streamsize>(bytes.size()));
      ++written;
    }
  }
  std::printf("kernel_aria_asm_seeds: %d seeds in %s\n", written, argv[1]);
  return 0;
}
