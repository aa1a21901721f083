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

// The round keys in the layouts of the scalar path's bit-sliced engine (impl/aria_bitsliced.cc), in
// its field basis, each key bit spread over the lanes of its byte: 32 words per round key for the
// 16-block pass, 8 for the pass over up to 4 blocks.
struct AriaSlicedKey {
  alignas(64) uint64_t rk[kAriaMaxRounds + 1][4][8];
  alignas(64) uint64_t planes[kAriaMaxRounds + 1][8];
  int rounds;
};

// The round keys in the layout of the byte-sliced SIMD engine (impl/aria_simd_inl.h; computed by
// impl/spread_key.cc): k[0] and k[rounds] are the whitening keys, the inner rounds' keys the
// constants the diffusion network injects (impl/inject_masks.h), each byte repeated four times so
// that XORing it into byte-sliced register j is one 32-bit broadcast and no shuffle.
struct AriaSpreadKey {
  alignas(64) uint32_t k[kAriaMaxRounds + 1][16];
  int rounds;
};

struct AriaKey {
  // rk[i] is round key i+1 as 16 bytes in the RFC's byte order (byte 0 is the most significant);
  // rk[rounds] is the final whitening key. Entries past rounds are zero.
  alignas(64) uint8_t rk[kAriaMaxRounds + 1][kAriaBlockSize];
  int rounds;  // 12, 14 or 16 for 128-, 192- and 256-bit keys.
  // rk for the SIMD paths (spread_key.h), spread once by AriaSetEncryptKey / AriaSetDecryptKey so
  // that the byte-sliced engine does not expand it again on every call.
  AriaSpreadKey spread;
  // rk for the scalar path, sliced once by AriaSetEncryptKey / AriaSetDecryptKey so that the
  // engine, called once per block by the serial modes (CBC encryption, CFB, OFB, KW), does not
  // slice the schedule again on every call.
  AriaSlicedKey sliced;
};

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_ARIA_KEY_H_
