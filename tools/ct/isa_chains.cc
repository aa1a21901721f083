// The instruction chains of isa_chains.h.
#include "tools/ct/isa_chains.h"

#include <immintrin.h>

namespace ariasuite::ct {

void ChainGf2p8AffineInv(uint8_t x[64], const uint8_t m[64]) {
  __m512i v = _mm512_loadu_si512(x);
  const __m512i a = _mm512_loadu_si512(m);
  for (int i = 0; i < kIsaChain; ++i) v = _mm512_gf2p8affineinv_epi64_epi8(v, a, 0);
  _mm512_storeu_si512(x, v);
}

void ChainTernlog(uint8_t x[64], const uint8_t y[64], const uint8_t z[64]) {
  __m512i v = _mm512_loadu_si512(x);
  const __m512i b = _mm512_loadu_si512(y), c = _mm512_loadu_si512(z);
  for (int i = 0; i < kIsaChain; ++i) v = _mm512_ternarylogic_epi64(v, b, c, 0x96);
  _mm512_storeu_si512(x, v);
}

void ChainAesEncLast(uint8_t x[16], const uint8_t k[16]) {
  __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x));
  const __m128i key = _mm_loadu_si128(reinterpret_cast<const __m128i*>(k));
  for (int i = 0; i < kIsaChain; ++i) v = _mm_aesenclast_si128(v, key);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(x), v);
}

void ChainAesDecLast(uint8_t x[16], const uint8_t k[16]) {
  __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x));
  const __m128i key = _mm_loadu_si128(reinterpret_cast<const __m128i*>(k));
  for (int i = 0; i < kIsaChain; ++i) v = _mm_aesdeclast_si128(v, key);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(x), v);
}

}  // namespace ariasuite::ct
