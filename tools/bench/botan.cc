// Botan 2 as a benchmark subject: BlockCipher for ECB, StreamCipher CTR(ARIA-n) and Cipher_Mode
// ARIA-n/GCM, keyed once. Botan's GCM API works on a secure_vector, so seal/open copy the message
// in and out (part of its cost as an application sees it).
#include <botan/block_cipher.h>
#include <botan/cipher_mode.h>
#include <botan/stream_cipher.h>
#include <botan/version.h>

#include <cstring>
#include <string>

#include "tools/bench/subjects.h"

namespace ariasuite::bench {
namespace {

class Botan2 : public Subject {
 public:
  Botan2(const uint8_t* key, size_t key_len) {
    const std::string name = "ARIA-" + std::to_string(key_len * 8);
    try {
      block_ = Botan::BlockCipher::create_or_throw(name);
      block_->set_key(key, key_len);
      ctr_ = Botan::StreamCipher::create_or_throw("CTR(" + name + ")");
      ctr_->set_key(key, key_len);
      seal_ = Botan::Cipher_Mode::create_or_throw(name + "/GCM", Botan::ENCRYPTION);
      seal_->set_key(key, key_len);
      open_ = Botan::Cipher_Mode::create_or_throw(name + "/GCM", Botan::DECRYPTION);
      open_->set_key(key, key_len);
      ok_ = true;
    } catch (const std::exception&) {
      ok_ = false;
    }
  }
  bool Ecb(uint8_t* out, const uint8_t* in, size_t len) override {
    if (!ok_) return false;
    block_->encrypt_n(in, out, len / 16);
    return true;
  }
  bool Ctr(uint8_t* out, const uint8_t* in, size_t len) override {
    if (!ok_) return false;
    ctr_->set_iv(kIv, 16);
    ctr_->cipher(in, out, len);
    return true;
  }
  bool GcmSeal(uint8_t* out, uint8_t tag[16], const uint8_t* in, size_t len) override {
    if (!ok_) return false;
    buf_.assign(in, in + len);
    seal_->start(kIv, 12);
    seal_->finish(buf_);
    std::memcpy(out, buf_.data(), len);
    std::memcpy(tag, buf_.data() + len, 16);
    return true;
  }
  bool GcmOpen(uint8_t* out, const uint8_t* in, size_t len, const uint8_t tag[16]) override {
    if (!ok_) return false;
    buf_.assign(in, in + len);
    buf_.insert(buf_.end(), tag, tag + 16);
    try {
      open_->start(kIv, 12);
      open_->finish(buf_);
    } catch (const std::exception&) {
      return false;
    }
    std::memcpy(out, buf_.data(), len);
    return true;
  }

 private:
  std::unique_ptr<Botan::BlockCipher> block_;
  std::unique_ptr<Botan::StreamCipher> ctr_;
  std::unique_ptr<Botan::Cipher_Mode> seal_, open_;
  Botan::secure_vector<uint8_t> buf_;
  bool ok_ = false;
};

}  // namespace

std::unique_ptr<Subject> MakeBotan(const std::string&, const uint8_t* key, size_t key_len) {
  return std::make_unique<Botan2>(key, key_len);
}

std::string BotanVersion() { return Botan::short_version_string(); }

}  // namespace ariasuite::bench
