// The committed generated vectors regenerate byte-identically (so nobody edits them by hand and
// the generator stays deterministic), and the GF(2^128) algebra the generator relies on is right:
// GHASH agrees with OpenSSL's AES-GCM (whose tag for a message is E_K(J0) ^ GHASH), inverses are
// inverses, and a solved IV gives the chosen J0.
#include "vectors/gen/generate.h"

#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "conformance/loader.h"
#include "conformance/runner.h"
#include "gtest/gtest.h"
#include "impl/dispatch.h"
#include "oracles/backend.h"
#include "vectors/gen/gf128.h"
#include "vectors/testdata.h"

namespace ariasuite::gen {
namespace {

TEST(GenerateTest, CommittedFilesRegenerateByteIdentically) {
  std::vector<GeneratedFile> files;
  std::string log, error;
  ASSERT_TRUE(GenerateAll(&files, &log, &error)) << error;
  std::set<std::string> paths;
  for (const GeneratedFile& f : files) {
    SCOPED_TRACE(f.path);
    paths.insert(f.path);
    std::ifstream in(testdata::RunfilePath(f.path), std::ios::binary);
    ASSERT_TRUE(in) << f.path << " is not committed (run: tools/ariasuite vectors generate)";
    std::stringstream s;
    s << in.rdbuf();
    EXPECT_TRUE(s.str() == f.content)
        << f.path << " differs from a fresh generation (run: tools/ariasuite vectors generate)";
  }
  // The committed sets (the filegroups in vectors/BUILD) hold exactly the generated files.
  for (const char* list : {"vectors/gen/generated_files.txt"}) {
    std::ifstream in(testdata::RunfilePath(list));
    std::string line;
    std::set<std::string> committed;
    while (std::getline(in, line)) {
      if (!line.empty()) committed.insert(line);
    }
    EXPECT_EQ(committed, paths) << "run: tools/ariasuite vectors generate, and remove stale files";
  }
  // A few MB at most in total.
  size_t total = 0;
  for (const GeneratedFile& f : files) total += f.content.size();
  EXPECT_LT(total, 4u << 20);
}

// Each committed case passes on our scalar reference and on every library its comment says agreed.
TEST(GenerateTest, EveryCaseAgreesWhereItSaysItDoes) {
  auto ours = oracles::MakeOursBackend(Impl::kScalar);
  auto openssl = oracles::MakeOpenSslBackend();
  auto botan = oracles::MakeBotanBackend();
  for (const char* rel : {"vectors/generated/aria_gcm_edge_test.json",
                          "vectors/generated/aria_ctr_edge_test.json",
                          "vectors/generated/aria_ccm_edge_test.json",
                          "vectors/generated/aria_cbc_pkcs5_edge_test.json"}) {
    conformance::VectorFile f;
    std::string error;
    ASSERT_TRUE(conformance::LoadVectorFile(testdata::RunfilePath(rel), {}, &f, &error)) << error;
    size_t checked = 0;
    for (const conformance::TestCase& c : f.cases) {
      SCOPED_TRACE(c.where + " " + c.comment);
      const size_t at = c.comment.find("[agreed: ");
      ASSERT_NE(at, std::string::npos);
      const std::string who = c.comment.substr(at);
      ASSERT_TRUE(who.find("openssl") != std::string::npos || who.find("botan") != std::string::npos);
      EXPECT_EQ(conformance::RunCase(*ours, c).outcome, conformance::CaseOutcome::kPass);
      if (who.find("openssl") != std::string::npos) {
        EXPECT_EQ(conformance::RunCase(*openssl, c).outcome, conformance::CaseOutcome::kPass);
      }
      if (who.find("botan") != std::string::npos) {
        EXPECT_EQ(conformance::RunCase(*botan, c).outcome, conformance::CaseOutcome::kPass);
      }
      ++checked;
    }
    EXPECT_GT(checked, 50u) << rel;
  }
}

Block RandomBlock(std::mt19937_64& rng) {
  Block b;
  for (auto& x : b) x = static_cast<uint8_t>(rng());
  return b;
}

TEST(Gf128Test, InverseAndPowers) {
  std::mt19937_64 rng(128);
  Block one{};
  one[0] = 0x80;
  for (int i = 0; i < 8; ++i) {
    const Block x = RandomBlock(rng);
    EXPECT_EQ(GfMul(x, GfInverse(x)), one);
    EXPECT_EQ(GfPow(x, 0, 3), GfMul(x, GfMul(x, x)));
    EXPECT_EQ(GfMul(x, one), x);
  }
}

// GHASH checked against OpenSSL: for AES-GCM with a 12-byte IV, empty AAD and text C,
// tag = E_K(J0) ^ GHASH_H(C || [0]_64 || [len(C)]_64) with H = E_K(0) and J0 = IV || 0^31 || 1.
TEST(Gf128Test, GhashMatchesOpenSslGcm) {
  auto openssl = oracles::MakeOpenSslBackend();
  std::mt19937_64 rng(38);
  for (size_t len : {0, 1, 16, 33, 64}) {
    oracles::Bytes key(16), iv(12), pt(len);
    for (auto& x : key) x = static_cast<uint8_t>(rng());
    for (auto& x : iv) x = static_cast<uint8_t>(rng());
    for (auto& x : pt) x = static_cast<uint8_t>(rng());
    oracles::Request seal;
    seal.op = oracles::Op::kGcmSeal;
    seal.cipher = oracles::Cipher::kAes;
    seal.key = key;
    seal.iv = iv;
    seal.input = pt;
    seal.tag_len = 16;
    auto sealed = openssl->Run(seal);
    ASSERT_TRUE(sealed && sealed->accepted);
    oracles::Request ecb;
    ecb.op = oracles::Op::kEcbEncrypt;
    ecb.cipher = oracles::Cipher::kAes;
    ecb.key = key;
    ecb.input = oracles::Bytes(16, 0);
    oracles::Bytes j0(iv);
    j0.insert(j0.end(), {0, 0, 0, 1});
    ecb.input.insert(ecb.input.end(), j0.begin(), j0.end());
    auto enc = openssl->Run(ecb);  // E_K(0) || E_K(J0)
    ASSERT_TRUE(enc && enc->accepted && enc->output.size() == 32);
    Block h, ekj0;
    std::copy(enc->output.begin(), enc->output.begin() + 16, h.begin());
    std::copy(enc->output.begin() + 16, enc->output.end(), ekj0.begin());
    std::vector<uint8_t> data = sealed->output;
    data.resize((len + 15) / 16 * 16, 0);
    for (int i = 0; i < 8; ++i) data.push_back(0);
    for (int i = 7; i >= 0; --i) data.push_back(static_cast<uint8_t>((len * 8) >> (8 * i)));
    Block tag;
    std::copy(sealed->tag.begin(), sealed->tag.end(), tag.begin());
    EXPECT_EQ(Xor(Ghash(h, data), ekj0), tag) << "len " << len;
  }
}

TEST(Gf128Test, SolvedIvGivesTheChosenJ0) {
  std::mt19937_64 rng(32);
  for (size_t iv_len : {16, 17, 31, 32, 100}) {
    const Block h = RandomBlock(rng), j0 = RandomBlock(rng);
    std::vector<uint8_t> iv(iv_len);
    for (auto& x : iv) x = static_cast<uint8_t>(rng());
    SolveIvForJ0(h, j0, &iv);
    EXPECT_EQ(J0ForIv(h, iv), j0) << iv_len;
  }
}

}  // namespace
}  // namespace ariasuite::gen
