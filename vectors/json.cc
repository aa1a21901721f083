// Strict recursive-descent JSON parser; see json.h for what it accepts.
#include "vectors/json.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

#include "vectors/model/hex.h"

namespace ariasuite::json {

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  bool ParseDocument(Value* out, std::string* error) {
    SkipSpace();
    if (!ParseValue(out, 0)) {
      *error = error_;
      return false;
    }
    SkipSpace();
    if (pos_ != text_.size()) {
      Fail("unexpected text after the document");
      *error = error_;
      return false;
    }
    return true;
  }

 private:
  static constexpr int kMaxDepth = 64;

  // Text for an error message, control bytes as \xNN so the message stays on one line (h4, fuzz).
  static std::string Printable(const std::string& text) { return model::EscapeControlBytes(text); }

  bool Fail(const std::string& what) {
    if (error_.empty()) {
      error_ = "line " + std::to_string(line_) + ", column " +
               std::to_string(pos_ - line_start_ + 1) + ": " + what;
    }
    return false;
  }

  bool AtEnd() const { return pos_ >= text_.size(); }
  char Peek() const { return AtEnd() ? '\0' : text_[pos_]; }

  void SkipSpace() {
    while (!AtEnd()) {
      const char c = text_[pos_];
      if (c == '\n') {
        ++pos_;
        ++line_;
        line_start_ = pos_;
      } else if (c == ' ' || c == '\t' || c == '\r') {
        ++pos_;
      } else {
        break;
      }
    }
  }

  bool Expect(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) {
      return Fail("expected '" + std::string(word) + "'");
    }
    pos_ += word.size();
    return true;
  }

  bool ParseValue(Value* out, int depth) {
    if (depth > kMaxDepth) return Fail("nesting deeper than " + std::to_string(kMaxDepth));
    out->line_ = line_;
    if (AtEnd()) return Fail("unexpected end of input, expected a value");
    switch (Peek()) {
      case '{': return ParseObject(out, depth);
      case '[': return ParseArray(out, depth);
      case '"': out->type_ = Value::Type::kString; return ParseString(&out->text_);
      case 't':
        out->type_ = Value::Type::kBool;
        out->bool_ = true;
        return Expect("true");
      case 'f':
        out->type_ = Value::Type::kBool;
        out->bool_ = false;
        return Expect("false");
      case 'n': out->type_ = Value::Type::kNull; return Expect("null");
      default:
        if (Peek() == '-' || (Peek() >= '0' && Peek() <= '9')) return ParseNumber(out);
        return Fail("unexpected character '" + Printable(std::string(1, Peek())) + "'");
    }
  }

  bool ParseObject(Value* out, int depth) {
    out->type_ = Value::Type::kObject;
    ++pos_;  // '{'
    SkipSpace();
    if (Peek() == '}') {
      ++pos_;
      return true;
    }
    std::set<std::string> seen;
    while (true) {
      SkipSpace();
      if (Peek() != '"') return Fail("expected a member name in double quotes");
      std::string key;
      const size_t key_pos = pos_;
      if (!ParseString(&key)) return false;
      if (!seen.insert(key).second) {
        pos_ = key_pos;  // report the column where the repeated name starts
        return Fail("duplicate member \"" + Printable(key) + "\"");
      }
      SkipSpace();
      if (Peek() != ':') return Fail("expected ':' after member name");
      ++pos_;
      SkipSpace();
      out->object_.emplace_back(std::move(key), Value());
      if (!ParseValue(&out->object_.back().second, depth + 1)) return false;
      SkipSpace();
      if (Peek() == ',') {
        ++pos_;
        continue;
      }
      if (Peek() == '}') {
        ++pos_;
        return true;
      }
      return Fail("expected ',' or '}' in object");
    }
  }

  bool ParseArray(Value* out, int depth) {
    out->type_ = Value::Type::kArray;
    ++pos_;  // '['
    SkipSpace();
    if (Peek() == ']') {
      ++pos_;
      return true;
    }
    while (true) {
      SkipSpace();
      out->array_.emplace_back();
      if (!ParseValue(&out->array_.back(), depth + 1)) return false;
      SkipSpace();
      if (Peek() == ',') {
        ++pos_;
        continue;
      }
      if (Peek() == ']') {
        ++pos_;
        return true;
      }
      return Fail("expected ',' or ']' in array");
    }
  }

  bool ParseNumber(Value* out) {
    out->type_ = Value::Type::kNumber;
    const size_t start = pos_;
    if (Peek() == '-') ++pos_;
    if (Peek() == '0') {
      ++pos_;
      if (Peek() >= '0' && Peek() <= '9') return Fail("leading zero in number");
    } else if (Peek() >= '1' && Peek() <= '9') {
      while (Peek() >= '0' && Peek() <= '9') ++pos_;
    } else {
      return Fail("expected a digit");
    }
    if (Peek() == '.') {
      ++pos_;
      if (!(Peek() >= '0' && Peek() <= '9')) return Fail("expected a digit after '.'");
      while (Peek() >= '0' && Peek() <= '9') ++pos_;
    }
    if (Peek() == 'e' || Peek() == 'E') {
      ++pos_;
      if (Peek() == '+' || Peek() == '-') ++pos_;
      if (!(Peek() >= '0' && Peek() <= '9')) return Fail("expected a digit in exponent");
      while (Peek() >= '0' && Peek() <= '9') ++pos_;
    }
    out->text_ = std::string(text_.substr(start, pos_ - start));
    return true;
  }

  bool ParseHex4(unsigned* out) {
    unsigned v = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = Peek();
      unsigned d;
      if (c >= '0' && c <= '9') {
        d = c - '0';
      } else if (c >= 'a' && c <= 'f') {
        d = c - 'a' + 10;
      } else if (c >= 'A' && c <= 'F') {
        d = c - 'A' + 10;
      } else {
        return Fail("bad \\u escape: expected 4 hex digits");
      }
      v = (v << 4) | d;
      ++pos_;
    }
    *out = v;
    return true;
  }

  static void AppendUtf8(std::string* s, unsigned cp) {
    if (cp < 0x80) {
      s->push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      s->push_back(static_cast<char>(0xC0 | (cp >> 6)));
      s->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      s->push_back(static_cast<char>(0xE0 | (cp >> 12)));
      s->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      s->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      s->push_back(static_cast<char>(0xF0 | (cp >> 18)));
      s->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      s->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      s->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  }

  bool ParseString(std::string* out) {
    ++pos_;  // opening quote
    out->clear();
    while (true) {
      if (AtEnd()) return Fail("unterminated string");
      const unsigned char c = static_cast<unsigned char>(text_[pos_]);
      if (c == '"') {
        ++pos_;
        return true;
      }
      if (c < 0x20) return Fail("control character in string (escape it)");
      if (c != '\\') {
        out->push_back(static_cast<char>(c));
        ++pos_;
        continue;
      }
      ++pos_;
      if (AtEnd()) return Fail("unterminated escape");
      const char e = text_[pos_++];
      switch (e) {
        case '"': out->push_back('"'); break;
        case '\\': out->push_back('\\'); break;
        case '/': out->push_back('/'); break;
        case 'b': out->push_back('\b'); break;
        case 'f': out->push_back('\f'); break;
        case 'n': out->push_back('\n'); break;
        case 'r': out->push_back('\r'); break;
        case 't': out->push_back('\t'); break;
        case 'u': {
          unsigned cp = 0;
          if (!ParseHex4(&cp)) return false;
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (text_.substr(pos_, 2) != "\\u") return Fail("high surrogate without low surrogate");
            pos_ += 2;
            unsigned lo = 0;
            if (!ParseHex4(&lo)) return false;
            if (lo < 0xDC00 || lo > 0xDFFF) return Fail("bad low surrogate");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return Fail("low surrogate without high surrogate");
          }
          AppendUtf8(out, cp);
          break;
        }
        default: --pos_; return Fail("bad escape '\\" + Printable(std::string(1, e)) + "'");
      }
    }
  }

  std::string_view text_;
  size_t pos_ = 0;
  int line_ = 1;
  size_t line_start_ = 0;
  std::string error_;
};

std::optional<int64_t> Value::AsInt64() const {
  if (type_ != Type::kNumber) return std::nullopt;
  if (text_.find_first_of(".eE") != std::string::npos) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  const long long v = std::strtoll(text_.c_str(), &end, 10);
  if (errno == ERANGE || end == nullptr || *end != '\0') return std::nullopt;
  return static_cast<int64_t>(v);
}

double Value::AsDouble() const {
  if (type_ != Type::kNumber) return 0.0;
  return std::strtod(text_.c_str(), nullptr);
}

const Value* Value::Find(std::string_view key) const {
  for (const Member& m : object_) {
    if (m.first == key) return &m.second;
  }
  return nullptr;
}

const char* Value::TypeName(Type type) {
  switch (type) {
    case Type::kNull: return "null";
    case Type::kBool: return "bool";
    case Type::kNumber: return "number";
    case Type::kString: return "string";
    case Type::kArray: return "array";
    case Type::kObject: return "object";
  }
  return "unknown";
}

bool Parse(std::string_view text, Value* out, std::string* error) {
  *out = Value();
  Parser parser(text);
  return parser.ParseDocument(out, error);
}

bool ParseFile(const std::string& path, Value* out, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = path + ": cannot read: " + std::strerror(errno);
    return false;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) {
    *error = path + ": read error";
    return false;
  }
  std::string e;
  if (!Parse(ss.str(), out, &e)) {
    // "line L, column C: what" -> "path:L:C: what"
    int line = 0, col = 0;
    size_t used = 0;
    if (std::sscanf(e.c_str(), "line %d, column %d: %zn", &line, &col, &used) >= 2 && used > 0) {
      *error =
          path + ":" + std::to_string(line) + ":" + std::to_string(col) + ": " + e.substr(used);
    } else {
      *error = path + ": " + e;
    }
    return false;
  }
  return true;
}

}  // namespace ariasuite::json
