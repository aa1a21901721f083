// The Botan .vec loader on its committed sample, on Botan's own files' shapes (a mixed file whose
// other algorithms are left out and counted), and on each class of malformed input.
#include <fstream>
#include <sstream>

#include "gtest/gtest.h"
#include "vectors/loader.h"
#include "vectors/testdata.h"

namespace ariasuite::vectors {
namespace {

using model::Bytes;
using model::Cipher;
using model::Mode;

std::string ErrorOf(const std::string& text, LoadOptions options = {}) {
  options.format = Format::kBotan;
  VectorFile f;
  std::string error;
  EXPECT_FALSE(LoadVectorText("b.vec", text, options, &f, &error)) << "loaded";
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  return error;
}

TEST(BotanLoaderTest, Sample) {
  VectorFile f;
  std::string error;
  ASSERT_TRUE(LoadVectorFile(testdata::RunfilePath("vectors/samples/aria_botan_sample.vec"), {}, &f,
                             &error))
      << error;
  EXPECT_EQ(f.format, "botan");
  EXPECT_EQ(f.cases.size(), 22u);
  EXPECT_TRUE(f.skipped.empty());
  EXPECT_EQ(f.left_out,
            "1 vector(s) of 1 section(s) of other algorithms left out (AES-128/CBC/NoPadding)");
  std::map<Mode, int> modes;
  int aes = 0;
  for (const TestCase& c : f.cases) {
    ++modes[c.mode];
    aes += c.cipher == Cipher::kAes;
    if (c.mode == Mode::kGcm || c.mode == Mode::kCcm) {
      EXPECT_EQ(c.tag.size(), c.tag_len) << c.where;
    }
    if (c.mode == Mode::kCtr) {
      EXPECT_EQ(c.iv.size(), 16u) << c.where;  // an 8-byte nonce zero-padded
    }
  }
  EXPECT_EQ(modes[Mode::kEcb], 6);
  EXPECT_EQ(modes[Mode::kCbc], 2);
  EXPECT_EQ(modes[Mode::kCbcPkcs5], 2);
  EXPECT_EQ(modes[Mode::kCtr], 2);
  EXPECT_EQ(modes[Mode::kGcm], 6);
  EXPECT_EQ(modes[Mode::kCcm], 2);
  EXPECT_EQ(modes[Mode::kCmac], 2);
  EXPECT_EQ(aes, 2);
}

const char kGood[] =
    "#test cpuid aesni\n"
    "[DES/CBC/NoPadding]\nKey = 0123456789ABCDEF\nNonce = 1234567890ABCDEF\nIn = 00\nOut = 11\n\n"
    "[ARIA-128]\nKey = 000102030405060708090a0b0c0d0e0f\nIn = 00112233445566778899aabbccddeeff\n"
    "Out = d718fbd6ab644c739da95f3be6451778\n";

TEST(BotanLoaderTest, OtherAlgorithmsLeftOutInOneLine) {
  VectorFile f;
  std::string error;
  ASSERT_TRUE(LoadVectorText("b.vec", kGood, {}, &f, &error)) << error;
  EXPECT_EQ(f.format, "botan");
  ASSERT_EQ(f.cases.size(), 1u);
  EXPECT_EQ(f.cases[0].line, 9);
  EXPECT_EQ(f.cases[0].mode, Mode::kEcb);
  EXPECT_TRUE(f.skipped.empty());  // never reported as unsupported
  EXPECT_EQ(f.left_out,
            "1 vector(s) of 1 section(s) of other algorithms left out (DES/CBC/NoPadding)");
}

// Botan's stream and mac files name the cipher without its key size (`[CTR-BE(ARIA)]`,
// `[CMAC(ARIA)]`) and carry `Seek` in stream vectors. Outputs computed with OpenSSL 3.0's CLI:
// `openssl enc -aria-{128,256}-ctr -K .. -iv ..` and `openssl mac -cipher ARIA-128-CBC CMAC`.
const char kStream[] =
    "[CTR-BE(DES)]\nKey = 0123456789ABCDEF\nNonce = 1234567890ABCDEF\nIn = 00\nOut = 11\n\n"
    "[CTR-BE(ARIA)]\n"
    "Key = 000102030405060708090a0b0c0d0e0f\nNonce = f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff\n"
    "In = 00112233445566778899aabbccddeeff0011223344\n"
    "Out = 5be9ff51067c6d5058c0a3ee63e54defff5917bec7\n\n"
    "Key = 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n"
    "Nonce = 0102030405060708090a0b0c\nIn = 00112233445566778899aabbccddeeff\n"
    "Out = cd7890ccfc66e125ef3b6946c619a014\n\n"
    "Seek = 0\nKey = 000102030405060708090a0b0c0d0e0f\nNonce = f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff\n"
    "In = 0011\nOut = 5be9\n\n"
    "Seek = 3\nKey = 000102030405060708090a0b0c0d0e0f\nNonce = f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff\n"
    "In = 33\nOut = 51\n\n"
    "[CMAC(ARIA)]\nKey = 000102030405060708090a0b0c0d0e0f\nIn = 6bc1bee22e409f96e93d7e117393172a\n"
    "Out = a111a12557f7a67d6bc15ba4d81784ad\n";

TEST(BotanLoaderTest, CipherNamedWithoutKeySize) {
  VectorFile f;
  std::string error;
  ASSERT_TRUE(LoadVectorText("ctr.vec", kStream, {}, &f, &error)) << error;
  EXPECT_EQ(f.format, "botan");
  ASSERT_EQ(f.cases.size(), 4u);
  EXPECT_EQ(f.cases[0].mode, Mode::kCtr);
  EXPECT_EQ(f.cases[0].key.size(), 16u);
  EXPECT_EQ(f.cases[0].ct.size(), 21u);
  EXPECT_EQ(f.cases[1].key.size(), 32u);
  EXPECT_EQ(f.cases[1].iv, (Bytes{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 0, 0, 0}));
  EXPECT_EQ(f.cases[2].msg, (Bytes{0x00, 0x11}));  // Seek = 0: the keystream from its start
  EXPECT_EQ(f.cases[3].mode, Mode::kCmac);
  EXPECT_EQ(f.cases[3].tag.size(), 16u);
  ASSERT_EQ(f.skipped.size(), 1u);
  EXPECT_EQ(f.skipped[0],
            "ctr.vec:24: [CTR-BE(ARIA)] Seek = 3: starts the keystream at a byte offset, which a "
            "request of the runner cannot express; not run");
  EXPECT_EQ(f.left_out, "1 vector(s) of 1 section(s) of other algorithms left out (CTR-BE(DES))");
  const std::string stream = kStream;
  const std::string key32 =
      "Key = 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
  EXPECT_EQ(ErrorOf(std::string(stream).replace(stream.find(key32), key32.size(), "Key = 0001")),
            "b.vec:13: Key has 2 bytes but [CTR-BE(ARIA)] takes 16, 24 or 32");
  EXPECT_EQ(ErrorOf(std::string(stream).replace(stream.find("Seek = 3"), 8, "Seek = x")),
            "b.vec:24: Seek must be a decimal byte offset, not 'x'");
}

TEST(BotanLoaderTest, Malformed) {
  const std::string good = kGood;
  auto with = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    const size_t p = s.find(from);
    EXPECT_NE(p, std::string::npos) << from;
    return p == std::string::npos ? s : s.replace(p, from.size(), to);
  };
  EXPECT_EQ(ErrorOf(with("Out = d718", "Out = d7x8")),
            "b.vec:11: Out: bad hex digit 'x' at offset 2");
  EXPECT_EQ(ErrorOf(with("Key = 000102030405060708090a0b0c0d0e0f", "Key = 0001")),
            "b.vec:9: Key has 2 bytes but [ARIA-128] takes 16");
  EXPECT_EQ(ErrorOf(with("Out = d718fbd6ab644c739da95f3be6451778\n", "")),
            "b.vec:9: vector without Out at the end of the file");
  EXPECT_EQ(ErrorOf(with("In = 0011", "Tweak = 00\nIn = 0011")),
            "b.vec:10: field 'Tweak' in section [ARIA-128] (a Botan test parameter this runner "
            "does not model)");
  EXPECT_EQ(
      ErrorOf(with("[ARIA-128]", "[ARIA-128/OCB]")),
      "b.vec:8: section [ARIA-128/OCB]: this ARIA mode is not supported by this runner (reads ECB, "
      "CBC/NoPadding, CBC/PKCS7, CFB, CFB(8), GCM, CCM, CTR-BE, OFB, CMAC)");
  EXPECT_EQ(ErrorOf(with("[ARIA-128]", "[ARIA-128")),
            "b.vec:8: malformed section header '[ARIA-128'");
  EXPECT_EQ(ErrorOf(with("In = 0011", "In = 00\nIn = 0011")),
            "b.vec:11: field 'In' given twice in one vector");
  EXPECT_EQ(ErrorOf("[DES]\nKey = 00\nIn = 00\nOut = 00\n"),
            "b.vec:1: no ARIA (or AES-GCM) vectors in the file");
  LoadOptions skip;
  skip.skip_unsupported = true;
  VectorFile f;
  std::string error;
  ASSERT_TRUE(LoadVectorText(
      "b.vec", with("[ARIA-128]", "[SIV(ARIA-128)]") + "\n" + good.substr(good.find("[ARIA")), skip,
      &f, &error))
      << error;
  EXPECT_EQ(f.cases.size(), 1u);
  ASSERT_EQ(f.skipped.size(), 1u);
}

}  // namespace
}  // namespace ariasuite::vectors
