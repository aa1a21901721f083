// TLS 1.2 ARIA-GCM record protection in user space (RFC 5246 §6.2.3.3, RFC 5288 §3, RFC 6209):
// the nonce is the 4-byte implicit salt || the 8-byte explicit nonce, the AAD is
// seq_num(8) || type(1) || version(2) || plaintext length(2), and a record on the wire is the
// 5-byte header (type, version, length of explicit_nonce || ciphertext || tag) followed by
// explicit_nonce || ciphertext || 16-byte tag.
#ifndef ARIASUITE_IMPL_TLS12_RECORD_H_
#define ARIASUITE_IMPL_TLS12_RECORD_H_

#include <cstddef>
#include <cstdint>

#include "impl/gcm.h"
#include "impl/status.h"

namespace ariasuite {

inline constexpr size_t kTls12HeaderLen = 5;
inline constexpr size_t kTls12SaltLen = 4;
inline constexpr size_t kTls12ExplicitNonceLen = 8;
inline constexpr size_t kTls12TagLen = 16;
inline constexpr size_t kTls12RecordOverhead =
    kTls12HeaderLen + kTls12ExplicitNonceLen + kTls12TagLen;  // 29
// RFC 5246 §6.2.1: TLSPlaintext.length <= 2^14.
inline constexpr size_t kTls12MaxPlaintext = size_t{1} << 14;

// Seals one record. out_record has room for out_cap bytes; it needs pt_len + 29 (else
// kBadInputLength) and *out_len receives that size. kTooLong when pt_len > 2^14. The caller must
// never reuse (salt, explicit_nonce) under one key; a common choice is explicit_nonce = seq.
Status Tls12SealRecord(const AriaGcmKey& key, uint8_t* out_record, size_t out_cap, size_t* out_len,
                       const uint8_t salt[4], uint64_t seq, uint8_t type, uint16_t version,
                       const uint8_t explicit_nonce[8], const uint8_t* pt, size_t pt_len);

// Parses and opens one record (exactly record_len bytes). Checks, in order: the header is present
// and its length field equals record_len - 5 (kBadInputLength), the version equals
// expected_version (kBadInputLength), the payload holds at least the explicit nonce and the tag
// (kBadInputLength), the plaintext is at most 2^14 bytes (kTooLong), out_cap >= the plaintext
// (kBadInputLength), then the tag (kAuthFailed; out_pt zeroed). On kOk, out_pt holds *out_pt_len
// bytes and *out_type the record's content type, which the caller judges (it is authenticated).
Status Tls12OpenRecord(const AriaGcmKey& key, uint8_t* out_pt, size_t out_cap, size_t* out_pt_len,
                       uint8_t* out_type, const uint8_t salt[4], uint64_t seq,
                       uint16_t expected_version, const uint8_t* record, size_t record_len);

}  // namespace ariasuite

#endif  // ARIASUITE_IMPL_TLS12_RECORD_H_
