// ARIA-CMAC, SP 800-38B: subkey generation (§6.1) and MAC generation (§6.2).
#include "impl/cmac.h"

#include <cstring>

#include "impl/ct/declassify.h"
#include "impl/modes.h"

namespace ariasuite {
namespace {

constexpr size_t kBlock = 16;

// §6.1 step 2/3: out = (in << 1) XOR (msb(in) ? R_128 : 0), R_128 = 0^120 || 10000111.
void Double(uint8_t out[kBlock], const uint8_t in[kBlock]) {
  const uint8_t carry = static_cast<uint8_t>(in[0] >> 7);
  for (size_t i = 0; i < kBlock - 1; ++i) {
    out[i] = static_cast<uint8_t>((in[i] << 1) | (in[i + 1] >> 7));
  }
  out[kBlock - 1] = static_cast<uint8_t>((in[kBlock - 1] << 1) ^ (0x87 & (0 - carry)));
}

Status FullMac(Impl impl, const AriaKey& key, uint8_t mac[kBlock], const uint8_t* in,
               size_t in_len) {
  // §6.1: L = CIPH_K(0^128), K1 = dbl(L), K2 = dbl(K1).
  uint8_t l[kBlock] = {0};
  Status s = AriaEcb(impl, key, l, l, kBlock);
  if (s != Status::kOk) return s;
  uint8_t k1[kBlock], k2[kBlock];
  Double(k1, l);
  Double(k2, k1);
  // §6.2: n = max(1, ceil(Mlen/128)); the last block is M_n ^ K1 when complete, else
  // (M_n* || 10^j) ^ K2; C_i = CIPH_K(C_{i-1} ^ M_i).
  const size_t n = in_len == 0 ? 1 : (in_len + kBlock - 1) / kBlock;
  uint8_t c[kBlock] = {0};
  for (size_t i = 0; i + 1 < n; ++i) {
    for (size_t j = 0; j < kBlock; ++j) c[j] ^= in[i * kBlock + j];
    if ((s = AriaEcb(impl, key, c, c, kBlock)) != Status::kOk) return s;
  }
  const size_t last_len = in_len - (n - 1) * kBlock;
  uint8_t last[kBlock] = {0};
  if (last_len > 0) std::memcpy(last, in + (n - 1) * kBlock, last_len);
  if (last_len == kBlock) {
    for (size_t j = 0; j < kBlock; ++j) last[j] ^= k1[j];
  } else {
    last[last_len] = 0x80;
    for (size_t j = 0; j < kBlock; ++j) last[j] ^= k2[j];
  }
  for (size_t j = 0; j < kBlock; ++j) c[j] ^= last[j];
  if ((s = AriaEcb(impl, key, c, c, kBlock)) != Status::kOk) return s;
  std::memcpy(mac, c, kBlock);
  return Status::kOk;
}

}  // namespace

Status AriaCmac(Impl impl, const AriaKey& key, uint8_t* out_tag, size_t tag_len, const uint8_t* in,
                size_t in_len) {
  if (tag_len < 1 || tag_len > kBlock) return Status::kBadTagLength;
  uint8_t mac[kBlock];
  Status s = FullMac(impl, key, mac, in, in_len);
  if (s != Status::kOk) return s;
  std::memcpy(out_tag, mac, tag_len);  // §6.2 step 7: T = MSB_Tlen(C_n)
  return Status::kOk;
}

Status AriaCmacVerify(Impl impl, const AriaKey& key, const uint8_t* tag, size_t tag_len,
                      const uint8_t* in, size_t in_len) {
  if (tag_len < 1 || tag_len > kBlock) return Status::kBadTagLength;
  uint8_t mac[kBlock];
  Status s = FullMac(impl, key, mac, in, in_len);
  if (s != Status::kOk) return s;
  uint8_t diff = 0;
  for (size_t i = 0; i < tag_len; ++i) diff |= static_cast<uint8_t>(mac[i] ^ tag[i]);
  return ct::Public(diff) == 0 ? Status::kOk : Status::kAuthFailed;
}

}  // namespace ariasuite
