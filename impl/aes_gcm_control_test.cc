// Checks the GCM layer (gcm.cc) instantiated with AES against AES-GCM oracles: FIPS 197 Appendix C
// for the AES itself, OpenSSL 3 for AES blocks and random AES-GCM messages, and Wycheproof's
// aes_gcm_test.json (SKIP when ../shared is absent); the GCM ones once per path, since each path
// brings its own GHASH.
#include "impl/aes_gcm_control.h"

#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "impl/aes_ni_control.h"
#include "impl/sbox.h"
#include "impl/testing/dispatch_counting.h"
#include "impl/testing/openssl_oracle_for_testing.h"
#include "impl/testing/test_util.h"
#include "vectors/model/hex.h"
#include "vectors/testdata.h"
#include "vectors/wycheproof_aead.h"

namespace ariasuite {
namespace {

using model::HexLiteral;

// The SubBytes table is built from sbox.cc's S1 in 64-byte batches; each entry must equal S1
// computed for that byte alone (ApplySbox), and FIPS 197 §5.1.1's worked example S(0x53) = 0xed.
TEST(AesForTestingTest, SboxTableEqualsComputedS1) {
  const uint8_t* table = AesControlSboxTable();
  for (int x = 0; x < 256; ++x) {
    const uint8_t v = static_cast<uint8_t>(x);
    EXPECT_EQ(table[x], internal::ApplySbox(internal::Sbox::kS1, v)) << "input " << x;
  }
  EXPECT_EQ(table[0x53], 0xed);
  EXPECT_EQ(AesControlSboxTable(), table) << "the table is built once";
}

TEST(AesForTestingTest, Fips197AppendixC) {
  // FIPS 197, Appendix C.1 (AES-128), C.2 (AES-192), C.3 (AES-256): plaintext
  // 00112233445566778899aabbccddeeff, key 000102... of the key size.
  const struct {
    const char* key;
    const char* ct;
  } kCases[] = {
      {"000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"},
      {"000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"},
      {"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
       "8ea2b7ca516745bfeafc49904b496089"},
  };
  const Bytes pt = HexLiteral("00112233445566778899aabbccddeeff");
  for (const auto& c : kCases) {
    const Bytes key = HexLiteral(c.key);
    AesControlKey k;
    ASSERT_EQ(AesControlSetKey(&k, key.data(), key.size()), Status::kOk);
    uint8_t out[16];
    AesControlEncryptBlock(k, out, pt.data());
    EXPECT_EQ(Hex(out, 16), c.ct) << "key " << c.key;
    const auto ossl = openssl_oracle::Cipher("AES", "ECB", key, {}, pt, true);
    ASSERT_TRUE(ossl.has_value());
    EXPECT_EQ(Hex(*ossl), c.ct) << "OpenSSL, key " << c.key;
  }
  AesControlKey k;
  uint8_t key[32] = {};
  EXPECT_EQ(AesControlSetKey(&k, key, 20), Status::kBadKeyLength);
}

TEST(AesForTestingTest, RandomBlocksMatchOpenSsl) {
  std::mt19937_64 rng(197);
  for (int i = 0; i < 300; ++i) {
    const Bytes key = RandomBytes(rng, 16 + 8 * (i % 3)), pt = RandomBytes(rng, 16);
    AesControlKey k;
    ASSERT_EQ(AesControlSetKey(&k, key.data(), key.size()), Status::kOk);
    uint8_t out[16];
    AesControlEncryptBlock(k, out, pt.data());
    const auto ossl = openssl_oracle::Cipher("AES", "ECB", key, {}, pt, true);
    ASSERT_TRUE(ossl.has_value());
    ASSERT_EQ(Hex(out, 16), Hex(*ossl)) << "key " << Hex(key);
  }
}

// The two ways the AES instance encrypts (AES-NI where the CPU has it, the table rounds elsewhere)
// give the same blocks, one to five at a time, in place or not; OpenSSL checks whichever runs here.
TEST(AesForTestingTest, AesNiEqualsTableRounds) {
  if (!AesNiControlSupported()) GTEST_SKIP() << "SKIP: this CPU has no AES-NI";
  std::mt19937_64 rng(1197);
  for (int i = 0; i < 300; ++i) {
    const Bytes key = RandomBytes(rng, 16 + 8 * (i % 3));
    const size_t n = 1 + i % 5;
    Bytes in = RandomBytes(rng, 16 * n), by_tables(16 * n), by_ni(16 * n);
    AesControlKey k;
    ASSERT_EQ(AesControlSetKey(&k, key.data(), key.size()), Status::kOk);
    AesControlEncryptBlocksWithTables(k, by_tables.data(), in.data(), n);
    AesNiControlEncryptBlocks(k.rk, k.rounds, by_ni.data(), in.data(), n);
    ASSERT_EQ(Hex(by_ni), Hex(by_tables)) << "key " << Hex(key);
    AesNiControlEncryptBlocks(k.rk, k.rounds, in.data(), in.data(), n);  // in place
    ASSERT_EQ(Hex(in), Hex(by_tables)) << "in place, key " << Hex(key);
  }
}

// The GCM tests run once per path: AesGcmControlKey::Init(path) takes that path's GHASH.
class AesGcmPerPathTest : public test_util::PerImplTest {};

// Random messages on this path = OpenSSL's AES-GCM. A quarter of them have up to 200 blocks of
// text or AAD, so the SIMD GHASHs' batches of 8..64 blocks and their tails all run, not only the
// single blocks of short messages.
TEST_P(AesGcmPerPathTest, RandomMessagesMatchOpenSsl) {
  std::mt19937_64 rng(38);
  static constexpr size_t kTagLens[] = {4, 8, 12, 13, 14, 15, 16};
  for (int i = 0; i < 1200; ++i) {
    const bool long_message = i % 4 == 3;
    const Bytes key = RandomBytes(rng, 16 + 8 * (rng() % 3));
    const Bytes iv = RandomBytes(rng, rng() % 3 ? 12 : 1 + rng() % 100);
    const Bytes aad = RandomBytes(rng, rng() % (long_message ? 3200 : 50));
    const Bytes pt = RandomBytes(rng, rng() % (long_message ? 3200 : 200));
    const size_t tag_len = kTagLens[rng() % 7];
    AesGcmControlKey k;
    ASSERT_EQ(k.Init(GetParam(), key.data(), key.size()), Status::kOk);
    Bytes ct(pt.size()), tag(tag_len), back(pt.size());
    ASSERT_EQ(AesGcmControlSeal(k, ct.data(), tag.data(), tag_len, iv.data(), iv.size(), pt.data(),
                                pt.size(), aad.data(), aad.size()),
              Status::kOk);
    const auto want = openssl_oracle::GcmSeal("AES", key, iv, aad, pt, tag_len);
    ASSERT_TRUE(want.has_value());
    ASSERT_EQ(Hex(ct) + "/" + Hex(tag), Hex(want->ct) + "/" + Hex(want->tag))
        << "case " << i << " key " << Hex(key) << " iv " << Hex(iv) << " aad " << Hex(aad) << " pt "
        << Hex(pt);
    ASSERT_EQ(AesGcmControlOpen(k, back.data(), iv.data(), iv.size(), ct.data(), ct.size(),
                                tag.data(), tag_len, aad.data(), aad.size()),
              Status::kOk);
    ASSERT_EQ(Hex(back), Hex(pt));
  }
}

// The GHASH that runs is this path's and no other's: with dispatch counting on, Init takes the
// path's counting table, and a seal calls into that path only.
TEST_P(AesGcmPerPathTest, RunsThePathsGhash) {
  const Bytes key = HexLiteral("000102030405060708090a0b0c0d0e0f");
  uint8_t iv[12] = {}, text[100] = {}, tag[16];
  internal::SetBackendCallCounting(true);
  AesGcmControlKey k;
  const Status init = k.Init(GetParam(), key.data(), key.size());
  const Status seal =
      AesGcmControlSeal(k, text, tag, sizeof(tag), iv, sizeof(iv), text, sizeof(text), iv, 5);
  const std::string calls = internal::CallsOnlyOn(GetParam(), 2);  // ghash_init, >= 1 ghash
  internal::SetBackendCallCounting(false);
  ASSERT_EQ(init, Status::kOk);
  ASSERT_EQ(seal, Status::kOk);
  EXPECT_EQ(calls, "") << "for " << ImplName(GetParam());
}

TEST_P(AesGcmPerPathTest, WycheproofAesGcm) {
  std::string looked_in;
  const std::string shared = testdata::SharedDir(&looked_in);
  if (shared.empty()) {
    GTEST_SKIP() << "SKIP: shared Wycheproof vectors not found (looked in: " << looked_in
                 << "); under bazel pass --test_env=ARIASUITE_SHARED_DIR=/path/to/shared";
  }
  const std::string path = shared + "/vectors/wycheproof/aes_gcm_test.json";
  std::vector<wycheproof::AeadCase> cases;
  std::string error;
  ASSERT_TRUE(wycheproof::LoadAeadFile(path, "AES-GCM", &cases, &error)) << error;
  int valid = 0, rejected = 0;
  for (const auto& c : cases) {
    SCOPED_TRACE(path + ":tcId " + std::to_string(c.tc_id) + " (" + c.result + ")");
    AesGcmControlKey k;
    ASSERT_EQ(k.Init(GetParam(), c.key.data(), c.key.size()), Status::kOk);
    const size_t n = c.msg.size();
    Bytes ct(n + 1), tag(16), pt(n + 1);
    const Status seal = AesGcmControlSeal(k, ct.data(), tag.data(), c.tag.size(), c.iv.data(),
                                          c.iv.size(), c.msg.data(), n, c.aad.data(), c.aad.size());
    const Status open = AesGcmControlOpen(k, pt.data(), c.iv.data(), c.iv.size(), c.ct.data(), n,
                                          c.tag.data(), c.tag.size(), c.aad.data(), c.aad.size());
    if (c.result == "valid") {
      ASSERT_EQ(seal, Status::kOk);
      EXPECT_EQ(Hex(ct.data(), n) + "/" + Hex(tag.data(), c.tag.size()),
                Hex(c.ct) + "/" + Hex(c.tag));
      ASSERT_EQ(open, Status::kOk);
      EXPECT_EQ(Hex(pt.data(), n), Hex(c.msg));
      ++valid;
    } else if (c.result == "invalid") {
      EXPECT_NE(open, Status::kOk);
      if (c.iv.empty()) {
        EXPECT_EQ(seal, Status::kBadIvLength);
      }
      if (open != Status::kOk) ++rejected;
    }
  }
  std::printf(
      "Wycheproof %s through the GCM layer on %s: %zu cases: %d valid reproduced, %d invalid "
      "rejected\n",
      path.c_str(), ImplName(GetParam()), cases.size(), valid, rejected);
  EXPECT_EQ(static_cast<size_t>(valid + rejected), cases.size());
}

ARIASUITE_INSTANTIATE_PER_IMPL(AesGcmPerPathTest);

TEST(AesGcmForTestingTest, UninitializedKeyIsRefused) {
  AesGcmControlKey uninitialized;
  uint8_t buf[16] = {};
  EXPECT_EQ(AesGcmControlSeal(uninitialized, buf, buf, 16, buf, 12, buf, 1, nullptr, 0),
            Status::kBadState);
  EXPECT_EQ(AesGcmControlOpen(uninitialized, buf, buf, 12, buf, 1, buf, 16, nullptr, 0),
            Status::kBadState);
}

// A path this CPU cannot run (and a value that is no path) is refused at Init, never run, and
// leaves the key unusable.
TEST(AesGcmForTestingTest, InitOnUnsupportedPath) {
  uint8_t key[16] = {}, buf[16] = {};
  std::vector<Impl> unsupported = {static_cast<Impl>(99)};  // never runnable, on any CPU
  for (Impl impl : AllImpls()) {
    if (!IsSupported(impl)) unsupported.push_back(impl);
  }
  for (Impl impl : unsupported) {
    AesGcmControlKey k;
    EXPECT_EQ(k.Init(impl, key, 16), Status::kUnsupportedImpl) << ImplName(impl);
    EXPECT_EQ(AesGcmControlSeal(k, buf, buf, 16, buf, 12, buf, 1, nullptr, 0), Status::kBadState)
        << ImplName(impl);
  }
  // A key that worked before and is then re-initialised on no path is unusable too.
  AesGcmControlKey k;
  ASSERT_EQ(k.Init(Impl::kScalar, key, 16), Status::kOk);
  EXPECT_EQ(k.Init(static_cast<Impl>(99), key, 16), Status::kUnsupportedImpl);
  EXPECT_EQ(AesGcmControlSeal(k, buf, buf, 16, buf, 12, buf, 1, nullptr, 0), Status::kBadState);
}

}  // namespace
}  // namespace ariasuite
