// ARIA-CMAC (NIST SP 800-38B; RFC 4493's construction with ARIA as the block cipher): one-shot MAC
// generation and constant-time verification. Sequential by nature, so one block at a time on the
// chosen path.
#ifndef ARIASUITE_IMPL_CMAC_H_
#define ARIASUITE_IMPL_CMAC_H_

#include <cstddef>
#include <cstdint>

#include "impl/aria_key.h"
#include "impl/path.h"
#include "impl/status.h"

namespace ariasuite {

// SP 800-38B §6.2: out_tag gets MSB_tag_len(T), tag_len in 1..16 (else kBadTagLength). key holds
// encryption round keys. in may be null when in_len is 0.
Status AriaCmac(Impl impl, const AriaKey& key, uint8_t* out_tag, size_t tag_len, const uint8_t* in,
                size_t in_len);

// SP 800-38B §6.3: kOk when tag (tag_len bytes, 1..16) equals MSB_tag_len(T), else kAuthFailed;
// the comparison is constant-time.
Status AriaCmacVerify(Impl impl, const AriaKey& key, const uint8_t* tag, size_t tag_len,
                      const uint8_t* in, size_t in_len);

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_CMAC_H_
