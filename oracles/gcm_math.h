// GCM's mathematics written out from SP 800-38D, plain and slow, as an independent model for the
// fuzzers and the vectors generator (never for impl/): GF(2^128) arithmetic in GCM's bit order
// (§6.3: bit 0 of a block is the coefficient of x^0, the first bit of the byte string), GHASH, J0
// from an IV (§7.1 step 2), inc32, and the inverse: an IV whose J0 has chosen bits, e.g. a 32-bit
// counter a few blocks before 2^32 so the inc32 of every block after it wraps. Random bytes never
// reach those counters for IVs that are not 96 bits long, because J0 is then a GHASH of the IV.
//
// J0 = GHASH_H(IV || 0^(s+64) || [len(IV)]_64) = sum_i X_i * H^(n-i+1) is affine in the IV's bits
// (§6.4), so the IV bytes in a chosen window are found by Gaussian elimination over GF(2): a free
// 16-byte window fixes all of J0 (the window's block times H^k is a bijection), a shorter window
// fixes as many bits as it has (e.g. the 32 counter bits with a 13-byte IV).
#ifndef ARIASUITE_ORACLES_GCM_MATH_H_
#define ARIASUITE_ORACLES_GCM_MATH_H_

#include <array>
#include <cstddef>
#include <cstdint>

namespace ariasuite::oracles {

using Block = std::array<uint8_t, 16>;

Block Xor(const Block& a, const Block& b);

// x * y in GF(2^128) with GCM's bit order and polynomial (SP 800-38D §6.3, Algorithm 1).
Block GfMul(const Block& x, const Block& y);

// x * y for one fixed y and many x, equal to GfMul(x, y): Algorithm 1's values V_i = y * x^i
// (i = 0..127, one shift each) are computed once, and x * y = XOR of the V_i where bit i of x is
// set, taken four bits of x at a time from a table of the 16 XOR combinations per nibble. GHASH
// (one y = H for every block) and the solver (one power of H per IV block) use it.
class GfMulBy {
 public:
  explicit GfMulBy(const Block& y);
  Block operator()(const Block& x) const;
  // V_i = y * x^i, i.e. y times the block whose only set bit is bit i (bit 0 = top bit of byte 0).
  Block PowerOfX(int i) const;

 private:
  uint64_t hi_[32][16], lo_[32][16];  // nibble k of x (bits 4k..4k+3), value n
};

// x^e, e the 128-bit exponent e_hi * 2^64 + e_lo.
Block GfPow(const Block& x, uint64_t e_hi, uint64_t e_lo);

// x^-1 = x^(2^128 - 2); x must be non-zero.
Block GfInverse(const Block& x);

// GHASH_H (SP 800-38D §6.4) over len bytes zero-padded to whole blocks, from state 0.
Block Ghash(const Block& h, const uint8_t* data, size_t len);

// J0 of an IV (SP 800-38D §7.1 step 2): IV || 0^31 || 1 for a 12-byte IV, else
// GHASH_H(IV || 0^(s+64) || [len(IV)]_64).
Block GcmJ0(const Block& h, const uint8_t* iv, size_t iv_len);

// inc32 (SP 800-38D §6.2): the low 32 bits (bytes 12..15, big-endian) plus one, mod 2^32.
Block Inc32(const Block& counter);

// Changes iv[window_off .. window_off + window_len) so that the bits of J0 set in mask equal those
// of target; the other IV bytes are kept. window_len <= 16, iv_len != 12. Where the window has more
// freedom than mask needs, the window's bits that are not forced keep their values. Returns false
// (iv unchanged) when no window content gives those bits.
bool SolveIvForJ0(uint8_t* iv, size_t iv_len, size_t window_off, size_t window_len, const Block& h,
                  const Block& target, const Block& mask);

// The mask of all of J0.
Block FullMask();

// The counter mask: the low 32 bits of J0.
Block CounterMask();

// A J0 target whose 32-bit counter is `before` steps below 2^32: inc32 of the first data block
// wraps after `before` blocks (before = 0: J0's counter is ff..ff and the first data block's is 0).
Block CounterTarget(uint32_t before);

// Whether GCM's 32-bit counter wraps within a text of text_len bytes under this IV: the low 32
// bits of J0 plus the number of text blocks pass 2^32 - 1 (the first text block uses inc32(J0)).
bool CounterWraps(const Block& h, const uint8_t* iv, size_t iv_len, size_t text_len);

// The low 32 bits of J0 (0 for an empty IV).
uint32_t J0Counter(const Block& h, const uint8_t* iv, size_t iv_len);

}  // namespace ariasuite::oracles

#endif  // ARIASUITE_ORACLES_GCM_MATH_H_
