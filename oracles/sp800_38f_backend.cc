// The "sp800-38f" oracle: ARIA key wrap KW and KWP written from the text of NIST SP 800-38F
// (§6.1 W and W^-1, §6.2 KW-AE / KW-AD, §6.3 KWP-AE / KWP-AD) over nothing but OpenSSL's raw ARIA
// block cipher (EVP ARIA-128/192/256-ECB, padding off, one 16-byte block per call). It shares no
// code with impl/ (only the Backend interface), so beside Botan 2 it is a second independent
// judge of our KW/KWP. It refuses exactly what SP 800-38F refuses (lengths, ICV, length field,
// padding); every other operation and Cipher::kAes are unsupported (nullopt).
//
// W and W^-1 follow the standard's shift-register form (A_t, R_t^2..R_t^n, [t]_64 with 64-bit t)
// rather than RFC 3394's indexed loops; the n-1 registers R^2..R^n are kept as a ring, so the
// shift "R_t^i = R_{t-1}^{i+1}" is a moving start index.
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "oracles/backend.h"
#include "oracles/evp_fetch.h"
#include "oracles/raw_block_cipher.h"

namespace ariasuite::oracles {
namespace {

constexpr size_t kSemiblock = 8;  // SP 800-38F §4.1: half of the 128-bit block.
// SP 800-38F §6.2: the default ICV1 of KW (also RFC 3394 §2.2.3.1's default IV).
constexpr std::array<uint8_t, 8> kIcv1 = {0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6};
// SP 800-38F §6.3: ICV2 of KWP (also RFC 5649 §3's alternative IV prefix).
constexpr std::array<uint8_t, 4> kIcv2 = {0xa6, 0x59, 0x59, 0xa6};
// SP 800-38F §5.3.1 / §6.2: KW-AE takes at most 2^54 - 1 semiblocks of plaintext (so the step
// counter t = 6(n-1) stays below 2^64 with room); KWP-AE takes fewer than 2^32 bytes (§6.3, the
// 32-bit length field).
constexpr uint64_t kKwMaxPlainSemiblocks = (uint64_t{1} << 54) - 1;
constexpr uint64_t kKwpMaxPlainBytes = (uint64_t{1} << 32) - 1;

using Semiblock = std::array<uint8_t, kSemiblock>;

// A ^= [t]_64, t as a 64-bit big-endian integer (SP 800-38F §4.2 [x]_s, §6.1 step 2 a).
void XorStep(Semiblock* a, uint64_t t) {
  for (size_t i = 0; i < kSemiblock; ++i) {
    (*a)[kSemiblock - 1 - i] ^= static_cast<uint8_t>(t >> (8 * i));
  }
}

// W (SP 800-38F §6.1 Algorithm 1): S of n >= 3 semiblocks to C of n semiblocks. false when the
// block cipher fails.
bool W(RawBlockCipher& ciph, const Bytes& s, Bytes* c) {
  const size_t n = s.size() / kSemiblock;
  const size_t regs = n - 1;  // R^2 .. R^n
  // Step 1: s = 6(n-1); A_0 = S_1; R_0^i = S_i for i = 2..n.
  const uint64_t steps = 6 * static_cast<uint64_t>(regs);
  Semiblock a;
  std::copy(s.begin(), s.begin() + kSemiblock, a.begin());
  Bytes r(s.begin() + kSemiblock, s.end());
  size_t first = 0;  // the ring slot holding R^2
  uint8_t in[16], out[16];
  // Step 2: for t = 1..s.
  for (uint64_t t = 1; t <= steps; ++t) {
    uint8_t* r2 = &r[first * kSemiblock];
    std::copy(a.begin(), a.end(), in);
    std::copy(r2, r2 + kSemiblock, in + kSemiblock);
    if (!ciph.Apply(out, in)) return false;
    // a) A_t = MSB_64(CIPH_K(A_{t-1} || R_{t-1}^2)) xor [t]_64.
    std::copy(out, out + kSemiblock, a.begin());
    XorStep(&a, t);
    // b) R_t^i = R_{t-1}^{i+1} for i = 2..n-1; c) R_t^n = LSB_64(CIPH_K(...)): the slot of
    // R_{t-1}^2 takes the new R^n and the ring start moves on.
    std::copy(out + kSemiblock, out + 16, r2);
    first = (first + 1) % regs;
  }
  // Step 3: C = A_s || R_s^2 || ... || R_s^n.
  c->assign(a.begin(), a.end());
  for (size_t i = 0; i < regs; ++i) {
    const uint8_t* ri = &r[((first + i) % regs) * kSemiblock];
    c->insert(c->end(), ri, ri + kSemiblock);
  }
  return true;
}

// W^-1 (SP 800-38F §6.1 Algorithm 2): C of n >= 3 semiblocks to S of n semiblocks. ciph must
// be keyed for decryption (CIPH_K^-1). false when the block cipher fails.
bool WInverse(RawBlockCipher& ciph_inv, const Bytes& c, Bytes* s) {
  const size_t n = c.size() / kSemiblock;
  const size_t regs = n - 1;
  // Step 1: s = 6(n-1); A_s = C_1; R_s^i = C_i for i = 2..n.
  const uint64_t steps = 6 * static_cast<uint64_t>(regs);
  Semiblock a;
  std::copy(c.begin(), c.begin() + kSemiblock, a.begin());
  Bytes r(c.begin() + kSemiblock, c.end());
  size_t first = 0;
  uint8_t in[16], out[16];
  // Step 2: for t = s down to 1.
  for (uint64_t t = steps; t >= 1; --t) {
    const size_t last = (first + regs - 1) % regs;  // the slot holding R_t^n
    uint8_t* rn = &r[last * kSemiblock];
    Semiblock x = a;
    XorStep(&x, t);
    std::copy(x.begin(), x.end(), in);
    std::copy(rn, rn + kSemiblock, in + kSemiblock);
    if (!ciph_inv.Apply(out, in)) return false;
    // a) A_{t-1} = MSB_64(CIPH_K^-1((A_t xor [t]_64) || R_t^n)).
    std::copy(out, out + kSemiblock, a.begin());
    // b) R_{t-1}^2 = LSB_64(CIPH_K^-1(...)); c) R_{t-1}^i = R_t^{i-1} for i = 3..n: the slot of
    // R_t^n becomes the new R^2 and the ring start moves back onto it.
    std::copy(out + kSemiblock, out + 16, rn);
    first = last;
  }
  // Step 3: S = A_0 || R_0^2 || ... || R_0^n.
  s->assign(a.begin(), a.end());
  for (size_t i = 0; i < regs; ++i) {
    const uint8_t* ri = &r[((first + i) % regs) * kSemiblock];
    s->insert(s->end(), ri, ri + kSemiblock);
  }
  return true;
}

// KW-AE (SP 800-38F §6.2 Algorithm 3): P of n semiblocks, 2 <= n <= 2^54 - 1.
Result KwWrap(const Request& r) {
  if (r.input.size() % kSemiblock != 0)
    return Refused("KW-AE: plaintext not a multiple of 8 bytes");
  if (r.input.size() < 2 * kSemiblock) return Refused("KW-AE: plaintext shorter than 2 semiblocks");
  if (r.input.size() / kSemiblock > kKwMaxPlainSemiblocks)
    return Refused("KW-AE: plaintext too long");
  RawBlockCipher ciph;
  if (auto bad = ciph.Key(Cipher::kAria, r.key, /*encrypt=*/true)) return *bad;
  // Step 1: S = ICV1 || P. Step 2: C = W(S).
  Bytes s(kIcv1.begin(), kIcv1.end());
  s.insert(s.end(), r.input.begin(), r.input.end());
  Bytes c;
  if (!W(ciph, s, &c)) return Broken("EVP_CipherUpdate");
  return Accepted(std::move(c));
}

// KW-AD (SP 800-38F §6.2 Algorithm 4): C of n semiblocks, 3 <= n <= 2^54.
Result KwUnwrap(const Request& r) {
  if (r.input.size() % kSemiblock != 0)
    return Refused("KW-AD: ciphertext not a multiple of 8 bytes");
  if (r.input.size() < 3 * kSemiblock)
    return Refused("KW-AD: ciphertext shorter than 3 semiblocks");
  if (r.input.size() / kSemiblock - 1 > kKwMaxPlainSemiblocks) {
    return Refused("KW-AD: ciphertext too long");
  }
  RawBlockCipher ciph_inv;
  if (auto bad = ciph_inv.Key(Cipher::kAria, r.key, /*encrypt=*/false)) return *bad;
  // Step 1: S = W^-1(C).
  Bytes s;
  if (!WInverse(ciph_inv, r.input, &s)) return Broken("EVP_CipherUpdate");
  // Step 2: if MSB_64(S) != ICV1, FAIL.
  if (CRYPTO_memcmp(s.data(), kIcv1.data(), kSemiblock) != 0)
    return Refused("KW-AD: ICV1 mismatch");
  // Step 3: P = LSB_{64(n-1)}(S).
  return Accepted(Bytes(s.begin() + kSemiblock, s.end()));
}

// KWP-AE (SP 800-38F §6.3 Algorithm 5): 1 <= len(P) < 2^32 bytes.
Result KwpWrap(const Request& r) {
  const size_t plen = r.input.size();
  if (plen == 0) return Refused("KWP-AE: empty plaintext");
  if (plen > kKwpMaxPlainBytes) return Refused("KWP-AE: plaintext of 2^32 bytes or more");
  RawBlockCipher ciph;
  if (auto bad = ciph.Key(Cipher::kAria, r.key, /*encrypt=*/true)) return *bad;
  // Step 1: padlen = 8 * ceil(len(P)/64) - len(P)/8 (bytes). Step 2: PAD = 0^(8 padlen).
  const size_t padlen = (kSemiblock - plen % kSemiblock) % kSemiblock;
  // Step 3: S = ICV2 || [len(P)/8]_32 || P || PAD.
  Bytes s(kIcv2.begin(), kIcv2.end());
  for (int shift = 24; shift >= 0; shift -= 8) s.push_back(static_cast<uint8_t>(plen >> shift));
  s.insert(s.end(), r.input.begin(), r.input.end());
  s.insert(s.end(), padlen, 0);
  // Step 4: if len(P) <= 64 bits, C = CIPH_K(S) (S is one block); else C = W(S).
  Bytes c;
  if (plen <= kSemiblock) {
    c.resize(16);
    if (!ciph.Apply(c.data(), s.data())) return Broken("EVP_CipherUpdate");
  } else if (!W(ciph, s, &c)) {
    return Broken("EVP_CipherUpdate");
  }
  return Accepted(std::move(c));
}

// KWP-AD (SP 800-38F §6.3 Algorithm 6): C of n + 1 semiblocks, n >= 1.
Result KwpUnwrap(const Request& r) {
  if (r.input.size() % kSemiblock != 0)
    return Refused("KWP-AD: ciphertext not a multiple of 8 bytes");
  if (r.input.size() < 2 * kSemiblock)
    return Refused("KWP-AD: ciphertext shorter than 2 semiblocks");
  RawBlockCipher ciph_inv;
  if (auto bad = ciph_inv.Key(Cipher::kAria, r.key, /*encrypt=*/false)) return *bad;
  // Step 1: n = semiblocks of C - 1.
  const size_t n = r.input.size() / kSemiblock - 1;
  // Step 2: if n = 1, S = CIPH_K^-1(C); else S = W^-1(C).
  Bytes s;
  if (n == 1) {
    s.resize(16);
    if (!ciph_inv.Apply(s.data(), r.input.data())) return Broken("EVP_CipherUpdate");
  } else if (!WInverse(ciph_inv, r.input, &s)) {
    return Broken("EVP_CipherUpdate");
  }
  // Step 3: if MSB_32(S) != ICV2, FAIL.
  if (CRYPTO_memcmp(s.data(), kIcv2.data(), kIcv2.size()) != 0) {
    return Refused("KWP-AD: ICV2 mismatch");
  }
  // Step 4: Plen = int(LSB_32(MSB_64(S))) (bytes); padlen = 8n - Plen.
  uint64_t plen = 0;
  for (size_t i = 4; i < 8; ++i) plen = (plen << 8) | s[i];
  // Step 5: if padlen < 0 or padlen > 7, FAIL (8(n-1) < Plen <= 8n).
  const uint64_t capacity = kSemiblock * static_cast<uint64_t>(n);
  if (plen > capacity || capacity - plen > kSemiblock - 1) {
    return Refused("KWP-AD: length field " + std::to_string(plen) + " outside " +
                   std::to_string(capacity - 7) + ".." + std::to_string(capacity));
  }
  const size_t padlen = static_cast<size_t>(capacity - plen);
  // Step 6: if LSB_{8 padlen}(S) != 0^(8 padlen), FAIL.
  uint8_t pad_bits = 0;
  for (size_t i = s.size() - padlen; i < s.size(); ++i) pad_bits |= s[i];
  if (pad_bits != 0) return Refused("KWP-AD: nonzero padding");
  // Step 7: P = MSB_{8 Plen}(LSB_{64n}(S)).
  return Accepted(Bytes(s.begin() + kSemiblock, s.begin() + kSemiblock + static_cast<long>(plen)));
}

class Sp80038fBackend : public Backend {
 public:
  std::string name() const override { return "sp800-38f"; }
  std::string version() const override {
    return "ariasuite's SP 800-38F oracle over OpenSSL's raw block cipher";
  }
  bool is_ours() const override { return false; }
  std::optional<std::string> unavailable() const override {
    EVP_CIPHER* c = FetchCipher("ARIA-128-ECB");
    if (c == nullptr) return std::string("this OpenSSL (") + OPENSSL_VERSION_TEXT + ") has no ARIA";
    EVP_CIPHER_free(c);
    return std::nullopt;
  }
  std::optional<Result> Run(const Request& r) override {
    if (r.cipher != Cipher::kAria) return std::nullopt;
    switch (r.op) {
      case Op::kKwWrap: return KwWrap(r);
      case Op::kKwUnwrap: return KwUnwrap(r);
      case Op::kKwpWrap: return KwpWrap(r);
      case Op::kKwpUnwrap: return KwpUnwrap(r);
      default: return std::nullopt;  // key wrap only
    }
  }
};

}  // namespace

std::unique_ptr<Backend> MakeSp80038fBackend() { return std::make_unique<Sp80038fBackend>(); }

}  // namespace ariasuite::oracles
