// Wycheproof's ARIA-CBC-PKCS5 vectors (../shared/vectors/wycheproof/aria_cbc_pkcs5_test.json) on
// every path, through modes.h's unpadded CBC with the PKCS#5 padding added and checked here
// (minimal, not constant time: impl/cbc_pkcs5.cc is the library's constant-time version). Valid
// cases: encryption reproduces ct, decryption returns msg; invalid cases (bad padding, empty
// ciphertext): decryption is rejected. OpenSSL 3 must agree on every case. SKIPs when the shared
// folder is missing.
#include <cstring>
#include <string>
#include <vector>

#include "conformance/shared_wycheproof.h"
#include "gtest/gtest.h"
#include "impl/aria.h"
#include "impl/modes.h"
#include "impl/testing/openssl_oracle_for_testing.h"
#include "impl/testing/test_util.h"
#include "vectors/loader.h"
#include "vectors/model/hex.h"
#include "vectors/testdata.h"
#include "vectors/vector.h"

namespace ariasuite {
namespace {

using vectors::Expect;
using vectors::TestCase;

// CBC-decrypts and strips PKCS#5 padding; false for a bad length or bad padding.
bool DecryptPkcs5(Impl impl, const Bytes& key, const Bytes& iv_in, const Bytes& ct, Bytes* out) {
  if (ct.empty() || ct.size() % 16 != 0) return false;
  AriaKey dk;
  if (AriaSetDecryptKey(&dk, key.data(), key.size()) != Status::kOk) return false;
  uint8_t iv[16];
  std::memcpy(iv, iv_in.data(), 16);
  Bytes pt(ct.size());
  if (AriaCbcDecrypt(impl, dk, iv, pt.data(), ct.data(), ct.size()) != Status::kOk) return false;
  const uint8_t pad = pt.back();
  if (pad == 0 || pad > 16) return false;
  for (size_t i = pt.size() - pad; i < pt.size(); ++i) {
    if (pt[i] != pad) return false;
  }
  pt.resize(pt.size() - pad);
  *out = pt;
  return true;
}

class WycheproofCbcTest : public ::ariasuite::test_util::PerImplTest {};

TEST_P(WycheproofCbcTest, AriaCbcPkcs5) {
  vectors::VectorFile file;
  std::string skip;
  ASSERT_TRUE(
      testdata::LoadSharedWycheproof("aria_cbc_pkcs5_test.json", "ARIA-CBC-PKCS5", &file, &skip));
  if (!skip.empty()) GTEST_SKIP() << skip;
  const std::vector<TestCase>& cases = file.cases;
  int valid_ok = 0, invalid_rejected = 0;
  for (const TestCase& c : cases) {
    SCOPED_TRACE(c.where + " (" + vectors::ExpectName(c.expect) + ")");
    Bytes pt;
    const bool ok = DecryptPkcs5(GetParam(), c.key, c.iv, c.ct, &pt);
    const auto ossl = openssl_oracle::Cipher("ARIA", "CBC", c.key, c.iv, c.ct, false, true);
    EXPECT_EQ(ok, ossl.has_value()) << "OpenSSL disagrees";
    if (c.expect == Expect::kValid) {
      ASSERT_TRUE(ok);
      EXPECT_EQ(Hex(pt), Hex(c.msg));
      // Encrypt: pad with 1..16 bytes of their count (RFC 8018 §6.1.1) and CBC-encrypt.
      Bytes padded = c.msg;
      const size_t pad = 16 - c.msg.size() % 16;
      padded.insert(padded.end(), pad, static_cast<uint8_t>(pad));
      AriaKey ek;
      ASSERT_EQ(AriaSetEncryptKey(&ek, c.key.data(), c.key.size()), Status::kOk);
      uint8_t iv[16];
      std::memcpy(iv, c.iv.data(), 16);
      Bytes ct(padded.size());
      ASSERT_EQ(AriaCbcEncrypt(GetParam(), ek, iv, ct.data(), padded.data(), padded.size()),
                Status::kOk);
      EXPECT_EQ(Hex(ct), Hex(c.ct));
      ++valid_ok;
    } else if (c.expect == Expect::kInvalid) {
      EXPECT_FALSE(ok) << "an invalid case was accepted";
      if (!ok) ++invalid_rejected;
    }
  }
  std::printf("Wycheproof %s [%s]: %zu cases: %d valid reproduced, %d invalid rejected\n",
              file.path.c_str(), ImplName(GetParam()), cases.size(), valid_ok, invalid_rejected);
  EXPECT_EQ(static_cast<size_t>(valid_ok + invalid_rejected), cases.size());
}

ARIASUITE_INSTANTIATE_PER_IMPL(WycheproofCbcTest);

}  // namespace
}  // namespace ariasuite
