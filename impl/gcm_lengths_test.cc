// GCM's lengths block past 32 bits (SP 800-38D §7.1 step 5: [len(A)]_64 || [len(C)]_64 in bits):
// tags whose lengths block holds values >= 2^32 bits, 2^29..2^36 bytes of text or AAD, compared
// with an independent computation on every path. Seal and open agreeing with each other would hide
// a truncated or unscaled count, so the expected tag never comes from impl/.
//
// Streaming (every path): the counts are set with the test hook (AriaGcmContext::
// SetGcmLengthsForTesting) after a short real message. GHASH is linear in its last block, so the
// tag for fake counts L' is OpenSSL's tag for the real message XOR (L xor L')·H, H = ARIA_K(0^128)
// from OpenSSL's raw ECB, the multiply oracles/gcm_math's GfMul (SP 800-38D §6.3 Algorithm 1,
// sharing no code with impl/).
// One-shot (SIMD paths, whose GHASH runs at a few cycles per byte): a real 2^29-byte AAD (exactly
// 2^32 bits, low 32 bits zero) and 2^29 + 3 bytes, against OpenSSL's ARIA-GCM.
#include "impl/testing/gcm_lengths.h"

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "impl/gcm.h"
#include "impl/testing/openssl_oracle_for_testing.h"
#include "impl/testing/test_util.h"
#include "oracles/gcm_math.h"
#include "vectors/model/hex.h"

namespace ariasuite {
namespace {

void PutBe64(uint8_t* p, uint64_t v) {
  for (int i = 7; i >= 0; --i, v >>= 8) p[i] = static_cast<uint8_t>(v);
}

// The full tag for a message whose lengths block says (aad_bytes, text_bytes) instead of its real
// lengths: OpenSSL's tag XOR (L_real xor L_fake)·H.
Bytes ExpectedTag(const Bytes& key, const Bytes& iv, const Bytes& aad, const Bytes& pt,
                  uint64_t aad_bytes, uint64_t text_bytes) {
  auto real = openssl_oracle::GcmSeal("ARIA", key, iv, aad, pt, 16);
  auto h = openssl_oracle::Cipher("ARIA", "ECB", key, {}, Bytes(16, 0), true);
  if (!real || !h || h->size() != 16) return {};
  uint8_t real_l[16], fake_l[16];
  PutBe64(real_l, uint64_t{aad.size()} * 8);
  PutBe64(real_l + 8, uint64_t{pt.size()} * 8);
  PutBe64(fake_l, aad_bytes * 8);
  PutBe64(fake_l + 8, text_bytes * 8);
  oracles::Block diff{}, hb{};
  for (int i = 0; i < 16; ++i) {
    diff[i] = real_l[i] ^ fake_l[i];
    hb[i] = (*h)[i];
  }
  const oracles::Block prod = oracles::GfMul(diff, hb);
  Bytes tag = real->tag;
  for (int i = 0; i < 16; ++i) tag[i] ^= prod[i];
  return tag;
}

class GcmLengthsTest : public test_util::PerImplTest {};

// Byte counts whose bit counts are >= 2^32: around 2^29, 2^32, 2^33 and the text limit 2^36 - 32.
constexpr uint64_t kBigCounts[] = {uint64_t{1} << 29,         (uint64_t{1} << 29) + 1,
                                   (uint64_t{1} << 29) + 15,  (uint64_t{1} << 32) - 1,
                                   uint64_t{1} << 32,         (uint64_t{1} << 33) + 7,
                                   (uint64_t{1} << 35) + 123, (uint64_t{1} << 36) - 32};

TEST_P(GcmLengthsTest, StreamingLengthsBlockPast32BitsMatchesIndependentTag) {
  std::mt19937_64 rng(29);
  const Bytes key = RandomBytes(rng, 16), iv = RandomBytes(rng, 12);
  const Bytes aad = RandomBytes(rng, 20), pt = RandomBytes(rng, 37);
  AriaGcmKey k;
  ASSERT_EQ(k.Init(GetParam(), key.data(), key.size()), Status::kOk);
  auto real = openssl_oracle::GcmSeal("ARIA", key, iv, aad, pt, 16);
  ASSERT_TRUE(real);
  struct Counts {
    uint64_t aad, text;
  };
  std::vector<Counts> cases;
  for (uint64_t n : kBigCounts) {
    cases.push_back({aad.size(), n});  // text past 32 bits
    cases.push_back({n, pt.size()});   // AAD past 32 bits
    cases.push_back({n + 5, n});       // both
  }
  cases.push_back({(uint64_t{1} << 60) + 3, pt.size()});  // AAD bits past 2^63
  for (const Counts& c : cases) {
    SCOPED_TRACE("aad_bytes=" + std::to_string(c.aad) + " text_bytes=" + std::to_string(c.text));
    const Bytes want = ExpectedTag(key, iv, aad, pt, c.aad, c.text);
    ASSERT_EQ(want.size(), 16u);
    for (size_t tag_len : {16, 12, 8, 4}) {
      SCOPED_TRACE("tag_len=" + std::to_string(tag_len));
      AriaGcmContext ctx;
      Bytes ct(pt.size()), tag(tag_len);
      ASSERT_EQ(ctx.Start(k, iv.data(), iv.size()), Status::kOk);
      ASSERT_EQ(ctx.UpdateAad(aad.data(), aad.size()), Status::kOk);
      ASSERT_EQ(ctx.UpdateEncrypt(ct.data(), pt.data(), pt.size()), Status::kOk);
      internal::SetGcmLengthsForTesting(&ctx, c.aad, c.text);
      ASSERT_EQ(ctx.FinishEncrypt(tag.data(), tag_len), Status::kOk);
      EXPECT_EQ(Hex(ct), Hex(real->ct));
      EXPECT_EQ(Hex(tag), Hex(want.data(), tag_len));
      // Open side: the independent tag must be accepted, and a flipped one refused.
      Bytes back(pt.size());
      ASSERT_EQ(ctx.Start(k, iv.data(), iv.size()), Status::kOk);
      ASSERT_EQ(ctx.UpdateAad(aad.data(), aad.size()), Status::kOk);
      ASSERT_EQ(ctx.UpdateDecrypt(back.data(), real->ct.data(), real->ct.size()), Status::kOk);
      internal::SetGcmLengthsForTesting(&ctx, c.aad, c.text);
      EXPECT_EQ(ctx.FinishDecrypt(want.data(), tag_len), Status::kOk);
      ASSERT_EQ(ctx.Start(k, iv.data(), iv.size()), Status::kOk);
      ASSERT_EQ(ctx.UpdateAad(aad.data(), aad.size()), Status::kOk);
      ASSERT_EQ(ctx.UpdateDecrypt(back.data(), real->ct.data(), real->ct.size()), Status::kOk);
      internal::SetGcmLengthsForTesting(&ctx, c.aad, c.text);
      EXPECT_EQ(ctx.FinishDecrypt(real->tag.data(), tag_len), Status::kAuthFailed);
    }
  }
}

TEST_P(GcmLengthsTest, OneShotRealAadOf2To29Bytes) {
  if (GetParam() == Impl::kScalar) {
    GTEST_SKIP() << "512 MiB through the scalar GHASH is too slow; scalar's lengths block is "
                    "the shared GcmState code, checked by the streaming test";
  }
  std::mt19937_64 rng(32);
  const Bytes key = RandomBytes(rng, 32), iv = RandomBytes(rng, 12), pt = RandomBytes(rng, 19);
  AriaGcmKey k;
  ASSERT_EQ(k.Init(GetParam(), key.data(), key.size()), Status::kOk);
  for (size_t aad_len : {size_t{1} << 29, (size_t{1} << 29) + 3}) {
    SCOPED_TRACE("aad_len=" + std::to_string(aad_len));
    Bytes aad(aad_len);
    for (size_t i = 0; i < aad_len; i += 4096) aad[i] = static_cast<uint8_t>(i >> 12);
    auto want = openssl_oracle::GcmSeal("ARIA", key, iv, aad, pt, 16);
    ASSERT_TRUE(want);
    Bytes ct(pt.size()), tag(16);
    ASSERT_EQ(AriaGcmSeal(k, ct.data(), tag.data(), 16, iv.data(), iv.size(), pt.data(), pt.size(),
                          aad.data(), aad.size()),
              Status::kOk);
    EXPECT_EQ(Hex(tag), Hex(want->tag));
    Bytes back(pt.size());
    EXPECT_EQ(AriaGcmOpen(k, back.data(), iv.data(), iv.size(), want->ct.data(), want->ct.size(),
                          want->tag.data(), 16, aad.data(), aad.size()),
              Status::kOk);
  }
}

ARIASUITE_INSTANTIATE_PER_IMPL(GcmLengthsTest);

}  // namespace
}  // namespace ariasuite
