// The exec line protocol (PROTOCOL.md): encoding and decoding of both sides, the adapter serving
// loop on malformed requests, and the example adapter end to end: `exec:openssl_adapter` must
// answer every request of the Wycheproof ARIA files and of ariasuite's generated vectors exactly
// as the in-process OpenSSL backend does.
#include <cstdio>
#include <filesystem>

#include "conformance/runner.h"
#include "gtest/gtest.h"
#include "oracles/protocol.h"
#include "vectors/loader.h"
#include "vectors/model/hex.h"
#include "vectors/testdata.h"

namespace ariasuite::conformance {

using model::Hex;
using oracles::Backend;
using oracles::Bytes;
using oracles::Cipher;
using oracles::DescribeRequest;
using oracles::FormatRequestLine;
using oracles::FormatResponseLine;
using oracles::MakeExecBackend;
using oracles::MakeOpenSslBackend;
using oracles::Op;
using oracles::ParseRequestLine;
using oracles::ParseResponseLine;
using oracles::Request;
using oracles::Result;
using oracles::ServeExecProtocol;

namespace {

TEST(ProtocolTest, RequestRoundTrip) {
  Request r;
  r.op = Op::kCcmOpen;
  r.cipher = Cipher::kAes;
  r.key = {0x00, 0xab};
  r.iv = {0x01};
  r.aad = {};
  r.input = {0xff, 0x10};
  r.tag = {0x02, 0x03};
  r.tag_len = 12;
  const std::string line = FormatRequestLine(r);
  EXPECT_EQ(line, "ccm-open aes key=00ab iv=01 aad= in=ff10 tag=0203 taglen=12");
  Request back;
  std::string error;
  ASSERT_TRUE(ParseRequestLine(line + "\r\n", &back, &error)) << error;
  EXPECT_TRUE(back == r) << DescribeRequest(back);
  // Upper-case hex is accepted.
  ASSERT_TRUE(ParseRequestLine("cmac aria key=AB iv= aad= in= tag= taglen=0", &back, &error));
  EXPECT_EQ(back.key, Bytes{0xab});
}

TEST(ProtocolTest, MalformedRequests) {
  Request r;
  std::string error;
  EXPECT_FALSE(ParseRequestLine("gcm-seal aria key=00", &r, &error));
  EXPECT_EQ(error, "expected 8 space-separated fields, got 3");
  EXPECT_FALSE(ParseRequestLine("gcm-frob aria key= iv= aad= in= tag= taglen=0", &r, &error));
  EXPECT_EQ(error, "unknown operation 'gcm-frob'");
  EXPECT_FALSE(ParseRequestLine("gcm-seal sm4 key= iv= aad= in= tag= taglen=0", &r, &error));
  EXPECT_EQ(error, "unknown cipher 'sm4'");
  EXPECT_FALSE(ParseRequestLine("gcm-seal aria key=0 iv= aad= in= tag= taglen=0", &r, &error));
  EXPECT_EQ(error, "bad hex in key");
  EXPECT_FALSE(ParseRequestLine("gcm-seal aria iv= key= aad= in= tag= taglen=0", &r, &error));
  EXPECT_EQ(error, "field 3 must be key=HEX");
  EXPECT_FALSE(ParseRequestLine("gcm-seal aria key= iv= aad= in= tag= taglen=x", &r, &error));
  EXPECT_EQ(error, "field 8 must be taglen=DECIMAL");
}

TEST(ProtocolTest, Responses) {
  Result ok;
  ok.accepted = true;
  ok.output = {1};
  ok.tag = {2};
  EXPECT_EQ(FormatResponseLine(ok), "ok out=01 tag=02");
  Result no;
  no.detail = "bad\ntag";
  EXPECT_EQ(FormatResponseLine(no), "refused bad tag");
  EXPECT_EQ(FormatResponseLine(std::nullopt), "unsupported");
  std::optional<Result> parsed;
  std::string error;
  ASSERT_TRUE(ParseResponseLine("ok out=0102 tag=", &parsed, &error));
  ASSERT_TRUE(parsed && parsed->accepted);
  EXPECT_EQ(parsed->output, (Bytes{1, 2}));
  ASSERT_TRUE(ParseResponseLine("refused EVP_CipherFinal_ex", &parsed, &error));
  ASSERT_TRUE(parsed && !parsed->accepted);
  EXPECT_EQ(parsed->detail, "EVP_CipherFinal_ex");
  ASSERT_TRUE(ParseResponseLine("unsupported no KW", &parsed, &error));
  EXPECT_FALSE(parsed);
  EXPECT_FALSE(parsed->crashed);
  EXPECT_FALSE(ParseResponseLine("error boom", &parsed, &error));
  EXPECT_EQ(error, "adapter reported an error: boom");
  EXPECT_FALSE(ParseResponseLine("ok out=0 tag=", &parsed, &error));
  EXPECT_FALSE(ParseResponseLine("yes", &parsed, &error));
  EXPECT_EQ(error, "unknown response 'yes'");
}

// `crashed REASON`: the library failed on the inputs; neither accepted nor a refusal, with its
// reason, and written back the same way (an empty reason too).
TEST(ProtocolTest, CrashedAnswer) {
  std::optional<Result> parsed;
  std::string error;
  ASSERT_TRUE(ParseResponseLine("crashed NegativeArraySizeException: -8\r\n", &parsed, &error))
      << error;
  ASSERT_TRUE(parsed.has_value());
  EXPECT_TRUE(parsed->crashed);
  EXPECT_FALSE(parsed->accepted);
  EXPECT_FALSE(oracles::IsRefusal(*parsed));
  EXPECT_EQ(parsed->error, "");
  EXPECT_EQ(parsed->detail, "NegativeArraySizeException: -8");
  EXPECT_EQ(FormatResponseLine(parsed), "crashed NegativeArraySizeException: -8");
  EXPECT_EQ(oracles::DescribeResult(parsed), "crashed (NegativeArraySizeException: -8)");
  ASSERT_TRUE(ParseResponseLine("crashed", &parsed, &error)) << error;
  ASSERT_TRUE(parsed.has_value());
  EXPECT_TRUE(parsed->crashed);
  EXPECT_EQ(parsed->detail, "");
  EXPECT_EQ(FormatResponseLine(parsed), "crashed");
  EXPECT_EQ(FormatResponseLine(oracles::Crashed("a\nb")), "crashed a b");
  // Not a prefix match: "crashedX" is no answer.
  EXPECT_FALSE(ParseResponseLine("crashedX boom", &parsed, &error));
}

// An in-process backend behind ServeExecProtocol, fed through temporary files.
TEST(ProtocolTest, ServeAnswersEveryLine) {
  class Echo : public Backend {
   public:
    std::string name() const override { return "echo"; }
    bool is_ours() const override { return false; }
    std::optional<std::string> unavailable() const override { return std::nullopt; }
    std::optional<Result> Run(const Request& r) override {
      if (r.op == Op::kKwWrap) return std::nullopt;
      Result x;
      x.accepted = true;
      x.output = r.input;
      return x;
    }
  } echo;
  FILE* in = std::tmpfile();
  FILE* out = std::tmpfile();
  ASSERT_TRUE(in && out);
  std::fputs(
      "hello ariasuite-exec 1\necb-encrypt aria key=00 iv= aad= in=abcd tag= taglen=0\n"
      "nonsense\nkw-wrap aria key= iv= aad= in= tag= taglen=0\n",
      in);
  std::rewind(in);
  EXPECT_EQ(ServeExecProtocol(echo, "echo 1", in, out), 0);
  std::rewind(out);
  char buf[4096] = {};
  const size_t n = std::fread(buf, 1, sizeof(buf) - 1, out);
  EXPECT_EQ(std::string(buf, n),
            "hello ariasuite-exec 1 echo 1\nok out=abcd tag=\n"
            "error expected 8 space-separated fields, got 1\nunsupported\n");
  std::fclose(in);
  std::fclose(out);
}

// Lines longer than any stream buffer, a \r\n ending and a last line without its newline are each
// read whole.
TEST(ProtocolTest, ServeReadsLongCrlfAndUnterminatedLines) {
  class Length : public Backend {
   public:
    std::string name() const override { return "length"; }
    bool is_ours() const override { return false; }
    std::optional<std::string> unavailable() const override { return std::nullopt; }
    std::optional<Result> Run(const Request& r) override {
      Result x;
      x.accepted = true;
      x.output = r.input;
      x.tag = {static_cast<uint8_t>(r.input.size() >> 16), static_cast<uint8_t>(r.input.size())};
      return x;
    }
  } length;
  FILE* in = std::tmpfile();
  FILE* out = std::tmpfile();
  ASSERT_TRUE(in && out);
  const std::string big_hex(2 * 100000, 'e');
  std::fputs(("ecb-encrypt aria key= iv= aad= in=" + big_hex + " tag= taglen=0\r\n").c_str(), in);
  std::fputs("ecb-encrypt aria key= iv= aad= in=0102 tag= taglen=0", in);
  std::rewind(in);
  EXPECT_EQ(ServeExecProtocol(length, "length", in, out), 0);
  std::rewind(out);
  std::string got;
  char buf[65536];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), out)) > 0) got.append(buf, n);
  // 100000 = 0x0186a0: the tag holds the length's third and first bytes.
  const std::string want = "ok out=" + big_hex + " tag=01a0\nok out=0102 tag=0002\n";
  EXPECT_EQ(got.size(), want.size());
  // Compared whole, shown by its end (the 200,000 digits would bury the report).
  EXPECT_TRUE(got == want) << "the answers end with: " << got.substr(got.size() - 40);
  std::fclose(in);
  std::fclose(out);
}

TEST(ExecAdapterTest, MissingProgramIsUnavailable) {
  std::unique_ptr<Backend> b = MakeExecBackend("/nonexistent/adapter");
  ASSERT_TRUE(b->unavailable());
  EXPECT_NE(b->unavailable()->find("did not answer the hello line"), std::string::npos)
      << *b->unavailable();
  EXPECT_EQ(b->name(), "exec:/nonexistent/adapter");
}

// The example adapter answers exactly as the OpenSSL backend it wraps.
TEST(ExecAdapterTest, OpensslAdapterMatchesInProcessOpenssl) {
  std::unique_ptr<Backend> exec =
      MakeExecBackend(testdata::RunfilePath("oracles/openssl_adapter"), "exec-openssl");
  ASSERT_FALSE(exec->unavailable()) << *exec->unavailable();
  std::unique_ptr<Backend> direct = MakeOpenSslBackend();
  std::vector<std::string> files;
  for (const char* rel :
       {"vectors/samples/aria_evp_sample.txt", "vectors/samples/aria_gcm_cavp_sample.rsp",
        "vectors/generated/aria_ccm_edge_test.json",
        "vectors/generated/aria_cbc_pkcs5_edge_test.json"}) {
    files.push_back(testdata::RunfilePath(rel));
  }
  std::string looked_in;
  const std::string shared = testdata::SharedDir(&looked_in);
  if (!shared.empty()) {
    for (const char* f : {"aria_gcm_test.json", "aria_ccm_test.json", "aria_cbc_pkcs5_test.json",
                          "aria_cmac_test.json", "aria_wrap_test.json", "aria_kwp_test.json"}) {
      files.push_back(shared + "/vectors/wycheproof/" + f);
    }
  } else {
    std::cout << "NOTE: Wycheproof files not found (looked in " << looked_in
              << "); comparing on ariasuite's own files only\n";
  }
  size_t compared = 0, accepted = 0, refused = 0, unsupported = 0;
  for (const std::string& path : files) {
    VectorFile f;
    std::string error;
    ASSERT_TRUE(LoadVectorFile(path, {}, &f, &error)) << error;
    for (const TestCase& c : f.cases) {
      for (const Request& r : RequestsFor(c)) {
        std::optional<Result> a = exec->Run(r), b = direct->Run(r);
        SCOPED_TRACE(c.where + " " + DescribeRequest(r));
        ASSERT_EQ(a.has_value(), b.has_value());
        ++compared;
        if (!a) {
          ++unsupported;
          continue;
        }
        EXPECT_TRUE(a->error.empty()) << a->error;
        EXPECT_EQ(a->accepted, b->accepted);
        EXPECT_EQ(Hex(a->output), Hex(b->output));
        EXPECT_EQ(Hex(a->tag), Hex(b->tag));
        EXPECT_EQ(a->detail, b->detail);
        (a->accepted ? accepted : refused)++;
      }
    }
  }
  // All three kinds of answer crossed the pipe.
  EXPECT_GT(compared, 500u);
  EXPECT_GT(accepted, 0u);
  EXPECT_GT(refused, 0u);
  if (!shared.empty()) {  // KW / KWP
    EXPECT_GT(unsupported, 0u);
  }
}

// CFB128, CFB8, CFB1 and OFB cross the pipe both ways: every length around a block, every key
// size, and IVs OpenSSL refuses, answered exactly as in process.
TEST(ExecAdapterTest, CfbAndOfbOpsMatchInProcessOpenssl) {
  std::unique_ptr<Backend> exec =
      MakeExecBackend(testdata::RunfilePath("oracles/openssl_adapter"), "exec-openssl");
  ASSERT_FALSE(exec->unavailable()) << *exec->unavailable();
  std::unique_ptr<Backend> direct = MakeOpenSslBackend();
  size_t accepted = 0, refused = 0;
  for (Op op : {Op::kCfb128Encrypt, Op::kCfb128Decrypt, Op::kCfb8Encrypt, Op::kCfb8Decrypt,
                Op::kCfb1Encrypt, Op::kCfb1Decrypt, Op::kOfbEncrypt, Op::kOfbDecrypt}) {
    Request line_back;
    std::string error;
    for (size_t key_len : {16, 24, 32}) {
      for (size_t len : {0, 1, 15, 16, 17, 33}) {
        for (size_t iv_len : {16, 15}) {
          Request r;
          r.op = op;
          r.key.assign(key_len, static_cast<uint8_t>(len + 1));
          r.iv.assign(iv_len, 0x5c);
          r.input.assign(len, static_cast<uint8_t>(key_len));
          ASSERT_TRUE(ParseRequestLine(FormatRequestLine(r), &line_back, &error)) << error;
          EXPECT_EQ(line_back.op, op);
          SCOPED_TRACE(DescribeRequest(r));
          std::optional<Result> a = exec->Run(r), b = direct->Run(r);
          ASSERT_TRUE(a.has_value() && b.has_value());
          EXPECT_TRUE(a->error.empty()) << a->error;
          EXPECT_EQ(a->accepted, b->accepted);
          EXPECT_EQ(Hex(a->output), Hex(b->output));
          EXPECT_EQ(a->accepted, iv_len == 16);
          if (a->accepted) {
            EXPECT_EQ(a->output.size(), len);
          }
          (a->accepted ? accepted : refused)++;
        }
      }
    }
  }
  EXPECT_EQ(accepted, 8u * 3 * 6);
  EXPECT_EQ(refused, 8u * 3 * 6);
}

}  // namespace
}  // namespace ariasuite::conformance
