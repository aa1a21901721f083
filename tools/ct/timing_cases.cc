// The timing cases of timing_cases.h. The fixed class is chosen to be the worst case for the leak a
// claim rules out: a tag, padding or integrity value that matches the expected one in every byte
// but the last (an early-exit comparison would run longest), all-equal S-box inputs (one cache
// line), a sparse multiplier. The random class draws a fresh key and input each time. Where the
// call fails by design (a wrong tag), it fails in both classes, so the public verdict is the same
// and only secret data differs. Keys are expanded in Prepare, outside the timed call, except in the
// key-schedule case.
#include "tools/ct/timing_cases.h"

#include <cstring>
#include <vector>

#include "impl/aria.h"
#include "impl/cbc_pkcs5.h"
#include "impl/ccm.h"
#include "impl/cmac.h"
#include "impl/dispatch.h"
#include "impl/gcm.h"
#include "impl/keywrap.h"
#include "impl/modes.h"
#include "tools/ct/isa_chains.h"
#include "tools/ct/leaky.h"

namespace ariasuite::ct {
namespace {

constexpr uint64_t kFixedSeed = 0x5eedf1edULL;  // the fixed class's inputs (same in every run)

// Base: the random generator, a fixed-input generator, and the class pick.
class Case : public TimingCase {
 protected:
  explicit Case(uint64_t seed) : rng_(seed), fixed_rng_(kFixedSeed) {}

  std::vector<uint8_t> FixedBytes(size_t len) {
    std::vector<uint8_t> v(len);
    fixed_rng_.Fill(v.data(), v.size());
    return v;
  }

  // out = the fixed bytes (class 0) or fresh random ones (class 1), with the same work, the same
  // cache and store-buffer state, and the same branches either way: both candidates are written
  // anew, then merged under a mask (a branch on the class would leave it in the branch history
  // that predicts the timed call's branches).
  void Pick(int cls, const std::vector<uint8_t>& fixed, uint8_t* out) {
    random_.resize(fixed.size());
    fixed_copy_.resize(fixed.size());
    rng_.Fill(random_.data(), random_.size());
    std::memcpy(fixed_copy_.data(), fixed.data(), fixed.size());
    const uint8_t take_random = static_cast<uint8_t>(0 - static_cast<unsigned>(cls & 1));
    for (size_t i = 0; i < fixed.size(); ++i) {
      out[i] = static_cast<uint8_t>((fixed_copy_[i] & ~take_random) | (random_[i] & take_random));
    }
  }

  // *key = the 32-byte key of class cls (Pick), expanded for encryption or decryption.
  void PickKey(int cls, const std::vector<uint8_t>& fixed, bool decrypt, AriaKey* key) {
    uint8_t raw[32];
    Pick(cls, fixed, raw);
    if (decrypt) {
      AriaSetDecryptKey(key, raw, 32);
    } else {
      AriaSetEncryptKey(key, raw, 32);
    }
  }

  // The same for GCM on path impl.
  void PickGcmKey(int cls, const std::vector<uint8_t>& fixed, Impl impl, AriaGcmKey* key) {
    uint8_t raw[32];
    Pick(cls, fixed, raw);
    key->Init(impl, raw, 32);
  }

  Rng rng_;

 private:
  Rng fixed_rng_;
  std::vector<uint8_t> random_, fixed_copy_;
};

// A case whose timed call must fail in both classes (a wrong tag, a bad padding): Run stores the
// call's status in status_; any other answer than `want` is the Problem.
class MustRefuse : public Case {
 public:
  const char* Problem() const override { return status_ == want_ ? nullptr : problem_; }

 protected:
  MustRefuse(uint64_t seed, Status want, const char* problem)
      : Case(seed), want_(want), problem_(problem) {}
  Status status_ = Status::kOk;

 private:
  Status want_;
  const char* problem_;
};

// SP 800-38F §6.1 W with any initial value a: out = A || R1..Rn after 6n steps (KW-AE with
// ICV1 is W(ICV1 || P)); used to build unwrap inputs whose integrity value is almost right.
void Wrap(const AriaKey& enc_key, const uint8_t a0[8], const uint8_t* p, size_t n, uint8_t* out) {
  uint8_t a[8];
  std::memcpy(a, a0, 8);
  std::memcpy(out + 8, p, 8 * n);
  for (uint64_t j = 0; j < 6; ++j) {
    for (size_t i = 1; i <= n; ++i) {
      uint8_t b[16];
      std::memcpy(b, a, 8);
      std::memcpy(b + 8, out + 8 * i, 8);
      AriaCryptBlock(enc_key, b, b);
      const uint64_t t = n * j + i;
      for (int k = 0; k < 8; ++k) a[k] = b[k] ^ static_cast<uint8_t>(t >> (56 - 8 * k));
      std::memcpy(out + 8 * i, b + 8, 8);
    }
  }
  std::memcpy(out, a, 8);
}

// ---- The scalar reference API ----

class KeySchedule : public Case {
 public:
  explicit KeySchedule(uint64_t seed) : Case(seed), fixed_(FixedBytes(32)) {}
  void Prepare(int cls) override { Pick(cls, fixed_, key_); }
  void Run() override {
    AriaSetEncryptKey(&ek_, key_, 32);
    AriaSetDecryptKey(&dk_, key_, 32);
  }

 private:
  std::vector<uint8_t> fixed_;
  uint8_t key_[32];
  AriaKey ek_, dk_;
};

class CryptBlock : public Case {
 public:
  CryptBlock(uint64_t seed, bool decrypt)
      : Case(seed), decrypt_(decrypt), fixed_key_(FixedBytes(32)), fixed_in_(FixedBytes(16)) {}
  void Prepare(int cls) override {
    PickKey(cls, fixed_key_, decrypt_, &key_);
    Pick(cls, fixed_in_, in_);
  }
  void Run() override { AriaCryptBlock(key_, out_, in_); }

 private:
  bool decrypt_;
  std::vector<uint8_t> fixed_key_, fixed_in_;
  AriaKey key_;
  uint8_t in_[16], out_[16];
};

// ---- One backend ----

class CryptBlocks : public Case {
 public:
  CryptBlocks(uint64_t seed, Impl impl, bool decrypt)
      : Case(seed),
        be_(*BackendFor(impl)),
        n_(BatchBlocks(impl)),
        decrypt_(decrypt),
        fixed_key_(FixedBytes(32)),
        fixed_in_(FixedBytes(16 * n_)),
        in_(16 * n_),
        out_(16 * n_) {}
  void Prepare(int cls) override {
    PickKey(cls, fixed_key_, decrypt_, &key_);
    Pick(cls, fixed_in_, in_.data());
  }
  void Run() override { be_.crypt_blocks(key_, out_.data(), in_.data(), n_); }

 private:
  const internal::Backend& be_;
  size_t n_;
  bool decrypt_;
  std::vector<uint8_t> fixed_key_, fixed_in_, in_, out_;
  AriaKey key_;
};

// The counter is public (it is the IV): the same in both classes.
class Ctr : public Case {
 public:
  Ctr(uint64_t seed, Impl impl, bool ctr32)
      : Case(seed),
        fn_(ctr32 ? BackendFor(impl)->ctr32 : BackendFor(impl)->ctr128),
        n_(BatchBlocks(impl)),
        fixed_key_(FixedBytes(32)),
        fixed_in_(FixedBytes(16 * n_)),
        iv_(FixedBytes(16)),
        in_(16 * n_),
        out_(16 * n_) {}
  void Prepare(int cls) override {
    PickKey(cls, fixed_key_, false, &key_);
    Pick(cls, fixed_in_, in_.data());
    std::memcpy(ctr_, iv_.data(), 16);
  }
  void Run() override { fn_(key_, out_.data(), in_.data(), n_, ctr_); }

 private:
  internal::CtrFn fn_;
  size_t n_;
  std::vector<uint8_t> fixed_key_, fixed_in_, iv_, in_, out_;
  AriaKey key_;
  uint8_t ctr_[16];
};

// CFB128, CFB8, CFB1 and OFB, each direction, over 20 bytes with a secret key and input; the IV
// is public (the same in both classes).
class CfbOfb : public Case {
 public:
  CfbOfb(uint64_t seed, Impl impl)
      : Case(seed),
        impl_(impl),
        fixed_key_(FixedBytes(32)),
        fixed_in_(FixedBytes(20)),
        iv_(FixedBytes(16)) {}
  void Prepare(int cls) override {
    uint8_t raw[32];
    Pick(cls, fixed_key_, raw);
    AriaSetEncryptKey(&key_, raw, 32);
    Pick(cls, fixed_in_, in_);
  }
  void Run() override {
    using Fn =
        Status (*)(Impl, const AriaKey&, AriaFeedbackState*, uint8_t*, const uint8_t*, size_t);
    for (Fn fn : {AriaCfb128Encrypt, AriaCfb128Decrypt, AriaCfb8Encrypt, AriaCfb8Decrypt,
                  AriaCfb1Encrypt, AriaCfb1Decrypt, AriaOfb}) {
      AriaFeedbackState st;
      AriaFeedbackInit(&st, iv_.data());
      fn(impl_, key_, &st, out_, in_, sizeof(in_));
    }
  }

 private:
  Impl impl_;
  std::vector<uint8_t> fixed_key_, fixed_in_, iv_;
  AriaKey key_;
  uint8_t in_[20], out_[20];
};

// GHASH with a secret H (its precomputation included in the timed call) and secret data.
class Ghash : public Case {
 public:
  Ghash(uint64_t seed, Impl impl)
      : Case(seed),
        be_(*BackendFor(impl)),
        n_(BatchBlocks(impl)),
        fixed_h_(FixedBytes(16)),
        fixed_in_(FixedBytes(16 * n_)),
        in_(16 * n_) {}
  void Prepare(int cls) override {
    Pick(cls, fixed_h_, h_);
    Pick(cls, fixed_in_, in_.data());
    std::memset(xi_, 0, 16);
  }
  void Run() override {
    be_.ghash_init(&hkey_, h_);
    be_.ghash(hkey_, xi_, in_.data(), n_);
  }

 private:
  const internal::Backend& be_;
  size_t n_;
  std::vector<uint8_t> fixed_h_, fixed_in_, in_;
  uint8_t h_[16], xi_[16];
  internal::GhashKey hkey_;
};

// The stitched bulk functions: seal, then open of what seal wrote.
class GcmBulk : public Case {
 public:
  GcmBulk(uint64_t seed, Impl impl)
      : Case(seed),
        be_(*BackendFor(impl)),
        n_(BatchBlocks(impl)),
        fixed_key_(FixedBytes(32)),
        fixed_h_(FixedBytes(16)),
        fixed_in_(FixedBytes(16 * n_)),
        iv_(FixedBytes(16)),
        in_(16 * n_),
        mid_(16 * n_),
        out_(16 * n_) {}
  void Prepare(int cls) override {
    uint8_t h[16];
    PickKey(cls, fixed_key_, false, &key_);
    Pick(cls, fixed_h_, h);
    be_.ghash_init(&hkey_, h);
    Pick(cls, fixed_in_, in_.data());
    std::memset(xi_, 0, 16);
  }
  void Run() override {
    uint8_t ctr[16];
    std::memcpy(ctr, iv_.data(), 16);
    be_.gcm_seal_bulk(key_, hkey_, xi_, ctr, mid_.data(), in_.data(), n_, nullptr);
    std::memcpy(ctr, iv_.data(), 16);
    be_.gcm_open_bulk(key_, hkey_, xi_, ctr, out_.data(), mid_.data(), n_, nullptr);
  }

 private:
  const internal::Backend& be_;
  size_t n_;
  std::vector<uint8_t> fixed_key_, fixed_h_, fixed_in_, iv_, in_, mid_, out_;
  AriaKey key_;
  internal::GhashKey hkey_;
  uint8_t xi_[16];
};

// ---- GCM ----

constexpr size_t kGcmText = 64;

class GcmSeal : public Case {
 public:
  GcmSeal(uint64_t seed, Impl impl)
      : Case(seed),
        impl_(impl),
        fixed_key_(FixedBytes(32)),
        fixed_pt_(FixedBytes(kGcmText)),
        iv_(FixedBytes(12)),
        aad_(FixedBytes(13)) {}
  void Prepare(int cls) override {
    PickGcmKey(cls, fixed_key_, impl_, &key_);
    Pick(cls, fixed_pt_, pt_);
  }
  void Run() override {
    AriaGcmSeal(key_, ct_, tag_, 16, iv_.data(), iv_.size(), pt_, kGcmText, aad_.data(),
                aad_.size());
  }

 private:
  Impl impl_;
  std::vector<uint8_t> fixed_key_, fixed_pt_, iv_, aad_;
  AriaGcmKey key_;
  uint8_t pt_[kGcmText], ct_[kGcmText], tag_[16];
};

// A public ciphertext, and a wrong tag: the fixed class's tag matches the fixed key's expected tag
// in every byte but the last; the random class has a random key and a random tag.
constexpr char kWrongTag[] = "the wrong tag was not refused";

class GcmOpenWrongTag : public MustRefuse {
 public:
  GcmOpenWrongTag(uint64_t seed, Impl impl, bool streaming)
      : MustRefuse(seed, Status::kAuthFailed, kWrongTag),
        impl_(impl),
        streaming_(streaming),
        fixed_key_(FixedBytes(32)),
        iv_(FixedBytes(12)),
        aad_(FixedBytes(13)),
        ct_(kGcmText),
        fixed_tag_(16) {
    const std::vector<uint8_t> pt = FixedBytes(kGcmText);
    key_.Init(impl_, fixed_key_.data(), 32);
    AriaGcmSeal(key_, ct_.data(), fixed_tag_.data(), 16, iv_.data(), iv_.size(), pt.data(),
                kGcmText, aad_.data(), aad_.size());
    fixed_tag_[15] ^= 1;
  }
  void Prepare(int cls) override {
    PickGcmKey(cls, fixed_key_, impl_, &key_);
    Pick(cls, fixed_tag_, tag_);
    if (streaming_) {
      ctx_.Start(key_, iv_.data(), iv_.size());
      ctx_.UpdateAad(aad_.data(), aad_.size());
      ctx_.UpdateDecrypt(out_, ct_.data(), kGcmText);
    }
  }
  void Run() override {
    if (streaming_) {
      status_ = ctx_.FinishDecrypt(tag_, 16);
    } else {
      status_ = AriaGcmOpen(key_, out_, iv_.data(), iv_.size(), ct_.data(), kGcmText, tag_, 16,
                            aad_.data(), aad_.size());
    }
  }

 private:
  Impl impl_;
  bool streaming_;
  std::vector<uint8_t> fixed_key_, iv_, aad_, ct_, fixed_tag_;
  AriaGcmKey key_;
  AriaGcmContext ctx_;
  uint8_t tag_[16], out_[kGcmText];
};

// ---- The other modes' verdicts ----

// Two blocks whose padding is invalid in both classes: the fixed last block is 11 10 10 ... 10 (a
// 16-byte padding whose first byte is wrong: 15 bytes of it are right); the random class's last
// block is random, and where that happens to be a valid padding its last byte gets 0x20 added (a
// padding length over 16). That is done without a branch: a redraw loop (`while valid, draw again`)
// took other branches in the fixed class than in the random one, and the predictor entries Prepare
// trained changed the timed call's time: constant-time paths showed |t| up to 46 in one process in
// three, 0-3 with this (scalar and aesni-avx, 0.5 to 1 s runs, measured 2026-11-30).
class CbcPkcs5BadPadding : public MustRefuse {
 public:
  CbcPkcs5BadPadding(uint64_t seed, Impl impl)
      : MustRefuse(seed, Status::kBadPadding, "the bad padding was not refused"),
        impl_(impl),
        fixed_key_(FixedBytes(32)),
        fixed_pt_(FixedBytes(32)),
        iv_(FixedBytes(16)) {
    std::memset(fixed_pt_.data() + 16, 0x10, 16);
    fixed_pt_[16] = 0x11;
  }
  void Prepare(int cls) override {
    uint8_t raw[32], pt[32], chain[16];
    Pick(cls, fixed_key_, raw);
    AriaSetEncryptKey(&ek_, raw, 32);
    AriaSetDecryptKey(&dk_, raw, 32);
    Pick(cls, fixed_pt_, pt);
    pt[31] ^= static_cast<uint8_t>(ValidPaddingMask(pt + 16) & 0x20);
    std::memcpy(chain, iv_.data(), 16);
    AriaCbcEncrypt(impl_, ek_, chain, ct_, pt, 32);
  }
  void Run() override {
    size_t out_len = 0;
    status_ = AriaCbcPkcs5Decrypt(impl_, dk_, out_, &out_len, iv_.data(), ct_, 32);
  }

 private:
  // 0xff when last[] ends in a valid PKCS#5 padding, else 0, with the same branches for every
  // input (the loop always runs 16 times; each test is arithmetic on a 32-bit mask).
  static uint32_t ValidPaddingMask(const uint8_t last[16]) {
    const uint32_t pad = last[15];
    uint32_t bad = ((pad - 1) | (16 - pad)) >> 31;  // pad == 0 or pad > 16
    for (uint32_t k = 0; k < 16; ++k) {
      const uint32_t in_padding = (k - pad) >> 31;  // k < pad
      const uint32_t differs = static_cast<uint32_t>(last[15 - k] ^ pad);
      bad |= in_padding & ((differs | (0 - differs)) >> 31);
    }
    return (bad - 1) & 0xff;
  }
  Impl impl_;
  std::vector<uint8_t> fixed_key_, fixed_pt_, iv_;
  AriaKey ek_, dk_;
  uint8_t ct_[32], out_[32];
};

// CCM open and CMAC verify with a wrong tag, as GcmOpenWrongTag.
class CcmOpenWrongTag : public MustRefuse {
 public:
  CcmOpenWrongTag(uint64_t seed, Impl impl)
      : MustRefuse(seed, Status::kAuthFailed, kWrongTag),
        impl_(impl),
        fixed_key_(FixedBytes(32)),
        nonce_(FixedBytes(13)),
        aad_(FixedBytes(8)),
        ct_(40),
        fixed_tag_(16) {
    const std::vector<uint8_t> pt = FixedBytes(40);
    AriaSetEncryptKey(&key_, fixed_key_.data(), 32);
    AriaCcmSeal(impl_, key_, ct_.data(), fixed_tag_.data(), 16, nonce_.data(), nonce_.size(),
                pt.data(), pt.size(), aad_.data(), aad_.size());
    fixed_tag_[15] ^= 1;
  }
  void Prepare(int cls) override {
    PickKey(cls, fixed_key_, false, &key_);
    Pick(cls, fixed_tag_, tag_);
  }
  void Run() override {
    status_ = AriaCcmOpen(impl_, key_, out_, nonce_.data(), nonce_.size(), ct_.data(), ct_.size(),
                          tag_, 16, aad_.data(), aad_.size());
  }

 private:
  Impl impl_;
  std::vector<uint8_t> fixed_key_, nonce_, aad_, ct_, fixed_tag_;
  AriaKey key_;
  uint8_t tag_[16], out_[40];
};

class CmacWrongTag : public MustRefuse {
 public:
  CmacWrongTag(uint64_t seed, Impl impl)
      : MustRefuse(seed, Status::kAuthFailed, kWrongTag),
        impl_(impl),
        fixed_key_(FixedBytes(32)),
        msg_(FixedBytes(33)),
        fixed_tag_(16) {
    AriaSetEncryptKey(&key_, fixed_key_.data(), 32);
    AriaCmac(impl_, key_, fixed_tag_.data(), 16, msg_.data(), msg_.size());
    fixed_tag_[15] ^= 1;
  }
  void Prepare(int cls) override {
    PickKey(cls, fixed_key_, false, &key_);
    Pick(cls, fixed_tag_, tag_);
  }
  void Run() override { status_ = AriaCmacVerify(impl_, key_, tag_, 16, msg_.data(), msg_.size()); }

 private:
  Impl impl_;
  std::vector<uint8_t> fixed_key_, msg_, fixed_tag_;
  AriaKey key_;
  uint8_t tag_[16];
};

// KW / KWP unwrap of 32 bytes that fails in both classes. Fixed: W under the fixed key of an
// almost valid input (KW: ICV1 with its last byte flipped; KWP: ICV2, the right length 20, and a
// padding whose last byte is 1). Random: a random key and 32 random bytes.
class UnwrapFails : public MustRefuse {
 public:
  UnwrapFails(uint64_t seed, Impl impl, bool kwp)
      : MustRefuse(seed, Status::kAuthFailed, "the bad input was not refused"),
        impl_(impl),
        kwp_(kwp),
        fixed_key_(FixedBytes(32)),
        fixed_in_(32) {
    AriaKey ek;
    AriaSetEncryptKey(&ek, fixed_key_.data(), 32);
    std::vector<uint8_t> s = FixedBytes(32);  // A || R1 || R2 || R3
    if (kwp_) {
      static constexpr uint8_t kIcv2[4] = {0xa6, 0x59, 0x59, 0xa6};
      std::memcpy(s.data(), kIcv2, 4);
      s[4] = s[5] = s[6] = 0;
      s[7] = 20;
      std::memset(s.data() + 8 + 20, 0, 4);
      s[31] = 1;
    } else {
      std::memset(s.data(), 0xa6, 8);
      s[7] ^= 1;
    }
    Wrap(ek, s.data(), s.data() + 8, 3, fixed_in_.data());
  }
  void Prepare(int cls) override {
    PickKey(cls, fixed_key_, true, &dk_);
    Pick(cls, fixed_in_, in_);
  }
  void Run() override {
    size_t out_len = 0;
    status_ = kwp_ ? AriaKwpUnwrap(impl_, dk_, out_, &out_len, in_, 32)
                   : AriaKwUnwrap(impl_, dk_, out_, &out_len, in_, 32);
  }

 private:
  Impl impl_;
  bool kwp_;
  std::vector<uint8_t> fixed_key_, fixed_in_;
  AriaKey dk_;
  uint8_t in_[32], out_[32];
};

// ---- Single instructions: all-zero operands (where a shortcut for zero would show) against
// random ones ----

class IsaChain : public Case {
 public:
  IsaChain(uint64_t seed, Claim claim)
      : Case(seed),
        claim_(claim),
        fixed_(claim == Claim::kIsaAesEncLast || claim == Claim::kIsaAesDecLast ? 16 : 64, 0),
        fixed_other_(64, 0) {}
  void Prepare(int cls) override {
    Pick(cls, fixed_, x_);
    Pick(cls, fixed_other_, y_);
    Pick(cls, fixed_other_, z_);
  }
  void Run() override {
    switch (claim_) {
      case Claim::kIsaGf2p8AffineInv: return ChainGf2p8AffineInv(x_, y_);
      case Claim::kIsaTernlog: return ChainTernlog(x_, y_, z_);
      case Claim::kIsaAesEncLast: return ChainAesEncLast(x_, y_);
      default: return ChainAesDecLast(x_, y_);
    }
  }

 private:
  Claim claim_;
  std::vector<uint8_t> fixed_, fixed_other_;
  uint8_t x_[64], y_[64], z_[64];
};

// ---- The leaky controls ----

class LeakyTable : public Case {
 public:
  explicit LeakyTable(uint64_t seed) : Case(seed), fixed_(16, 0) {}
  void Prepare(int cls) override {
    Pick(cls, fixed_, buf_);
    EvictLeakyTable();
  }
  void Run() override { LeakyTableSbox(buf_, 16); }

 private:
  std::vector<uint8_t> fixed_;
  uint8_t buf_[16];
};

class LeakyCompare : public Case {
 public:
  explicit LeakyCompare(uint64_t seed) : Case(seed), ref_(FixedBytes(16)) {}
  void Prepare(int cls) override { Pick(cls, ref_, buf_); }
  void Run() override { equal_ = LeakyEarlyExitEqual(buf_, ref_.data(), 16); }

 private:
  std::vector<uint8_t> ref_;
  uint8_t buf_[16];
  bool equal_ = false;
};

class LeakyLoop : public Case {
 public:
  explicit LeakyLoop(uint64_t seed) : Case(seed), fixed_(16, 0), h_(FixedBytes(16)) {
    fixed_[0] = 0x80;  // x = 1: one set bit
  }
  void Prepare(int cls) override { Pick(cls, fixed_, x_); }
  void Run() override { LeakySparseGfMul(out_, x_, h_.data()); }

 private:
  std::vector<uint8_t> fixed_, h_;
  uint8_t x_[16], out_[16];
};

// The prepare-blind check's control: the class picks which of two branches fills the input (the
// shape of a redraw loop), and the timed call is constant-time.
class ClassBranchingPrepare : public Case {
 public:
  explicit ClassBranchingPrepare(uint64_t seed) : Case(seed), fixed_(FixedBytes(16)) {}
  void Prepare(int cls) override {
    if (cls != 0) {
      rng_.Fill(in_, sizeof(in_));
    } else {
      std::memcpy(in_, fixed_.data(), sizeof(in_));
    }
  }
  void Run() override {
    for (size_t i = 0; i < sizeof(in_); ++i) out_[i] = static_cast<uint8_t>(in_[i] ^ 0x5c);
  }

 private:
  std::vector<uint8_t> fixed_;
  uint8_t in_[16], out_[16];
};

}  // namespace

std::unique_ptr<TimingCase> MakeClassBranchingControl(uint64_t seed) {
  return std::make_unique<ClassBranchingPrepare>(seed);
}

std::unique_ptr<TimingCase> MakeTimingCase(Claim claim, Impl impl, uint64_t seed) {
  switch (claim) {
    case Claim::kKeySchedule: return std::make_unique<KeySchedule>(seed);
    case Claim::kEncryptBlock: return std::make_unique<CryptBlock>(seed, false);
    case Claim::kDecryptBlock: return std::make_unique<CryptBlock>(seed, true);
    case Claim::kEncrypt: return std::make_unique<CryptBlocks>(seed, impl, false);
    case Claim::kDecrypt: return std::make_unique<CryptBlocks>(seed, impl, true);
    case Claim::kCtr32: return std::make_unique<Ctr>(seed, impl, true);
    case Claim::kCtr128: return std::make_unique<Ctr>(seed, impl, false);
    case Claim::kGhash: return std::make_unique<Ghash>(seed, impl);
    case Claim::kGcmBulk: return std::make_unique<GcmBulk>(seed, impl);
    case Claim::kGcmSeal: return std::make_unique<GcmSeal>(seed, impl);
    case Claim::kGcmOpenTagCheck: return std::make_unique<GcmOpenWrongTag>(seed, impl, false);
    case Claim::kGcmTagCompare: return std::make_unique<GcmOpenWrongTag>(seed, impl, true);
    case Claim::kCbcPkcs5PaddingCheck: return std::make_unique<CbcPkcs5BadPadding>(seed, impl);
    case Claim::kCcmOpenTagCheck: return std::make_unique<CcmOpenWrongTag>(seed, impl);
    case Claim::kCmacVerify: return std::make_unique<CmacWrongTag>(seed, impl);
    case Claim::kKwUnwrapCheck: return std::make_unique<UnwrapFails>(seed, impl, false);
    case Claim::kKwpUnwrapCheck: return std::make_unique<UnwrapFails>(seed, impl, true);
    case Claim::kCfbOfb: return std::make_unique<CfbOfb>(seed, impl);
    case Claim::kIsaGf2p8AffineInv:
    case Claim::kIsaTernlog:
    case Claim::kIsaAesEncLast:
    case Claim::kIsaAesDecLast: return std::make_unique<IsaChain>(seed, claim);
    case Claim::kLeakyTableSbox: return std::make_unique<LeakyTable>(seed);
    case Claim::kLeakyEarlyExitCompare: return std::make_unique<LeakyCompare>(seed);
    case Claim::kLeakyDataDependentLoop: return std::make_unique<LeakyLoop>(seed);
  }
  return nullptr;
}

}  // namespace ariasuite::ct
