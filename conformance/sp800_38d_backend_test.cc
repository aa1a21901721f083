// The "sp800-38d" oracle (sp800_38d_backend.cc): registered as an oracle, GCM only; every case of
// Wycheproof's aria_gcm_test.json and aes_gcm_test.json passed through the runner engine; random
// requests (IV lengths 1..300, every tag length 0..17, AAD and text across block boundaries)
// answered exactly as our scalar path answers, and as OpenSSL where OpenSSL takes the parameters
// (IVs up to 128 bytes, tags 4..16); texts past GCTR's 64-block batch (up to 5 KiB) as OpenSSL and
// Botan answer; planted damage refused; SP 800-38D's own test case (AES).
#include <algorithm>
#include <iostream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "conformance/oracle_test_util.h"
#include "conformance/shared_wycheproof.h"
#include "gtest/gtest.h"
#include "impl/testing/test_util.h"
#include "oracles/backend.h"
#include "oracles/make_request.h"
#include "vectors/loader.h"
#include "vectors/model/hex.h"
#include "vectors/testdata.h"

namespace ariasuite::oracles {
namespace {

using model::HexLiteral;

Request Seal(Cipher cipher, Bytes key, Bytes iv, Bytes aad, Bytes pt, size_t tag_len) {
  return MakeRequest(Op::kGcmSeal, cipher, std::move(key), std::move(iv), std::move(pt),
                     std::move(aad), tag_len);
}

TEST(Sp80038dTest, RegisteredAsAnOracle) {
  std::unique_ptr<Backend> oracle = conformance::ExpectRegisteredOracle("sp800-38d");
  ASSERT_NE(oracle, nullptr);
  Request ecb;
  ecb.op = Op::kEcbEncrypt;
  ecb.key.assign(16, 0);
  ecb.input.assign(16, 0);
  EXPECT_FALSE(oracle->Run(ecb).has_value());  // GCM only
}

// SP 800-38D's example (the GCM specification's test case 4, AES-128: 60-byte plaintext, 20-byte
// AAD, 96-bit IV), typed from the published test vectors.
TEST(Sp80038dTest, AesKnownAnswer) {
  auto oracle = MakeSp80038dBackend();
  Request r =
      Seal(Cipher::kAes, HexLiteral("feffe9928665731c6d6a8f9467308308"),
           HexLiteral("cafebabefacedbaddecaf888"),
           HexLiteral("feedfacedeadbeeffeedfacedeadbeefabaddad2"),
           HexLiteral("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95"
                      "956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"),
           16);
  std::optional<Result> got = oracle->Run(r);
  ASSERT_TRUE(got && got->accepted);
  EXPECT_EQ(got->output,
            HexLiteral("42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b2"
                       "5466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091"));
  EXPECT_EQ(got->tag, HexLiteral("5bc94fbc3221a5db94fae95ae7121a47"));
}

TEST(Sp80038dTest, AgreesWithOursAndOpenSslOnRandomRequests) {
  auto oracle = MakeSp80038dBackend();
  auto ours = MakeOursBackend(Impl::kScalar);
  auto openssl = MakeOpenSslBackend();
  std::mt19937_64 rng(0x38d);
  int compared_openssl = 0, accepted = 0;
  for (int i = 0; i < 600; ++i) {
    const size_t key_len = (i % 3 == 0) ? 16 : (i % 3 == 1) ? 24 : 32;
    const size_t iv_len = i % 7 == 0 ? 12 : 1 + rng() % 300;
    const size_t tag_len = rng() % 18;
    Request seal = Seal(Cipher::kAria, RandomBytes(rng, key_len), RandomBytes(rng, iv_len),
                        RandomBytes(rng, rng() % 70), RandomBytes(rng, rng() % 300), tag_len);
    SCOPED_TRACE(DescribeRequest(seal));
    std::optional<Result> mine = oracle->Run(seal);
    ASSERT_TRUE(mine.has_value());
    ASSERT_TRUE(mine->error.empty()) << mine->error;
    EXPECT_TRUE(conformance::SameAnswer(mine, ours->Run(seal))) << DescribeResult(mine);
    // OpenSSL takes IVs up to 128 bytes and every tag length 1..16; compare where SP 800-38D
    // allows the tag length too (OpenSSL seals 5..11-byte tags that SP 800-38D does not define).
    if (iv_len <= 128 && (tag_len == 4 || tag_len == 8 || (tag_len >= 12 && tag_len <= 16))) {
      std::optional<Result> theirs = openssl->Run(seal);
      if (theirs && theirs->accepted) {
        EXPECT_TRUE(conformance::SameAnswer(mine, theirs)) << DescribeResult(theirs);
        ++compared_openssl;
      }
    }
    if (!mine->accepted) continue;
    ++accepted;
    Request open = OpenOf(seal, *mine);
    std::optional<Result> back = oracle->Run(open);
    ASSERT_TRUE(back && back->accepted);
    EXPECT_EQ(back->output, seal.input);
    EXPECT_TRUE(conformance::SameAnswer(back, ours->Run(open)));
    // Planted damage: one flipped bit of the tag, the text or the AAD is refused, with no output.
    Request bad = open;
    const size_t which = rng() % 3;
    Bytes& field = which == 0 ? bad.tag : which == 1 ? bad.input : bad.aad;
    if (field.empty()) field = bad.tag;
    field[rng() % field.size()] ^= static_cast<uint8_t>(1u << (rng() % 8));
    std::optional<Result> refused = oracle->Run(bad);
    ASSERT_TRUE(refused.has_value());
    EXPECT_FALSE(refused->accepted);
    EXPECT_TRUE(refused->output.empty());
    EXPECT_TRUE(conformance::SameAnswer(refused, ours->Run(bad)));
  }
  EXPECT_GT(compared_openssl, 100);
  EXPECT_GT(accepted, 150);
}

// Texts past GCTR's batch: the oracle encrypts 64 counter blocks per OpenSSL call (kBatch in
// sp800_38d_backend.cc), so a text of 65 blocks and more crosses a batch boundary, where the
// counter must go on from the last block of the previous batch (and its low bytes carry). The
// random test above stays under 300 bytes; here every length around one, two and five batches, with
// AAD beside, is sealed by the oracle and compared with OpenSSL and Botan (independent of it and of
// ours), and their sealings open on the oracle.
TEST(Sp80038dTest, TextsPastTheGctrBatchAgreeWithOpenSslAndBotan) {
  auto oracle = MakeSp80038dBackend();
  std::vector<std::unique_ptr<Backend>> judges;
  judges.push_back(MakeOpenSslBackend());
  judges.push_back(MakeBotanBackend());
  std::mt19937_64 rng(0x38d64);
  ASSERT_FALSE(judges[0]->unavailable());  // OpenSSL is always built in
  int compared = 0, judged_by = 0;
  for (const auto& judge : judges) {
    SCOPED_TRACE(judge->name());
    if (auto why = judge->unavailable()) {
      std::cout << "not compared with " << judge->name() << ": " << *why << "\n";
      continue;
    }
    ++judged_by;
    for (size_t len : {1023, 1024, 1025, 1039, 2047, 2048, 2049, 5 * 1024 + 9}) {
      for (size_t iv_len : {12, 1, 60}) {
        const size_t key_len = 16 + 8 * (len % 3);
        Request seal = Seal(Cipher::kAria, RandomBytes(rng, key_len), RandomBytes(rng, iv_len),
                            RandomBytes(rng, len % 2 ? 1100 : 17), RandomBytes(rng, len), 16);
        SCOPED_TRACE("len=" + std::to_string(len) + " iv_len=" + std::to_string(iv_len));
        std::optional<Result> mine = oracle->Run(seal), theirs = judge->Run(seal);
        ASSERT_TRUE(mine && mine->accepted && mine->error.empty()) << DescribeResult(mine);
        ASSERT_EQ(mine->output.size(), len);
        EXPECT_TRUE(conformance::SameAnswer(mine, theirs))
            << judge->name() << ": " << DescribeResult(theirs);
        ++compared;
        if (!theirs || !theirs->accepted) continue;
        std::optional<Result> back = oracle->Run(OpenOf(seal, *theirs));
        ASSERT_TRUE(back && back->accepted) << DescribeResult(back);
        EXPECT_EQ(back->output, seal.input);
      }
    }
  }
  EXPECT_EQ(compared, judged_by * 8 * 3);
}

TEST(Sp80038dTest, RefusesWhatSp80038dRefuses) {
  auto oracle = MakeSp80038dBackend();
  const Bytes key(16, 1), iv(12, 2), pt(20, 3);
  for (size_t tag_len : {0, 1, 3, 5, 7, 9, 11, 17}) {
    std::optional<Result> r = oracle->Run(Seal(Cipher::kAria, key, iv, {}, pt, tag_len));
    ASSERT_TRUE(r.has_value());
    EXPECT_FALSE(r->accepted) << tag_len;
  }
  std::optional<Result> r = oracle->Run(Seal(Cipher::kAria, key, {}, {}, pt, 16));
  ASSERT_TRUE(r.has_value());
  EXPECT_FALSE(r->accepted);  // empty IV
  r = oracle->Run(Seal(Cipher::kAria, Bytes(17, 0), iv, {}, pt, 16));
  ASSERT_TRUE(r.has_value());
  EXPECT_FALSE(r->accepted);  // no 136-bit ARIA key
  EXPECT_TRUE(r->error.empty());
}

TEST(Sp80038dTest, EveryWycheproofGcmCasePasses) {
  auto oracle = MakeSp80038dBackend();
  for (auto [name, algorithm] :
       {std::pair{"aria_gcm_test.json", "ARIA-GCM"}, std::pair{"aes_gcm_test.json", "AES-GCM"}}) {
    SCOPED_TRACE(name);
    vectors::VectorFile f;
    std::string skip;
    ASSERT_TRUE(testdata::LoadSharedWycheproof(name, algorithm, &f, &skip));
    if (!skip.empty()) GTEST_SKIP() << skip;
    conformance::ExpectEveryCasePasses(oracle.get(), f, 300);
  }
}

}  // namespace
}  // namespace ariasuite::oracles
