// The reference rounds (RFC 5794 §2.3.1) on up to four blocks (64 bytes) at once: key addition and
// the diffusion layer A (§2.4.3, impl/aria_ref.h) are plain XORs of bytes; the substitution layers
// SL1/SL2 (§2.4.2) are evaluated without tables by impl/sbox.cc (bit-sliced GF(2^8) inversion plus
// per-lane affine maps), so nothing indexes memory or branches on key or data.
#include "impl/testing/aria_reference_rounds.h"

#include <cstring>

#include "impl/aria_ref.h"
#include "impl/sbox.h"

namespace ariasuite::internal {
namespace {

inline void Xor16(uint8_t* d, const uint8_t* s) {
  for (int i = 0; i < 16; ++i) d[i] ^= s[i];
}

// RFC 5794 §2.4.1: FO (SL1) or FE (SL2) applied in place to nblocks (<= 4) blocks.
inline void RoundFn(const SboxLayer& layer, uint8_t* s, size_t nblocks, const uint8_t rk[16]) {
  for (size_t b = 0; b < nblocks; ++b) Xor16(s + 16 * b, rk);
  SubstituteBytes(layer, s, 16 * nblocks);
  for (size_t b = 0; b < nblocks; ++b) AriaDiffuse(s + 16 * b);
}

// RFC 5794 §2.3.1: the rounds on up to four blocks.
void CryptUpTo4(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t nblocks) {
  uint8_t s[64];
  std::memcpy(s, in, 16 * nblocks);
  const int n = key.rounds;
  for (int r = 0; r + 1 < n; ++r) {
    RoundFn((r % 2 == 0) ? Sl1Layer() : Sl2Layer(), s, nblocks, key.rk[r]);
  }
  for (size_t b = 0; b < nblocks; ++b) Xor16(s + 16 * b, key.rk[n - 1]);
  SubstituteBytes(Sl2Layer(), s, 16 * nblocks);
  for (size_t b = 0; b < nblocks; ++b) Xor16(s + 16 * b, key.rk[n]);
  std::memcpy(out, s, 16 * nblocks);
}

}  // namespace

void AriaRefCryptBlocks(const AriaKey& key, uint8_t* out, const uint8_t* in, size_t nblocks) {
  while (nblocks > 0) {
    const size_t n = nblocks < 4 ? nblocks : 4;
    CryptUpTo4(key, out, in, n);
    out += 16 * n;
    in += 16 * n;
    nblocks -= n;
  }
}

void AriaTraceRounds(const AriaKey& key, uint8_t out_rounds[kAriaMaxRounds][16], uint8_t out[16],
                     const uint8_t in[16]) {
  uint8_t s[16];
  std::memcpy(s, in, 16);
  const int n = key.rounds;
  for (int r = 0; r + 1 < n; ++r) {
    RoundFn((r % 2 == 0) ? Sl1Layer() : Sl2Layer(), s, 1, key.rk[r]);
    std::memcpy(out_rounds[r], s, 16);
  }
  Xor16(s, key.rk[n - 1]);
  SubstituteBytes(Sl2Layer(), s, 16);
  Xor16(s, key.rk[n]);
  std::memcpy(out, s, 16);
}

}  // namespace ariasuite::internal
