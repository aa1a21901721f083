// NIST CAVP GCM response files (gcmEncryptExtIV*.rsp, gcmDecrypt*.rsp from the GCMVS): `#`
// comments, `[Keylen = 128]`-style section parameters (Keylen, IVlen, PTlen, AADlen, Taglen, in
// bits), then records of `Count = N`, `Key = `, `IV = `, `PT = `, `AAD = `, `CT = `, `Tag = ` lines
// and, in decrypt files, a bare `FAIL` line instead of `PT = ` for an inauthentic record.
// The CAVP files are AES-GCM; a file whose comments mention ARIA (as ariasuite's samples) is ARIA.
#include <cstdlib>
#include <map>
#include <set>

#include "vectors/loader.h"
#include "vectors/model/hex.h"

namespace ariasuite::vectors {

using model::Bytes;
using model::Cipher;
using model::Mode;

namespace {

struct Record {
  int line = 0;
  int64_t count = -1;
  std::map<std::string, Bytes> fields;
  bool fail = false;
};

}  // namespace

bool LoadCavp(const std::string& path, std::string_view text, const LoadOptions& /*options*/,
              VectorFile* out, std::string* error) {
  auto fail = [&](int line, const std::string& why) {
    *error = path + ":" + std::to_string(line) + ": " + why;
    return false;
  };
  Cipher cipher = Cipher::kAes;
  std::map<std::string, int64_t> params;  // current section parameters (bits)
  Record rec;
  bool in_record = false;
  int64_t position = 0;
  static const std::set<std::string> kParams = {"Keylen", "IVlen", "PTlen", "AADlen", "Taglen"};
  static const std::set<std::string> kFields = {"Key", "IV", "PT", "AAD", "CT", "Tag"};

  auto finish = [&]() -> bool {
    if (!in_record) return true;
    in_record = false;
    for (const char* need : {"Key", "IV", "CT", "AAD", "Tag"}) {
      if (rec.fields.count(need) == 0) {
        return fail(rec.line, "record Count = " + std::to_string(rec.count) + " has no " + need);
      }
    }
    if (rec.fail == (rec.fields.count("PT") != 0)) {
      return fail(rec.line, "record Count = " + std::to_string(rec.count) +
                                (rec.fail ? " has both PT and FAIL" : " has neither PT nor FAIL"));
    }
    for (const char* p : {"Keylen", "IVlen", "PTlen", "AADlen", "Taglen"}) {
      if (params.count(p) == 0)
        return fail(rec.line, std::string("no [") + p + " = ...] section line");
    }
    const std::pair<const char*, const char*> checks[] = {
        {"Key", "Keylen"}, {"IV", "IVlen"}, {"CT", "PTlen"}, {"AAD", "AADlen"}, {"Tag", "Taglen"}};
    for (const auto& [field, param] : checks) {
      const int64_t bits = static_cast<int64_t>(rec.fields[field].size()) * 8;
      if (bits != params[param]) {
        return fail(rec.line, std::string(field) + " has " + std::to_string(bits) + " bits but [" +
                                  param + " = " + std::to_string(params[param]) + "]");
      }
    }
    if (!rec.fail && rec.fields["PT"].size() != rec.fields["CT"].size()) {
      return fail(rec.line, "PT and CT lengths differ");
    }
    TestCase c;
    c.id = ++position;
    c.line = rec.line;
    c.where = path + ":" + std::to_string(rec.line);
    c.comment = "Count = " + std::to_string(rec.count);
    c.mode = Mode::kGcm;
    c.cipher = cipher;
    c.key = rec.fields["Key"];
    c.iv = rec.fields["IV"];
    c.aad = rec.fields["AAD"];
    c.ct = rec.fields["CT"];
    c.tag = rec.fields["Tag"];
    c.tag_len = c.tag.size();
    if (rec.fail) {
      c.expect = Expect::kInvalid;
      c.direction = Direction::kDecrypt;
      c.flags.push_back("FAIL");
    } else {
      c.msg = rec.fields["PT"];
    }
    out->cases.push_back(std::move(c));
    return true;
  };

  const bool read = ForEachLine(text, [&](int line_no, std::string_view raw) {
    std::string line = TrimBlanks(raw);
    if (line.empty()) {
      if (!finish()) return false;
      return true;
    }
    if (line[0] == '#') {
      if (line.find("ARIA") != std::string::npos) cipher = Cipher::kAria;
      return true;
    }
    if (line[0] == '[') {
      if (!finish()) return false;
      if (line.back() != ']') return fail(line_no, "section line without a closing ']'");
      std::string inner = line.substr(1, line.size() - 2);
      size_t eq = inner.find('=');
      if (eq == std::string::npos) return fail(line_no, "section line is not [Name = value]");
      std::string name = TrimBlanks(std::string_view(inner).substr(0, eq));
      std::string value = TrimBlanks(std::string_view(inner).substr(eq + 1));
      if (kParams.count(name) == 0) {
        return fail(line_no, "unsupported section parameter '" + name +
                                 "' (this loader reads GCM files: Keylen, IVlen, PTlen, AADlen, "
                                 "Taglen)");
      }
      char* end = nullptr;
      long long v = std::strtoll(value.c_str(), &end, 10);
      if (value.empty() || *end != '\0' || v < 0) {
        return fail(line_no, "[" + name + "] needs a non-negative decimal number");
      }
      params[name] = v;
      return true;
    }
    if (line == "FAIL") {
      if (!in_record) return fail(line_no, "FAIL outside a record");
      if (rec.fail) return fail(line_no, "FAIL given twice");
      rec.fail = true;
      return true;
    }
    size_t eq = line.find('=');
    if (eq == std::string::npos)
      return fail(line_no, "expected 'Name = value', got '" + line + "'");
    std::string name = TrimBlanks(std::string_view(line).substr(0, eq));
    std::string value = TrimBlanks(std::string_view(line).substr(eq + 1));
    if (name == "Count") {
      if (!finish()) return false;
      char* end = nullptr;
      long long v = std::strtoll(value.c_str(), &end, 10);
      if (value.empty() || *end != '\0' || v < 0) return fail(line_no, "Count needs a number");
      rec = Record();
      rec.line = line_no;
      rec.count = v;
      in_record = true;
      return true;
    }
    if (kFields.count(name) == 0) return fail(line_no, "unknown field '" + name + "'");
    if (!in_record) return fail(line_no, "field '" + name + "' before the first Count line");
    if (rec.fields.count(name) != 0) return fail(line_no, "field '" + name + "' given twice");
    std::string why;
    Bytes bytes;
    if (!model::ParseHex(value, &bytes, &why)) return fail(line_no, name + ": " + why);
    rec.fields[name] = std::move(bytes);
    return true;
  });
  if (!read) return false;
  if (!finish()) return false;
  if (out->cases.empty()) return fail(1, "no records (Count = ...) in the file");
  out->algorithm = cipher == Cipher::kAes ? "AES-GCM" : "ARIA-GCM";
  return true;
}

}  // namespace ariasuite::vectors
