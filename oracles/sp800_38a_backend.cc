// The "sp800-38a" oracle: CFB (s = 128, 8 and 1 bits) and OFB written from the text of NIST
// SP 800-38A §6.3 and §6.4 over nothing but OpenSSL's raw block cipher (raw_block_cipher.h: EVP
// ARIA-*-ECB, or AES-*-ECB for Cipher::kAes so the standard's own Appendix F vectors can check it;
// padding off, one 16-byte block per call). It shares no code with impl/ (only the Backend
// interface), so it is a second independent judge of our CFB/OFB beside OpenSSL's EVP modes, and
// the only one beside OpenSSL for CFB1 (Botan and Crypto++ have no 1-bit CFB).
//
// The text is a bit string: bit 0 is the most significant bit of byte 0 (SP 800-38A §4.1's
// strings are written most significant bit first), so CFB1 takes each byte's bits from the top,
// as Request's kCfb1* operations say. One CFB routine serves every segment size s: the input
// block I_j is kept as 128 bits and shifted s bits at a time exactly as §6.3 writes it.
//
// A text that is not a whole number of segments (CFB128 and OFB on any byte length) ends with a
// partial segment of u bits, treated as §6.4 treats OFB's last block P*_n: C*_n = P*_n xor
// MSB_u(O_n), the rest of O_n discarded. The IV must be one block (§6.3, §6.4: "the IV"); any
// other length, or a key length the cipher lacks, is refused. Other operations: nullopt.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "oracles/backend.h"
#include "oracles/raw_block_cipher.h"

namespace ariasuite::oracles {
namespace {

constexpr size_t kBlockBits = 128;  // b in SP 800-38A
using BlockBytes = std::array<uint8_t, kBlockBits / 8>;

// Bit i of a bit string stored most significant bit first (§4.1).
int BitAt(const uint8_t* s, size_t i) { return (s[i / 8] >> (7 - i % 8)) & 1; }
void SetBit(uint8_t* s, size_t i, int bit) {
  const uint8_t mask = static_cast<uint8_t>(0x80u >> (i % 8));
  s[i / 8] = static_cast<uint8_t>(bit ? s[i / 8] | mask : s[i / 8] & ~mask);
}

// §6.3: I_j = LSB_{b-s}(I_{j-1}) | C#_{j-1}, the s bits of C#_{j-1} starting at bit `from` of c.
// LSB_{b-s}(I_{j-1}) moves to the front a byte at a time (bit i + s of I_{j-1} is bit i of I_j, so
// byte i of I_j is bytes i + s/8 and i + s/8 + 1 of I_{j-1} shifted by s % 8), then the s bits of
// C#_{j-1} fill the last s bits one by one.
void ShiftIn(BlockBytes* input, size_t s, const uint8_t* c, size_t from) {
  const uint8_t* old = input->data();
  const size_t whole = s / 8, part = s % 8;
  BlockBytes next{};
  for (size_t i = 0; i + whole < kBlockBits / 8; ++i) {
    const unsigned low = i + whole + 1 < kBlockBits / 8 ? old[i + whole + 1] : 0;
    next[i] = static_cast<uint8_t>(part == 0 ? old[i + whole]
                                             : (old[i + whole] << part) | (low >> (8 - part)));
  }
  for (size_t k = 0; k < s; ++k) SetBit(next.data(), kBlockBits - s + k, BitAt(c, from + k));
  *input = next;
}

// CFB with s-bit segments (§6.3), encryption or decryption of the whole text in one call.
// false on an OpenSSL failure.
bool Cfb(RawBlockCipher& ciph, size_t s, bool encrypt, const Bytes& iv, const Bytes& in,
         Bytes* out) {
  out->assign(in.size(), 0);
  const size_t text_bits = 8 * in.size();
  BlockBytes input;  // I_1 = IV
  std::copy(iv.begin(), iv.end(), input.begin());
  for (size_t start = 0; start < text_bits; start += s) {
    BlockBytes o;  // O_j = CIPH_K(I_j)
    if (!ciph.Apply(o.data(), input.data())) return false;
    // Encryption: C#_j = P#_j xor MSB_s(O_j); decryption: P#_j = C#_j xor MSB_s(O_j).
    const size_t u = text_bits - start < s ? text_bits - start : s;
    for (size_t k = 0; k < u; ++k) {
      SetBit(out->data(), start + k, BitAt(in.data(), start + k) ^ BitAt(o.data(), k));
    }
    if (u < s) break;  // the partial last segment: nothing follows it
    // The next input block takes the ciphertext segment: our output when encrypting, our input
    // when decrypting.
    ShiftIn(&input, s, encrypt ? out->data() : in.data(), start);
  }
  return true;
}

// OFB (§6.4): O_j = CIPH_K(I_j), I_{j+1} = O_j; C_j = P_j xor O_j, and the inverse is the same
// computation. The last block may be partial (P*_n xor MSB_u(O_n)). false on an OpenSSL failure.
bool Ofb(RawBlockCipher& ciph, const Bytes& iv, const Bytes& in, Bytes* out) {
  out->assign(in.size(), 0);
  BlockBytes input;  // I_1 = IV
  std::copy(iv.begin(), iv.end(), input.begin());
  for (size_t off = 0; off < in.size(); off += input.size()) {
    BlockBytes o;
    if (!ciph.Apply(o.data(), input.data())) return false;
    for (size_t k = 0; k < o.size() && off + k < in.size(); ++k) {
      (*out)[off + k] = in[off + k] ^ o[k];
    }
    input = o;
  }
  return true;
}

// The segment size s of a CFB operation (bits), 0 for OFB, nullopt for anything else.
std::optional<size_t> SegmentBits(Op op) {
  switch (op) {
    case Op::kCfb128Encrypt:
    case Op::kCfb128Decrypt: return 128;
    case Op::kCfb8Encrypt:
    case Op::kCfb8Decrypt: return 8;
    case Op::kCfb1Encrypt:
    case Op::kCfb1Decrypt: return 1;
    case Op::kOfbEncrypt:
    case Op::kOfbDecrypt: return 0;
    default: return std::nullopt;
  }
}

class Sp80038aBackend : public Backend {
 public:
  std::string name() const override { return "sp800-38a"; }
  std::string version() const override {
    return "ariasuite's SP 800-38A oracle over OpenSSL's raw block cipher";
  }
  bool is_ours() const override { return false; }
  std::optional<std::string> unavailable() const override { return std::nullopt; }

  std::optional<Result> Run(const Request& r) override {
    const std::optional<size_t> s = SegmentBits(r.op);
    if (!s) return std::nullopt;  // CFB and OFB only
    if (r.iv.size() != kBlockBits / 8) {
      return Refused("IV of " + std::to_string(r.iv.size()) + " bytes (SP 800-38A: one block)");
    }
    RawBlockCipher ciph;  // CIPH_K, the forward cipher only: CFB and OFB never use the inverse
    if (auto refused = ciph.Key(r.cipher, r.key, /*encrypt=*/true)) return *refused;
    Bytes out;
    const bool ok = *s == 0 ? Ofb(ciph, r.iv, r.input, &out)
                            : Cfb(ciph, *s, IsEncrypting(r.op), r.iv, r.input, &out);
    if (!ok) return Broken("OpenSSL block encryption failed");
    return Accepted(std::move(out));
  }
};

}  // namespace

std::unique_ptr<Backend> MakeSp80038aBackend() { return std::make_unique<Sp80038aBackend>(); }

}  // namespace ariasuite::oracles
