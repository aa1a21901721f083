// OpenSSL's evp test text format for ciphers (test/recipes/30-test_evp_data/evpciph_*.txt, read by
// test/evp_test.c): stanzas of `Keyword = value` lines separated by blank lines, `#` comments. A
// cipher stanza starts with `Cipher = ARIA-128-GCM`. Every keyword evp_test.c accepts in a cipher
// stanza is either honoured or ignored here on purpose (vectors/README.md has the table):
//  - honoured: Key, IV, Plaintext, Ciphertext, AAD (repeatable: evp_test feeds the pieces one
//    after the other, which is the concatenation), Tag, Operation (ENCRYPT / DECRYPT; both when
//    absent), Result (an expected error: the operation must fail), NextIV (the IV the mode leaves
//    after the operation, checked here against the data where the data determine it), SetTagLate
//    (TRUE / FALSE checked; when the tag is given does not change the outcome).
//  - ignored, not changing what an ARIA implementation must answer: Title, Availablein,
//    FIPSversion, Securitycheck, Unapproved, Extended-Test, Threads, Function, Reason (OpenSSL's
//    own error string; Result decides).
//  - a stanza using one of the parameters ARIA has no use for (Rounds, KeyBits, TLSAAD, MACKey,
//    TLSVersion, CTSMode, XTSStandard, CtrlInit) is unsupported: an error, or listed in skipped.
// As in evp_test, CBC runs without padding.
#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>

#include "vectors/loader.h"
#include "vectors/model/hex.h"

namespace ariasuite::vectors {

using model::Bytes;
using model::Cipher;
using model::Mode;

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

// How a mode chains: what NextIV (the IV after the operation) is, in terms of the data.
enum class Chain { kNone, kCbc, kCfb, kShift, kOfb, kCtr, kCustom };

// The IV the mode leaves after processing iv/pt/ct (OpenSSL's EVP_CIPHER_CTX_get_updated_iv), when
// the data determine it: CBC and whole-block CFB128 leave the last ciphertext block; CFB8 and CFB1
// shift the ciphertext into the register, leaving the last 16 bytes of IV || ciphertext; OFB
// leaves the last keystream block (plaintext XOR ciphertext, whole blocks); CTR the counter after
// ceil(len / 16) blocks (128-bit big-endian, SP 800-38A B.1). nullopt when it cannot be told
// from the data (a partial CFB128 / OFB block holds keystream bytes the data do not show).
std::optional<Bytes> NextIvFromData(Chain chain, const Bytes& iv, const Bytes& pt,
                                    const Bytes& ct) {
  const size_t n = ct.size();
  switch (chain) {
    case Chain::kCbc:
    case Chain::kCfb:
      if (n == 0) return iv;
      if (n % 16 != 0) return std::nullopt;
      return Bytes(ct.end() - 16, ct.end());
    case Chain::kShift: {
      Bytes all = iv;
      all.insert(all.end(), ct.begin(), ct.end());
      if (all.size() < 16) return std::nullopt;
      return Bytes(all.end() - 16, all.end());
    }
    case Chain::kOfb: {
      if (n == 0) return iv;
      if (n % 16 != 0 || pt.size() != n) return std::nullopt;
      Bytes out(16);
      for (size_t i = 0; i < 16; ++i) out[i] = pt[n - 16 + i] ^ ct[n - 16 + i];
      return out;
    }
    case Chain::kCtr: {
      if (iv.size() != 16) return std::nullopt;
      Bytes ctr = iv;
      uint64_t add = (n + 15) / 16;
      for (int i = 15; i >= 0 && add != 0; --i) {
        const uint64_t v = ctr[static_cast<size_t>(i)] + (add & 0xff);
        ctr[static_cast<size_t>(i)] = static_cast<uint8_t>(v);
        add = (add >> 8) + (v >> 8);
      }
      return ctr;
    }
    case Chain::kNone:
    case Chain::kCustom: break;
  }
  return std::nullopt;
}

struct EvpCipher {
  Cipher cipher = Cipher::kAria;
  int bits = 0;
  Mode mode = Mode::kEcb;
  Chain chain = Chain::kNone;
};

// "ARIA-128-GCM" -> cipher, key bits, mode. false for anything else.
bool ParseCipherName(const std::string& name, EvpCipher* out) {
  Cipher* cipher = &out->cipher;
  int* bits = &out->bits;
  Mode* mode = &out->mode;
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
  struct ModeChain {
    Mode mode;
    Chain chain;
  };
  // OpenSSL's names: -CFB is CFB128 (so is -CFB128), -CFB8, -CFB1 (EVP_CIPH_FLAG_LENGTH_BITS off:
  // lengths in bytes, as in evp_test), -OFB.
  static const std::map<std::string, ModeChain> kModes = {
      {"ECB", {Mode::kEcb, Chain::kNone}},      {"CBC", {Mode::kCbc, Chain::kCbc}},
      {"CTR", {Mode::kCtr, Chain::kCtr}},       {"GCM", {Mode::kGcm, Chain::kCustom}},
      {"CCM", {Mode::kCcm, Chain::kCustom}},    {"CFB", {Mode::kCfb128, Chain::kCfb}},
      {"CFB128", {Mode::kCfb128, Chain::kCfb}}, {"CFB8", {Mode::kCfb8, Chain::kShift}},
      {"CFB1", {Mode::kCfb1, Chain::kShift}},   {"OFB", {Mode::kOfb, Chain::kOfb}}};
  auto it = kModes.find(m);
  if (it == kModes.end()) return false;
  *mode = it->second.mode;
  out->chain = it->second.chain;
  return true;
}

}  // namespace

bool LoadEvp(const std::string& path, std::string_view text, const LoadOptions& options,
             VectorFile* out, std::string* error) {
  auto fail = [&](int line, const std::string& why) {
    *error = path + ":" + std::to_string(line) + ": " + why;
    return false;
  };
  // Keywords that do not change what an ARIA implementation must answer (see the file comment).
  static const std::set<std::string> kIgnored = {"Title",         "Availablein", "FIPSversion",
                                                 "Securitycheck", "Unapproved",  "Extended-Test",
                                                 "Threads",       "Function",    "Reason"};
  // Parameters of other ciphers or of OpenSSL's stitched TLS ciphers: a stanza with one is not
  // an ARIA test this runner can state.
  static const std::set<std::string> kUnsupportedKeys = {
      "KeyBits", "Rounds", "TLSAAD", "MACKey", "TLSVersion", "CTSMode", "XTSStandard", "CtrlInit"};
  // Results that expect OpenSSL's output to differ from the file's, not a refusal: the vector model
  // (a refusal or the stated bytes) cannot state them.
  static const std::set<std::string> kMismatchResults = {"VALUE_MISMATCH", "TAG_VALUE_MISMATCH",
                                                         "INVALID_NEXT_IV", "INVALID_IV"};
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
      std::string why =
          "unsupported test type '" + head->key + "' (this runner reads Cipher tests)";
      if (options.skip_unsupported) {
        out->skipped.push_back(path + ":" + std::to_string(head->no) + ": " + why);
        return true;
      }
      return fail(head->no, why);
    }
    TestCase c;
    EvpCipher ec;
    auto unsupported = [&](int line, const std::string& why) {
      if (options.skip_unsupported) {
        out->skipped.push_back(path + ":" + std::to_string(line) + ": " + why);
        return true;
      }
      return fail(line, why);
    };
    if (!ParseCipherName(head->value, &ec)) {
      std::string why =
          "unsupported cipher '" + head->value +
          "' (supported: ARIA-/AES-{128,192,256}-{ECB,CBC,CTR,GCM,CCM,CFB,CFB8,CFB1,OFB})";
      if (options.skip_unsupported) {
        out->skipped.push_back(path + ":" + std::to_string(head->no) + ": " + why);
        return true;
      }
      return fail(head->no, why);
    }
    c.cipher = ec.cipher;
    c.mode = ec.mode;
    const int bits = ec.bits;
    for (const Line& l : lines) {
      if (kUnsupportedKeys.count(l.key) != 0) {
        return unsupported(l.no,
                           "unsupported field '" + l.key + "' (a parameter ARIA has no use for)");
      }
      if (l.key == "Result" && kMismatchResults.count(l.value) != 0) {
        return unsupported(l.no,
                           "Result = " + l.value +
                               " expects a different output, not a refusal (not stated by the "
                               "vector model)");
      }
    }
    c.id = ++position;
    c.line = head->no;
    c.where = path + ":" + std::to_string(head->no);
    c.comment = head->value;
    std::map<std::string, int> seen;
    bool has_pt = false, has_ct = false, has_tag = false, has_key = false, has_iv = false;
    bool has_next_iv = false;
    int aad_lines = 0;
    Bytes next_iv;
    std::string result, operation;
    for (const Line& l : lines) {
      if (&l == head || kIgnored.count(l.key) != 0) continue;
      if (l.key != "AAD" && seen.count(l.key) != 0) {
        return fail(l.no, "field '" + l.key + "' given twice in one stanza");
      }
      seen[l.key] = l.no;
      Bytes bytes;
      std::string why;
      auto hex = [&](Bytes* dst) -> bool {
        if (!model::ParseHex(l.value, &bytes, &why)) return fail(l.no, l.key + ": " + why);
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
        if (c.mode != Mode::kGcm && c.mode != Mode::kCcm)
          return fail(l.no, "AAD for a non-AEAD cipher");
        if (++aad_lines > 10) return fail(l.no, "more than 10 AAD lines (evp_test's AAD_NUM)");
        if (!hex(&c.aad)) return false;
      } else if (l.key == "Tag") {
        if (c.mode != Mode::kGcm && c.mode != Mode::kCcm)
          return fail(l.no, "Tag for a non-AEAD cipher");
        if (!hex(&c.tag)) return false;
        has_tag = true;
      } else if (l.key == "NextIV") {
        if (c.mode == Mode::kEcb) return fail(l.no, "NextIV for an ECB cipher");
        if (!hex(&next_iv)) return false;
        has_next_iv = true;
      } else if (l.key == "SetTagLate") {
        if (c.mode != Mode::kGcm && c.mode != Mode::kCcm) {
          return fail(l.no, "SetTagLate for a non-AEAD cipher");
        }
        if (l.value != "TRUE" && l.value != "FALSE")
          return fail(l.no, "SetTagLate must be TRUE or FALSE");
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
    if (has_next_iv && result.empty() && ec.chain != Chain::kCustom) {
      // GCM and CCM: evp_test does not compare NextIV for ciphers with a custom IV, nor do we.
      std::optional<Bytes> want = NextIvFromData(ec.chain, c.iv, c.msg, c.ct);
      if (!want) {
        c.flags.push_back("NextIV-unchecked");  // not told by the data (a partial block)
      } else if (*want != next_iv) {
        return fail(seen["NextIV"], "NextIV is not the IV " + head->value +
                                        " leaves after this Ciphertext (" + model::Hex(*want) +
                                        ")");
      }
    }
    if (has_next_iv) c.next_iv = next_iv;
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
  const bool read = ForEachLine(text, [&](int line_no, std::string_view raw) {
    std::string line = TrimBlanks(raw);
    if (!line.empty() && line[0] == '#') return true;
    if (line.empty()) {
      if (!current.empty() && !stanza(current)) return false;
      current.clear();
      return true;
    }
    size_t eq = line.find('=');
    if (eq == std::string::npos)
      return fail(line_no, "expected 'Keyword = value', got '" + line + "'");
    std::string key = TrimBlanks(std::string_view(line).substr(0, eq));
    std::string value = TrimBlanks(std::string_view(line).substr(eq + 1));
    if (key.empty()) return fail(line_no, "empty keyword");
    current.push_back(Line{line_no, key, value});
    return true;
  });
  if (!read) return false;
  if (!current.empty() && !stanza(current)) return false;
  if (out->cases.empty() && out->skipped.empty()) return fail(1, "no Cipher stanzas in the file");
  out->algorithm = "mixed";
  return true;
}

}  // namespace ariasuite::vectors
