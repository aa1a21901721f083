// Tests of tls12_record.cc on every path against OpenSSL 3's own TLS 1.2 AEAD record mode
// (EVP_CTRL_GCM_SET_IV_FIXED + EVP_CTRL_AEAD_TLS1_AAD + EVP_Cipher on ARIA-GCM), which builds the
// nonce and AAD itself: sealed records must be identical and open on the other side. Also the
// header checks, the 2^14 limit and tampering.
#include "impl/tls12_record.h"

#include <openssl/evp.h>

#include <cstring>
#include <optional>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "impl/testing/test_util.h"
#include "vectors/model/hex.h"

namespace ariasuite {
namespace {

constexpr uint16_t kTls12 = 0x0303;

Bytes Aad(uint64_t seq, uint8_t type, uint16_t version, size_t len) {
  Bytes a(13);
  for (int i = 7; i >= 0; --i, seq >>= 8) a[i] = static_cast<uint8_t>(seq);
  a[8] = type;
  a[9] = static_cast<uint8_t>(version >> 8);
  a[10] = static_cast<uint8_t>(version);
  a[11] = static_cast<uint8_t>(len >> 8);
  a[12] = static_cast<uint8_t>(len);
  return a;
}

// OpenSSL's TLS record mode on the record body explicit_nonce || text || tag (in place).
// Encrypt: the AAD length is that of explicit nonce + plaintext; decrypt: of the whole body.
// Returns the body (encrypt) or the plaintext (decrypt), nullopt on failure.
std::optional<Bytes> OpenSslTls(bool encrypt, const Bytes& key, const Bytes& salt,
                                const Bytes& explicit_nonce, uint64_t seq, uint8_t type,
                                uint16_t version, const Bytes& body_in) {
  const std::string name = "ARIA-" + std::to_string(key.size() * 8) + "-GCM";
  EVP_CIPHER* cipher = EVP_CIPHER_fetch(nullptr, name.c_str(), nullptr);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  std::optional<Bytes> result;
  Bytes iv = salt;
  iv.insert(iv.end(), explicit_nonce.begin(), explicit_nonce.end());
  Bytes aad = Aad(seq, type, version, encrypt ? body_in.size() - 16 : body_in.size());
  Bytes buf = body_in;
  if (cipher != nullptr && ctx != nullptr &&
      EVP_CipherInit_ex2(ctx, cipher, key.data(), nullptr, encrypt ? 1 : 0, nullptr) == 1 &&
      EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IV_FIXED, -1, iv.data()) == 1 &&
      EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_TLS1_AAD, 13, aad.data()) == 16) {
    const int n = EVP_Cipher(ctx, buf.data(), buf.data(), static_cast<unsigned>(buf.size()));
    if (n > 0) {
      if (encrypt) {
        result = buf;
      } else {
        // OpenSSL 3 reports the whole buffer; the plaintext sits between nonce and tag.
        result = Bytes(buf.begin() + 8, buf.end() - 16);
      }
    }
  }
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_free(cipher);
  return result;
}

class Tls12RecordTest : public ::ariasuite::test_util::PerImplTest {};

TEST_P(Tls12RecordTest, MatchesOpenSslTlsMode) {
  std::mt19937_64 rng(5288);
  for (size_t pt_len : {0, 1, 15, 16, 17, 100, 1000, 4096, 16383, 16384}) {
    for (size_t key_len : {16, 32}) {
      SCOPED_TRACE("pt_len=" + std::to_string(pt_len) + " key_len=" + std::to_string(key_len));
      const Bytes key = RandomBytes(rng, key_len), salt = RandomBytes(rng, 4),
                  explicit_nonce = RandomBytes(rng, 8), pt = RandomBytes(rng, pt_len);
      const uint64_t seq = rng();
      const uint8_t type = 23;  // application_data
      AriaGcmKey k;
      ASSERT_EQ(k.Init(GetParam(), key.data(), key.size()), Status::kOk);
      Bytes record(pt_len + kTls12RecordOverhead);
      size_t record_len = 0;
      ASSERT_EQ(Tls12SealRecord(k, record.data(), record.size(), &record_len, salt.data(), seq,
                                type, kTls12, explicit_nonce.data(), pt.data(), pt_len),
                Status::kOk);
      ASSERT_EQ(record_len, pt_len + 29);
      // Header: type, version, length of explicit nonce || ciphertext || tag.
      EXPECT_EQ(record[0], type);
      EXPECT_EQ(record[1] << 8 | record[2], kTls12);
      EXPECT_EQ(static_cast<size_t>(record[3] << 8 | record[4]), pt_len + 24);
      EXPECT_EQ(Hex(record.data() + 5, 8), Hex(explicit_nonce));

      Bytes body(8 + pt_len + 16, 0);
      std::copy(pt.begin(), pt.end(), body.begin() + 8);
      const auto ossl = OpenSslTls(true, key, salt, explicit_nonce, seq, type, kTls12, body);
      ASSERT_TRUE(ossl.has_value()) << "OpenSSL TLS-mode seal failed";
      EXPECT_EQ(Hex(record.data() + 5, record_len - 5), Hex(*ossl));

      const Bytes our_body(record.begin() + 5, record.begin() + static_cast<long>(record_len));
      const auto opened = OpenSslTls(false, key, salt, Bytes(8, 0), seq, type, kTls12, our_body);
      ASSERT_TRUE(opened.has_value()) << "OpenSSL TLS-mode open rejected our record";
      EXPECT_EQ(Hex(*opened), Hex(pt));
      Bytes tampered = our_body;
      tampered.back() ^= 1;  // OpenSSL's TLS mode does check the tag
      EXPECT_FALSE(OpenSslTls(false, key, salt, Bytes(8, 0), seq, type, kTls12, tampered));

      Bytes out(pt_len + 1);
      size_t out_len = 0;
      uint8_t out_type = 0;
      ASSERT_EQ(Tls12OpenRecord(k, out.data(), out.size(), &out_len, &out_type, salt.data(), seq,
                                kTls12, record.data(), record_len),
                Status::kOk);
      EXPECT_EQ(out_len, pt_len);
      EXPECT_EQ(out_type, type);
      EXPECT_EQ(Hex(out.data(), out_len), Hex(pt));
    }
  }
}

TEST_P(Tls12RecordTest, HeaderChecksLimitsAndTampering) {
  std::mt19937_64 rng(6209);
  const Bytes key = RandomBytes(rng, 16), salt = RandomBytes(rng, 4), nonce = RandomBytes(rng, 8),
              pt = RandomBytes(rng, 40);
  AriaGcmKey k;
  ASSERT_EQ(k.Init(GetParam(), key.data(), key.size()), Status::kOk);
  Bytes record(40 + 29);
  size_t len = 0;
  ASSERT_EQ(Tls12SealRecord(k, record.data(), record.size(), &len, salt.data(), 7, 22, kTls12,
                            nonce.data(), pt.data(), 40),
            Status::kOk);
  Bytes out(64);
  size_t out_len = 0;
  uint8_t type = 0;
  auto open = [&](const Bytes& r, size_t r_len, uint64_t seq = 7, uint16_t version = kTls12,
                  size_t cap = 64) {
    return Tls12OpenRecord(k, out.data(), cap, &out_len, &type, salt.data(), seq, version, r.data(),
                           r_len);
  };
  ASSERT_EQ(open(record, len), Status::kOk);
  EXPECT_EQ(type, 22);
  EXPECT_EQ(open(record, 4), Status::kBadInputLength);                   // no full header
  EXPECT_EQ(open(record, len - 1), Status::kBadInputLength);             // length field != record
  EXPECT_EQ(open(record, len, 7, 0x0302), Status::kBadInputLength);      // other version
  EXPECT_EQ(open(record, len, 7, kTls12, 39), Status::kBadInputLength);  // out too small
  EXPECT_EQ(open(record, len, 8), Status::kAuthFailed);                  // other sequence number
  EXPECT_EQ(Hex(out.data(), 40), std::string(80, '0'));                  // not released
  for (size_t byte : {0u, 5u, 12u, 13u, 30u, 52u, 68u}) {  // type, nonce, ciphertext, tag
    Bytes bad = record;
    bad[byte] ^= 0x40;
    EXPECT_EQ(open(bad, len), Status::kAuthFailed) << "byte " << byte;
  }
  Bytes tiny = {23, 3, 3, 0, 23};  // payload shorter than explicit nonce + tag
  tiny.resize(5 + 23);
  EXPECT_EQ(open(tiny, tiny.size()), Status::kBadInputLength);
  // RFC 5246 §6.2.1: plaintext over 2^14.
  Bytes big(kTls12MaxPlaintext + 1 + 29);
  EXPECT_EQ(Tls12SealRecord(k, big.data(), big.size(), &len, salt.data(), 1, 23, kTls12,
                            nonce.data(), big.data(), kTls12MaxPlaintext + 1),
            Status::kTooLong);
  const size_t payload = kTls12MaxPlaintext + 1 + 24;
  big[0] = 23;
  big[1] = 3;
  big[2] = 3;
  big[3] = static_cast<uint8_t>(payload >> 8);
  big[4] = static_cast<uint8_t>(payload);
  EXPECT_EQ(Tls12OpenRecord(k, big.data(), big.size(), &out_len, &type, salt.data(), 1, kTls12,
                            big.data(), big.size()),
            Status::kTooLong);
  EXPECT_EQ(Tls12SealRecord(k, record.data(), 40 + 28, &len, salt.data(), 7, 22, kTls12,
                            nonce.data(), pt.data(), 40),
            Status::kBadInputLength);
}

ARIASUITE_INSTANTIATE_PER_IMPL(Tls12RecordTest);

}  // namespace
}  // namespace ariasuite
