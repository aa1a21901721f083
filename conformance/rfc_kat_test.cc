// The RFC-typed vector files (vectors/rfc5794_kat.json, vectors/rfc8269_gcm.json) on every path,
// each vector also checked against OpenSSL 3: a vector counts as trusted only when both agree.
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "impl/aria.h"
#include "impl/gcm.h"
#include "impl/modes.h"
#include "impl/testing/openssl_oracle_for_testing.h"
#include "impl/testing/test_util.h"
#include "vectors/loader.h"
#include "vectors/manifest.h"
#include "vectors/model/hex.h"
#include "vectors/testdata.h"
#include "vectors/vector.h"

namespace ariasuite {
namespace {

using vectors::TestCase;

// Loads a committed file with the one Wycheproof loader (strict: fields, hex, flags defined in
// notes, numberOfTests), checks what typed vectors add (each is valid and names the RFC it comes
// from) and runs check on each of its `count` cases.
void ForEveryRfcCase(const std::string& rel, const std::string& algorithm, size_t count,
                     const std::function<void(const TestCase&)>& check) {
  ASSERT_NE(vectors::FindInManifest(rel), nullptr) << rel << ": not in vectors/MANIFEST";
  vectors::VectorFile file;
  std::string error;
  ASSERT_TRUE(vectors::LoadWycheproofFile(testdata::RunfilePath(rel), algorithm, &file, &error))
      << error;
  ASSERT_EQ(file.cases.size(), count) << rel;
  for (const TestCase& c : file.cases) {
    SCOPED_TRACE(c.where + " (" + c.source + ")");
    EXPECT_EQ(c.source.find("RFC"), 0u) << "no 'source' naming the RFC";
    ASSERT_EQ(c.expect, vectors::Expect::kValid);
    check(c);
  }
}

class RfcKatTest : public ::ariasuite::test_util::PerImplTest {};

TEST_P(RfcKatTest, Rfc5794BlockExamples) {
  ForEveryRfcCase("vectors/rfc5794_kat.json", "ARIA", 4, [&](const TestCase& c) {
    const Bytes &key = c.key, &msg = c.msg, &ct = c.ct;
    AriaKey ek, dk;
    ASSERT_EQ(AriaSetEncryptKey(&ek, key.data(), key.size()), Status::kOk);
    ASSERT_EQ(AriaSetDecryptKey(&dk, key.data(), key.size()), Status::kOk);
    Bytes out(msg.size());
    ASSERT_EQ(AriaEcb(GetParam(), ek, out.data(), msg.data(), msg.size()), Status::kOk);
    EXPECT_EQ(Hex(out), Hex(ct)) << "ours";
    ASSERT_EQ(AriaEcb(GetParam(), dk, out.data(), ct.data(), ct.size()), Status::kOk);
    EXPECT_EQ(Hex(out), Hex(msg)) << "ours, decrypt";
    const auto want = openssl_oracle::Cipher("ARIA", "ECB", key, {}, msg, true);
    ASSERT_TRUE(want.has_value());
    EXPECT_EQ(Hex(*want), Hex(ct)) << "OpenSSL";
  });
}

TEST_P(RfcKatTest, Rfc8269GcmExamples) {
  ForEveryRfcCase("vectors/rfc8269_gcm.json", "ARIA-GCM", 2, [&](const TestCase& c) {
    const Bytes &key = c.key, &iv = c.iv, &aad = c.aad, &msg = c.msg, &ct = c.ct, &tag = c.tag;
    AriaGcmKey k;
    ASSERT_EQ(k.Init(GetParam(), key.data(), key.size()), Status::kOk);
    Bytes out(msg.size()), out_tag(tag.size());
    ASSERT_EQ(AriaGcmSeal(k, out.data(), out_tag.data(), tag.size(), iv.data(), iv.size(),
                          msg.data(), msg.size(), aad.data(), aad.size()),
              Status::kOk);
    EXPECT_EQ(Hex(out), Hex(ct)) << "ours";
    EXPECT_EQ(Hex(out_tag), Hex(tag)) << "ours";
    ASSERT_EQ(AriaGcmOpen(k, out.data(), iv.data(), iv.size(), ct.data(), ct.size(), tag.data(),
                          tag.size(), aad.data(), aad.size()),
              Status::kOk);
    EXPECT_EQ(Hex(out), Hex(msg));
    const auto want = openssl_oracle::GcmSeal("ARIA", key, iv, aad, msg, tag.size());
    ASSERT_TRUE(want.has_value());
    EXPECT_EQ(Hex(want->ct), Hex(ct)) << "OpenSSL";
    EXPECT_EQ(Hex(want->tag), Hex(tag)) << "OpenSSL";
  });
}

ARIASUITE_INSTANTIATE_PER_IMPL(RfcKatTest);

}  // namespace
}  // namespace ariasuite
