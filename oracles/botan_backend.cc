// The Botan 2 oracle: ECB through BlockCipher, CBC (NoPadding / PKCS7), CFB, CFB(8) and GCM / CCM
// through Cipher_Mode, CTR through CTR-BE, OFB through OFB (both stream ciphers), CMAC through
// MessageAuthenticationCode, KW / KWP through nist_key_wrap(_padded). A parameter Botan cannot be
// configured with (its mode constructor throws, e.g. a CCM nonce length that gives no valid L) is
// "unsupported"; an exception while keying or processing is a refusal with Botan's message.
#include <botan/aead.h>
#include <botan/block_cipher.h>
#include <botan/cipher_mode.h>
#include <botan/mac.h>
#include <botan/nist_keywrap.h>
#include <botan/stream_cipher.h>
#include <botan/version.h>

#include <exception>
#include <memory>
#include <string>

#include "oracles/backend.h"

namespace ariasuite::oracles {
namespace {

// "ARIA-128" by key length; an invalid length picks 128 and Botan's set_key refuses the key.
std::string BlockName(const Request& r) {
  size_t k = r.key.size();
  int bits = k == 24 ? 192 : k == 32 ? 256 : 128;
  return std::string(r.cipher == Cipher::kAes ? "AES-" : "ARIA-") + std::to_string(bits);
}

std::optional<Result> Ecb(const Request& r, bool encrypt) {
  std::unique_ptr<Botan::BlockCipher> bc = Botan::BlockCipher::create(BlockName(r));
  if (!bc) return std::nullopt;
  if (r.input.size() % bc->block_size() != 0) return std::nullopt;  // no partial-block API
  try {
    bc->set_key(r.key.data(), r.key.size());
    Bytes out(r.input.size());
    const size_t blocks = r.input.size() / bc->block_size();
    if (encrypt) {
      bc->encrypt_n(r.input.data(), out.data(), blocks);
    } else {
      bc->decrypt_n(r.input.data(), out.data(), blocks);
    }
    return Accepted(std::move(out));
  } catch (const std::exception& e) {
    return Refused(e.what());
  }
}

// CTR-BE(ARIA-n) and OFB(ARIA-n): Botan's stream ciphers, one call for the whole input.
std::optional<Result> Stream(const Request& r, const std::string& spec) {
  std::unique_ptr<Botan::StreamCipher> sc = Botan::StreamCipher::create(spec);
  if (!sc) return std::nullopt;
  try {
    sc->set_key(r.key.data(), r.key.size());
    sc->set_iv(r.iv.data(), r.iv.size());
    Bytes out(r.input.size());
    if (!out.empty()) sc->cipher(r.input.data(), out.data(), out.size());
    return Accepted(std::move(out));
  } catch (const std::exception& e) {
    return Refused(e.what());
  }
}

std::optional<Result> Ctr(const Request& r) { return Stream(r, "CTR-BE(" + BlockName(r) + ")"); }

// Botan's OFB takes IVs shorter than the block (zero-padded): only SP 800-38A's 16 bytes go to it,
// any other length is unsupported rather than a disagreement about a length no one else accepts.
std::optional<Result> Ofb(const Request& r) {
  if (r.iv.size() != 16) return std::nullopt;
  return Stream(r, "OFB(" + BlockName(r) + ")");
}

// Any Cipher_Mode: CBC, and the AEADs (input = text, tag appended / split off here).
std::optional<Result> CipherMode(const Request& r, const std::string& spec, bool encrypt,
                                 bool aead) {
  std::unique_ptr<Botan::Cipher_Mode> mode;
  try {
    mode = Botan::Cipher_Mode::create(spec, encrypt ? Botan::ENCRYPTION : Botan::DECRYPTION);
  } catch (const std::exception&) {
    return std::nullopt;  // Botan cannot be configured with these parameters.
  }
  if (!mode) return std::nullopt;
  try {
    mode->set_key(r.key.data(), r.key.size());
    Botan::secure_vector<uint8_t> buf;
    if (aead) {
      auto* a = dynamic_cast<Botan::AEAD_Mode*>(mode.get());
      if (a == nullptr) return std::nullopt;
      a->set_associated_data(r.aad.data(), r.aad.size());
      buf.assign(r.input.begin(), r.input.end());
      if (!encrypt) buf.insert(buf.end(), r.tag.begin(), r.tag.end());
    } else {
      buf.assign(r.input.begin(), r.input.end());
    }
    mode->start(r.iv.data(), r.iv.size());
    mode->finish(buf);
    if (aead && encrypt) {
      const size_t t = mode->tag_size();
      if (buf.size() < t) return Refused("short output");
      return Accepted(Bytes(buf.begin(), buf.end() - static_cast<long>(t)),
                      Bytes(buf.end() - static_cast<long>(t), buf.end()));
    }
    return Accepted(Bytes(buf.begin(), buf.end()));
  } catch (const std::exception& e) {
    return Refused(e.what());
  }
}

std::optional<Result> Cmac(const Request& r) {
  std::unique_ptr<Botan::MessageAuthenticationCode> mac =
      Botan::MessageAuthenticationCode::create("CMAC(" + BlockName(r) + ")");
  if (!mac) return std::nullopt;
  try {
    mac->set_key(r.key.data(), r.key.size());
    mac->update(r.input.data(), r.input.size());
    Botan::secure_vector<uint8_t> full = mac->final();
    if (r.tag_len == 0 || r.tag_len > full.size()) {
      return Refused("tag length " + std::to_string(r.tag_len));
    }
    return Accepted({}, Bytes(full.begin(), full.begin() + static_cast<long>(r.tag_len)));
  } catch (const std::exception& e) {
    return Refused(e.what());
  }
}

std::optional<Result> KeyWrap(const Request& r, bool wrap, bool padded) {
  std::unique_ptr<Botan::BlockCipher> bc = Botan::BlockCipher::create(BlockName(r));
  if (!bc) return std::nullopt;
  try {
    bc->set_key(r.key.data(), r.key.size());
    if (wrap) {
      std::vector<uint8_t> out =
          padded ? Botan::nist_key_wrap_padded(r.input.data(), r.input.size(), *bc)
                 : Botan::nist_key_wrap(r.input.data(), r.input.size(), *bc);
      return Accepted(Bytes(out.begin(), out.end()));
    }
    Botan::secure_vector<uint8_t> out =
        padded ? Botan::nist_key_unwrap_padded(r.input.data(), r.input.size(), *bc)
               : Botan::nist_key_unwrap(r.input.data(), r.input.size(), *bc);
    return Accepted(Bytes(out.begin(), out.end()));
  } catch (const std::exception& e) {
    return Refused(e.what());
  }
}

class BotanBackend : public Backend {
 public:
  std::string name() const override { return "botan"; }
  std::string version() const override { return "Botan " + Botan::short_version_string(); }
  bool is_ours() const override { return false; }
  std::optional<std::string> unavailable() const override {
    if (!Botan::BlockCipher::create("ARIA-128")) {
      return "this Botan (" + Botan::version_string() + ") has no ARIA";
    }
    return std::nullopt;
  }
  std::optional<Result> Run(const Request& r) override {
    const std::string b = BlockName(r);
    // CCM's L (length-field bytes) is 15 - nonce length (SP 800-38C §A.1); Botan takes L.
    const std::string ccm_l = std::to_string(r.iv.size() < 15 ? 15 - r.iv.size() : 0);
    switch (r.op) {
      case Op::kEcbEncrypt: return Ecb(r, true);
      case Op::kEcbDecrypt: return Ecb(r, false);
      case Op::kCbcEncrypt: return CipherMode(r, b + "/CBC/NoPadding", true, false);
      case Op::kCbcDecrypt: return CipherMode(r, b + "/CBC/NoPadding", false, false);
      case Op::kCtrEncrypt:
      case Op::kCtrDecrypt: return Ctr(r);
      case Op::kCbcPkcs5Encrypt: return CipherMode(r, b + "/CBC/PKCS7", true, false);
      case Op::kCbcPkcs5Decrypt: return CipherMode(r, b + "/CBC/PKCS7", false, false);
      case Op::kGcmSeal:
        return CipherMode(r, b + "/GCM(" + std::to_string(r.tag_len) + ")", true, true);
      case Op::kGcmOpen:
        return CipherMode(r, b + "/GCM(" + std::to_string(r.tag.size()) + ")", false, true);
      case Op::kCcmSeal:
        return CipherMode(r, b + "/CCM(" + std::to_string(r.tag_len) + "," + ccm_l + ")", true,
                          true);
      case Op::kCcmOpen:
        return CipherMode(r, b + "/CCM(" + std::to_string(r.tag.size()) + "," + ccm_l + ")", false,
                          true);
      case Op::kCmac: return Cmac(r);
      case Op::kKwWrap: return KeyWrap(r, true, false);
      case Op::kKwUnwrap: return KeyWrap(r, false, false);
      case Op::kKwpWrap: return KeyWrap(r, true, true);
      case Op::kKwpUnwrap: return KeyWrap(r, false, true);
      case Op::kCfb128Encrypt: return CipherMode(r, b + "/CFB", true, false);
      case Op::kCfb128Decrypt: return CipherMode(r, b + "/CFB", false, false);
      case Op::kCfb8Encrypt: return CipherMode(r, b + "/CFB(8)", true, false);
      case Op::kCfb8Decrypt: return CipherMode(r, b + "/CFB(8)", false, false);
      case Op::kCfb1Encrypt:
      case Op::kCfb1Decrypt:
        return std::nullopt;  // Botan 2's CFB_Mode takes whole-byte feedback only (CFB(1) throws)
      case Op::kOfbEncrypt:
      case Op::kOfbDecrypt: return Ofb(r);
    }
    return std::nullopt;
  }
};

}  // namespace

std::unique_ptr<Backend> MakeBotanBackend() { return std::make_unique<BotanBackend>(); }

}  // namespace ariasuite::oracles
