// The vector loaders on good input (the committed samples of every format, a minimal Wycheproof
// file) and on each class of malformed input, which must give exactly one line naming file:line
// or file:tcId and the reason.
#include "vectors/loader.h"

#include <fstream>
#include <map>
#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "vectors/testdata.h"

namespace ariasuite::vectors {

using model::Bytes;
using model::Cipher;
using model::Mode;

namespace {

std::string ReadRunfile(const std::string& rel) {
  std::ifstream in(testdata::RunfilePath(rel), std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The error of loading text as path (the test fails if it loads).
std::string ErrorOf(const std::string& path, const std::string& text, LoadOptions options = {}) {
  VectorFile f;
  std::string error;
  EXPECT_FALSE(LoadVectorText(path, text, options, &f, &error)) << path << " loaded";
  EXPECT_EQ(error.find('\n'), std::string::npos) << "not one line: " << error;
  return error;
}

constexpr char kAead[] = R"({
  "algorithm": "ARIA-GCM",
  "numberOfTests": 2,
  "notes": {"Ktv": {"bugType": "BASIC", "description": "known"}},
  "testGroups": [
    {
      "type": "AeadTest", "keySize": 128, "ivSize": 96, "tagSize": 128,
      "tests": [
        {"tcId": 1, "comment": "", "flags": ["Ktv"], "key": "000102030405060708090a0b0c0d0e0f",
         "iv": "000102030405060708090a0b", "aad": "", "msg": "00", "ct": "11",
         "tag": "000102030405060708090a0b0c0d0e0f", "result": "valid"},
        {"tcId": 2, "comment": "", "flags": [], "key": "000102030405060708090a0b0c0d0e0f",
         "iv": "000102030405060708090a0b", "aad": "", "msg": "", "ct": "",
         "tag": "000102030405060708090a0b0c0d0e0f", "result": "invalid"}
      ]
    }
  ]
}
)";

std::string Replace(std::string s, const std::string& from, const std::string& to) {
  size_t p = s.find(from);
  EXPECT_NE(p, std::string::npos) << from;
  if (p != std::string::npos) s.replace(p, from.size(), to);
  return s;
}

// One damage to a good text and the one-line error it must give: `from` (once in the text) becomes
// `to`, or with no `from` the text gets `to` appended. An error ending in "..." is compared up to
// there.
struct Damage {
  const char* from;
  const char* to;
  const char* error;
};

void ExpectDamageErrors(const std::string& path, const std::string& good,
                        const std::vector<Damage>& damages) {
  for (const Damage& d : damages) {
    SCOPED_TRACE(std::string(d.from) + " -> " + d.to);
    const std::string text = *d.from == '\0' ? good + d.to : Replace(good, d.from, d.to);
    const std::string error = ErrorOf(path, text), want = d.error;
    if (want.size() > 3 && want.compare(want.size() - 3, 3, "...") == 0) {
      EXPECT_EQ(error.substr(0, want.size() - 3), want.substr(0, want.size() - 3));
    } else {
      EXPECT_EQ(error, want);
    }
  }
}

TEST(LoaderTest, WycheproofGood) {
  VectorFile f;
  std::string error;
  ASSERT_TRUE(LoadVectorText("t.json", kAead, {}, &f, &error)) << error;
  EXPECT_EQ(f.format, "wycheproof");
  EXPECT_EQ(f.algorithm, "ARIA-GCM");
  ASSERT_EQ(f.cases.size(), 2u);
  EXPECT_EQ(f.cases[0].where, "t.json:tcId 1");
  EXPECT_EQ(f.cases[0].tag_len, 16u);
  EXPECT_EQ(f.cases[0].msg, Bytes{0x00});
  EXPECT_EQ(f.cases[1].expect, Expect::kInvalid);
  EXPECT_EQ(f.cases[0].mode, Mode::kGcm);
}

TEST(LoaderTest, WycheproofMalformed) {
  ExpectDamageErrors(
      "t.json", kAead,
      {{"\"msg\": \"00\"", "\"msg\": \"0g\"",
        "t.json:tcId 1: field 'msg': bad hex digit 'g' at offset 1"},
       {"\"msg\": \"00\"", "\"msg\": \"000\"",
        "t.json:tcId 1: field 'msg': odd number of hex digits (3)"},
       {"\"aad\": \"\", \"msg\": \"00\"", "\"msg\": \"00\"", "t.json:tcId 1: missing field 'aad'"},
       {"\"comment\": \"\", \"flags\": [\"Ktv\"]",
        "\"comment\": \"\", \"extra\": 1, \"flags\": [\"Ktv\"]",
        "t.json:tcId 1: unknown field 'extra'"},
       {"\"numberOfTests\": 2,", "\"numberOfTests\": 2, \"x\": 1,",
        "t.json:3: unknown top-level field 'x'"},
       {"ARIA-GCM", "ARIA-OCB", "t.json:2: unsupported algorithm 'ARIA-OCB' (..."},
       {"\"tcId\": 2", "\"tcId\": 1", "t.json:tcId 1: duplicate tcId"},
       {"[\"Ktv\"]", "[\"Nope\"]", "t.json:tcId 1: flag 'Nope' is not defined in 'notes'"},
       {"\"iv\": \"000102030405060708090a0b\", \"aad\": \"\", \"msg\": \"00\"",
        "\"iv\": \"0001020304050607\", \"aad\": \"\", \"msg\": \"00\"",
        "t.json:tcId 1: 'iv' has 8 bytes but the group's ivSize is 96 bits"},
       {"\"numberOfTests\": 2", "\"numberOfTests\": 3",
        "t.json:3: numberOfTests is 3 but the file has 2 tests"},
       {"\"ct\": \"11\"", "\"ct\": \"1122\"", "t.json:tcId 1: 'msg' has 1 bytes but 'ct' has 2"},
       {"\"result\": \"valid\"", "\"result\": \"maybe\"",
        "t.json:tcId 1: 'result' must be valid, invalid or acceptable, not 'maybe'"},
       // Bad JSON: a trailing comma, reported at its line.
       {"\"result\": \"invalid\"}", "\"result\": \"invalid\",}", "t.json:14: bad JSON: ..."}});
}

TEST(LoaderTest, UnsupportedWycheproofAlgorithmCanBeSkipped) {
  LoadOptions skip;
  skip.skip_unsupported = true;
  VectorFile f;
  std::string error;
  ASSERT_TRUE(LoadVectorText("t.json", Replace(kAead, "ARIA-GCM", "ARIA-OCB"), skip, &f, &error));
  EXPECT_TRUE(f.cases.empty());
  ASSERT_EQ(f.skipped.size(), 1u);
  EXPECT_EQ(f.skipped[0], "t.json:2: unsupported algorithm 'ARIA-OCB'");
}

TEST(LoaderTest, CommittedSamplesOfEveryFormatLoad) {
  struct Want {
    const char* rel;
    const char* format;
    size_t cases;
  };
  for (const Want& w : {Want{"vectors/samples/aria_gcm_cavp_sample.rsp", "cavp", 12},
                        Want{"vectors/samples/aria_evp_sample.txt", "evp", 10},
                        Want{"vectors/samples/aria_testmgr_sample.h", "testmgr", 12},
                        Want{"vectors/samples/aria_botan_sample.vec", "botan", 22},
                        Want{"vectors/samples/aria_cryptopp_sample.txt", "cryptopp", 11},
                        Want{"vectors/samples/aria_cryptopp_sample.dat", "cryptopp-dat", 6},
                        Want{"vectors/samples/test_suite_aria_sample.data", "mbedtls", 11},
                        Want{"vectors/samples/test_suite_cipher.aria_sample.data", "mbedtls", 9},
                        Want{"vectors/samples/test_suite_block_cipher_sample.data", "mbedtls", 2},
                        Want{"vectors/generated/aria_gcm_edge_test.json", "wycheproof", 601}}) {
    SCOPED_TRACE(w.rel);
    VectorFile f;
    std::string error;
    ASSERT_TRUE(LoadVectorFile(testdata::RunfilePath(w.rel), {}, &f, &error)) << error;
    EXPECT_EQ(f.format, w.format);
    EXPECT_EQ(f.cases.size(), w.cases);
  }
}

// The hard case of every line-based loader: the same file with CRLF line ends (as saved on
// Windows, or fetched with autocrlf) gives the same cases, byte for byte, and no error.
TEST(LoaderTest, CrlfLineEndsGiveTheSameCases) {
  for (const char* rel :
       {"vectors/samples/aria_gcm_cavp_sample.rsp", "vectors/samples/aria_evp_sample.txt",
        "vectors/samples/aria_testmgr_sample.h", "vectors/samples/aria_botan_sample.vec",
        "vectors/samples/aria_cryptopp_sample.txt", "vectors/samples/aria_cryptopp_sample.dat",
        "vectors/samples/test_suite_aria_sample.data",
        "vectors/samples/test_suite_cipher.aria_sample.data",
        "vectors/generated/aria_gcm_edge_test.json"}) {
    SCOPED_TRACE(rel);
    const std::string lf = ReadRunfile(rel);
    ASSERT_EQ(lf.find('\r'), std::string::npos);
    std::string crlf;
    for (char c : lf) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    VectorFile a, b;
    std::string error;
    ASSERT_TRUE(LoadVectorText(rel, lf, {}, &a, &error)) << error;
    ASSERT_TRUE(LoadVectorText(rel, crlf, {}, &b, &error)) << error;
    ASSERT_EQ(a.cases.size(), b.cases.size());
    for (size_t i = 0; i < a.cases.size(); ++i) {
      const TestCase &x = a.cases[i], &y = b.cases[i];
      SCOPED_TRACE(x.where);
      EXPECT_EQ(x.where, y.where);
      EXPECT_EQ(x.mode, y.mode);
      EXPECT_EQ(x.expect, y.expect);
      EXPECT_EQ(x.direction, y.direction);
      EXPECT_EQ(x.flags, y.flags);
      for (auto [f, g] :
           {std::pair{&x.key, &y.key}, std::pair{&x.iv, &y.iv}, std::pair{&x.aad, &y.aad},
            std::pair{&x.msg, &y.msg}, std::pair{&x.ct, &y.ct}, std::pair{&x.tag, &y.tag},
            std::pair{&x.next_iv, &y.next_iv}}) {
        EXPECT_EQ(*f, *g);
      }
      EXPECT_EQ(x.tag_len, y.tag_len);
    }
  }
}

TEST(LoaderTest, CavpSampleSemantics) {
  VectorFile f;
  std::string error;
  ASSERT_TRUE(LoadVectorText("s.rsp", ReadRunfile("vectors/samples/aria_gcm_cavp_sample.rsp"), {},
                             &f, &error))
      << error;
  EXPECT_EQ(f.algorithm, "ARIA-GCM");  // the comments say ARIA
  int fails = 0;
  for (const TestCase& c : f.cases) {
    if (c.expect == Expect::kInvalid) {
      ++fails;
      EXPECT_EQ(c.direction, Direction::kDecrypt);
    }
  }
  EXPECT_EQ(fails, 2);
  // Without an ARIA comment a CAVP file is AES (NIST's files are AES-GCM).
  const std::string aes =
      "[Keylen = 128]\n[IVlen = 96]\n[PTlen = 0]\n[AADlen = 0]\n[Taglen = 128]\n\n"
      "Count = 0\nKey = 11754cd72aec309bf52f7687212e8957\n"
      "IV = 3c819d9a9bed087615030b65\nPT = \nAAD = \nCT = \n"
      "Tag = 250327c674aaf477aef2675748cf6971\n";
  ASSERT_TRUE(LoadVectorText("a.rsp", aes, {}, &f, &error)) << error;
  EXPECT_EQ(f.algorithm, "AES-GCM");
  EXPECT_EQ(f.cases[0].cipher, Cipher::kAes);
}

TEST(LoaderTest, CavpMalformed) {
  const std::string head =
      "# ARIA\n[Keylen = 128]\n[IVlen = 96]\n[PTlen = 8]\n[AADlen = 0]\n[Taglen = 128]\n\n";
  const std::string rec =
      "Count = 0\nKey = 000102030405060708090a0b0c0d0e0f\nIV = 000102030405060708090a0b\n"
      "PT = 00\nAAD = \nCT = 11\nTag = 000102030405060708090a0b0c0d0e0f\n";
  ExpectDamageErrors(
      "x.rsp", head + rec,
      {{"CT = 11", "CT = 1", "x.rsp:13: CT: odd number of hex digits (1)"},
       {"IV = 000102030405060708090a0b", "IV = 0001", "x.rsp:8: IV has 16 bits but [IVlen = 96]"},
       {"", "FAIL\n", "x.rsp:8: record Count = 0 has both PT and FAIL"},
       {"Tag = 000102030405060708090a0b0c0d0e0f\n", "", "x.rsp:8: record Count = 0 has no Tag"},
       {"[AADlen = 0]", "[Alen = 0]",
        "x.rsp:5: unsupported section parameter 'Alen' (this loader reads GCM files: Keylen, "
        "IVlen, PTlen, AADlen, Taglen)"},
       {"AAD = ", "Nonce = ", "x.rsp:12: unknown field 'Nonce'"}});
}

TEST(LoaderTest, EvpSampleSemantics) {
  VectorFile f;
  std::string error;
  ASSERT_TRUE(
      LoadVectorText("e.txt", ReadRunfile("vectors/samples/aria_evp_sample.txt"), {}, &f, &error))
      << error;
  int decrypt_only_invalid = 0, encrypt_only = 0;
  for (const TestCase& c : f.cases) {
    if (c.expect == Expect::kInvalid && c.direction == Direction::kDecrypt) ++decrypt_only_invalid;
    if (c.direction == Direction::kEncrypt) ++encrypt_only;
    if (c.mode == Mode::kGcm || c.mode == Mode::kCcm) {
      EXPECT_EQ(c.aad.size(), 24u);  // given on two AAD lines
    }
  }
  EXPECT_EQ(decrypt_only_invalid, 1);
  EXPECT_EQ(encrypt_only, 1);
}

TEST(LoaderTest, EvpMalformed) {
  const std::string good =
      "Cipher = ARIA-128-CBC\nKey = 000102030405060708090a0b0c0d0e0f\n"
      "IV = 000102030405060708090a0b0c0d0e0f\nPlaintext = 00\nCiphertext = 11\n";
  ExpectDamageErrors(
      "e.txt", good,
      {{"ARIA-128-CBC", "ARIA-128-XTS",
        "e.txt:1: unsupported cipher 'ARIA-128-XTS' (supported: "
        "ARIA-/AES-{128,192,256}-{ECB,CBC,CTR,GCM,CCM,CFB,CFB8,CFB1,OFB})"},
       {"IV = 000102030405060708090a0b0c0d0e0f\n", "", "e.txt:1: stanza without IV"},
       {"Ciphertext = 11", "Ciphertext = 1x", "e.txt:5: Ciphertext: bad hex digit 'x' at offset 1"},
       {"", "Colour = red\n", "e.txt:6: unknown field 'Colour'"},
       {"", "Operation = BOTH\n", "e.txt:6: Operation must be ENCRYPT or DECRYPT"},
       {"", "Rounds = 12\n",
        "e.txt:6: unsupported field 'Rounds' (a parameter ARIA has no use for)"},
       {"", "Result = VALUE_MISMATCH\n",
        "e.txt:6: Result = VALUE_MISMATCH expects a different output, not a refusal (not stated "
        "by the vector model)"},
       {"", "SetTagLate = TRUE\n", "e.txt:6: SetTagLate for a non-AEAD cipher"},
       {"Key = 000102030405060708090a0b0c0d0e0f", "Key = 0001",
        "e.txt:2: Key has 2 bytes but ARIA-128-CBC takes 16"}});
  std::string gcm =
      "Cipher = ARIA-128-GCM\nKey = 000102030405060708090a0b0c0d0e0f\nIV = "
      "000102030405060708090a0b\n"
      "Tag = 000102030405060708090a0b0c0d0e0f\nPlaintext = \nCiphertext = \n";
  for (int i = 0; i < 11; ++i) gcm += "AAD = 00\n";
  EXPECT_EQ(ErrorOf("e.txt", gcm), "e.txt:17: more than 10 AAD lines (evp_test's AAD_NUM)");
  EXPECT_EQ(ErrorOf("e.txt", "Digest = SHA256\nInput = 00\nOutput = 00\n"),
            "e.txt:1: unsupported test type 'Digest' (this runner reads Cipher tests)");
  LoadOptions skip;
  skip.skip_unsupported = true;
  VectorFile f;
  std::string error;
  ASSERT_TRUE(LoadVectorText("e.txt", Replace(good, "ARIA-128-CBC", "ARIA-128-XTS") + "\n" + good,
                             skip, &f, &error))
      << error;
  EXPECT_EQ(f.cases.size(), 1u);
  EXPECT_EQ(f.skipped.size(), 1u);
}

// NextIV is checked against what the mode leaves after the data (the loader does not run the
// cipher: CBC's is the last ciphertext block, CTR's the counter after the blocks used).
TEST(LoaderTest, EvpNextIv) {
  const std::string block =
      "Key = 000102030405060708090a0b0c0d0e0f\nIV = 000102030405060708090a0b0c0d0e0f\n"
      "Plaintext = 00112233445566778899aabbccddeeff\n"
      "Ciphertext = 0f0e0d0c0b0a09080706050403020100\n";
  struct NextIv {
    const char* cipher;
    const char* right;  // what the mode leaves
    const char* wrong;
  };
  for (const NextIv& n : {NextIv{"ARIA-128-CBC", "0f0e0d0c0b0a09080706050403020100",
                                 "000102030405060708090a0b0c0d0e0f"},
                          NextIv{"ARIA-128-CTR", "000102030405060708090a0b0c0d0e10",
                                 "000102030405060708090a0b0c0d0e0f"}}) {
    SCOPED_TRACE(n.cipher);
    const std::string head = std::string("Cipher = ") + n.cipher + "\n" + block + "NextIV = ";
    VectorFile f;
    std::string error;
    EXPECT_TRUE(LoadVectorText("e.txt", head + n.right + "\n", {}, &f, &error)) << error;
    EXPECT_EQ(ErrorOf("e.txt", head + n.wrong + "\n"),
              std::string("e.txt:6: NextIV is not the IV ") + n.cipher +
                  " leaves after this Ciphertext (" + n.right + ")");
  }
  EXPECT_EQ(ErrorOf("e.txt",
                    "Cipher = ARIA-128-ECB\nKey = 000102030405060708090a0b0c0d0e0f\n"
                    "Plaintext = 00\nCiphertext = 11\nNextIV = 00\n"),
            "e.txt:5: NextIV for an ECB cipher");
}

// CTR's NextIV on its hard cases: the counter is one 128-bit big-endian number (SP 800-38A B.1)
// advanced by the blocks used (a partial last block is one), carrying across every byte and the
// 64-bit halves, wrapping at 2^128. The right values were computed apart, as Python integers:
// (int(iv, 16) + ceil(len / 16)) % 2**128. Each wrong one is what a broken increment gives: only
// the last byte, only the low 64 bits, or floor(len / 16) blocks.
TEST(LoaderTest, EvpCtrNextIvCarries) {
  struct Case {
    const char* what;
    const char* iv;
    size_t len;
    const char* right;
    std::vector<const char*> wrong;
  };
  const Case cases[] = {
      {"one byte carries",
       "000102030405060708090a0b0c0d0eff",
       32,
       "000102030405060708090a0b0c0d0f01",
       {"000102030405060708090a0b0c0d0e01"}},
      {"many bytes carry, across the 64-bit halves",
       "00010203040506ffffffffffffffffff",
       48,
       "00010203040507000000000000000002",
       {"00010203040506ffffffffffffffff02", "00010203040506ff0000000000000002"}},
      {"the 2^128 wrap",
       "ffffffffffffffffffffffffffffffff",
       16,
       "00000000000000000000000000000000",
       {"ffffffffffffffffffffffffffffff00", "ffffffffffffffff0000000000000000"}},
      {"past the 2^128 wrap",
       "fffffffffffffffffffffffffffffffe",
       48,
       "00000000000000000000000000000001",
       {"ffffffffffffffffffffffffffffff01", "ffffffffffffffff0000000000000001"}},
      {"a partial last block counts",
       "000102030405060708090a0b0c0dfffe",
       33,
       "000102030405060708090a0b0c0e0001",
       {"000102030405060708090a0b0c0dff01", "000102030405060708090a0b0c0e0000"}},
      {"300 blocks: more than one byte to add",
       "000102030405060708090a0b0c0d00f0",
       4800,
       "000102030405060708090a0b0c0d021c",
       {"000102030405060708090a0b0c0d001c"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    std::string pt, ct;
    for (size_t i = 0; i < c.len; ++i) {
      pt += "00";
      ct += "11";
    }
    const std::string head = std::string("Cipher = ARIA-128-CTR\n") +
                             "Key = 000102030405060708090a0b0c0d0e0f\nIV = " + c.iv +
                             "\nPlaintext = " + pt + "\nCiphertext = " + ct + "\nNextIV = ";
    VectorFile f;
    std::string error;
    EXPECT_TRUE(LoadVectorText("e.txt", head + c.right + "\n", {}, &f, &error)) << error;
    for (const char* wrong : c.wrong) {
      EXPECT_EQ(ErrorOf("e.txt", head + wrong + "\n"),
                std::string("e.txt:6: NextIV is not the IV ARIA-128-CTR leaves after this "
                            "Ciphertext (") +
                    c.right + ")")
          << wrong;
    }
  }
}

TEST(LoaderTest, TestmgrSampleSemantics) {
  VectorFile f;
  std::string error;
  ASSERT_TRUE(
      LoadVectorText("t.h", ReadRunfile("vectors/samples/aria_testmgr_sample.h"), {}, &f, &error))
      << error;
  int novrfy = 0;
  for (const TestCase& c : f.cases) {
    if (c.mode == Mode::kGcm) {
      EXPECT_EQ(c.tag.size(), c.tag_len);
    }
    if (c.expect == Expect::kInvalid) {
      ++novrfy;
      EXPECT_EQ(c.direction, Direction::kDecrypt);
    }
  }
  EXPECT_EQ(novrfy, 1);
  EXPECT_EQ(f.cases[0].comment, "aria_tv_template[0]");
}

TEST(LoaderTest, TestmgrMalformed) {
  const std::string good =
      "static const struct cipher_testvec aes_tv_template[] = { { .key = \"\\x00\", .bogus = 1 } "
      "};\n"
      "static const struct cipher_testvec aria_tv_template[] = {\n"
      "\t{\n"
      "\t\t.key\t= \"\\x00\\x01\\x02\\x03\\x04\\x05\\x06\\x07\"\n"
      "\t\t\t  \"\\x08\\x09\\x0a\\x0b\\x0c\\x0d\\x0e\\x0f\",\n"
      "\t\t.klen\t= 16,\n"
      "\t\t.ptext\t= "
      "\"\\x00\\x11\\x22\\x33\\x44\\x55\\x66\\x77\\x88\\x99\\xaa\\xbb\\xcc\\xdd\\xee\\xff\",\n"
      "\t\t.ctext\t= "
      "\"\\xd7\\x18\\xfb\\xd6\\xab\\x64\\x4c\\x73\\x9d\\xa9\\x5f\\x3b\\xe6\\x45\\x17\\x78\",\n"
      "\t\t.len\t= 16,\n"
      "\t}\n"
      "};\n";
  VectorFile f;
  std::string error;
  ASSERT_TRUE(LoadVectorText("t.h", good, {}, &f, &error)) << error;  // aes_tv_template unread
  ASSERT_EQ(f.cases.size(), 1u);
  EXPECT_EQ(f.cases[0].line, 3);
  ExpectDamageErrors(
      "t.h", good,
      {{".klen\t= 16", ".klen\t= 24", "t.h:4: .key has 16 bytes but .klen is 24"},
       {".len\t= 16", ".len\t= 16,\n\t\t.np\t= 2",
        "t.h:10: unknown field .np in struct cipher_testvec"},
       {"aria_tv_template", "aria_xts_tv_template",
        "t.h:2: template aria_xts_tv_template: unsupported mode (this runner reads ARIA ecb, "
        "cbc, ctr, cfb, ofb as cipher_testvec and gcm, ccm as aead_testvec)"},
       {"\\xff\",", "\\xff,", "t.h:7: unterminated string literal"},
       // \x takes every following hex digit: 0x777 does not fit a byte (gcc: "hex escape sequence
       // out of range").
       {"\\x77", "\\x777", "t.h:7: hex escape out of range for a byte"},
       {"\\x77", "\\x0000100", "t.h:7: hex escape out of range for a byte"},
       {".len\t= 16", ".len\t= sizeof(x)", "t.h:9: unsupported initializer 'sizeof'"}});
  LoadOptions as_testmgr;
  as_testmgr.format = Format::kTestmgr;
  EXPECT_EQ(ErrorOf("t.h", "static int x;\n", as_testmgr),
            "t.h:1: no ARIA cipher_testvec / aead_testvec templates in the file");
  const std::string cbc =
      Replace(Replace(good, "aria_tv_template", "aria_cbc_tv_template"), ".klen\t= 16,",
              ".klen\t= 16,\n\t\t.iv\t= \"\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00"
              "\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\",\n"
              "\t\t.iv_out\t= \"\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00"
              "\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x01\",");
  EXPECT_EQ(ErrorOf("t.h", cbc), "t.h:8: .iv_out is not the IV the mode leaves after .ctext");
  // Without .len (Linux 6.1's aria_cfb_tv_template) C reads 0, and the kernel checks 0 bytes.
  VectorFile no_len;
  ASSERT_TRUE(LoadVectorText("t.h", Replace(good, "\t\t.len\t= 16,\n", ""), {}, &no_len, &error))
      << error;
  ASSERT_EQ(no_len.cases.size(), 1u);
  EXPECT_TRUE(no_len.cases[0].msg.empty());
  EXPECT_TRUE(no_len.cases[0].ct.empty());
}

// Valid C is read as C reads it (gcc -fsyntax-only accepts each of these): "\x04a" is one escape
// of value 0x4a, leading zeros are fine, adjacent literals concatenate, octal takes at most three
// digits, a backslash-newline splices. Other algorithms' templates are skipped without decoding
// (an escape gcc only warns about there, a character literal with a quote, a brace in a string),
// and ARIA templates are found in any order.
TEST(LoaderTest, TestmgrReadsCAsCDoes) {
  const std::string key16 =
      "\"\\x00\\x01\\x02\\x03\\x04\\x05\\x06\\x07\\x08\\x09\\x0a\\x0b\\x0c\\x0d\\x0e\\x0f\"";
  const std::string text =
      "static const struct hash_testvec ghash_tv_template[] = { { .plaintext = "
      "\"\\x60\\x04a\\x100\\q}\", "
      ".c = '\"', .d = '\\'', } };\n"
      "static const struct aead_testvec aes_gcm_tv_template[] = { { .key = \"\\\n\\x01\" } };\n"
      "static const struct cipher_testvec aria_ctr_tv_template[] = {\n"
      "\t{ .key = " +
      key16 +
      ", .klen = 16,\n"
      "\t  .iv = \"\\x0000000000\\x00\\x00\\x00\\x00\\x00\\x00\\x00\" "
      "\"\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x01\",\n"
      "\t  .ptext = \"\\x04a\\101\\1012\\\n3\", .ctext = \"\\xff\\x00\\x00\\x00\\x00\", .len = 5 "
      "}\n"
      "};\n"
      "static const struct cipher_testvec aria_tv_template[] = {\n"
      "\t{ .key = " +
      key16 +
      ", .klen = 16, .ptext = \"\", .ctext = \"\", .len = 0 }\n"
      "};\n";
  VectorFile f;
  std::string error;
  ASSERT_TRUE(LoadVectorText("t.h", text, {}, &f, &error)) << error;
  ASSERT_EQ(f.cases.size(), 2u);
  EXPECT_EQ(f.cases[0].mode, Mode::kCtr);
  EXPECT_EQ(f.cases[0].msg, (Bytes{0x4a, 'A', 'A', '2', '3'}));
  EXPECT_EQ(f.cases[0].iv.size(), 16u);
  EXPECT_EQ(f.cases[0].iv[15], 1);
  EXPECT_EQ(f.cases[1].mode, Mode::kEcb);
  // The same escapes in an ARIA template are decoded, and refused when C refuses them.
  EXPECT_EQ(ErrorOf("t.h", Replace(text, "\\x04a\\101", "\\x104a\\101")),
            "t.h:7: hex escape out of range for a byte");
  EXPECT_EQ(ErrorOf("t.h", Replace(text, "\\x04a\\101", "\\q\\101")), "t.h:7: unknown escape \\q");
}

TEST(LoaderTest, DetectionAndOverride) {
  EXPECT_EQ(DetectFormat(" {\"a\": 1}"), Format::kWycheproof);
  EXPECT_EQ(DetectFormat("# c\n[Keylen = 128]\n"), Format::kCavp);
  EXPECT_EQ(DetectFormat("# c\n\nCipher = ARIA-128-ECB\n"), Format::kEvp);
  EXPECT_EQ(DetectFormat("static const struct aead_testvec x[] = {};"), Format::kTestmgr);
  EXPECT_EQ(DetectFormat("hello\n"), Format::kAuto);
  EXPECT_EQ(DetectFormat("#test cpuid aesni\n[ARIA-128]\nKey = 00\n"), Format::kBotan);
  EXPECT_EQ(DetectFormat("[DES/CBC/NoPadding]\n"), Format::kBotan);
  EXPECT_EQ(DetectFormat("[ENCRYPT]\nCOUNT = 0\n"), Format::kCavp);
  EXPECT_EQ(DetectFormat("AlgorithmType: SymmetricCipher\nName: ARIA/ECB\n"), Format::kCryptopp);
  EXPECT_EQ(DetectFormat("00112233 00112233 00112233\n"), Format::kCryptoppDat);
  EXPECT_EQ(DetectFormat("ARIA Selftest\naria_selftest:\n"), Format::kMbedtls);
  EXPECT_EQ(
      DetectFormat("ARIA-128-ECB Encrypt\ndepends_on:MBEDTLS_ARIA_C\naria_encrypt_ecb:\"\"\n"),
      Format::kMbedtls);
  EXPECT_EQ(DetectFormat("Title = x\n\nCipher = ARIA-128-ECB\n"), Format::kEvp);
  for (int i = 0; i <= kLastFormat; ++i) {
    EXPECT_EQ(ParseFormat(FormatName(static_cast<Format>(i))), static_cast<Format>(i));
  }
  EXPECT_EQ(
      ErrorOf("u.txt", "hello\n"),
      "u.txt:1: cannot tell the format (not Wycheproof JSON, CAVP .rsp, OpenSSL evp test text, "
      "kernel testmgr.h, Botan .vec, Crypto++ TestVectors or TestData, Mbed TLS .data); name it "
      "with --format");
  LoadOptions as_evp;
  as_evp.format = Format::kEvp;
  // A named format the content does not look like: the error says what it looks like.
  EXPECT_EQ(
      ErrorOf("t.json", kAead, as_evp),
      "t.json:1: expected 'Keyword = value', got '{' (read as evp, as the format was named; the "
      "content looks like wycheproof)");
}

// text gives error whatever format it is read as.
void ExpectRefusedAsEveryFormat(const std::string& path, const std::string& text,
                                const std::string& error) {
  for (int i = 0; i <= kLastFormat; ++i) {
    LoadOptions options;
    options.format = static_cast<Format>(i);
    SCOPED_TRACE(FormatName(options.format));
    EXPECT_EQ(ErrorOf(path, text, options), error);
  }
}

TEST(LoaderTest, BinaryContentIsRefusedByLine) {
  ExpectRefusedAsEveryFormat("b.bin", std::string("Cipher = ARIA-128-ECB\nKey = 00\0\x7f\n", 33),
                             "b.bin:2: NUL byte at offset 30: a binary file, not vector text");
}

TEST(LoaderTest, ByteOrderMarkIsNamed) {
  ExpectRefusedAsEveryFormat("bom.txt", "\xef\xbb\xbfTitle = x\n",
                             "bom.txt:1: starts with a UTF-8 byte-order mark (EF BB BF), which no "
                             "vector format has: save the file without it");
}

TEST(LoaderTest, LongErrorsAreCut) {
  const std::string line = "Cipher = ARIA-128-ECB\n" + std::string(5000, 'x') + "\n";
  LoadOptions as_evp;
  as_evp.format = Format::kEvp;
  const std::string error = ErrorOf("l.txt", line, as_evp);
  EXPECT_EQ(error.size(), 300u) << error;
  EXPECT_EQ(error.rfind("l.txt:2: expected 'Keyword = value', got 'xxx", 0), 0u) << error;
  EXPECT_EQ(error.substr(297), "...");
}

TEST(LoaderTest, MissingFile) {
  VectorFile f;
  std::string error;
  EXPECT_FALSE(LoadVectorFile("/nonexistent/x.json", {}, &f, &error));
  EXPECT_EQ(error, "/nonexistent/x.json: cannot read the file: No such file or directory");
  EXPECT_FALSE(LoadVectorFile("/", {}, &f, &error));
  EXPECT_EQ(error, "/: is a directory, not a vector file");
  // A device that never ends: refused at the size limit instead of read until memory runs out.
  EXPECT_FALSE(LoadVectorFile("/dev/zero", {}, &f, &error));
  EXPECT_EQ(error, "/dev/zero: larger than 64 MiB: not a vector file");
}

// The line walk every line-based loader uses: numbers from 1, '\r' and blanks kept (each loader
// trims), an empty last line after a final '\n', and a stop on the first false.
TEST(LoaderTest, ForEachLineNumbersEveryLineAndStops) {
  std::vector<std::pair<int, std::string>> seen;
  auto record = [&](int line_no, std::string_view raw) {
    seen.emplace_back(line_no, std::string(raw));
    return true;
  };
  EXPECT_TRUE(ForEachLine("a\n b\r\n\nc", record));
  EXPECT_EQ(seen,
            (std::vector<std::pair<int, std::string>>{{1, "a"}, {2, " b\r"}, {3, ""}, {4, "c"}}));
  seen.clear();
  EXPECT_TRUE(ForEachLine("x\n", record));
  EXPECT_EQ(seen, (std::vector<std::pair<int, std::string>>{{1, "x"}, {2, ""}}));
  seen.clear();
  EXPECT_TRUE(ForEachLine("", record));
  EXPECT_EQ(seen, (std::vector<std::pair<int, std::string>>{{1, ""}}));
  int calls = 0;
  EXPECT_FALSE(ForEachLine("1\n2\n3", [&](int line_no, std::string_view) {
    ++calls;
    return line_no < 2;
  }));
  EXPECT_EQ(calls, 2);
}

TEST(LoaderTest, LeftOutNoteSumsAndNamesTheFirstSix) {
  const std::map<std::string, int> counts = {{"a", 2}, {"b", 3}, {"c", 1}, {"d", 1},
                                             {"e", 1}, {"f", 1}, {"g", 4}};
  EXPECT_EQ(LeftOutNote({"b", "a"}, counts, "test(s)", "other algorithm(s)"),
            "5 test(s) of 2 other algorithm(s) left out (b, a)");
  EXPECT_EQ(LeftOutNote({"a", "b", "c", "d", "e", "f", "g"}, counts, "case(s)", "other cipher(s)"),
            "13 case(s) of 7 other cipher(s) left out (a, b, c, d, e, f, ...)");
  EXPECT_EQ(LeftOutNote({"zz"}, counts, "vector(s)", "sections"),
            "0 vector(s) of 1 sections left out (zz)");
}

}  // namespace
}  // namespace ariasuite::vectors
