// Wycheproof JSON (testvectors_v1 schemas aead_test, ind_cpa_test, mac_test, keywrap_test) on the
// strict parser of vectors/json.h. Every field of every level is either read or an error; sizes in
// the group (keySize, ivSize, tagSize, in bits) must match the hex fields; flags must be defined in
// notes; tcIds must be unique; numberOfTests must match.
//
// Algorithms: ARIA-GCM, ARIA-CCM, ARIA-CBC-PKCS5, ARIA-CMAC, ARIA-WRAP, ARIA-KWP and the AES-
// counterparts (AES-GCM checks our GCM layer instantiated with AES), plus ariasuite's extensions
// ARIA-ECB, ARIA-CBC and ARIA-CTR (IndCpaTest) used by the findings files and generated vectors,
// and "ARIA" (groups AriaBlockTest / AriaRoundTest: single-block ECB) of vectors/rfc5794_kat.json.
// A test may carry a "source" string (where a typed vector comes from).
#include <cstdio>
#include <set>

#include "vectors/json.h"
#include "vectors/loader.h"
#include "vectors/model/hex.h"

namespace ariasuite::vectors {

using model::Bytes;
using model::Cipher;
using model::Mode;

namespace {

struct AlgInfo {
  const char* name;
  Cipher cipher;
  Mode mode;
  const char* group_type;
};

constexpr AlgInfo kAlgorithms[] = {
    {"ARIA-GCM", Cipher::kAria, Mode::kGcm, "AeadTest"},
    {"ARIA-CCM", Cipher::kAria, Mode::kCcm, "AeadTest"},
    {"ARIA-CBC-PKCS5", Cipher::kAria, Mode::kCbcPkcs5, "IndCpaTest"},
    {"ARIA-CMAC", Cipher::kAria, Mode::kCmac, "MacTest"},
    {"ARIA-WRAP", Cipher::kAria, Mode::kKw, "KeywrapTest"},
    {"ARIA-KWP", Cipher::kAria, Mode::kKwp, "KeywrapTest"},
    {"ARIA-ECB", Cipher::kAria, Mode::kEcb, "IndCpaTest"},
    {"ARIA-CBC", Cipher::kAria, Mode::kCbc, "IndCpaTest"},
    {"ARIA-CTR", Cipher::kAria, Mode::kCtr, "IndCpaTest"},
    {"ARIA-CFB128", Cipher::kAria, Mode::kCfb128, "IndCpaTest"},
    {"ARIA-CFB8", Cipher::kAria, Mode::kCfb8, "IndCpaTest"},
    {"ARIA-CFB1", Cipher::kAria, Mode::kCfb1, "IndCpaTest"},
    {"ARIA-OFB", Cipher::kAria, Mode::kOfb, "IndCpaTest"},
    {"ARIA", Cipher::kAria, Mode::kEcb, "AriaBlockTest"},
    {"AES-GCM", Cipher::kAes, Mode::kGcm, "AeadTest"},
    {"AES-CCM", Cipher::kAes, Mode::kCcm, "AeadTest"},
    {"AES-CBC-PKCS5", Cipher::kAes, Mode::kCbcPkcs5, "IndCpaTest"},
    {"AES-CMAC", Cipher::kAes, Mode::kCmac, "MacTest"},
    {"AES-WRAP", Cipher::kAes, Mode::kKw, "KeywrapTest"},
    {"AES-KWP", Cipher::kAes, Mode::kKwp, "KeywrapTest"},
};

// Flags whose invalidity lies in the parameters, so the encrypting direction must be refused as
// well (reasons in the Wycheproof notes): a 0-byte GCM IV (SP 800-38D §5.2.1.1 needs >= 1 bit),
// a CCM nonce outside 7..13 bytes or a tag length outside {4,6,..,16} (SP 800-38C §A.1), and KW
// data that SP 800-38F §6.2 cannot wrap (empty, or not a multiple of 8 bytes); InvalidParameters
// is what the findings files write for such cases from other formats.
const std::set<std::string>& ParamFlags() {
  static const std::set<std::string> flags = {
      "ZeroLengthIv", "InvalidNonceSize", "InvalidTagSize",   "InsecureTagSize",
      "EmptyKey",     "WrongDataSize",    "InvalidParameters"};
  return flags;
}

class Loader {
 public:
  Loader(const std::string& path, VectorFile* out) : path_(path), out_(out) {}

  bool Fail(int line, const std::string& why) {
    error_ = path_ + ":" + std::to_string(line) + ": " + why;
    return false;
  }
  bool FailCase(int64_t tc_id, const std::string& why) {
    error_ = path_ + ":tcId " + std::to_string(tc_id) + ": " + why;
    return false;
  }
  const std::string& error() const { return error_; }

  bool Load(const json::Value& root, const LoadOptions& options) {
    if (!root.is_object()) return Fail(root.line(), "the document is not a JSON object");
    const json::Value* algorithm = nullptr;
    const json::Value* groups = nullptr;
    const json::Value* number = nullptr;
    const json::Value* notes = nullptr;
    for (const auto& [key, value] : root.object()) {
      if (key == "algorithm") {
        algorithm = &value;
      } else if (key == "testGroups") {
        groups = &value;
      } else if (key == "numberOfTests") {
        number = &value;
      } else if (key == "notes") {
        notes = &value;
      } else if (key == "schema" || key == "generatorVersion") {
        if (!value.is_string()) return Fail(value.line(), "'" + key + "' must be a string");
      } else if (key == "header") {
        if (!value.is_array()) return Fail(value.line(), "'header' must be an array of strings");
        for (const json::Value& h : value.array()) {
          if (!h.is_string()) return Fail(h.line(), "'header' must be an array of strings");
        }
      } else {
        return Fail(value.line(), "unknown top-level field '" + key + "'");
      }
    }
    if (algorithm == nullptr || !algorithm->is_string()) {
      return Fail(root.line(), "missing string field 'algorithm'");
    }
    for (const AlgInfo& a : kAlgorithms) {
      if (algorithm->str() == a.name) alg_ = &a;
    }
    if (alg_ == nullptr) {
      if (options.skip_unsupported) {
        out_->algorithm = algorithm->str();
        out_->skipped.push_back(path_ + ":" + std::to_string(algorithm->line()) +
                                ": unsupported algorithm '" + algorithm->str() + "'");
        return true;
      }
      std::string names;
      for (const AlgInfo& a : kAlgorithms) names += std::string(names.empty() ? "" : ", ") + a.name;
      return Fail(algorithm->line(),
                  "unsupported algorithm '" + algorithm->str() + "' (supported: " + names + ")");
    }
    out_->algorithm = alg_->name;
    if (notes == nullptr) return Fail(root.line(), "missing field 'notes'");
    if (!LoadNotes(*notes)) return false;
    if (groups == nullptr || !groups->is_array()) {
      return Fail(root.line(), "missing array field 'testGroups'");
    }
    for (const json::Value& g : groups->array()) {
      if (!LoadGroup(g)) return false;
    }
    if (number == nullptr || !number->AsInt64()) {
      return Fail(root.line(), "missing integer field 'numberOfTests'");
    }
    if (*number->AsInt64() != static_cast<int64_t>(out_->cases.size())) {
      return Fail(number->line(), "numberOfTests is " + number->number_text() +
                                      " but the file has " + std::to_string(out_->cases.size()) +
                                      " tests");
    }
    return true;
  }

 private:
  bool LoadNotes(const json::Value& notes) {
    if (!notes.is_object()) return Fail(notes.line(), "'notes' must be an object");
    for (const auto& [flag, note] : notes.object()) {
      if (!note.is_object()) return Fail(note.line(), "note '" + flag + "' must be an object");
      FlagNote fn;
      for (const auto& [key, value] : note.object()) {
        if (key == "bugType" || key == "description" || key == "effect") {
          if (!value.is_string()) {
            return Fail(value.line(), "note '" + flag + "': '" + key + "' must be a string");
          }
          if (key == "bugType") fn.bug_type = value.str();
          if (key == "description") fn.description = value.str();
        } else if (key == "links" || key == "cves") {
          if (!value.is_array()) {
            return Fail(value.line(), "note '" + flag + "': '" + key + "' must be an array");
          }
        } else {
          return Fail(value.line(), "note '" + flag + "': unknown field '" + key + "'");
        }
      }
      if (fn.bug_type.empty()) return Fail(note.line(), "note '" + flag + "' has no bugType");
      out_->notes[flag] = fn;
    }
    return true;
  }

  // Reads an integer size field in bits; -1 when absent.
  bool SizeField(const json::Value& v, const std::string& name, int64_t* bits) {
    if (!v.AsInt64() || *v.AsInt64() < 0 || *v.AsInt64() % 8 != 0) {
      return Fail(v.line(), "'" + name + "' must be a non-negative multiple of 8 (bits)");
    }
    *bits = *v.AsInt64();
    return true;
  }

  bool LoadGroup(const json::Value& g) {
    if (!g.is_object()) return Fail(g.line(), "a test group must be an object");
    int64_t key_bits = -1, iv_bits = -1, tag_bits = -1;
    const json::Value* tests = nullptr;
    const json::Value* type = nullptr;
    for (const auto& [key, value] : g.object()) {
      if (key == "type") {
        type = &value;
      } else if (key == "source") {
        if (!value.is_object()) return Fail(value.line(), "'source' must be an object");
      } else if (key == "keySize") {
        if (!SizeField(value, key, &key_bits)) return false;
      } else if (key == "ivSize") {
        if (!SizeField(value, key, &iv_bits)) return false;
      } else if (key == "tagSize") {
        if (!SizeField(value, key, &tag_bits)) return false;
      } else if (key == "tests") {
        tests = &value;
      } else {
        return Fail(value.line(), "unknown test-group field '" + key + "'");
      }
    }
    // "ARIA" files also have AriaRoundTest groups (the same test plus round values).
    const bool round_test = std::string(alg_->name) == "ARIA" && type != nullptr &&
                            type->is_string() && type->str() == "AriaRoundTest";
    if (type == nullptr || !type->is_string() || (type->str() != alg_->group_type && !round_test)) {
      return Fail(g.line(), std::string("test group 'type' must be \"") + alg_->group_type +
                                "\" for " + alg_->name);
    }
    round_test_ = round_test;
    const Mode m = alg_->mode;
    const bool aead = m == Mode::kGcm || m == Mode::kCcm;
    const bool has_iv = aead || m == Mode::kCbcPkcs5 || m == Mode::kEcb || m == Mode::kCbc ||
                        m == Mode::kCtr || m == Mode::kCfb128 || m == Mode::kCfb8 ||
                        m == Mode::kCfb1 || m == Mode::kOfb;
    if (key_bits < 0) return Fail(g.line(), "test group without 'keySize'");
    if (has_iv && m != Mode::kEcb && iv_bits < 0)
      return Fail(g.line(), "test group without 'ivSize'");
    if ((aead || m == Mode::kCmac) && tag_bits < 0) {
      return Fail(g.line(), "test group without 'tagSize'");
    }
    if (tests == nullptr || !tests->is_array()) return Fail(g.line(), "test group without 'tests'");
    for (const json::Value& t : tests->array()) {
      if (!LoadTest(t, key_bits, iv_bits, tag_bits)) return false;
    }
    return true;
  }

  bool LoadTest(const json::Value& t, int64_t key_bits, int64_t iv_bits, int64_t tag_bits) {
    if (!t.is_object()) return Fail(t.line(), "a test must be an object");
    const json::Value* id = t.Find("tcId");
    if (id == nullptr || !id->AsInt64()) return Fail(t.line(), "test without an integer 'tcId'");
    TestCase c;
    c.id = *id->AsInt64();
    c.line = t.line();
    c.where = path_ + ":tcId " + std::to_string(c.id);
    c.mode = alg_->mode;
    c.cipher = alg_->cipher;
    if (!ids_.insert(c.id).second) return FailCase(c.id, "duplicate tcId");
    const Mode m = alg_->mode;
    const bool aead = m == Mode::kGcm || m == Mode::kCcm;
    // The hex fields each test type has (Wycheproof schemas).
    std::set<std::string> wanted;
    if (aead) {
      wanted = {"key", "iv", "aad", "msg", "ct", "tag"};
    } else if (m == Mode::kCmac) {
      wanted = {"key", "msg", "tag"};
    } else if (m == Mode::kKw || m == Mode::kKwp || m == Mode::kEcb) {
      wanted = {"key", "msg", "ct"};
    } else {
      wanted = {"key", "iv", "msg", "ct"};
    }
    std::set<std::string> seen;
    const json::Value* result = nullptr;
    for (const auto& [key, value] : t.object()) {
      if (key == "tcId") continue;
      if (key == "comment") {
        if (!value.is_string()) return FailCase(c.id, "'comment' must be a string");
        c.comment = value.str();
      } else if (key == "flags") {
        if (!value.is_array()) return FailCase(c.id, "'flags' must be an array of strings");
        for (const json::Value& f : value.array()) {
          if (!f.is_string()) return FailCase(c.id, "'flags' must be an array of strings");
          if (out_->notes.count(f.str()) == 0) {
            return FailCase(c.id, "flag '" + f.str() + "' is not defined in 'notes'");
          }
          c.flags.push_back(f.str());
        }
      } else if (key == "result") {
        result = &value;
      } else if (key == "source") {
        if (!value.is_string()) return FailCase(c.id, "'source' must be a string");
        c.source = value.str();
      } else if (round_test_ && (key == "encRoundKeys" || key == "roundOutputs")) {
        // RFC 5794 Appendix A round keys and round outputs, kept for impl/aria_ref_test.cc; no
        // backend exposes them, so the runner does not use them.
        if (!value.is_array())
          return FailCase(c.id, "'" + key + "' must be an array of hex strings");
        std::vector<Bytes>* dst = key == "encRoundKeys" ? &c.round_keys : &c.round_outputs;
        for (const json::Value& v : value.array()) {
          Bytes b;
          std::string why;
          if (!v.is_string())
            return FailCase(c.id, "'" + key + "' must be an array of hex strings");
          if (!model::ParseHex(v.str(), &b, &why)) return FailCase(c.id, "'" + key + "': " + why);
          if (b.size() != 16) return FailCase(c.id, "'" + key + "' entries must be 16 bytes");
          dst->push_back(std::move(b));
        }
      } else if (wanted.count(key) != 0) {
        if (!value.is_string()) return FailCase(c.id, "'" + key + "' must be a hex string");
        Bytes* dst = key == "key"   ? &c.key
                     : key == "iv"  ? &c.iv
                     : key == "aad" ? &c.aad
                     : key == "msg" ? &c.msg
                     : key == "ct"  ? &c.ct
                                    : &c.tag;
        std::string why;
        if (!model::ParseHex(value.str(), dst, &why)) {
          return FailCase(c.id, "field '" + key + "': " + why);
        }
        seen.insert(key);
      } else {
        return FailCase(c.id, "unknown field '" + key + "'");
      }
    }
    for (const std::string& w : wanted) {
      if (seen.count(w) == 0) return FailCase(c.id, "missing field '" + w + "'");
    }
    if (result == nullptr || !result->is_string()) return FailCase(c.id, "missing field 'result'");
    if (result->str() == "valid") {
      c.expect = Expect::kValid;
    } else if (result->str() == "invalid") {
      c.expect = Expect::kInvalid;
    } else if (result->str() == "acceptable") {
      c.expect = Expect::kAcceptable;
    } else {
      return FailCase(c.id,
                      "'result' must be valid, invalid or acceptable, not '" + result->str() + "'");
    }
    // Sizes: the group's bit sizes must match (an invalid case may carry a tag of another length).
    auto size_ok = [&](const Bytes& b, int64_t bits, const char* field, const char* group_field,
                       bool strict) -> bool {
      if (bits < 0 || !strict) return true;
      if (static_cast<int64_t>(b.size()) * 8 != bits) {
        return FailCase(c.id, std::string("'") + field + "' has " + std::to_string(b.size()) +
                                  " bytes but the group's " + group_field + " is " +
                                  std::to_string(bits) + " bits");
      }
      return true;
    };
    if (!size_ok(c.key, key_bits, "key", "keySize", true)) return false;
    if (wanted.count("iv") && !size_ok(c.iv, iv_bits, "iv", "ivSize", true)) return false;
    if (wanted.count("tag") &&
        !size_ok(c.tag, tag_bits, "tag", "tagSize", c.expect == Expect::kValid)) {
      return false;
    }
    if (tag_bits >= 0) c.tag_len = static_cast<size_t>(tag_bits / 8);
    if (aead && c.msg.size() != c.ct.size()) {
      return FailCase(c.id, "'msg' has " + std::to_string(c.msg.size()) + " bytes but 'ct' has " +
                                std::to_string(c.ct.size()));
    }
    for (const std::string& f : c.flags) {
      if (ParamFlags().count(f) != 0 && c.expect == Expect::kInvalid) c.params_invalid = true;
    }
    out_->cases.push_back(std::move(c));
    return true;
  }

  std::string path_;
  VectorFile* out_;
  const AlgInfo* alg_ = nullptr;
  std::set<int64_t> ids_;
  bool round_test_ = false;
  std::string error_;
};

}  // namespace

bool LoadWycheproof(const std::string& path, std::string_view text, const LoadOptions& options,
                    VectorFile* out, std::string* error) {
  json::Value root;
  std::string json_error;
  if (!json::Parse(text, &root, &json_error)) {
    // json_error is "line L, column C: what"; restate it as path:L: what (column kept).
    std::string rest = json_error;
    int line = 0;
    if (std::sscanf(json_error.c_str(), "line %d", &line) == 1) {
      size_t colon = json_error.find(':');
      rest = colon == std::string::npos
                 ? json_error
                 : json_error.substr(colon + 2) + " (" + json_error.substr(0, colon) + ")";
    }
    *error = path + ":" + std::to_string(line > 0 ? line : 1) + ": bad JSON: " + rest;
    return false;
  }
  Loader loader(path, out);
  if (!loader.Load(root, options)) {
    *error = loader.error();
    return false;
  }
  return true;
}

}  // namespace ariasuite::vectors
