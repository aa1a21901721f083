// A Request built from its fields in one call, for code that states many requests (tests, the
// vectors generator, the fuzzers). Fields not named keep Request's defaults (no tag to check).
#ifndef ARIASUITE_ORACLES_MAKE_REQUEST_H_
#define ARIASUITE_ORACLES_MAKE_REQUEST_H_

#include <cstddef>
#include <utility>

#include "oracles/backend.h"

namespace ariasuite::oracles {

inline Request MakeRequest(Op op, Cipher cipher, Bytes key, Bytes iv, Bytes input, Bytes aad = {},
                           size_t tag_len = 0) {
  Request r;
  r.op = op;
  r.cipher = cipher;
  r.key = std::move(key);
  r.iv = std::move(iv);
  r.input = std::move(input);
  r.aad = std::move(aad);
  r.tag_len = tag_len;
  return r;
}

// The open of what an AEAD seal (kGcmSeal, kCcmSeal) gave: the seal's key, IV and AAD, its output
// as the input and its tag as the tag to check.
inline Request OpenOf(const Request& seal, const Result& sealed) {
  Request open = seal;
  open.op = DecryptOp(ModeOf(seal.op));
  open.input = sealed.output;
  open.tag = sealed.tag;
  open.tag_len = 0;
  return open;
}

}  // namespace ariasuite::oracles

#endif  // ARIASUITE_ORACLES_MAKE_REQUEST_H_
