#include "impl/spread_key.h"

#include "impl/inject_masks.h"

namespace ariasuite::internal {

namespace {

uint32_t Repeat4(uint8_t b) { return b * 0x01010101u; }

}  // namespace

void SpreadRoundKeys(AriaKey* key) {
  AriaSpreadKey& out = key->spread;
  const int n = key->rounds;
  out = AriaSpreadKey{};
  out.rounds = n;
  for (int j = 0; j < 16; ++j) {
    out.k[0][j] = Repeat4(key->rk[0][j]);
    out.k[n][j] = Repeat4(key->rk[n][j]);
  }
  for (int r = 1; r < n; ++r) {
    for (int s = 0; s < 16; ++s) {
      uint8_t c = 0;
      for (int j = 0; j < 16; ++j) {
        // The mask is a constant: which bytes are combined does not depend on the key.
        if ((kInjectMasks[s] >> j) & 1) c ^= key->rk[r][j];
      }
      out.k[r][s] = Repeat4(c);
    }
  }
}

}  // namespace ariasuite::internal
