// Building GCM's dangerous corners on purpose: GF(2^128) arithmetic, J0 from an IV (SP 800-38D
// §7.1 step 2), and the inverse: an IV whose J0 has chosen bits, e.g. a 32-bit counter a few
// blocks before 2^32 so the inc32 of every block after it wraps. Random bytes never reach those
// counters for IVs that are not 96 bits long, because J0 is then a GHASH of the IV.
//
// J0 = GHASH_H(IV || 0^(s+64) || [len(IV)]_64) = sum_i X_i * H^(n-i+1) is affine in the IV's bits
// (SP 800-38D §6.4), so the IV bytes in a chosen window are found by Gaussian elimination over
// GF(2): a free 16-byte window fixes all of J0 (the window's block times H^k is a bijection), a
// shorter window fixes as many bits as it has (e.g. the 32 counter bits with a 13-byte IV).
#ifndef ARIASUITE_FUZZ_GCM_EDGES_H_
#define ARIASUITE_FUZZ_GCM_EDGES_H_

#include <array>
#include <cstddef>
#include <cstdint>

namespace ariasuite::fuzz {

using Block = std::array<uint8_t, 16>;

// x * y in GF(2^128) with GCM's bit order and polynomial (SP 800-38D §6.3, Algorithm 1).
Block GfMul(const Block& x, const Block& y);

// GHASH_H over len bytes zero-padded to whole blocks, then the 16-byte block tail (SP 800-38D §6.4),
// starting from state 0.
Block Ghash(const Block& h, const uint8_t* data, size_t len, const Block& tail);

// J0 of an IV (SP 800-38D §7.1 step 2): IV || 0^31 || 1 for a 12-byte IV, else the GHASH above.
Block GcmJ0(const Block& h, const uint8_t* iv, size_t iv_len);

// inc32 (SP 800-38D §6.2): the low 32 bits (bytes 12..15, big-endian) plus one, mod 2^32.
Block Inc32(const Block& counter);

// Changes iv[window_off .. window_off + window_len) so that the bits of J0 set in mask equal those
// of target; the other IV bytes are kept. window_len <= 16, iv_len != 12. Where the window has more
// freedom than mask needs, the window's bits that are not forced keep their values. Returns false
// (iv unchanged) when no window content gives those bits.
bool SolveIvForJ0(uint8_t* iv, size_t iv_len, size_t window_off, size_t window_len, const Block& h,
                  const Block& target, const Block& mask);

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

}  // namespace ariasuite::fuzz

#endif  // ARIASUITE_FUZZ_GCM_EDGES_H_
