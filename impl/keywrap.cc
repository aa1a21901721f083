// KW and KWP, SP 800-38F §6: the wrapping function W (§6.1 Algorithm 1), its inverse W^-1
// (Algorithm 2), and the KW / KWP authenticated-encryption and -decryption functions on top.
#include "impl/keywrap.h"

#include <cstring>

#include "impl/ct/declassify.h"
#include "impl/modes.h"

namespace ariasuite {
namespace {

constexpr size_t kSemiblock = 8;
constexpr uint8_t kIcv1[8] = {0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6};  // §6.2
constexpr uint8_t kIcv2[4] = {0xa6, 0x59, 0x59, 0xa6};                          // §6.3

// W (Algorithm 1) in place on buf = A || R_1 .. R_n (n >= 2 semiblocks after A): for t = 1..6n,
// A || R_i = CIPH_K(A || R_i), A ^= [t]_64 (big-endian).
Status Wrap(Impl impl, const AriaKey& key, uint8_t* buf, size_t n) {
  uint8_t b[16];
  for (uint64_t j = 0; j < 6; ++j) {
    for (size_t i = 1; i <= n; ++i) {
      std::memcpy(b, buf, 8);
      std::memcpy(b + 8, buf + 8 * i, 8);
      Status s = AriaEcb(impl, key, b, b, 16);
      if (s != Status::kOk) return s;
      const uint64_t t = n * j + i;
      for (int k = 0; k < 8; ++k) b[k] ^= static_cast<uint8_t>(t >> (56 - 8 * k));
      std::memcpy(buf, b, 8);
      std::memcpy(buf + 8 * i, b + 8, 8);
    }
  }
  return Status::kOk;
}

// W^-1 (Algorithm 2: for t = 6n..1, A || R_i = CIPH^-1_K((A ^ [t]_64) || R_i)) on in, or for a
// single 16-byte block CIPH^-1_K (KWP-AD step 3); A goes to a, R_1..R_n to out (in_len - 8 bytes).
Status UnwrapInto(Impl impl, const AriaKey& dec_key, uint8_t a[8], uint8_t* out, const uint8_t* in,
                  size_t in_len) {
  const size_t n = in_len / kSemiblock - 1;
  if (n == 1) {
    uint8_t b[16];
    Status s = AriaEcb(impl, dec_key, b, in, 16);
    if (s != Status::kOk) return s;
    std::memcpy(a, b, 8);
    std::memcpy(out, b + 8, 8);
    return Status::kOk;
  }
  uint8_t b[16];
  std::memcpy(a, in, 8);
  std::memcpy(out, in + 8, in_len - 8);
  for (uint64_t j = 6; j-- > 0;) {
    for (size_t i = n; i >= 1; --i) {
      const uint64_t t = n * j + i;
      std::memcpy(b, a, 8);
      for (int k = 0; k < 8; ++k) b[k] ^= static_cast<uint8_t>(t >> (56 - 8 * k));
      std::memcpy(b + 8, out + 8 * (i - 1), 8);
      Status s = AriaEcb(impl, dec_key, b, b, 16);
      if (s != Status::kOk) return s;
      std::memcpy(a, b, 8);
      std::memcpy(out + 8 * (i - 1), b + 8, 8);
    }
  }
  return Status::kOk;
}

}  // namespace

Status AriaKwWrap(Impl impl, const AriaKey& enc_key, uint8_t* out, size_t* out_len,
                  const uint8_t* in, size_t in_len) {
  // §6.2: the plaintext is n >= 2 semiblocks (and at most 2^54 - 1).
  if (in_len % kSemiblock != 0 || in_len < 2 * kSemiblock) return Status::kBadInputLength;
  std::memcpy(out, kIcv1, 8);
  std::memcpy(out + 8, in, in_len);
  Status s = Wrap(impl, enc_key, out, in_len / kSemiblock);
  if (s != Status::kOk) {
    std::memset(out, 0, in_len + 8);
    return s;
  }
  *out_len = in_len + 8;
  return Status::kOk;
}

Status AriaKwUnwrap(Impl impl, const AriaKey& dec_key, uint8_t* out, size_t* out_len,
                    const uint8_t* in, size_t in_len) {
  // §6.2 KW-AD step 1: the ciphertext is n + 1 >= 3 semiblocks.
  if (in_len % kSemiblock != 0 || in_len < 3 * kSemiblock) return Status::kBadInputLength;
  uint8_t a[8];
  Status s = UnwrapInto(impl, dec_key, a, out, in, in_len);
  uint8_t diff = 0;
  for (int k = 0; k < 8; ++k) diff |= static_cast<uint8_t>(a[k] ^ kIcv1[k]);
  if (s != Status::kOk || ct::Public(diff) != 0) {
    std::memset(out, 0, in_len - 8);
    return s != Status::kOk ? s : Status::kAuthFailed;
  }
  *out_len = in_len - 8;
  return Status::kOk;
}

Status AriaKwpWrap(Impl impl, const AriaKey& enc_key, uint8_t* out, size_t* out_len,
                   const uint8_t* in, size_t in_len) {
  // §6.3: 1 <= len(P) bytes < 2^32; AIV = ICV2 || [len(P)]_32; P zero-padded to a semiblock.
  if (in_len == 0 || (static_cast<uint64_t>(in_len) >> 32) != 0) return Status::kBadInputLength;
  const size_t padded = (in_len + kSemiblock - 1) / kSemiblock * kSemiblock;
  std::memcpy(out, kIcv2, 4);
  for (int k = 0; k < 4; ++k) out[4 + k] = static_cast<uint8_t>(in_len >> (24 - 8 * k));
  std::memcpy(out + 8, in, in_len);
  std::memset(out + 8 + in_len, 0, padded - in_len);
  Status s;
  if (padded == kSemiblock) {
    s = AriaEcb(impl, enc_key, out, out, 16);  // §6.3 KWP-AE step 5: C = CIPH_K(S)
  } else {
    s = Wrap(impl, enc_key, out, padded / kSemiblock);
  }
  if (s != Status::kOk) {
    std::memset(out, 0, padded + 8);
    return s;
  }
  *out_len = padded + 8;
  return Status::kOk;
}

Status AriaKwpUnwrap(Impl impl, const AriaKey& dec_key, uint8_t* out, size_t* out_len,
                     const uint8_t* in, size_t in_len) {
  // §6.3 KWP-AD step 1: n + 1 >= 2 semiblocks.
  if (in_len % kSemiblock != 0 || in_len < 2 * kSemiblock) return Status::kBadInputLength;
  uint8_t a[8];
  const size_t body = in_len - 8;  // 8n
  Status s = UnwrapInto(impl, dec_key, a, out, in, in_len);
  // Steps 4-6: MSB_32(A) = ICV2; 8(n-1) < Plen <= 8n; the last 8n - Plen bytes of S are zero.
  // Every check folds into `bad` so the padding length does not decide a branch.
  uint32_t bad = 0;
  for (int k = 0; k < 4; ++k) bad |= static_cast<uint8_t>(a[k] ^ kIcv2[k]);
  const uint64_t plen = (static_cast<uint64_t>(a[4]) << 24) | (static_cast<uint64_t>(a[5]) << 16) |
                        (static_cast<uint64_t>(a[6]) << 8) | a[7];
  // plen in (body - 8, body]: pad = body - plen in [0, 8).
  const uint64_t pad = static_cast<uint64_t>(body) - plen;  // wraps to a huge value if plen > body
  bad |= static_cast<uint32_t>((pad >> 3) != 0);
  for (size_t k = 0; k < 8; ++k) {
    // Byte body - 1 - k is padding iff k < pad.
    const uint8_t in_pad = static_cast<uint8_t>(0 - static_cast<uint8_t>(k < pad));
    bad |= out[body - 1 - k] & in_pad;
  }
  if (s != Status::kOk || ct::Public(bad) != 0) {
    std::memset(out, 0, body);
    return s != Status::kOk ? s : Status::kAuthFailed;
  }
  *out_len = static_cast<size_t>(ct::Public(plen));
  return Status::kOk;
}

}  // namespace ariasuite
