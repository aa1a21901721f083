// ARIA-CCM, SP 800-38C: the formatting function of §A.2 (B0, the encoded associated data, the
// counter blocks) and the generation-encryption / decryption-verification processes of §6.
#include "impl/ccm.h"

#include <cstring>

#include "impl/ct/declassify.h"
#include "impl/modes.h"

namespace ariasuite {
namespace {

constexpr size_t kBlock = 16;

// CBC-MAC state (SP 800-38C §6.1 steps 2-4): y = E_K(y ^ block) for each formatted block.
struct CbcMac {
  Impl impl;
  const AriaKey* key;
  uint8_t y[kBlock];
  uint8_t buf[kBlock];
  size_t used;  // bytes in buf

  Status Block(const uint8_t* b) {
    for (size_t i = 0; i < kBlock; ++i) y[i] ^= b[i];
    return AriaEcb(impl, *key, y, y, kBlock);
  }
  // Appends bytes; full blocks are absorbed.
  Status Update(const uint8_t* in, size_t len) {
    while (len > 0) {
      size_t take = kBlock - used;
      if (take > len) take = len;
      std::memcpy(buf + used, in, take);
      used += take;
      in += take;
      len -= take;
      if (used == kBlock) {
        Status s = Block(buf);
        if (s != Status::kOk) return s;
        used = 0;
      }
    }
    return Status::kOk;
  }
  // Zero-pads a partial block (§A.2.2, §A.2.3) and absorbs it.
  Status Pad() {
    if (used == 0) return Status::kOk;
    std::memset(buf + used, 0, kBlock - used);
    used = 0;
    return Block(buf);
  }
};

Status CheckParams(size_t nonce_len, size_t tag_len, size_t in_len) {
  if (!AriaCcmNonceLengthOk(nonce_len)) return Status::kBadIvLength;
  if (!AriaCcmTagLengthOk(tag_len)) return Status::kBadTagLength;
  const size_t q = 15 - nonce_len;  // bytes of the length field Q (§A.1: n + q = 15)
  if (q < sizeof(size_t) && (static_cast<uint64_t>(in_len) >> (8 * q)) != 0) {
    return Status::kTooLong;
  }
  return Status::kOk;
}

// T = MSB_Tlen(CBC-MAC of B0 || encoded AAD || padded payload), SP 800-38C §6.1 steps 1-5.
Status ComputeMac(Impl impl, const AriaKey& key, uint8_t mac[kBlock], size_t tag_len,
                  const uint8_t* nonce, size_t nonce_len, const uint8_t* payload, size_t len,
                  const uint8_t* aad, size_t aad_len) {
  const size_t q = 15 - nonce_len;
  CbcMac m{impl, &key, {}, {}, 0};
  // §A.2.1: B0 = Flags || N || Q; Flags = Reserved(0) || Adata || [(t-2)/2]_3 || [q-1]_3.
  uint8_t b0[kBlock];
  b0[0] = static_cast<uint8_t>((aad_len > 0 ? 0x40 : 0) | (((tag_len - 2) / 2) << 3) | (q - 1));
  std::memcpy(b0 + 1, nonce, nonce_len);
  uint64_t qv = len;
  for (size_t i = 0; i < q; ++i) {
    b0[15 - i] = static_cast<uint8_t>(i < 8 ? qv >> (8 * i) : 0);
  }
  Status s = m.Update(b0, kBlock);
  if (s != Status::kOk) return s;
  // §A.2.2: the length of the associated data, then the data, zero-padded to a block.
  if (aad_len > 0) {
    uint8_t enc[10];
    size_t enc_len;
    uint64_t a = aad_len;
    if (a < 0xff00) {
      enc[0] = static_cast<uint8_t>(a >> 8);
      enc[1] = static_cast<uint8_t>(a);
      enc_len = 2;
    } else if ((a >> 32) == 0) {
      enc[0] = 0xff;
      enc[1] = 0xfe;
      for (int i = 0; i < 4; ++i) enc[2 + i] = static_cast<uint8_t>(a >> (24 - 8 * i));
      enc_len = 6;
    } else {
      enc[0] = 0xff;
      enc[1] = 0xff;
      for (int i = 0; i < 8; ++i) enc[2 + i] = static_cast<uint8_t>(a >> (56 - 8 * i));
      enc_len = 10;
    }
    if ((s = m.Update(enc, enc_len)) != Status::kOk) return s;
    if ((s = m.Update(aad, aad_len)) != Status::kOk) return s;
    if ((s = m.Pad()) != Status::kOk) return s;
  }
  // §A.2.3: the payload, zero-padded.
  if ((s = m.Update(payload, len)) != Status::kOk) return s;
  if ((s = m.Pad()) != Status::kOk) return s;
  std::memcpy(mac, m.y, kBlock);
  return Status::kOk;
}

// §A.3: Ctr_i = Flags || N || [i]_8q with Flags = [q-1]_3. i < 2^(8q) for every allowed payload
// length, so a 128-bit increment never carries out of the q-byte field and AriaCtr applies.
void CounterBlock(uint8_t ctr[kBlock], const uint8_t* nonce, size_t nonce_len, uint8_t i) {
  std::memset(ctr, 0, kBlock);
  ctr[0] = static_cast<uint8_t>(15 - nonce_len - 1);
  std::memcpy(ctr + 1, nonce, nonce_len);
  ctr[15] = i;
}

// out = in XOR keystream from Ctr_1, and s0 = E_K(Ctr_0).
Status CtrPart(Impl impl, const AriaKey& key, uint8_t* out, uint8_t s0[kBlock],
               const uint8_t* nonce, size_t nonce_len, const uint8_t* in, size_t len) {
  uint8_t ctr[kBlock];
  CounterBlock(ctr, nonce, nonce_len, 0);
  Status s = AriaEcb(impl, key, s0, ctr, kBlock);
  if (s != Status::kOk) return s;
  CounterBlock(ctr, nonce, nonce_len, 1);
  AriaCtrState state;
  AriaCtrInit(&state, ctr);
  return AriaCtr(impl, key, &state, out, in, len);
}

}  // namespace

bool AriaCcmNonceLengthOk(size_t nonce_len) { return nonce_len >= 7 && nonce_len <= 13; }

bool AriaCcmTagLengthOk(size_t tag_len) {
  return tag_len >= 4 && tag_len <= 16 && tag_len % 2 == 0;
}

Status AriaCcmSeal(Impl impl, const AriaKey& key, uint8_t* out, uint8_t* out_tag, size_t tag_len,
                   const uint8_t* nonce, size_t nonce_len, const uint8_t* in, size_t in_len,
                   const uint8_t* aad, size_t aad_len) {
  Status s = CheckParams(nonce_len, tag_len, in_len);
  if (s != Status::kOk) return s;
  uint8_t mac[kBlock];
  // The MAC reads the plaintext before the counter part may overwrite it (out == in).
  s = ComputeMac(impl, key, mac, tag_len, nonce, nonce_len, in, in_len, aad, aad_len);
  if (s != Status::kOk) return s;
  uint8_t s0[kBlock];
  s = CtrPart(impl, key, out, s0, nonce, nonce_len, in, in_len);
  if (s != Status::kOk) return s;
  for (size_t i = 0; i < tag_len; ++i) out_tag[i] = mac[i] ^ s0[i];  // §6.1 step 8
  return Status::kOk;
}

Status AriaCcmOpen(Impl impl, const AriaKey& key, uint8_t* out, const uint8_t* nonce,
                   size_t nonce_len, const uint8_t* in, size_t in_len, const uint8_t* tag,
                   size_t tag_len, const uint8_t* aad, size_t aad_len) {
  Status s = CheckParams(nonce_len, tag_len, in_len);
  if (s != Status::kOk) return s;
  uint8_t s0[kBlock];
  s = CtrPart(impl, key, out, s0, nonce, nonce_len, in, in_len);  // §6.2 steps 3-6
  if (s != Status::kOk) return s;
  uint8_t mac[kBlock];
  s = ComputeMac(impl, key, mac, tag_len, nonce, nonce_len, out, in_len, aad, aad_len);
  if (s != Status::kOk) {
    if (in_len > 0) std::memset(out, 0, in_len);
    return s;
  }
  uint8_t diff = 0;  // constant-time comparison of the whole tag
  for (size_t i = 0; i < tag_len; ++i) diff |= static_cast<uint8_t>(mac[i] ^ s0[i] ^ tag[i]);
  if (ct::Public(diff) != 0) {
    if (in_len > 0) std::memset(out, 0, in_len);  // §6.2 step 10: return INVALID, release nothing
    return Status::kAuthFailed;
  }
  return Status::kOk;
}

}  // namespace ariasuite
