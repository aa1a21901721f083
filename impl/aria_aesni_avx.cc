// The aesni-avx path: ARIA on 16 blocks at a time in byte-sliced xmm registers with the S-boxes
// taken from AES-NI (sbox_aesni-inl.h), GHASH with PCLMULQDQ (16 blocks per reduction), stitched
// GCM; up to 6 blocks go through the one-block-per-register small engine. Built with -maes -mavx
// -mpclmul; only dispatch (after CPUID/XGETBV) may call into it. The code is shared
// (aria_simd_inl.h, ghash_simd_inl.h); this file picks the width and the S-box policy.
#include "impl/ghash_simd_inl.h"
#include "impl/internal.h"
#include "impl/sbox_aesni-inl.h"
#include "impl/simd_x86_128-inl.h"

namespace ariasuite {
namespace internal {
namespace {

// Up to 6 blocks, one per register (past that the 16-block byte-sliced batch is as fast).
using Path = SimdPath<AesniSbox, Vec128, Vec128, Vec128, SmallEngine<Vec128, 6, AesniSbox>>;

}  // namespace

const Backend& AesniAvxBackend() {
  static constexpr Backend kBackend = Path::Table(Impl::kAesniAvx, "aesni-avx");
  return kBackend;
}

}  // namespace internal
}  // namespace ariasuite
