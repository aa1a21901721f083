// ARIA block cipher (RFC 5794): key expansion and single-block encryption/decryption with the
// portable constant-time reference. Bulk and mode operations are in modes.h and gcm.h.
#ifndef ARIASUITE_IMPL_ARIA_H_
#define ARIASUITE_IMPL_ARIA_H_

#include <cstddef>
#include <cstdint>

#include "impl/aria_key.h"
#include "impl/status.h"

namespace ariasuite {

// RFC 5794 §2.3: encryption round keys ek_1..ek_{n+1}. key_len must be 16, 24 or 32.
Status AriaSetEncryptKey(AriaKey* out, const uint8_t* key, size_t key_len);

// RFC 5794 §2.4: decryption round keys dk_1..dk_{n+1}.
Status AriaSetDecryptKey(AriaKey* out, const uint8_t* key, size_t key_len);

// One block through the rounds of key (encrypts with encryption keys, decrypts with decryption
// keys). out may equal in. Constant time (scalar reference).
void AriaCryptBlock(const AriaKey& key, uint8_t out[16], const uint8_t in[16]);

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_ARIA_H_
