// ARIA-CBC with PKCS #5 padding (cbc_pkcs5.h) on every path against OpenSSL 3 (ARIA-*-CBC with
// EVP padding): every length 0..80 and around 1024, in-place use, and the padding check: for a
// one-block message every possible last block (pad value 0..255 with correct or corrupted padding
// bytes) is accepted exactly when it is valid PKCS #5 padding, as decided by a plain reference.
#include "impl/cbc_pkcs5.h"

#include <random>

#include "gtest/gtest.h"
#include "impl/aria.h"
#include "impl/modes.h"
#include "impl/testing/test_util.h"
#include "oracles/backend.h"
#include "vectors/model/hex.h"

namespace ariasuite {
namespace {

class CbcPkcs5Test : public ::ariasuite::test_util::PerImplTest {
 protected:
  std::mt19937_64 rng_{0x5};
};

TEST_P(CbcPkcs5Test, MatchesOpenSsl) {
  auto openssl = oracles::MakeOpenSslBackend();
  std::vector<size_t> lengths;
  for (size_t n = 0; n <= 80; ++n) lengths.push_back(n);
  for (size_t n : {1023, 1024, 1025, 3 * 64 * 16 + 15}) lengths.push_back(n);
  for (size_t key_len : {16, 24, 32}) {
    for (size_t len : lengths) {
      SCOPED_TRACE("key_len=" + std::to_string(key_len) + " len=" + std::to_string(len));
      const Bytes key = RandomBytes(rng_, key_len), iv = RandomBytes(rng_, 16),
                  pt = RandomBytes(rng_, len);
      AriaKey ek, dk;
      ASSERT_EQ(AriaSetEncryptKey(&ek, key.data(), key.size()), Status::kOk);
      ASSERT_EQ(AriaSetDecryptKey(&dk, key.data(), key.size()), Status::kOk);
      Bytes ct(len + 16);
      size_t ct_len = 0;
      ASSERT_EQ(
          AriaCbcPkcs5Encrypt(GetParam(), ek, ct.data(), &ct_len, iv.data(), pt.data(), pt.size()),
          Status::kOk);
      ct.resize(ct_len);
      EXPECT_EQ(ct_len, len - len % 16 + 16);
      oracles::Request r;
      r.op = oracles::Op::kCbcPkcs5Encrypt;
      r.key = key;
      r.iv = iv;
      r.input = pt;
      std::optional<oracles::Result> want = openssl->Run(r);
      ASSERT_TRUE(want && want->accepted);
      EXPECT_EQ(Hex(ct), Hex(want->output));
      Bytes back(ct.size());
      size_t back_len = 0;
      ASSERT_EQ(AriaCbcPkcs5Decrypt(GetParam(), dk, back.data(), &back_len, iv.data(), ct.data(),
                                    ct.size()),
                Status::kOk);
      back.resize(back_len);
      EXPECT_EQ(Hex(back), Hex(pt));
      // In place: the same buffer in and out.
      Bytes buf = pt;
      buf.resize(len + 16);
      size_t n = 0;
      ASSERT_EQ(AriaCbcPkcs5Encrypt(GetParam(), ek, buf.data(), &n, iv.data(), buf.data(), len),
                Status::kOk);
      EXPECT_EQ(Hex(Bytes(buf.begin(), buf.begin() + static_cast<long>(n))), Hex(ct));
      ASSERT_EQ(AriaCbcPkcs5Decrypt(GetParam(), dk, buf.data(), &n, iv.data(), buf.data(), n),
                Status::kOk);
      EXPECT_EQ(Hex(Bytes(buf.begin(), buf.begin() + static_cast<long>(n))), Hex(pt));
    }
  }
}

// Reference padding check, written the obvious (branching) way.
bool PaddingValid(const uint8_t last[16]) {
  const int pad = last[15];
  if (pad < 1 || pad > 16) return false;
  for (int i = 16 - pad; i < 16; ++i) {
    if (last[i] != pad) return false;
  }
  return true;
}

TEST_P(CbcPkcs5Test, EveryLastBlockIsJudgedLikeTheReference) {
  const Bytes key = RandomBytes(rng_, 16), iv = RandomBytes(rng_, 16);
  AriaKey ek, dk;
  ASSERT_EQ(AriaSetEncryptKey(&ek, key.data(), key.size()), Status::kOk);
  ASSERT_EQ(AriaSetDecryptKey(&dk, key.data(), key.size()), Status::kOk);
  int accepted = 0;
  for (int pad = 0; pad < 256; ++pad) {
    // Correct padding bytes, then each byte of the block corrupted in turn.
    for (int corrupt = -1; corrupt < 16; ++corrupt) {
      uint8_t plain[16];
      for (int i = 0; i < 16; ++i) plain[i] = static_cast<uint8_t>(0x40 + i);
      for (int i = 16 - (pad >= 1 && pad <= 16 ? pad : 0); i < 16; ++i) {
        plain[i] = static_cast<uint8_t>(pad);
      }
      plain[15] = static_cast<uint8_t>(pad);
      if (corrupt >= 0 && corrupt < 15) plain[corrupt] ^= 0x80;
      // CBC-encrypt the raw block (no padding added) to get a ciphertext that decrypts to it.
      uint8_t chain[16], ct[16];
      std::copy(iv.begin(), iv.end(), chain);
      ASSERT_EQ(AriaCbcEncrypt(GetParam(), ek, chain, ct, plain, 16), Status::kOk);
      uint8_t out[16];
      size_t n = 99;
      const Status s = AriaCbcPkcs5Decrypt(GetParam(), dk, out, &n, iv.data(), ct, 16);
      const bool valid = PaddingValid(plain);
      EXPECT_EQ(s, valid ? Status::kOk : Status::kBadPadding)
          << "pad=" << pad << " corrupt=" << corrupt << " block=" << Hex(plain, 16);
      if (valid) {
        ++accepted;
        EXPECT_EQ(n, 16u - static_cast<size_t>(pad));
      } else {
        EXPECT_EQ(Hex(out, 16), std::string(32, '0'));
        EXPECT_EQ(n, 99u);
      }
    }
  }
  EXPECT_GT(accepted, 16);  // every pad value 1..16 uncorrupted at least
}

TEST_P(CbcPkcs5Test, LengthErrors) {
  const Bytes key(16, 1), iv(16, 2), in(48, 3);
  AriaKey dk;
  ASSERT_EQ(AriaSetDecryptKey(&dk, key.data(), key.size()), Status::kOk);
  Bytes out(48);
  size_t n = 0;
  for (size_t len : {0, 1, 15, 17, 47}) {
    EXPECT_EQ(AriaCbcPkcs5Decrypt(GetParam(), dk, out.data(), &n, iv.data(), in.data(), len),
              Status::kBadInputLength)
        << len;
  }
}

ARIASUITE_INSTANTIATE_PER_IMPL(CbcPkcs5Test);

}  // namespace
}  // namespace ariasuite
