// The "sp800-38d" oracle: GCM (GCM-AE and GCM-AD) written from the text of NIST SP 800-38D over
// nothing but OpenSSL's raw block cipher (EVP ARIA-*-ECB, or AES-*-ECB for Cipher::kAes, padding
// off): the multiplication in GF(2^128) is §6.3's Algorithm 1, bit by bit; GHASH §6.4, GCTR §6.5
// with inc32 (§6.2), J0 for every IV length (§7.1 step 2), the tag MSB_t (§7.1 steps 5-6). It
// shares no code with impl/ (only the Backend interface), so it is an independent judge of our
// GCM layer for every IV length and every tag length SP 800-38D allows, where OpenSSL refuses IVs
// over 128 bytes, Botan has no 4-byte tag and Crypto++ mishandles a J0 counter of ffffffff.
//
// It refuses exactly what SP 800-38D refuses: an empty IV (§5.2.1.1: 1 <= len(IV)), a tag length
// other than 128, 120, 112, 104, 96 (§5.2.1.2) or 64 and 32 bits (Appendix C), a key length the
// cipher lacks, and on GCM-AD a wrong tag (no plaintext released). Other operations: nullopt.
#include <openssl/evp.h>

#include <cstdint>
#include <memory>
#include <string>

#include "oracles/backend.h"

namespace ariasuite::oracles {
namespace {

// A 128-bit block as two 64-bit halves: hi holds bits 0..63 of SP 800-38D's bit string (bit 0 is
// the most significant bit of byte 0), lo bits 64..127.
struct Block128 {
  uint64_t hi = 0, lo = 0;
};

Block128 LoadBlock(const uint8_t* p, size_t n = 16) {  // n < 16: the bytes, then zeros
  uint8_t b[16] = {};
  for (size_t i = 0; i < n; ++i) b[i] = p[i];
  Block128 x;
  for (int i = 0; i < 8; ++i) {
    x.hi = (x.hi << 8) | b[i];
    x.lo = (x.lo << 8) | b[8 + i];
  }
  return x;
}

void StoreBlock(const Block128& x, uint8_t* out) {
  for (int i = 0; i < 8; ++i) {
    out[i] = static_cast<uint8_t>(x.hi >> (56 - 8 * i));
    out[8 + i] = static_cast<uint8_t>(x.lo >> (56 - 8 * i));
  }
}

// §6.3 Algorithm 1: Z = X • Y in GF(2^128), R = 11100001 || 0^120.
Block128 Multiply(const Block128& x, const Block128& y) {
  Block128 z, v = y;
  for (int i = 0; i < 128; ++i) {
    const uint64_t xi = i < 64 ? (x.hi >> (63 - i)) & 1 : (x.lo >> (127 - i)) & 1;
    if (xi) {
      z.hi ^= v.hi;
      z.lo ^= v.lo;
    }
    const bool lsb = v.lo & 1;
    v.lo = (v.lo >> 1) | (v.hi << 63);
    v.hi >>= 1;
    if (lsb) v.hi ^= 0xe100000000000000ULL;
  }
  return z;
}

// §6.4 GHASH_H over a bit string made of whole blocks; Absorb() takes the pieces in order, each
// zero-padded to a block boundary as §7.1 step 5 (and step 2 for the IV) pads them.
class Ghash {
 public:
  explicit Ghash(const Block128& h) : h_(h) {}
  void Absorb(const uint8_t* p, size_t n) {
    for (size_t off = 0; off < n; off += 16) {
      const Block128 x = LoadBlock(p + off, n - off < 16 ? n - off : 16);
      y_.hi ^= x.hi;
      y_.lo ^= x.lo;
      y_ = Multiply(y_, h_);
    }
  }
  void AbsorbLengths(uint64_t a_bits, uint64_t b_bits) {
    y_.hi ^= a_bits;
    y_.lo ^= b_bits;
    y_ = Multiply(y_, h_);
  }
  Block128 value() const { return y_; }

 private:
  Block128 h_, y_;
};

struct CtxFree {
  void operator()(EVP_CIPHER_CTX* c) const { EVP_CIPHER_CTX_free(c); }
  void operator()(EVP_CIPHER* c) const { EVP_CIPHER_free(c); }
};

// CIPH_K of the forward cipher (§5.1), through EVP ECB with padding off.
class BlockCipher {
 public:
  // "" when keyed; otherwise why not, with *bad_key telling a key length the cipher lacks (a
  // refusal) from an OpenSSL failure (the backend's own error).
  std::string Init(Cipher cipher, const Bytes& key, bool* bad_key) {
    *bad_key = false;
    const char* family = cipher == Cipher::kAria ? "ARIA" : "AES";
    const char* bits = key.size() == 16 ? "128" : key.size() == 24 ? "192" : key.size() == 32 ? "256" : nullptr;
    if (bits == nullptr) {
      *bad_key = true;
      return "key length " + std::to_string(key.size());
    }
    const std::string name = std::string(family) + "-" + bits + "-ECB";
    cipher_.reset(EVP_CIPHER_fetch(nullptr, name.c_str(), nullptr));
    ctx_.reset(EVP_CIPHER_CTX_new());
    if (!cipher_ || !ctx_ || EVP_EncryptInit_ex2(ctx_.get(), cipher_.get(), key.data(), nullptr,
                                                 nullptr) != 1 ||
        EVP_CIPHER_CTX_set_padding(ctx_.get(), 0) != 1) {
      return "OpenSSL " + name + " setup failed";
    }
    return "";
  }
  // Encrypts n whole blocks in place; false on an OpenSSL failure.
  bool Encrypt(uint8_t* blocks, size_t n) {
    int out_len = 0;
    return EVP_EncryptUpdate(ctx_.get(), blocks, &out_len, blocks, static_cast<int>(16 * n)) == 1 &&
           out_len == static_cast<int>(16 * n);
  }

 private:
  std::unique_ptr<EVP_CIPHER, CtxFree> cipher_;
  std::unique_ptr<EVP_CIPHER_CTX, CtxFree> ctx_;
};

// §6.2 inc32: the rightmost 32 bits incremented mod 2^32, the left 96 bits unchanged.
Block128 Inc32(Block128 cb) {
  const uint32_t low = static_cast<uint32_t>(cb.lo) + 1;
  cb.lo = (cb.lo & 0xffffffff00000000ULL) | low;
  return cb;
}

// §6.5 GCTR_K(ICB, X): false on an OpenSSL failure.
bool Gctr(BlockCipher& ciph, Block128 icb, const Bytes& x, Bytes* y) {
  y->assign(x.size(), 0);
  constexpr size_t kBatch = 64;  // counter blocks encrypted per EVP call
  uint8_t stream[16 * kBatch];
  Block128 cb = icb;
  for (size_t off = 0; off < x.size(); off += 16 * kBatch) {
    const size_t blocks = (x.size() - off + 15) / 16 < kBatch ? (x.size() - off + 15) / 16 : kBatch;
    for (size_t i = 0; i < blocks; ++i) {
      StoreBlock(cb, stream + 16 * i);
      cb = Inc32(cb);
    }
    if (!ciph.Encrypt(stream, blocks)) return false;
    const size_t n = x.size() - off < 16 * blocks ? x.size() - off : 16 * blocks;
    for (size_t i = 0; i < n; ++i) (*y)[off + i] = x[off + i] ^ stream[i];
  }
  return true;
}

bool TagLengthAllowed(size_t t) {  // bytes; §5.2.1.2 and Appendix C
  return (t >= 12 && t <= 16) || t == 8 || t == 4;
}

class Sp80038dBackend : public Backend {
 public:
  std::string name() const override { return "sp800-38d"; }
  bool is_ours() const override { return false; }
  std::optional<std::string> unavailable() const override { return std::nullopt; }

  std::optional<Result> Run(const Request& r) override {
    if (r.op != Op::kGcmSeal && r.op != Op::kGcmOpen) return std::nullopt;
    const bool seal = r.op == Op::kGcmSeal;
    const size_t tag_len = seal ? r.tag_len : r.tag.size();
    if (!TagLengthAllowed(tag_len)) {
      return Refused("tag length " + std::to_string(tag_len) + " (SP 800-38D §5.2.1.2, App. C)");
    }
    if (r.iv.empty()) return Refused("empty IV (SP 800-38D §5.2.1.1)");
    // §5.2.1.1: len(P) <= 2^39 - 256 bits; len(A), len(IV) <= 2^64 - 1 bits.
    if (r.input.size() > (uint64_t{1} << 36) - 32) return Refused("text over 2^39 - 256 bits");
    BlockCipher ciph;
    bool bad_key = false;
    if (std::string why = ciph.Init(r.cipher, r.key, &bad_key); !why.empty()) {
      return bad_key ? Refused(why) : Broken(why);
    }
    // §7.1 step 1: H = CIPH_K(0^128).
    uint8_t h_bytes[16] = {};
    if (!ciph.Encrypt(h_bytes, 1)) return Broken("OpenSSL block encryption failed");
    const Block128 h = LoadBlock(h_bytes);
    // Step 2: J0.
    Block128 j0;
    if (r.iv.size() == 12) {
      j0 = LoadBlock(r.iv.data(), 12);
      j0.lo |= 1;
    } else {
      Ghash g(h);
      g.Absorb(r.iv.data(), r.iv.size());
      g.AbsorbLengths(0, 8 * static_cast<uint64_t>(r.iv.size()));
      j0 = g.value();
    }
    // Step 3 (GCM-AE) / step 3 of §7.2 (GCM-AD): the text through GCTR from inc32(J0).
    Bytes out;
    if (!Gctr(ciph, Inc32(j0), r.input, &out)) return Broken("OpenSSL block encryption failed");
    const Bytes& ct = seal ? out : r.input;
    // Steps 4-6: S = GHASH(A || 0^v || C || 0^u || [len(A)]64 || [len(C)]64), T = MSB_t(GCTR(J0, S)).
    Ghash g(h);
    g.Absorb(r.aad.data(), r.aad.size());
    g.Absorb(ct.data(), ct.size());
    g.AbsorbLengths(8 * static_cast<uint64_t>(r.aad.size()), 8 * static_cast<uint64_t>(ct.size()));
    Bytes s(16);
    StoreBlock(g.value(), s.data());
    Bytes full_tag;
    if (!Gctr(ciph, j0, s, &full_tag)) return Broken("OpenSSL block encryption failed");
    full_tag.resize(tag_len);
    if (seal) return Accepted(std::move(out), std::move(full_tag));
    // §7.2 step 8: the plaintext only when T = T'.
    if (full_tag != r.tag) return Refused("tag mismatch (SP 800-38D §7.2 step 8)");
    return Accepted(std::move(out));
  }
};

}  // namespace

std::unique_ptr<Backend> MakeSp80038dBackend() { return std::make_unique<Sp80038dBackend>(); }

}  // namespace ariasuite::oracles
