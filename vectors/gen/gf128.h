// GF(2^128) arithmetic in GCM's bit order (SP 800-38D §6.3: bit 0 of the block is the coefficient
// of x^0, so the byte string's first bit is the lowest-degree term) for the edge-vector generator:
// multiplication, powers and inverses, GHASH, and solving an IV for a chosen pre-counter block J0.
// Plain and slow on purpose; not for the library.
#ifndef ARIASUITE_VECTORS_GEN_GF128_H_
#define ARIASUITE_VECTORS_GEN_GF128_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ariasuite::gen {

using Block = std::array<uint8_t, 16>;

Block GfMul(const Block& x, const Block& y);  // SP 800-38D §6.3 Algorithm 1
Block GfPow(const Block& x, uint64_t e_hi, uint64_t e_lo);  // x^e, e a 128-bit exponent
Block GfInverse(const Block& x);  // x^(2^128 - 2); x must be non-zero
Block Xor(const Block& a, const Block& b);

// GHASH_H over data zero-padded to whole blocks (SP 800-38D §6.4).
Block Ghash(const Block& h, const std::vector<uint8_t>& data);

// J0 for an IV of any length (SP 800-38D §7.1 step 2): IV || 0^31 || 1 for 12 bytes, else
// GHASH_H(IV || 0^s || [0]_64 || [len(IV)]_64).
Block J0ForIv(const Block& h, const std::vector<uint8_t>& iv);

// Rewrites the first 16 bytes of iv (iv.size() >= 16, != 12) so that J0ForIv(h, iv) == j0. With m
// the number of 16-byte blocks of the padded IV plus the length block, J0 = X1 * H^m + R where R
// is the contribution of the other blocks, so X1 = (J0 + R) * H^-m.
void SolveIvForJ0(const Block& h, const Block& j0, std::vector<uint8_t>* iv);

}  // namespace ariasuite::gen

#endif  // ARIASUITE_VECTORS_GEN_GF128_H_
