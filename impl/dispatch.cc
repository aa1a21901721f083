// The backend table of each path (internal; path selection is path.cc). The SIMD backends live in
// their own ISA-flagged libraries and are only handed out for paths this CPU runs. The one test
// seam, SetBackendWrapper, holds no counter: the counting tables are test code
// (impl/testing/dispatch_counting.h).
#include "impl/dispatch.h"

#include <atomic>

namespace ariasuite {
namespace {

const internal::Backend* RealBackend(Impl impl) {
  switch (impl) {
    case Impl::kScalar: return &internal::ScalarBackend();
    case Impl::kAesniAvx: return &internal::AesniAvxBackend();
    case Impl::kAesniAvx2: return &internal::AesniAvx2Backend();
    case Impl::kVaesAvx2: return &internal::VaesAvx2Backend();
    case Impl::kGfniAvx2: return &internal::GfniAvx2Backend();
    case Impl::kGfniAvx512: return &internal::GfniAvx512Backend();
  }
  return nullptr;
}

std::atomic<internal::BackendWrapper> g_wrapper{nullptr};

}  // namespace

const internal::Backend* BackendFor(Impl impl) {
  if (!IsSupported(impl)) return nullptr;
  const internal::Backend* real = RealBackend(impl);
  const internal::BackendWrapper wrapper = g_wrapper.load(std::memory_order_relaxed);
  return wrapper != nullptr ? wrapper(impl, *real) : real;
}

namespace internal {

void SetBackendWrapper(BackendWrapper wrapper) {
  g_wrapper.store(wrapper, std::memory_order_relaxed);
}

}  // namespace internal

}  // namespace ariasuite
