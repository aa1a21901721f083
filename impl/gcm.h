// ARIA-GCM (NIST SP 800-38D with ARIA as the block cipher; RFC 8269, RFC 6209): one-shot seal and
// open, and a streaming context for one message. Every path (Impl) gives the same bytes.
//
// Policy (documented choices):
//  - IV: any length >= 1 byte (0 -> kBadIvLength). A 12-byte IV gives J0 = IV || 0^31 || 1; any
//    other length J0 = GHASH(IV || 0^s || [len(IV)]_64), SP 800-38D §7.1 step 2.
//  - Tag lengths: 16, 15, 14, 13 and 12 bytes (SP 800-38D §5.2.1.2), and also 8 and 4 bytes, which
//    §5.2.1.2 and Appendix C allow only for applications that bound the number of decryptions and
//    the message lengths: accepting them is the caller's responsibility to respect Appendix C. Any
//    other length -> kBadTagLength. Short tags are the first tag_len bytes of the full tag (MSB_t).
//  - Limits (SP 800-38D §5.2.1.1): plaintext <= 2^39 - 256 bits (2^36 - 32 bytes), AAD and IV
//    <= 2^64 - 1 bits; over a limit -> kTooLong, also cumulatively across streaming calls. Lengths
//    are checked before any byte of the buffers is read or written.
//  - Pointers may be null only when their length is 0.
//  - AriaGcmOpen never releases plaintext for a bad tag: on kAuthFailed, out is zeroed.
//  - The streaming decrypt releases plaintext before the tag is checked (like OpenSSL's EVP and
//    the kernel's streaming API): UpdateDecrypt writes unverified plaintext, and a FinishDecrypt
//    that returns kAuthFailed means the caller must discard everything it got for this message.
//    Callers that cannot do that must use AriaGcmOpen.
//  - out may equal in (in-place); no other overlap.
#ifndef ARIASUITE_IMPL_GCM_H_
#define ARIASUITE_IMPL_GCM_H_

#include <cstddef>
#include <cstdint>

#include "impl/aria_key.h"
#include "impl/path.h"
#include "impl/status.h"

namespace ariasuite {

namespace internal {
struct Backend;           // internal.h
struct GcmContextAccess;  // gcm_internal.h: the GCM layer's view of the private state below
}  // namespace internal

inline constexpr size_t kGcmMinTagLen = 4, kGcmMaxTagLen = 16;

// An ARIA key set up for GCM on one path: the encryption round keys and the GHASH key
// H = E_K(0^128). Copyable. Must outlive every AriaGcmContext started with it.
class AriaGcmKey {
 public:
  // kBadKeyLength unless key_len is 16, 24 or 32; kUnsupportedImpl if this CPU cannot run impl.
  Status Init(Impl impl, const uint8_t* key, size_t key_len);
  Impl impl() const { return impl_; }
  bool initialized() const { return backend_ != nullptr; }

 private:
  friend struct AriaGcmKeyAccess;
  AriaKey key_ = {};
  alignas(64) uint8_t hkey_[2048] = {};  // internal::GhashKey (internal.h), opaque here
  const internal::Backend* backend_ = nullptr;
  Impl impl_ = Impl::kScalar;
};

// The one-shot seal and open take a set-up key of type Key and then these buffers (the same for
// the GCM layer under them and for its AES-GCM control).
template <typename Key>
using GcmSealFn = Status(const Key& key, uint8_t* out, uint8_t* out_tag, size_t tag_len,
                         const uint8_t* iv, size_t iv_len, const uint8_t* in, size_t in_len,
                         const uint8_t* aad, size_t aad_len);
template <typename Key>
using GcmOpenFn = Status(const Key& key, uint8_t* out, const uint8_t* iv, size_t iv_len,
                         const uint8_t* in, size_t in_len, const uint8_t* tag, size_t tag_len,
                         const uint8_t* aad, size_t aad_len);

// SP 800-38D §7.1. out receives in_len bytes; out_tag tag_len bytes.
GcmSealFn<AriaGcmKey> AriaGcmSeal;

// SP 800-38D §7.2. kAuthFailed (out zeroed) when the tag does not match; the comparison is
// constant time.
GcmOpenFn<AriaGcmKey> AriaGcmOpen;

// Streaming, one message: Start, then UpdateAad any number of times, then either UpdateEncrypt
// (any sizes, including 0 and 1) and FinishEncrypt, or UpdateDecrypt and FinishDecrypt. Calls out
// of that order (AAD after text, mixing directions, finishing twice, update after finish, use
// before Start) return kBadState and change nothing. Start may be called again at any time to
// begin a new message. See the header comment for what UpdateDecrypt releases.
class AriaGcmContext {
 public:
  AriaGcmContext();
  Status Start(const AriaGcmKey& key, const uint8_t* iv, size_t iv_len);
  Status UpdateAad(const uint8_t* aad, size_t len);
  Status UpdateEncrypt(uint8_t* out, const uint8_t* in, size_t len);
  Status FinishEncrypt(uint8_t* out_tag, size_t tag_len);
  Status UpdateDecrypt(uint8_t* out, const uint8_t* in, size_t len);
  Status FinishDecrypt(const uint8_t* tag, size_t tag_len);

 private:
  friend struct internal::GcmContextAccess;
  // internal::GcmState (gcm_internal.h), opaque here: gcm.cc checks that it fits and is trivially
  // copyable, so a context copies as its bytes.
  alignas(16) uint8_t state_[256];
};

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_GCM_H_
