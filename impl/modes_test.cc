// Tests of modes.cc on every path: ECB, CBC and CTR round trips for all key sizes and lengths
// against OpenSSL 3, CBC chaining, CTR streaming and 128-bit counter wrap, in-place use, and
// bad input.
#include "impl/modes.h"

#include <cstring>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "impl/aria.h"
#include "impl/testing/openssl_oracle_for_testing.h"
#include "impl/testing/test_util.h"
#include "vectors/model/hex.h"

namespace ariasuite {
namespace {

class ModesTest : public ::ariasuite::test_util::PerImplTest {
 protected:
  Impl impl() const { return GetParam(); }
};

struct Keys {
  AriaKey enc, dec;
};

Keys MakeKeys(const Bytes& key) {
  Keys k;
  EXPECT_EQ(AriaSetEncryptKey(&k.enc, key.data(), key.size()), Status::kOk);
  EXPECT_EQ(AriaSetDecryptKey(&k.dec, key.data(), key.size()), Status::kOk);
  return k;
}

TEST_P(ModesTest, EcbAndCbcEveryBlockCountMatchOpenSsl) {
  std::mt19937_64 rng(38);
  for (const Bytes& key : test_util::RandomKeyOfEachSize(rng)) {
    const Keys k = MakeKeys(key);
    for (size_t len = 0; len <= 1104; len += 16) {
      SCOPED_TRACE("key_len=" + std::to_string(key.size()) + " len=" + std::to_string(len));
      const Bytes pt = RandomBytes(rng, len);
      const Bytes iv = RandomBytes(rng, 16);
      Bytes ct(len), back(len);
      ASSERT_EQ(AriaEcb(impl(), k.enc, ct.data(), pt.data(), len), Status::kOk);
      ASSERT_EQ(AriaEcb(impl(), k.dec, back.data(), ct.data(), len), Status::kOk);
      EXPECT_EQ(Hex(back), Hex(pt));
      auto want = openssl_oracle::Cipher("ARIA", "ECB", key, {}, pt, true);
      ASSERT_TRUE(want.has_value());
      EXPECT_EQ(Hex(ct), Hex(*want));

      uint8_t v[16];
      std::memcpy(v, iv.data(), 16);
      ASSERT_EQ(AriaCbcEncrypt(impl(), k.enc, v, ct.data(), pt.data(), len), Status::kOk);
      want = openssl_oracle::Cipher("ARIA", "CBC", key, iv, pt, true);
      ASSERT_TRUE(want.has_value());
      EXPECT_EQ(Hex(ct), Hex(*want));
      // The IV is left at the last ciphertext block (or unchanged for empty input).
      EXPECT_EQ(Hex(v, 16), len == 0 ? Hex(iv) : Hex(ct.data() + len - 16, 16));
      std::memcpy(v, iv.data(), 16);
      ASSERT_EQ(AriaCbcDecrypt(impl(), k.dec, v, back.data(), ct.data(), len), Status::kOk);
      EXPECT_EQ(Hex(back), Hex(pt));
    }
  }
}

TEST_P(ModesTest, CtrEveryLengthMatchesOpenSsl) {
  std::mt19937_64 rng(65);
  for (const Bytes& key : test_util::RandomKeyOfEachSize(rng)) {
    const Keys k = MakeKeys(key);
    for (size_t len = 0; len <= 1100; ++len) {
      const Bytes pt = RandomBytes(rng, len);
      const Bytes iv = RandomBytes(rng, 16);
      Bytes ct(len), back(len);
      AriaCtrState st;
      AriaCtrInit(&st, iv.data());
      ASSERT_EQ(AriaCtr(impl(), k.enc, &st, ct.data(), pt.data(), len), Status::kOk);
      const auto want = openssl_oracle::Cipher("ARIA", "CTR", key, iv, pt, true);
      ASSERT_TRUE(want.has_value());
      ASSERT_EQ(Hex(ct), Hex(*want)) << "key_len=" << key.size() << " len=" << len;
      AriaCtrInit(&st, iv.data());
      ASSERT_EQ(AriaCtr(impl(), k.enc, &st, back.data(), ct.data(), len), Status::kOk);
      ASSERT_EQ(Hex(back), Hex(pt));
    }
  }
}

TEST_P(ModesTest, CtrStreamingAnyChunking) {
  std::mt19937_64 rng(77);
  const Bytes key = RandomBytes(rng, 16);
  const Keys k = MakeKeys(key);
  const Bytes pt = RandomBytes(rng, 300);
  const Bytes iv = RandomBytes(rng, 16);
  Bytes whole(300);
  AriaCtrState st;
  AriaCtrInit(&st, iv.data());
  ASSERT_EQ(AriaCtr(impl(), k.enc, &st, whole.data(), pt.data(), 300), Status::kOk);
  for (size_t split = 0; split <= 300; ++split) {  // every split into two pieces
    Bytes out(300);
    AriaCtrInit(&st, iv.data());
    ASSERT_EQ(AriaCtr(impl(), k.enc, &st, out.data(), pt.data(), split), Status::kOk);
    ASSERT_EQ(AriaCtr(impl(), k.enc, &st, out.data() + split, pt.data() + split, 300 - split),
              Status::kOk);
    ASSERT_EQ(Hex(out), Hex(whole)) << "split at " << split;
  }
  for (int trial = 0; trial < 50; ++trial) {  // random pieces, including empty ones
    Bytes out(300);
    AriaCtrInit(&st, iv.data());
    size_t off = 0;
    while (off < 300) {
      const size_t n = std::min<size_t>(rng() % 40, 300 - off);
      ASSERT_EQ(AriaCtr(impl(), k.enc, &st, out.data() + off, pt.data() + off, n), Status::kOk);
      off += n;
    }
    ASSERT_EQ(Hex(out), Hex(whole));
  }
}

TEST_P(ModesTest, CtrCounterWrapsAs128BitInteger) {
  std::mt19937_64 rng(128);
  const Bytes key = RandomBytes(rng, 24);
  const Keys k = MakeKeys(key);
  const Bytes pt = RandomBytes(rng, 16 * 6 + 5);
  // Carries across the 32-bit, 64-bit and 128-bit boundaries.
  const char* const kIvs[] = {
      "000000000000000000000000fffffffe", "0000000000000000fffffffffffffffd",
      "fffffffffffffffffffffffffffffffe", "0123456789abcdef01234567ffffffff"};
  for (const char* hex : kIvs) {
    const Bytes iv = model::HexLiteral(hex);
    Bytes ct(pt.size());
    AriaCtrState st;
    AriaCtrInit(&st, iv.data());
    ASSERT_EQ(AriaCtr(impl(), k.enc, &st, ct.data(), pt.data(), pt.size()), Status::kOk);
    const auto want = openssl_oracle::Cipher("ARIA", "CTR", key, iv, pt, true);
    ASSERT_TRUE(want.has_value());
    EXPECT_EQ(Hex(ct), Hex(*want)) << "iv " << hex;
  }
}

TEST_P(ModesTest, InPlace) {
  std::mt19937_64 rng(9);
  const Bytes key = RandomBytes(rng, 32);
  const Keys k = MakeKeys(key);
  const Bytes pt = RandomBytes(rng, 16 * 70);  // more than one CBC-decrypt chunk
  const Bytes iv = RandomBytes(rng, 16);
  Bytes buf = pt, ref(pt.size());
  uint8_t v[16];
  std::memcpy(v, iv.data(), 16);
  ASSERT_EQ(AriaCbcEncrypt(impl(), k.enc, v, ref.data(), pt.data(), pt.size()), Status::kOk);
  std::memcpy(v, iv.data(), 16);
  ASSERT_EQ(AriaCbcEncrypt(impl(), k.enc, v, buf.data(), buf.data(), buf.size()), Status::kOk);
  EXPECT_EQ(Hex(buf), Hex(ref));
  std::memcpy(v, iv.data(), 16);
  ASSERT_EQ(AriaCbcDecrypt(impl(), k.dec, v, buf.data(), buf.data(), buf.size()), Status::kOk);
  EXPECT_EQ(Hex(buf), Hex(pt));
  AriaCtrState st;
  AriaCtrInit(&st, iv.data());
  ASSERT_EQ(AriaCtr(impl(), k.enc, &st, ref.data(), pt.data(), pt.size() - 3), Status::kOk);
  buf = pt;
  AriaCtrInit(&st, iv.data());
  ASSERT_EQ(AriaCtr(impl(), k.enc, &st, buf.data(), buf.data(), buf.size() - 3), Status::kOk);
  EXPECT_EQ(Hex(buf.data(), buf.size() - 3), Hex(ref.data(), ref.size() - 3));
}

TEST_P(ModesTest, CbcChainsAcrossCalls) {
  std::mt19937_64 rng(10);
  const Bytes key = RandomBytes(rng, 16);
  const Keys k = MakeKeys(key);
  const Bytes pt = RandomBytes(rng, 16 * 9);
  const Bytes iv = RandomBytes(rng, 16);
  Bytes whole(pt.size()), pieces(pt.size());
  uint8_t v[16];
  std::memcpy(v, iv.data(), 16);
  ASSERT_EQ(AriaCbcEncrypt(impl(), k.enc, v, whole.data(), pt.data(), pt.size()), Status::kOk);
  std::memcpy(v, iv.data(), 16);
  ASSERT_EQ(AriaCbcEncrypt(impl(), k.enc, v, pieces.data(), pt.data(), 48), Status::kOk);
  ASSERT_EQ(AriaCbcEncrypt(impl(), k.enc, v, pieces.data() + 48, pt.data() + 48, 96), Status::kOk);
  EXPECT_EQ(Hex(pieces), Hex(whole));
  Bytes back(pt.size());
  std::memcpy(v, iv.data(), 16);
  ASSERT_EQ(AriaCbcDecrypt(impl(), k.dec, v, back.data(), whole.data(), 32), Status::kOk);
  ASSERT_EQ(AriaCbcDecrypt(impl(), k.dec, v, back.data() + 32, whole.data() + 32, 112),
            Status::kOk);
  EXPECT_EQ(Hex(back), Hex(pt));
}

TEST_P(ModesTest, BadInputLengths) {
  const Bytes key(16, 1);
  const Keys k = MakeKeys(key);
  uint8_t buf[64] = {}, iv[16] = {};
  for (size_t len : {1, 15, 17, 31, 33, 63}) {
    EXPECT_EQ(AriaEcb(impl(), k.enc, buf, buf, len), Status::kBadInputLength) << len;
    EXPECT_EQ(AriaCbcEncrypt(impl(), k.enc, iv, buf, buf, len), Status::kBadInputLength) << len;
    EXPECT_EQ(AriaCbcDecrypt(impl(), k.dec, iv, buf, buf, len), Status::kBadInputLength) << len;
  }
  AriaCtrState st;
  AriaCtrInit(&st, iv);
  st.num = 16;  // corrupted state
  EXPECT_EQ(AriaCtr(impl(), k.enc, &st, buf, buf, 1), Status::kBadState);
}

ARIASUITE_INSTANTIATE_PER_IMPL(ModesTest);

TEST(ModesUnsupportedTest, UnsupportedPathIsAnError) {
  const Bytes key(16, 1);
  const Keys k = MakeKeys(key);
  uint8_t buf[16] = {}, iv[16] = {};
  // An out-of-range path value stands for "not built / not runnable here" on every CPU; any real
  // path this CPU lacks is checked too.
  std::vector<Impl> unsupported = {static_cast<Impl>(99)};
  for (Impl impl : AllImpls()) {
    if (!IsSupported(impl)) unsupported.push_back(impl);
  }
  for (Impl impl : unsupported) {
    SCOPED_TRACE(ImplName(impl));
    EXPECT_EQ(BackendFor(impl), nullptr);
    EXPECT_EQ(AriaEcb(impl, k.enc, buf, buf, 16), Status::kUnsupportedImpl);
    EXPECT_EQ(AriaCbcEncrypt(impl, k.enc, iv, buf, buf, 16), Status::kUnsupportedImpl);
    EXPECT_EQ(AriaCbcDecrypt(impl, k.dec, iv, buf, buf, 16), Status::kUnsupportedImpl);
    AriaCtrState st;
    AriaCtrInit(&st, iv);
    EXPECT_EQ(AriaCtr(impl, k.enc, &st, buf, buf, 16), Status::kUnsupportedImpl);
  }
}

}  // namespace
}  // namespace ariasuite
