// Wycheproof's ARIA-CBC-PKCS5 vectors (../shared/vectors/wycheproof/aria_cbc_pkcs5_test.json) on
// every path, through modes.h's unpadded CBC with the PKCS#5 padding added and checked here
// (minimal, not constant time: impl/cbc_pkcs5.cc is the library's constant-time version). Valid
// cases: encryption reproduces ct, decryption returns msg; invalid cases (bad padding, empty
// ciphertext): decryption is rejected. OpenSSL 3 must agree on every case. SKIPs when the shared
// folder is missing.
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "impl/aria.h"
#include "impl/modes.h"
#include "impl/openssl_oracle_for_testing.h"
#include "impl/test_util.h"
#include "oracles/hex.h"
#include "vectors/json.h"
#include "vectors/testdata.h"

namespace ariasuite {
namespace {

using Bytes = std::vector<uint8_t>;
using oracles::Hex;

struct CbcCase {
  int64_t tc_id = 0;
  std::string result;
  Bytes key, iv, msg, ct;
};

bool LoadCbcFile(const std::string& path, std::vector<CbcCase>* out, std::string* error) {
  json::Value doc;
  if (!json::ParseFile(path, &doc, error)) return false;
  auto fail = [&](int line, const std::string& what) {
    *error = path + ":" + std::to_string(line) + ": " + what;
    return false;
  };
  if (doc.Find("algorithm") == nullptr || doc.Find("algorithm")->str() != "ARIA-CBC-PKCS5") {
    return fail(1, "algorithm is not ARIA-CBC-PKCS5");
  }
  const json::Value* notes = doc.Find("notes");
  const json::Value* groups = doc.Find("testGroups");
  const json::Value* count = doc.Find("numberOfTests");
  if (notes == nullptr || groups == nullptr || count == nullptr || !count->AsInt64()) {
    return fail(1, "missing notes, testGroups or numberOfTests");
  }
  static const std::set<std::string> kGroup = {"type", "keySize", "ivSize", "source", "tests"};
  static const std::set<std::string> kTest = {"tcId", "comment", "flags", "key",
                                              "iv",   "msg",     "ct",    "result"};
  for (const json::Value& g : groups->array()) {
    for (const auto& m : g.object()) {
      if (!kGroup.count(m.first)) return fail(m.second.line(), "unknown group field " + m.first);
    }
    if (g.Find("type")->str() != "IndCpaTest") return fail(g.line(), "type is not IndCpaTest");
    for (const json::Value& t : g.Find("tests")->array()) {
      for (const auto& m : t.object()) {
        if (!kTest.count(m.first)) return fail(m.second.line(), "unknown test field " + m.first);
      }
      CbcCase c;
      if (!t.Find("tcId")->AsInt64()) return fail(t.line(), "bad tcId");
      c.tc_id = *t.Find("tcId")->AsInt64();
      const std::string where = path + ":tcId " + std::to_string(c.tc_id);
      struct {
        const char* name;
        Bytes* dst;
      } fields[] = {{"key", &c.key}, {"iv", &c.iv}, {"msg", &c.msg}, {"ct", &c.ct}};
      for (auto& f : fields) {
        const json::Value* v = t.Find(f.name);
        if (v == nullptr || !v->is_string() || !oracles::ParseHex(v->str(), f.dst)) {
          *error = where + ": field '" + f.name + "' missing or not hex";
          return false;
        }
      }
      for (const json::Value& f : t.Find("flags")->array()) {
        if (notes->Find(f.str()) == nullptr) {
          *error = where + ": flag " + f.str() + " not defined in notes";
          return false;
        }
      }
      c.result = t.Find("result")->str();
      if (c.result != "valid" && c.result != "invalid" && c.result != "acceptable") {
        *error = where + ": bad result";
        return false;
      }
      if (c.iv.size() != 16 || static_cast<int64_t>(c.key.size() * 8) != *g.Find("keySize")->AsInt64()) {
        *error = where + ": key or iv size does not match the group";
        return false;
      }
      out->push_back(std::move(c));
    }
  }
  if (static_cast<int64_t>(out->size()) != *count->AsInt64()) {
    *error = path + ": numberOfTests does not match the tests";
    return false;
  }
  return true;
}

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
  std::string looked_in;
  const std::string shared = testdata::SharedDir(&looked_in);
  if (shared.empty()) {
    GTEST_SKIP() << "SKIP: shared Wycheproof vectors not found (looked in: " << looked_in
                 << "); under bazel pass --test_env=ARIASUITE_SHARED_DIR=/path/to/shared";
  }
  const std::string path = shared + "/vectors/wycheproof/aria_cbc_pkcs5_test.json";
  std::vector<CbcCase> cases;
  std::string error;
  ASSERT_TRUE(LoadCbcFile(path, &cases, &error)) << error;
  int valid_ok = 0, invalid_rejected = 0;
  for (const CbcCase& c : cases) {
    SCOPED_TRACE(path + ":tcId " + std::to_string(c.tc_id) + " (" + c.result + ")");
    Bytes pt;
    const bool ok = DecryptPkcs5(GetParam(), c.key, c.iv, c.ct, &pt);
    const auto ossl = openssl_oracle::Cipher("ARIA", "CBC", c.key, c.iv, c.ct, false, true);
    EXPECT_EQ(ok, ossl.has_value()) << "OpenSSL disagrees";
    if (c.result == "valid") {
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
    } else if (c.result == "invalid") {
      EXPECT_FALSE(ok) << "an invalid case was accepted";
      if (!ok) ++invalid_rejected;
    }
  }
  std::printf("Wycheproof %s [%s]: %zu cases: %d valid reproduced, %d invalid rejected\n",
              path.c_str(), ImplName(GetParam()), cases.size(), valid_ok, invalid_rejected);
  EXPECT_EQ(static_cast<size_t>(valid_ok + invalid_rejected), cases.size());
}

ARIASUITE_INSTANTIATE_PER_IMPL(WycheproofCbcTest);

}  // namespace
}  // namespace ariasuite
