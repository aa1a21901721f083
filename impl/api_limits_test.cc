// Every limit of every mode, on both directions (seal and open, wrap and unwrap, MAC and verify,
// encrypt and decrypt) and on both GCM APIs (one-shot and streaming), on every path: a bound
// enforced on one side only is a fault this suite exists to catch (issue 17, class 1).
//  GCM (SP 800-38D §5.2.1): IV >= 1 byte; tags 4, 8, 12..16; len(P) <= 2^39 - 256 bits, also
//    cumulatively while streaming (test hook SetGcmLengthsForTesting); len(A) <= 2^64 - 1 bits.
//  CCM (SP 800-38C §A.1): nonce 7..13; tag 4..16 even; len(P) < 2^(8q), q = 15 - nonce_len.
//  KW / KWP (SP 800-38F §5.3.1, §6.2, §6.3): semiblock counts and minimum sizes.
//  CMAC (SP 800-38B §6.2): tag 1..16. CBC-PKCS5: input multiple of 16, padding 1..16.
//  CFB128, CFB8, CFB1, OFB: any length; a streaming state whose num is past 15 is kBadState.
#include <cstdint>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "impl/aria.h"
#include "impl/cbc_pkcs5.h"
#include "impl/ccm.h"
#include "impl/cmac.h"
#include "impl/gcm.h"
#include "impl/gcm_limits.h"
#include "impl/keywrap.h"
#include "impl/modes.h"
#include "impl/testing/gcm_lengths.h"
#include "impl/testing/test_util.h"

namespace ariasuite {
namespace {

class ApiLimitsTest : public test_util::PerImplTest {
 protected:
  AriaGcmKey GcmKey() {
    AriaGcmKey k;
    const Bytes key(16, 7);
    EXPECT_EQ(k.Init(GetParam(), key.data(), key.size()), Status::kOk);
    return k;
  }
  AriaKey EncKey() {
    AriaKey k;
    const Bytes key(16, 9);
    EXPECT_EQ(AriaSetEncryptKey(&k, key.data(), key.size()), Status::kOk);
    return k;
  }
  AriaKey DecKey() {
    AriaKey k;
    const Bytes key(16, 9);
    EXPECT_EQ(AriaSetDecryptKey(&k, key.data(), key.size()), Status::kOk);
    return k;
  }
};

bool GcmTagOk(size_t t) { return t == 4 || t == 8 || (t >= 12 && t <= 16); }

TEST_P(ApiLimitsTest, GcmIvOfZeroBytesRefusedEverywhere) {
  const AriaGcmKey k = GcmKey();
  uint8_t iv[12] = {}, buf[4] = {}, tag[16] = {};
  EXPECT_EQ(AriaGcmSeal(k, buf, tag, 16, iv, 0, buf, 4, nullptr, 0), Status::kBadIvLength);
  EXPECT_EQ(AriaGcmOpen(k, buf, iv, 0, buf, 4, tag, 16, nullptr, 0), Status::kBadIvLength);
  AriaGcmContext ctx;
  EXPECT_EQ(ctx.Start(k, iv, 0), Status::kBadIvLength);
  EXPECT_EQ(ctx.UpdateDecrypt(buf, buf, 4), Status::kBadState);  // no message was started
  // One byte is the minimum, and is accepted on both sides.
  ASSERT_EQ(AriaGcmSeal(k, buf, tag, 16, iv, 1, buf, 4, nullptr, 0), Status::kOk);
  EXPECT_EQ(AriaGcmOpen(k, buf, iv, 1, buf, 4, tag, 16, nullptr, 0), Status::kOk);
}

TEST_P(ApiLimitsTest, GcmTagLengthsOnBothSidesAndBothApis) {
  const AriaGcmKey k = GcmKey();
  std::mt19937_64 rng(1);
  const Bytes iv = RandomBytes(rng, 12);
  for (size_t text_len : {5, 300}) {  // the short one-shot regime and the long one
    const Bytes pt = RandomBytes(rng, text_len), aad = RandomBytes(rng, 3);
    Bytes ct(text_len), full(16), out(text_len);
    ASSERT_EQ(AriaGcmSeal(k, ct.data(), full.data(), 16, iv.data(), 12, pt.data(), text_len,
                          aad.data(), aad.size()),
              Status::kOk);
    for (size_t t = 0; t <= 17; ++t) {
      SCOPED_TRACE("text_len=" + std::to_string(text_len) + " tag_len=" + std::to_string(t));
      const Status want = GcmTagOk(t) ? Status::kOk : Status::kBadTagLength;
      Bytes tag(17);
      EXPECT_EQ(AriaGcmSeal(k, ct.data(), tag.data(), t, iv.data(), 12, pt.data(), text_len,
                            aad.data(), aad.size()),
                want);
      EXPECT_EQ(AriaGcmOpen(k, out.data(), iv.data(), 12, ct.data(), text_len, full.data(), t,
                            aad.data(), aad.size()),
                want);
      AriaGcmContext ctx;
      ASSERT_EQ(ctx.Start(k, iv.data(), 12), Status::kOk);
      ASSERT_EQ(ctx.UpdateAad(aad.data(), aad.size()), Status::kOk);
      ASSERT_EQ(ctx.UpdateEncrypt(out.data(), pt.data(), text_len), Status::kOk);
      EXPECT_EQ(ctx.FinishEncrypt(tag.data(), t), want);
      ASSERT_EQ(ctx.Start(k, iv.data(), 12), Status::kOk);
      ASSERT_EQ(ctx.UpdateAad(aad.data(), aad.size()), Status::kOk);
      ASSERT_EQ(ctx.UpdateDecrypt(out.data(), ct.data(), text_len), Status::kOk);
      EXPECT_EQ(ctx.FinishDecrypt(full.data(), t), want);
    }
  }
}

TEST_P(ApiLimitsTest, GcmTextLimitOnBothSidesOneShotAndStreaming) {
  const AriaGcmKey k = GcmKey();
  uint8_t iv[12] = {}, one[1] = {}, tag[16] = {};
  const uint64_t max_text = internal::kGcmMaxTextBytes;  // 2^39 - 256 bits
  ASSERT_EQ(max_text, (uint64_t{1} << 36) - 32);
  // One-shot, both sides, refused before the buffers are touched.
  EXPECT_EQ(AriaGcmSeal(k, one, tag, 16, iv, 12, one, max_text + 1, nullptr, 0), Status::kTooLong);
  EXPECT_EQ(AriaGcmOpen(k, one, iv, 12, one, max_text + 1, tag, 16, nullptr, 0), Status::kTooLong);
  EXPECT_EQ(AriaGcmOpen(k, one, iv, 12, one, SIZE_MAX, tag, 16, nullptr, 0), Status::kTooLong);
  // Streaming, in one call and cumulatively, for each direction.
  for (bool enc : {true, false}) {
    SCOPED_TRACE(enc ? "encrypt" : "decrypt");
    auto update = [&](AriaGcmContext& c, size_t n) {
      return enc ? c.UpdateEncrypt(one, one, n) : c.UpdateDecrypt(one, one, n);
    };
    AriaGcmContext ctx;
    ASSERT_EQ(ctx.Start(k, iv, 12), Status::kOk);
    EXPECT_EQ(update(ctx, max_text + 1), Status::kTooLong);
    ASSERT_EQ(ctx.Start(k, iv, 12), Status::kOk);
    internal::SetGcmLengthsForTesting(&ctx, 0, max_text - 1);
    EXPECT_EQ(update(ctx, 1), Status::kOk);  // exactly at the limit
    EXPECT_EQ(update(ctx, 1), Status::kTooLong);
    EXPECT_EQ(update(ctx, 0), Status::kOk);
    ASSERT_EQ(ctx.Start(k, iv, 12), Status::kOk);
    internal::SetGcmLengthsForTesting(&ctx, 0, max_text - 1);
    EXPECT_EQ(update(ctx, 2), Status::kTooLong);  // crossing within one call
  }
}

TEST_P(ApiLimitsTest, GcmAadLimitOnBothSidesOneShotAndStreaming) {
  const AriaGcmKey k = GcmKey();
  uint8_t iv[12] = {}, one[1] = {}, tag[16] = {};
  const uint64_t max_aad = internal::kGcmMaxAadBytes;  // 2^64 - 1 bits, whole bytes
  ASSERT_EQ(max_aad, (uint64_t{1} << 61) - 1);
  EXPECT_EQ(AriaGcmSeal(k, one, tag, 16, iv, 12, one, 1, one, max_aad + 1), Status::kTooLong);
  EXPECT_EQ(AriaGcmOpen(k, one, iv, 12, one, 1, tag, 16, one, max_aad + 1), Status::kTooLong);
  EXPECT_EQ(AriaGcmOpen(k, one, iv, 12, one, 1, tag, 16, one, SIZE_MAX), Status::kTooLong);
  for (bool enc : {true, false}) {
    SCOPED_TRACE(enc ? "then encrypt" : "then decrypt");
    AriaGcmContext ctx;
    ASSERT_EQ(ctx.Start(k, iv, 12), Status::kOk);
    EXPECT_EQ(ctx.UpdateAad(one, max_aad + 1), Status::kTooLong);
    ASSERT_EQ(ctx.Start(k, iv, 12), Status::kOk);
    internal::SetGcmLengthsForTesting(&ctx, max_aad - 1, 0);
    EXPECT_EQ(ctx.UpdateAad(one, 1), Status::kOk);
    EXPECT_EQ(ctx.UpdateAad(one, 1), Status::kTooLong);
    // The AAD at its limit still finishes, with either direction.
    uint8_t out[1];
    if (enc) {
      EXPECT_EQ(ctx.UpdateEncrypt(out, one, 1), Status::kOk);
      EXPECT_EQ(ctx.FinishEncrypt(tag, 16), Status::kOk);
    } else {
      EXPECT_EQ(ctx.UpdateDecrypt(out, one, 1), Status::kOk);
      EXPECT_EQ(ctx.FinishDecrypt(tag, 16), Status::kAuthFailed);
    }
  }
}

TEST_P(ApiLimitsTest, CcmNonceAndTagLengthsOnBothSides) {
  const AriaKey k = EncKey();
  std::mt19937_64 rng(2);
  const Bytes pt = RandomBytes(rng, 21), aad = RandomBytes(rng, 5);
  for (size_t n = 0; n <= 16; ++n) {
    for (size_t t = 0; t <= 18; ++t) {
      SCOPED_TRACE("nonce_len=" + std::to_string(n) + " tag_len=" + std::to_string(t));
      const Bytes nonce = RandomBytes(rng, n);
      const bool nonce_ok = n >= 7 && n <= 13, tag_ok = t >= 4 && t <= 16 && t % 2 == 0;
      EXPECT_EQ(AriaCcmNonceLengthOk(n), nonce_ok);
      EXPECT_EQ(AriaCcmTagLengthOk(t), tag_ok);
      Bytes ct(pt.size()), tag(18), back(pt.size());
      const Status s = AriaCcmSeal(GetParam(), k, ct.data(), tag.data(), t, nonce.data(), n,
                                   pt.data(), pt.size(), aad.data(), aad.size());
      const Status o = AriaCcmOpen(GetParam(), k, back.data(), nonce.data(), n, ct.data(),
                                   ct.size(), tag.data(), t, aad.data(), aad.size());
      if (!nonce_ok) {
        EXPECT_EQ(s, Status::kBadIvLength);
        EXPECT_EQ(o, Status::kBadIvLength);
      } else if (!tag_ok) {
        EXPECT_EQ(s, Status::kBadTagLength);
        EXPECT_EQ(o, Status::kBadTagLength);
      } else {
        EXPECT_EQ(s, Status::kOk);
        EXPECT_EQ(o, Status::kOk);
      }
    }
  }
}

TEST_P(ApiLimitsTest, CcmLengthFieldOnBothSides) {
  // nonce 13 -> q = 2: at most 2^16 - 1 bytes; nonce 12 -> q = 3: at most 2^24 - 1.
  const AriaKey k = EncKey();
  for (size_t nonce_len : {13, 12}) {
    // 16 MiB through the scalar CBC-MAC takes a minute; the length check is path-independent code.
    if (nonce_len == 12 && GetParam() == Impl::kScalar) continue;
    const size_t max = (size_t{1} << (8 * (15 - nonce_len))) - 1;
    SCOPED_TRACE("nonce_len=" + std::to_string(nonce_len));
    const Bytes nonce(nonce_len, 1);
    Bytes in(max + 1, 2), out(max + 1), tag(16);
    EXPECT_EQ(AriaCcmSeal(GetParam(), k, out.data(), tag.data(), 16, nonce.data(), nonce_len,
                          in.data(), max + 1, nullptr, 0),
              Status::kTooLong);
    EXPECT_EQ(AriaCcmOpen(GetParam(), k, out.data(), nonce.data(), nonce_len, in.data(), max + 1,
                          tag.data(), 16, nullptr, 0),
              Status::kTooLong);
    EXPECT_EQ(AriaCcmOpen(GetParam(), k, out.data(), nonce.data(), nonce_len, in.data(), SIZE_MAX,
                          tag.data(), 16, nullptr, 0),
              Status::kTooLong);
    ASSERT_EQ(AriaCcmSeal(GetParam(), k, out.data(), tag.data(), 16, nonce.data(), nonce_len,
                          in.data(), max, nullptr, 0),
              Status::kOk);
    Bytes back(max);
    EXPECT_EQ(AriaCcmOpen(GetParam(), k, back.data(), nonce.data(), nonce_len, out.data(), max,
                          tag.data(), 16, nullptr, 0),
              Status::kOk);
  }
}

TEST_P(ApiLimitsTest, KwAndKwpSemiblockCountsOnBothSides) {
  const AriaKey ek = EncKey(), dk = DecKey();
  Bytes in(64, 3), out(80);
  size_t out_len = 0;
  for (size_t n = 0; n <= 40; ++n) {
    SCOPED_TRACE("in_len=" + std::to_string(n));
    // KW: wrap needs >= 2 semiblocks of plaintext, unwrap >= 3 of ciphertext; whole semiblocks.
    const bool kw_wrap_ok = n % 8 == 0 && n >= 16, kw_unwrap_ok = n % 8 == 0 && n >= 24;
    EXPECT_EQ(AriaKwWrap(GetParam(), ek, out.data(), &out_len, in.data(), n) == Status::kOk,
              kw_wrap_ok);
    const Status u = AriaKwUnwrap(GetParam(), dk, out.data(), &out_len, in.data(), n);
    if (kw_unwrap_ok) {
      EXPECT_EQ(u, Status::kAuthFailed);
    } else {
      EXPECT_EQ(u, Status::kBadInputLength);
    }
    // KWP: wrap any 1..2^32-1 bytes; unwrap whole semiblocks, >= 2.
    EXPECT_EQ(AriaKwpWrap(GetParam(), ek, out.data(), &out_len, in.data(), n) == Status::kOk,
              n >= 1);
    const Status up = AriaKwpUnwrap(GetParam(), dk, out.data(), &out_len, in.data(), n);
    if (n % 8 == 0 && n >= 16) {
      EXPECT_EQ(up, Status::kAuthFailed);
    } else {
      EXPECT_EQ(up, Status::kBadInputLength);
    }
  }
  // A wrap of the minimum unwraps on the other side, for both.
  Bytes w(24), back(16);
  ASSERT_EQ(AriaKwWrap(GetParam(), ek, w.data(), &out_len, in.data(), 16), Status::kOk);
  EXPECT_EQ(AriaKwUnwrap(GetParam(), dk, back.data(), &out_len, w.data(), 24), Status::kOk);
  ASSERT_EQ(AriaKwpWrap(GetParam(), ek, w.data(), &out_len, in.data(), 1), Status::kOk);
  EXPECT_EQ(out_len, 16u);
  EXPECT_EQ(AriaKwpUnwrap(GetParam(), dk, back.data(), &out_len, w.data(), 16), Status::kOk);
  EXPECT_EQ(out_len, 1u);
  // KWP's 32-bit length field: 2^32 bytes refused before the buffer is touched.
  EXPECT_EQ(AriaKwpWrap(GetParam(), ek, out.data(), &out_len, in.data(), size_t{1} << 32),
            Status::kBadInputLength);
}

TEST_P(ApiLimitsTest, CmacTagLengthOnBothSides) {
  const AriaKey k = EncKey();
  const Bytes msg(33, 4);
  Bytes full(16);
  ASSERT_EQ(AriaCmac(GetParam(), k, full.data(), 16, msg.data(), msg.size()), Status::kOk);
  for (size_t t = 0; t <= 17; ++t) {
    SCOPED_TRACE("tag_len=" + std::to_string(t));
    const bool ok = t >= 1 && t <= 16;
    Bytes tag(17);
    EXPECT_EQ(AriaCmac(GetParam(), k, tag.data(), t, msg.data(), msg.size()),
              ok ? Status::kOk : Status::kBadTagLength);
    EXPECT_EQ(AriaCmacVerify(GetParam(), k, full.data(), t, msg.data(), msg.size()),
              ok ? Status::kOk : Status::kBadTagLength);
  }
}

TEST_P(ApiLimitsTest, CbcPkcs5LengthsAndPaddingOnBothSides) {
  const AriaKey ek = EncKey(), dk = DecKey();
  const uint8_t iv[16] = {};
  Bytes in(64, 5), out(80);
  size_t out_len = 0;
  for (size_t n = 0; n <= 48; ++n) {
    SCOPED_TRACE("in_len=" + std::to_string(n));
    ASSERT_EQ(AriaCbcPkcs5Encrypt(GetParam(), ek, out.data(), &out_len, iv, in.data(), n),
              Status::kOk);
    EXPECT_EQ(out_len, n - n % 16 + 16);
    Bytes back(out_len);
    size_t back_len = 0;
    EXPECT_EQ(AriaCbcPkcs5Decrypt(GetParam(), dk, back.data(), &back_len, iv, out.data(), out_len),
              Status::kOk);
    EXPECT_EQ(back_len, n);
    const Status d = AriaCbcPkcs5Decrypt(GetParam(), dk, back.data(), &back_len, iv, in.data(), n);
    if (n == 0 || n % 16 != 0) {
      EXPECT_EQ(d, Status::kBadInputLength);
    }
  }
  // Padding values 0 and 17..255 refused: encrypt a block ending in that byte, decrypt it raw.
  for (int pad : {0, 17, 255}) {
    SCOPED_TRACE("pad=" + std::to_string(pad));
    Bytes block(16, static_cast<uint8_t>(pad)), ct(32), back(32);
    size_t ct_len = 0, back_len = 0;
    ASSERT_EQ(AriaCbcPkcs5Encrypt(GetParam(), ek, ct.data(), &ct_len, iv, block.data(), 16),
              Status::kOk);
    EXPECT_EQ(AriaCbcPkcs5Decrypt(GetParam(), dk, back.data(), &back_len, iv, ct.data(), 16),
              Status::kBadPadding);
  }
}

TEST_P(ApiLimitsTest, CfbOfbStateOutOfRangeRefusedInBothDirections) {
  using Fn = Status (*)(Impl, const AriaKey&, AriaFeedbackState*, uint8_t*, const uint8_t*, size_t);
  const AriaKey k = EncKey();
  const uint8_t iv[16] = {1};
  for (Fn fn : {AriaCfb128Encrypt, AriaCfb128Decrypt, AriaCfb8Encrypt, AriaCfb8Decrypt,
                AriaCfb1Encrypt, AriaCfb1Decrypt, AriaOfb}) {
    AriaFeedbackState st;
    AriaFeedbackInit(&st, iv);
    uint8_t buf[4] = {1, 2, 3, 4};
    st.num = 15;  // the largest valid value
    EXPECT_EQ(fn(GetParam(), k, &st, buf, buf, 0), Status::kOk);
    st.num = 16;
    EXPECT_EQ(fn(GetParam(), k, &st, buf, buf, sizeof(buf)), Status::kBadState);
    EXPECT_EQ(buf[0] + buf[1] + buf[2] + buf[3], 10) << "wrote output on a bad state";
    EXPECT_EQ(st.num, 16u);
  }
}

ARIASUITE_INSTANTIATE_PER_IMPL(ApiLimitsTest);

}  // namespace
}  // namespace ariasuite
