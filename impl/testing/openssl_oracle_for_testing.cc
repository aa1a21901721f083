// OpenSSL 3 EVP wrappers for the tests; see openssl_oracle_for_testing.h.
#include "impl/testing/openssl_oracle_for_testing.h"

#include <openssl/core_names.h>
#include <openssl/evp.h>

#include <memory>

namespace ariasuite::openssl_oracle {
namespace {

struct CipherDeleter {
  void operator()(EVP_CIPHER* c) const { EVP_CIPHER_free(c); }
};
struct CtxDeleter {
  void operator()(EVP_CIPHER_CTX* c) const { EVP_CIPHER_CTX_free(c); }
};
using CipherPtr = std::unique_ptr<EVP_CIPHER, CipherDeleter>;
using CtxPtr = std::unique_ptr<EVP_CIPHER_CTX, CtxDeleter>;

CipherPtr Fetch(const std::string& family, size_t key_len, const std::string& mode) {
  const std::string name = family + "-" + std::to_string(key_len * 8) + "-" + mode;
  return CipherPtr(EVP_CIPHER_fetch(nullptr, name.c_str(), nullptr));
}

// EVP wants a non-null pointer even for empty buffers.
const uint8_t* Ptr(const Bytes& b) {
  static const uint8_t kEmpty[1] = {0};
  return b.empty() ? kEmpty : b.data();
}

}  // namespace

std::optional<Bytes> Cipher(const std::string& family, const std::string& mode, const Bytes& key,
                            const Bytes& iv, const Bytes& in, bool encrypt, bool pkcs7) {
  CipherPtr cipher = Fetch(family, key.size(), mode);
  CtxPtr ctx(EVP_CIPHER_CTX_new());
  if (!cipher || !ctx) return std::nullopt;
  if (EVP_CipherInit_ex2(ctx.get(), cipher.get(), key.data(), iv.empty() ? nullptr : iv.data(),
                         encrypt ? 1 : 0, nullptr) != 1) {
    return std::nullopt;
  }
  EVP_CIPHER_CTX_set_padding(ctx.get(), pkcs7 ? 1 : 0);
  Bytes out(in.size() + 32);
  int len1 = 0, len2 = 0;
  if (EVP_CipherUpdate(ctx.get(), out.data(), &len1, Ptr(in), static_cast<int>(in.size())) != 1) {
    return std::nullopt;
  }
  if (EVP_CipherFinal_ex(ctx.get(), out.data() + len1, &len2) != 1) return std::nullopt;
  out.resize(static_cast<size_t>(len1 + len2));
  return out;
}

std::optional<Sealed> GcmSeal(const std::string& family, const Bytes& key, const Bytes& iv,
                              const Bytes& aad, const Bytes& pt, size_t tag_len) {
  CipherPtr cipher = Fetch(family, key.size(), "GCM");
  CtxPtr ctx(EVP_CIPHER_CTX_new());
  if (!cipher || !ctx || iv.empty() || tag_len == 0 || tag_len > 16) return std::nullopt;
  size_t ivlen = iv.size();
  OSSL_PARAM params[2] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &ivlen),
                          OSSL_PARAM_construct_end()};
  if (EVP_EncryptInit_ex2(ctx.get(), cipher.get(), nullptr, nullptr, params) != 1 ||
      EVP_EncryptInit_ex2(ctx.get(), nullptr, key.data(), iv.data(), nullptr) != 1) {
    return std::nullopt;
  }
  int len = 0;
  if (!aad.empty() &&
      EVP_EncryptUpdate(ctx.get(), nullptr, &len, aad.data(), static_cast<int>(aad.size())) != 1) {
    return std::nullopt;
  }
  Sealed s;
  s.ct.resize(pt.size() + 16);
  int n1 = 0, n2 = 0;
  if (!pt.empty() &&
      EVP_EncryptUpdate(ctx.get(), s.ct.data(), &n1, pt.data(), static_cast<int>(pt.size())) != 1) {
    return std::nullopt;
  }
  if (EVP_EncryptFinal_ex(ctx.get(), s.ct.data() + n1, &n2) != 1) return std::nullopt;
  s.ct.resize(static_cast<size_t>(n1 + n2));
  s.tag.resize(16);
  if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, 16, s.tag.data()) != 1) {
    return std::nullopt;
  }
  s.tag.resize(tag_len);
  return s;
}

std::optional<Bytes> GcmOpen(const std::string& family, const Bytes& key, const Bytes& iv,
                             const Bytes& aad, const Bytes& ct, const Bytes& tag) {
  CipherPtr cipher = Fetch(family, key.size(), "GCM");
  CtxPtr ctx(EVP_CIPHER_CTX_new());
  if (!cipher || !ctx || iv.empty() || tag.empty() || tag.size() > 16) return std::nullopt;
  size_t ivlen = iv.size();
  OSSL_PARAM params[2] = {OSSL_PARAM_construct_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, &ivlen),
                          OSSL_PARAM_construct_end()};
  if (EVP_DecryptInit_ex2(ctx.get(), cipher.get(), nullptr, nullptr, params) != 1 ||
      EVP_DecryptInit_ex2(ctx.get(), nullptr, key.data(), iv.data(), nullptr) != 1) {
    return std::nullopt;
  }
  int len = 0;
  if (!aad.empty() &&
      EVP_DecryptUpdate(ctx.get(), nullptr, &len, aad.data(), static_cast<int>(aad.size())) != 1) {
    return std::nullopt;
  }
  Bytes pt(ct.size() + 16);
  int n1 = 0, n2 = 0;
  if (!ct.empty() &&
      EVP_DecryptUpdate(ctx.get(), pt.data(), &n1, ct.data(), static_cast<int>(ct.size())) != 1) {
    return std::nullopt;
  }
  Bytes t = tag;
  if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, static_cast<int>(t.size()), t.data()) !=
      1) {
    return std::nullopt;
  }
  if (EVP_DecryptFinal_ex(ctx.get(), pt.data() + n1, &n2) != 1) return std::nullopt;
  pt.resize(static_cast<size_t>(n1 + n2));
  return pt;
}

}  // namespace ariasuite::openssl_oracle
