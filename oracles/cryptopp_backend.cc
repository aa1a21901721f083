// The Crypto++ 8 oracle: ECB / CBC / CTR / CFB (FeedbackSize 16 and 1 byte) / OFB modes, CBC
// with PKCS padding through StreamTransformationFilter, GCM<ARIA>, CCM<ARIA, tag> (the tag length
// is a template argument: 4..16 even are instantiated, others are unsupported) and CMAC<ARIA>.
// Crypto++ has no KW/KWP. A Crypto++ exception while keying or processing is a refusal with its
// message.
#include <cryptopp/aes.h>
#include <cryptopp/aria.h>
#include <cryptopp/ccm.h>
#include <cryptopp/cmac.h>
#include <cryptopp/config_ver.h>
#include <cryptopp/cryptlib.h>
#include <cryptopp/filters.h>
#include <cryptopp/gcm.h>
#include <cryptopp/modes.h>

#include <exception>
#include <string>

#include "oracles/backend.h"

namespace ariasuite::oracles {
namespace {

const CryptoPP::byte* P(const Bytes& b) {
  static const CryptoPP::byte kEmpty = 0;
  return b.empty() ? &kEmpty : b.data();
}

// Runs in through a StreamTransformation with the given padding; exceptions are refusals.
std::optional<Result> Filter(CryptoPP::StreamTransformation& st, const Bytes& in,
                             CryptoPP::BlockPaddingSchemeDef::BlockPaddingScheme padding) {
  std::string out;
  CryptoPP::StringSource src(
      P(in), in.size(), true,
      new CryptoPP::StreamTransformationFilter(st, new CryptoPP::StringSink(out), padding));
  return Accepted(Bytes(out.begin(), out.end()));
}

// Seal (tag_len bytes of tag) or open with a Crypto++ authenticated mode, Enc and Dec its two
// directions (GCM<BC>, CCM<BC, tag length>).
template <class Enc, class Dec>
std::optional<Result> Aead(const Request& r, bool seal, size_t tag_len) {
  Bytes out(r.input.size());
  if (seal) {
    Enc enc;
    enc.SetKeyWithIV(P(r.key), r.key.size(), P(r.iv), r.iv.size());
    Bytes tag(tag_len);
    enc.EncryptAndAuthenticate(out.data(), tag.data(), tag.size(), P(r.iv),
                               static_cast<int>(r.iv.size()), P(r.aad), r.aad.size(), P(r.input),
                               r.input.size());
    return Accepted(std::move(out), std::move(tag));
  }
  Dec dec;
  dec.SetKeyWithIV(P(r.key), r.key.size(), P(r.iv), r.iv.size());
  if (!dec.DecryptAndVerify(out.data(), P(r.tag), r.tag.size(), P(r.iv),
                            static_cast<int>(r.iv.size()), P(r.aad), r.aad.size(), P(r.input),
                            r.input.size())) {
    return Refused("DecryptAndVerify: tag mismatch");
  }
  return Accepted(std::move(out));
}

template <class BC, int kTag>
std::optional<Result> CcmWith(const Request& r, bool seal) {
  using Ae = CryptoPP::CCM<BC, kTag>;
  return Aead<typename Ae::Encryption, typename Ae::Decryption>(r, seal, kTag);
}

template <class BC>
std::optional<Result> Ccm(const Request& r, bool seal) {
  switch (seal ? r.tag_len : r.tag.size()) {
    case 4: return CcmWith<BC, 4>(r, seal);
    case 6: return CcmWith<BC, 6>(r, seal);
    case 8: return CcmWith<BC, 8>(r, seal);
    case 10: return CcmWith<BC, 10>(r, seal);
    case 12: return CcmWith<BC, 12>(r, seal);
    case 14: return CcmWith<BC, 14>(r, seal);
    case 16: return CcmWith<BC, 16>(r, seal);
    default: return std::nullopt;  // no CCM<BC, n> for other n
  }
}

template <class BC>
std::optional<Result> Gcm(const Request& r, bool seal) {
  using Ae = CryptoPP::GCM<BC>;
  return Aead<typename Ae::Encryption, typename Ae::Decryption>(r, seal, r.tag_len);
}

template <class BC>
std::optional<Result> RunWith(const Request& r) {
  using Scheme = CryptoPP::BlockPaddingSchemeDef;
  switch (r.op) {
    case Op::kEcbEncrypt: {
      typename CryptoPP::ECB_Mode<BC>::Encryption m(P(r.key), r.key.size());
      return Filter(m, r.input, Scheme::NO_PADDING);
    }
    case Op::kEcbDecrypt: {
      typename CryptoPP::ECB_Mode<BC>::Decryption m(P(r.key), r.key.size());
      return Filter(m, r.input, Scheme::NO_PADDING);
    }
    case Op::kCbcEncrypt: {
      if (r.iv.size() != 16) return Refused("IV length");
      typename CryptoPP::CBC_Mode<BC>::Encryption m(P(r.key), r.key.size(), P(r.iv));
      return Filter(m, r.input, Scheme::NO_PADDING);
    }
    case Op::kCbcDecrypt: {
      if (r.iv.size() != 16) return Refused("IV length");
      typename CryptoPP::CBC_Mode<BC>::Decryption m(P(r.key), r.key.size(), P(r.iv));
      return Filter(m, r.input, Scheme::NO_PADDING);
    }
    case Op::kCtrEncrypt:
    case Op::kCtrDecrypt: {
      if (r.iv.size() != 16) return Refused("IV length");
      typename CryptoPP::CTR_Mode<BC>::Encryption m(P(r.key), r.key.size(), P(r.iv));
      return Filter(m, r.input, Scheme::NO_PADDING);
    }
    case Op::kCbcPkcs5Encrypt: {
      if (r.iv.size() != 16) return Refused("IV length");
      typename CryptoPP::CBC_Mode<BC>::Encryption m(P(r.key), r.key.size(), P(r.iv));
      return Filter(m, r.input, Scheme::PKCS_PADDING);
    }
    case Op::kCbcPkcs5Decrypt: {
      if (r.iv.size() != 16) return Refused("IV length");
      typename CryptoPP::CBC_Mode<BC>::Decryption m(P(r.key), r.key.size(), P(r.iv));
      return Filter(m, r.input, Scheme::PKCS_PADDING);
    }
    case Op::kGcmSeal: return Gcm<BC>(r, true);
    case Op::kGcmOpen: return Gcm<BC>(r, false);
    case Op::kCcmSeal: return Ccm<BC>(r, true);
    case Op::kCcmOpen: return Ccm<BC>(r, false);
    case Op::kCmac: {
      CryptoPP::CMAC<BC> mac;
      mac.SetKey(P(r.key), r.key.size());
      mac.Update(P(r.input), r.input.size());
      Bytes tag(r.tag_len);
      mac.TruncatedFinal(tag.data(), tag.size());
      return Accepted({}, std::move(tag));
    }
    case Op::kKwWrap:
    case Op::kKwUnwrap:
    case Op::kKwpWrap:
    case Op::kKwpUnwrap: return std::nullopt;  // Crypto++ has no SP 800-38F key wrap.
    case Op::kCfb128Encrypt:
    case Op::kCfb8Encrypt: {
      if (r.iv.size() != 16) return Refused("IV length");
      typename CryptoPP::CFB_Mode<BC>::Encryption m(P(r.key), r.key.size(), P(r.iv),
                                                    r.op == Op::kCfb8Encrypt ? 1 : 16);
      return Filter(m, r.input, Scheme::NO_PADDING);
    }
    case Op::kCfb128Decrypt:
    case Op::kCfb8Decrypt: {
      if (r.iv.size() != 16) return Refused("IV length");
      typename CryptoPP::CFB_Mode<BC>::Decryption m(P(r.key), r.key.size(), P(r.iv),
                                                    r.op == Op::kCfb8Decrypt ? 1 : 16);
      return Filter(m, r.input, Scheme::NO_PADDING);
    }
    case Op::kCfb1Encrypt:
    case Op::kCfb1Decrypt:
      return std::nullopt;  // Crypto++'s FeedbackSize is in bytes: no 1-bit CFB.
    case Op::kOfbEncrypt:
    case Op::kOfbDecrypt: {
      if (r.iv.size() != 16) return Refused("IV length");
      typename CryptoPP::OFB_Mode<BC>::Encryption m(P(r.key), r.key.size(), P(r.iv));
      return Filter(m, r.input, Scheme::NO_PADDING);
    }
  }
  return std::nullopt;
}

class CryptoppBackend : public Backend {
 public:
  std::string name() const override { return "cryptopp"; }
  std::string version() const override {
    // CRYPTOPP_VERSION is 870 for 8.7.0.
    return "Crypto++ " + std::to_string(CRYPTOPP_VERSION / 100) + "." +
           std::to_string(CRYPTOPP_VERSION / 10 % 10) + "." + std::to_string(CRYPTOPP_VERSION % 10);
  }
  bool is_ours() const override { return false; }
  std::optional<std::string> unavailable() const override { return std::nullopt; }
  std::optional<Result> Run(const Request& r) override {
    try {
      return r.cipher == Cipher::kAes ? RunWith<CryptoPP::AES>(r) : RunWith<CryptoPP::ARIA>(r);
    } catch (const std::exception& e) {
      return Refused(e.what());
    }
  }
};

}  // namespace

std::unique_ptr<Backend> MakeCryptoppBackend() { return std::make_unique<CryptoppBackend>(); }

}  // namespace ariasuite::oracles
