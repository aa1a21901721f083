// The gfni-avx2 path: ARIA on 32 blocks at a time in byte-sliced ymm registers (16 blocks in xmm
// for short tails), S-boxes with GF2P8AFFINEINVQB/GF2P8AFFINEQB (sbox_gfni-inl.h), GHASH with
// VPCLMULQDQ on ymm (32 blocks per reduction), stitched GCM; up to 8 blocks go through the
// one-block-per-lane small engine. Built with -mgfni -mavx2 -mpclmul -mvpclmulqdq; only dispatch
// (after CPUID/XGETBV) may call into it. The code is shared (aria_simd_inl.h, ghash_simd_inl.h);
// this file picks the widths and the S-box policy.
#include "impl/ghash_simd_inl.h"
#include "impl/internal.h"
#include "impl/sbox_gfni-inl.h"
#include "impl/simd_x86_256-inl.h"

namespace ariasuite {
namespace internal {
namespace {

// Up to 8 blocks: one, two or four ymm, one block per lane.
using Path = SimdPath<GfniSbox, Vec256, Vec256, Vec128, SmallEngine<Vec256, 4, GfniSbox>>;

}  // namespace

const Backend& GfniAvx2Backend() {
  static constexpr Backend kBackend = Path::Table(Impl::kGfniAvx2, "gfni-avx2");
  return kBackend;
}

}  // namespace internal
}  // namespace ariasuite
