// OpenSSL 3 (EVP) as a benchmark subject: one context per operation, keyed once; GCM re-inits only
// the IV per message, as an application would.
#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <string>

#include "tools/bench/subjects.h"

namespace ariasuite::bench {
namespace {

class OpenSsl : public Subject {
 public:
  OpenSsl(const uint8_t* key, size_t key_len) {
    const std::string bits = std::to_string(key_len * 8);
    ok_ = Init(&ecb_, ("ARIA-" + bits + "-ECB").c_str(), key, nullptr) &&
          Init(&ctr_, ("ARIA-" + bits + "-CTR").c_str(), key, kIv) &&
          Init(&seal_, ("ARIA-" + bits + "-GCM").c_str(), key, kIv) &&
          Init(&open_, ("ARIA-" + bits + "-GCM").c_str(), key, kIv, /*enc=*/0);
    if (ok_) EVP_CIPHER_CTX_set_padding(ecb_, 0);
  }
  ~OpenSsl() override {
    EVP_CIPHER_CTX_free(ecb_);
    EVP_CIPHER_CTX_free(ctr_);
    EVP_CIPHER_CTX_free(seal_);
    EVP_CIPHER_CTX_free(open_);
  }
  bool Ecb(uint8_t* out, const uint8_t* in, size_t len) override {
    int n = 0;
    return ok_ && EVP_EncryptUpdate(ecb_, out, &n, in, static_cast<int>(len)) == 1;
  }
  bool Ctr(uint8_t* out, const uint8_t* in, size_t len) override {
    int n = 0;
    return ok_ && EVP_EncryptInit_ex(ctr_, nullptr, nullptr, nullptr, kIv) == 1 &&
           EVP_EncryptUpdate(ctr_, out, &n, in, static_cast<int>(len)) == 1;
  }
  bool GcmSeal(uint8_t* out, uint8_t tag[16], const uint8_t* in, size_t len) override {
    int n = 0;
    return ok_ && EVP_EncryptInit_ex(seal_, nullptr, nullptr, nullptr, kIv) == 1 &&
           EVP_EncryptUpdate(seal_, out, &n, in, static_cast<int>(len)) == 1 &&
           EVP_EncryptFinal_ex(seal_, out + n, &n) == 1 &&
           EVP_CIPHER_CTX_ctrl(seal_, EVP_CTRL_GCM_GET_TAG, 16, tag) == 1;
  }
  bool GcmOpen(uint8_t* out, const uint8_t* in, size_t len, const uint8_t tag[16]) override {
    int n = 0;
    return ok_ && EVP_DecryptInit_ex(open_, nullptr, nullptr, nullptr, kIv) == 1 &&
           EVP_DecryptUpdate(open_, out, &n, in, static_cast<int>(len)) == 1 &&
           EVP_CIPHER_CTX_ctrl(open_, EVP_CTRL_GCM_SET_TAG, 16, const_cast<uint8_t*>(tag)) == 1 &&
           EVP_DecryptFinal_ex(open_, out + n, &n) == 1;
  }

 private:
  static bool Init(EVP_CIPHER_CTX** ctx, const char* name, const uint8_t* key, const uint8_t* iv,
                   int enc = 1) {
    EVP_CIPHER* cipher = EVP_CIPHER_fetch(nullptr, name, nullptr);
    *ctx = EVP_CIPHER_CTX_new();
    bool ok = cipher != nullptr && *ctx != nullptr &&
              EVP_CipherInit_ex(*ctx, cipher, nullptr, key, iv, enc) == 1;
    EVP_CIPHER_free(cipher);
    return ok;
  }
  EVP_CIPHER_CTX* ecb_ = nullptr;
  EVP_CIPHER_CTX* ctr_ = nullptr;
  EVP_CIPHER_CTX* seal_ = nullptr;
  EVP_CIPHER_CTX* open_ = nullptr;
  bool ok_ = false;
};

}  // namespace

std::unique_ptr<Subject> MakeOpenSsl(const std::string&, const uint8_t* key, size_t key_len) {
  return std::make_unique<OpenSsl>(key, key_len);
}

std::string OpenSslVersion() { return OpenSSL_version(OPENSSL_VERSION); }

}  // namespace ariasuite::bench
