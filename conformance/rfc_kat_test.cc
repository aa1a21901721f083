// The RFC-typed vector files (vectors/rfc5794_kat.json, vectors/rfc8269_gcm.json) on every path,
// each vector also checked against OpenSSL 3: a vector counts as trusted only when both agree.
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "impl/aria.h"
#include "impl/gcm.h"
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

// Loads a file and checks the Wycheproof-style envelope: notes define every flag used, and
// numberOfTests matches.
bool LoadVectors(const std::string& rel, json::Value* doc) {
  std::string error;
  if (!json::ParseFile(testdata::RunfilePath(rel), doc, &error)) {
    ADD_FAILURE() << error;
    return false;
  }
  const json::Value* groups = doc->Find("testGroups");
  const json::Value* notes = doc->Find("notes");
  const json::Value* count = doc->Find("numberOfTests");
  if (groups == nullptr || !groups->is_array() || notes == nullptr || !notes->is_object() ||
      count == nullptr || !count->AsInt64()) {
    ADD_FAILURE() << rel << ": missing testGroups, notes or numberOfTests";
    return false;
  }
  int64_t n = 0;
  for (const json::Value& g : groups->array()) {
    for (const json::Value& t : g.Find("tests")->array()) {
      ++n;
      for (const json::Value& f : t.Find("flags")->array()) {
        if (notes->Find(f.str()) == nullptr) {
          ADD_FAILURE() << rel << ":" << t.line() << ": flag " << f.str() << " not in notes";
        }
      }
      if (t.Find("source") == nullptr || t.Find("source")->str().find("RFC") != 0) {
        ADD_FAILURE() << rel << ":" << t.line() << ": no 'source' naming the RFC";
      }
    }
  }
  if (n != *count->AsInt64()) {
    ADD_FAILURE() << rel << ": numberOfTests " << *count->AsInt64() << " but " << n << " tests";
    return false;
  }
  return true;
}

// A required hex field, or a test failure naming file:line:field.
Bytes HexField(const std::string& rel, const json::Value& t, const char* name) {
  Bytes out;
  const json::Value* v = t.Find(name);
  if (v == nullptr || !v->is_string() || !oracles::ParseHex(v->str(), &out)) {
    ADD_FAILURE() << rel << ":" << t.line() << ": field '" << name << "' missing or not hex";
  }
  return out;
}

void CheckKnownFields(const std::string& rel, const json::Value& t,
                      const std::set<std::string>& known) {
  for (const auto& m : t.object()) {
    EXPECT_TRUE(known.count(m.first)) << rel << ":" << t.line() << ": unknown field " << m.first;
  }
}

class RfcKatTest : public ::ariasuite::test_util::PerImplTest {};

TEST_P(RfcKatTest, Rfc5794BlockExamples) {
  const std::string rel = "vectors/rfc5794_kat.json";
  json::Value doc;
  ASSERT_TRUE(LoadVectors(rel, &doc));
  int checked = 0;
  for (const json::Value& g : doc.Find("testGroups")->array()) {
    for (const json::Value& t : g.Find("tests")->array()) {
      CheckKnownFields(rel, t,
                       {"tcId", "comment", "flags", "source", "key", "msg", "ct", "result",
                        "encRoundKeys", "roundOutputs"});
      SCOPED_TRACE(rel + " tcId=" + t.Find("tcId")->number_text() + " (" +
                   t.Find("source")->str() + ")");
      ASSERT_EQ(t.Find("result")->str(), "valid");
      const Bytes key = HexField(rel, t, "key"), msg = HexField(rel, t, "msg"),
                  ct = HexField(rel, t, "ct");
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
      ++checked;
    }
  }
  EXPECT_EQ(checked, 4);
}

TEST_P(RfcKatTest, Rfc8269GcmExamples) {
  const std::string rel = "vectors/rfc8269_gcm.json";
  json::Value doc;
  ASSERT_TRUE(LoadVectors(rel, &doc));
  int checked = 0;
  for (const json::Value& g : doc.Find("testGroups")->array()) {
    ASSERT_EQ(g.Find("type")->str(), "AeadTest");
    for (const json::Value& t : g.Find("tests")->array()) {
      CheckKnownFields(rel, t,
                       {"tcId", "comment", "flags", "source", "key", "iv", "aad", "msg", "ct",
                        "tag", "result"});
      SCOPED_TRACE(rel + " tcId=" + t.Find("tcId")->number_text() + " (" +
                   t.Find("source")->str() + ")");
      ASSERT_EQ(t.Find("result")->str(), "valid");
      const Bytes key = HexField(rel, t, "key"), iv = HexField(rel, t, "iv"),
                  aad = HexField(rel, t, "aad"), msg = HexField(rel, t, "msg"),
                  ct = HexField(rel, t, "ct"), tag = HexField(rel, t, "tag");
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
      ++checked;
    }
  }
  EXPECT_EQ(checked, 2);
}

ARIASUITE_INSTANTIATE_PER_IMPL(RfcKatTest);

}  // namespace
}  // namespace ariasuite
