// The Linux kernel crypto API oracle through AF_ALG sockets
// (Documentation/crypto/userspace-if.rst): skcipher ecb/cbc/ctr(aria), aead gcm(aria) and
// ccm(aria), hash cmac(aria); AES the same way for the AES-instantiated checks. Each request binds
// a transform socket for the algorithm, sets the key (ALG_SET_KEY) and, for AEADs, the tag length
// (ALG_SET_AEAD_AUTHSIZE), accepts an operation socket and sends one message whose control messages
// carry ALG_SET_OP, ALG_SET_IV and ALG_SET_AEAD_ASSOCLEN; the answer is read back from the same
// socket.
//
// Where AF_ALG is missing (no CONFIG_CRYPTO_USER_API_*) or the kernel has no ARIA, unavailable()
// says so and the runner reports SKIP with that reason; an algorithm the kernel lacks on its own
// (e.g. ccm(aria) where only gcm(aria) is built) is "unsupported" for that request. The sockets
// are driven by the one AF_ALG client, af_alg.h.
#include <errno.h>
#include <sys/utsname.h>

#include <cstring>
#include <string>
#include <vector>

#include "oracles/af_alg.h"
#include "oracles/backend.h"

namespace ariasuite::oracles {
namespace {

// One af_alg request carries at most ALG_MAX_PAGES (16) pages of data on common configurations;
// stay below that rather than stream.
constexpr size_t kMaxRequest = 60 * 1024;

std::string ErrnoText(const std::string& what, int err) { return what + ": " + std::strerror(err); }

std::string AlgName(const char* mode, Cipher cipher) {
  return std::string(mode) + "(" + (cipher == Cipher::kAes ? "aes" : "aria") + ")";
}

// A failed operation: the socket broke (accept) or the kernel refused the request.
Result OpFailed(const afalg::Transform& tfm, const std::string& what, int err) {
  if (std::string(tfm.failed_call()) == "accept") return Broken(ErrnoText("accept", err));
  return Refused(what + std::strerror(err) + (err == EBADMSG ? " (authentication failed)" : ""));
}

class KernelBackend : public Backend {
 public:
  KernelBackend() {
    if (int e = afalg::SocketErrno(); e != 0) {
      unavailable_ = "AF_ALG sockets unavailable (" + ErrnoText("socket(AF_ALG)", e) +
                     "; needs CONFIG_CRYPTO_USER_API_SKCIPHER/AEAD)";
      return;
    }
    if (int e = afalg::Probe("skcipher", "ecb(aria)"); e != 0) {
      unavailable_ = "the kernel has no ARIA (" + ErrnoText("bind skcipher ecb(aria)", e) +
                     "; needs CONFIG_CRYPTO_ARIA)";
    }
  }

  std::string name() const override { return "kernel"; }
  std::string version() const override {
    struct utsname u;
    return uname(&u) == 0 ? std::string("Linux ") + u.release : "Linux";
  }
  bool is_ours() const override { return false; }
  std::optional<std::string> unavailable() const override { return unavailable_; }

  std::optional<Result> Run(const Request& r) override {
    if (r.input.size() + r.aad.size() + 16 > kMaxRequest) return std::nullopt;
    const bool encrypt = IsEncrypting(r.op);
    switch (ModeOf(r.op)) {
      case Mode::kEcb: return Skcipher(r, "ecb", encrypt, false);
      case Mode::kCbc: return Skcipher(r, "cbc", encrypt, true);
      case Mode::kCtr: return Skcipher(r, "ctr", encrypt, true);
      case Mode::kGcm: return Aead(r, "gcm", encrypt);
      case Mode::kCcm: return Aead(r, "ccm", encrypt);
      case Mode::kCmac: return Cmac(r);
      case Mode::kCbcPkcs5:  // the kernel has no padding mode
      case Mode::kKw:
      case Mode::kKwp:  // kw() exists for AES only, with the IV as output
        return std::nullopt;
      case Mode::kCfb128:
      case Mode::kCfb8:
      case Mode::kCfb1:
      case Mode::kOfb:
        return std::nullopt;  // crypto/cfb.c and crypto/ofb.c are gone from Linux 6.12's tree
    }
    return std::nullopt;
  }

 private:
  // Binds and keys tfm (and sets the tag length of an AEAD). nullopt: ready; an empty optional
  // Result inside: the kernel lacks the algorithm (unsupported); a Result: the key was refused.
  std::optional<std::optional<Result>> Open(afalg::Transform* tfm, const char* type,
                                            const std::string& alg, const Request& r,
                                            size_t authsize) {
    if (tfm->Bind(type, alg) != 0) return std::optional<Result>(std::nullopt);
    if (int e = tfm->SetKey(r.key.data(), r.key.size()); e != 0) {
      return std::optional<Result>(Refused(ErrnoText("ALG_SET_KEY", e)));
    }
    if (authsize > 0) {
      if (int e = tfm->SetAuthSize(authsize); e != 0) {
        return std::optional<Result>(Refused(ErrnoText("ALG_SET_AEAD_AUTHSIZE", e)));
      }
    }
    return std::nullopt;
  }

  std::optional<Result> Skcipher(const Request& r, const char* mode, bool encrypt, bool has_iv) {
    afalg::Transform tfm;
    if (auto early = Open(&tfm, "skcipher", AlgName(mode, r.cipher), r, 0)) return *early;
    if (has_iv && r.iv.size() != 16) return Refused("IV length " + std::to_string(r.iv.size()));
    Bytes out(r.input.size());
    const int e = tfm.Skcipher(encrypt, has_iv ? r.iv.data() : nullptr, has_iv ? r.iv.size() : 0,
                               r.input.data(), r.input.size(), out.data());
    if (e != 0) return OpFailed(tfm, "skcipher request: ", e);
    return Accepted(std::move(out));
  }

  std::optional<Result> Aead(const Request& r, const char* mode, bool seal) {
    const bool ccm = std::string(mode) == "ccm";
    Bytes iv = r.iv;
    if (ccm) {
      // The kernel's ccm() takes the 16-byte counter block: iv[0] = L - 1 (L = 15 - nonce
      // length, SP 800-38C §A.2.1 / RFC 3610 §2.3), then the nonce, the counter bytes zero.
      if (r.iv.size() < 7 || r.iv.size() > 13) return std::nullopt;
      iv.assign(16, 0);
      iv[0] = static_cast<uint8_t>(15 - r.iv.size() - 1);
      std::memcpy(iv.data() + 1, r.iv.data(), r.iv.size());
    } else if (r.iv.size() != 12) {
      return std::nullopt;  // the kernel's gcm() takes 96-bit IVs only (rfc4106 builds on it)
    }
    const size_t tag_len = seal ? r.tag_len : r.tag.size();
    if (tag_len == 0) return std::nullopt;
    afalg::Transform tfm;
    if (auto early = Open(&tfm, "aead", AlgName(mode, r.cipher), r, tag_len)) return *early;
    // Input: text (|| tag when decrypting), after the AAD; output: AAD || text (|| tag when
    // encrypting).
    Bytes in = r.input;
    if (!seal) in.insert(in.end(), r.tag.begin(), r.tag.end());
    Bytes out;
    const int e = tfm.Aead(seal, iv.data(), iv.size(), r.aad.data(), r.aad.size(), in.data(),
                           in.size(), tag_len, &out);
    if (e != 0) return OpFailed(tfm, "aead request: ", e);
    if (out.size() != r.aad.size() + r.input.size() + (seal ? tag_len : 0)) {
      return OpFailed(tfm, "aead request: ", EIO);  // a short read
    }
    const auto text = out.begin() + static_cast<long>(r.aad.size());
    Bytes output(text, text + static_cast<long>(r.input.size()));
    Bytes tag;
    if (seal) tag.assign(out.end() - static_cast<long>(tag_len), out.end());
    return Accepted(std::move(output), std::move(tag));
  }

  std::optional<Result> Cmac(const Request& r) {
    afalg::Transform tfm;
    if (auto early = Open(&tfm, "hash", AlgName("cmac", r.cipher), r, 0)) return *early;
    uint8_t mac[16];
    if (int e = tfm.Hash(r.input.data(), r.input.size(), mac, sizeof(mac)); e != 0) {
      if (std::string(tfm.failed_call()) == "accept") return Broken(ErrnoText("accept", e));
      return Refused(ErrnoText(tfm.failed_call(), e));
    }
    if (r.tag_len == 0 || r.tag_len > sizeof(mac)) {
      return Refused("tag length " + std::to_string(r.tag_len));
    }
    return Accepted({}, Bytes(mac, mac + r.tag_len));
  }

  std::optional<std::string> unavailable_;
};

}  // namespace

std::unique_ptr<Backend> MakeKernelBackend() { return std::make_unique<KernelBackend>(); }

}  // namespace ariasuite::oracles
