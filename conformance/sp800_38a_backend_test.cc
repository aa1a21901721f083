// The "sp800-38a" oracle (sp800_38a_backend.cc): registered as an oracle, CFB/OFB only; SP 800-38A
// Appendix F's own CFB1/CFB8/CFB128/OFB examples (AES, every key size, both directions); random
// ARIA requests of every CFB/OFB operation answered exactly as our scalar path and OpenSSL answer;
// texts of 4 KiB and more (CFB1: 600 bytes) as OpenSSL and Botan answer;
// every case of the generated CFB/OFB edge files passed through the runner engine; refusals of an
// IV that is not one block and of a key length the cipher lacks.
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "conformance/oracle_test_util.h"
#include "gtest/gtest.h"
#include "impl/testing/test_util.h"
#include "oracles/backend.h"
#include "oracles/make_request.h"
#include "vectors/loader.h"
#include "vectors/model/hex.h"
#include "vectors/testdata.h"

namespace ariasuite::oracles {
namespace {

constexpr Op kFeedbackOps[] = {Op::kCfb128Encrypt, Op::kCfb128Decrypt, Op::kCfb8Encrypt,
                               Op::kCfb8Decrypt,   Op::kCfb1Encrypt,   Op::kCfb1Decrypt,
                               Op::kOfbEncrypt,    Op::kOfbDecrypt};

TEST(Sp80038aTest, RegisteredAsAnOracle) {
  std::unique_ptr<Backend> oracle = conformance::ExpectRegisteredOracle("sp800-38a");
  ASSERT_NE(oracle, nullptr);
  // CFB and OFB only.
  for (Op op : {Op::kEcbEncrypt, Op::kCbcDecrypt, Op::kCtrEncrypt, Op::kGcmSeal, Op::kKwWrap}) {
    EXPECT_FALSE(
        oracle->Run(MakeRequest(op, Cipher::kAria, Bytes(16, 0), Bytes(16, 0), Bytes(16, 0)))
            .has_value())
        << OpName(op);
  }
}

// NIST SP 800-38A (2001), Appendix F's CFB1/CFB8/CFB128/OFB examples (AES, every key size), typed
// from the standard into conformance/testdata/sp800_38a_appendix_f.txt: through the runner engine,
// each one encrypted and decrypted.
TEST(Sp80038aTest, AppendixFExamples) {
  vectors::VectorFile f;
  std::string error;
  ASSERT_TRUE(LoadVectorFile(testdata::RunfilePath("conformance/testdata/sp800_38a_appendix_f.txt"),
                             {}, &f, &error))
      << error;
  ASSERT_EQ(f.cases.size(), 12u);
  auto oracle = MakeSp80038aBackend();
  conformance::ExpectEveryCasePasses(oracle.get(), f, 11);
}

TEST(Sp80038aTest, AgreesWithOursAndOpenSslOnRandomRequests) {
  auto oracle = MakeSp80038aBackend();
  auto ours = MakeOursBackend(Impl::kScalar);
  auto openssl = MakeOpenSslBackend();
  std::mt19937_64 rng(0x38a);
  int compared = 0;
  for (int i = 0; i < 480; ++i) {
    const Op op = kFeedbackOps[i % 8];
    const size_t key_len = (i / 8) % 3 == 0 ? 16 : (i / 8) % 3 == 1 ? 24 : 32;
    // Lengths across block boundaries; CFB1 (a block call per bit) kept shorter.
    const size_t len = op == Op::kCfb1Encrypt || op == Op::kCfb1Decrypt ? rng() % 40 : rng() % 300;
    Request r = MakeRequest(op, Cipher::kAria, RandomBytes(rng, key_len), RandomBytes(rng, 16),
                            RandomBytes(rng, len));
    SCOPED_TRACE(DescribeRequest(r));
    std::optional<Result> mine = oracle->Run(r);
    ASSERT_TRUE(mine && mine->accepted && mine->error.empty()) << DescribeResult(mine);
    ASSERT_EQ(mine->output.size(), len);
    std::optional<Result> scalar = ours->Run(r), theirs = openssl->Run(r);
    EXPECT_TRUE(conformance::SameAnswer(mine, scalar)) << "ours/scalar: " << DescribeResult(scalar);
    EXPECT_TRUE(conformance::SameAnswer(mine, theirs)) << "openssl: " << DescribeResult(theirs);
    ++compared;
    // The other direction of the same operation undoes it.
    Request back = r;
    back.op = IsEncrypting(op) ? DecryptOp(ModeOf(op)) : EncryptOp(ModeOf(op));
    back.input = mine->output;
    std::optional<Result> undone = oracle->Run(back);
    ASSERT_TRUE(undone && undone->accepted);
    EXPECT_EQ(undone->output, r.input);
  }
  EXPECT_EQ(compared, 480);
}

// Long texts: the oracle calls the block cipher once per segment and keeps no batch, so its hard
// case is length itself (the shift register over thousands of segments, a partial last segment):
// texts of 4 KiB and more (CFB1: 600 bytes, 4800 block calls) against OpenSSL and Botan, which
// share no code with it (Botan has no CFB1: nullopt, not compared).
TEST(Sp80038aTest, LongTextsAgreeWithOpenSslAndBotan) {
  auto oracle = MakeSp80038aBackend();
  std::vector<std::unique_ptr<Backend>> judges;
  judges.push_back(MakeOpenSslBackend());
  judges.push_back(MakeBotanBackend());
  std::mt19937_64 rng(0x38a4);
  int compared = 0, botan_compared = 0;
  for (Op op : kFeedbackOps) {
    const bool cfb1 = op == Op::kCfb1Encrypt || op == Op::kCfb1Decrypt;
    for (size_t len : cfb1 ? std::vector<size_t>{599, 600} : std::vector<size_t>{4096, 4103}) {
      Request r = MakeRequest(op, Cipher::kAria, RandomBytes(rng, 16 + 8 * (len % 3)),
                              RandomBytes(rng, 16), RandomBytes(rng, len));
      SCOPED_TRACE(std::string(OpName(op)) + " of " + std::to_string(len) + " bytes");
      std::optional<Result> mine = oracle->Run(r);
      ASSERT_TRUE(mine && mine->accepted) << DescribeResult(mine);
      for (const auto& judge : judges) {
        if (judge->unavailable()) continue;
        std::optional<Result> theirs = judge->Run(r);
        if (!theirs) continue;  // does not support the operation
        EXPECT_TRUE(conformance::SameAnswer(mine, theirs))
            << judge->name() << ": " << DescribeResult(theirs);
        ++compared;
        if (judge->name() == "botan") ++botan_compared;
      }
    }
  }
  EXPECT_GE(compared, 16);                                       // OpenSSL on every one
  if (!judges[1]->unavailable()) EXPECT_EQ(botan_compared, 12);  // all but CFB1
}

TEST(Sp80038aTest, RefusesAnIvOtherThanOneBlockAndABadKeyLength) {
  auto oracle = MakeSp80038aBackend();
  for (Op op : kFeedbackOps) {
    SCOPED_TRACE(OpName(op));
    for (size_t iv_len : {0, 8, 15, 17, 32}) {
      std::optional<Result> r =
          oracle->Run(MakeRequest(op, Cipher::kAria, Bytes(16, 1), Bytes(iv_len, 2), Bytes(20, 3)));
      ASSERT_TRUE(r.has_value());
      EXPECT_FALSE(r->accepted) << iv_len;
      EXPECT_TRUE(r->error.empty());
      EXPECT_TRUE(r->output.empty());
    }
    std::optional<Result> r =
        oracle->Run(MakeRequest(op, Cipher::kAria, Bytes(17, 1), Bytes(16, 2), Bytes(20, 3)));
    ASSERT_TRUE(r.has_value());
    EXPECT_FALSE(r->accepted);  // no 136-bit ARIA key
    EXPECT_TRUE(r->error.empty());
  }
}

// The generated edge-case files (vectors/generated/, made by tools/ariasuite vectors generate and
// agreed by OpenSSL; CFB1's with OpenSSL alone until this oracle) pass on the oracle too.
TEST(Sp80038aTest, GeneratedFeedbackEdgeFilesPass) {
  auto oracle = MakeSp80038aBackend();
  for (const char* file :
       {"vectors/generated/aria_cfb1_edge_test.json", "vectors/generated/aria_cfb8_edge_test.json",
        "vectors/generated/aria_cfb128_edge_test.json",
        "vectors/generated/aria_ofb_edge_test.json"}) {
    SCOPED_TRACE(file);
    vectors::VectorFile f;
    std::string error;
    ASSERT_TRUE(LoadVectorFile(testdata::RunfilePath(file), {}, &f, &error)) << error;
    conformance::ExpectEveryCasePasses(oracle.get(), f, 100);
  }
}

}  // namespace
}  // namespace ariasuite::oracles
