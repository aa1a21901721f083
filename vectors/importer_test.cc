// The importer on a sample of every format: each case comes back through the strict Wycheproof
// loader with the same data and expected result, its comment naming the source file and line,
// its flags defined in notes.
#include "vectors/importer.h"

#include "gtest/gtest.h"
#include "vectors/testdata.h"

namespace ariasuite::vectors {
namespace {

TEST(ImporterTest, EveryFormatRoundTrips) {
  std::vector<std::string> paths;
  for (const char* rel :
       {"vectors/samples/aria_evp_sample.txt", "vectors/samples/aria_gcm_cavp_sample.rsp",
        "vectors/samples/aria_testmgr_sample.h", "vectors/samples/aria_botan_sample.vec",
        "vectors/samples/aria_cryptopp_sample.txt", "vectors/samples/aria_cryptopp_sample.dat",
        "vectors/samples/test_suite_aria_sample.data",
        "vectors/samples/test_suite_cipher.aria_sample.data",
        "vectors/samples/test_suite_block_cipher_sample.data"}) {
    paths.push_back(testdata::RunfilePath(rel));
  }
  ImportResult r;
  std::string error;
  ASSERT_TRUE(ImportVectorFiles(paths, {}, &r, &error)) << error;
  ASSERT_EQ(r.summary.size(), paths.size());
  // Every case of every input, once.
  size_t want = 0;
  for (const std::string& p : paths) {
    VectorFile f;
    ASSERT_TRUE(LoadVectorFile(p, {}, &f, &error)) << error;
    want += f.cases.size();
  }
  size_t got = 0, invalid_params = 0;
  for (const auto& [alg, doc] : r.docs) {
    SCOPED_TRACE(alg);
    VectorFile back;
    ASSERT_TRUE(LoadVectorText(alg + ".json", WriteWycheproof(doc), {}, &back, &error)) << error;
    ASSERT_EQ(back.algorithm, alg);
    ASSERT_EQ(back.cases.size(), doc.cases.size());
    // The writer groups cases by parameter sizes: match them by comment, which names the source
    // file and line ("<path>:<line>: ...") and so is unique.
    std::map<std::string, const TestCase*> by_comment;
    for (const TestCase& b : back.cases) by_comment[b.comment] = &b;
    ASSERT_EQ(by_comment.size(), back.cases.size());
    for (size_t i = 0; i < doc.cases.size(); ++i) {
      const TestCase& a = doc.cases[i];
      SCOPED_TRACE(a.comment);
      EXPECT_NE(a.comment.find("/vectors/samples/"), std::string::npos);
      ASSERT_EQ(by_comment.count(a.comment), 1u);
      const TestCase& b = *by_comment[a.comment];
      EXPECT_EQ(b.mode, a.mode);
      EXPECT_EQ(b.cipher, a.cipher);
      EXPECT_EQ(b.key, a.key);
      if (a.mode != model::Mode::kEcb && a.mode != model::Mode::kCmac) {
        EXPECT_EQ(b.iv, a.iv);
      }
      EXPECT_EQ(b.aad, a.aad);
      if (a.expect == Expect::kValid) {
        EXPECT_EQ(b.msg, a.msg);
      }
      if (a.mode != model::Mode::kCmac) {
        EXPECT_EQ(b.ct, a.ct);
      }
      EXPECT_EQ(b.tag, a.tag);
      EXPECT_EQ(b.expect, a.expect);
      EXPECT_EQ(b.flags, a.flags);
      EXPECT_EQ(b.params_invalid, a.expect == Expect::kInvalid &&
                                      (a.params_invalid || a.direction == Direction::kEncrypt));
      invalid_params += b.params_invalid;
      ++got;
    }
  }
  EXPECT_EQ(got, want);
  EXPECT_GE(invalid_params, 1u);  // Mbed TLS's refused CBC partial block
  EXPECT_GE(r.docs.size(), 8u);
  const std::map<std::string, std::string> out = ImportOutputPaths(r, "/tmp/x.json");
  EXPECT_EQ(out.at("ARIA-GCM"), "/tmp/x_aria-gcm.json");
}

TEST(ImporterTest, OneAlgorithmOneFile) {
  ImportResult r;
  std::string error;
  ASSERT_TRUE(ImportVectorFiles({testdata::RunfilePath("vectors/samples/aria_cryptopp_sample.dat")},
                                {}, &r, &error))
      << error;
  ASSERT_EQ(r.docs.size(), 1u);
  EXPECT_EQ(ImportOutputPaths(r, "out.json").at("ARIA-ECB"), "out.json");
  const std::string& comment = r.docs.at("ARIA-ECB").cases[0].comment;
  const std::string tail = "aria_cryptopp_sample.dat:1: ARIA-ECB known answer";
  ASSERT_GE(comment.size(), tail.size());
  EXPECT_EQ(comment.substr(comment.size() - tail.size()), tail);
}

TEST(ImporterTest, ErrorsNameTheFile) {
  ImportResult r;
  std::string error;
  EXPECT_FALSE(ImportVectorFiles({"/nonexistent.txt"}, {}, &r, &error));
  EXPECT_EQ(error, "/nonexistent.txt: cannot read the file: No such file or directory");
  EXPECT_FALSE(ImportVectorFiles({}, {}, &r, &error));
  EXPECT_EQ(error, "no case to import in 0 file(s)");
}

}  // namespace
}  // namespace ariasuite::vectors
