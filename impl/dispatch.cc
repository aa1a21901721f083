// The backend table of each path (internal; path selection is path.cc). The SIMD backends live in
// their own ISA-flagged libraries and are only handed out for paths this CPU runs. A test hook
// (dispatch_testing.h) can make BackendFor hand out tables that count their calls per path.
#include "impl/dispatch.h"

#include <atomic>
#include <cstdint>

#include "impl/dispatch_testing.h"

namespace ariasuite {
namespace {

const internal::Backend* RealBackend(Impl impl) {
  switch (impl) {
    case Impl::kScalar:
      return &internal::ScalarBackend();
    case Impl::kAesniAvx:
      return &internal::AesniAvxBackend();
    case Impl::kGfniAvx2:
      return &internal::GfniAvx2Backend();
    case Impl::kGfniAvx512:
      return &internal::GfniAvx512Backend();
  }
  return nullptr;
}

// ---- Test hook: per-path call counting (dispatch_testing.h). Off unless a test turns it on; the
// only cost in normal use is one relaxed atomic load per BackendFor call.
constexpr int kNumImpls = 4;
std::atomic<bool> g_counting{false};
std::atomic<uint64_t> g_calls[kNumImpls];

template <int I>
struct Counted {
  static const internal::Backend& Real() { return *RealBackend(static_cast<Impl>(I)); }
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
  static void GhashInit(internal::GhashKey* out, const uint8_t h[16]) {
    Count();
    Real().ghash_init(out, h);
  }
  static void Ghash(const internal::GhashKey& key, uint8_t xi[16], const uint8_t* in, size_t n) {
    Count();
    Real().ghash(key, xi, in, n);
  }
  static void Seal(const AriaKey& key, const internal::GhashKey& hkey, uint8_t xi[16],
                   uint8_t ctr[16], uint8_t* out, const uint8_t* in, size_t n) {
    Count();
    Real().gcm_seal_bulk(key, hkey, xi, ctr, out, in, n);
  }
  static void Open(const AriaKey& key, const internal::GhashKey& hkey, uint8_t xi[16],
                   uint8_t ctr[16], uint8_t* out, const uint8_t* in, size_t n) {
    Count();
    Real().gcm_open_bulk(key, hkey, xi, ctr, out, in, n);
  }
  static internal::Backend Make() {
    const internal::Backend& r = Real();
    return internal::Backend{r.impl,
                             r.name,
                             &Crypt,
                             &Ctr32,
                             &Ctr128,
                             &GhashInit,
                             &Ghash,
                             r.gcm_seal_bulk != nullptr ? &Seal : nullptr,
                             r.gcm_open_bulk != nullptr ? &Open : nullptr};
  }
};

const internal::Backend* CountedBackend(Impl impl) {
  static const internal::Backend tables[kNumImpls] = {Counted<0>::Make(), Counted<1>::Make(),
                                                      Counted<2>::Make(), Counted<3>::Make()};
  return &tables[static_cast<int>(impl)];
}

}  // namespace

const internal::Backend* BackendFor(Impl impl) {
  if (!IsSupported(impl)) return nullptr;
  if (g_counting.load(std::memory_order_relaxed)) return CountedBackend(impl);
  return RealBackend(impl);
}

namespace internal {

void SetBackendCallCounting(bool enabled) {
  for (auto& c : g_calls) c.store(0, std::memory_order_relaxed);
  g_counting.store(enabled, std::memory_order_relaxed);
}

uint64_t BackendCalls(Impl impl) {
  return g_calls[static_cast<int>(impl)].load(std::memory_order_relaxed);
}

}  // namespace internal

}  // namespace ariasuite
