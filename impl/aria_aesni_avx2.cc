// The aesni-avx2 path: ARIA on 32 blocks at a time in byte-sliced ymm registers (16 blocks in xmm
// for short tails) with the S-boxes taken from AES-NI (sbox_aesni-inl.h): AVX2 does the transpose,
// the key additions, the diffusion XORs and the nibble lookups of the affine fix-ups on both lanes,
// and each AESENCLAST/AESDECLAST runs on the two 128-bit halves (no VAES here: the path is for AVX2
// CPUs without GFNI, Haswell to Skylake and Zen 1-3). GHASH with PCLMULQDQ on the halves of ymm
// registers (32 blocks per reduction), stitched GCM; up to 6 blocks go through the aesni-avx small
// engine (one block per xmm). Built with -maes -mavx2 -mpclmul; only dispatch (after CPUID/XGETBV)
// may call into it. The code is shared (aria_simd_inl.h, ghash_simd_inl.h); this file picks the
// widths and the S-box policy.
#include "impl/ghash_simd_inl.h"
#include "impl/internal.h"
#include "impl/sbox_aesni-inl.h"
#include "impl/simd_x86_256-inl.h"

namespace ariasuite {
namespace internal {
namespace {

using Path = SimdPath<AesniSbox, Vec256, Vec128, Vec128, SmallEngine<Vec128, 6, AesniSbox>>;

}  // namespace

const Backend& AesniAvx2Backend() {
  static constexpr Backend kBackend = Path::Table(Impl::kAesniAvx2, "aesni-avx2");
  return kBackend;
}

}  // namespace internal
}  // namespace ariasuite
