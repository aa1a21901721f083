// The Linux kernel's crypto/testmgr.h test templates for ARIA: `static const struct
// cipher_testvec aria_*_tv_template[] = { { .key = "\x..", .klen = 16, ... }, ... };` for
// ecb/cbc/ctr(aria) and `struct aead_testvec` for gcm(aria) (and ccm(aria)), so a kernel developer
// can run the vectors of their own tree, from the whole testmgr.h of any kernel (6.1 on), the ARIA
// templates in whatever order. Templates whose name does not start with "aria" are skipped at the
// lexical level: their string literals are scanned to the closing quote but not decoded, so
// nothing in another algorithm's template can make the file fail to load.
//
// String literals are read as C reads them (C11 6.4.4.4, 6.4.5): adjacent literals concatenate;
// `\x` takes every hex digit that follows (`"\x04a"` is one byte, 0x4a: leading zeros are fine, as
// gcc -fsyntax-only accepts; only a value above 0xff is out of range, which gcc reports); octal
// `\NNN` takes at most three digits; the simple escapes; a backslash-newline splices lines.
//
// Field facts (struct cipher_testvec / aead_testvec in testmgr.h): key, klen; iv (aead: NULL means
// all-zero); cipher: ptext, ctext, len, iv_out (the IV after the operation), wk, fips_skip,
// generates_iv, setkey_error, crypt_error; aead: ptext, plen, assoc, alen, ctext (= ciphertext ||
// tag), clen, novrfy (only decryption is tested and must fail), wk, setkey_error,
// setauthsize_error, crypt_error. Omitted fields are 0 / NULL as in C. Every string must have
// exactly the length its length field gives.
#include <cctype>
#include <cstdio>
#include <map>
#include <set>

#include "vectors/loader.h"

namespace ariasuite::vectors {

using model::Bytes;
using model::Cipher;
using model::Mode;

namespace {

enum class Tok { kIdent, kNumber, kString, kPunct, kEnd };

struct Token {
  Tok kind;
  std::string text;  // identifier, number text, punctuation, or the decoded string bytes
  int line;
};

class Lexer {
 public:
  Lexer(std::string_view text) : text_(text) {}

  // Whether string literals are decoded (inside an ARIA template) or only scanned past.
  void set_decode(bool decode) { decode_ = decode; }

  // false with *why on a malformed literal or an unterminated comment.
  bool Next(Token* t, std::string* why) {
    for (;;) {
      while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) {
        if (text_[pos_] == '\n') {
          ++line_;
          bol_ = true;
        }
        ++pos_;
      }
      if (pos_ >= text_.size()) {
        *t = Token{Tok::kEnd, "", line_};
        return true;
      }
      if (text_.compare(pos_, 2, "/*") == 0) {
        size_t end = text_.find("*/", pos_ + 2);
        if (end == std::string_view::npos) {
          *why = "unterminated /* comment";
          return false;
        }
        for (size_t i = pos_; i < end; ++i) line_ += text_[i] == '\n';
        pos_ = end + 2;
        continue;
      }
      if (text_.compare(pos_, 2, "//") == 0 || (bol_ && text_[pos_] == '#')) {
        // Line comments and preprocessor lines (with backslash continuations).
        while (pos_ < text_.size() && text_[pos_] != '\n') {
          if (text_[pos_] == '\\' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') {
            ++line_;
            pos_ += 2;
            continue;
          }
          ++pos_;
        }
        continue;
      }
      break;
    }
    bol_ = false;
    const int line = line_;
    const char c = text_[pos_];
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t b = pos_;
      while (pos_ < text_.size() &&
             (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) {
        ++pos_;
      }
      *t = Token{Tok::kIdent, std::string(text_.substr(b, pos_ - b)), line};
      return true;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t b = pos_;
      while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])))) ++pos_;
      *t = Token{Tok::kNumber, std::string(text_.substr(b, pos_ - b)), line};
      return true;
    }
    if (c == '"') return decode_ ? String(t, why) : SkipLiteral('"', t, why);
    if (c == '\'') return SkipLiteral('\'', t, why);
    ++pos_;
    *t = Token{Tok::kPunct, std::string(1, c), line};
    return true;
  }

  int line() const { return line_; }

 private:
  // A string or character literal outside the ARIA templates: scanned to its closing quote
  // (a backslash escapes the next character), never decoded. Character literals are never part
  // of a vector, so they come back as a punctuation token the parser does not expect there.
  bool SkipLiteral(char quote, Token* t, std::string* why) {
    const int line = line_;
    ++pos_;
    for (;;) {
      if (pos_ >= text_.size() || text_[pos_] == '\n') {
        *why = quote == '"' ? "unterminated string literal" : "unterminated character literal";
        return false;
      }
      const char c = text_[pos_++];
      if (c == quote) break;
      if (c == '\\' && pos_ < text_.size()) {
        if (text_[pos_] == '\n') ++line_;
        ++pos_;
      }
    }
    *t = Token{quote == '"' ? Tok::kString : Tok::kPunct, quote == '"' ? "" : "'", line};
    return true;
  }

  // A C string literal: \xHH.. (all following hex digits, as C does), octal \NNN, the simple
  // escapes, and plain characters.
  bool String(Token* t, std::string* why) {
    const int line = line_;
    ++pos_;
    std::string bytes;
    for (;;) {
      if (pos_ >= text_.size() || text_[pos_] == '\n') {
        *why = "unterminated string literal";
        return false;
      }
      char c = text_[pos_++];
      if (c == '"') break;
      if (c != '\\') {
        bytes.push_back(c);
        continue;
      }
      if (pos_ >= text_.size()) {
        *why = "unterminated string literal";
        return false;
      }
      char e = text_[pos_++];
      if (e == '\n') {  // backslash-newline: a line splice, no character
        ++line_;
        continue;
      }
      if (e == 'x') {
        // Every following hex digit belongs to the escape; the value must fit a byte.
        unsigned v = 0;
        int digits = 0;
        bool too_big = false;
        while (pos_ < text_.size() && std::isxdigit(static_cast<unsigned char>(text_[pos_]))) {
          v = v * 16 + static_cast<unsigned>(std::isdigit(static_cast<unsigned char>(text_[pos_]))
                                                 ? text_[pos_] - '0'
                                                 : (std::tolower(text_[pos_]) - 'a' + 10));
          if (v > 0xff) {
            too_big = true;
            v = 0x100;  // stays above 0xff without overflowing, however many digits follow
          }
          ++pos_;
          ++digits;
        }
        if (digits == 0) {
          *why = "\\x without hex digits";
          return false;
        }
        if (too_big) {
          *why = "hex escape out of range for a byte";
          return false;
        }
        bytes.push_back(static_cast<char>(v));
      } else if (e >= '0' && e <= '7') {
        unsigned v = static_cast<unsigned>(e - '0');
        for (int k = 0; k < 2 && pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '7';
             ++k) {
          v = v * 8 + static_cast<unsigned>(text_[pos_++] - '0');
        }
        if (v > 255) {
          *why = "octal escape out of range for a byte";
          return false;
        }
        bytes.push_back(static_cast<char>(v));
      } else {
        static const std::map<char, char> kSimple = {
            {'n', '\n'}, {'t', '\t'}, {'r', '\r'}, {'\\', '\\'}, {'"', '"'}, {'\'', '\''},
            {'a', '\a'}, {'b', '\b'}, {'f', '\f'}, {'v', '\v'},  {'?', '?'}};
        auto it = kSimple.find(e);
        if (it == kSimple.end()) {
          // A control byte is named by value so the error stays on one line (h4, fuzz).
          char named[8];
          std::snprintf(named, sizeof(named), "0x%02x", static_cast<unsigned char>(e));
          *why = std::isprint(static_cast<unsigned char>(e))
                     ? std::string("unknown escape \\") + e
                     : std::string("unknown escape \\ + ") + named;
          return false;
        }
        bytes.push_back(it->second);
      }
    }
    *t = Token{Tok::kString, bytes, line};
    return true;
  }

  std::string_view text_;
  size_t pos_ = 0;
  int line_ = 1;
  bool bol_ = true;
  bool decode_ = false;
};

// A field's value: a (concatenated) string, a number, an errno-style negative identifier, or
// NULL / true / false.
struct FieldValue {
  bool is_string = false;
  bool is_null = false;
  std::string bytes;
  int64_t number = 0;
  int line = 0;
};

struct TemplateInfo {
  Mode mode;
  bool aead;
};

// The mode of an ARIA template by its name (testmgr.c's alg_test_descs: ecb(aria) ->
// aria_tv_template, cbc(aria) -> aria_cbc_tv_template, ctr(aria) -> aria_ctr_tv_template,
// gcm(aria) -> aria_gcm_tv_template).
std::optional<TemplateInfo> TemplateMode(const std::string& name) {
  std::string n;
  for (char c : name) n.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  if (n == "aria_tv_template" || n.find("_ecb_") != std::string::npos) {
    return TemplateInfo{Mode::kEcb, false};
  }
  if (n.find("_cbc_") != std::string::npos) return TemplateInfo{Mode::kCbc, false};
  if (n.find("_ctr_") != std::string::npos) return TemplateInfo{Mode::kCtr, false};
  if (n.find("_gcm_") != std::string::npos) return TemplateInfo{Mode::kGcm, true};
  if (n.find("_ccm_") != std::string::npos) return TemplateInfo{Mode::kCcm, true};
  if (n.find("_cfb_") != std::string::npos) return TemplateInfo{Mode::kCfb128, false};
  if (n.find("_ofb_") != std::string::npos) return TemplateInfo{Mode::kOfb, false};
  return std::nullopt;
}

class Parser {
 public:
  Parser(const std::string& path, std::string_view text, const LoadOptions& options,
         VectorFile* out)
      : path_(path), lex_(text), options_(options), out_(out) {}

  bool Run(std::string* error) {
    if (!Advance()) return Finish(error);
    while (tok_.kind != Tok::kEnd) {
      if (tok_.kind == Tok::kIdent && tok_.text == "struct") {
        if (!Advance()) return Finish(error);
        if (tok_.kind == Tok::kIdent &&
            (tok_.text == "cipher_testvec" || tok_.text == "aead_testvec")) {
          const bool aead = tok_.text == "aead_testvec";
          if (!Advance()) return Finish(error);
          if (tok_.kind == Tok::kIdent) {
            std::string name = tok_.text;
            int line = tok_.line;
            if (!Advance()) return Finish(error);
            if (tok_.kind == Tok::kPunct && tok_.text == "[") {
              if (!Template(name, line, aead)) return Finish(error);
              continue;
            }
          }
        }
        continue;
      }
      if (!Advance()) return Finish(error);
    }
    if (error_.empty() && out_->cases.empty() && out_->skipped.empty()) {
      error_ = path_ + ":1: no ARIA cipher_testvec / aead_testvec templates in the file";
    }
    return Finish(error);
  }

 private:
  bool Finish(std::string* error) {
    if (!error_.empty()) {
      *error = error_;
      return false;
    }
    return true;
  }
  bool Fail(int line, const std::string& why) {
    if (error_.empty()) error_ = path_ + ":" + std::to_string(line) + ": " + why;
    return false;
  }
  bool Advance() {
    std::string why;
    if (!lex_.Next(&tok_, &why)) return Fail(lex_.line(), why);
    return true;
  }
  bool Expect(const char* punct) {
    if (tok_.kind != Tok::kPunct || tok_.text != punct) {
      return Fail(tok_.line, std::string("expected '") + punct + "', got '" + tok_.text + "'");
    }
    return Advance();
  }
  // Skips a balanced { ... } group (the current token is '{').
  bool SkipBraces() {
    int depth = 0;
    do {
      if (tok_.kind == Tok::kEnd) return Fail(tok_.line, "unterminated { ... }");
      if (tok_.kind == Tok::kPunct && tok_.text == "{") ++depth;
      if (tok_.kind == Tok::kPunct && tok_.text == "}") --depth;
      if (!Advance()) return false;
    } while (depth > 0);
    return true;
  }

  // At '[' after the template name.
  bool Template(const std::string& name, int line, bool aead) {
    if (!Advance()) return false;
    if (!(tok_.kind == Tok::kPunct && tok_.text == "]")) {
      while (!(tok_.kind == Tok::kPunct && tok_.text == "]")) {
        if (tok_.kind == Tok::kEnd) return Fail(line, "unterminated [ ]");
        if (!Advance()) return false;
      }
    }
    if (!Advance() || !Expect("=")) return false;
    if (!(tok_.kind == Tok::kPunct && tok_.text == "{")) return Fail(tok_.line, "expected '{'");
    std::string lower;
    for (char c : name)
      lower.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    if (lower.rfind("aria", 0) != 0) return SkipBraces();
    std::optional<TemplateInfo> info = TemplateMode(name);
    if (!info || info->aead != aead) {
      std::string why = "template " + name +
                        ": unsupported mode (this runner reads ARIA ecb, cbc, " +
                        "ctr, cfb, ofb as cipher_testvec and gcm, ccm as aead_testvec)";
      if (options_.skip_unsupported) {
        out_->skipped.push_back(path_ + ":" + std::to_string(line) + ": " + why);
        return SkipBraces();
      }
      return Fail(line, why);
    }
    // The tokens after this '{' are the ARIA template's: decode its strings, until its '}'.
    lex_.set_decode(true);
    const bool ok = AriaVectors(name, *info);
    lex_.set_decode(false);
    return ok && Expect(";");
  }

  // At '{' of an ARIA template, strings decoded; ends having read the token after its '}'.
  bool AriaVectors(const std::string& name, const TemplateInfo& info) {
    if (!Advance()) return false;
    int index = 0;
    while (!(tok_.kind == Tok::kPunct && tok_.text == "}")) {
      if (!(tok_.kind == Tok::kPunct && tok_.text == "{")) {
        return Fail(tok_.line, "expected '{' starting a test vector, got '" + tok_.text + "'");
      }
      ++index;
      if (!Vector(name, index, info)) return false;
      if (tok_.kind == Tok::kPunct && tok_.text == ",") {
        if (!Advance()) return false;
      } else if (!(tok_.kind == Tok::kPunct && tok_.text == "}")) {
        return Fail(tok_.line, "expected ',' or '}' after a test vector");
      }
    }
    return Advance();
  }

  bool Value(FieldValue* v) {
    v->line = tok_.line;
    if (tok_.kind == Tok::kString) {
      v->is_string = true;
      while (tok_.kind == Tok::kString) {
        v->bytes += tok_.text;
        if (!Advance()) return false;
      }
      return true;
    }
    bool negative = false;
    if (tok_.kind == Tok::kPunct && tok_.text == "-") {
      negative = true;
      if (!Advance()) return false;
    }
    if (tok_.kind == Tok::kNumber) {
      std::string t = tok_.text;
      while (!t.empty() &&
             (t.back() == 'u' || t.back() == 'U' || t.back() == 'l' || t.back() == 'L')) {
        t.pop_back();
      }
      char* end = nullptr;
      long long n = std::strtoll(t.c_str(), &end, 0);
      if (t.empty() || *end != '\0') return Fail(tok_.line, "bad number '" + tok_.text + "'");
      v->number = negative ? -n : n;
      return Advance();
    }
    if (tok_.kind == Tok::kIdent) {
      if (negative && tok_.text.size() > 1 && tok_.text[0] == 'E') {
        v->number = -1;  // -EINVAL, -EBADMSG...: any error
        return Advance();
      }
      if (!negative && (tok_.text == "NULL" || tok_.text == "false")) {
        v->is_null = tok_.text == "NULL";
        v->number = 0;
        return Advance();
      }
      if (!negative && tok_.text == "true") {
        v->number = 1;
        return Advance();
      }
    }
    return Fail(tok_.line, "unsupported initializer '" + tok_.text + "'");
  }

  // At '{' of one vector.
  bool Vector(const std::string& name, int index, const TemplateInfo& info) {
    const int line = tok_.line;
    if (!Advance()) return false;
    static const std::set<std::string> kCipherFields = {
        "key", "iv", "iv_out",    "ptext",        "ctext",        "klen",
        "len", "wk", "fips_skip", "generates_iv", "setkey_error", "crypt_error"};
    static const std::set<std::string> kAeadFields = {"key",
                                                      "iv",
                                                      "ptext",
                                                      "assoc",
                                                      "ctext",
                                                      "klen",
                                                      "plen",
                                                      "clen",
                                                      "alen",
                                                      "novrfy",
                                                      "wk",
                                                      "setkey_error",
                                                      "setauthsize_error",
                                                      "crypt_error"};
    const std::set<std::string>& known = info.aead ? kAeadFields : kCipherFields;
    std::map<std::string, FieldValue> f;
    while (!(tok_.kind == Tok::kPunct && tok_.text == "}")) {
      if (!(tok_.kind == Tok::kPunct && tok_.text == ".")) {
        return Fail(tok_.line, "expected '.field =' in a designated initializer");
      }
      if (!Advance()) return false;
      if (tok_.kind != Tok::kIdent) return Fail(tok_.line, "expected a field name after '.'");
      const std::string field = tok_.text;
      const int fline = tok_.line;
      if (known.count(field) == 0) {
        return Fail(fline, std::string("unknown field .") + field + " in struct " +
                               (info.aead ? "aead_testvec" : "cipher_testvec"));
      }
      if (f.count(field) != 0) return Fail(fline, "field ." + field + " given twice");
      if (!Advance() || !Expect("=")) return false;
      FieldValue v;
      if (!Value(&v)) return false;
      f[field] = v;
      if (tok_.kind == Tok::kPunct && tok_.text == ",") {
        if (!Advance()) return false;
      } else if (!(tok_.kind == Tok::kPunct && tok_.text == "}")) {
        return Fail(tok_.line, "expected ',' or '}' after .'" + field + "'");
      }
    }
    if (!Advance()) return false;
    return Build(name, index, line, info, f);
  }

  bool Build(const std::string& name, int index, int line, const TemplateInfo& info,
             std::map<std::string, FieldValue>& f) {
    auto str = [&](const char* k, Bytes* out, bool* present) -> bool {
      *present = false;
      out->clear();
      auto it = f.find(k);
      if (it == f.end() || it->second.is_null) return true;
      if (!it->second.is_string)
        return Fail(it->second.line, std::string(".") + k + " must be a string");
      out->assign(it->second.bytes.begin(), it->second.bytes.end());
      *present = true;
      return true;
    };
    auto num = [&](const char* k, int64_t* out) -> bool {
      auto it = f.find(k);
      *out = 0;
      if (it == f.end()) return true;
      if (it->second.is_string)
        return Fail(it->second.line, std::string(".") + k + " must be a number");
      *out = it->second.number;
      return true;
    };
    auto length_is = [&](const char* field, const Bytes& b, bool present, const char* len_field,
                         int64_t len) -> bool {
      if (!present) return true;
      if (static_cast<int64_t>(b.size()) != len) {
        int l = f.count(field) ? f[field].line : line;
        return Fail(l, std::string(".") + field + " has " + std::to_string(b.size()) +
                           " bytes but ." + len_field + " is " + std::to_string(len));
      }
      return true;
    };
    TestCase c;
    c.id = static_cast<int64_t>(out_->cases.size()) + 1;
    c.line = line;
    c.where = path_ + ":" + std::to_string(line);
    c.comment = name + "[" + std::to_string(index - 1) + "]";
    c.mode = info.mode;
    c.cipher = Cipher::kAria;
    bool has_key, has_iv, has_pt, has_ct;
    int64_t klen, setkey_error, crypt_error, wk;
    if (!str("key", &c.key, &has_key) || !str("iv", &c.iv, &has_iv) ||
        !str("ptext", &c.msg, &has_pt) || !str("ctext", &c.ct, &has_ct) || !num("klen", &klen) ||
        !num("setkey_error", &setkey_error) || !num("crypt_error", &crypt_error) ||
        !num("wk", &wk)) {
      return false;
    }
    if (!has_key) return Fail(line, "vector without .key");
    if (!length_is("key", c.key, true, "klen", klen)) return false;
    (void)wk;  // ARIA has no weak keys; CRYPTO_TFM_REQ_FORBID_WEAK_KEYS changes nothing for it.
    if (!info.aead) {
      int64_t len, generates_iv, fips_skip;
      bool has_iv_out;
      Bytes iv_out;
      if (!num("len", &len) || !num("generates_iv", &generates_iv) ||
          !num("fips_skip", &fips_skip) || !str("iv_out", &iv_out, &has_iv_out)) {
        return false;
      }
      (void)fips_skip;  // only matters in FIPS mode
      if (generates_iv != 0) return Fail(line, ".generates_iv is for kw(aes) only");
      if (!has_pt || !has_ct) return Fail(line, "vector without .ptext or .ctext");
      if (f.count("len") == 0) {
        // No .len: C makes it 0, and testmgr.c en/decrypts vec->len bytes, so the kernel checks
        // none of the data (Linux 6.1's aria_cfb_tv_template). Read as the kernel runs it.
        c.msg.clear();
        c.ct.clear();
      }
      if (!length_is("ptext", c.msg, has_pt, "len", len) ||
          !length_is("ctext", c.ct, has_ct, "len", len)) {
        return false;
      }
      if (info.mode == Mode::kEcb) {
        if (has_iv || has_iv_out) return Fail(line, "ecb vector with .iv or .iv_out");
      } else {
        if (!has_iv || c.iv.size() != 16) return Fail(line, ".iv must be 16 bytes for this mode");
        if (has_iv_out && !IvOutMatches(c, iv_out)) {
          return Fail(f["iv_out"].line, ".iv_out is not the IV the mode leaves after .ctext");
        }
        if (has_iv_out) c.next_iv = iv_out;
      }
      if (setkey_error != 0 || crypt_error != 0) {
        c.expect = Expect::kInvalid;
        c.params_invalid = true;
        c.flags.push_back(setkey_error != 0 ? "setkey_error" : "crypt_error");
      }
    } else {
      int64_t plen, clen, alen, novrfy, setauthsize_error;
      bool has_assoc;
      if (!str("assoc", &c.aad, &has_assoc) || !num("plen", &plen) || !num("clen", &clen) ||
          !num("alen", &alen) || !num("novrfy", &novrfy) ||
          !num("setauthsize_error", &setauthsize_error)) {
        return false;
      }
      if (!length_is("ptext", c.msg, has_pt, "plen", plen) ||
          !length_is("ctext", c.ct, has_ct, "clen", clen) ||
          !length_is("assoc", c.aad, has_assoc || alen != 0, "alen", alen)) {
        return false;
      }
      if (!has_ct) return Fail(line, "vector without .ctext");
      if (clen < plen) return Fail(line, ".clen is smaller than .plen");
      if (!has_pt && novrfy == 0) return Fail(line, "vector without .ptext");
      // .ctext is ciphertext || tag; the tag length (authsize) is clen - plen.
      c.tag.assign(c.ct.begin() + plen, c.ct.end());
      c.ct.resize(static_cast<size_t>(plen));
      c.tag_len = c.tag.size();
      if (!has_iv) c.iv.assign(info.mode == Mode::kGcm ? 12 : 16, 0);  // NULL: all-zero IV
      if (info.mode == Mode::kCcm) {
        // The kernel's ccm() IV is the first counter block: iv[0] = L - 1, then the nonce
        // (RFC 3610 §2.3); turn it into the SP 800-38C nonce.
        if (c.iv.size() != 16 || c.iv[0] < 1 || c.iv[0] > 7) {
          return Fail(line, "ccm .iv must be 16 bytes with iv[0] = L - 1 in 1..7");
        }
        const size_t nonce_len = 15 - (c.iv[0] + 1u);
        c.iv = Bytes(c.iv.begin() + 1, c.iv.begin() + 1 + static_cast<long>(nonce_len));
      }
      if (setkey_error != 0 || setauthsize_error != 0) {
        c.expect = Expect::kInvalid;
        c.params_invalid = true;
        c.flags.push_back(setkey_error != 0 ? "setkey_error" : "setauthsize_error");
      } else if (novrfy != 0) {
        c.expect = Expect::kInvalid;
        c.direction = Direction::kDecrypt;
        c.flags.push_back("novrfy");
      } else if (crypt_error != 0) {
        c.expect = Expect::kInvalid;
        c.direction = Direction::kEncrypt;
        c.flags.push_back("crypt_error");
      }
      if (!has_pt) c.msg.assign(c.ct.size(), 0);  // novrfy vectors need no plaintext
    }
    out_->cases.push_back(std::move(c));
    return true;
  }

  // CBC and CFB leave the last ciphertext block (CFB: when the data end on a block boundary; a
  // partial block is not checked); OFB the last keystream block; CTR the counter block after
  // ceil(len / 16) blocks.
  static bool IvOutMatches(const TestCase& c, const Bytes& iv_out) {
    if (iv_out.size() != 16) return false;
    if (c.mode == Mode::kCfb128 && c.ct.size() % 16 != 0) return true;
    if (c.mode == Mode::kOfb) {
      if (c.ct.empty()) return iv_out == c.iv;
      if (c.ct.size() % 16 != 0) return true;
      for (size_t i = 0; i < 16; ++i) {
        if (iv_out[i] != (c.msg[c.msg.size() - 16 + i] ^ c.ct[c.ct.size() - 16 + i])) return false;
      }
      return true;
    }
    if (c.mode == Mode::kCbc || c.mode == Mode::kCfb128) {
      if (c.ct.size() < 16) return iv_out == c.iv;
      return std::equal(iv_out.begin(), iv_out.end(), c.ct.end() - 16);
    }
    Bytes ctr = c.iv;
    uint64_t add = (c.ct.size() + 15) / 16;
    for (int i = 15; i >= 0 && add != 0; --i) {
      uint64_t v = ctr[static_cast<size_t>(i)] + (add & 0xff);
      ctr[static_cast<size_t>(i)] = static_cast<uint8_t>(v);
      add = (add >> 8) + (v >> 8);
    }
    return ctr == iv_out;
  }

  std::string path_;
  Lexer lex_;
  LoadOptions options_;
  VectorFile* out_;
  Token tok_{Tok::kEnd, "", 0};
  std::string error_;
};

}  // namespace

bool LoadTestmgr(const std::string& path, std::string_view text, const LoadOptions& options,
                 VectorFile* out, std::string* error) {
  Parser parser(path, text, options, out);
  if (!parser.Run(error)) return false;
  out->algorithm = "mixed";
  return true;
}

}  // namespace ariasuite::vectors
