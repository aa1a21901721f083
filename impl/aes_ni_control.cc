// AES-NI encryption for the AES instance of the GCM layer (see aes_ni_control.h). AESENC is one
// round (ShiftRows, SubBytes, MixColumns, AddRoundKey; Intel's AES-NI white paper) and
// AESENCLAST the last one, without MixColumns; the round keys are FIPS 197's byte strings.
#include "impl/aes_ni_control.h"

#include <wmmintrin.h>

namespace ariasuite {

bool AesNiControlSupported() {
  __builtin_cpu_init();  // safe to call again; needed when called before main
  return __builtin_cpu_supports("aes");
}

void AesNiControlEncryptBlocks(const uint8_t (*rk)[16], int rounds, uint8_t* out, const uint8_t* in,
                               size_t nblocks) {
  __m128i keys[15];
  for (int r = 0; r <= rounds; ++r)
    keys[r] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(rk[r]));
  for (size_t b = 0; b < nblocks; ++b) {
    __m128i s =
        _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 16 * b)), keys[0]);
    for (int r = 1; r < rounds; ++r) s = _mm_aesenc_si128(s, keys[r]);
    s = _mm_aesenclast_si128(s, keys[rounds]);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 16 * b), s);
  }
}

}  // namespace ariasuite
