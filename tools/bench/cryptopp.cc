// Crypto++ as a benchmark subject: ECB_Mode/CTR_Mode/GCM<ARIA> (GCM with its default 2K tables),
// keyed once; CTR and GCM re-set only the IV per message.
#include <cryptopp/aria.h>
#include <cryptopp/config_ver.h>
#include <cryptopp/gcm.h>
#include <cryptopp/modes.h>

#include <string>

#include "tools/bench/subjects.h"

namespace ariasuite::bench {
namespace {

class Cryptopp : public Subject {
 public:
  Cryptopp(const uint8_t* key, size_t key_len) {
    try {
      ecb_.SetKey(key, key_len);
      ctr_.SetKeyWithIV(key, key_len, kIv, 16);
      seal_.SetKeyWithIV(key, key_len, kIv, 12);
      open_.SetKeyWithIV(key, key_len, kIv, 12);
      ok_ = true;
    } catch (const CryptoPP::Exception&) {
      ok_ = false;
    }
  }
  bool Ecb(uint8_t* out, const uint8_t* in, size_t len) override {
    if (!ok_) return false;
    ecb_.ProcessData(out, in, len);
    return true;
  }
  bool Ctr(uint8_t* out, const uint8_t* in, size_t len) override {
    if (!ok_) return false;
    ctr_.Resynchronize(kIv, 16);
    ctr_.ProcessData(out, in, len);
    return true;
  }
  bool GcmSeal(uint8_t* out, uint8_t tag[16], const uint8_t* in, size_t len) override {
    if (!ok_) return false;
    seal_.EncryptAndAuthenticate(out, tag, 16, kIv, 12, nullptr, 0, in, len);
    return true;
  }
  bool GcmOpen(uint8_t* out, const uint8_t* in, size_t len, const uint8_t tag[16]) override {
    if (!ok_) return false;
    return open_.DecryptAndVerify(out, tag, 16, kIv, 12, nullptr, 0, in, len);
  }

 private:
  CryptoPP::ECB_Mode<CryptoPP::ARIA>::Encryption ecb_;
  CryptoPP::CTR_Mode<CryptoPP::ARIA>::Encryption ctr_;
  CryptoPP::GCM<CryptoPP::ARIA>::Encryption seal_;
  CryptoPP::GCM<CryptoPP::ARIA>::Decryption open_;
  bool ok_ = false;
};

}  // namespace

std::unique_ptr<Subject> MakeCryptopp(const std::string&, const uint8_t* key, size_t key_len) {
  return std::make_unique<Cryptopp>(key, key_len);
}

std::string CryptoppVersion() { return "Crypto++ " + std::to_string(CRYPTOPP_VERSION); }

}  // namespace ariasuite::bench
