// OpenSSL's evp test text format for ciphers (test/recipes/30-test_evp_data/evpciph_*.txt, read by
// test/evp_test.c): stanzas of `Keyword = value` lines separated by blank lines, `#` comments. A
// cipher stanza starts with `Cipher = ARIA-128-GCM` and has Key, IV, Plaintext, Ciphertext, AAD
// (repeatable, concatenated), Tag, Operation (ENCRYPT / DECRYPT; both when absent) and Result (an
// expected error such as CIPHERFINAL_ERROR: the operation must fail). As in evp_test, CBC runs
// without padding. `Title`, `Availablein`, `FIPSversion` and `SetTagLate` do not change the
// outcome and are read and ignored.
#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "vectors/loader.h"
#include "oracles/hex.h"

namespace ariasuite::vectors {

using oracles::Bytes;
using oracles::Cipher;
using oracles::Mode;

namespace {

std::string Upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return s;
}

struct Line {
  int no;
  std::string key;
  std::string value;
};

// "ARIA-128-GCM" -> cipher, key bits, mode. false for anything else.
bool ParseCipherName(const std::string& name, Cipher* cipher, int* bits, Mode* mode) {
  const std::string n = Upper(name);
  std::string rest;
  if (n.rfind("ARIA-", 0) == 0) {
    *cipher = Cipher::kAria;
    rest = n.substr(5);
  } else if (n.rfind("AES-", 0) == 0) {
    *cipher = Cipher::kAes;
    rest = n.substr(4);
  } else {
    return false;
  }
  size_t dash = rest.find('-');
  if (dash == std::string::npos) return false;
  const std::string b = rest.substr(0, dash), m = rest.substr(dash + 1);
  if (b != "128" && b != "192" && b != "256") return false;
  *bits = std::stoi(b);
  static const std::map<std::string, Mode> kModes = {
      {"ECB", Mode::kEcb}, {"CBC", Mode::kCbc}, {"CTR", Mode::kCtr},
      {"GCM", Mode::kGcm}, {"CCM", Mode::kCcm}};
  auto it = kModes.find(m);
  if (it == kModes.end()) return false;
  *mode = it->second;
  return true;
}

}  // namespace

bool LoadEvp(const std::string& path, std::string_view text, const LoadOptions& options,
             VectorFile* out, std::string* error) {
  auto fail = [&](int line, const std::string& why) {
    *error = path + ":" + std::to_string(line) + ": " + why;
    return false;
  };
  static const std::set<std::string> kIgnored = {"Title", "Availablein", "FIPSversion",
                                                 "SetTagLate"};
  static const std::set<std::string> kUnsupportedKeys = {
      "KeyBits", "Rounds", "TLSAAD", "MACKey", "TLSVersion", "CTSMode", "XTSStandard", "NextIV",
      "Ctrl", "InitCtrl"};
  int64_t position = 0;

  auto stanza = [&](const std::vector<Line>& lines) -> bool {
    // Title-only (or Availablein-only) stanzas carry no test.
    const Line* head = nullptr;
    for (const Line& l : lines) {
      if (kIgnored.count(l.key) == 0) {
        head = &l;
        break;
      }
    }
    if (head == nullptr) return true;
    if (head->key != "Cipher") {
      std::string why = "unsupported test type '" + head->key + "' (this runner reads Cipher tests)";
      if (options.skip_unsupported) {
        out->skipped.push_back(path + ":" + std::to_string(head->no) + ": " + why);
        return true;
      }
      return fail(head->no, why);
    }
    TestCase c;
    int bits = 0;
    if (!ParseCipherName(head->value, &c.cipher, &bits, &c.mode)) {
      std::string why = "unsupported cipher '" + head->value +
                        "' (supported: ARIA-/AES-{128,192,256}-{ECB,CBC,CTR,GCM,CCM})";
      if (options.skip_unsupported) {
        out->skipped.push_back(path + ":" + std::to_string(head->no) + ": " + why);
        return true;
      }
      return fail(head->no, why);
    }
    c.id = ++position;
    c.line = head->no;
    c.where = path + ":" + std::to_string(head->no);
    c.comment = head->value;
    std::map<std::string, int> seen;
    bool has_pt = false, has_ct = false, has_tag = false, has_key = false, has_iv = false;
    std::string result, operation;
    for (const Line& l : lines) {
      if (&l == head || kIgnored.count(l.key) != 0) continue;
      if (kUnsupportedKeys.count(l.key) != 0) {
        return fail(l.no, "unsupported field '" + l.key + "'");
      }
      if (l.key != "AAD" && seen.count(l.key) != 0) {
        return fail(l.no, "field '" + l.key + "' given twice in one stanza");
      }
      seen[l.key] = l.no;
      Bytes bytes;
      std::string why;
      auto hex = [&](Bytes* dst) -> bool {
        if (!oracles::ParseHex(l.value, &bytes, &why)) return fail(l.no, l.key + ": " + why);
        dst->insert(dst->end(), bytes.begin(), bytes.end());
        return true;
      };
      if (l.key == "Key") {
        if (!hex(&c.key)) return false;
        has_key = true;
      } else if (l.key == "IV") {
        if (!hex(&c.iv)) return false;
        has_iv = true;
      } else if (l.key == "Plaintext") {
        if (!hex(&c.msg)) return false;
        has_pt = true;
      } else if (l.key == "Ciphertext") {
        if (!hex(&c.ct)) return false;
        has_ct = true;
      } else if (l.key == "AAD") {
        if (c.mode != Mode::kGcm && c.mode != Mode::kCcm) return fail(l.no, "AAD for a non-AEAD cipher");
        if (!hex(&c.aad)) return false;
      } else if (l.key == "Tag") {
        if (c.mode != Mode::kGcm && c.mode != Mode::kCcm) return fail(l.no, "Tag for a non-AEAD cipher");
        if (!hex(&c.tag)) return false;
        has_tag = true;
      } else if (l.key == "Operation") {
        if (l.value != "ENCRYPT" && l.value != "DECRYPT") {
          return fail(l.no, "Operation must be ENCRYPT or DECRYPT");
        }
        operation = l.value;
      } else if (l.key == "Result") {
        if (l.value.empty()) return fail(l.no, "empty Result");
        result = l.value;
      } else {
        return fail(l.no, "unknown field '" + l.key + "'");
      }
    }
    const bool aead = c.mode == Mode::kGcm || c.mode == Mode::kCcm;
    if (!has_key) return fail(head->no, "stanza without Key");
    if (c.mode != Mode::kEcb && !has_iv) return fail(head->no, "stanza without IV");
    if (c.mode == Mode::kEcb && has_iv) return fail(seen["IV"], "IV for an ECB cipher");
    if (!has_pt || !has_ct) return fail(head->no, "stanza needs both Plaintext and Ciphertext");
    if (aead && !has_tag) return fail(head->no, "AEAD stanza without Tag");
    if (c.msg.size() != c.ct.size() && result.empty()) {
      return fail(head->no, "Plaintext and Ciphertext lengths differ");
    }
    if (result.empty() && c.key.size() * 8 != static_cast<size_t>(bits)) {
      return fail(seen["Key"], "Key has " + std::to_string(c.key.size()) + " bytes but " +
                                   head->value + " takes " + std::to_string(bits / 8));
    }
    c.tag_len = c.tag.size();
    c.direction = operation == "ENCRYPT"   ? Direction::kEncrypt
                  : operation == "DECRYPT" ? Direction::kDecrypt
                                           : Direction::kBoth;
    if (!result.empty()) {
      c.expect = Expect::kInvalid;
      c.flags.push_back("Result=" + result);
      // evp_test runs every direction the stanza names and expects the error in each.
      c.params_invalid = c.direction != Direction::kDecrypt;
    }
    out->cases.push_back(std::move(c));
    return true;
  };

  std::vector<Line> current;
  int line_no = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view raw =
        text.substr(pos, nl == std::string_view::npos ? text.size() - pos : nl - pos);
    pos = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
    ++line_no;
    std::string line = TrimBlanks(raw);
    if (!line.empty() && line[0] == '#') continue;
    if (line.empty()) {
      if (!current.empty() && !stanza(current)) return false;
      current.clear();
      continue;
    }
    size_t eq = line.find('=');
    if (eq == std::string::npos) return fail(line_no, "expected 'Keyword = value', got '" + line + "'");
    std::string key = TrimBlanks(std::string_view(line).substr(0, eq));
    std::string value = TrimBlanks(std::string_view(line).substr(eq + 1));
    if (key.empty()) return fail(line_no, "empty keyword");
    current.push_back(Line{line_no, key, value});
  }
  if (!current.empty() && !stanza(current)) return false;
  if (out->cases.empty() && out->skipped.empty()) return fail(1, "no Cipher stanzas in the file");
  out->algorithm = "mixed";
  return true;
}

}  // namespace ariasuite::vectors
