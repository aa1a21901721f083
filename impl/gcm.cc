// The GCM layer (NIST SP 800-38D), generic over the block cipher through GcmEngine, and its ARIA
// instance (AriaGcmKey, AriaGcmSeal/Open, AriaGcmContext). Full blocks go through the backend's
// stitched gcm_seal_bulk/gcm_open_bulk when it has them, else ctr32 + ghash; partial blocks of AAD
// and text are buffered here. Short one-shot messages take a lean path (ShortSeal/ShortOpen): one
// cipher call and one GHASH call for the text (one more for any AAD) per message.
#include "impl/gcm.h"

#include <cstring>
#include <new>
#include <type_traits>

#include "impl/aria.h"
#include "impl/ct/declassify.h"
#include "impl/dispatch.h"
#include "impl/gcm_internal.h"

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

// SP 800-38D §7.1 step 2: J0 from the IV (12 bytes: IV || 0^31 || 1; any other length: GHASH of
// the zero-padded IV and its bit length).
void ComputeJ0(const GcmEngine& engine, uint8_t j0[16], const uint8_t* iv, size_t iv_len) {
  if (iv_len == 12) {
    std::memcpy(j0, iv, 12);
    j0[12] = j0[13] = j0[14] = 0;
    j0[15] = 1;
  } else {
    std::memset(j0, 0, 16);
    const size_t full = iv_len / 16, rest = iv_len % 16;
    if (full > 0) engine.ghash(*engine.hkey, j0, iv, full);
    uint8_t block[16] = {};
    if (rest > 0) {
      std::memcpy(block, iv + 16 * full, rest);
      engine.ghash(*engine.hkey, j0, block, 1);
    }
    std::memset(block, 0, 16);
    PutBe64(block + 8, static_cast<uint64_t>(iv_len) * 8);
    engine.ghash(*engine.hkey, j0, block, 1);
  }
}

// out = a ^ b over one block, inline (the tag of every message).
inline void XorBlock(uint8_t out[16], const uint8_t a[16], const uint8_t b[16]) {
  uint64_t x[2], y[2];
  std::memcpy(x, a, 16);
  std::memcpy(y, b, 16);
  x[0] ^= y[0];
  x[1] ^= y[1];
  std::memcpy(out, x, 16);
}

// Clears secrets from the stack in a way the compiler may not drop as a dead store.
void Wipe(void* p, size_t n) {
  std::memset(p, 0, n);
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

// Short one-shot messages (TLS records and the like) skip the streaming state: one cipher call
// runs in place over 0^128 || P and turns it into E_K(J0) || C (the counter blocks J0, inc32(J0),
// ... are consecutive, SP 800-38D §7.1 steps 3-4 and 6), and one GHASH call absorbs
// C || 0^u || lengths (step 5) after the AAD, with one aggregated reduction on the SIMD paths.
// Bounds: J0 plus the text fill one 16-block batch; the AAD takes at most four blocks.
inline constexpr size_t kShortMaxText = 15 * 16;
inline constexpr size_t kShortMaxAad = 4 * 16;

bool IsShort(size_t in_len, size_t aad_len) {
  return in_len <= kShortMaxText && aad_len <= kShortMaxAad;
}

struct ShortMessage {
  // 0^128 then E_K(J0); the text (P or C) zero-padded to whole blocks; the lengths block.
  alignas(64) uint8_t blocks[16 + kShortMaxText + 16];
  uint8_t xi[16];  // GHASH of the AAD, then of everything.
  size_t text_blocks;
};

// J0, the AAD's GHASH, and the blocks around the text in (P to seal, C to open).
void ShortPrepare(const GcmEngine& engine, ShortMessage* m, uint8_t j0[16], const uint8_t* iv,
                  size_t iv_len, const uint8_t* in, size_t in_len, const uint8_t* aad,
                  size_t aad_len) {
  ComputeJ0(engine, j0, iv, iv_len);
  std::memset(m->xi, 0, 16);
  const size_t aad_full = aad_len / 16;
  if (aad_full > 0) engine.ghash(*engine.hkey, m->xi, aad, aad_full);
  if (aad_len % 16 != 0) {
    uint8_t block[16] = {};
    std::memcpy(block, aad + 16 * aad_full, aad_len % 16);
    engine.ghash(*engine.hkey, m->xi, block, 1);
  }
  const size_t text_blocks = (in_len + 15) / 16;
  m->text_blocks = text_blocks;
  std::memset(m->blocks, 0, 16);
  uint8_t* text = m->blocks + 16;
  if (in_len > 0) std::memcpy(text, in, in_len);
  if (in_len % 16 != 0) std::memset(text + in_len, 0, 16 - in_len % 16);
  uint8_t* lens = text + 16 * text_blocks;
  PutBe64(lens, static_cast<uint64_t>(aad_len) * 8);
  PutBe64(lens + 8, static_cast<uint64_t>(in_len) * 8);
}

// E_K(J0) || keystream ^ text in place; the padding after the text is zero again afterwards.
void ShortCrypt(const GcmEngine& engine, ShortMessage* m, uint8_t j0[16], size_t in_len) {
  engine.ctr32(engine.cipher, m->blocks, m->blocks, 1 + m->text_blocks, j0);
  if (in_len % 16 != 0) std::memset(m->blocks + 16 + in_len, 0, 16 - in_len % 16);
}

// SP 800-38D §7.1 steps 5-6: full_tag = GHASH(A, C, lengths) ^ E_K(J0), C in place.
void ShortTag(const GcmEngine& engine, ShortMessage* m, uint8_t full_tag[16]) {
  engine.ghash(*engine.hkey, m->xi, m->blocks + 16, m->text_blocks + 1);
  XorBlock(full_tag, m->xi, m->blocks);
}

Status ShortSeal(const GcmEngine& engine, uint8_t* out, uint8_t* out_tag, size_t tag_len,
                 const uint8_t* iv, size_t iv_len, const uint8_t* in, size_t in_len,
                 const uint8_t* aad, size_t aad_len) {
  ShortMessage m;
  uint8_t j0[16];
  ShortPrepare(engine, &m, j0, iv, iv_len, in, in_len, aad, aad_len);
  ShortCrypt(engine, &m, j0, in_len);
  uint8_t tag[16];
  ShortTag(engine, &m, tag);
  if (in_len > 0) std::memcpy(out, m.blocks + 16, in_len);
  std::memcpy(out_tag, tag, tag_len);
  Wipe(m.blocks, 16);
  Wipe(m.xi, sizeof(m.xi));
  return Status::kOk;
}

// SP 800-38D §7.2. The plaintext is written only once the tag has matched.
Status ShortOpen(const GcmEngine& engine, uint8_t* out, const uint8_t* iv, size_t iv_len,
                 const uint8_t* in, size_t in_len, const uint8_t* tag, size_t tag_len,
                 const uint8_t* aad, size_t aad_len) {
  ShortMessage m;
  uint8_t j0[16];
  ShortPrepare(engine, &m, j0, iv, iv_len, in, in_len, aad, aad_len);
  engine.ghash(*engine.hkey, m.xi, m.blocks + 16, m.text_blocks + 1);
  ShortCrypt(engine, &m, j0, in_len);
  uint8_t expected[16];
  XorBlock(expected, m.xi, m.blocks);
  uint8_t diff = 0;
  for (size_t i = 0; i < tag_len; ++i) diff |= expected[i] ^ tag[i];  // constant time
  Wipe(expected, sizeof(expected));
  Status s = Status::kAuthFailed;
  if (ct::Public(diff) == 0) {  // the verdict is public
    if (in_len > 0) std::memcpy(out, m.blocks + 16, in_len);
    s = Status::kOk;
  } else if (in_len > 0) {
    std::memset(out, 0, in_len);  // never release unverified text
  }
  Wipe(m.blocks, 16 + in_len);
  Wipe(m.xi, sizeof(m.xi));
  return s;
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
  ComputeJ0(engine_, j0_, iv, iv_len);
  j0_encrypted_ = false;
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
    // The first bulk step also turns J0 into the tag's mask E_K(J0).
    uint8_t* mask = j0_encrypted_ ? nullptr : j0_;
    if (enc) {
      if (engine_.seal_bulk != nullptr) {
        engine_.seal_bulk(engine_.cipher, *engine_.hkey, xi_, ctr_, out, in, full, mask);
        j0_encrypted_ = true;
      } else {
        engine_.ctr32(engine_.cipher, out, in, full, ctr_);
        engine_.ghash(*engine_.hkey, xi_, out, full);
      }
    } else {
      if (engine_.open_bulk != nullptr) {
        engine_.open_bulk(engine_.cipher, *engine_.hkey, xi_, ctr_, out, in, full, mask);
        j0_encrypted_ = true;
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
  if (j0_encrypted_) {
    XorBlock(full_tag, xi_, j0_);
  } else {
    uint8_t j0[16];
    std::memcpy(j0, j0_, 16);
    engine_.ctr32(engine_.cipher, full_tag, xi_, 1, j0);
  }
  std::memset(keystream_, 0, 16);
  std::memset(xi_, 0, 16);
  std::memset(j0_, 0, 16);
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
  return ct::Public(diff) == 0 ? Status::kOk : Status::kAuthFailed;  // the verdict is public
}

Status GcmSeal(const GcmEngine& engine, uint8_t* out, uint8_t* out_tag, size_t tag_len,
               const uint8_t* iv, size_t iv_len, const uint8_t* in, size_t in_len,
               const uint8_t* aad, size_t aad_len) {
  if (!GcmTagLenAllowed(tag_len)) return Status::kBadTagLength;
  if (in_len > kGcmMaxTextBytes || aad_len > kGcmMaxAadBytes) return Status::kTooLong;
  if (iv_len == 0) return Status::kBadIvLength;
  if (iv_len > kGcmMaxIvBytes) return Status::kTooLong;
  if (IsShort(in_len, aad_len)) {
    return ShortSeal(engine, out, out_tag, tag_len, iv, iv_len, in, in_len, aad, aad_len);
  }
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
  if (iv_len == 0 || iv_len > kGcmMaxIvBytes) {
    if (in_len > 0) std::memset(out, 0, in_len);  // as for every failure after the length checks
    return iv_len == 0 ? Status::kBadIvLength : Status::kTooLong;
  }
  if (IsShort(in_len, aad_len)) {
    return ShortOpen(engine, out, iv, iv_len, in, in_len, tag, tag_len, aad, aad_len);
  }
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
  static internal::GhashKey* Hkey(AriaGcmKey& k) {
    return std::launder(reinterpret_cast<internal::GhashKey*>(k.hkey_));
  }
  static const internal::GhashKey* Hkey(const AriaGcmKey& k) {
    return std::launder(reinterpret_cast<const internal::GhashKey*>(k.hkey_));
  }
  static_assert(sizeof(internal::GhashKey) == sizeof(AriaGcmKey::hkey_) &&
                    alignof(internal::GhashKey) <= 64,
                "AriaGcmKey::hkey_ must hold an internal::GhashKey");
  // The GCM layer's view of a key.
  static internal::GcmEngine Engine(const AriaGcmKey& k) {
    internal::GcmEngine e = {};
    e.cipher = &k;
    e.ctr32 = &Ctr32;
    e.seal_bulk = k.backend_->gcm_seal_bulk != nullptr ? &SealBulk : nullptr;
    e.open_bulk = k.backend_->gcm_open_bulk != nullptr ? &OpenBulk : nullptr;
    e.ghash = k.backend_->ghash;
    e.hkey = Hkey(k);
    return e;
  }
  static const AriaGcmKey& Key(const void* cipher) {
    return *static_cast<const AriaGcmKey*>(cipher);
  }
  static void Ctr32(const void* cipher, uint8_t* out, const uint8_t* in, size_t nblocks,
                    uint8_t ctr[16]) {
    const AriaGcmKey& k = Key(cipher);
    k.backend_->ctr32(k.key_, out, in, nblocks, ctr);
  }
  static void SealBulk(const void* cipher, const internal::GhashKey& hkey, uint8_t xi[16],
                       uint8_t ctr[16], uint8_t* out, const uint8_t* in, size_t nblocks,
                       uint8_t* tag_mask) {
    const AriaGcmKey& k = Key(cipher);
    k.backend_->gcm_seal_bulk(k.key_, hkey, xi, ctr, out, in, nblocks, tag_mask);
  }
  static void OpenBulk(const void* cipher, const internal::GhashKey& hkey, uint8_t xi[16],
                       uint8_t ctr[16], uint8_t* out, const uint8_t* in, size_t nblocks,
                       uint8_t* tag_mask) {
    const AriaGcmKey& k = Key(cipher);
    k.backend_->gcm_open_bulk(k.key_, hkey, xi, ctr, out, in, nblocks, tag_mask);
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
  backend->ghash_init(AriaGcmKeyAccess::Hkey(*this), h);
  std::memset(h, 0, sizeof(h));
  backend_ = backend;
  impl_ = impl;
  return Status::kOk;
}

static_assert(sizeof(internal::GcmState) <= internal::GcmContextAccess::kStateBytes &&
                  alignof(internal::GcmState) <= internal::GcmContextAccess::kStateAlign,
              "AriaGcmContext::state_ must hold an internal::GcmState");
static_assert(std::is_trivially_copyable_v<internal::GcmState> &&
                  std::is_trivially_destructible_v<internal::GcmState>,
              "an AriaGcmContext copies and ends as its bytes");

AriaGcmContext::AriaGcmContext() { new (state_) internal::GcmState(); }

Status AriaGcmSeal(const AriaGcmKey& key, uint8_t* out, uint8_t* out_tag, size_t tag_len,
                   const uint8_t* iv, size_t iv_len, const uint8_t* in, size_t in_len,
                   const uint8_t* aad, size_t aad_len) {
  if (!key.initialized()) return Status::kBadState;
  return internal::GcmSeal(AriaGcmKeyAccess::Engine(key), out, out_tag, tag_len, iv, iv_len, in,
                           in_len, aad, aad_len);
}

Status AriaGcmOpen(const AriaGcmKey& key, uint8_t* out, const uint8_t* iv, size_t iv_len,
                   const uint8_t* in, size_t in_len, const uint8_t* tag, size_t tag_len,
                   const uint8_t* aad, size_t aad_len) {
  if (!key.initialized()) return Status::kBadState;
  return internal::GcmOpen(AriaGcmKeyAccess::Engine(key), out, iv, iv_len, in, in_len, tag, tag_len,
                           aad, aad_len);
}

Status AriaGcmContext::Start(const AriaGcmKey& key, const uint8_t* iv, size_t iv_len) {
  if (!key.initialized()) return Status::kBadState;
  return internal::GcmContextAccess::State(*this).Start(AriaGcmKeyAccess::Engine(key), iv, iv_len);
}

Status AriaGcmContext::UpdateAad(const uint8_t* aad, size_t len) {
  return internal::GcmContextAccess::State(*this).UpdateAad(aad, len);
}

Status AriaGcmContext::UpdateEncrypt(uint8_t* out, const uint8_t* in, size_t len) {
  return internal::GcmContextAccess::State(*this).UpdateEncrypt(out, in, len);
}

Status AriaGcmContext::FinishEncrypt(uint8_t* out_tag, size_t tag_len) {
  return internal::GcmContextAccess::State(*this).FinishEncrypt(out_tag, tag_len);
}

Status AriaGcmContext::UpdateDecrypt(uint8_t* out, const uint8_t* in, size_t len) {
  return internal::GcmContextAccess::State(*this).UpdateDecrypt(out, in, len);
}

Status AriaGcmContext::FinishDecrypt(const uint8_t* tag, size_t tag_len) {
  return internal::GcmContextAccess::State(*this).FinishDecrypt(tag, tag_len);
}

}  // namespace ariasuite
