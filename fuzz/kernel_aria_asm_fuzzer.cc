// kernel_aria_asm: the Linux kernel's own ARIA assembly (arch/x86/crypto/aria-*-asm_64.S, every
// exported function this CPU runs), assembled from a kernel tree by kernel-tests/asm and loaded at
// run time, against ariasuite's scalar reference: output, the 128-bit counter it returns, writes
// outside dst / the keystream scratch / the counter (guard pages and patterns), src untouched,
// in place and misaligned, chained calls; counters steered to the 2^32, 2^64 and 2^128 carries.
//
// Without an assembled tree (no ARIASUITE_KERNEL_ASM_DIR, no kernel_aria_asm/ beside the binary,
// no cached build; e.g. an OSS-Fuzz build without kernel sources) it says so once and returns at
// once: `tools/ariasuite fuzz` then reports the target as skipped, and the replay test skips.
// A mismatch prints `ARIA_MISMATCH kernel_asm <function> vs ours/scalar`, the inputs, both answers
// and the CPU's flags, and aborts.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "fuzz/fuzz_entry.h"
#include "fuzz/fuzz_io.h"
#include "fuzz/kernel_aria_asm_case.h"
#include "kernel-tests/asm/checked_call.h"
#include "kernel-tests/asm/kernel_asm.h"

namespace ariasuite::kernel_asm {
namespace {

struct Loaded {
  std::unique_ptr<Library> lib;
  std::vector<const Function*> functions;  // the ones this CPU runs
  std::string skip;                        // why nothing is fuzzed, if so
};

Loaded& Get() {
  static Loaded* loaded = [] {
    auto* l = new Loaded;
    std::string why;
    const std::string dir = FindAsmDir(&why);
    if (dir.empty()) {
      l->skip = why;
      return l;
    }
    l->lib = Library::Load(dir, &why);
    if (l->lib == nullptr) {
      l->skip = why;
      return l;
    }
    std::string missing;
    for (const Function& f : l->lib->functions()) {
      if (f.runnable()) {
        l->functions.push_back(&f);
      } else {
        missing += " " + f.name + " (lacks " + f.missing + ")";
      }
    }
    if (l->functions.empty()) l->skip = "this CPU runs none of the kernel's functions:" + missing;
    return l;
  }();
  return *loaded;
}

void SetCounter(uint8_t iv[16], const FuzzCase& c, size_t blocks) {
  const unsigned delta = 1 + c.delta % static_cast<unsigned>(blocks + 2);
  switch (c.counter) {
    case kCounterBelow2to64:
      std::memset(iv + 8, 0xff, 8);
      iv[15] = static_cast<uint8_t>(0x100 - delta);
      break;
    case kCounterBelow2to128:
      std::memset(iv, 0xff, 16);
      iv[15] = static_cast<uint8_t>(0x100 - delta);
      break;
    case kCounterBelow2to32:
      std::memset(iv + 12, 0xff, 4);
      iv[15] = static_cast<uint8_t>(0x100 - delta);
      break;
    default: break;
  }
}

void Run(const uint8_t* data, size_t size) {
  Loaded& l = Get();
  if (l.functions.empty()) return;
  fuzz::FuzzReader reader(data, size);
  FuzzCase c;
  c.Visit(reader);
  const Function& fn = *l.functions[c.function % l.functions.size()];
  const size_t len = fn.blocks * 16;
  const fuzz::Bytes all = fuzz::Stretch(c.data, len * c.calls);

  CallSpec spec;
  spec.key.assign(c.key.begin(), c.key.begin() + 16 + 8 * c.key_size);
  std::memcpy(spec.iv, c.iv.data(), 16);
  SetCounter(spec.iv, c, fn.blocks);
  spec.layout = c.layout;
  spec.fill = c.delta;
  for (unsigned call = 0; call < c.calls; ++call) {
    spec.input.assign(all.begin() + call * len, all.begin() + (call + 1) * len);
    const CallResult r = CheckedCall(fn, spec);
    if (!r.problems.empty()) {
      std::fprintf(stderr, "ARIA_MISMATCH kernel_asm %s vs ours/scalar\n", fn.name.c_str());
      std::fprintf(stderr, "kernel: Linux %s (%s)\ncall %u of %u\n%s",
                   l.lib->kernel_version().c_str(), l.lib->tree().c_str(), call + 1,
                   static_cast<unsigned>(c.calls), Describe(fn, spec, r).c_str());
      std::fflush(stderr);
      std::abort();
    }
    if (fn.kind == Kind::kCtr) std::memcpy(spec.iv, r.iv_out, 16);
  }
}

}  // namespace
}  // namespace ariasuite::kernel_asm

// Why this target tests nothing here, or nullptr (read by fuzz/replay_main.cc to skip).
extern "C" const char* AriasuiteFuzzSkipReason() {
  const std::string& skip = ariasuite::kernel_asm::Get().skip;
  return skip.empty() ? nullptr : skip.c_str();
}

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  using ariasuite::kernel_asm::Get;
  if (!Get().skip.empty()) {
    std::fprintf(stderr, "kernel_aria_asm: SKIP: %s\n", Get().skip.c_str());
  } else {
    std::fprintf(stderr, "kernel_aria_asm: Linux %s, %zu of %zu functions run on this CPU\n",
                 Get().lib->kernel_version().c_str(), Get().functions.size(),
                 Get().lib->functions().size());
  }
  return 0;
}

void ariasuite::fuzz::FuzzOne(const uint8_t* data, size_t size) {
  ariasuite::kernel_asm::Run(data, size);
}
