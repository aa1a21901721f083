// ARIA in ECB, CBC and CTR modes (SP 800-38A) over any path. Every function takes the path to use;
// the overloads without one use DefaultImpl(). out may equal in (in-place); no other overlap.
#ifndef ARIASUITE_IMPL_MODES_H_
#define ARIASUITE_IMPL_MODES_H_

#include <cstddef>
#include <cstdint>

#include "impl/aria_key.h"
#include "impl/internal.h"
#include "impl/status.h"

namespace ariasuite {

// ECB: key holds encryption keys to encrypt, decryption keys to decrypt. len % 16 == 0 or
// kBadInputLength. kUnsupportedImpl when this CPU cannot run impl.
Status AriaEcb(Impl impl, const AriaKey& key, uint8_t* out, const uint8_t* in, size_t len);

// CBC (SP 800-38A §6.2), no padding; len % 16 == 0. iv (16 bytes) is updated to the last
// ciphertext block so calls chain. enc_key for encryption, dec_key for decryption.
Status AriaCbcEncrypt(Impl impl, const AriaKey& enc_key, uint8_t iv[16], uint8_t* out,
                      const uint8_t* in, size_t len);
Status AriaCbcDecrypt(Impl impl, const AriaKey& dec_key, uint8_t iv[16], uint8_t* out,
                      const uint8_t* in, size_t len);

// CTR (SP 800-38A §6.5) with a 128-bit big-endian counter (as the kernel's and OpenSSL's
// ctr(aria)), any len. Streaming state: ctr is the current counter block, keystream holds the
// unused keystream bytes of a partial block and *num how many of its 16 bytes are used (0 at start).
struct AriaCtrState {
  uint8_t ctr[16];
  uint8_t keystream[16];
  unsigned num;  // 0..15
};
void AriaCtrInit(AriaCtrState* state, const uint8_t iv[16]);
Status AriaCtr(Impl impl, const AriaKey& enc_key, AriaCtrState* state, uint8_t* out,
               const uint8_t* in, size_t len);

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_MODES_H_
