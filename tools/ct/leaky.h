// Deliberately leaky functions, compiled only into the constant-time check program: they prove the
// check can fail. The driver (ct_driver.py) requires valgrind to report each of them; if it does
// not, the check is blind and `tools/ariasuite ct` fails.
#ifndef ARIASUITE_TOOLS_CT_LEAKY_H_
#define ARIASUITE_TOOLS_CT_LEAKY_H_

#include <cstddef>
#include <cstdint>

namespace ariasuite::ct {

// ARIA's S1 (RFC 5794 §2.4.2) on each of bytes[0..len), looked up in a 256-byte table: the right
// values, but the secret byte is a memory index (a cache-timing leak).
void LeakyTableSbox(uint8_t* bytes, size_t len);

// memcmp-style comparison that returns at the first differing byte: the time tells how many
// leading bytes of a secret matched (a branch on secret data). Returns true when equal.
bool LeakyEarlyExitEqual(const uint8_t* a, const uint8_t* b, size_t len);

}  // namespace ariasuite::ct

#endif  // ARIASUITE_TOOLS_CT_LEAKY_H_
