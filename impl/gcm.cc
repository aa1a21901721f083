// The GCM layer (NIST SP 800-38D), generic over the block cipher through GcmEngine, and its ARIA
// instance (AriaGcmKey, AriaGcmSeal/Open, AriaGcmContext). Full blocks go through the backend's
// stitched gcm_seal_bulk/gcm_open_bulk when it has them, else ctr32 + ghash; partial blocks of AAD
// and text are buffered here.
#include "impl/gcm.h"

#include <cstring>

#include "impl/aria.h"
#include "impl/dispatch.h"

namespace ariasuite {
namespace internal {
namespace {

// SP 800-38D §6.2 inc32: the low 32 bits (bytes 12..15, big-endian) mod 2^32; no early exit.
void Inc32(uint8_t ctr[16]) {
  unsigned carry = 1;
  for (int i = 15; i >= 12; --i) {
    const unsigned v = ctr[i] + carry;
    ctr[i] = static_cast<uint8_t>(v);
    carry = v >> 8;
  }
}

void PutBe64(uint8_t* p, uint64_t v) {
  for (int i = 7; i >= 0; --i, v >>= 8) p[i] = static_cast<uint8_t>(v);
}

}  // namespace

bool GcmTagLenAllowed(size_t tag_len) {
  return (tag_len >= 12 && tag_len <= 16) || tag_len == 8 || tag_len == 4;
}

Status GcmState::Start(const GcmEngine& engine, const uint8_t* iv, size_t iv_len) {
  phase_ = Phase::kIdle;
  if (iv_len == 0) return Status::kBadIvLength;
  if (iv_len > kGcmMaxIvBytes) return Status::kTooLong;
  engine_ = engine;
  std::memset(xi_, 0, 16);
  // SP 800-38D §7.1 step 2: J0.
  if (iv_len == 12) {
    std::memcpy(j0_, iv, 12);
    j0_[12] = j0_[13] = j0_[14] = 0;
    j0_[15] = 1;
  } else {
    std::memset(j0_, 0, 16);
    const size_t full = iv_len / 16, rest = iv_len % 16;
    if (full > 0) engine_.ghash(*engine_.hkey, j0_, iv, full);
    uint8_t block[16] = {};
    if (rest > 0) {
      std::memcpy(block, iv + 16 * full, rest);
      engine_.ghash(*engine_.hkey, j0_, block, 1);
    }
    std::memset(block, 0, 16);
    PutBe64(block + 8, static_cast<uint64_t>(iv_len) * 8);
    engine_.ghash(*engine_.hkey, j0_, block, 1);
  }
  std::memcpy(ctr_, j0_, 16);
  Inc32(ctr_);
  std::memset(xi_, 0, 16);
  std::memset(buf_, 0, 16);
  std::memset(keystream_, 0, 16);
  buf_len_ = 0;
  aad_len_ = 0;
  text_len_ = 0;
  phase_ = Phase::kAad;
  return Status::kOk;
}

Status GcmState::UpdateAad(const uint8_t* aad, size_t len) {
  if (phase_ != Phase::kAad) return Status::kBadState;
  if (len > kGcmMaxAadBytes - aad_len_) return Status::kTooLong;
  aad_len_ += len;
  if (buf_len_ > 0) {
    while (buf_len_ < 16 && len > 0) {
      buf_[buf_len_++] = *aad++;
      --len;
    }
    if (buf_len_ < 16) return Status::kOk;
    engine_.ghash(*engine_.hkey, xi_, buf_, 1);
    buf_len_ = 0;
  }
  const size_t full = len / 16;
  if (full > 0) engine_.ghash(*engine_.hkey, xi_, aad, full);
  aad += 16 * full;
  len -= 16 * full;
  for (size_t i = 0; i < len; ++i) buf_[i] = aad[i];
  buf_len_ = len;
  return Status::kOk;
}

// Pads the partial block in buf_ (AAD or ciphertext) with zeros and absorbs it.
void GcmState::FlushPartial() {
  if (buf_len_ > 0) {
    std::memset(buf_ + buf_len_, 0, 16 - buf_len_);
    engine_.ghash(*engine_.hkey, xi_, buf_, 1);
    buf_len_ = 0;
  }
}

Status GcmState::Update(Dir dir, uint8_t* out, const uint8_t* in, size_t len) {
  const Phase want = (dir == Dir::kEncrypt) ? Phase::kEncrypt : Phase::kDecrypt;
  if (phase_ != Phase::kAad && phase_ != want) return Status::kBadState;
  if (len > kGcmMaxTextBytes - text_len_) return Status::kTooLong;
  if (phase_ == Phase::kAad) {
    FlushPartial();
    phase_ = want;
  }
  text_len_ += len;
  const bool enc = dir == Dir::kEncrypt;
  // Finish the partial block left by the previous call.
  if (buf_len_ > 0) {
    while (buf_len_ < 16 && len > 0) {
      const uint8_t v = *in++;
      const uint8_t o = v ^ keystream_[buf_len_];
      buf_[buf_len_++] = enc ? o : v;
      *out++ = o;
      --len;
    }
    if (buf_len_ < 16) return Status::kOk;
    engine_.ghash(*engine_.hkey, xi_, buf_, 1);
    buf_len_ = 0;
  }
  const size_t full = len / 16;
  if (full > 0) {
    if (enc) {
      if (engine_.seal_bulk != nullptr) {
        engine_.seal_bulk(engine_.cipher, *engine_.hkey, xi_, ctr_, out, in, full);
      } else {
        engine_.ctr32(engine_.cipher, out, in, full, ctr_);
        engine_.ghash(*engine_.hkey, xi_, out, full);
      }
    } else {
      if (engine_.open_bulk != nullptr) {
        engine_.open_bulk(engine_.cipher, *engine_.hkey, xi_, ctr_, out, in, full);
      } else {
        engine_.ghash(*engine_.hkey, xi_, in, full);  // before ctr32 may overwrite in (in-place)
        engine_.ctr32(engine_.cipher, out, in, full, ctr_);
      }
    }
    in += 16 * full;
    out += 16 * full;
    len -= 16 * full;
  }
  if (len > 0) {
    static constexpr uint8_t kZero[16] = {};
    engine_.ctr32(engine_.cipher, keystream_, kZero, 1, ctr_);
    for (size_t i = 0; i < len; ++i) {
      const uint8_t v = in[i];
      const uint8_t o = v ^ keystream_[i];
      buf_[i] = enc ? o : v;
      out[i] = o;
    }
    buf_len_ = len;
  }
  return Status::kOk;
}

Status GcmState::UpdateEncrypt(uint8_t* out, const uint8_t* in, size_t len) {
  return Update(Dir::kEncrypt, out, in, len);
}

Status GcmState::UpdateDecrypt(uint8_t* out, const uint8_t* in, size_t len) {
  return Update(Dir::kDecrypt, out, in, len);
}

// SP 800-38D §7.1 steps 5-6: S = GHASH(A || 0^v || C || 0^u || [len(A)]_64 || [len(C)]_64),
// T = MSB_t(GCTR(J0, S)).
void GcmState::ComputeTag(uint8_t full_tag[16]) {
  FlushPartial();  // pads whichever partial block (AAD or ciphertext) is pending
  uint8_t block[16];
  PutBe64(block, aad_len_ * 8);
  PutBe64(block + 8, text_len_ * 8);
  engine_.ghash(*engine_.hkey, xi_, block, 1);
  uint8_t j0[16];
  std::memcpy(j0, j0_, 16);
  engine_.ctr32(engine_.cipher, full_tag, xi_, 1, j0);
  std::memset(keystream_, 0, 16);
  std::memset(xi_, 0, 16);
}

Status GcmState::FinishEncrypt(uint8_t* out_tag, size_t tag_len) {
  if (phase_ != Phase::kAad && phase_ != Phase::kEncrypt) return Status::kBadState;
  if (!GcmTagLenAllowed(tag_len)) return Status::kBadTagLength;
  uint8_t tag[16];
  ComputeTag(tag);
  std::memcpy(out_tag, tag, tag_len);
  phase_ = Phase::kDone;
  return Status::kOk;
}

Status GcmState::FinishDecrypt(const uint8_t* tag, size_t tag_len) {
  if (phase_ != Phase::kAad && phase_ != Phase::kDecrypt) return Status::kBadState;
  if (!GcmTagLenAllowed(tag_len)) return Status::kBadTagLength;
  uint8_t expected[16];
  ComputeTag(expected);
  phase_ = Phase::kDone;
  uint8_t diff = 0;
  for (size_t i = 0; i < tag_len; ++i) diff |= expected[i] ^ tag[i];  // constant time
  std::memset(expected, 0, 16);
  return diff == 0 ? Status::kOk : Status::kAuthFailed;
}

Status GcmSeal(const GcmEngine& engine, uint8_t* out, uint8_t* out_tag, size_t tag_len,
               const uint8_t* iv, size_t iv_len, const uint8_t* in, size_t in_len,
               const uint8_t* aad, size_t aad_len) {
  if (!GcmTagLenAllowed(tag_len)) return Status::kBadTagLength;
  if (in_len > kGcmMaxTextBytes || aad_len > kGcmMaxAadBytes) return Status::kTooLong;
  GcmState state;
  Status s = state.Start(engine, iv, iv_len);
  if (s == Status::kOk) s = state.UpdateAad(aad, aad_len);
  if (s == Status::kOk) s = state.UpdateEncrypt(out, in, in_len);
  if (s == Status::kOk) s = state.FinishEncrypt(out_tag, tag_len);
  return s;
}

Status GcmOpen(const GcmEngine& engine, uint8_t* out, const uint8_t* iv, size_t iv_len,
               const uint8_t* in, size_t in_len, const uint8_t* tag, size_t tag_len,
               const uint8_t* aad, size_t aad_len) {
  if (!GcmTagLenAllowed(tag_len)) return Status::kBadTagLength;
  if (in_len > kGcmMaxTextBytes || aad_len > kGcmMaxAadBytes) return Status::kTooLong;
  GcmState state;
  Status s = state.Start(engine, iv, iv_len);
  if (s == Status::kOk) s = state.UpdateAad(aad, aad_len);
  if (s == Status::kOk) s = state.UpdateDecrypt(out, in, in_len);
  if (s == Status::kOk) s = state.FinishDecrypt(tag, tag_len);
  if (s != Status::kOk && in_len > 0) std::memset(out, 0, in_len);  // never release unverified text
  return s;
}

}  // namespace internal

// The ARIA instance: adapters from the type-erased engine to the path's backend.
struct AriaGcmKeyAccess {
  static const AriaGcmKey& Key(const void* cipher) {
    return *static_cast<const AriaGcmKey*>(cipher);
  }
  static void Ctr32(const void* cipher, uint8_t* out, const uint8_t* in, size_t nblocks,
                    uint8_t ctr[16]) {
    const AriaGcmKey& k = Key(cipher);
    k.backend_->ctr32(k.key_, out, in, nblocks, ctr);
  }
  static void SealBulk(const void* cipher, const internal::GhashKey& hkey, uint8_t xi[16],
                       uint8_t ctr[16], uint8_t* out, const uint8_t* in, size_t nblocks) {
    const AriaGcmKey& k = Key(cipher);
    k.backend_->gcm_seal_bulk(k.key_, hkey, xi, ctr, out, in, nblocks);
  }
  static void OpenBulk(const void* cipher, const internal::GhashKey& hkey, uint8_t xi[16],
                       uint8_t ctr[16], uint8_t* out, const uint8_t* in, size_t nblocks) {
    const AriaGcmKey& k = Key(cipher);
    k.backend_->gcm_open_bulk(k.key_, hkey, xi, ctr, out, in, nblocks);
  }
};

Status AriaGcmKey::Init(Impl impl, const uint8_t* key, size_t key_len) {
  backend_ = nullptr;
  const internal::Backend* backend = BackendFor(impl);
  if (backend == nullptr) return Status::kUnsupportedImpl;
  const Status s = AriaSetEncryptKey(&key_, key, key_len);
  if (s != Status::kOk) return s;
  // SP 800-38D §6.4: H = CIPH_K(0^128).
  static constexpr uint8_t kZero[16] = {};
  uint8_t h[16];
  backend->crypt_blocks(key_, h, kZero, 1);
  backend->ghash_init(&hkey_, h);
  std::memset(h, 0, sizeof(h));
  backend_ = backend;
  impl_ = impl;
  return Status::kOk;
}

internal::GcmEngine AriaGcmKey::Engine() const {
  internal::GcmEngine e = {};
  e.cipher = this;
  e.ctr32 = &AriaGcmKeyAccess::Ctr32;
  e.seal_bulk = backend_->gcm_seal_bulk != nullptr ? &AriaGcmKeyAccess::SealBulk : nullptr;
  e.open_bulk = backend_->gcm_open_bulk != nullptr ? &AriaGcmKeyAccess::OpenBulk : nullptr;
  e.ghash = backend_->ghash;
  e.hkey = &hkey_;
  return e;
}

Status AriaGcmSeal(const AriaGcmKey& key, uint8_t* out, uint8_t* out_tag, size_t tag_len,
                   const uint8_t* iv, size_t iv_len, const uint8_t* in, size_t in_len,
                   const uint8_t* aad, size_t aad_len) {
  if (!key.initialized()) return Status::kBadState;
  return internal::GcmSeal(key.Engine(), out, out_tag, tag_len, iv, iv_len, in, in_len, aad,
                           aad_len);
}

Status AriaGcmOpen(const AriaGcmKey& key, uint8_t* out, const uint8_t* iv, size_t iv_len,
                   const uint8_t* in, size_t in_len, const uint8_t* tag, size_t tag_len,
                   const uint8_t* aad, size_t aad_len) {
  if (!key.initialized()) return Status::kBadState;
  return internal::GcmOpen(key.Engine(), out, iv, iv_len, in, in_len, tag, tag_len, aad,
                           aad_len);
}

Status AriaGcmContext::Start(const AriaGcmKey& key, const uint8_t* iv, size_t iv_len) {
  if (!key.initialized()) return Status::kBadState;
  return state_.Start(key.Engine(), iv, iv_len);
}

Status AriaGcmContext::UpdateAad(const uint8_t* aad, size_t len) {
  return state_.UpdateAad(aad, len);
}

Status AriaGcmContext::UpdateEncrypt(uint8_t* out, const uint8_t* in, size_t len) {
  return state_.UpdateEncrypt(out, in, len);
}

Status AriaGcmContext::FinishEncrypt(uint8_t* out_tag, size_t tag_len) {
  return state_.FinishEncrypt(out_tag, tag_len);
}

Status AriaGcmContext::UpdateDecrypt(uint8_t* out, const uint8_t* in, size_t len) {
  return state_.UpdateDecrypt(out, in, len);
}

Status AriaGcmContext::FinishDecrypt(const uint8_t* tag, size_t tag_len) {
  return state_.FinishDecrypt(tag, tag_len);
}

}  // namespace ariasuite
