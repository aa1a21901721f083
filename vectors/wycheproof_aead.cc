// Strict Wycheproof AeadTest loader; see wycheproof_aead.h.
#include "vectors/wycheproof_aead.h"

#include <set>

#include "oracles/hex.h"
#include "vectors/json.h"

namespace ariasuite::wycheproof {

// Strict loader: every field known and read, hex well formed, sizes match the group's, flags
// defined in notes, numberOfTests right. Errors name file:line or file:tcId.
bool LoadAeadFile(const std::string& path, const std::string& algorithm,
                  std::vector<AeadCase>* out, std::string* error) {
  json::Value doc;
  if (!json::ParseFile(path, &doc, error)) return false;
  auto fail = [&](int line, const std::string& what) {
    *error = path + ":" + std::to_string(line) + ": " + what;
    return false;
  };
  static const std::set<std::string> kTop = {"algorithm", "schema", "numberOfTests", "header",
                                             "notes", "testGroups", "generatorVersion"};
  for (const auto& m : doc.object()) {
    if (!kTop.count(m.first)) return fail(m.second.line(), "unknown field " + m.first);
  }
  const json::Value* alg = doc.Find("algorithm");
  if (alg == nullptr || alg->str() != algorithm) return fail(1, "algorithm is not " + algorithm);
  const json::Value* notes = doc.Find("notes");
  const json::Value* groups = doc.Find("testGroups");
  const json::Value* count = doc.Find("numberOfTests");
  if (notes == nullptr || !notes->is_object() || groups == nullptr || !groups->is_array() ||
      count == nullptr || !count->AsInt64()) {
    return fail(1, "missing notes, testGroups or numberOfTests");
  }
  static const std::set<std::string> kGroup = {"type", "keySize", "ivSize", "tagSize", "source",
                                               "tests"};
  static const std::set<std::string> kTest = {"tcId", "comment", "flags", "key", "iv", "aad",
                                              "msg",  "ct",      "tag",   "result"};
  for (const json::Value& g : groups->array()) {
    for (const auto& m : g.object()) {
      if (!kGroup.count(m.first)) return fail(m.second.line(), "unknown group field " + m.first);
    }
    if (g.Find("type") == nullptr || g.Find("type")->str() != "AeadTest") {
      return fail(g.line(), "group type is not AeadTest");
    }
    const auto key_bits = g.Find("keySize")->AsInt64();
    const auto iv_bits = g.Find("ivSize")->AsInt64();
    const auto tag_bits = g.Find("tagSize")->AsInt64();
    if (!key_bits || !iv_bits || !tag_bits) return fail(g.line(), "bad keySize/ivSize/tagSize");
    for (const json::Value& t : g.Find("tests")->array()) {
      AeadCase c;
      c.line = t.line();
      for (const auto& m : t.object()) {
        if (!kTest.count(m.first)) return fail(m.second.line(), "unknown test field " + m.first);
      }
      if (t.Find("tcId") == nullptr || !t.Find("tcId")->AsInt64()) return fail(t.line(), "tcId");
      c.tc_id = *t.Find("tcId")->AsInt64();
      const std::string where = path + ":tcId " + std::to_string(c.tc_id);
      struct {
        const char* name;
        Bytes* dst;
      } fields[] = {{"key", &c.key}, {"iv", &c.iv},   {"aad", &c.aad},
                    {"msg", &c.msg}, {"ct", &c.ct}, {"tag", &c.tag}};
      for (auto& f : fields) {
        const json::Value* v = t.Find(f.name);
        if (v == nullptr || !v->is_string() || !oracles::ParseHex(v->str(), f.dst)) {
          *error = where + ": field '" + f.name + "' missing or not hex";
          return false;
        }
      }
      const json::Value* result = t.Find("result");
      if (result == nullptr ||
          (result->str() != "valid" && result->str() != "invalid" &&
           result->str() != "acceptable")) {
        *error = where + ": result must be valid, invalid or acceptable";
        return false;
      }
      c.result = result->str();
      for (const json::Value& f : t.Find("flags")->array()) {
        if (notes->Find(f.str()) == nullptr) {
          *error = where + ": flag " + f.str() + " not defined in notes";
          return false;
        }
        c.flags.push_back(f.str());
      }
      if (c.key.size() * 8 != static_cast<size_t>(*key_bits) ||
          c.iv.size() * 8 != static_cast<size_t>(*iv_bits) ||
          c.tag.size() * 8 != static_cast<size_t>(*tag_bits) || c.ct.size() != c.msg.size()) {
        *error = where + ": sizes do not match the group's keySize/ivSize/tagSize or msg";
        return false;
      }
      out->push_back(std::move(c));
    }
  }
  if (static_cast<int64_t>(out->size()) != *count->AsInt64()) {
    *error = path + ": numberOfTests is " + std::to_string(*count->AsInt64()) + " but the file has " +
             std::to_string(out->size());
    return false;
  }
  return true;
}

}  // namespace ariasuite::wycheproof
