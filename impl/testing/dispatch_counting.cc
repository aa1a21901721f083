// Counting backend tables for the dispatch test: one table per path whose entries count, then
// forward to the real table the library handed to the wrapper.
#include "impl/testing/dispatch_counting.h"

#include <atomic>
#include <string>

#include "impl/dispatch.h"

namespace ariasuite::internal {
namespace {

constexpr int kNumImpls = 6;
std::atomic<uint64_t> g_calls[kNumImpls];
std::atomic<const Backend*> g_real[kNumImpls];

template <int I>
struct Counted {
  static const Backend& Real() { return *g_real[I].load(std::memory_order_relaxed); }
  static void Count() { g_calls[I].fetch_add(1, std::memory_order_relaxed); }
  static void Crypt(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t n) {
    Count();
    Real().crypt_blocks(key, out, in, n);
  }
  static void Ctr32(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t n,
                    uint8_t ctr[16]) {
    Count();
    Real().ctr32(key, out, in, n, ctr);
  }
  static void Ctr128(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t n,
                     uint8_t ctr[16]) {
    Count();
    Real().ctr128(key, out, in, n, ctr);
  }
  static void GhashInit(GhashKey* out, const uint8_t h[16]) {
    Count();
    Real().ghash_init(out, h);
  }
  static void Ghash(const GhashKey& key, uint8_t xi[16], const uint8_t* in, size_t n) {
    Count();
    Real().ghash(key, xi, in, n);
  }
  static void Seal(const AriaKey& key, const GhashKey& hkey, uint8_t xi[16], uint8_t ctr[16],
                   uint8_t* out, const uint8_t* in, size_t n, uint8_t* tag_mask) {
    Count();
    Real().gcm_seal_bulk(key, hkey, xi, ctr, out, in, n, tag_mask);
  }
  static void Open(const AriaKey& key, const GhashKey& hkey, uint8_t xi[16], uint8_t ctr[16],
                   uint8_t* out, const uint8_t* in, size_t n, uint8_t* tag_mask) {
    Count();
    Real().gcm_open_bulk(key, hkey, xi, ctr, out, in, n, tag_mask);
  }
  // The counting table of path I over real (built once: the real tables never change).
  static const Backend* Table(const Backend& real) {
    g_real[I].store(&real, std::memory_order_relaxed);
    static const Backend table = {real.impl,
                                  real.name,
                                  &Crypt,
                                  &Ctr32,
                                  &Ctr128,
                                  &GhashInit,
                                  &Ghash,
                                  real.gcm_seal_bulk != nullptr ? &Seal : nullptr,
                                  real.gcm_open_bulk != nullptr ? &Open : nullptr};
    return &table;
  }
};

const Backend* CountingWrapper(Impl impl, const Backend& real) {
  switch (impl) {
    case Impl::kScalar: return Counted<0>::Table(real);
    case Impl::kAesniAvx: return Counted<1>::Table(real);
    case Impl::kAesniAvx2: return Counted<2>::Table(real);
    case Impl::kVaesAvx2: return Counted<3>::Table(real);
    case Impl::kGfniAvx2: return Counted<4>::Table(real);
    case Impl::kGfniAvx512: return Counted<5>::Table(real);
  }
  return &real;
}

}  // namespace

void SetBackendCallCounting(bool enabled) {
  for (auto& c : g_calls) c.store(0, std::memory_order_relaxed);
  SetBackendWrapper(enabled ? &CountingWrapper : nullptr);
}

uint64_t BackendCalls(Impl impl) {
  return g_calls[static_cast<int>(impl)].load(std::memory_order_relaxed);
}

std::string CallsOnlyOn(Impl impl, uint64_t min_calls) {
  std::string out;
  for (Impl path : AllImpls()) {
    const uint64_t calls = BackendCalls(path);
    const bool ok = path == impl ? calls >= min_calls : calls == 0;
    if (ok) continue;
    if (!out.empty()) out += "; ";
    out += std::string(ImplName(path)) + ": " + std::to_string(calls) + " calls, wanted " +
           (path == impl ? ">= " + std::to_string(min_calls) : "0");
  }
  return out;
}

}  // namespace ariasuite::internal
