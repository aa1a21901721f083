// Our own implementation paths as backends: one instance per path (impl/dispatch.h). ARIA for
// every operation; AES for GCM only, through the GCM layer instantiated with AES for testing
// (impl/aes_gcm_control.h) with this path's GHASH, which lets BoringSSL's and
// OpenSSL's AES-GCM check our GCM code and each path's GHASH.
#include <algorithm>
#include <string>

#include "impl/aes_gcm_control.h"
#include "impl/aria.h"
#include "impl/cbc_pkcs5.h"
#include "impl/ccm.h"
#include "impl/cmac.h"
#include "impl/dispatch.h"
#include "impl/gcm.h"
#include "impl/keywrap.h"
#include "impl/modes.h"
#include "impl/status.h"
#include "oracles/backend.h"

namespace ariasuite::oracles {
namespace {

// Status -> Result: kOk is an answer, kUnsupportedImpl a broken backend, anything else a refusal
// named after the status.
std::optional<Result> FromStatus(Status s, Bytes output = {}, Bytes tag = {}) {
  if (s == Status::kOk) return Accepted(std::move(output), std::move(tag));
  if (s == Status::kUnsupportedImpl) {
    return Broken("kUnsupportedImpl from a path reported as supported");
  }
  return Refused(StatusName(s));
}

const uint8_t* P(const Bytes& b) {
  static const uint8_t kEmpty = 0;
  return b.empty() ? &kEmpty : b.data();
}

// The streaming call (impl/modes.h) behind each CFB/OFB operation; OFB is its own inverse.
using FeedbackFn = Status (*)(Impl, const AriaKey&, AriaFeedbackState*, uint8_t*, const uint8_t*,
                              size_t);
FeedbackFn FeedbackFor(Op op) {
  switch (op) {
    case Op::kCfb128Encrypt: return AriaCfb128Encrypt;
    case Op::kCfb128Decrypt: return AriaCfb128Decrypt;
    case Op::kCfb8Encrypt: return AriaCfb8Encrypt;
    case Op::kCfb8Decrypt: return AriaCfb8Decrypt;
    case Op::kCfb1Encrypt: return AriaCfb1Encrypt;
    case Op::kCfb1Decrypt: return AriaCfb1Decrypt;
    default: return AriaOfb;
  }
}

class OursBackend : public Backend {
 public:
  explicit OursBackend(Impl impl) : impl_(impl) {
    std::string missing;
    if (!IsSupported(impl, &missing)) {
      unavailable_ =
          std::string("this CPU cannot run ") + ImplName(impl) + " (missing " + missing + ")";
    }
  }

  std::string name() const override { return std::string("ours/") + ImplName(impl_); }
  std::string version() const override { return std::string("ariasuite ") + ImplName(impl_); }
  bool is_ours() const override { return true; }
  std::optional<std::string> unavailable() const override { return unavailable_; }

  std::optional<Result> Run(const Request& r) override {
    if (r.cipher == Cipher::kAes) {
      if (r.op == Op::kGcmSeal || r.op == Op::kGcmOpen) return AesGcm(r);
      return std::nullopt;
    }
    if (r.op == Op::kGcmSeal || r.op == Op::kGcmOpen) return AriaGcm(r);
    const Status eks = Keys(r.key);
    if (eks != Status::kOk) return FromStatus(eks);
    const AriaKey& ek = keys_.ek;
    const bool encrypt = IsEncrypting(r.op);
    const Mode mode = ModeOf(r.op);
    const bool needs_dk =
        !encrypt && (mode == Mode::kEcb || mode == Mode::kCbc || mode == Mode::kCbcPkcs5 ||
                     mode == Mode::kKw || mode == Mode::kKwp);
    if (needs_dk && !keys_.dk_made) {
      const Status dks = AriaSetDecryptKey(&keys_.dk, P(r.key), r.key.size());
      if (dks != Status::kOk) return FromStatus(dks);
      keys_.dk_made = true;
    }
    const AriaKey& dk = keys_.dk;
    Bytes out(r.input.size() + 32);
    size_t out_len = 0;
    // The output of the modes whose output length is not the input's: out_len bytes, none on error.
    auto sized = [&](Status s) {
      out.resize(s == Status::kOk ? out_len : 0);
      return FromStatus(s, std::move(out));
    };
    switch (mode) {
      case Mode::kEcb: {
        Status s = AriaEcb(impl_, encrypt ? ek : dk, out.data(), P(r.input), r.input.size());
        out.resize(r.input.size());
        return FromStatus(s, std::move(out));
      }
      case Mode::kCbc: {
        if (r.iv.size() != 16) return FromStatus(Status::kBadIvLength);
        uint8_t iv[16];
        std::copy(r.iv.begin(), r.iv.end(), iv);
        Status s = encrypt ? AriaCbcEncrypt(impl_, ek, iv, out.data(), P(r.input), r.input.size())
                           : AriaCbcDecrypt(impl_, dk, iv, out.data(), P(r.input), r.input.size());
        out.resize(r.input.size());
        return FromStatus(s, std::move(out));
      }
      case Mode::kCtr: {
        if (r.iv.size() != 16) return FromStatus(Status::kBadIvLength);
        AriaCtrState state;
        AriaCtrInit(&state, r.iv.data());
        Status s = AriaCtr(impl_, ek, &state, out.data(), P(r.input), r.input.size());
        out.resize(r.input.size());
        return FromStatus(s, std::move(out));
      }
      case Mode::kCbcPkcs5: {
        if (r.iv.size() != 16) return FromStatus(Status::kBadIvLength);
        return sized(encrypt ? AriaCbcPkcs5Encrypt(impl_, ek, out.data(), &out_len, r.iv.data(),
                                                   P(r.input), r.input.size())
                             : AriaCbcPkcs5Decrypt(impl_, dk, out.data(), &out_len, r.iv.data(),
                                                   P(r.input), r.input.size()));
      }
      case Mode::kGcm: return AriaGcm(r);
      case Mode::kCcm: {
        out.resize(r.input.size());
        if (encrypt) {
          Bytes tag(r.tag_len);
          Status s = AriaCcmSeal(impl_, ek, out.data(), tag.data(), r.tag_len, P(r.iv), r.iv.size(),
                                 P(r.input), r.input.size(), P(r.aad), r.aad.size());
          return FromStatus(s, std::move(out), std::move(tag));
        }
        Status s = AriaCcmOpen(impl_, ek, out.data(), P(r.iv), r.iv.size(), P(r.input),
                               r.input.size(), P(r.tag), r.tag.size(), P(r.aad), r.aad.size());
        return FromStatus(s, std::move(out));
      }
      case Mode::kCmac: {
        Bytes tag(r.tag_len);
        Status s = AriaCmac(impl_, ek, tag.data(), r.tag_len, P(r.input), r.input.size());
        return FromStatus(s, {}, std::move(tag));
      }
      case Mode::kKw:
        return sized(
            encrypt ? AriaKwWrap(impl_, ek, out.data(), &out_len, P(r.input), r.input.size())
                    : AriaKwUnwrap(impl_, dk, out.data(), &out_len, P(r.input), r.input.size()));
      case Mode::kKwp:
        return sized(
            encrypt ? AriaKwpWrap(impl_, ek, out.data(), &out_len, P(r.input), r.input.size())
                    : AriaKwpUnwrap(impl_, dk, out.data(), &out_len, P(r.input), r.input.size()));
      case Mode::kCfb128:
      case Mode::kCfb8:
      case Mode::kCfb1:
      case Mode::kOfb: {
        if (r.iv.size() != 16) return FromStatus(Status::kBadIvLength);
        AriaFeedbackState state;
        AriaFeedbackInit(&state, r.iv.data());
        Status s = FeedbackFor(r.op)(impl_, ek, &state, out.data(), P(r.input), r.input.size());
        out.resize(r.input.size());
        return FromStatus(s, std::move(out));
      }
    }
    return std::nullopt;
  }

 private:
  // The key schedules of the last key used, kept while requests repeat it (a fuzz input's seal,
  // its round-trip open and the setup's hash key all use one key): made from scratch when the key
  // bytes change, so a request never sees another key's schedule.
  struct KeyCache {
    Bytes key;
    bool valid = false;  // the key bytes were accepted and ek made
    AriaKey ek;
    bool dk_made = false;
    AriaKey dk;
    bool gcm_made = false;
    AriaGcmKey gcm;
  };
  Status Keys(const Bytes& key) {
    if (keys_.valid && keys_.key == key) return Status::kOk;
    keys_.valid = keys_.dk_made = keys_.gcm_made = false;
    const Status s = AriaSetEncryptKey(&keys_.ek, P(key), key.size());
    if (s != Status::kOk) return s;
    keys_.key = key;
    keys_.valid = true;
    return s;
  }

  std::optional<Result> AriaGcm(const Request& r);
  std::optional<Result> AesGcm(const Request& r);

  Impl impl_;
  std::optional<std::string> unavailable_;
  KeyCache keys_;
  Bytes aes_key_bytes_;
  bool aes_valid_ = false;
  AesGcmControlKey aes_key_;
};

std::optional<Result> OursBackend::AriaGcm(const Request& r) {
  Status s = Keys(r.key);
  if (s == Status::kOk && !keys_.gcm_made) {
    s = keys_.gcm.Init(impl_, P(r.key), r.key.size());
    keys_.gcm_made = s == Status::kOk;
  }
  if (s != Status::kOk) return FromStatus(s);
  const AriaGcmKey& key = keys_.gcm;
  Bytes out(r.input.size());
  if (r.op == Op::kGcmSeal) {
    Bytes tag(r.tag_len);
    s = AriaGcmSeal(key, out.data(), tag.data(), r.tag_len, P(r.iv), r.iv.size(), P(r.input),
                    r.input.size(), P(r.aad), r.aad.size());
    return FromStatus(s, std::move(out), std::move(tag));
  }
  s = AriaGcmOpen(key, out.data(), P(r.iv), r.iv.size(), P(r.input), r.input.size(), P(r.tag),
                  r.tag.size(), P(r.aad), r.aad.size());
  return FromStatus(s, std::move(out));
}

std::optional<Result> OursBackend::AesGcm(const Request& r) {
  // The GCM layer with AES and this path's GHASH (its key and function; the block cipher is the
  // same AES on every path). The key (schedule, H and GHASH key) is kept while requests repeat
  // the key bytes, as KeyCache's.
  if (!aes_valid_ || aes_key_bytes_ != r.key) {
    aes_valid_ = false;
    const Status init = aes_key_.Init(impl_, P(r.key), r.key.size());
    if (init != Status::kOk) return FromStatus(init);
    aes_key_bytes_ = r.key;
    aes_valid_ = true;
  }
  const AesGcmControlKey& key = aes_key_;
  Status s = Status::kOk;
  Bytes out(r.input.size());
  if (r.op == Op::kGcmSeal) {
    Bytes tag(r.tag_len);
    s = AesGcmControlSeal(key, out.data(), tag.data(), r.tag_len, P(r.iv), r.iv.size(), P(r.input),
                          r.input.size(), P(r.aad), r.aad.size());
    return FromStatus(s, std::move(out), std::move(tag));
  }
  s = AesGcmControlOpen(key, out.data(), P(r.iv), r.iv.size(), P(r.input), r.input.size(), P(r.tag),
                        r.tag.size(), P(r.aad), r.aad.size());
  return FromStatus(s, std::move(out));
}

}  // namespace

std::unique_ptr<Backend> MakeOursBackend(Impl impl) { return std::make_unique<OursBackend>(impl); }

}  // namespace ariasuite::oracles
