// Tests of the scalar ARIA reference (aria_ref.cc): RFC 5794 Appendix A's round keys and
// intermediate round values, encryption/decryption on every path, the decryption key schedule of
// §2.4, bad key lengths, and random blocks against OpenSSL 3.
#include "impl/aria_ref.h"

#include <openssl/evp.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "impl/aria.h"
#include "impl/dispatch.h"
#include "impl/testing/aria_reference_rounds.h"
#include "impl/testing/test_util.h"
#include "vectors/loader.h"
#include "vectors/model/hex.h"
#include "vectors/testdata.h"

namespace ariasuite {
namespace {

// The encryption of one block by OpenSSL's ARIA-ECB (independent oracle).
std::vector<uint8_t> OpenSslEcb(const std::vector<uint8_t>& key, const uint8_t in[16], bool enc) {
  const std::string name = "ARIA-" + std::to_string(key.size() * 8) + "-ECB";
  EVP_CIPHER* cipher = EVP_CIPHER_fetch(nullptr, name.c_str(), nullptr);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  std::vector<uint8_t> out(16);
  int len = 0;
  bool ok = cipher != nullptr && ctx != nullptr &&
            EVP_CipherInit_ex2(ctx, cipher, key.data(), nullptr, enc ? 1 : 0, nullptr) == 1 &&
            EVP_CIPHER_CTX_set_padding(ctx, 0) == 1 &&
            EVP_CipherUpdate(ctx, out.data(), &len, in, 16) == 1 && len == 16;
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_free(cipher);
  EXPECT_TRUE(ok) << "OpenSSL " << name << " failed";
  return out;
}

class AriaRefTest : public ::ariasuite::test_util::PerImplTest {};

TEST_P(AriaRefTest, Rfc5794AppendixA) {
  vectors::VectorFile file;
  std::string error;
  ASSERT_TRUE(vectors::LoadWycheproofFile(testdata::RunfilePath("vectors/rfc5794_kat.json"), "ARIA",
                                          &file, &error))
      << error;
  const internal::Backend* backend = BackendFor(GetParam());
  ASSERT_NE(backend, nullptr);
  int checked = 0, with_rounds = 0;
  for (const vectors::TestCase& c : file.cases) {
    SCOPED_TRACE(c.where + " (" + c.source + ")");
    ASSERT_EQ(c.msg.size(), 16u);
    ASSERT_EQ(c.ct.size(), 16u);
    AriaKey ek, dk;
    ASSERT_EQ(AriaSetEncryptKey(&ek, c.key.data(), c.key.size()), Status::kOk);
    ASSERT_EQ(AriaSetDecryptKey(&dk, c.key.data(), c.key.size()), Status::kOk);
    uint8_t out[16];
    AriaCryptBlock(ek, out, c.msg.data());
    EXPECT_EQ(Hex(out, 16), Hex(c.ct));
    backend->crypt_blocks(ek, out, c.msg.data(), 1);
    EXPECT_EQ(Hex(out, 16), Hex(c.ct)) << "path " << backend->name;
    backend->crypt_blocks(dk, out, c.ct.data(), 1);
    EXPECT_EQ(Hex(out, 16), Hex(c.msg)) << "path " << backend->name;
    // The independent oracle agrees with the RFC too.
    EXPECT_EQ(Hex(OpenSslEcb(c.key, c.msg.data(), true)), Hex(c.ct));
    ++checked;
    const bool round_values =
        std::find(c.flags.begin(), c.flags.end(), "RoundValues") != c.flags.end();
    if (!round_values) continue;
    ASSERT_EQ(static_cast<int>(c.round_keys.size()), ek.rounds + 1);
    ASSERT_EQ(static_cast<int>(c.round_outputs.size()), ek.rounds - 1);
    for (int i = 0; i <= ek.rounds; ++i) {
      EXPECT_EQ(Hex(ek.rk[i], 16), Hex(c.round_keys[i])) << "ek" << i + 1;
    }
    uint8_t trace[kAriaMaxRounds][16];
    internal::AriaTraceRounds(ek, trace, out, c.msg.data());
    for (int i = 0; i + 1 < ek.rounds; ++i) {
      EXPECT_EQ(Hex(trace[i], 16), Hex(c.round_outputs[i])) << "P" << i + 1;
    }
    EXPECT_EQ(Hex(out, 16), Hex(c.ct));
    ++with_rounds;
  }
  EXPECT_EQ(checked, 4);
  EXPECT_EQ(with_rounds, 1);
}

TEST_P(AriaRefTest, RandomBlocksMatchOpenSsl) {
  const internal::Backend* backend = BackendFor(GetParam());
  ASSERT_NE(backend, nullptr);
  std::mt19937_64 rng(20240501);
  for (int iter = 0; iter < 300; ++iter) {
    const size_t key_len = 16 + 8 * (iter % 3);
    const auto key = RandomBytes(rng, key_len);
    const size_t nblocks = 1 + iter % 9;  // crosses the 4-block batches of the reference
    const auto pt = RandomBytes(rng, 16 * nblocks);
    AriaKey ek, dk;
    ASSERT_EQ(AriaSetEncryptKey(&ek, key.data(), key_len), Status::kOk);
    ASSERT_EQ(AriaSetDecryptKey(&dk, key.data(), key_len), Status::kOk);
    std::vector<uint8_t> ct(pt.size()), back(pt.size());
    backend->crypt_blocks(ek, ct.data(), pt.data(), nblocks);
    backend->crypt_blocks(dk, back.data(), ct.data(), nblocks);
    ASSERT_EQ(Hex(back), Hex(pt));
    for (size_t b = 0; b < nblocks; ++b) {
      ASSERT_EQ(Hex(ct.data() + 16 * b, 16), Hex(OpenSslEcb(key, pt.data() + 16 * b, true)))
          << "key " << Hex(key) << " block " << b;
    }
  }
}

TEST_P(AriaRefTest, InPlace) {
  const internal::Backend* backend = BackendFor(GetParam());
  std::mt19937_64 rng(7);
  const auto key = RandomBytes(rng, 32);
  auto buf = RandomBytes(rng, 16 * 11);
  const auto orig = buf;
  AriaKey ek, dk;
  ASSERT_EQ(AriaSetEncryptKey(&ek, key.data(), 32), Status::kOk);
  ASSERT_EQ(AriaSetDecryptKey(&dk, key.data(), 32), Status::kOk);
  std::vector<uint8_t> separate(buf.size());
  backend->crypt_blocks(ek, separate.data(), buf.data(), 11);
  backend->crypt_blocks(ek, buf.data(), buf.data(), 11);
  EXPECT_EQ(Hex(buf), Hex(separate));
  backend->crypt_blocks(dk, buf.data(), buf.data(), 11);
  EXPECT_EQ(Hex(buf), Hex(orig));
}

ARIASUITE_INSTANTIATE_PER_IMPL(AriaRefTest);

TEST(AriaKeyTest, DecryptionKeysFollowRfc5794Section24) {
  std::mt19937_64 rng(11);
  for (size_t key_len : {16, 24, 32}) {
    const auto key = RandomBytes(rng, key_len);
    AriaKey ek, dk;
    ASSERT_EQ(AriaSetEncryptKey(&ek, key.data(), key_len), Status::kOk);
    ASSERT_EQ(AriaSetDecryptKey(&dk, key.data(), key_len), Status::kOk);
    const int n = ek.rounds;
    EXPECT_EQ(n, static_cast<int>(12 + (key_len - 16) / 4));
    EXPECT_EQ(dk.rounds, n);
    EXPECT_EQ(Hex(dk.rk[0], 16), Hex(ek.rk[n], 16));
    EXPECT_EQ(Hex(dk.rk[n], 16), Hex(ek.rk[0], 16));
    // dk_i = A(ek_{n+2-i}) for 2 <= i <= n (0-based: dk.rk[i] = A(ek.rk[n-i])). A itself is pinned
    // by the RFC's intermediate round values above.
    for (int i = 1; i < n; ++i) {
      uint8_t a[16];
      std::memcpy(a, ek.rk[n - i], 16);
      internal::AriaDiffuse(a);
      EXPECT_EQ(Hex(dk.rk[i], 16), Hex(a, 16)) << "dk" << i + 1;
    }
    uint8_t pt[16], ct[16], back[16];
    for (int i = 0; i < 16; ++i) pt[i] = static_cast<uint8_t>(rng());
    AriaCryptBlock(ek, ct, pt);
    AriaCryptBlock(dk, back, ct);
    EXPECT_EQ(Hex(back, 16), Hex(pt, 16));
    // Entries past the last round key are zero (aria_key.h).
    for (int i = n + 1; i <= kAriaMaxRounds; ++i) {
      EXPECT_EQ(Hex(ek.rk[i], 16), std::string(32, '0'));
      EXPECT_EQ(Hex(dk.rk[i], 16), std::string(32, '0'));
    }
  }
}

TEST(AriaKeyTest, BadKeyLengths) {
  uint8_t key[64] = {};
  AriaKey k;
  for (size_t len : {0, 1, 8, 15, 17, 20, 23, 25, 31, 33, 48, 64}) {
    EXPECT_EQ(AriaSetEncryptKey(&k, key, len), Status::kBadKeyLength) << len;
    EXPECT_EQ(AriaSetDecryptKey(&k, key, len), Status::kBadKeyLength) << len;
  }
}

TEST(AriaKeyTest, ScalarBackendIsComplete) {
  const internal::Backend& b = internal::ScalarBackend();
  EXPECT_EQ(b.impl, Impl::kScalar);
  EXPECT_STREQ(b.name, "scalar");
  EXPECT_NE(b.crypt_blocks, nullptr);
  EXPECT_NE(b.ctr32, nullptr);
  EXPECT_NE(b.ctr128, nullptr);
  EXPECT_NE(b.ghash_init, nullptr);
  EXPECT_NE(b.ghash, nullptr);
  EXPECT_EQ(b.gcm_seal_bulk, nullptr);
  EXPECT_EQ(b.gcm_open_bulk, nullptr);
  EXPECT_EQ(BackendFor(Impl::kScalar), &b);
}

}  // namespace
}  // namespace ariasuite
