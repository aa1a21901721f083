// ARIA's four S-boxes (RFC 5794 §2.4.2) computed from their algebraic definition instead of looked
// up, so that the scalar reference never indexes memory with secret data. S1 is also AES's S-box
// (FIPS 197 §5.1.1), which the AES used to test the GCM layer reuses.
//
// Technique: 64 bytes are bit-sliced into eight 64-bit planes (plane i holds bit i of every byte).
// Each S-box is  x -> Post * inv(Pre * x + c_pre) + c_post  over GF(2), where inv is inversion in
// GF(2^8) mod x^8+x^4+x^3+x+1 (x^254, 0 -> 0) computed by a fixed chain of 4 bit-sliced
// multiplications and 7 squarings, and Pre/Post are affine maps applied with per-byte lane masks,
// so one pass evaluates a different S-box in each byte position (SL1, SL2) with no table lookup and
// no branch on data.
#ifndef ARIASUITE_IMPL_SBOX_H_
#define ARIASUITE_IMPL_SBOX_H_

#include <cstddef>
#include <cstdint>

namespace ariasuite::internal {

// SB1 = S1, SB2 = S2, SB3 = S1^-1, SB4 = S2^-1 in RFC 5794's naming.
enum class Sbox { kS1 = 0, kS2 = 1, kS1Inv = 2, kS2Inv = 3 };

// Precomputed lane masks for a substitution layer whose byte i uses pattern[i % 4]. Built once from
// public constants; opaque to callers.
struct SboxLayer {
  uint64_t pre[8][8];  // pre[i][j]: lanes whose pre-map sends input bit j to output bit i.
  uint64_t pre_c[8];   // lanes whose pre-constant has bit i set.
  uint64_t post[8][8];
  uint64_t post_c[8];
};

// Builds the layer for a 4-byte S-box pattern (public data only).
SboxLayer MakeSboxLayer(Sbox b0, Sbox b1, Sbox b2, Sbox b3);

// RFC 5794 §2.4.2: SL1 = (SB1, SB2, SB3, SB4) and SL2 = (SB3, SB4, SB1, SB2), repeated.
const SboxLayer& Sl1Layer();
const SboxLayer& Sl2Layer();
// S1 in every byte (AES SubBytes).
const SboxLayer& AllS1Layer();

// Replaces each of bytes[0..len) (len <= 64) by its S-box image; byte i uses the layer's
// pattern[i % 4]. Constant time: the work does not depend on the data (it always processes 64
// bytes).
void SubstituteBytes(const SboxLayer& layer, uint8_t* bytes, size_t len);

// One byte through one S-box, constant time (for tests and key setup; slow per byte).
uint8_t ApplySbox(Sbox sbox, uint8_t x);

}  // namespace ariasuite::internal

#endif  // ARIASUITE_IMPL_SBOX_H_
