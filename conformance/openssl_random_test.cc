// Differential test against OpenSSL 3 EVP on every path: 10,000 random cases per mode (ARIA-ECB,
// CBC, CTR and GCM) with random key sizes, lengths, IVs, IV lengths (GCM), tag lengths (within
// gcm.h's policy) and AAD, plus a random bit flip on a tenth of the GCM cases that both must
// reject. Fixed seeds; a mismatch prints the inputs as hex.
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "impl/aria.h"
#include "impl/gcm.h"
#include "impl/modes.h"
#include "impl/testing/openssl_oracle_for_testing.h"
#include "impl/testing/test_util.h"
#include "vectors/model/hex.h"

namespace ariasuite {
namespace {

constexpr int kCases = 10000;

size_t RandomLength(std::mt19937_64& rng) {
  // Mostly short (tails and single blocks matter most), sometimes a few kilobytes.
  return rng() % 20 == 0 ? rng() % 4097 : rng() % 260;
}

size_t RandomKeyLength(std::mt19937_64& rng) { return 16 + 8 * (rng() % 3); }

class OpenSslRandomTest : public ::ariasuite::test_util::PerImplTest {
 protected:
  Impl impl() const { return GetParam(); }
};

TEST_P(OpenSslRandomTest, EcbAndCbc) {
  std::mt19937_64 rng(0xEC8C8C);
  for (int i = 0; i < 2 * kCases; ++i) {  // kCases each of ECB (even i) and CBC (odd i)
    const Bytes key = RandomBytes(rng, RandomKeyLength(rng));
    const Bytes in = RandomBytes(rng, RandomLength(rng) & ~size_t{15});
    const Bytes iv = RandomBytes(rng, 16);
    const bool cbc = i % 2 == 1;
    AriaKey ek, dk;
    ASSERT_EQ(AriaSetEncryptKey(&ek, key.data(), key.size()), Status::kOk);
    ASSERT_EQ(AriaSetDecryptKey(&dk, key.data(), key.size()), Status::kOk);
    Bytes ct(in.size()), back(in.size());
    uint8_t v[16];
    std::memcpy(v, iv.data(), 16);
    if (cbc) {
      ASSERT_EQ(AriaCbcEncrypt(impl(), ek, v, ct.data(), in.data(), in.size()), Status::kOk);
    } else {
      ASSERT_EQ(AriaEcb(impl(), ek, ct.data(), in.data(), in.size()), Status::kOk);
    }
    const auto want =
        openssl_oracle::Cipher("ARIA", cbc ? "CBC" : "ECB", key, cbc ? iv : Bytes{}, in, true);
    ASSERT_TRUE(want.has_value());
    ASSERT_EQ(Hex(ct), Hex(*want)) << "case " << i << (cbc ? " CBC" : " ECB") << " key " << Hex(key)
                                   << " iv " << Hex(iv) << " in " << Hex(in);
    std::memcpy(v, iv.data(), 16);
    if (cbc) {
      ASSERT_EQ(AriaCbcDecrypt(impl(), dk, v, back.data(), ct.data(), ct.size()), Status::kOk);
    } else {
      ASSERT_EQ(AriaEcb(impl(), dk, back.data(), ct.data(), ct.size()), Status::kOk);
    }
    ASSERT_EQ(Hex(back), Hex(in)) << "case " << i;
  }
}

TEST_P(OpenSslRandomTest, Ctr) {
  std::mt19937_64 rng(0xC7C7C7);
  for (int i = 0; i < kCases; ++i) {
    const Bytes key = RandomBytes(rng, RandomKeyLength(rng));
    const Bytes in = RandomBytes(rng, RandomLength(rng));
    Bytes iv = RandomBytes(rng, 16);
    if (i % 10 == 0) std::memset(iv.data() + 8, 0xff, 8);  // carries past 64 bits
    AriaKey ek;
    ASSERT_EQ(AriaSetEncryptKey(&ek, key.data(), key.size()), Status::kOk);
    Bytes ct(in.size());
    AriaCtrState st;
    AriaCtrInit(&st, iv.data());
    // Two pieces, split at a random point, to exercise the streaming state.
    const size_t split = in.empty() ? 0 : rng() % (in.size() + 1);
    ASSERT_EQ(AriaCtr(impl(), ek, &st, ct.data(), in.data(), split), Status::kOk);
    ASSERT_EQ(AriaCtr(impl(), ek, &st, ct.data() + split, in.data() + split, in.size() - split),
              Status::kOk);
    const auto want = openssl_oracle::Cipher("ARIA", "CTR", key, iv, in, true);
    ASSERT_TRUE(want.has_value());
    ASSERT_EQ(Hex(ct), Hex(*want))
        << "case " << i << " key " << Hex(key) << " iv " << Hex(iv) << " in " << Hex(in);
  }
}

TEST_P(OpenSslRandomTest, Gcm) {
  std::mt19937_64 rng(0x6C6D);
  static constexpr size_t kTagLens[] = {4, 8, 12, 13, 14, 15, 16};
  int tampered = 0;
  for (int i = 0; i < kCases; ++i) {
    const Bytes key = RandomBytes(rng, RandomKeyLength(rng));
    const size_t iv_len = rng() % 10 < 7 ? 12 : 1 + rng() % 128;
    const Bytes iv = RandomBytes(rng, iv_len);
    const Bytes aad = RandomBytes(rng, rng() % 4 == 0 ? 0 : rng() % 80);
    const Bytes pt = RandomBytes(rng, RandomLength(rng));
    const size_t tag_len = rng() % 3 == 0 ? kTagLens[rng() % 7] : 16;
    AriaGcmKey k;
    ASSERT_EQ(k.Init(impl(), key.data(), key.size()), Status::kOk);
    Bytes ct(pt.size()), tag(tag_len);
    ASSERT_EQ(AriaGcmSeal(k, ct.data(), tag.data(), tag_len, iv.data(), iv.size(), pt.data(),
                          pt.size(), aad.data(), aad.size()),
              Status::kOk);
    const auto want = openssl_oracle::GcmSeal("ARIA", key, iv, aad, pt, tag_len);
    ASSERT_TRUE(want.has_value());
    ASSERT_EQ(Hex(ct) + "/" + Hex(tag), Hex(want->ct) + "/" + Hex(want->tag))
        << "case " << i << " key " << Hex(key) << " iv " << Hex(iv) << " aad " << Hex(aad) << " pt "
        << Hex(pt) << " tag_len " << tag_len;
    Bytes back(pt.size());
    ASSERT_EQ(AriaGcmOpen(k, back.data(), iv.data(), iv.size(), want->ct.data(), want->ct.size(),
                          want->tag.data(), tag_len, aad.data(), aad.size()),
              Status::kOk)
        << "case " << i;
    ASSERT_EQ(Hex(back), Hex(pt));
    if (i % 10 == 0) {
      // Flip one random bit of ct || tag || aad: both must reject.
      Bytes c = ct, t = tag, a = aad;
      const size_t total = 8 * (c.size() + t.size() + a.size());
      size_t bit = rng() % total;
      Bytes* target = &c;
      if (bit >= 8 * c.size()) {
        bit -= 8 * c.size();
        target = &t;
        if (bit >= 8 * t.size()) {
          bit -= 8 * t.size();
          target = &a;
        }
      }
      (*target)[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
      EXPECT_EQ(AriaGcmOpen(k, back.data(), iv.data(), iv.size(), c.data(), c.size(), t.data(),
                            t.size(), a.data(), a.size()),
                Status::kAuthFailed)
          << "case " << i;
      EXPECT_FALSE(openssl_oracle::GcmOpen("ARIA", key, iv, a, c, t).has_value()) << "case " << i;
      ++tampered;
    }
  }
  EXPECT_EQ(tampered, kCases / 10);
}

ARIASUITE_INSTANTIATE_PER_IMPL(OpenSslRandomTest);

}  // namespace
}  // namespace ariasuite
