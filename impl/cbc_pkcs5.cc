// CBC-PKCS5 encryption and decryption with a constant-time padding check.
#include "impl/cbc_pkcs5.h"

#include <cstring>

#include "impl/ct/declassify.h"
#include "impl/modes.h"

namespace ariasuite {
namespace {

constexpr size_t kBlock = 16;

// 0xff when a < b, else 0, without a branch (a, b < 2^31).
inline uint8_t LessMask(uint32_t a, uint32_t b) {
  return static_cast<uint8_t>(0 - ((a - b) >> 31));
}

}  // namespace

Status AriaCbcPkcs5Encrypt(Impl impl, const AriaKey& enc_key, uint8_t* out, size_t* out_len,
                           const uint8_t iv[16], const uint8_t* in, size_t in_len) {
  const size_t full = in_len - in_len % kBlock;
  const uint8_t pad = static_cast<uint8_t>(kBlock - in_len % kBlock);  // 1..16
  // The last block first, so out == in works: the tail bytes are read before they are overwritten.
  uint8_t last[kBlock];
  if (pad < kBlock) std::memcpy(last, in + full, kBlock - pad);
  std::memset(last + (kBlock - pad), pad, pad);
  uint8_t chain[kBlock];
  std::memcpy(chain, iv, kBlock);
  Status s = full > 0 ? AriaCbcEncrypt(impl, enc_key, chain, out, in, full) : Status::kOk;
  if (s == Status::kOk) s = AriaCbcEncrypt(impl, enc_key, chain, out + full, last, kBlock);
  if (s != Status::kOk) return s;
  *out_len = full + kBlock;
  return Status::kOk;
}

Status AriaCbcPkcs5Decrypt(Impl impl, const AriaKey& dec_key, uint8_t* out, size_t* out_len,
                           const uint8_t iv[16], const uint8_t* in, size_t in_len) {
  if (in_len == 0 || in_len % kBlock != 0) return Status::kBadInputLength;
  uint8_t chain[kBlock];
  std::memcpy(chain, iv, kBlock);
  Status s = AriaCbcDecrypt(impl, dec_key, chain, out, in, in_len);
  if (s != Status::kOk) return s;
  // The padding is the last `pad` bytes, each equal to pad, 1 <= pad <= 16. Check all 16 bytes of
  // the last block with masks: byte 15 - k belongs to the padding iff k < pad.
  const uint8_t* last = out + in_len - kBlock;
  const uint32_t pad = last[kBlock - 1];
  uint8_t bad = static_cast<uint8_t>(~LessMask(0, pad) | ~LessMask(pad, kBlock + 1));
  for (uint32_t k = 0; k < kBlock; ++k) {
    bad |= LessMask(k, pad) & static_cast<uint8_t>(last[kBlock - 1 - k] ^ pad);
  }
  if (ct::Public(bad) != 0) {
    std::memset(out, 0, in_len);
    return Status::kBadPadding;
  }
  *out_len = in_len - ct::Public(pad);
  return Status::kOk;
}

}  // namespace ariasuite
