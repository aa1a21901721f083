// The kernel's ARIA assembly functions, loaded at run time from the shared object that
// kernel-tests/asm/build.py assembles from a kernel tree (never linked in: without a tree,
// everything here still builds and Load() says why nothing is there). Used by the differential
// harness, the kernel_aria_asm fuzzer and the benchmark's kernel subjects.
#ifndef ARIASUITE_KERNEL_TESTS_ASM_KERNEL_ASM_H_
#define ARIASUITE_KERNEL_TESTS_ASM_KERNEL_ASM_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace ariasuite::kernel_asm {

// The kernel's prototypes (arch/x86/crypto/aria-avx.h): N-way ECB over exactly N blocks, and CTR
// over exactly N blocks with a 128-bit big-endian counter iv (advanced by N) and an N*16-byte
// scratch buffer keystream.
using CryptFn = void (*)(const void* ctx, uint8_t* dst, const uint8_t* src);
using CtrFn = void (*)(const void* ctx, uint8_t* dst, const uint8_t* src, uint8_t* keystream,
                       uint8_t* iv);

enum class Kind { kEncrypt, kDecrypt, kCtr };
const char* KindName(Kind kind);

struct Function {
  std::string name;    // aria_gfni_avx512_ctr_crypt_64way
  std::string driver;  // aria-gfni-avx512 (the assembly file it comes from)
  Kind kind = Kind::kEncrypt;
  size_t blocks = 0;                   // N
  std::vector<std::string> cpu_flags;  // what its instructions need (/proc/cpuinfo names)
  std::string missing;                 // cpu_flags this CPU lacks, comma-separated; "" if none
  void* symbol = nullptr;

  bool runnable() const { return symbol != nullptr && missing.empty(); }
  CryptFn crypt() const { return reinterpret_cast<CryptFn>(symbol); }
  CtrFn ctr() const { return reinterpret_cast<CtrFn>(symbol); }
};

class Library {
 public:
  // Loads DIR/manifest.txt and the shared object it names, or the flat image it names (`image
  // FILE ADDR` with `symbol NAME ADDR` lines: code with absolute addresses, as Linux 6.1's AES-NI/
  // AVX driver has, mapped at the address it was linked for). nullptr with *error set (one line)
  // when either is missing or unreadable, the address is taken, or a function has no symbol.
  static std::unique_ptr<Library> Load(const std::string& dir, std::string* error);
  ~Library();

  const std::vector<Function>& functions() const { return functions_; }
  const Function* Find(const std::string& name) const;
  const std::string& kernel_version() const { return kernel_; }
  const std::string& tree() const { return tree_; }
  // What to subtract from a code address to get its address in the linked file the manifest
  // names (the shared object's load base; 0 for the image, mapped where it was linked).
  uintptr_t link_bias() const { return link_bias_; }

 private:
  Library() = default;
  void* handle_ = nullptr;
  void* image_ = nullptr;  // the mapped image, image_len_ bytes
  size_t image_len_ = 0;
  uintptr_t link_bias_ = 0;
  std::vector<Function> functions_;
  std::string kernel_, tree_;
};

// Where the assembled kernel functions are: $ARIASUITE_KERNEL_ASM_DIR, else kernel_aria_asm/
// beside the running program (an OSS-Fuzz $OUT), else the last build of the cached default tree
// ($ARIASUITE_CACHE or ~/.cache/ariasuite, then kernel-asm/current). "" with *why set when none.
std::string FindAsmDir(std::string* why);

// The CPU flags of /proc/cpuinfo (the kernel's names: "avx2", "avx512bw", "gfni", ...).
const std::set<std::string>& CpuFlags();
std::string CpuFlagsLine();  // the ISA-relevant ones, for reports

}  // namespace ariasuite::kernel_asm

#endif  // ARIASUITE_KERNEL_TESTS_ASM_KERNEL_ASM_H_
