// ARIA-CBC with PKCS #5 padding (RFC 8018 §6.1.1 step 4, the same as PKCS #7 for 16-byte blocks;
// Wycheproof's "CBC-PKCS5"). Decryption checks the padding in constant time: no branch or memory
// index depends on the padding bytes or the padding length before the single verdict.
#ifndef ARIASUITE_IMPL_CBC_PKCS5_H_
#define ARIASUITE_IMPL_CBC_PKCS5_H_

#include <cstddef>
#include <cstdint>

#include "impl/aria_key.h"
#include "impl/path.h"
#include "impl/status.h"

namespace ariasuite {

// Pads in with 1..16 bytes of value = their count and CBC-encrypts (SP 800-38A §6.2). out needs
// in_len - in_len % 16 + 16 bytes; *out_len is that. out may equal in when the buffer has room.
Status AriaCbcPkcs5Encrypt(Impl impl, const AriaKey& enc_key, uint8_t* out, size_t* out_len,
                           const uint8_t iv[16], const uint8_t* in, size_t in_len);

// CBC-decrypts in (in_len a non-zero multiple of 16, else kBadInputLength) into out (in_len bytes,
// may equal in) and strips the padding: *out_len = in_len - pad. kBadPadding (out zeroed) when the
// last byte is not in 1..16 or the padding bytes differ from it.
Status AriaCbcPkcs5Decrypt(Impl impl, const AriaKey& dec_key, uint8_t* out, size_t* out_len,
                           const uint8_t iv[16], const uint8_t* in, size_t in_len);

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_CBC_PKCS5_H_
