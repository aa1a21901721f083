// The vaes-avx2 path: the aesni-avx2 design (32 blocks in byte-sliced ymm registers, S-boxes from
// AESENCLAST/AESDECLAST plus nibble-lookup affine fix-ups, sbox_aesni-inl.h) with VAES, so each
// S-box layer register is one VAESENCLAST/VAESDECLAST on both 128-bit lanes instead of
// VEXTRACTI128 + two xmm AES-NI operations + VINSERTI128, and GHASH with VPCLMULQDQ on ymm (32
// blocks per reduction), stitched GCM; up to 6 blocks go through the aesni-avx small engine. For
// CPUs with VAES but no GFNI (Zen 3). Built with -maes -mvaes -mavx2 -mpclmul -mvpclmulqdq; only
// dispatch (after CPUID/XGETBV) may call into it. The code is shared (aria_simd_inl.h,
// ghash_simd_inl.h); this file picks the widths and the S-box policy.
#include "impl/ghash_simd_inl.h"
#include "impl/internal.h"
#include "impl/sbox_aesni-inl.h"
#include "impl/simd_x86_256-inl.h"

namespace ariasuite {
namespace internal {
namespace {

using Path = SimdPath<AesniSbox, Vec256, Vec128, Vec128, SmallEngine<Vec128, 6, AesniSbox>>;

}  // namespace

const Backend& VaesAvx2Backend() {
  static constexpr Backend kBackend = Path::Table(Impl::kVaesAvx2, "vaes-avx2");
  return kBackend;
}

}  // namespace internal
}  // namespace ariasuite
