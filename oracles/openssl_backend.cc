// The OpenSSL 3 oracle: every operation through the EVP API (EVP_CIPHER for
// ECB/CBC/CTR/CFB/OFB/GCM/CCM, EVP_MAC "CMAC" for CMAC). OpenSSL has no ARIA key wrap, so KW/KWP
// are unsupported (nullopt). Any EVP call that fails on the inputs is a refusal; the failing call
// is named in detail.
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>
#include <openssl/params.h>

#include <memory>
#include <string>

#include "oracles/backend.h"
#include "oracles/evp_fetch.h"

namespace ariasuite::oracles {
namespace {

struct CtxFree {
  void operator()(EVP_CIPHER_CTX* c) const { EVP_CIPHER_CTX_free(c); }
  void operator()(EVP_CIPHER* c) const { EVP_CIPHER_free(c); }
  void operator()(EVP_MAC* m) const { EVP_MAC_free(m); }
  void operator()(EVP_MAC_CTX* m) const { EVP_MAC_CTX_free(m); }
};
template <typename T>
using Ptr = std::unique_ptr<T, CtxFree>;

// "ARIA-128-GCM" from the key length; an invalid key length picks the 128-bit cipher and lets
// OpenSSL refuse the key.
std::string CipherName(Cipher cipher, size_t key_len, const char* mode) {
  int bits = key_len == 24 ? 192 : key_len == 32 ? 256 : 128;
  return std::string(cipher == Cipher::kAes ? "AES" : "ARIA") + "-" + std::to_string(bits) + "-" +
         mode;
}

const uint8_t* Ptr0(const Bytes& b) {
  static const uint8_t kEmpty = 0;
  return b.empty() ? &kEmpty : b.data();
}

// Fetches the cipher (once per process: evp_fetch.h) and sets the key length explicitly so an
// invalid length is OpenSSL's refusal.
std::optional<Result> InitCipher(EVP_CIPHER_CTX* ctx, const Request& r, const char* mode,
                                 bool encrypt, Ptr<EVP_CIPHER>* cipher) {
  cipher->reset(FetchCipher(CipherName(r.cipher, r.key.size(), mode)));
  if (!*cipher) return std::nullopt;  // not in this OpenSSL build
  if (EVP_CipherInit_ex2(ctx, cipher->get(), nullptr, nullptr, encrypt ? 1 : 0, nullptr) != 1) {
    return Refused("EVP_CipherInit_ex2");
  }
  if (static_cast<size_t>(EVP_CIPHER_CTX_get_key_length(ctx)) != r.key.size() &&
      EVP_CIPHER_CTX_set_key_length(ctx, static_cast<int>(r.key.size())) != 1) {
    return Refused("key length " + std::to_string(r.key.size()) + " refused");
  }
  return Accepted({});
}

std::optional<Result> Plain(const Request& r, const char* mode, bool encrypt, bool padding) {
  Ptr<EVP_CIPHER_CTX> ctx(EVP_CIPHER_CTX_new());
  Ptr<EVP_CIPHER> cipher;
  std::optional<Result> init = InitCipher(ctx.get(), r, mode, encrypt, &cipher);
  if (!init || !init->accepted) return init;
  const bool needs_iv = std::string(mode) != "ECB";
  if (needs_iv && r.iv.size() != static_cast<size_t>(EVP_CIPHER_CTX_get_iv_length(ctx.get()))) {
    return Refused("IV length " + std::to_string(r.iv.size()));
  }
  if (EVP_CipherInit_ex2(ctx.get(), nullptr, Ptr0(r.key), needs_iv ? Ptr0(r.iv) : nullptr, -1,
                         nullptr) != 1) {
    return Refused("EVP_CipherInit_ex2 (key/iv)");
  }
  EVP_CIPHER_CTX_set_padding(ctx.get(), padding ? 1 : 0);
  Result res;
  res.output.resize(r.input.size() + 32);
  int n1 = 0, n2 = 0;
  if (EVP_CipherUpdate(ctx.get(), res.output.data(), &n1, Ptr0(r.input),
                       static_cast<int>(r.input.size())) != 1) {
    return Refused("EVP_CipherUpdate");
  }
  if (EVP_CipherFinal_ex(ctx.get(), res.output.data() + n1, &n2) != 1) {
    return Refused("EVP_CipherFinal_ex");
  }
  res.output.resize(static_cast<size_t>(n1 + n2));
  res.accepted = true;
  return res;
}

std::optional<Result> Gcm(const Request& r, bool seal) {
  Ptr<EVP_CIPHER_CTX> ctx(EVP_CIPHER_CTX_new());
  Ptr<EVP_CIPHER> cipher;
  std::optional<Result> init = InitCipher(ctx.get(), r, "GCM", seal, &cipher);
  if (!init || !init->accepted) return init;
  if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(r.iv.size()),
                          nullptr) != 1) {
    return Refused("EVP_CTRL_AEAD_SET_IVLEN " + std::to_string(r.iv.size()));
  }
  if (EVP_CipherInit_ex2(ctx.get(), nullptr, Ptr0(r.key), Ptr0(r.iv), -1, nullptr) != 1) {
    return Refused("EVP_CipherInit_ex2 (key/iv)");
  }
  int n = 0;
  if (!r.aad.empty() &&
      EVP_CipherUpdate(ctx.get(), nullptr, &n, r.aad.data(), static_cast<int>(r.aad.size())) != 1) {
    return Refused("EVP_CipherUpdate (aad)");
  }
  Result res;
  res.output.resize(r.input.size() + 16);
  int n1 = 0, n2 = 0;
  if (!r.input.empty() && EVP_CipherUpdate(ctx.get(), res.output.data(), &n1, r.input.data(),
                                           static_cast<int>(r.input.size())) != 1) {
    return Refused("EVP_CipherUpdate");
  }
  if (!seal) {
    if (r.tag.empty() || r.tag.size() > 16)
      return Refused("tag length " + std::to_string(r.tag.size()));
    if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, static_cast<int>(r.tag.size()),
                            const_cast<uint8_t*>(r.tag.data())) != 1) {
      return Refused("EVP_CTRL_AEAD_SET_TAG " + std::to_string(r.tag.size()));
    }
  }
  if (EVP_CipherFinal_ex(ctx.get(), res.output.data() + n1, &n2) != 1) {
    return Refused("EVP_CipherFinal_ex");
  }
  res.output.resize(static_cast<size_t>(n1 + n2));
  if (seal) {
    if (r.tag_len == 0 || r.tag_len > 16) return Refused("tag length " + std::to_string(r.tag_len));
    res.tag.resize(r.tag_len);
    if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, static_cast<int>(r.tag_len),
                            res.tag.data()) != 1) {
      return Refused("EVP_CTRL_AEAD_GET_TAG " + std::to_string(r.tag_len));
    }
  }
  res.accepted = true;
  return res;
}

// CCM through EVP (OpenSSL's documented CCM sequence): IV length, tag length (or tag), key and
// nonce, the total text length, AAD, then the text in one update.
std::optional<Result> Ccm(const Request& r, bool seal) {
  Ptr<EVP_CIPHER_CTX> ctx(EVP_CIPHER_CTX_new());
  Ptr<EVP_CIPHER> cipher;
  std::optional<Result> init = InitCipher(ctx.get(), r, "CCM", seal, &cipher);
  if (!init || !init->accepted) return init;
  if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_IVLEN, static_cast<int>(r.iv.size()),
                          nullptr) != 1) {
    return Refused("EVP_CTRL_AEAD_SET_IVLEN " + std::to_string(r.iv.size()));
  }
  const size_t tag_len = seal ? r.tag_len : r.tag.size();
  if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, static_cast<int>(tag_len),
                          seal ? nullptr : const_cast<uint8_t*>(r.tag.data())) != 1) {
    return Refused("EVP_CTRL_AEAD_SET_TAG " + std::to_string(tag_len));
  }
  if (EVP_CipherInit_ex2(ctx.get(), nullptr, Ptr0(r.key), Ptr0(r.iv), -1, nullptr) != 1) {
    return Refused("EVP_CipherInit_ex2 (key/nonce)");
  }
  int n = 0;
  if (EVP_CipherUpdate(ctx.get(), nullptr, &n, nullptr, static_cast<int>(r.input.size())) != 1) {
    return Refused("EVP_CipherUpdate (length)");
  }
  if (!r.aad.empty() &&
      EVP_CipherUpdate(ctx.get(), nullptr, &n, r.aad.data(), static_cast<int>(r.aad.size())) != 1) {
    return Refused("EVP_CipherUpdate (aad)");
  }
  Result res;
  res.output.resize(r.input.size() + 16);
  int n1 = 0;
  if (EVP_CipherUpdate(ctx.get(), res.output.data(), &n1, Ptr0(r.input),
                       static_cast<int>(r.input.size())) != 1) {
    return Refused(seal ? "EVP_CipherUpdate" : "EVP_CipherUpdate (tag mismatch)");
  }
  int n2 = 0;
  if (seal && EVP_CipherFinal_ex(ctx.get(), res.output.data() + n1, &n2) != 1) {
    return Refused("EVP_CipherFinal_ex");
  }
  res.output.resize(static_cast<size_t>(n1 + n2));
  if (seal) {
    res.tag.resize(tag_len);
    if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, static_cast<int>(tag_len),
                            res.tag.data()) != 1) {
      return Refused("EVP_CTRL_AEAD_GET_TAG");
    }
  }
  res.accepted = true;
  return res;
}

std::optional<Result> Cmac(const Request& r) {
  // Fetched once per process, as the ciphers are (evp_fetch.h).
  static EVP_MAC* const mac = EVP_MAC_fetch(nullptr, "CMAC", nullptr);
  if (mac == nullptr) return std::nullopt;
  Ptr<EVP_MAC_CTX> ctx(EVP_MAC_CTX_new(mac));
  std::string cipher = CipherName(r.cipher, r.key.size(), "CBC");
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, cipher.data(), 0),
      OSSL_PARAM_construct_end(),
  };
  if (EVP_MAC_init(ctx.get(), Ptr0(r.key), r.key.size(), params) != 1) {
    return Refused("EVP_MAC_init (key length " + std::to_string(r.key.size()) + ")");
  }
  if (!r.input.empty() && EVP_MAC_update(ctx.get(), r.input.data(), r.input.size()) != 1) {
    return Refused("EVP_MAC_update");
  }
  uint8_t full[EVP_MAX_BLOCK_LENGTH];
  size_t len = 0;
  if (EVP_MAC_final(ctx.get(), full, &len, sizeof(full)) != 1) return Refused("EVP_MAC_final");
  if (r.tag_len == 0 || r.tag_len > len) return Refused("tag length " + std::to_string(r.tag_len));
  Result res;
  res.accepted = true;
  res.tag.assign(full, full + r.tag_len);  // SP 800-38B §6.2 step 7: MSB_Tlen
  return res;
}

class OpenSslBackend : public Backend {
 public:
  std::string name() const override { return "openssl"; }
  std::string version() const override { return OpenSSL_version(OPENSSL_VERSION); }
  bool is_ours() const override { return false; }
  std::optional<std::string> unavailable() const override {
    Ptr<EVP_CIPHER> c(EVP_CIPHER_fetch(nullptr, "ARIA-128-ECB", nullptr));
    if (!c) return std::string("this OpenSSL (") + OPENSSL_VERSION_TEXT + ") has no ARIA";
    return std::nullopt;
  }
  std::optional<Result> Run(const Request& r) override {
    switch (r.op) {
      case Op::kEcbEncrypt: return Plain(r, "ECB", true, false);
      case Op::kEcbDecrypt: return Plain(r, "ECB", false, false);
      case Op::kCbcEncrypt: return Plain(r, "CBC", true, false);
      case Op::kCbcDecrypt: return Plain(r, "CBC", false, false);
      case Op::kCtrEncrypt: return Plain(r, "CTR", true, false);
      case Op::kCtrDecrypt: return Plain(r, "CTR", false, false);
      case Op::kCbcPkcs5Encrypt: return Plain(r, "CBC", true, true);
      case Op::kCbcPkcs5Decrypt: return Plain(r, "CBC", false, true);
      case Op::kGcmSeal: return Gcm(r, true);
      case Op::kGcmOpen: return Gcm(r, false);
      case Op::kCcmSeal: return Ccm(r, true);
      case Op::kCcmOpen: return Ccm(r, false);
      case Op::kCmac: return Cmac(r);
      case Op::kKwWrap:
      case Op::kKwUnwrap:
      case Op::kKwpWrap:
      case Op::kKwpUnwrap:
        return std::nullopt;  // OpenSSL 3 has no ARIA-WRAP / ARIA-WRAP-PAD.
      // CFB1 without EVP_CIPH_FLAG_LENGTH_BITS: the input length is in bytes, as Request says.
      case Op::kCfb128Encrypt: return Plain(r, "CFB", true, false);
      case Op::kCfb128Decrypt: return Plain(r, "CFB", false, false);
      case Op::kCfb8Encrypt: return Plain(r, "CFB8", true, false);
      case Op::kCfb8Decrypt: return Plain(r, "CFB8", false, false);
      case Op::kCfb1Encrypt: return Plain(r, "CFB1", true, false);
      case Op::kCfb1Decrypt: return Plain(r, "CFB1", false, false);
      case Op::kOfbEncrypt: return Plain(r, "OFB", true, false);
      case Op::kOfbDecrypt: return Plain(r, "OFB", false, false);
    }
    return std::nullopt;
  }
};

}  // namespace

std::unique_ptr<Backend> MakeOpenSslBackend() { return std::make_unique<OpenSslBackend>(); }

}  // namespace ariasuite::oracles
