// ARIA in ECB, CBC, CTR, CFB (128, 8 and 1 bit) and OFB modes (SP 800-38A) over any path. Every
// function takes the path to use (path.h; pass DefaultImpl() for the widest one this CPU runs, or
// ARIASUITE_IMPL's); there are no overloads without one, here or in the other mode headers. out
// may equal in (in-place); no other overlap.
#ifndef ARIASUITE_IMPL_MODES_H_
#define ARIASUITE_IMPL_MODES_H_

#include <cstddef>
#include <cstdint>

#include "impl/aria_key.h"
#include "impl/path.h"
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
// unused keystream bytes of a partial block and *num how many of its 16 bytes are used (0 at
// start).
struct AriaCtrState {
  uint8_t ctr[16];
  uint8_t keystream[16];
  unsigned num;  // 0..15
};
void AriaCtrInit(AriaCtrState* state, const uint8_t iv[16]);
Status AriaCtr(Impl impl, const AriaKey& enc_key, AriaCtrState* state, uint8_t* out,
               const uint8_t* in, size_t len);

// CFB (SP 800-38A §6.3) with s = 128, 8 and 1 bits, and OFB (§6.4), any len, all with the
// encryption round keys (both directions use the forward cipher). Streaming state, as OpenSSL's
// CRYPTO_cfb128_encrypt / CRYPTO_ofb128_encrypt keep it:
//  - CFB128: register holds E_K(previous ciphertext block) with its first num bytes already
//    replaced by this block's ciphertext bytes; when num == 0 it holds the last full ciphertext
//    block (the IV at start).
//  - OFB: register holds the current output block O_j, of which num bytes are used.
//  - CFB8 and CFB1: register is the shift register (the last 16 bytes / 128 bits of ciphertext,
//    the IV at start); num stays 0.
// Calls of any lengths chain to the one-call bytes. CFB1 takes whole bytes and processes each
// byte's bits most significant first (OpenSSL's aria-*-cfb1 without EVP_CIPH_FLAG_LENGTH_BITS).
// kBadState when num > 15.
struct AriaFeedbackState {
  uint8_t reg[16];
  unsigned num;  // 0..15
};
void AriaFeedbackInit(AriaFeedbackState* state, const uint8_t iv[16]);
// Every CFB and OFB function has this signature: the path, the encryption round keys, the stream
// state, then out and in of len bytes.
using AriaFeedbackFn = Status(Impl impl, const AriaKey& enc_key, AriaFeedbackState* state,
                              uint8_t* out, const uint8_t* in, size_t len);
AriaFeedbackFn AriaCfb128Encrypt;
AriaFeedbackFn AriaCfb128Decrypt;
AriaFeedbackFn AriaCfb8Encrypt;
AriaFeedbackFn AriaCfb8Decrypt;
AriaFeedbackFn AriaCfb1Encrypt;
AriaFeedbackFn AriaCfb1Decrypt;
// OFB is its own inverse: the same call encrypts and decrypts.
AriaFeedbackFn AriaOfb;

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_MODES_H_
