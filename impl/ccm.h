// ARIA-CCM (NIST SP 800-38C; RFC 3610's formatting): one-shot authenticated encryption with every
// nonce length the spec allows (7..13 bytes) and every tag length (4, 6, 8, 10, 12, 14, 16 bytes).
// The counter part runs on any path (impl); the CBC-MAC is one block at a time.
#ifndef ARIASUITE_IMPL_CCM_H_
#define ARIASUITE_IMPL_CCM_H_

#include <cstddef>
#include <cstdint>

#include "impl/aria_key.h"
#include "impl/path.h"
#include "impl/status.h"

namespace ariasuite {

// Whether SP 800-38C §A.1 allows the parameters: nonce_len in 7..13, tag_len in {4,6,...,16}.
bool AriaCcmNonceLengthOk(size_t nonce_len);
bool AriaCcmTagLengthOk(size_t tag_len);

// Seal (SP 800-38C §6.1): out gets in_len ciphertext bytes, out_tag gets tag_len bytes. key holds
// encryption round keys (CCM only ever encrypts). out may equal in. Errors: kBadIvLength,
// kBadTagLength, kTooLong (in_len does not fit the 15 - nonce_len byte length field),
// kUnsupportedImpl.
Status AriaCcmSeal(Impl impl, const AriaKey& key, uint8_t* out, uint8_t* out_tag, size_t tag_len,
                   const uint8_t* nonce, size_t nonce_len, const uint8_t* in, size_t in_len,
                   const uint8_t* aad, size_t aad_len);

// Open (SP 800-38C §6.2): out gets in_len plaintext bytes. On a tag mismatch returns kAuthFailed
// and zeroes out; the comparison is constant-time. Other errors as AriaCcmSeal.
Status AriaCcmOpen(Impl impl, const AriaKey& key, uint8_t* out, const uint8_t* nonce,
                   size_t nonce_len, const uint8_t* in, size_t in_len, const uint8_t* tag,
                   size_t tag_len, const uint8_t* aad, size_t aad_len);

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_CCM_H_
