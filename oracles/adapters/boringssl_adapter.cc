// The BoringSSL oracle, as an exec adapter (oracles/PROTOCOL.md) in its own process: BoringSSL
// exports the same symbols as OpenSSL, so it is linked into this binary only, never into the
// runner. BoringSSL has no ARIA; it answers AES requests, which check our GCM layer instantiated
// with AES (impl/aes_gcm_control.h) against BoringSSL's AES-GCM: GCM through EVP_CIPHER
// (any IV length), ECB/CBC/CTR through EVP_CIPHER, CBC-PKCS5 with EVP padding, CMAC through
// CMAC_CTX, KW / KWP through AES_wrap_key(_padded). ARIA requests are "unsupported".
#include <openssl/aes.h>
#include <openssl/base.h>
#include <openssl/cipher.h>
#include <openssl/cmac.h>

#include <cstdio>
#include <memory>
#include <string>

#include "oracles/backend.h"
#include "oracles/protocol.h"

namespace ariasuite::oracles {
namespace {

const uint8_t* P(const Bytes& b) {
  static const uint8_t kEmpty = 0;
  return b.empty() ? &kEmpty : b.data();
}

const EVP_CIPHER* AesCipher(size_t key_len, const char* mode) {
  const std::string m = mode;
  switch (key_len) {
    case 16:
      return m == "ecb"   ? EVP_aes_128_ecb()
             : m == "cbc" ? EVP_aes_128_cbc()
             : m == "ctr" ? EVP_aes_128_ctr()
                          : EVP_aes_128_gcm();
    case 24:
      return m == "ecb"   ? EVP_aes_192_ecb()
             : m == "cbc" ? EVP_aes_192_cbc()
             : m == "ctr" ? EVP_aes_192_ctr()
                          : EVP_aes_192_gcm();
    case 32:
      return m == "ecb"   ? EVP_aes_256_ecb()
             : m == "cbc" ? EVP_aes_256_cbc()
             : m == "ctr" ? EVP_aes_256_ctr()
                          : EVP_aes_256_gcm();
  }
  return nullptr;
}

struct CtxDeleter {
  void operator()(EVP_CIPHER_CTX* c) const { EVP_CIPHER_CTX_free(c); }
  void operator()(CMAC_CTX* c) const { CMAC_CTX_free(c); }
};

std::optional<Result> Plain(const Request& r, const char* mode, bool encrypt, bool padding) {
  const EVP_CIPHER* cipher = AesCipher(r.key.size(), mode);
  if (cipher == nullptr) return Refused("key length " + std::to_string(r.key.size()));
  if (std::string(mode) != "ecb" && r.iv.size() != EVP_CIPHER_iv_length(cipher)) {
    return Refused("IV length " + std::to_string(r.iv.size()));
  }
  std::unique_ptr<EVP_CIPHER_CTX, CtxDeleter> ctx(EVP_CIPHER_CTX_new());
  if (!EVP_CipherInit_ex(ctx.get(), cipher, nullptr, P(r.key),
                         std::string(mode) == "ecb" ? nullptr : P(r.iv), encrypt ? 1 : 0)) {
    return Refused("EVP_CipherInit_ex");
  }
  EVP_CIPHER_CTX_set_padding(ctx.get(), padding ? 1 : 0);
  Result res;
  res.output.resize(r.input.size() + 32);
  int n1 = 0, n2 = 0;
  if (!EVP_CipherUpdate(ctx.get(), res.output.data(), &n1, P(r.input),
                        static_cast<int>(r.input.size()))) {
    return Refused("EVP_CipherUpdate");
  }
  if (!EVP_CipherFinal_ex(ctx.get(), res.output.data() + n1, &n2))
    return Refused("EVP_CipherFinal_ex");
  res.output.resize(static_cast<size_t>(n1 + n2));
  res.accepted = true;
  return res;
}

std::optional<Result> Gcm(const Request& r, bool seal) {
  const EVP_CIPHER* cipher = AesCipher(r.key.size(), "gcm");
  if (cipher == nullptr) return Refused("key length " + std::to_string(r.key.size()));
  std::unique_ptr<EVP_CIPHER_CTX, CtxDeleter> ctx(EVP_CIPHER_CTX_new());
  if (!EVP_CipherInit_ex(ctx.get(), cipher, nullptr, nullptr, nullptr, seal ? 1 : 0)) {
    return Refused("EVP_CipherInit_ex");
  }
  if (!EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(r.iv.size()),
                           nullptr)) {
    return Refused("EVP_CTRL_GCM_SET_IVLEN " + std::to_string(r.iv.size()));
  }
  if (!EVP_CipherInit_ex(ctx.get(), nullptr, nullptr, P(r.key), P(r.iv), -1)) {
    return Refused("EVP_CipherInit_ex (key/iv)");
  }
  int n = 0;
  if (!r.aad.empty() &&
      !EVP_CipherUpdate(ctx.get(), nullptr, &n, r.aad.data(), static_cast<int>(r.aad.size()))) {
    return Refused("EVP_CipherUpdate (aad)");
  }
  Result res;
  res.output.resize(r.input.size() + 16);
  int n1 = 0, n2 = 0;
  if (!r.input.empty() && !EVP_CipherUpdate(ctx.get(), res.output.data(), &n1, r.input.data(),
                                            static_cast<int>(r.input.size()))) {
    return Refused("EVP_CipherUpdate");
  }
  if (!seal && !EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_TAG, static_cast<int>(r.tag.size()),
                                    const_cast<uint8_t*>(P(r.tag)))) {
    return Refused("EVP_CTRL_GCM_SET_TAG " + std::to_string(r.tag.size()));
  }
  if (!EVP_CipherFinal_ex(ctx.get(), res.output.data() + n1, &n2))
    return Refused("EVP_CipherFinal_ex");
  res.output.resize(static_cast<size_t>(n1 + n2));
  if (seal) {
    res.tag.resize(r.tag_len);
    if (r.tag_len == 0 || !EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG,
                                               static_cast<int>(r.tag_len), res.tag.data())) {
      return Refused("EVP_CTRL_GCM_GET_TAG " + std::to_string(r.tag_len));
    }
  }
  res.accepted = true;
  return res;
}

std::optional<Result> Cmac(const Request& r) {
  const EVP_CIPHER* cipher = AesCipher(r.key.size(), "cbc");
  if (cipher == nullptr) return Refused("key length " + std::to_string(r.key.size()));
  std::unique_ptr<CMAC_CTX, CtxDeleter> ctx(CMAC_CTX_new());
  uint8_t mac[16];
  size_t len = 0;
  if (!CMAC_Init(ctx.get(), P(r.key), r.key.size(), cipher, nullptr) ||
      !CMAC_Update(ctx.get(), P(r.input), r.input.size()) || !CMAC_Final(ctx.get(), mac, &len)) {
    return Refused("CMAC");
  }
  if (r.tag_len == 0 || r.tag_len > len) return Refused("tag length " + std::to_string(r.tag_len));
  Result res;
  res.accepted = true;
  res.tag.assign(mac, mac + r.tag_len);
  return res;
}

std::optional<Result> Wrap(const Request& r, bool wrap, bool padded) {
  AES_KEY key;
  const int bits = static_cast<int>(r.key.size() * 8);
  if ((wrap ? AES_set_encrypt_key(P(r.key), static_cast<unsigned>(bits), &key)
            : AES_set_decrypt_key(P(r.key), static_cast<unsigned>(bits), &key)) != 0) {
    return Refused("key length " + std::to_string(r.key.size()));
  }
  Result res;
  res.output.resize(r.input.size() + 16);
  if (!padded) {
    int n = wrap ? AES_wrap_key(&key, nullptr, res.output.data(), P(r.input), r.input.size())
                 : AES_unwrap_key(&key, nullptr, res.output.data(), P(r.input), r.input.size());
    if (n < 0) return Refused(wrap ? "AES_wrap_key" : "AES_unwrap_key");
    res.output.resize(static_cast<size_t>(n));
  } else {
    size_t n = 0;
    int ok = wrap ? AES_wrap_key_padded(&key, res.output.data(), &n, res.output.size(), P(r.input),
                                        r.input.size())
                  : AES_unwrap_key_padded(&key, res.output.data(), &n, res.output.size(),
                                          P(r.input), r.input.size());
    if (!ok) return Refused(wrap ? "AES_wrap_key_padded" : "AES_unwrap_key_padded");
    res.output.resize(n);
  }
  res.accepted = true;
  return res;
}

class BoringSslBackend : public Backend {
 public:
  std::string name() const override { return "boringssl"; }
  bool is_ours() const override { return false; }
  std::optional<std::string> unavailable() const override { return std::nullopt; }
  std::optional<Result> Run(const Request& r) override {
    if (r.cipher != Cipher::kAes) return std::nullopt;  // BoringSSL has no ARIA
    // Each mode in its direction: encrypt, seal or wrap, else the inverse.
    const bool enc = IsEncrypting(r.op);
    switch (ModeOf(r.op)) {
      case Mode::kEcb: return Plain(r, "ecb", enc, false);
      case Mode::kCbc: return Plain(r, "cbc", enc, false);
      case Mode::kCtr: return Plain(r, "ctr", enc, false);
      case Mode::kCbcPkcs5: return Plain(r, "cbc", enc, true);
      case Mode::kGcm: return Gcm(r, enc);
      case Mode::kCmac: return Cmac(r);
      case Mode::kKw: return Wrap(r, enc, false);
      case Mode::kKwp: return Wrap(r, enc, true);
      case Mode::kCcm: return std::nullopt;  // BoringSSL's CCM is EVP_AEAD with fixed sizes only
      case Mode::kCfb128:
      case Mode::kCfb8:
      case Mode::kCfb1:
      case Mode::kOfb:
        return std::nullopt;  // AES only here, and ours runs AES for GCM alone: nothing to compare
    }
    return std::nullopt;
  }
};

}  // namespace
}  // namespace ariasuite::oracles

int main() {
  ariasuite::oracles::BoringSslBackend backend;
  return ariasuite::oracles::ServeExecProtocolOnStdio(backend, "boringssl (android-libboringssl)");
}
