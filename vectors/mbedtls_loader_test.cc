// The Mbed TLS .data loader on its committed samples (the test_suite_aria, test_suite_cipher and
// test_suite_block_cipher styles) and on each class of malformed input.
#include "gtest/gtest.h"
#include "vectors/loader.h"
#include "vectors/model/hex.h"
#include "vectors/testdata.h"

namespace ariasuite::vectors {
namespace {

using model::Cipher;
using model::Mode;

std::string ErrorOf(const std::string& text) {
  LoadOptions options;
  options.format = Format::kMbedtls;
  VectorFile f;
  std::string error;
  EXPECT_FALSE(LoadVectorText("m.data", text, options, &f, &error)) << "loaded";
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  return error;
}

TEST(MbedtlsLoaderTest, Samples) {
  struct Want {
    const char* rel;
    size_t cases, skipped;
    const char* left_out;
  };
  for (const Want& w :
       {Want{"vectors/samples/test_suite_aria_sample.data", 11, 2, ""},
        Want{"vectors/samples/test_suite_cipher.aria_sample.data", 9, 1,
             "1 case(s) of 1 other cipher(s) left out (MBEDTLS_CIPHER_AES_128_ECB)"},
        Want{"vectors/samples/test_suite_block_cipher_sample.data", 2, 1,
             "1 case(s) of 1 other cipher(s) left out (MBEDTLS_CIPHER_ID_AES)"}}) {
    SCOPED_TRACE(w.rel);
    VectorFile f;
    std::string error;
    ASSERT_TRUE(LoadVectorFile(testdata::RunfilePath(w.rel), {}, &f, &error)) << error;
    EXPECT_EQ(f.format, "mbedtls");
    EXPECT_EQ(f.cases.size(), w.cases);
    EXPECT_EQ(f.skipped.size(), w.skipped);
    EXPECT_EQ(f.left_out, w.left_out);
  }
  VectorFile f;
  std::string error;
  ASSERT_TRUE(LoadVectorFile(testdata::RunfilePath("vectors/samples/test_suite_aria_sample.data"),
                             {}, &f, &error));
  const TestCase& refused = f.cases.back();  // CBC on a partial block
  EXPECT_EQ(refused.expect, Expect::kInvalid);
  EXPECT_TRUE(refused.params_invalid);
  EXPECT_EQ(refused.direction, Direction::kEncrypt);
  EXPECT_EQ(
      f.skipped[0].rfind(f.path + ":2: aria_invalid_param (ARIA - Invalid parameters): checks", 0),
      0u)
      << f.skipped[0];
  ASSERT_TRUE(LoadVectorFile(
      testdata::RunfilePath("vectors/samples/test_suite_cipher.aria_sample.data"), {}, &f, &error));
  int fail = 0, aes = 0;
  for (const TestCase& c : f.cases) {
    fail += c.expect == Expect::kInvalid;
    aes += c.cipher == Cipher::kAes;
  }
  EXPECT_EQ(fail, 1);  // auth_crypt_tv "FAIL"
  EXPECT_EQ(aes, 1);   // AES-GCM runs through our GCM layer
}

// CCM* with no tag: CCM's encryption only, run as CTR from A_1 = (L-1) || nonce || 1.
TEST(MbedtlsLoaderTest, CcmStarNoTagIsCtrFromA1) {
  const std::string nonce = "00000003020100a0a1a2a3a4a5";  // 13 bytes: L = 2
  const std::string line =
      "test_vec_crypt:MBEDTLS_CIPHER_ARIA_128_CCM_STAR_NO_TAG:MBEDTLS_ENCRYPT:"
      "\"c0c1c2c3c4c5c6c7c8c9cacbcccdcecf\":\"" +
      nonce + "\":\"0809\":\"6781\":0:0\n";
  VectorFile f;
  std::string error;
  ASSERT_TRUE(LoadVectorText("m.data", "CCM* no tag\n" + line, {}, &f, &error)) << error;
  ASSERT_EQ(f.cases.size(), 1u);
  const TestCase& c = f.cases[0];
  EXPECT_EQ(c.mode, Mode::kCtr);
  EXPECT_EQ(model::Hex(c.iv), "01" + nonce + "0001");
  EXPECT_EQ(c.flags, std::vector<std::string>{"CcmStarNoTag"});
  // An 8-byte nonce: L = 7, flags 6, the counter in 7 bytes.
  std::string eight = line;
  eight.replace(eight.find(nonce), nonce.size(), "0001020304050607");
  ASSERT_TRUE(LoadVectorText("m.data", "CCM* no tag\n" + eight, {}, &f, &error)) << error;
  EXPECT_EQ(model::Hex(f.cases[0].iv), "06000102030405060700000000000001");
  std::string six = line;
  six.replace(six.find(nonce), nonce.size(), "000102030405");
  EXPECT_EQ(ErrorOf("CCM* no tag\n" + six),
            "m.data:2: test_vec_crypt: a CCM* nonce has 7 to 13 bytes, not 6");
  std::string refused = line;
  refused.replace(refused.find(":0:0"), 4, ":MBEDTLS_ERR_CCM_BAD_INPUT:0");
  EXPECT_EQ(ErrorOf("CCM* no tag\n" + refused),
            "m.data:2: test_vec_crypt: MBEDTLS_CIPHER_ARIA_128_CCM_STAR_NO_TAG expecting an error: "
            "CCM*'s "
            "refusals are not modelled (only its encryption, as CTR)");
}

TEST(MbedtlsLoaderTest, Malformed) {
  const std::string good =
      "ARIA-128-ECB Encrypt\ndepends_on:MBEDTLS_ARIA_C\n"
      "aria_encrypt_ecb:\"000102030405060708090a0b0c0d0e0f\":\"00112233445566778899aabbccddeeff\":"
      "\"d718fbd6ab644c739da95f3be6451778\":0\n";
  VectorFile f;
  std::string error;
  ASSERT_TRUE(LoadVectorText("m.data", good, {}, &f, &error)) << error;
  EXPECT_EQ(f.format, "mbedtls");
  ASSERT_EQ(f.cases.size(), 1u);
  EXPECT_EQ(f.cases[0].line, 3);
  EXPECT_EQ(f.cases[0].comment, "ARIA-128-ECB Encrypt");
  auto with = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    const size_t p = s.find(from);
    EXPECT_NE(p, std::string::npos) << from;
    return p == std::string::npos ? s : s.replace(p, from.size(), to);
  };
  EXPECT_EQ(ErrorOf(with("\"d718", "\"x718")),
            "m.data:3: aria_encrypt_ecb argument 3: bad hex digit 'x' at offset 0");
  EXPECT_EQ(ErrorOf(with(":0\n", "\n")), "m.data:3: aria_encrypt_ecb takes 4 arguments, got 3");
  EXPECT_EQ(
      ErrorOf(with(":0\n", ":zero!\n")),
      "m.data:3: aria_encrypt_ecb argument 4 must be an integer or an error code (MBEDTLS_ERR_..., "
      "PSA_ERROR_...), not 'zero!'");
  // A symbol that is not an error code has no value the loader can know.
  EXPECT_EQ(
      ErrorOf(with(":0\n", ":MBEDTLS_CIPHER_ID_ARIA\n")),
      "m.data:3: aria_encrypt_ecb argument 4 must be an integer or an error code (MBEDTLS_ERR_..., "
      "PSA_ERROR_...), not 'MBEDTLS_CIPHER_ID_ARIA'");
  EXPECT_EQ(ErrorOf(with("aria_encrypt_ecb", "aria_encrypt_xts")),
            "m.data:3: unknown test function 'aria_encrypt_xts'");
  EXPECT_EQ(ErrorOf(with("aria_encrypt_ecb", "aria_mystery")),
            "m.data:3: unknown test function 'aria_mystery'");
  LoadOptions skip;
  skip.skip_unsupported = true;
  ASSERT_TRUE(LoadVectorText("m.data", with("aria_encrypt_ecb", "aria_mystery") + "\n" + good, skip,
                             &f, &error))
      << error;
  EXPECT_EQ(f.cases.size(), 1u);
  ASSERT_EQ(f.skipped.size(), 1u);
  EXPECT_EQ(f.skipped[0], "m.data:3: unknown test function 'aria_mystery'");
  // A function of another suite the loader does not know: its case listed as skipped with the
  // reason, without --skip-unsupported; the file's other cases load.
  ASSERT_TRUE(LoadVectorText("m.data", with("aria_encrypt_ecb", "mystery_fn") + "\n" + good, {}, &f,
                             &error))
      << error;
  EXPECT_EQ(f.cases.size(), 1u);
  ASSERT_EQ(f.skipped.size(), 1u);
  EXPECT_EQ(f.skipped[0].rfind("m.data:3: mystery_fn (", 0), 0u) << f.skipped[0];
  EXPECT_NE(f.skipped[0].find("): unknown test function: this loader does not know what it "
                              "checks; not run"),
            std::string::npos)
      << f.skipped[0];
  EXPECT_EQ(ErrorOf(with("\"00112233", "00112233")), "m.data:3: unterminated string");
  EXPECT_EQ(ErrorOf(with("\"00112233445566778899aabbccddeeff\"", "0011")),
            "m.data:3: aria_encrypt_ecb argument 2 must be a quoted hex string");
  EXPECT_EQ(ErrorOf(with("\"d718fbd6ab644c739da95f3be6451778\"", "\"d718\"")),
            "m.data:3: input and output lengths differ");
  EXPECT_EQ(ErrorOf(good + "extra line\n"),
            "m.data:1: a test case is a description, an optional depends_on line and one function "
            "line; got 4 lines");
  EXPECT_EQ(ErrorOf(with("aria_encrypt_ecb", "aria_encrypt_cfb128")),
            "m.data:3: aria_encrypt_cfb128 takes 5 arguments, got 4");
}

}  // namespace
}  // namespace ariasuite::vectors
