// ARIA key wrapping: KW and KWP of NIST SP 800-38F (§6.2 and §6.3; the same algorithms as RFC 3394
// and RFC 5649 with ARIA as the block cipher). Wrapping needs encryption round keys, unwrapping
// decryption round keys (the inverse wrapping functions W^-1 use CIPH^-1_K, SP 800-38F §6.1).
// Buffers must not overlap.
#ifndef ARIASUITE_IMPL_KEYWRAP_H_
#define ARIASUITE_IMPL_KEYWRAP_H_

#include <cstddef>
#include <cstdint>

#include "impl/aria_key.h"
#include "impl/path.h"
#include "impl/status.h"

namespace ariasuite {

// Every wrapping function has this signature: the path, the round keys (encryption keys to wrap,
// decryption keys to unwrap), then out, receiving *out_len bytes, and in of in_len bytes.
using AriaKeyWrapFn = Status(Impl impl, const AriaKey& key, uint8_t* out, size_t* out_len,
                             const uint8_t* in, size_t in_len);

// KW-AE (§6.2): in_len a multiple of 8 and at least 16 (else kBadInputLength); out needs
// in_len + 8 bytes; *out_len = in_len + 8.
AriaKeyWrapFn AriaKwWrap;

// KW-AD (§6.2): in_len a multiple of 8 and at least 24 (else kBadInputLength); out needs
// in_len - 8 bytes. kAuthFailed (out zeroed) when the integrity check value ICV1 does not match.
AriaKeyWrapFn AriaKwUnwrap;

// KWP-AE (§6.3): 1 <= in_len < 2^32 (else kBadInputLength); out needs the padded length + 8 bytes,
// i.e. 8 * ceil(in_len / 8) + 8; *out_len is that.
AriaKeyWrapFn AriaKwpWrap;

// KWP-AD (§6.3): in_len a multiple of 8 and at least 16 (else kBadInputLength); out needs in_len -
// 8 bytes. kAuthFailed (out zeroed) when ICV2, the length field or the zero padding is wrong; the
// three checks are combined without a secret-dependent branch.
AriaKeyWrapFn AriaKwpUnwrap;

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_KEYWRAP_H_
