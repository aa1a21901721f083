// A reader of testmgr.h's ARIA cipher_testvec arrays (see testmgr_aria.h).
#include "tools/kernel_asm/testmgr_aria.h"

#include <cctype>
#include <cstdlib>

namespace ariasuite::kernel_asm {
namespace {

class Reader {
 public:
  Reader(const std::string& path, const std::string& text, size_t pos)
      : path_(path), text_(text), pos_(pos) {}

  std::string Where() const {
    size_t line = 1;
    for (size_t i = 0; i < pos_ && i < text_.size(); ++i) line += text_[i] == '\n';
    return path_ + ":" + std::to_string(line);
  }
  void SkipSpace() {
    for (;;) {
      while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
      if (text_.compare(pos_, 2, "/*") == 0) {
        const size_t end = text_.find("*/", pos_ + 2);
        pos_ = end == std::string::npos ? text_.size() : end + 2;
      } else if (text_.compare(pos_, 2, "//") == 0) {
        const size_t end = text_.find('\n', pos_);
        pos_ = end == std::string::npos ? text_.size() : end;
      } else {
        return;
      }
    }
  }
  bool Eat(char c) {
    SkipSpace();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  char Peek() {
    SkipSpace();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }
  std::string Identifier() {
    SkipSpace();
    const size_t start = pos_;
    while (pos_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) {
      ++pos_;
    }
    return text_.substr(start, pos_ - start);
  }
  // Adjacent C string literals, concatenated; false on a malformed one.
  bool Strings(std::vector<uint8_t>* out, std::string* error) {
    out->clear();
    bool any = false;
    while (Peek() == '"') {
      any = true;
      ++pos_;
      while (pos_ < text_.size() && text_[pos_] != '"') {
        char c = text_[pos_++];
        if (c == '\n') return Fail("newline in a string literal", error);
        if (c != '\\') {
          out->push_back(static_cast<uint8_t>(c));
          continue;
        }
        if (pos_ >= text_.size()) return Fail("unterminated escape", error);
        c = text_[pos_++];
        if (c == 'x') {
          size_t n = 0;
          unsigned v = 0;
          while (pos_ < text_.size() && std::isxdigit(static_cast<unsigned char>(text_[pos_]))) {
            v = v * 16 + static_cast<unsigned>(std::strtoul(std::string(1, text_[pos_]).c_str(), nullptr, 16));
            ++pos_;
            ++n;
          }
          if (n == 0 || n > 2) return Fail("bad \\x escape", error);
          out->push_back(static_cast<uint8_t>(v));
        } else if (c >= '0' && c <= '7') {
          unsigned v = static_cast<unsigned>(c - '0');
          for (int k = 0; k < 2 && pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '7'; ++k) {
            v = v * 8 + static_cast<unsigned>(text_[pos_++] - '0');
          }
          out->push_back(static_cast<uint8_t>(v));
        } else if (c == 'n') {
          out->push_back('\n');
        } else if (c == 't') {
          out->push_back('\t');
        } else if (c == 'r') {
          out->push_back('\r');
        } else if (c == '\\' || c == '"' || c == '\'' || c == '?') {
          out->push_back(static_cast<uint8_t>(c));
        } else {
          return Fail(std::string("unknown escape \\") + c, error);
        }
      }
      if (pos_ >= text_.size()) return Fail("unterminated string literal", error);
      ++pos_;
    }
    return any || Fail("expected a string literal", error);
  }
  bool Number(long* out, std::string* error) {
    SkipSpace();
    const char* begin = text_.c_str() + pos_;
    char* end = nullptr;
    *out = std::strtol(begin, &end, 0);
    if (end == begin) return Fail("expected a number", error);
    pos_ += static_cast<size_t>(end - begin);
    return true;
  }
  bool Fail(const std::string& what, std::string* error) {
    *error = Where() + ": " + what;
    return false;
  }

 private:
  const std::string& path_;
  const std::string& text_;
  size_t pos_;
};

}  // namespace

bool ReadCipherVectors(const std::string& path, const std::string& text, const std::string& name,
                       std::vector<CipherVector>* out, std::string* error) {
  out->clear();
  const std::string head = "cipher_testvec " + name + "[]";
  const size_t at = text.find(head);
  if (at == std::string::npos) {
    *error = path + ": no array " + name;
    return false;
  }
  Reader r(path, text, at + head.size());
  if (!r.Eat('=') || !r.Eat('{')) return r.Fail("expected '= {' after " + name, error);
  while (!r.Eat('}')) {
    if (!r.Eat('{')) return r.Fail("expected '{' opening a vector", error);
    CipherVector v;
    v.where = r.Where();
    long klen = -1, len = -1;
    while (!r.Eat('}')) {
      if (!r.Eat('.')) return r.Fail("expected a designated field (.name = ...)", error);
      const std::string field = r.Identifier();
      if (!r.Eat('=')) return r.Fail("expected '=' after ." + field, error);
      bool ok = true;
      if (field == "key") ok = r.Strings(&v.key, error);
      else if (field == "iv") ok = r.Strings(&v.iv, error);
      else if (field == "iv_out") ok = r.Strings(&v.iv_out, error);
      else if (field == "ptext") ok = r.Strings(&v.ptext, error);
      else if (field == "ctext") ok = r.Strings(&v.ctext, error);
      else if (field == "klen") ok = r.Number(&klen, error);
      else if (field == "len") ok = r.Number(&len, error);
      else return r.Fail("unknown field ." + field + " (this reader knows key, klen, iv, iv_out, ptext, ctext, len)", error);
      if (!ok) return false;
      if (!r.Eat(',') && r.Peek() != '}') return r.Fail("expected ',' after ." + field, error);
    }
    if (klen < 0 || len < 0) return r.Fail("vector without .klen or .len", error);
    if (static_cast<size_t>(klen) != v.key.size() || static_cast<size_t>(len) > v.ptext.size() ||
        static_cast<size_t>(len) > v.ctext.size()) {
      return r.Fail("vector lengths disagree with .klen/.len", error);
    }
    v.ptext.resize(static_cast<size_t>(len));
    v.ctext.resize(static_cast<size_t>(len));
    out->push_back(std::move(v));
    if (!r.Eat(',') && r.Peek() != '}') return r.Fail("expected ',' between vectors", error);
  }
  if (out->empty()) {
    *error = path + ": array " + name + " is empty";
    return false;
  }
  return true;
}

}  // namespace ariasuite::kernel_asm
