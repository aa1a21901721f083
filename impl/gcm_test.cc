// Tests of gcm.cc on every path: round trips for all key sizes and every length 0..1100 against
// OpenSSL 3, streaming invariance over every split of message and AAD, rejection of every
// single-bit flip, the tag-length policy, IV lengths, limits, call-order errors, in-place use and
// what the streaming decrypt releases.
#include "impl/gcm.h"

#include <cstring>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "impl/gcm_limits.h"
#include "impl/testing/gcm_lengths.h"
#include "impl/testing/openssl_oracle_for_testing.h"
#include "impl/testing/test_util.h"
#include "vectors/model/hex.h"

namespace ariasuite {
namespace {

class GcmTest : public ::ariasuite::test_util::PerImplTest {
 protected:
  AriaGcmKey Key(const Bytes& key) {
    AriaGcmKey k;
    EXPECT_EQ(k.Init(GetParam(), key.data(), key.size()), Status::kOk);
    EXPECT_EQ(k.impl(), GetParam());
    return k;
  }
};

struct Message {
  Bytes key, iv, aad, pt;
};

Message RandomMessage(std::mt19937_64& rng, size_t key_len, size_t iv_len, size_t aad_len,
                      size_t pt_len) {
  return Message{RandomBytes(rng, key_len), RandomBytes(rng, iv_len), RandomBytes(rng, aad_len),
                 RandomBytes(rng, pt_len)};
}

TEST_P(GcmTest, EveryLengthRoundTripsAndMatchesOpenSsl) {
  std::mt19937_64 rng(8269);
  for (const Bytes& key : test_util::RandomKeyOfEachSize(rng)) {
    const AriaGcmKey k = Key(key);
    for (size_t len = 0; len <= 1100; ++len) {
      SCOPED_TRACE("key_len=" + std::to_string(key.size()) + " len=" + std::to_string(len));
      const Bytes iv = RandomBytes(rng, len % 7 == 3 ? 1 + rng() % 40 : 12);
      const Bytes aad = RandomBytes(rng, rng() % 35);
      const Bytes pt = RandomBytes(rng, len);
      Bytes ct(len), tag(16), back(len);
      ASSERT_EQ(AriaGcmSeal(k, ct.data(), tag.data(), 16, iv.data(), iv.size(), pt.data(), len,
                            aad.data(), aad.size()),
                Status::kOk);
      const auto want = openssl_oracle::GcmSeal("ARIA", key, iv, aad, pt);
      ASSERT_TRUE(want.has_value());
      ASSERT_EQ(Hex(ct), Hex(want->ct));
      ASSERT_EQ(Hex(tag), Hex(want->tag));
      ASSERT_EQ(AriaGcmOpen(k, back.data(), iv.data(), iv.size(), ct.data(), len, tag.data(), 16,
                            aad.data(), aad.size()),
                Status::kOk);
      ASSERT_EQ(Hex(back), Hex(pt));
    }
  }
}

TEST_P(GcmTest, StreamingEverySplitGivesTheOneShotResult) {
  std::mt19937_64 rng(300);
  const Message m = RandomMessage(rng, 16, 12, 41, 300);
  const AriaGcmKey k = Key(m.key);
  Bytes ct(300), tag(16);
  ASSERT_EQ(AriaGcmSeal(k, ct.data(), tag.data(), 16, m.iv.data(), 12, m.pt.data(), 300,
                        m.aad.data(), m.aad.size()),
            Status::kOk);
  auto run = [&](size_t aad_split, size_t text_split, bool encrypt) {
    AriaGcmContext ctx;
    Bytes out(300);
    EXPECT_EQ(ctx.Start(k, m.iv.data(), 12), Status::kOk);
    EXPECT_EQ(ctx.UpdateAad(m.aad.data(), aad_split), Status::kOk);
    EXPECT_EQ(ctx.UpdateAad(m.aad.data() + aad_split, m.aad.size() - aad_split), Status::kOk);
    const Bytes& in = encrypt ? m.pt : ct;
    if (encrypt) {
      EXPECT_EQ(ctx.UpdateEncrypt(out.data(), in.data(), text_split), Status::kOk);
      EXPECT_EQ(
          ctx.UpdateEncrypt(out.data() + text_split, in.data() + text_split, 300 - text_split),
          Status::kOk);
      Bytes t(16);
      EXPECT_EQ(ctx.FinishEncrypt(t.data(), 16), Status::kOk);
      EXPECT_EQ(Hex(out), Hex(ct)) << "aad split " << aad_split << " text split " << text_split;
      EXPECT_EQ(Hex(t), Hex(tag)) << "aad split " << aad_split << " text split " << text_split;
    } else {
      EXPECT_EQ(ctx.UpdateDecrypt(out.data(), in.data(), text_split), Status::kOk);
      EXPECT_EQ(
          ctx.UpdateDecrypt(out.data() + text_split, in.data() + text_split, 300 - text_split),
          Status::kOk);
      EXPECT_EQ(ctx.FinishDecrypt(tag.data(), 16), Status::kOk);
      EXPECT_EQ(Hex(out), Hex(m.pt)) << "aad split " << aad_split << " text " << text_split;
    }
  };
  for (size_t s = 0; s <= 300; ++s) {
    run(17, s, true);
    run(17, s, false);
  }
  for (size_t s = 0; s <= m.aad.size(); ++s) {
    run(s, 150, true);
    run(s, 150, false);
  }
  // Many pieces of random sizes (0..33 bytes), AAD and text.
  for (int trial = 0; trial < 40; ++trial) {
    AriaGcmContext ctx;
    ASSERT_EQ(ctx.Start(k, m.iv.data(), 12), Status::kOk);
    for (size_t off = 0; off < m.aad.size();) {
      const size_t n = std::min<size_t>(rng() % 34, m.aad.size() - off);
      ASSERT_EQ(ctx.UpdateAad(m.aad.data() + off, n), Status::kOk);
      off += n;
    }
    Bytes out(300), t(16);
    for (size_t off = 0; off < 300;) {
      const size_t n = std::min<size_t>(rng() % 34, 300 - off);
      ASSERT_EQ(ctx.UpdateEncrypt(out.data() + off, m.pt.data() + off, n), Status::kOk);
      off += n;
    }
    ASSERT_EQ(ctx.FinishEncrypt(t.data(), 16), Status::kOk);
    EXPECT_EQ(Hex(out), Hex(ct));
    EXPECT_EQ(Hex(t), Hex(tag));
  }
}

TEST_P(GcmTest, EverySingleBitFlipIsRejected) {
  std::mt19937_64 rng(1);
  const Message m = RandomMessage(rng, 24, 12, 20, 37);
  const AriaGcmKey k = Key(m.key);
  Bytes ct(m.pt.size()), tag(16);
  ASSERT_EQ(AriaGcmSeal(k, ct.data(), tag.data(), 16, m.iv.data(), m.iv.size(), m.pt.data(),
                        m.pt.size(), m.aad.data(), m.aad.size()),
            Status::kOk);
  auto open = [&](Bytes iv, Bytes c, Bytes t, Bytes aad) {
    Bytes out(c.size(), 0xAA);
    const Status s = AriaGcmOpen(k, out.data(), iv.data(), iv.size(), c.data(), c.size(), t.data(),
                                 t.size(), aad.data(), aad.size());
    if (s != Status::kOk) {
      EXPECT_EQ(Hex(out), std::string(2 * c.size(), '0')) << "not zeroed";
    }
    return s;
  };
  ASSERT_EQ(open(m.iv, ct, tag, m.aad), Status::kOk);
  int flips = 0;
  for (size_t bit = 0; bit < 8 * ct.size(); ++bit, ++flips) {
    Bytes c = ct;
    c[bit / 8] ^= 1 << (bit % 8);
    ASSERT_EQ(open(m.iv, c, tag, m.aad), Status::kAuthFailed) << "ciphertext bit " << bit;
  }
  for (size_t bit = 0; bit < 128; ++bit, ++flips) {
    Bytes t = tag;
    t[bit / 8] ^= 1 << (bit % 8);
    ASSERT_EQ(open(m.iv, ct, t, m.aad), Status::kAuthFailed) << "tag bit " << bit;
  }
  for (size_t bit = 0; bit < 8 * m.aad.size(); ++bit, ++flips) {
    Bytes a = m.aad;
    a[bit / 8] ^= 1 << (bit % 8);
    ASSERT_EQ(open(m.iv, ct, tag, a), Status::kAuthFailed) << "aad bit " << bit;
  }
  for (size_t bit = 0; bit < 8 * m.iv.size(); ++bit, ++flips) {
    Bytes iv = m.iv;
    iv[bit / 8] ^= 1 << (bit % 8);
    ASSERT_EQ(open(iv, ct, tag, m.aad), Status::kAuthFailed) << "iv bit " << bit;
  }
  // A truncated or extended message is rejected too.
  Bytes shorter(ct.begin(), ct.end() - 1);
  EXPECT_EQ(open(m.iv, shorter, tag, m.aad), Status::kAuthFailed);
  Bytes longer = ct;
  longer.push_back(0);
  EXPECT_EQ(open(m.iv, longer, tag, m.aad), Status::kAuthFailed);
  EXPECT_EQ(flips, 8 * (37 + 16 + 20 + 12));
}

TEST_P(GcmTest, TagLengthPolicy) {
  std::mt19937_64 rng(2);
  const Message m = RandomMessage(rng, 16, 12, 5, 33);
  const AriaGcmKey k = Key(m.key);
  Bytes ct(33), full(16);
  ASSERT_EQ(
      AriaGcmSeal(k, ct.data(), full.data(), 16, m.iv.data(), 12, m.pt.data(), 33, m.aad.data(), 5),
      Status::kOk);
  for (size_t tag_len = 0; tag_len <= 20; ++tag_len) {
    SCOPED_TRACE("tag_len=" + std::to_string(tag_len));
    const bool allowed = tag_len == 4 || tag_len == 8 || (tag_len >= 12 && tag_len <= 16);
    Bytes tag(20, 0), out(33, 0);
    const Status seal = AriaGcmSeal(k, out.data(), tag.data(), tag_len, m.iv.data(), 12,
                                    m.pt.data(), 33, m.aad.data(), 5);
    const Status open = AriaGcmOpen(k, out.data(), m.iv.data(), 12, ct.data(), 33, full.data(),
                                    tag_len, m.aad.data(), 5);
    if (!allowed) {
      EXPECT_EQ(seal, Status::kBadTagLength);
      EXPECT_EQ(open, Status::kBadTagLength);
      continue;
    }
    ASSERT_EQ(seal, Status::kOk);
    // SP 800-38D §7.1 step 6: the tag is MSB_t of the full tag; OpenSSL agrees.
    EXPECT_EQ(Hex(tag.data(), tag_len), Hex(full.data(), tag_len));
    const auto want = openssl_oracle::GcmSeal("ARIA", m.key, m.iv, m.aad, m.pt, tag_len);
    ASSERT_TRUE(want.has_value());
    EXPECT_EQ(Hex(tag.data(), tag_len), Hex(want->tag));
    EXPECT_EQ(open, Status::kOk);
    EXPECT_TRUE(openssl_oracle::GcmOpen("ARIA", m.key, m.iv, m.aad, ct,
                                        Bytes(full.begin(), full.begin() + tag_len))
                    .has_value());
  }
  EXPECT_EQ(kGcmMinTagLen, 4u);
  EXPECT_EQ(kGcmMaxTagLen, 16u);
}

TEST_P(GcmTest, IvLengthsMatchOpenSsl) {
  std::mt19937_64 rng(3);
  const Bytes key = RandomBytes(rng, 32);
  const AriaGcmKey k = Key(key);
  for (size_t iv_len : {1, 2, 8, 11, 12, 13, 15, 16, 17, 31, 32, 33, 64, 100, 256, 1000}) {
    const Bytes iv = RandomBytes(rng, iv_len), aad = RandomBytes(rng, 9), pt = RandomBytes(rng, 50);
    Bytes ct(50), tag(16);
    ASSERT_EQ(
        AriaGcmSeal(k, ct.data(), tag.data(), 16, iv.data(), iv_len, pt.data(), 50, aad.data(), 9),
        Status::kOk);
    Bytes back(50);
    ASSERT_EQ(AriaGcmOpen(k, back.data(), iv.data(), iv_len, ct.data(), 50, tag.data(), 16,
                          aad.data(), 9),
              Status::kOk);
    EXPECT_EQ(Hex(back), Hex(pt));
    // OpenSSL 3.0 caps GCM IVs at 128 bytes (the Wycheproof LongIv cases cover longer ones).
    if (iv_len > 128) continue;
    const auto want = openssl_oracle::GcmSeal("ARIA", key, iv, aad, pt);
    ASSERT_TRUE(want.has_value()) << "iv_len " << iv_len;
    EXPECT_EQ(Hex(ct) + Hex(tag), Hex(want->ct) + Hex(want->tag)) << "iv_len " << iv_len;
  }
  uint8_t buf[16] = {}, tag[16] = {};
  EXPECT_EQ(AriaGcmSeal(k, buf, tag, 16, buf, 0, buf, 16, nullptr, 0), Status::kBadIvLength);
  EXPECT_EQ(AriaGcmOpen(k, buf, buf, 0, buf, 16, tag, 16, nullptr, 0), Status::kBadIvLength);
  AriaGcmContext ctx;
  EXPECT_EQ(ctx.Start(k, buf, 0), Status::kBadIvLength);
  EXPECT_EQ(ctx.UpdateAad(buf, 1), Status::kBadState);  // a failed Start leaves no message
}

TEST_P(GcmTest, InPlace) {
  std::mt19937_64 rng(4);
  const Message m = RandomMessage(rng, 16, 12, 13, 100);
  const AriaGcmKey k = Key(m.key);
  Bytes ref(100), tag(16), buf = m.pt, tag2(16);
  ASSERT_EQ(AriaGcmSeal(k, ref.data(), tag.data(), 16, m.iv.data(), 12, m.pt.data(), 100,
                        m.aad.data(), 13),
            Status::kOk);
  ASSERT_EQ(AriaGcmSeal(k, buf.data(), tag2.data(), 16, m.iv.data(), 12, buf.data(), 100,
                        m.aad.data(), 13),
            Status::kOk);
  EXPECT_EQ(Hex(buf), Hex(ref));
  EXPECT_EQ(Hex(tag2), Hex(tag));
  ASSERT_EQ(AriaGcmOpen(k, buf.data(), m.iv.data(), 12, buf.data(), 100, tag.data(), 16,
                        m.aad.data(), 13),
            Status::kOk);
  EXPECT_EQ(Hex(buf), Hex(m.pt));
}

TEST_P(GcmTest, EmptyMessagesAndNullPointers) {
  const Bytes key(16, 7);
  const AriaGcmKey k = Key(key);
  const Bytes iv(12, 1);
  uint8_t tag[16];
  ASSERT_EQ(AriaGcmSeal(k, nullptr, tag, 16, iv.data(), 12, nullptr, 0, nullptr, 0), Status::kOk);
  const auto want = openssl_oracle::GcmSeal("ARIA", key, iv, {}, {});
  ASSERT_TRUE(want.has_value());
  EXPECT_EQ(Hex(tag, 16), Hex(want->tag));
  EXPECT_EQ(AriaGcmOpen(k, nullptr, iv.data(), 12, nullptr, 0, tag, 16, nullptr, 0), Status::kOk);
  tag[0] ^= 1;
  EXPECT_EQ(AriaGcmOpen(k, nullptr, iv.data(), 12, nullptr, 0, tag, 16, nullptr, 0),
            Status::kAuthFailed);
}

TEST_P(GcmTest, StreamingDecryptReleasesUnverifiedPlaintext) {
  // Documented in gcm.h: UpdateDecrypt writes plaintext before the tag is checked, and a failing
  // FinishDecrypt obliges the caller to discard it.
  std::mt19937_64 rng(5);
  const Message m = RandomMessage(rng, 16, 12, 0, 40);
  const AriaGcmKey k = Key(m.key);
  Bytes ct(40), tag(16), out(40);
  ASSERT_EQ(AriaGcmSeal(k, ct.data(), tag.data(), 16, m.iv.data(), 12, m.pt.data(), 40, nullptr, 0),
            Status::kOk);
  tag[3] ^= 0x10;
  AriaGcmContext ctx;
  ASSERT_EQ(ctx.Start(k, m.iv.data(), 12), Status::kOk);
  ASSERT_EQ(ctx.UpdateDecrypt(out.data(), ct.data(), 40), Status::kOk);
  EXPECT_EQ(Hex(out), Hex(m.pt));
  EXPECT_EQ(ctx.FinishDecrypt(tag.data(), 16), Status::kAuthFailed);
}

TEST_P(GcmTest, CallOrderErrors) {
  const Bytes key(16, 9);
  const AriaGcmKey k = Key(key);
  uint8_t iv[12] = {}, buf[32] = {}, tag[16] = {};
  {
    AriaGcmContext ctx;  // use before Start
    EXPECT_EQ(ctx.UpdateAad(buf, 1), Status::kBadState);
    EXPECT_EQ(ctx.UpdateEncrypt(buf, buf, 1), Status::kBadState);
    EXPECT_EQ(ctx.UpdateDecrypt(buf, buf, 1), Status::kBadState);
    EXPECT_EQ(ctx.FinishEncrypt(tag, 16), Status::kBadState);
    EXPECT_EQ(ctx.FinishDecrypt(tag, 16), Status::kBadState);
  }
  {
    AriaGcmContext ctx;  // AAD after text; mixing directions; finish twice; update after finish
    ASSERT_EQ(ctx.Start(k, iv, 12), Status::kOk);
    ASSERT_EQ(ctx.UpdateAad(buf, 3), Status::kOk);
    ASSERT_EQ(ctx.UpdateEncrypt(buf, buf, 5), Status::kOk);
    EXPECT_EQ(ctx.UpdateAad(buf, 1), Status::kBadState);
    EXPECT_EQ(ctx.UpdateDecrypt(buf, buf, 1), Status::kBadState);
    EXPECT_EQ(ctx.FinishDecrypt(tag, 16), Status::kBadState);
    EXPECT_EQ(ctx.FinishEncrypt(tag, 7), Status::kBadTagLength);  // rejected, state unchanged
    ASSERT_EQ(ctx.FinishEncrypt(tag, 16), Status::kOk);
    EXPECT_EQ(ctx.FinishEncrypt(tag, 16), Status::kBadState);
    EXPECT_EQ(ctx.UpdateEncrypt(buf, buf, 1), Status::kBadState);
    EXPECT_EQ(ctx.UpdateAad(buf, 1), Status::kBadState);
    ASSERT_EQ(ctx.Start(k, iv, 12), Status::kOk);  // a new message
    EXPECT_EQ(ctx.UpdateAad(buf, 1), Status::kOk);
  }
  {
    AriaGcmContext ctx;
    ASSERT_EQ(ctx.Start(k, iv, 12), Status::kOk);
    ASSERT_EQ(ctx.UpdateDecrypt(buf, buf, 5), Status::kOk);
    EXPECT_EQ(ctx.UpdateEncrypt(buf, buf, 1), Status::kBadState);
    EXPECT_EQ(ctx.FinishEncrypt(tag, 16), Status::kBadState);
    EXPECT_NE(ctx.FinishDecrypt(tag, 16), Status::kBadState);
    EXPECT_EQ(ctx.FinishDecrypt(tag, 16), Status::kBadState);
  }
  AriaGcmKey uninitialized;
  EXPECT_EQ(AriaGcmSeal(uninitialized, buf, tag, 16, iv, 12, buf, 1, nullptr, 0),
            Status::kBadState);
  EXPECT_EQ(AriaGcmOpen(uninitialized, buf, iv, 12, buf, 1, tag, 16, nullptr, 0),
            Status::kBadState);
  AriaGcmContext ctx;
  EXPECT_EQ(ctx.Start(uninitialized, iv, 12), Status::kBadState);
}

TEST_P(GcmTest, LengthLimitsAreCheckedBeforeTouchingMemory) {
  // SP 800-38D §5.2.1.1. The buffers are 1 byte; the huge lengths are rejected before any access
  // (ASan would report a read past them otherwise).
  const Bytes key(16, 3);
  const AriaGcmKey k = Key(key);
  uint8_t iv[12] = {}, one[1] = {}, tag[16] = {};
  const size_t max_text = internal::kGcmMaxTextBytes;  // 2^36 - 32
  EXPECT_EQ(max_text, (size_t{1} << 36) - 32);
  EXPECT_EQ(AriaGcmSeal(k, one, tag, 16, iv, 12, one, max_text + 1, nullptr, 0), Status::kTooLong);
  EXPECT_EQ(AriaGcmOpen(k, one, iv, 12, one, max_text + 1, tag, 16, nullptr, 0), Status::kTooLong);
  EXPECT_EQ(AriaGcmSeal(k, one, tag, 16, iv, 12, one, 1, one, internal::kGcmMaxAadBytes + 1),
            Status::kTooLong);
  EXPECT_EQ(AriaGcmSeal(k, one, tag, 16, iv, internal::kGcmMaxIvBytes + 1, one, 1, nullptr, 0),
            Status::kTooLong);
  AriaGcmContext ctx;
  EXPECT_EQ(ctx.Start(k, iv, internal::kGcmMaxIvBytes + 1), Status::kTooLong);
  ASSERT_EQ(ctx.Start(k, iv, 12), Status::kOk);
  EXPECT_EQ(ctx.UpdateEncrypt(one, one, max_text + 1), Status::kTooLong);
  EXPECT_EQ(ctx.UpdateAad(one, internal::kGcmMaxAadBytes + 1), Status::kTooLong);
  // Cumulatively: pretend most of the budget was used already (test hook), then cross it.
  internal::SetGcmLengthsForTesting(&ctx, internal::kGcmMaxAadBytes - 1, 0);
  EXPECT_EQ(ctx.UpdateAad(one, 1), Status::kOk);
  EXPECT_EQ(ctx.UpdateAad(one, 1), Status::kTooLong);
  ASSERT_EQ(ctx.Start(k, iv, 12), Status::kOk);
  internal::SetGcmLengthsForTesting(&ctx, 0, max_text - 1);
  EXPECT_EQ(ctx.UpdateEncrypt(one, one, 1), Status::kOk);
  EXPECT_EQ(ctx.UpdateEncrypt(one, one, 1), Status::kTooLong);
  EXPECT_EQ(ctx.FinishEncrypt(tag, 16), Status::kOk);
  ASSERT_EQ(ctx.Start(k, iv, 12), Status::kOk);
  internal::SetGcmLengthsForTesting(&ctx, 0, max_text);
  EXPECT_EQ(ctx.UpdateDecrypt(one, one, 1), Status::kTooLong);
}

TEST_P(GcmTest, BadKeyLength) {
  AriaGcmKey k;
  uint8_t key[40] = {};
  for (size_t len : {0, 15, 17, 23, 31, 33, 40}) {
    EXPECT_EQ(k.Init(GetParam(), key, len), Status::kBadKeyLength) << len;
    EXPECT_FALSE(k.initialized());
  }
}

ARIASUITE_INSTANTIATE_PER_IMPL(GcmTest);

TEST(GcmUnsupportedTest, InitOnUnsupportedPath) {
  uint8_t key[16] = {};
  std::vector<Impl> unsupported = {static_cast<Impl>(99)};  // never runnable, on any CPU
  for (Impl impl : AllImpls()) {
    if (!IsSupported(impl)) unsupported.push_back(impl);
  }
  for (Impl impl : unsupported) {
    AriaGcmKey k;
    EXPECT_EQ(k.Init(impl, key, 16), Status::kUnsupportedImpl) << ImplName(impl);
    EXPECT_FALSE(k.initialized());
  }
}

}  // namespace
}  // namespace ariasuite
