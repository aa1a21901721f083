// Wycheproof's ARIA-GCM vectors (../shared/vectors/wycheproof/aria_gcm_test.json, 311 cases) on
// every path. Valid cases: seal reproduces ct and tag (one-shot, in place, and streamed in several
// chunkings), open returns msg, a flipped tag bit and a trailing byte are rejected. Invalid cases:
// open is rejected and, for IVs we refuse (length 0), seal too. OpenSSL 3 is run on every case it
// can take (IV of 1..128 bytes) and must agree. SKIPs (never passes) when the shared folder is
// missing, naming the places looked in.
//
// Policy decided here (see gcm.h): "acceptable" cases (none in the current file) pass when we
// either reject them or reproduce them exactly; a tag size outside gcm.h's set (4, 8, 12..16
// bytes) must give kBadTagLength, which counts as a rejection of an invalid case and fails a
// valid one.
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "conformance/shared_wycheproof.h"
#include "gtest/gtest.h"
#include "impl/gcm.h"
#include "impl/gcm_limits.h"
#include "impl/testing/openssl_oracle_for_testing.h"
#include "impl/testing/test_util.h"
#include "vectors/model/hex.h"
#include "vectors/vector.h"

namespace ariasuite {
namespace {

using vectors::Expect;
using vectors::TestCase;

class WycheproofGcmTest : public ::ariasuite::test_util::PerImplTest {};

TEST_P(WycheproofGcmTest, AriaGcm) {
  vectors::VectorFile file;
  std::string skip;
  ASSERT_TRUE(testdata::LoadSharedWycheproof("aria_gcm_test.json", "ARIA-GCM", &file, &skip));
  if (!skip.empty()) GTEST_SKIP() << skip;
  const std::vector<TestCase>& cases = file.cases;
  ASSERT_EQ(cases.size(), 311u);

  int valid_ok = 0, invalid_rejected = 0, acceptable = 0, oracle_checked = 0;
  std::map<std::string, int> by_flag;
  for (const TestCase& c : cases) {
    SCOPED_TRACE(c.where + " (" + vectors::ExpectName(c.expect) + ")");
    AriaGcmKey key;
    ASSERT_EQ(key.Init(GetParam(), c.key.data(), c.key.size()), Status::kOk);
    const size_t n = c.msg.size();
    Bytes out(n + 1), tag(16);
    const Status seal = AriaGcmSeal(key, out.data(), tag.data(), c.tag.size(), c.iv.data(),
                                    c.iv.size(), c.msg.data(), n, c.aad.data(), c.aad.size());
    Bytes pt(n + 1, 0xAA);
    const Status open = AriaGcmOpen(key, pt.data(), c.iv.data(), c.iv.size(), c.ct.data(), n,
                                    c.tag.data(), c.tag.size(), c.aad.data(), c.aad.size());
    const bool policy_tag = internal::GcmTagLenAllowed(c.tag.size());
    if (!policy_tag) {
      EXPECT_EQ(seal, Status::kBadTagLength);
      EXPECT_EQ(open, Status::kBadTagLength);
    }

    // OpenSSL must agree on every case it can take.
    if (!c.iv.empty() && c.iv.size() <= 128) {
      const auto ossl = openssl_oracle::GcmOpen("ARIA", c.key, c.iv, c.aad, c.ct, c.tag);
      EXPECT_EQ(ossl.has_value(), open == Status::kOk) << "OpenSSL disagrees on open";
      if (ossl && open == Status::kOk) {
        EXPECT_EQ(Hex(*ossl), Hex(pt.data(), n));
      }
      ++oracle_checked;
    }

    if (c.expect == Expect::kValid) {
      ASSERT_TRUE(policy_tag) << "a valid case has a tag size outside gcm.h's policy";
      ASSERT_EQ(seal, Status::kOk) << StatusName(seal);
      EXPECT_EQ(Hex(out.data(), n), Hex(c.ct));
      EXPECT_EQ(Hex(tag.data(), c.tag.size()), Hex(c.tag));
      ASSERT_EQ(open, Status::kOk) << StatusName(open);
      EXPECT_EQ(Hex(pt.data(), n), Hex(c.msg));
      // In place.
      Bytes buf = c.msg;
      buf.resize(n + 1);
      ASSERT_EQ(AriaGcmSeal(key, buf.data(), tag.data(), c.tag.size(), c.iv.data(), c.iv.size(),
                            buf.data(), n, c.aad.data(), c.aad.size()),
                Status::kOk);
      EXPECT_EQ(Hex(buf.data(), n), Hex(c.ct));
      // Streamed in chunks of 1, 7, 16 and 17 bytes (AAD and text).
      for (size_t chunk : {1, 7, 16, 17}) {
        AriaGcmContext ctx;
        ASSERT_EQ(ctx.Start(key, c.iv.data(), c.iv.size()), Status::kOk);
        for (size_t off = 0; off < c.aad.size(); off += chunk) {
          ASSERT_EQ(ctx.UpdateAad(c.aad.data() + off, std::min(chunk, c.aad.size() - off)),
                    Status::kOk);
        }
        Bytes s(n + 1);
        for (size_t off = 0; off < n; off += chunk) {
          ASSERT_EQ(ctx.UpdateEncrypt(s.data() + off, c.msg.data() + off, std::min(chunk, n - off)),
                    Status::kOk);
        }
        Bytes t(16);
        ASSERT_EQ(ctx.FinishEncrypt(t.data(), c.tag.size()), Status::kOk);
        EXPECT_EQ(Hex(s.data(), n) + Hex(t.data(), c.tag.size()), Hex(c.ct) + Hex(c.tag))
            << "chunk " << chunk;
      }
      // A flipped tag bit and a trailing ciphertext byte are rejected.
      Bytes bad_tag = c.tag;
      bad_tag[c.id % bad_tag.size()] ^= 0x01;
      EXPECT_EQ(AriaGcmOpen(key, pt.data(), c.iv.data(), c.iv.size(), c.ct.data(), n,
                            bad_tag.data(), bad_tag.size(), c.aad.data(), c.aad.size()),
                Status::kAuthFailed);
      Bytes longer = c.ct;
      longer.push_back(0);
      EXPECT_EQ(AriaGcmOpen(key, pt.data(), c.iv.data(), c.iv.size(), longer.data(), n + 1,
                            c.tag.data(), c.tag.size(), c.aad.data(), c.aad.size()),
                Status::kAuthFailed);
      ++valid_ok;
    } else if (c.expect == Expect::kInvalid) {
      EXPECT_NE(open, Status::kOk) << "an invalid case was accepted";
      if (open != Status::kOk) {
        EXPECT_EQ(Hex(pt.data(), n), std::string(2 * n, '0')) << "output not zeroed";
      }
      if (c.iv.empty()) {
        EXPECT_EQ(seal, Status::kBadIvLength);
        EXPECT_EQ(open, Status::kBadIvLength);
      }
      if (open != Status::kOk) ++invalid_rejected;
    } else {
      // "acceptable": either rejected, or reproduced exactly.
      if (open == Status::kOk) {
        EXPECT_EQ(Hex(pt.data(), n), Hex(c.msg));
      }
      ++acceptable;
    }
    for (const std::string& f : c.flags) ++by_flag[f];
  }
  std::string flags;
  for (const auto& [f, k] : by_flag) flags += " " + f + "=" + std::to_string(k);
  std::printf(
      "Wycheproof %s [%s]: %zu cases: %d valid reproduced, %d invalid rejected, "
      "%d acceptable; OpenSSL agreed on %d; flags:%s\n",
      file.path.c_str(), ImplName(GetParam()), cases.size(), valid_ok, invalid_rejected, acceptable,
      oracle_checked, flags.c_str());
  EXPECT_EQ(valid_ok + invalid_rejected + acceptable, 311);
}

ARIASUITE_INSTANTIATE_PER_IMPL(WycheproofGcmTest);

}  // namespace
}  // namespace ariasuite
