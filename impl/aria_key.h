// ARIA round-key schedule shared by every backend (RFC 5794 §2.3). A key holds the round keys of
// one direction: encryption keys ek_1..ek_{n+1}, or decryption keys dk_1..dk_{n+1} (RFC 5794 §2.4),
// so every block engine runs the same rounds and only the key decides the direction.
#ifndef ARIASUITE_IMPL_ARIA_KEY_H_
#define ARIASUITE_IMPL_ARIA_KEY_H_

#include <cstddef>
#include <cstdint>

namespace ariasuite {

inline constexpr size_t kAriaBlockSize = 16;
inline constexpr int kAriaMaxRounds = 16;

struct AriaKey {
  // rk[i] is round key i+1 as 16 bytes in the RFC's byte order (byte 0 is the most significant);
  // rk[rounds] is the final whitening key. Entries past rounds are zero.
  alignas(64) uint8_t rk[kAriaMaxRounds + 1][kAriaBlockSize];
  int rounds;  // 12, 14 or 16 for 128-, 192- and 256-bit keys.
};

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_ARIA_KEY_H_
