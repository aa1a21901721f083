// The "sp800-38a" oracle (sp800_38a_backend.cc): registered as an oracle, CFB/OFB only; SP 800-38A
// Appendix F's own CFB1/CFB8/CFB128/OFB examples (AES, every key size, both directions); random
// ARIA requests of every CFB/OFB operation answered exactly as our scalar path and OpenSSL answer;
// every case of the generated CFB/OFB edge files passed through the runner engine; refusals of an
// IV that is not one block and of a key length the cipher lacks.
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "conformance/runner.h"
#include "gtest/gtest.h"
#include "oracles/backend.h"
#include "oracles/hex.h"
#include "oracles/make_request.h"
#include "vectors/loader.h"
#include "vectors/testdata.h"

namespace ariasuite::conformance {

using oracles::Backend;
using oracles::Bytes;
using oracles::Cipher;
using oracles::DescribeRequest;
using oracles::DescribeResult;
using oracles::HexLiteral;
using oracles::MakeBackends;
using oracles::MakeOpenSslBackend;
using oracles::MakeOursBackend;
using oracles::MakeRequest;
using oracles::MakeSp80038aBackend;
using oracles::Op;
using oracles::OracleNames;
using oracles::Request;
using oracles::Result;

namespace {

constexpr Op kFeedbackOps[] = {Op::kCfb128Encrypt, Op::kCfb128Decrypt, Op::kCfb8Encrypt,
                               Op::kCfb8Decrypt,   Op::kCfb1Encrypt,   Op::kCfb1Decrypt,
                               Op::kOfbEncrypt,    Op::kOfbDecrypt};

Bytes RandomBytes(std::mt19937_64& rng, size_t n) {
  Bytes b(n);
  for (auto& x : b) x = static_cast<uint8_t>(rng());
  return b;
}

bool Same(const std::optional<Result>& a, const std::optional<Result>& b) {
  if (!a || !b) return false;
  if (!a->error.empty() || !b->error.empty()) return false;
  if (a->accepted != b->accepted) return false;
  return !a->accepted || a->output == b->output;
}

TEST(Sp80038aTest, RegisteredAsAnOracle) {
  std::string error;
  std::vector<std::unique_ptr<Backend>> one = MakeBackends({"sp800-38a"}, &error);
  ASSERT_EQ(one.size(), 1u) << error;
  EXPECT_EQ(one[0]->name(), "sp800-38a");
  EXPECT_FALSE(one[0]->is_ours());
  EXPECT_FALSE(one[0]->unavailable().has_value());
  const std::vector<std::string> oracles = OracleNames();
  EXPECT_NE(std::find(oracles.begin(), oracles.end(), "sp800-38a"), oracles.end());
  // CFB and OFB only.
  for (Op op : {Op::kEcbEncrypt, Op::kCbcDecrypt, Op::kCtrEncrypt, Op::kGcmSeal, Op::kKwWrap}) {
    EXPECT_FALSE(one[0]
                     ->Run(MakeRequest(op, Cipher::kAria, Bytes(16, 0), Bytes(16, 0), Bytes(16, 0)))
                     .has_value())
        << oracles::OpName(op);
  }
}

// NIST SP 800-38A (2001), Appendix F: the example vectors of F.3 (CFB) and F.4 (OFB), typed from
// the standard. F.1's key per size; IV 000102..0f for all; CFB1 takes the first 16 bits of the
// plaintext, CFB8 the first 18 bytes, CFB128 and OFB all four blocks. (The same outputs come from
// `openssl enc -aes-N-{cfb1,cfb8,cfb,ofb} -nopad`, checked when these were typed.)
struct AppendixF {
  const char* section;  // the encryption example; its decryption is the next section number
  Op encrypt, decrypt;
  const char* key;
  const char* plaintext;
  const char* ciphertext;
};

constexpr const char* kKey128 = "2b7e151628aed2a6abf7158809cf4f3c";
constexpr const char* kKey192 = "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b";
constexpr const char* kKey256 = "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4";
constexpr const char* kPlain16Bits = "6bc1";  // F.3.1: 0110101111000001
constexpr const char* kPlain18Bytes = "6bc1bee22e409f96e93d7e117393172aae2d";
constexpr const char* kPlain4Blocks =
    "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
    "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";

const AppendixF kAppendixF[] = {
    {"F.3.1 CFB1-AES128", Op::kCfb1Encrypt, Op::kCfb1Decrypt, kKey128, kPlain16Bits, "68b3"},
    {"F.3.3 CFB1-AES192", Op::kCfb1Encrypt, Op::kCfb1Decrypt, kKey192, kPlain16Bits, "9359"},
    {"F.3.5 CFB1-AES256", Op::kCfb1Encrypt, Op::kCfb1Decrypt, kKey256, kPlain16Bits, "9029"},
    {"F.3.7 CFB8-AES128", Op::kCfb8Encrypt, Op::kCfb8Decrypt, kKey128, kPlain18Bytes,
     "3b79424c9c0dd436bace9e0ed4586a4f32b9"},
    {"F.3.9 CFB8-AES192", Op::kCfb8Encrypt, Op::kCfb8Decrypt, kKey192, kPlain18Bytes,
     "cda2521ef0a905ca44cd057cbf0d47a0678a"},
    {"F.3.11 CFB8-AES256", Op::kCfb8Encrypt, Op::kCfb8Decrypt, kKey256, kPlain18Bytes,
     "dc1f1a8520a64db55fcc8ac554844e889700"},
    {"F.3.13 CFB128-AES128", Op::kCfb128Encrypt, Op::kCfb128Decrypt, kKey128, kPlain4Blocks,
     "3b3fd92eb72dad20333449f8e83cfb4ac8a64537a0b3a93fcde3cdad9f1ce58b"
     "26751f67a3cbb140b1808cf187a4f4dfc04b05357c5d1c0eeac4c66f9ff7f2e6"},
    {"F.3.15 CFB128-AES192", Op::kCfb128Encrypt, Op::kCfb128Decrypt, kKey192, kPlain4Blocks,
     "cdc80d6fddf18cab34c25909c99a417467ce7f7f81173621961a2b70171d3d7a"
     "2e1e8a1dd59b88b1c8e60fed1efac4c9c05f9f9ca9834fa042ae8fba584b09ff"},
    {"F.3.17 CFB128-AES256", Op::kCfb128Encrypt, Op::kCfb128Decrypt, kKey256, kPlain4Blocks,
     "dc7e84bfda79164b7ecd8486985d386039ffed143b28b1c832113c6331e5407b"
     "df10132415e54b92a13ed0a8267ae2f975a385741ab9cef82031623d55b1e471"},
    {"F.4.1 OFB-AES128", Op::kOfbEncrypt, Op::kOfbDecrypt, kKey128, kPlain4Blocks,
     "3b3fd92eb72dad20333449f8e83cfb4a7789508d16918f03f53c52dac54ed825"
     "9740051e9c5fecf64344f7a82260edcc304c6528f659c77866a510d9c1d6ae5e"},
    {"F.4.3 OFB-AES192", Op::kOfbEncrypt, Op::kOfbDecrypt, kKey192, kPlain4Blocks,
     "cdc80d6fddf18cab34c25909c99a4174fcc28b8d4c63837c09e81700c1100401"
     "8d9a9aeac0f6596f559c6d4daf59a5f26d9f200857ca6c3e9cac524bd9acc92a"},
    {"F.4.5 OFB-AES256", Op::kOfbEncrypt, Op::kOfbDecrypt, kKey256, kPlain4Blocks,
     "dc7e84bfda79164b7ecd8486985d38604febdc6740d20b3ac88f6ad82a4fb08d"
     "71ab47a086e86eedf39d1c5bba97c4080126141d67f37be8538f5a8be740e484"},
};

TEST(Sp80038aTest, AppendixFExamples) {
  auto oracle = MakeSp80038aBackend();
  const Bytes iv = HexLiteral("000102030405060708090a0b0c0d0e0f");
  for (const AppendixF& f : kAppendixF) {
    SCOPED_TRACE(f.section);
    const Bytes key = HexLiteral(f.key), pt = HexLiteral(f.plaintext),
                ct = HexLiteral(f.ciphertext);
    std::optional<Result> enc = oracle->Run(MakeRequest(f.encrypt, Cipher::kAes, key, iv, pt));
    ASSERT_TRUE(enc && enc->accepted) << DescribeResult(enc);
    EXPECT_EQ(oracles::Hex(enc->output), oracles::Hex(ct));
    std::optional<Result> dec = oracle->Run(MakeRequest(f.decrypt, Cipher::kAes, key, iv, ct));
    ASSERT_TRUE(dec && dec->accepted) << DescribeResult(dec);
    EXPECT_EQ(oracles::Hex(dec->output), oracles::Hex(pt));
  }
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
    EXPECT_TRUE(Same(mine, scalar)) << "ours/scalar: " << DescribeResult(scalar);
    EXPECT_TRUE(Same(mine, theirs)) << "openssl: " << DescribeResult(theirs);
    ++compared;
    // The other direction of the same operation undoes it.
    Request back = r;
    back.op = oracles::IsEncrypting(op) ? oracles::DecryptOp(oracles::ModeOf(op))
                                        : oracles::EncryptOp(oracles::ModeOf(op));
    back.input = mine->output;
    std::optional<Result> undone = oracle->Run(back);
    ASSERT_TRUE(undone && undone->accepted);
    EXPECT_EQ(undone->output, r.input);
  }
  EXPECT_EQ(compared, 480);
}

TEST(Sp80038aTest, RefusesAnIvOtherThanOneBlockAndABadKeyLength) {
  auto oracle = MakeSp80038aBackend();
  for (Op op : kFeedbackOps) {
    SCOPED_TRACE(oracles::OpName(op));
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
    VectorFile f;
    std::string error;
    ASSERT_TRUE(LoadVectorFile(testdata::RunfilePath(file), {}, &f, &error)) << error;
    const FileResult r = RunFile(f, {{oracle.get(), true}});
    ASSERT_EQ(r.pairs.size(), 1u);
    const PairResult& p = r.pairs[0];
    int shown = 0;
    for (const std::string& line : p.failures) {
      if (shown++ < 10) ADD_FAILURE() << line;
    }
    EXPECT_EQ(p.unsupported, 0) << p.unsupported_example;
    EXPECT_EQ(p.passed, static_cast<int>(f.cases.size()));
    EXPECT_GT(p.passed, 100);
  }
}

}  // namespace
}  // namespace ariasuite::conformance
