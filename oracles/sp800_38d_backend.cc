// The "sp800-38d" oracle: GCM (GCM-AE and GCM-AD) written from the text of NIST SP 800-38D over
// nothing but OpenSSL's raw block cipher (EVP ARIA-*-ECB, or AES-*-ECB for Cipher::kAes, padding
// off): the multiplication in GF(2^128) (§6.3's Algorithm 1, bit by bit), GHASH (§6.4), inc32
// (§6.2) and J0 for every IV length (§7.1 step 2) from the suite's GCM model (gcm_math.h), GCTR
// (§6.5) and the tag MSB_t (§7.1 steps 5-6) here. It shares no code with impl/ (only the Backend
// interface and gcm_math, which is written from the text too), so it is an independent judge of our
// GCM layer for every IV length and every tag length SP 800-38D allows, where OpenSSL refuses IVs
// over 128 bytes, Botan has no 4-byte tag and Crypto++ mishandles a J0 counter of ffffffff.
//
// It refuses exactly what SP 800-38D refuses: an empty IV (§5.2.1.1: 1 <= len(IV)), a tag length
// other than 128, 120, 112, 104, 96 (§5.2.1.2) or 64 and 32 bits (Appendix C), a key length the
// cipher lacks, and on GCM-AD a wrong tag (no plaintext released). Other operations: nullopt.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>

#include "oracles/backend.h"
#include "oracles/gcm_math.h"
#include "oracles/raw_block_cipher.h"

namespace ariasuite::oracles {
namespace {

// §6.5 GCTR_K(ICB, X): false on an OpenSSL failure.
bool Gctr(RawBlockCipher& ciph, const Block& icb, const Bytes& x, Bytes* y) {
  y->assign(x.size(), 0);
  constexpr size_t kBatch = 64;  // counter blocks encrypted per EVP call
  uint8_t stream[16 * kBatch];
  Block cb = icb;
  for (size_t off = 0; off < x.size(); off += 16 * kBatch) {
    const size_t blocks = (x.size() - off + 15) / 16 < kBatch ? (x.size() - off + 15) / 16 : kBatch;
    for (size_t i = 0; i < blocks; ++i) {
      std::copy(cb.begin(), cb.end(), stream + 16 * i);
      cb = Inc32(cb);
    }
    if (!ciph.Apply(stream, stream, blocks)) return false;
    const size_t n = x.size() - off < 16 * blocks ? x.size() - off : 16 * blocks;
    for (size_t i = 0; i < n; ++i) (*y)[off + i] = x[off + i] ^ stream[i];
  }
  return true;
}

// §7.1 step 5's GHASH input: A || 0^v || C || 0^u || [len(A)]_64 || [len(C)]_64.
Bytes GhashInput(const Bytes& a, const Bytes& c) {
  Bytes in = a;
  in.resize((a.size() + 15) / 16 * 16, 0);
  in.insert(in.end(), c.begin(), c.end());
  in.resize((in.size() + 15) / 16 * 16, 0);
  for (uint64_t bits : {8 * static_cast<uint64_t>(a.size()), 8 * static_cast<uint64_t>(c.size())}) {
    for (int i = 7; i >= 0; --i) in.push_back(static_cast<uint8_t>(bits >> (8 * i)));
  }
  return in;
}

bool TagLengthAllowed(size_t t) {  // bytes; §5.2.1.2 and Appendix C
  return (t >= 12 && t <= 16) || t == 8 || t == 4;
}

class Sp80038dBackend : public Backend {
 public:
  std::string name() const override { return "sp800-38d"; }
  std::string version() const override {
    return "ariasuite's SP 800-38D oracle over OpenSSL's raw block cipher";
  }
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
    RawBlockCipher ciph;  // CIPH_K (§5.1), the forward cipher only
    if (auto refused = ciph.Key(r.cipher, r.key, /*encrypt=*/true)) return *refused;
    // §7.1 step 1: H = CIPH_K(0^128).
    Block h{};
    if (!ciph.Apply(h.data(), h.data())) return Broken("OpenSSL block encryption failed");
    // Step 2: J0.
    const Block j0 = GcmJ0(h, r.iv.data(), r.iv.size());
    // Step 3 (GCM-AE) / step 3 of §7.2 (GCM-AD): the text through GCTR from inc32(J0).
    Bytes out;
    if (!Gctr(ciph, Inc32(j0), r.input, &out)) return Broken("OpenSSL block encryption failed");
    const Bytes& ct = seal ? out : r.input;
    // Steps 4-6: S = GHASH(A || 0^v || C || 0^u || [len(A)]64 || [len(C)]64), T = MSB_t(GCTR(J0,
    // S)).
    const Bytes ghash_in = GhashInput(r.aad, ct);
    const Block s = Ghash(h, ghash_in.data(), ghash_in.size());
    Bytes full_tag;
    if (!Gctr(ciph, j0, Bytes(s.begin(), s.end()), &full_tag)) {
      return Broken("OpenSSL block encryption failed");
    }
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
