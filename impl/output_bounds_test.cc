// Writes past a caller's buffer (issue 17, class 3): every output of the API written into a buffer
// of exactly its documented size, with 32 canary bytes before and after, on every path and in both
// GCM message-size regimes (the short one-shot path, text <= 240 B and AAD <= 64 B, and the long /
// streaming path). The outputs: GCM ciphertext, plaintext (also the zeroed one on a bad tag), tags
// of 4, 8, 12..16 bytes, each streaming chunk including partial blocks; CCM text and tags; KW/KWP
// wrap and unwrap outputs (also on failure); CMAC tags 1..16; CBC-PKCS5 outputs (also on bad
// padding); CFB128, CFB8, CFB1 and OFB outputs, each streaming call into its own buffer. Each
// buffer is its own heap allocation of exactly n bytes as well, so the ASan stage of the test
// command sees an overrun that skips the canaries.
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "impl/aria.h"
#include "impl/cbc_pkcs5.h"
#include "impl/ccm.h"
#include "impl/cmac.h"
#include "impl/gcm.h"
#include "impl/keywrap.h"
#include "impl/modes.h"
#include "impl/testing/test_util.h"

namespace ariasuite {
namespace {

constexpr size_t kGuard = 32;
constexpr uint8_t kCanary = 0xa5;

// An output buffer of exactly n bytes between two canary zones.
class Guarded {
 public:
  explicit Guarded(size_t n) : n_(n), mem_(new uint8_t[n + 2 * kGuard]) {
    std::memset(mem_.get(), kCanary, n + 2 * kGuard);
  }
  uint8_t* data() { return mem_.get() + kGuard; }
  size_t size() const { return n_; }
  Bytes bytes() const { return Bytes(mem_.get() + kGuard, mem_.get() + kGuard + n_); }
  // "" when both canary zones are intact, else which side and the first changed offset.
  std::string Damage() const {
    for (size_t i = 0; i < kGuard; ++i) {
      if (mem_[kGuard - 1 - i] != kCanary)
        return "wrote " + std::to_string(i + 1) + " byte(s) before";
    }
    for (size_t i = kGuard; i > 0; --i) {
      if (mem_[kGuard + n_ + i - 1] != kCanary)
        return "wrote " + std::to_string(i) + " byte(s) past";
    }
    return "";
  }

 private:
  size_t n_;
  std::unique_ptr<uint8_t[]> mem_;
};

#define EXPECT_INTACT(g, what) \
  EXPECT_EQ((g).Damage(), "") << what << " (buffer of " << (g).size() << ")"

class OutputBoundsTest : public test_util::PerImplTest {
 protected:
  std::mt19937_64 rng_{17};
};

constexpr size_t kGcmTags[] = {4, 8, 12, 13, 14, 15, 16};

// An AEAD's one-shot calls with text_len bytes of text and tag_len of tag, each output in a
// guarded buffer of exactly its size: seal(ct, tag), open(out, ct, tag) of the sealed text, and
// open with the tag's byte flip_at changed, which fails with kAuthFailed and zeroes its output.
using SealFn = std::function<Status(uint8_t* ct, uint8_t* tag)>;
using OpenFn = std::function<Status(uint8_t* out, const uint8_t* ct, const uint8_t* tag)>;
void ExpectAeadOutputsInBounds(size_t text_len, size_t tag_len, size_t flip_at, const SealFn& seal,
                               const OpenFn& open) {
  Guarded ct(text_len), tag(tag_len);
  ASSERT_EQ(seal(ct.data(), tag.data()), Status::kOk);
  EXPECT_INTACT(ct, "seal text");
  EXPECT_INTACT(tag, "seal tag");
  const Bytes c = ct.bytes();
  Bytes tg = tag.bytes();
  Guarded out(text_len);
  EXPECT_EQ(open(out.data(), c.data(), tg.data()), Status::kOk);
  EXPECT_INTACT(out, "open text");
  tg[flip_at] ^= 0x80;
  Guarded bad(text_len);
  EXPECT_EQ(open(bad.data(), c.data(), tg.data()), Status::kAuthFailed);
  EXPECT_INTACT(bad, "open text on a bad tag");
  EXPECT_EQ(bad.bytes(), Bytes(text_len, 0));
}

TEST_P(OutputBoundsTest, GcmOneShotBothRegimes) {
  AriaGcmKey k;
  const Bytes key = RandomBytes(rng_, 16), iv = RandomBytes(rng_, 12);
  ASSERT_EQ(k.Init(GetParam(), key.data(), key.size()), Status::kOk);
  for (size_t text_len : {0, 1, 15, 16, 17, 239, 240, 241, 300, 1000}) {
    for (size_t aad_len : {0, 13, 64, 65}) {
      const Bytes pt = RandomBytes(rng_, text_len), aad = RandomBytes(rng_, aad_len);
      for (size_t t : kGcmTags) {
        SCOPED_TRACE("text_len=" + std::to_string(text_len) +
                     " aad_len=" + std::to_string(aad_len) + " tag_len=" + std::to_string(t));
        ExpectAeadOutputsInBounds(
            text_len, t, 0,
            [&](uint8_t* ct, uint8_t* tag) {
              return AriaGcmSeal(k, ct, tag, t, iv.data(), 12, pt.data(), text_len, aad.data(),
                                 aad_len);
            },
            [&](uint8_t* out, const uint8_t* ct, const uint8_t* tag) {
              return AriaGcmOpen(k, out, iv.data(), 12, ct, text_len, tag, t, aad.data(), aad_len);
            });
      }
    }
  }
}

TEST_P(OutputBoundsTest, GcmStreamingChunksAndTags) {
  AriaGcmKey k;
  const Bytes key = RandomBytes(rng_, 32), iv = RandomBytes(rng_, 7);
  ASSERT_EQ(k.Init(GetParam(), key.data(), key.size()), Status::kOk);
  const Bytes aad = RandomBytes(rng_, 21), pt = RandomBytes(rng_, 517);
  for (size_t chunk : {1, 3, 15, 16, 17, 100, 517}) {
    for (size_t t : kGcmTags) {
      SCOPED_TRACE("chunk=" + std::to_string(chunk) + " tag_len=" + std::to_string(t));
      AriaGcmContext ctx;
      ASSERT_EQ(ctx.Start(k, iv.data(), iv.size()), Status::kOk);
      ASSERT_EQ(ctx.UpdateAad(aad.data(), aad.size()), Status::kOk);
      Bytes ct;
      for (size_t off = 0; off < pt.size(); off += chunk) {
        const size_t n = std::min(chunk, pt.size() - off);
        Guarded o(n);
        ASSERT_EQ(ctx.UpdateEncrypt(o.data(), pt.data() + off, n), Status::kOk);
        EXPECT_INTACT(o, "UpdateEncrypt at " << off);
        const Bytes b = o.bytes();
        ct.insert(ct.end(), b.begin(), b.end());
      }
      Guarded tag(t);
      ASSERT_EQ(ctx.FinishEncrypt(tag.data(), t), Status::kOk);
      EXPECT_INTACT(tag, "FinishEncrypt tag");
      ASSERT_EQ(ctx.Start(k, iv.data(), iv.size()), Status::kOk);
      ASSERT_EQ(ctx.UpdateAad(aad.data(), aad.size()), Status::kOk);
      for (size_t off = 0; off < ct.size(); off += chunk) {
        const size_t n = std::min(chunk, ct.size() - off);
        Guarded o(n);
        ASSERT_EQ(ctx.UpdateDecrypt(o.data(), ct.data() + off, n), Status::kOk);
        EXPECT_INTACT(o, "UpdateDecrypt at " << off);
      }
      const Bytes tg = tag.bytes();
      EXPECT_EQ(ctx.FinishDecrypt(tg.data(), t), Status::kOk);
    }
  }
}

TEST_P(OutputBoundsTest, Ccm) {
  AriaKey k;
  const Bytes key = RandomBytes(rng_, 24);
  ASSERT_EQ(AriaSetEncryptKey(&k, key.data(), key.size()), Status::kOk);
  for (size_t text_len : {0, 1, 15, 16, 33, 300}) {
    for (size_t t = 4; t <= 16; t += 2) {
      SCOPED_TRACE("text_len=" + std::to_string(text_len) + " tag_len=" + std::to_string(t));
      const Bytes nonce = RandomBytes(rng_, 7 + t % 7), pt = RandomBytes(rng_, text_len);
      const Bytes aad = RandomBytes(rng_, t);
      ExpectAeadOutputsInBounds(
          text_len, t, t - 1,
          [&](uint8_t* ct, uint8_t* tag) {
            return AriaCcmSeal(GetParam(), k, ct, tag, t, nonce.data(), nonce.size(), pt.data(),
                               text_len, aad.data(), aad.size());
          },
          [&](uint8_t* out, const uint8_t* ct, const uint8_t* tag) {
            return AriaCcmOpen(GetParam(), k, out, nonce.data(), nonce.size(), ct, text_len, tag, t,
                               aad.data(), aad.size());
          });
    }
  }
}

// KW or KWP (SP 800-38F §6.2, §6.3): wrap, unwrap, and an unwrap that fails on byte `flip` of the
// wrapping changed; each output buffer exactly as long as the result (pt padded to 8 bytes, +8).
struct KeyWrap {
  const char* name;
  Status (*wrap)(Impl, const AriaKey&, uint8_t*, size_t*, const uint8_t*, size_t);
  Status (*unwrap)(Impl, const AriaKey&, uint8_t*, size_t*, const uint8_t*, size_t);
};

void WrapRound(Impl impl, const KeyWrap& kw, const AriaKey& ek, const AriaKey& dk, const Bytes& pt,
               size_t flip) {
  const std::string name = kw.name;
  const size_t padded = (pt.size() + 7) / 8 * 8;
  size_t out_len = 0;
  Guarded w(padded + 8);
  ASSERT_EQ(kw.wrap(impl, ek, w.data(), &out_len, pt.data(), pt.size()), Status::kOk);
  EXPECT_INTACT(w, name + " wrap");
  Bytes c = w.bytes();
  Guarded u(padded);
  EXPECT_EQ(kw.unwrap(impl, dk, u.data(), &out_len, c.data(), c.size()), Status::kOk);
  EXPECT_INTACT(u, name + " unwrap");
  c[flip] ^= 1;
  Guarded f(padded);
  EXPECT_EQ(kw.unwrap(impl, dk, f.data(), &out_len, c.data(), c.size()), Status::kAuthFailed);
  EXPECT_INTACT(f, name + " unwrap on failure");
}

TEST_P(OutputBoundsTest, KwAndKwp) {
  AriaKey ek, dk;
  const Bytes key = RandomBytes(rng_, 16);
  ASSERT_EQ(AriaSetEncryptKey(&ek, key.data(), key.size()), Status::kOk);
  ASSERT_EQ(AriaSetDecryptKey(&dk, key.data(), key.size()), Status::kOk);
  for (size_t n = 16; n <= 72; n += 8) {
    SCOPED_TRACE("KW in_len=" + std::to_string(n));
    WrapRound(GetParam(), {"KW", AriaKwWrap, AriaKwUnwrap}, ek, dk, RandomBytes(rng_, n), 3);
  }
  for (size_t n = 1; n <= 40; ++n) {
    SCOPED_TRACE("KWP in_len=" + std::to_string(n));
    const size_t last = (n + 7) / 8 * 8 + 7;  // the wrapping's last byte
    WrapRound(GetParam(), {"KWP", AriaKwpWrap, AriaKwpUnwrap}, ek, dk, RandomBytes(rng_, n), last);
  }
}

TEST_P(OutputBoundsTest, CmacTags) {
  AriaKey k;
  const Bytes key = RandomBytes(rng_, 32);
  ASSERT_EQ(AriaSetEncryptKey(&k, key.data(), key.size()), Status::kOk);
  for (size_t msg_len : {0, 1, 16, 17, 100}) {
    const Bytes msg = RandomBytes(rng_, msg_len);
    for (size_t t = 1; t <= 16; ++t) {
      SCOPED_TRACE("msg_len=" + std::to_string(msg_len) + " tag_len=" + std::to_string(t));
      Guarded tag(t);
      ASSERT_EQ(AriaCmac(GetParam(), k, tag.data(), t, msg.data(), msg_len), Status::kOk);
      EXPECT_INTACT(tag, "CMAC tag");
    }
  }
}

TEST_P(OutputBoundsTest, CbcPkcs5) {
  AriaKey ek, dk;
  const Bytes key = RandomBytes(rng_, 16), iv = RandomBytes(rng_, 16);
  ASSERT_EQ(AriaSetEncryptKey(&ek, key.data(), key.size()), Status::kOk);
  ASSERT_EQ(AriaSetDecryptKey(&dk, key.data(), key.size()), Status::kOk);
  for (size_t n = 0; n <= 50; ++n) {
    SCOPED_TRACE("in_len=" + std::to_string(n));
    const Bytes pt = RandomBytes(rng_, n);
    size_t out_len = 0, back_len = 0;
    Guarded c(n - n % 16 + 16);
    ASSERT_EQ(AriaCbcPkcs5Encrypt(GetParam(), ek, c.data(), &out_len, iv.data(), pt.data(), n),
              Status::kOk);
    EXPECT_INTACT(c, "encrypt");
    Bytes cb = c.bytes();
    Guarded d(cb.size());
    EXPECT_EQ(
        AriaCbcPkcs5Decrypt(GetParam(), dk, d.data(), &back_len, iv.data(), cb.data(), cb.size()),
        Status::kOk);
    EXPECT_INTACT(d, "decrypt");
    // Flip bit 6 of the last padding byte (through the IV or the previous block): never valid.
    Bytes bad_iv = iv;
    if (cb.size() == 16) {
      bad_iv[15] ^= 0x40;
    } else {
      cb[cb.size() - 17] ^= 0x40;
    }
    Guarded f(cb.size());
    const Status s = AriaCbcPkcs5Decrypt(GetParam(), dk, f.data(), &back_len, bad_iv.data(),
                                         cb.data(), cb.size());
    EXPECT_EQ(s, Status::kBadPadding);
    EXPECT_INTACT(f, "decrypt on bad padding");
  }
}

TEST_P(OutputBoundsTest, CfbOfbEachStreamingCall) {
  using Fn = Status (*)(Impl, const AriaKey&, AriaFeedbackState*, uint8_t*, const uint8_t*, size_t);
  const struct {
    const char* name;
    Fn fn;
  } kFns[] = {{"cfb128-encrypt", AriaCfb128Encrypt},
              {"cfb128-decrypt", AriaCfb128Decrypt},
              {"cfb8-encrypt", AriaCfb8Encrypt},
              {"cfb8-decrypt", AriaCfb8Decrypt},
              {"cfb1-encrypt", AriaCfb1Encrypt},
              {"cfb1-decrypt", AriaCfb1Decrypt},
              {"ofb", AriaOfb}};
  AriaKey ek;
  const Bytes key = RandomBytes(rng_, 16), iv = RandomBytes(rng_, 16);
  ASSERT_EQ(AriaSetEncryptKey(&ek, key.data(), key.size()), Status::kOk);
  for (const auto& f : kFns) {
    AriaFeedbackState st;
    AriaFeedbackInit(&st, iv.data());
    // Calls of 0..40 bytes: partial blocks, whole blocks, and the batched CFB128 decryption.
    for (size_t n = 0; n <= 40; ++n) {
      SCOPED_TRACE(std::string(f.name) + " call of " + std::to_string(n));
      const Bytes in = RandomBytes(rng_, n);
      Guarded out(n);
      ASSERT_EQ(f.fn(GetParam(), ek, &st, out.data(), in.data(), n), Status::kOk);
      EXPECT_INTACT(out, f.name);
    }
  }
}

ARIASUITE_INSTANTIATE_PER_IMPL(OutputBoundsTest);

}  // namespace
}  // namespace ariasuite
