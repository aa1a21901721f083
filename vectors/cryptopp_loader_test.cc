// The Crypto++ loaders (TestVectors text and TestData .dat) on their committed samples and on each
// class of malformed input.
#include "gtest/gtest.h"
#include "vectors/loader.h"
#include "vectors/testdata.h"

namespace ariasuite::vectors {
namespace {

using model::Bytes;
using model::Mode;

std::string ErrorOf(const std::string& text, Format format = Format::kCryptopp) {
  LoadOptions options;
  options.format = format;
  VectorFile f;
  std::string error;
  EXPECT_FALSE(LoadVectorText("c.txt", text, options, &f, &error)) << "loaded";
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  return error;
}

TEST(CryptoppLoaderTest, Sample) {
  VectorFile f;
  std::string error;
  ASSERT_TRUE(LoadVectorFile(testdata::RunfilePath("vectors/samples/aria_cryptopp_sample.txt"), {},
                             &f, &error))
      << error;
  EXPECT_EQ(f.format, "cryptopp");
  ASSERT_EQ(f.cases.size(), 11u);
  EXPECT_EQ(f.left_out, "1 test(s) of 1 other algorithm(s) left out (AES/ECB)");
  EXPECT_EQ(f.cases[0].msg.size(), 80u);       // five blocks over a continued line
  EXPECT_EQ(f.cases[2].msg, Bytes(32, 0x00));  // r32 00
  EXPECT_EQ(f.cases[3].key, f.cases[2].key);   // a field keeps its value for the next test
  EXPECT_EQ(std::string(f.cases[3].msg.begin(), f.cases[3].msg.end()),
            "ARIA in Crypto++'s quoted form!!");
  int not_verify = 0;
  for (const TestCase& c : f.cases) {
    if (c.expect == Expect::kInvalid) {
      ++not_verify;
      EXPECT_EQ(c.mode, Mode::kGcm);
      EXPECT_EQ(c.direction, Direction::kDecrypt);
    }
  }
  EXPECT_EQ(not_verify, 1);
  ASSERT_TRUE(LoadVectorFile(testdata::RunfilePath("vectors/samples/aria_cryptopp_sample.dat"), {},
                             &f, &error))
      << error;
  EXPECT_EQ(f.format, "cryptopp-dat");
  EXPECT_EQ(f.cases.size(), 6u);
}

TEST(CryptoppLoaderTest, Malformed) {
  const std::string head = "AlgorithmType: SymmetricCipher\nName: ARIA/ECB\nSource: t\n";
  const std::string test =
      "Key: 000102030405060708090a0b0c0d0e0f\nPlaintext: 00112233445566778899aabbccddeeff\n"
      "Ciphertext: d718fbd6ab644c739da95f3be6451778\nTest: Encrypt\n";
  VectorFile f;
  std::string error;
  LoadOptions as_cryptopp;
  ASSERT_TRUE(LoadVectorText("c.txt", head + test, as_cryptopp, &f, &error)) << error;
  EXPECT_EQ(f.format, "cryptopp");
  EXPECT_EQ(ErrorOf(head + "Key: 00 \\\n     01\n" + test.substr(test.find('\n') + 1)),
            "c.txt:4: Key has 2 bytes (ARIA takes 16, 24 or 32)");
  EXPECT_EQ(ErrorOf(head + "Rounds: 12\n" + test),
            "c.txt:4: field 'Rounds' (a Crypto++ test parameter this runner does not model)");
  EXPECT_EQ(ErrorOf(head + test + "Plaintext: r2\nTest: Encrypt\n"),
            "c.txt:8: Plaintext: repetition without a value");
  EXPECT_EQ(ErrorOf(head + test + "Plaintext: \"abc\nTest: Encrypt\n"),
            "c.txt:8: Plaintext: unterminated quoted string");
  EXPECT_EQ(ErrorOf(head + test + "Test: Resync\n"),
            "c.txt:8: Test: Resync (ARIA/ECB): a Crypto++ test this runner does not model");
  EXPECT_EQ(
      ErrorOf("AlgorithmType: SymmetricCipher\nName: ARIA/XTS\n" + test),
      "c.txt:6: SymmetricCipher ARIA/XTS: not supported by this runner (reads ARIA/ECB, ARIA/CBC, "
      "ARIA/CTR, ARIA/CFB, ARIA/OFB, ARIA/GCM, CMAC(ARIA))");
  EXPECT_EQ(ErrorOf(head + "Key 0011\n"), "c.txt:4: expected 'Name: value', got 'Key 0011'");
  EXPECT_EQ(ErrorOf(head + "Key: 00 \\"), "c.txt:4: field continues past the end of the file");
  // Fields no Test: line uses at the end of the file: cut short (Crypto++ itself would run
  // nothing).
  EXPECT_EQ(ErrorOf(head + test +
                    "Comment: next\nKey: 000102030405060708090a0b0c0d0e0f\nPlaintext: 00\n"),
            "c.txt:9: the file ends before a Test: line uses these fields (a truncated file?)");
  EXPECT_EQ(ErrorOf(head + test + "Key: 000102030405060708090a0b0c0d0e0f"),
            "c.txt:8: the file ends before a Test: line uses these fields (a truncated file?)");
  ASSERT_TRUE(LoadVectorText("c.txt", head + test + "AlgorithmType: MAC\nName: CMAC(AES)\n",
                             as_cryptopp, &f, &error))
      << error;  // a section header with no data yet is not a cut

  EXPECT_EQ(ErrorOf(head + test.substr(test.find('\n') + 1)), "c.txt:6: test without Key");
  // A blank line ends the section: the next test has no Name.
  EXPECT_EQ(ErrorOf(head + "\n" + test), "c.txt:8: Test before AlgorithmType and Name");
  EXPECT_EQ(ErrorOf("00 11 22\n", Format::kCryptoppDat),
            "c.txt:1: KEY has 1 bytes (ARIA takes 16, 24 or 32)");
  EXPECT_EQ(ErrorOf("000102030405060708090a0b0c0d0e0f 00\n", Format::kCryptoppDat),
            "c.txt:1: expected 'KEY PLAINTEXT CIPHERTEXT' (three hex fields), got 2 field(s)");
}

}  // namespace
}  // namespace ariasuite::vectors
