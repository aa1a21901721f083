// TLS 1.2 ARIA-GCM records (RFC 5246 §6.2.3.3 GenericAEADCipher, RFC 5288 §3 nonce, RFC 6209
// cipher suites) on top of gcm.h.
#include "impl/tls12_record.h"

#include <cstring>

namespace ariasuite {
namespace {

// RFC 5246 §6.2.3.3: additional_data = seq_num + TLSCompressed.type + TLSCompressed.version +
// TLSCompressed.length.
void BuildAad(uint8_t aad[13], uint64_t seq, uint8_t type, uint16_t version, size_t pt_len) {
  for (int i = 7; i >= 0; --i, seq >>= 8) aad[i] = static_cast<uint8_t>(seq);
  aad[8] = type;
  aad[9] = static_cast<uint8_t>(version >> 8);
  aad[10] = static_cast<uint8_t>(version);
  aad[11] = static_cast<uint8_t>(pt_len >> 8);
  aad[12] = static_cast<uint8_t>(pt_len);
}

// RFC 5288 §3: nonce = salt (implicit, 4 bytes) || nonce_explicit (8 bytes).
void BuildNonce(uint8_t nonce[12], const uint8_t salt[4], const uint8_t explicit_nonce[8]) {
  std::memcpy(nonce, salt, 4);
  std::memcpy(nonce + 4, explicit_nonce, 8);
}

}  // namespace

Status Tls12SealRecord(const AriaGcmKey& key, uint8_t* out_record, size_t out_cap, size_t* out_len,
                       const uint8_t salt[4], uint64_t seq, uint8_t type, uint16_t version,
                       const uint8_t explicit_nonce[8], const uint8_t* pt, size_t pt_len) {
  if (pt_len > kTls12MaxPlaintext) return Status::kTooLong;
  const size_t total = pt_len + kTls12RecordOverhead;
  if (out_cap < total) return Status::kBadInputLength;
  const size_t payload = total - kTls12HeaderLen;
  uint8_t nonce[12], aad[13];
  BuildNonce(nonce, salt, explicit_nonce);
  BuildAad(aad, seq, type, version, pt_len);
  // Copy the explicit nonce first: pt may alias out_record + 13 (in-place sealing).
  uint8_t* body = out_record + kTls12HeaderLen;
  const Status s =
      AriaGcmSeal(key, body + kTls12ExplicitNonceLen, body + kTls12ExplicitNonceLen + pt_len,
                  kTls12TagLen, nonce, 12, pt, pt_len, aad, sizeof(aad));
  if (s != Status::kOk) return s;
  std::memcpy(body, explicit_nonce, kTls12ExplicitNonceLen);
  out_record[0] = type;
  out_record[1] = static_cast<uint8_t>(version >> 8);
  out_record[2] = static_cast<uint8_t>(version);
  out_record[3] = static_cast<uint8_t>(payload >> 8);
  out_record[4] = static_cast<uint8_t>(payload);
  *out_len = total;
  return Status::kOk;
}

Status Tls12OpenRecord(const AriaGcmKey& key, uint8_t* out_pt, size_t out_cap, size_t* out_pt_len,
                       uint8_t* out_type, const uint8_t salt[4], uint64_t seq,
                       uint16_t expected_version, const uint8_t* record, size_t record_len) {
  if (record_len < kTls12HeaderLen) return Status::kBadInputLength;
  const uint8_t type = record[0];
  const uint16_t version = static_cast<uint16_t>(record[1] << 8 | record[2]);
  const size_t length = static_cast<size_t>(record[3]) << 8 | record[4];
  if (length != record_len - kTls12HeaderLen) return Status::kBadInputLength;
  if (version != expected_version) return Status::kBadInputLength;
  if (length < kTls12ExplicitNonceLen + kTls12TagLen) return Status::kBadInputLength;
  const size_t pt_len = length - kTls12ExplicitNonceLen - kTls12TagLen;
  if (pt_len > kTls12MaxPlaintext) return Status::kTooLong;
  if (out_cap < pt_len) return Status::kBadInputLength;
  const uint8_t* body = record + kTls12HeaderLen;
  uint8_t nonce[12], aad[13];
  BuildNonce(nonce, salt, body);
  BuildAad(aad, seq, type, version, pt_len);
  const Status s =
      AriaGcmOpen(key, out_pt, nonce, 12, body + kTls12ExplicitNonceLen, pt_len,
                  body + kTls12ExplicitNonceLen + pt_len, kTls12TagLen, aad, sizeof(aad));
  if (s != Status::kOk) return s;
  *out_pt_len = pt_len;
  *out_type = type;
  return Status::kOk;
}

}  // namespace ariasuite
