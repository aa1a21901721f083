// The "bouncycastle" oracle (oracles/bouncycastle_backend.cc, one JVM running
// oracles/adapters/BouncyCastleAdapter.java): registered as an oracle; every mode it has checked on
// known answers through the runner engine (RunFile): RFC 5794's ECB examples, RFC 8269's GCM
// examples, the OpenSSL evp sample (ECB, CBC, CTR, GCM, CCM), the generated CBC-PKCS5, CTR, CFB8,
// CFB128, OFB and GCM edge files and Wycheproof's CMAC, KWP and CBC-PKCS5 files; KW, KWP and CMAC
// on random inputs against the sp800-38f oracle and OpenSSL; CFB1 unsupported; and a missing Java
// runtime, bcprov jar or adapter jar unavailable with the Debian package (or target) named; the
// exceptions it does not document for bad input answered `crashed`, third-party findings.
#include <cstdlib>
#include <memory>
#include <random>
#include <string>

#include "conformance/oracle_test_util.h"
#include "conformance/runner.h"
#include "conformance/shared_wycheproof.h"
#include "gtest/gtest.h"
#include "oracles/backend.h"
#include "vectors/loader.h"
#include "vectors/manifest.h"
#include "vectors/model/hex.h"
#include "vectors/testdata.h"

namespace ariasuite::oracles {
namespace {

using model::Hex;

using vectors::VectorFile;

TEST(BouncyCastleTest, RegisteredAsAnOracle) {
  std::unique_ptr<Backend> b = conformance::ExpectRegisteredOracle("bouncycastle");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->name(), "bouncycastle");
}

// ---- Known answers through the runner engine, per mode ----

struct CommittedFile {
  const char* rel;
  size_t min_cases;
};

class BouncyCastleCommittedTest : public testing::TestWithParam<CommittedFile> {};

// The files of the modes Bouncy Castle has, a subset of vectors/MANIFEST's committed files.
TEST_P(BouncyCastleCommittedTest, EveryCasePasses) {
  ASSERT_NE(vectors::FindInManifest(GetParam().rel), nullptr)
      << GetParam().rel << ": not in vectors/MANIFEST";
  VectorFile file;
  std::string error;
  ASSERT_TRUE(vectors::LoadVectorFile(testdata::RunfilePath(GetParam().rel), {}, &file, &error))
      << error;
  std::unique_ptr<Backend> b = MakeBouncyCastleBackend();
  ASSERT_FALSE(b->unavailable()) << *b->unavailable();
  conformance::ExpectEveryCasePasses(b.get(), file, GetParam().min_cases);
}

INSTANTIATE_TEST_SUITE_P(
    Files, BouncyCastleCommittedTest,
    testing::Values(CommittedFile{"vectors/rfc5794_kat.json", 3},             // ECB
                    CommittedFile{"vectors/rfc8269_gcm.json", 1},             // GCM
                    CommittedFile{"vectors/samples/aria_evp_sample.txt", 9},  // ECB CBC CTR GCM CCM
                    CommittedFile{"vectors/generated/aria_cbc_pkcs5_edge_test.json", 50},
                    CommittedFile{"vectors/generated/aria_ctr_edge_test.json", 100},
                    CommittedFile{"vectors/generated/aria_cfb8_edge_test.json", 100},
                    CommittedFile{"vectors/generated/aria_cfb128_edge_test.json", 100},
                    CommittedFile{"vectors/generated/aria_ofb_edge_test.json", 100},
                    CommittedFile{"vectors/generated/aria_gcm_edge_test.json", 500}),
    [](const auto& i) {
      std::string n = i.param.rel;
      n = n.substr(n.rfind('/') + 1);
      n = n.substr(0, n.find('.'));
      for (char& c : n) {
        if (!isalnum(static_cast<unsigned char>(c))) c = '_';
      }
      return n;
    });

class BouncyCastleWycheproofTest
    : public testing::TestWithParam<std::pair<const char*, const char*>> {};

TEST_P(BouncyCastleWycheproofTest, EveryCasePasses) {
  const auto [name, algorithm] = GetParam();
  VectorFile file;
  std::string skip;
  ASSERT_TRUE(testdata::LoadSharedWycheproof(name, algorithm, &file, &skip));
  if (!skip.empty()) GTEST_SKIP() << skip;
  std::unique_ptr<Backend> b = MakeBouncyCastleBackend();
  ASSERT_FALSE(b->unavailable()) << *b->unavailable();
  conformance::ExpectEveryCasePasses(b.get(), file, 100);
}

INSTANTIATE_TEST_SUITE_P(Files, BouncyCastleWycheproofTest,
                         testing::Values(std::pair{"aria_cmac_test.json", "ARIA-CMAC"},
                                         std::pair{"aria_cbc_pkcs5_test.json", "ARIA-CBC-PKCS5"}),
                         [](const auto& i) {
                           std::string n = i.param.first;
                           n = n.substr(0, n.find('.'));
                           return n;
                         });

// Wycheproof's KWP file: every case passes but the three whose unwrap input is an invalid 8 bytes
// and whose key is empty: Bouncy Castle 1.72 wraps that empty key to a65959a600000000, which
// SP 800-38F §6.3 forbids (KWP-AE needs 1 <= len(P)); the runner asks that wrap of every invalid
// case whose key data breaks the limit.
TEST(BouncyCastleTest, KwpFileFailsOnlyTheWrapsOfAnEmptyKey) {
  VectorFile file;
  std::string skip;
  ASSERT_TRUE(testdata::LoadSharedWycheproof("aria_kwp_test.json", "ARIA-KWP", &file, &skip));
  if (!skip.empty()) GTEST_SKIP() << skip;
  std::unique_ptr<Backend> b = MakeBouncyCastleBackend();
  ASSERT_FALSE(b->unavailable()) << *b->unavailable();
  const conformance::FileResult r = conformance::RunFile(file, {{b.get(), false}});
  ASSERT_EQ(r.pairs.size(), 1u);
  const conformance::PairResult& p = r.pairs[0];
  EXPECT_EQ(p.unsupported, 0);
  EXPECT_EQ(p.errors, 0);
  EXPECT_EQ(p.passed, static_cast<int>(file.cases.size()) - 3);
  ASSERT_EQ(p.failures.size(), 3u);
  const char* const ids[] = {"tcId 74 ", "tcId 157 ", "tcId 251 "};
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_NE(p.failures[i].find(ids[i]), std::string::npos) << p.failures[i];
    EXPECT_NE(p.failures[i].find("kwp-wrap: expected a refusal, got output=a65959a600000000"),
              std::string::npos)
        << p.failures[i];
  }
}

// ---- KW, KWP and CMAC against independent oracles on random inputs ----

Bytes Random(std::mt19937& rng, size_t n) {
  Bytes b(n);
  for (uint8_t& x : b) x = static_cast<uint8_t>(rng());
  return b;
}

// Key wrap on every key length and key data of 2..9 semiblocks (KW) or 1..70 bytes (KWP): the same
// wrapping as sp800-38f, unwrapped back, and a flipped byte refused by both.
TEST(BouncyCastleTest, KeyWrapMatchesSp80038f) {
  std::unique_ptr<Backend> bc = MakeBouncyCastleBackend();
  std::unique_ptr<Backend> nist = MakeSp80038fBackend();
  ASSERT_FALSE(bc->unavailable()) << *bc->unavailable();
  std::mt19937 rng(38);
  int compared = 0;
  for (const auto& [wrap, unwrap] :
       {std::pair{Op::kKwWrap, Op::kKwUnwrap}, std::pair{Op::kKwpWrap, Op::kKwpUnwrap}}) {
    for (size_t key_len : {16, 24, 32}) {
      for (size_t len = 1; len <= 70; ++len) {
        if (wrap == Op::kKwWrap && (len % 8 != 0 || len < 16)) continue;
        SCOPED_TRACE(std::string(OpName(wrap)) + " key " + std::to_string(key_len) + " data " +
                     std::to_string(len));
        Request r;
        r.op = wrap;
        r.key = Random(rng, key_len);
        r.input = Random(rng, len);
        std::optional<Result> got = bc->Run(r), want = nist->Run(r);
        ASSERT_TRUE(want && want->accepted);
        ASSERT_TRUE(conformance::SameAnswer(got, want))
            << DescribeResult(got) << " vs " << DescribeResult(want);
        Request u = r;
        u.op = unwrap;
        u.input = want->output;
        std::optional<Result> back = bc->Run(u);
        ASSERT_TRUE(back && back->accepted) << DescribeResult(back);
        EXPECT_EQ(Hex(back->output), Hex(r.input));
        u.input[rng() % u.input.size()] ^= static_cast<uint8_t>(1 + rng() % 255);
        std::optional<Result> bad = bc->Run(u), bad_nist = nist->Run(u);
        ASSERT_TRUE(bad_nist && !bad_nist->accepted);
        EXPECT_TRUE(conformance::SameAnswer(bad, bad_nist)) << DescribeResult(bad);
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 3 * (7 + 70));  // KW: 16..64 bytes in semiblocks; KWP: 1..70 bytes
}

// CMAC on every key length, messages of 0..80 bytes, the SP 800-38B tag lengths 4..16: the same
// tag as OpenSSL's.
TEST(BouncyCastleTest, CmacMatchesOpenSsl) {
  std::unique_ptr<Backend> bc = MakeBouncyCastleBackend();
  std::unique_ptr<Backend> openssl = MakeOpenSslBackend();
  ASSERT_FALSE(bc->unavailable()) << *bc->unavailable();
  std::mt19937 rng(38 * 'B');
  for (size_t key_len : {16, 24, 32}) {
    for (size_t len = 0; len <= 80; ++len) {
      Request r;
      r.op = Op::kCmac;
      r.key = Random(rng, key_len);
      r.input = Random(rng, len);
      r.tag_len = 4 + rng() % 13;
      SCOPED_TRACE(DescribeRequest(r));
      std::optional<Result> got = bc->Run(r), want = openssl->Run(r);
      ASSERT_TRUE(want && want->accepted && want->tag.size() == r.tag_len);
      EXPECT_TRUE(conformance::SameAnswer(got, want)) << DescribeResult(got);
    }
  }
}

TEST(BouncyCastleTest, Cfb1AndUnknownCiphersAreUnsupported) {
  std::unique_ptr<Backend> bc = MakeBouncyCastleBackend();
  ASSERT_FALSE(bc->unavailable()) << *bc->unavailable();
  Request r;
  r.op = Op::kCfb1Encrypt;
  r.key.assign(16, 1);
  r.iv.assign(16, 2);
  r.input.assign(5, 3);
  EXPECT_FALSE(bc->Run(r).has_value());
  r.op = Op::kCfb8Encrypt;
  std::optional<Result> cfb8 = bc->Run(r);
  ASSERT_TRUE(cfb8.has_value());
  EXPECT_TRUE(cfb8->accepted);
  EXPECT_EQ(cfb8->output.size(), 5u);
}

// A bad key length is a refusal (IllegalArgumentException), never an error.
TEST(BouncyCastleTest, BadKeyLengthIsARefusal) {
  std::unique_ptr<Backend> bc = MakeBouncyCastleBackend();
  ASSERT_FALSE(bc->unavailable()) << *bc->unavailable();
  for (Op op : {Op::kEcbEncrypt, Op::kGcmSeal, Op::kCcmSeal, Op::kCmac, Op::kKwWrap}) {
    Request r;
    r.op = op;
    r.key.assign(10, 1);
    r.input.assign(16, 2);
    if (op == Op::kGcmSeal || op == Op::kCcmSeal) r.iv.assign(12, 3);
    r.tag_len = op == Op::kKwWrap || op == Op::kEcbEncrypt ? 0 : 16;
    std::optional<Result> got = bc->Run(r);
    ASSERT_TRUE(got.has_value()) << OpName(op);
    EXPECT_FALSE(got->accepted) << OpName(op) << ": " << DescribeResult(got);
    EXPECT_EQ(got->error, "") << OpName(op);
  }
}

// ---- Crashes: exceptions Bouncy Castle does not document for bad input ----

// An empty KW unwrap input (NegativeArraySizeException) and a CCM tag over 16 bytes to open
// (ArrayIndexOutOfBoundsException, from System.arraycopy inside CCMBlockCipher) are answered
// `crashed` with the exception, never `error` and never a refusal.
TEST(BouncyCastleTest, UndocumentedExceptionsAreCrashes) {
  std::unique_ptr<Backend> bc = MakeBouncyCastleBackend();
  ASSERT_FALSE(bc->unavailable()) << *bc->unavailable();
  Request unwrap;
  unwrap.op = Op::kKwUnwrap;
  unwrap.key.assign(16, 1);
  Request open;
  open.op = Op::kCcmOpen;
  open.key.assign(16, 1);
  open.iv.assign(12, 2);
  open.input.assign(4, 3);
  open.tag.assign(17, 4);
  for (const auto& [request, exception] : {std::pair{unwrap, "NegativeArraySizeException"},
                                           std::pair{open, "ArrayIndexOutOfBoundsException"}}) {
    SCOPED_TRACE(DescribeRequest(request));
    std::optional<Result> got = bc->Run(request);
    ASSERT_TRUE(got.has_value());
    EXPECT_TRUE(got->crashed) << DescribeResult(got);
    EXPECT_FALSE(got->accepted);
    EXPECT_EQ(got->error, "");
    EXPECT_EQ(got->detail.rfind(exception, 0), 0u) << got->detail;
  }
  // A 16-byte tag of the same request is an ordinary refusal (a wrong tag).
  open.tag.assign(16, 4);
  std::optional<Result> refused = bc->Run(open);
  ASSERT_TRUE(refused.has_value());
  EXPECT_TRUE(IsRefusal(*refused)) << DescribeResult(refused);
}

// Through the runner, with our scalar path under test: the crashes are third-party findings (failed
// cases with reproducers), the oracle never BROKE: tcId 205 of the generated CCM edge file (an
// 18-byte tag to open) and the 27 empty unwrap inputs of Wycheproof's KW file.
TEST(BouncyCastleTest, CrashesAreThirdPartyFindings) {
  std::unique_ptr<Backend> bc = MakeBouncyCastleBackend();
  ASSERT_FALSE(bc->unavailable()) << *bc->unavailable();
  std::unique_ptr<Backend> ours = MakeOursBackend(Impl::kScalar);
  auto crashes = [](const conformance::PairResult& p, const std::string& what) {
    int n = 0;
    for (const std::string& f : p.failures) n += f.find(what) != std::string::npos ? 1 : 0;
    return n;
  };
  VectorFile edge;
  std::string error;
  const std::string rel = "vectors/generated/aria_ccm_edge_test.json";
  ASSERT_NE(vectors::FindInManifest(rel), nullptr) << rel << ": not in vectors/MANIFEST";
  ASSERT_TRUE(vectors::LoadVectorFile(testdata::RunfilePath(rel), {}, &edge, &error)) << error;
  conformance::FileResult r = conformance::RunFile(edge, {{ours.get(), true}, {bc.get(), false}});
  EXPECT_EQ(r.pairs[0].failed, 0);
  const conformance::PairResult& p = r.pairs[1];
  EXPECT_EQ(p.errors, 0);
  EXPECT_EQ(p.failed, 1);
  EXPECT_EQ(p.third_party, 1);
  ASSERT_EQ(p.failures.size(), 1u);
  EXPECT_NE(p.failures[0].find(":tcId 205 "), std::string::npos) << p.failures[0];
  EXPECT_EQ(crashes(p, "ccm-open: the library crashed (ArrayIndexOutOfBoundsException"), 1)
      << p.failures[0];

  VectorFile wrap;
  std::string skip;
  ASSERT_TRUE(testdata::LoadSharedWycheproof("aria_wrap_test.json", "ARIA-WRAP", &wrap, &skip));
  if (!skip.empty()) GTEST_SKIP() << skip;
  r = conformance::RunFile(wrap, {{ours.get(), true}, {bc.get(), false}});
  EXPECT_EQ(r.pairs[0].failed, 0);
  const conformance::PairResult& w = r.pairs[1];
  EXPECT_EQ(w.errors, 0);
  EXPECT_EQ(w.third_party, w.failed);
  EXPECT_EQ(crashes(w, "kw-unwrap: the library crashed (NegativeArraySizeException"), 27);
}

// ---- Missing pieces: unavailable, naming what to install or build ----

class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value, 1);
  }
  ~ScopedEnv() {
    if (old_) {
      setenv(name_, old_->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

std::string UnavailableReason() {
  std::unique_ptr<Backend> b = MakeBouncyCastleBackend();
  return b->unavailable().value_or("(available)");
}

TEST(BouncyCastleTest, MissingJavaNamesThePackage) {
  {
    ScopedEnv env("ARIASUITE_JAVA", "/nonexistent/java");
    EXPECT_EQ(UnavailableReason(),
              "no Java runtime: ARIASUITE_JAVA=/nonexistent/java is not an executable (install "
              "default-jdk-headless)");
  }
  ScopedEnv path("PATH", "/nonexistent/bin");
  EXPECT_EQ(UnavailableReason(),
            "no Java runtime: java not found on PATH /nonexistent/bin (install "
            "default-jdk-headless)");
}

TEST(BouncyCastleTest, MissingBcprovNamesThePackage) {
  ScopedEnv env("ARIASUITE_BCPROV_JAR", "/nonexistent/bcprov.jar");
  EXPECT_EQ(UnavailableReason(),
            "Bouncy Castle jar /nonexistent/bcprov.jar not found (install libbcprov-java)");
}

TEST(BouncyCastleTest, MissingAdapterNamesTheTarget) {
  ScopedEnv env("ARIASUITE_BOUNCYCASTLE_ADAPTER", "/nonexistent/bouncycastle_adapter.jar");
  EXPECT_EQ(
      UnavailableReason(),
      "Bouncy Castle adapter jar not found (looked in /nonexistent/bouncycastle_adapter.jar); "
      "build //oracles:bouncycastle_adapter or set ARIASUITE_BOUNCYCASTLE_ADAPTER");
}

// A jar that is no Java program (a JVM that cannot start the adapter) does not answer the hello
// line: unavailable, with what the JVM printed, never a backend that passes.
TEST(BouncyCastleTest, BrokenAdapterJarIsUnavailable) {
  const std::string bogus = testing::TempDir() + "/not_a.jar";
  FILE* f = fopen(bogus.c_str(), "w");
  ASSERT_NE(f, nullptr);
  fputs("not a jar\n", f);
  fclose(f);
  ScopedEnv env("ARIASUITE_BOUNCYCASTLE_ADAPTER", bogus.c_str());
  const std::string why = UnavailableReason();
  EXPECT_NE(why.find("hello"), std::string::npos) << why;
}

}  // namespace
}  // namespace ariasuite::oracles
