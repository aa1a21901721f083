// The Linux kernel's own ARIA assembly as benchmark subjects (kernel-tests/asm: the functions of
// arch/x86/crypto/aria-*-asm_64.S assembled from the cached kernel tree and loaded at run time).
// ECB and CTR only, composed of the N-way functions as each driver's glue composes them (widest
// first, then narrower, the last blocks with a one-block C routine: ours here, aria_generic's in
// the kernel), with struct aria_ctx made from our key schedule. Timed in userspace: no
// kernel_fpu_begin/end, no crypto API or scatterlist walk, so these are the assembly's own speed.
// Without an assembled tree there are no kernel subjects (KernelNote() says why).
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "impl/aria.h"
#include "kernel-tests/asm/aria_ctx.h"
#include "kernel-tests/asm/checked_call.h"
#include "kernel-tests/asm/kernel_asm.h"
#include "tools/bench/subjects.h"

namespace ariasuite::bench {
namespace {

using kernel_asm::CryptFn;
using kernel_asm::CtrFn;
using kernel_asm::Function;
using kernel_asm::KernelAriaCtx;
using kernel_asm::Library;

// What each glue's aria_ops holds on a CPU with every feature: {64-way, 32-way, 16-way} prefixes
// ("" where the driver has no such width). The AES-NI flavours are what the AVX and AVX2 glue use
// on a CPU without GFNI.
struct Driver {
  const char* subject;
  const char* prefix[3];
};
constexpr Driver kDrivers[] = {
    {"kernel/avx", {"", "", "aria_aesni_avx_"}},
    {"kernel/avx-gfni", {"", "", "aria_aesni_avx_gfni_"}},
    {"kernel/avx2", {"", "aria_aesni_avx2_", "aria_aesni_avx_"}},
    {"kernel/avx2-gfni", {"", "aria_aesni_avx2_gfni_", "aria_aesni_avx_gfni_"}},
    {"kernel/avx512", {"aria_gfni_avx512_", "aria_aesni_avx2_gfni_", "aria_aesni_avx_gfni_"}},
};

// Each of our paths and the kernel driver of the same design (register width, S-box
// instructions), which the table compares it with. The kernel's AES-NI/AVX2 code takes VAES
// nowhere (two xmm AES-NI operations per ymm), so it is vaes-avx2's reference too.
constexpr std::pair<const char*, const char*> kPeers[] = {
    {"ours/aesni-avx", "kernel/avx"},      {"ours/aesni-avx2", "kernel/avx2"},
    {"ours/vaes-avx2", "kernel/avx2"},     {"ours/gfni-avx2", "kernel/avx2-gfni"},
    {"ours/gfni-avx512", "kernel/avx512"},
};
constexpr size_t kWays[3] = {64, 32, 16};

struct Loaded {
  std::unique_ptr<Library> lib;
  std::string note;
};

Loaded& Get() {
  static Loaded* loaded = [] {
    auto* l = new Loaded;
    std::string why;
    const std::string dir = kernel_asm::FindAsmDir(&why);
    if (!dir.empty()) l->lib = Library::Load(dir, &why);
    l->note = l->lib
                  ? "Linux " + l->lib->kernel_version() + " arch/x86/crypto ARIA (kernel-tests/asm)"
                  : "no kernel subjects: " + why;
    return l;
  }();
  return *loaded;
}

class Kernel : public Subject {
 public:
  Kernel(const Library& lib, const Driver& d, const uint8_t* key, size_t key_len) {
    ok_ = kernel_asm::MakeKernelAriaCtx(&ctx_, key, key_len) &&
          AriaSetEncryptKey(&enc_, key, key_len) == Status::kOk;
    for (int w = 0; w < 3; ++w) {
      if (*d.prefix[w] == '\0') continue;
      const std::string p = d.prefix[w];
      const std::string n = std::to_string(kWays[w]) + "way";
      const Function* e = lib.Find(p + "encrypt_" + n);
      const Function* c = lib.Find(p + "ctr_crypt_" + n);
      if (e == nullptr || c == nullptr || !e->runnable() || !c->runnable()) {
        ok_ = false;
        continue;
      }
      ecb_[w] = e->crypt();
      ctr_[w] = c->ctr();
    }
  }
  bool usable() const { return ok_; }

  bool Ecb(uint8_t* out, const uint8_t* in, size_t len) override {
    if (!ok_ || len % 16 != 0) return false;
    size_t n = len / 16;
    for (int w = 0; w < 3; ++w) {
      while (ecb_[w] != nullptr && n >= kWays[w]) {
        ecb_[w](&ctx_, out, in);
        out += 16 * kWays[w];
        in += 16 * kWays[w];
        n -= kWays[w];
      }
    }
    for (; n > 0; --n, in += 16, out += 16) AriaCryptBlock(enc_, out, in);
    return true;
  }
  bool Ctr(uint8_t* out, const uint8_t* in, size_t len) override {
    if (!ok_) return false;
    uint8_t iv[16];
    std::memcpy(iv, kIv, 16);
    for (int w = 0; w < 3; ++w) {
      while (ctr_[w] != nullptr && len >= 16 * kWays[w]) {
        ctr_[w](&ctx_, out, in, keystream_, iv);
        out += 16 * kWays[w];
        in += 16 * kWays[w];
        len -= 16 * kWays[w];
      }
    }
    while (len > 0) {  // as the glue: one block at a time with the generic cipher
      uint8_t ks[16];
      AriaCryptBlock(enc_, ks, iv);
      kernel_asm::AddCounter(iv, iv, 1);
      const size_t take = len < 16 ? len : 16;
      for (size_t i = 0; i < take; ++i) out[i] = in[i] ^ ks[i];
      out += take;
      in += take;
      len -= take;
    }
    return true;
  }
  bool GcmSeal(uint8_t*, uint8_t*, const uint8_t*, size_t) override { return false; }
  bool GcmOpen(uint8_t*, const uint8_t*, size_t, const uint8_t*) override { return false; }

 private:
  KernelAriaCtx ctx_;
  AriaKey enc_;
  CryptFn ecb_[3] = {};
  CtrFn ctr_[3] = {};
  alignas(64) uint8_t keystream_[64 * 16];
  bool ok_ = false;
};

std::unique_ptr<Subject> MakeKernel(const std::string& variant, const uint8_t* key,
                                    size_t key_len) {
  Loaded& l = Get();
  if (!l.lib) return nullptr;
  for (const Driver& d : kDrivers) {
    if (variant == d.subject) {
      auto k = std::make_unique<Kernel>(*l.lib, d, key, key_len);
      if (k->usable()) return k;
    }
  }
  return nullptr;
}

bool KernelCovers(const std::string& op, size_t size) {
  return (op == "ECB" || op == "CTR") && (size == 4096 || size == 16384);
}

}  // namespace

std::string KernelTwin(const std::string& path) {
  for (const auto& [ours, kernel] : kPeers) {
    if ("ours/" + path == ours) return kernel;
  }
  return "";
}

std::vector<SubjectInfo> KernelSubjects() {
  std::vector<SubjectInfo> out;
  Loaded& l = Get();
  if (!l.lib) return out;
  const uint8_t key[16] = {};
  for (const Driver& d : kDrivers) {
    if (MakeKernel(d.subject, key, sizeof(key)) == nullptr) continue;  // this CPU cannot run it
    SubjectInfo si{d.subject, &MakeKernel, d.subject};
    si.covers = &KernelCovers;
    out.push_back(si);
  }
  return out;
}

std::string KernelNote() { return Get().note; }

}  // namespace ariasuite::bench
