// Status codes returned by every ariasuite API (no exceptions cross the API).
#ifndef ARIASUITE_IMPL_STATUS_H_
#define ARIASUITE_IMPL_STATUS_H_

namespace ariasuite {

enum class Status : int {
  kOk = 0,
  kBadKeyLength,     // not 16, 24 or 32 bytes (or the mode's own rule, e.g. KW).
  kBadIvLength,      // GCM: 0 bytes; CBC/CTR: not 16 bytes; CCM: nonce outside 7..13.
  kBadTagLength,     // outside what the mode allows (see gcm.h).
  kBadInputLength,   // ECB/CBC input not a multiple of 16 bytes, and the like.
  kTooLong,          // over a length limit of the mode (SP 800-38D §5.2.1.1 for GCM).
  kBadState,         // call out of order: AAD after text, finish twice, use before init.
  kAuthFailed,       // tag, padding-free integrity check (KW) or MAC mismatch.
  kBadPadding,       // CBC-PKCS#5 padding invalid.
  kUnsupportedImpl,  // the requested path is not built or this CPU cannot run it.
};

// A short stable name, e.g. "kAuthFailed".
const char* StatusName(Status status);

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_STATUS_H_
