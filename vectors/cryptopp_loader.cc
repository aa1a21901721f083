// Crypto++'s two test data formats.
//
// TestVectors text (TestVectors/*.txt, read by datatest.cpp; syntax in TestVectors/Readme.txt):
// `Name: body` fields; a field continues on the next line while its line ends with a backslash;
// `#` starts a comment to the end of the line; blank lines separate sections, and (as Crypto++'s
// own aria.txt relies on) an AlgorithmType field starts a new one too. Fields keep their last value
// within a section; each `Test:` field runs one test with the values given so far. Encoded values:
// hex (bare or 0x-prefixed; whitespace between groups is ignored), "quoted strings", and
// `rN value` (the value repeated N times). Read: AlgorithmType SymmetricCipher with Name ARIA/ECB,
// ARIA/CBC (no padding, as datatest's block-multiple vectors), ARIA/CTR, and Test Encrypt / Decrypt
// / DecryptMatch (the pair runs both ways); AuthenticatedSymmetricCipher ARIA/GCM (Header = AAD,
// MAC = tag; Test Encrypt / Decrypt, or NotVerify: the decryption must fail); MAC CMAC(ARIA)
// (Message, MAC; Verify / NotVerify). Source and Comment are kept as the case's comment. Sections
// of other algorithms are left out and counted in one line (VectorFile::left_out); an ARIA section
// of another mode or test, or a field this loader does not model (Rounds, Tweak, Seek, ...), is
// unsupported.
//
// TestData .dat (TestData/aria.dat, read by validat*.cpp's BlockTransformationTest): one known
// answer per line, `KEY PLAINTEXT CIPHERTEXT` in hex, one 16-byte block, the key 16, 24 or 32
// bytes: ARIA-ECB.
#include <map>
#include <set>

#include "vectors/loader.h"
#include "vectors/model/hex.h"

namespace ariasuite::vectors {

using model::Bytes;
using model::Cipher;
using model::Mode;

namespace {

// One Crypto++ encoded string (Readme "encoded string") into bytes; false with *why.
bool DecodeValue(const std::string& v, Bytes* out, std::string* why) {
  out->clear();
  size_t i = 0;
  uint64_t repeat = 1;
  bool pending_repeat = false;
  auto emit = [&](const Bytes& b) {
    for (uint64_t k = 0; k < repeat; ++k) out->insert(out->end(), b.begin(), b.end());
    repeat = 1;
    pending_repeat = false;
  };
  while (i < v.size()) {
    if (v[i] == ' ' || v[i] == '\t') {
      ++i;
      continue;
    }
    if (v[i] == '"') {
      const size_t end = v.find('"', i + 1);
      if (end == std::string::npos) {
        *why = "unterminated quoted string";
        return false;
      }
      emit(Bytes(v.begin() + static_cast<long>(i) + 1, v.begin() + static_cast<long>(end)));
      i = end + 1;
      continue;
    }
    size_t end = v.find_first_of(" \t", i);
    if (end == std::string::npos) end = v.size();
    std::string tok = v.substr(i, end - i);
    i = end;
    if (tok.size() > 1 && tok[0] == 'r' &&
        tok.find_first_not_of("0123456789", 1) == std::string::npos) {
      if (pending_repeat || tok.size() > 7) {
        *why = "bad repetition '" + tok + "'";
        return false;
      }
      repeat = std::stoull(tok.substr(1));
      pending_repeat = true;
      continue;
    }
    if (tok.size() >= 2 && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X')) tok = tok.substr(2);
    Bytes b;
    if (!model::ParseHex(tok, &b, why)) return false;
    emit(b);
  }
  if (pending_repeat) {
    *why = "repetition without a value";
    return false;
  }
  if (out->size() > (1u << 24)) {
    *why = "value longer than 16 MiB";
    return false;
  }
  return true;
}

struct Field {
  int line;
  std::string value;
};

}  // namespace

bool LoadCryptopp(const std::string& path, std::string_view text, const LoadOptions& options,
                  VectorFile* out, std::string* error) {
  auto fail = [&](int line, const std::string& why) {
    *error = path + ":" + std::to_string(line) + ": " + why;
    return false;
  };
  static const std::set<std::string> kKnown = {"AlgorithmType", "Name", "Source",    "Comment",
                                               "Key",           "IV",   "Plaintext", "Ciphertext",
                                               "Header",        "MAC",  "Message",   "Test"};
  std::map<std::string, Field> fields;
  std::map<std::string, int> other_tests;  // other algorithm's Name -> tests left out
  std::vector<std::string> other_order;
  bool section_unsupported = false;

  auto test = [&](int test_line, const std::string& what) -> bool {
    auto value = [&](const char* k) -> std::string {
      auto it = fields.find(k);
      return it == fields.end() ? "" : it->second.value;
    };
    auto bytes = [&](const char* k, Bytes* b, bool required) -> bool {
      auto it = fields.find(k);
      if (it == fields.end()) {
        if (required) return fail(test_line, std::string("test without ") + k);
        b->clear();
        return true;
      }
      std::string why;
      if (!DecodeValue(it->second.value, b, &why))
        return fail(it->second.line, std::string(k) + ": " + why);
      return true;
    };
    const std::string type = value("AlgorithmType"), name = value("Name");
    if (type.empty() || name.empty()) return fail(test_line, "Test before AlgorithmType and Name");
    const bool aria = name.find("ARIA") != std::string::npos;
    if (!aria) {
      if (other_tests.count(name) == 0) other_order.push_back(name);
      ++other_tests[name];
      return true;
    }
    auto unsupported = [&](const std::string& why) {
      if (options.skip_unsupported) {
        out->skipped.push_back(path + ":" + std::to_string(test_line) + ": " + why);
        return true;
      }
      return fail(test_line, why);
    };
    if (section_unsupported) return true;  // already listed
    TestCase c;
    c.line = test_line;
    c.id = static_cast<int64_t>(out->cases.size()) + 1;
    c.where = path + ":" + std::to_string(test_line);
    c.comment = name + (value("Comment").empty() ? "" : ": " + value("Comment"));
    c.source = value("Source");
    c.cipher = Cipher::kAria;
    bool invalid = false;
    if (type == "SymmetricCipher" || type == "AuthenticatedSymmetricCipher") {
      static const std::map<std::string, Mode> kModes = {
          {"ARIA/ECB", Mode::kEcb}, {"ARIA/CBC", Mode::kCbc},    {"ARIA/CTR", Mode::kCtr},
          {"ARIA/GCM", Mode::kGcm}, {"ARIA/CFB", Mode::kCfb128}, {"ARIA/OFB", Mode::kOfb}};
      auto it = kModes.find(name);
      if (it == kModes.end() ||
          (it->second == Mode::kGcm) != (type == "AuthenticatedSymmetricCipher")) {
        return unsupported(type + " " + name +
                           ": not supported by this runner (reads ARIA/ECB, "
                           "ARIA/CBC, ARIA/CTR, ARIA/CFB, ARIA/OFB, ARIA/GCM, CMAC(ARIA))");
      }
      c.mode = it->second;
      if (what == "NotVerify" && c.mode == Mode::kGcm) {
        invalid = true;
      } else if (what != "Encrypt" && what != "Decrypt" && what != "DecryptMatch") {
        return unsupported("Test: " + what + " (" + name +
                           "): a Crypto++ test this runner does not model");
      }
      if (!bytes("Key", &c.key, true) || !bytes("IV", &c.iv, c.mode != Mode::kEcb) ||
          !bytes("Plaintext", &c.msg, true) || !bytes("Ciphertext", &c.ct, true)) {
        return false;
      }
      if (c.mode == Mode::kEcb && fields.count("IV") != 0)
        return fail(fields["IV"].line, "IV for ARIA/ECB");
      if (c.mode == Mode::kGcm) {
        if (!bytes("Header", &c.aad, false) || !bytes("MAC", &c.tag, true)) return false;
        c.tag_len = c.tag.size();
      } else if (fields.count("Header") || fields.count("MAC")) {
        return fail(test_line, "Header or MAC for a cipher without authentication");
      }
      if (c.msg.size() != c.ct.size())
        return fail(test_line, "Plaintext and Ciphertext lengths differ");
    } else if (type == "MAC" && name == "CMAC(ARIA)") {
      c.mode = Mode::kCmac;
      if (what == "NotVerify") {
        invalid = true;
      } else if (what != "Verify") {
        return unsupported("Test: " + what + " (" + name +
                           "): a Crypto++ test this runner does not model");
      }
      if (!bytes("Key", &c.key, true) || !bytes("Message", &c.msg, true) ||
          !bytes("MAC", &c.tag, true)) {
        return false;
      }
      c.tag_len = c.tag.size();
    } else {
      return unsupported(type + " " + name + ": not supported by this runner");
    }
    if (c.key.size() != 16 && c.key.size() != 24 && c.key.size() != 32) {
      return fail(fields["Key"].line,
                  "Key has " + std::to_string(c.key.size()) + " bytes (ARIA takes 16, 24 or 32)");
    }
    if (invalid) {
      c.expect = Expect::kInvalid;
      c.direction = c.mode == Mode::kGcm ? Direction::kDecrypt : Direction::kBoth;
      c.flags.push_back("NotVerify");
    }
    out->cases.push_back(std::move(c));
    return true;
  };

  std::string pending_name, pending_value;
  int pending_line = 0;
  bool continuing = false;
  // The line of the first data field (Key, Plaintext...) no Test: has used yet: a file that ends
  // with such fields was cut short (Crypto++ would silently run nothing for them).
  int unused_since = 0;
  auto finish_field = [&]() -> bool {
    const std::string name = pending_name;
    pending_name.clear();
    if (name == "AlgorithmType") {
      fields.clear();
      section_unsupported = false;
      unused_since = 0;
    }
    if (name == "Test") {
      unused_since = 0;
      return test(pending_line, TrimBlanks(pending_value));
    }
    if (unused_since == 0 && name != "AlgorithmType" && name != "Name" && name != "Source" &&
        name != "Comment") {
      unused_since = pending_line;
    }
    if (kKnown.count(name) == 0) {
      const std::string why =
          "field '" + name + "' (a Crypto++ test parameter this runner does not model)";
      const auto name_it = fields.find("Name");
      const bool aria_section =
          name_it != fields.end() && name_it->second.value.find("ARIA") != std::string::npos;
      if (!aria_section) {
        // Another algorithm's parameter: its tests are left out anyway.
        fields[name] = Field{pending_line, pending_value};
        return true;
      }
      if (!options.skip_unsupported) return fail(pending_line, why);
      out->skipped.push_back(path + ":" + std::to_string(pending_line) + ": " + why);
      section_unsupported = true;
      return true;
    }
    fields[name] = Field{pending_line, TrimBlanks(pending_value)};
    return true;
  };
  const bool read = ForEachLine(text, [&](int line_no, std::string_view raw) {
    std::string line(raw);
    const size_t hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    line = TrimBlanks(line);
    bool more = !line.empty() && line.back() == '\\';
    if (more) line = TrimBlanks(std::string_view(line).substr(0, line.size() - 1));
    if (continuing) {
      pending_value += " " + line;
      continuing = more;
      if (!continuing && !finish_field()) return false;
      return true;
    }
    if (line.empty()) {
      if (more) return fail(line_no, "continuation of no field");
      const bool last_line = raw.data() + raw.size() == text.data() + text.size();
      if (last_line) return true;  // the empty rest after the last newline
      fields.clear();              // a blank line ends the section
      section_unsupported = false;
      unused_since = 0;
      return true;
    }
    const size_t colon = line.find(':');
    if (colon == std::string::npos)
      return fail(line_no, "expected 'Name: value', got '" + line + "'");
    pending_name = TrimBlanks(std::string_view(line).substr(0, colon));
    pending_value = TrimBlanks(std::string_view(line).substr(colon + 1));
    pending_line = line_no;
    if (pending_name.empty() || pending_name.find_first_of(" \t") != std::string::npos) {
      return fail(line_no, "bad field name '" + pending_name + "'");
    }
    continuing = more;
    if (!continuing && !finish_field()) return false;
    return true;
  });
  if (!read) return false;
  if (continuing) return fail(pending_line, "field continues past the end of the file");
  if (unused_since != 0) {
    return fail(unused_since,
                "the file ends before a Test: line uses these fields (a truncated file?)");
  }
  if (!other_order.empty()) {
    out->left_out = LeftOutNote(other_order, other_tests, "test(s)", "other algorithm(s)");
  }
  if (out->cases.empty() && out->skipped.empty()) return fail(1, "no ARIA tests in the file");
  out->algorithm = "mixed";
  return true;
}

bool LoadCryptoppDat(const std::string& path, std::string_view text, const LoadOptions& /*options*/,
                     VectorFile* out, std::string* error) {
  auto fail = [&](int line, const std::string& why) {
    *error = path + ":" + std::to_string(line) + ": " + why;
    return false;
  };
  const bool read = ForEachLine(text, [&](int line_no, std::string_view raw) {
    const std::string line = TrimBlanks(raw);
    if (line.empty()) return true;
    std::vector<std::string> tok;
    size_t i = 0;
    while (i < line.size()) {
      const size_t b = line.find_first_not_of(" \t", i);
      if (b == std::string::npos) break;
      size_t e = line.find_first_of(" \t", b);
      if (e == std::string::npos) e = line.size();
      tok.push_back(line.substr(b, e - b));
      i = e;
    }
    if (tok.size() != 3) {
      return fail(line_no, "expected 'KEY PLAINTEXT CIPHERTEXT' (three hex fields), got " +
                               std::to_string(tok.size()) + " field(s)");
    }
    TestCase c;
    std::string why;
    if (!model::ParseHex(tok[0], &c.key, &why)) return fail(line_no, "KEY: " + why);
    if (!model::ParseHex(tok[1], &c.msg, &why)) return fail(line_no, "PLAINTEXT: " + why);
    if (!model::ParseHex(tok[2], &c.ct, &why)) return fail(line_no, "CIPHERTEXT: " + why);
    if (c.key.size() != 16 && c.key.size() != 24 && c.key.size() != 32) {
      return fail(line_no,
                  "KEY has " + std::to_string(c.key.size()) + " bytes (ARIA takes 16, 24 or 32)");
    }
    if (c.msg.size() != 16 || c.ct.size() != 16)
      return fail(line_no, "PLAINTEXT and CIPHERTEXT must be one 16-byte block");
    c.mode = Mode::kEcb;
    c.cipher = Cipher::kAria;
    c.line = line_no;
    c.id = static_cast<int64_t>(out->cases.size()) + 1;
    c.where = path + ":" + std::to_string(line_no);
    c.comment = "ARIA-ECB known answer";
    out->cases.push_back(std::move(c));
    return true;
  });
  if (!read) return false;
  if (out->cases.empty()) return fail(1, "no known-answer lines in the file");
  out->algorithm = "ARIA-ECB";
  return true;
}

}  // namespace ariasuite::vectors
