// The gfni-avx512 path: ARIA on 64 blocks at a time in byte-sliced zmm registers (32 in ymm and
// 16 in xmm for tails, all with AVX-512VL ternary logic for the diffusion XORs and 32 vector
// registers), S-boxes with GF2P8AFFINEINVQB/GF2P8AFFINEQB (sbox_gfni-inl.h), GHASH with
// VPCLMULQDQ on zmm (64 blocks per reduction), stitched GCM; up to 8 blocks go through the
// one-block-per-lane small engine on ymm. Built with -mgfni -mavx512f -mavx512bw -mavx512vl
// -mpclmul -mvpclmulqdq; only dispatch (after CPUID/XGETBV) may call it. The code is shared
// (aria_simd_inl.h, ghash_simd_inl.h); this file picks the widths and the S-box policy.
#include "impl/ghash_simd_inl.h"
#include "impl/internal.h"
#include "impl/sbox_gfni-inl.h"
#include "impl/simd_x86_512-inl.h"

namespace ariasuite {
namespace internal {
namespace {

// Up to 8 blocks: one or two zmm, one block per lane.
using Path = SimdPath<GfniSbox, Vec512, Vec256, Vec128, SmallEngine<Vec512, 2, GfniSbox>>;

}  // namespace

const Backend& GfniAvx512Backend() {
  static constexpr Backend kBackend = Path::Table(Impl::kGfniAvx512, "gfni-avx512");
  return kBackend;
}

}  // namespace internal
}  // namespace ariasuite
