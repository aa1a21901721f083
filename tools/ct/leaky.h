// Deliberately leaky functions, compiled only into the constant-time check program: they prove each
// method of the check can fail. The driver (ct_driver.py) requires every method (valgrind, MSan,
// timing) to report each of them; if one does not, that method is blind and `tools/ariasuite ct`
// fails. They live here, not in impl/, so that no switch in the shipped code is needed.
#ifndef ARIASUITE_TOOLS_CT_LEAKY_H_
#define ARIASUITE_TOOLS_CT_LEAKY_H_

#include <cstddef>
#include <cstdint>

namespace ariasuite::ct {

// ARIA's S1 (RFC 5794 §2.4.2) on each of bytes[0..len), looked up in a 256-byte table: the right
// values, but the secret byte is a memory index (a cache-timing leak).
void LeakyTableSbox(uint8_t* bytes, size_t len);

// Evicts LeakyTableSbox's table from every cache level (CLFLUSH), as an attacker sharing the cache
// would between two calls (Evict+Time); the timing check calls it before each measurement.
void EvictLeakyTable();

// memcmp-style comparison that returns at the first differing byte: the time tells how many
// leading bytes of a secret matched (a branch on secret data). Returns true when equal.
bool LeakyEarlyExitEqual(const uint8_t* a, const uint8_t* b, size_t len);

// GF(2^128) multiplication x * h (SP 800-38D §6.3's shift-and-add, bits in the spec's order) that
// loops over the set bits of the secret x only: the trip count, and so the time, is x's Hamming
// weight (a data-dependent loop). Writes 16 bytes to out.
void LeakySparseGfMul(uint8_t out[16], const uint8_t x[16], const uint8_t h[16]);

}  // namespace ariasuite::ct

#endif  // ARIASUITE_TOOLS_CT_LEAKY_H_
