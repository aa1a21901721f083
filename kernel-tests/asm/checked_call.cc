// Checked calls of the kernel's ARIA assembly (see checked_call.h).
#include "kernel-tests/asm/checked_call.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "impl/aria.h"
#include "impl/internal.h"
#include "kernel-tests/asm/aria_ctx.h"
#include "vectors/model/hex.h"

namespace ariasuite::kernel_asm {

using model::Hex;

namespace {

// [PROT_NONE page][one read-write page][PROT_NONE page], reused across calls. A buffer is placed
// to end `shift` bytes before the second guard page; the bytes after it and 512 before it hold a
// position-dependent pattern that Intact() checks.
class GuardedPage {
 public:
  GuardedPage() {
    page_ = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    void* p = mmap(nullptr, 3 * page_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
      std::perror("kernel_asm: mmap");
      std::abort();
    }
    base_ = static_cast<uint8_t*>(p);
    if (mprotect(base_, page_, PROT_NONE) != 0 || mprotect(base_ + 2 * page_, page_, PROT_NONE)) {
      std::perror("kernel_asm: mprotect");
      std::abort();
    }
  }
  GuardedPage(const GuardedPage&) = delete;
  GuardedPage& operator=(const GuardedPage&) = delete;

  // A len-byte buffer ending shift bytes before the guard page, with the kWindow bytes before it
  // and the shift bytes after it patterned.
  uint8_t* Place(size_t len, unsigned shift) {
    len_ = len;
    rw_ = base_ + page_;
    start_ = rw_ + page_ - len - shift;
    lo_ = start_ - rw_ > static_cast<long>(kWindow) ? start_ - kWindow : rw_;
    for (uint8_t* p = lo_; p < rw_ + page_; ++p) *p = Pattern(p - rw_);
    return start_;
  }
  // Whether the patterned bytes around the buffer are intact; if not, *where says which
  // ("3 bytes before it", "byte 0 past its end"). A write past the end beyond them faults on the
  // guard page.
  bool Intact(std::string* where) const {
    for (const uint8_t* p = lo_; p < rw_ + page_; ++p) {
      if (p >= start_ && p < start_ + len_) continue;
      if (*p != Pattern(p - rw_)) {
        *where = p < start_ ? std::to_string(start_ - p) + " bytes before it"
                            : "byte " + std::to_string(p - (start_ + len_)) + " past its end";
        return false;
      }
    }
    return true;
  }

 private:
  static constexpr size_t kWindow = 512;
  static uint8_t Pattern(long i) { return static_cast<uint8_t>(0xa5 ^ (i * 29)); }
  size_t page_ = 0, len_ = 0;
  uint8_t* base_ = nullptr;
  uint8_t* rw_ = nullptr;
  uint8_t* start_ = nullptr;
  uint8_t* lo_ = nullptr;
};

struct Pages {
  GuardedPage src, dst, keystream, iv, ctx;
};

Pages& GetPages() {
  static Pages* pages = new Pages;
  return *pages;
}

void Note(CallResult* r, std::string s) { r->problems.push_back(std::move(s)); }

std::string FirstDiff(const std::vector<uint8_t>& got, const std::vector<uint8_t>& want) {
  for (size_t i = 0; i < got.size() && i < want.size(); ++i) {
    if (got[i] != want[i]) {
      char buf[96];
      std::snprintf(buf, sizeof(buf), "block %zu byte %zu (of %zu blocks)", i / 16, i % 16,
                    want.size() / 16);
      return buf;
    }
  }
  return "length";
}

}  // namespace

void AddCounter(uint8_t out[16], const uint8_t in[16], uint64_t n) {
  unsigned carry = 0;
  uint64_t add = n;
  for (int i = 15; i >= 0; --i) {
    const unsigned sum = in[i] + static_cast<unsigned>(add & 0xff) + carry;
    out[i] = static_cast<uint8_t>(sum);
    carry = sum >> 8;
    add >>= 8;
  }
}

CallResult CheckedCall(const Function& fn, const CallSpec& spec, const AbiOptions* abi,
                       AbiReport* abi_report) {
  CallResult r;
  const size_t len = fn.blocks * 16;
  if (spec.input.size() != len) {
    Note(&r, "harness error: input is " + std::to_string(spec.input.size()) + " bytes, not " +
                 std::to_string(len));
    return r;
  }
  Pages& pages = GetPages();
  // One key schedule per direction, for the context and for the reference.
  AriaKey enc, dec;
  if (AriaSetEncryptKey(&enc, spec.key.data(), spec.key.size()) != Status::kOk ||
      AriaSetDecryptKey(&dec, spec.key.data(), spec.key.size()) != Status::kOk) {
    Note(&r, "bad key length " + std::to_string(spec.key.size()));
    return r;
  }
  KernelAriaCtx want_ctx;
  KernelAriaCtxFromKeys(&want_ctx, enc, dec, spec.key.size());
  // The context too sits against a guard page (8-byte aligned, as a crypto transform's context
  // is): the assembly must read only struct aria_ctx, and write nothing.
  KernelAriaCtx* ctx = reinterpret_cast<KernelAriaCtx*>(pages.ctx.Place(sizeof(KernelAriaCtx), 0));
  std::memcpy(ctx, &want_ctx, sizeof(want_ctx));

  // The reference answer: ariasuite's scalar path (impl/aria_ref.cc) over all blocks; for CTR
  // over counter blocks computed here, independently of ariasuite's CTR code.
  r.want.resize(len);
  if (fn.kind == Kind::kCtr) {
    r.counters.resize(len);
    r.stream.resize(len);
    for (size_t b = 0; b < fn.blocks; ++b) AddCounter(&r.counters[16 * b], spec.iv, b);
    internal::ScalarBackend().crypt_blocks(enc, r.stream.data(), r.counters.data(), fn.blocks);
    for (size_t i = 0; i < len; ++i) r.want[i] = spec.input[i] ^ r.stream[i];
    AddCounter(r.iv_want, spec.iv, fn.blocks);
  } else {
    internal::ScalarBackend().crypt_blocks(fn.kind == Kind::kEncrypt ? enc : dec, r.want.data(),
                                           spec.input.data(), fn.blocks);
  }
  std::memset(&enc, 0, sizeof(enc));
  std::memset(&dec, 0, sizeof(dec));

  // The call.
  uint8_t* src = pages.src.Place(len, spec.layout.src_shift);
  std::memcpy(src, spec.input.data(), len);
  uint8_t* dst = src;
  if (!spec.layout.in_place) {
    dst = pages.dst.Place(len, spec.layout.dst_shift);
    std::memset(dst, spec.fill, len);
  }
  uint8_t* keystream = nullptr;
  uint8_t* iv = nullptr;
  if (fn.kind == Kind::kCtr) {
    keystream = pages.keystream.Place(len, spec.layout.keystream_shift);
    std::memset(keystream, spec.fill, len);
    iv = pages.iv.Place(16, spec.layout.iv_shift);
    std::memcpy(iv, spec.iv, 16);
  }
  if (abi != nullptr) {
    const uint64_t args[5] = {reinterpret_cast<uint64_t>(ctx), reinterpret_cast<uint64_t>(dst),
                              reinterpret_cast<uint64_t>(src),
                              reinterpret_cast<uint64_t>(keystream),
                              reinterpret_cast<uint64_t>(iv)};
    AbiCall(fn.symbol, args, *abi, abi_report);
  } else if (fn.kind == Kind::kCtr) {
    fn.ctr()(ctx, dst, src, keystream, iv);
  } else {
    fn.crypt()(ctx, dst, src);
  }

  r.output.assign(dst, dst + len);
  if (r.output != r.want)
    Note(&r, "output differs from ours/scalar at " + FirstDiff(r.output, r.want));
  if (!spec.layout.in_place && std::memcmp(src, spec.input.data(), len) != 0) {
    Note(&r, "src changed (not in place) at " +
                 FirstDiff(std::vector<uint8_t>(src, src + len), spec.input));
  }
  std::string where;
  if (!pages.src.Intact(&where)) Note(&r, "wrote outside src: " + where);
  if (!spec.layout.in_place && !pages.dst.Intact(&where)) {
    Note(&r, "wrote outside dst: " + where);
  }
  if (!pages.ctx.Intact(&where)) Note(&r, "wrote outside struct aria_ctx: " + where);
  if (std::memcmp(&want_ctx, ctx, sizeof(want_ctx)) != 0) Note(&r, "changed struct aria_ctx");
  if (fn.kind == Kind::kCtr) {
    std::memcpy(r.iv_out, iv, 16);
    r.keystream.assign(keystream, keystream + len);
    if (std::memcmp(r.iv_out, r.iv_want, 16) != 0) {
      Note(&r, "counter after the call is " + Hex(r.iv_out, 16) + ", want " + Hex(r.iv_want, 16) +
                   " (iv + " + std::to_string(fn.blocks) + " mod 2^128)");
    }
    if (!pages.keystream.Intact(&where)) {
      Note(&r,
           "wrote outside the " + std::to_string(len) + "-byte keystream scratch buffer: " + where);
    }
    if (!pages.iv.Intact(&where)) Note(&r, "wrote outside the 16-byte counter: " + where);
  }
  return r;
}

std::string Describe(const Function& fn, const CallSpec& spec, const CallResult& r) {
  std::string s = "function: " + fn.name + " (" + fn.driver + ", " + KindName(fn.kind) + ", " +
                  std::to_string(fn.blocks) + " blocks)\n";
  for (const std::string& p : r.problems) s += "problem: " + p + "\n";
  char layout[160];
  std::snprintf(layout, sizeof(layout),
                "layout: %s, src end-shift %u, dst end-shift %u, keystream end-shift %u, iv "
                "end-shift %u, fill 0x%02x\n",
                spec.layout.in_place ? "in place" : "separate", spec.layout.src_shift,
                spec.layout.dst_shift, spec.layout.keystream_shift, spec.layout.iv_shift,
                spec.fill);
  s += layout;
  s += "key: " + Hex(spec.key.data(), spec.key.size()) + "\n";
  if (fn.kind == Kind::kCtr) {
    s += "iv: " + Hex(spec.iv, 16) + "\n";
    s += "iv after: " + Hex(r.iv_out, 16) + " (want " + Hex(r.iv_want, 16) + ")\n";
  }
  s += "input: " + Hex(spec.input.data(), spec.input.size()) + "\n";
  s += "kernel: " + Hex(r.output.data(), r.output.size()) + "\n";
  s += "ours/scalar: " + Hex(r.want.data(), r.want.size()) + "\n";
  s += "cpu: " + CpuFlagsLine() + "\n";
  return s;
}

}  // namespace ariasuite::kernel_asm
