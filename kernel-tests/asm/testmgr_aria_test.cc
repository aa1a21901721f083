// The testmgr.h reader of kernel-asm: the committed sample in testmgr.h's own format
// (vectors/samples/aria_testmgr_sample.h), checked against our reference, and what it refuses.
#include "kernel-tests/asm/testmgr_aria.h"

#include <fstream>
#include <sstream>

#include "gtest/gtest.h"
#include "impl/aria.h"

namespace ariasuite::kernel_asm {
namespace {

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(TestmgrAriaTest, SampleEcbVectorsAgreeWithOurReference) {
  const std::string path = "vectors/samples/aria_testmgr_sample.h";
  const std::string text = Slurp(path);
  ASSERT_FALSE(text.empty()) << path;
  std::vector<vectors::TestCase> ecb, ctr;
  std::string error;
  ASSERT_TRUE(ReadCipherVectors(path, text, "aria_tv_template", &ecb, &error)) << error;
  ASSERT_TRUE(ReadCipherVectors(path, text, "aria_ctr_tv_template", &ctr, &error)) << error;
  EXPECT_FALSE(ctr.empty());
  for (const vectors::TestCase& v : ecb) {
    SCOPED_TRACE(v.where);
    AriaKey key;
    ASSERT_EQ(AriaSetEncryptKey(&key, v.key.data(), v.key.size()), Status::kOk);
    ASSERT_EQ(v.msg.size() % 16, 0u);
    for (size_t off = 0; off < v.msg.size(); off += 16) {
      uint8_t out[16];
      AriaCryptBlock(key, out, &v.msg[off]);
      EXPECT_EQ(std::vector<uint8_t>(out, out + 16),
                std::vector<uint8_t>(v.ct.begin() + off, v.ct.begin() + off + 16));
    }
  }
}

TEST(TestmgrAriaTest, EscapesAndConcatenation) {
  const std::string text =
      "static const struct cipher_testvec aria_tv_template[] = {\n"
      "\t{ /* a comment */\n"
      "\t\t.key = \"\\x00\\x01\" \"ab\\0\\\\\\\"\"\n"
      "\t\t\t\"\\x7f\\xff\\101\\n\\t\\r??xyz\",\n"
      "\t\t.klen = 18, .ptext = \"0123456789abcdef\", .ctext = \"fedcba9876543210\",\n"
      "\t\t.len = 16,\n\t}\n};\n";
  std::vector<vectors::TestCase> v;
  std::string error;
  ASSERT_TRUE(ReadCipherVectors("t.h", text, "aria_tv_template", &v, &error)) << error;
  ASSERT_EQ(v.size(), 1u);
  const std::vector<uint8_t> want = {0,   1,    'a',  'b',  0,   '\\', '"', 0x7f, 0xff,
                                     'A', '\n', '\t', '\r', '?', '?',  'x', 'y',  'z'};
  EXPECT_EQ(v[0].key, want);
  EXPECT_EQ(v[0].where, "t.h:2");
}

TEST(TestmgrAriaTest, RefusesWhatItDoesNotKnow) {
  const std::string head = "static const struct cipher_testvec aria_tv_template[] = {\n{\n";
  const std::string ok_fields = ".klen = 1, .ptext = \"a\", .ctext = \"b\", .len = 1,\n";
  std::vector<vectors::TestCase> v;
  std::string error;
  EXPECT_FALSE(ReadCipherVectors("t.h", head + ".key = \"k\", .novel = 1, " + ok_fields + "}\n};",
                                 "aria_tv_template", &v, &error));
  EXPECT_NE(error.find("t.h:3: unknown field .novel"), std::string::npos) << error;
  EXPECT_FALSE(ReadCipherVectors("t.h", head + ".key = \"\\q\", " + ok_fields + "}\n};",
                                 "aria_tv_template", &v, &error));
  EXPECT_NE(error.find("unknown escape"), std::string::npos) << error;
  EXPECT_FALSE(ReadCipherVectors("t.h", head + ".key = \"kk\", " + ok_fields + "}\n};",
                                 "aria_tv_template", &v, &error));
  EXPECT_NE(error.find("t.h:3: .key has 2 bytes but .klen is 1"), std::string::npos) << error;
  const std::string ecb_only = head + ".key = \"k\", " + ok_fields + "}\n};";
  EXPECT_FALSE(ReadCipherVectors("t.h", ecb_only, "aria_ctr_tv_template", &v, &error));
  EXPECT_NE(error.find("no array aria_ctr_tv_template"), std::string::npos) << error;
  // Valid C that the old reader of this file refused: one \x escape takes every hex digit.
  ASSERT_TRUE(ReadCipherVectors("t.h", head + ".key = \"\\x06b\", " + ok_fields + "}\n};",
                                "aria_tv_template", &v, &error))
      << error;
  EXPECT_EQ(v[0].key, std::vector<uint8_t>{0x6b});
}

}  // namespace
}  // namespace ariasuite::kernel_asm
