// A small strict JSON parser (RFC 8259) for the test-vector files: whole documents only, no
// comments, no trailing commas, no duplicate object keys, no NaN/Infinity, no leading zeros, no
// control characters in strings, \u escapes (with surrogate pairs) decoded to UTF-8, nesting depth
// limited. Errors carry the line and column; nothing throws across the API.
#ifndef ARIASUITE_VECTORS_JSON_H_
#define ARIASUITE_VECTORS_JSON_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ariasuite::json {

class Value {
 public:
  enum class Type { kNull, kBool, kNumber, kString, kArray, kObject };
  using Member = std::pair<std::string, Value>;

  Value() = default;

  Type type() const { return type_; }
  bool is_null() const { return type_ == Type::kNull; }
  bool is_bool() const { return type_ == Type::kBool; }
  bool is_number() const { return type_ == Type::kNumber; }
  bool is_string() const { return type_ == Type::kString; }
  bool is_array() const { return type_ == Type::kArray; }
  bool is_object() const { return type_ == Type::kObject; }

  // Line (1-based) where this value starts in the parsed text.
  int line() const { return line_; }

  // Accessors return the value for the matching type and a neutral value otherwise.
  bool bool_value() const { return bool_; }
  // The number as written in the text (e.g. "128", "-1.5e3").
  const std::string& number_text() const { return text_; }
  // The number when it is an integer (no fraction or exponent) that fits in int64_t.
  std::optional<int64_t> AsInt64() const;
  double AsDouble() const;
  const std::string& str() const { return text_; }
  const std::vector<Value>& array() const { return array_; }
  // Members in document order.
  const std::vector<Member>& object() const { return object_; }
  // The member named key, or nullptr (also when this is not an object).
  const Value* Find(std::string_view key) const;

  static const char* TypeName(Type type);

 private:
  friend class Parser;
  Type type_ = Type::kNull;
  int line_ = 0;
  bool bool_ = false;
  std::string text_;  // string contents or number text.
  std::vector<Value> array_;
  std::vector<Member> object_;
};

// Parses a whole document. On failure returns false and sets *error to "line L, column C: what".
bool Parse(std::string_view text, Value* out, std::string* error);

// Reads and parses a file. On failure *error is "path:L:C: what" (or "path: cannot read: why").
bool ParseFile(const std::string& path, Value* out, std::string* error);

}  // namespace ariasuite::json

#endif  // ARIASUITE_VECTORS_JSON_H_
