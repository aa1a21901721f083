// Hex encoding and strict decoding (see hex.h).
#include "vectors/model/hex.h"

#include <cstdio>
#include <cstdlib>

namespace ariasuite::model {
namespace {

constexpr char kDigits[] = "0123456789abcdef";

// Each byte's digit value, -1 when it is no hex digit: one load per digit instead of a chain of
// range checks, each of which libFuzzer's comparison tracing would record.
struct DigitValues {
  int8_t v[256];
  constexpr DigitValues() : v() {
    for (int c = 0; c < 256; ++c) {
      v[c] = c >= '0' && c <= '9'   ? static_cast<int8_t>(c - '0')
             : c >= 'a' && c <= 'f' ? static_cast<int8_t>(c - 'a' + 10)
             : c >= 'A' && c <= 'F' ? static_cast<int8_t>(c - 'A' + 10)
                                    : static_cast<int8_t>(-1);
    }
  }
};
constexpr DigitValues kDigitValues;

int DigitValue(char c) { return kDigitValues.v[static_cast<unsigned char>(c)]; }

bool IsControl(unsigned char c) { return c < 0x20 || c == 0x7f; }

inline void PutByte(uint8_t b, char* p) {
  p[0] = kDigits[b >> 4];
  p[1] = kDigits[b & 15];
}

// Decodes the two digits at t into *out; returns a negative value when either is no hex digit.
inline int TakePair(const char* t, uint8_t* out) {
  const int hi = DigitValue(t[0]), lo = DigitValue(t[1]);
  *out = static_cast<uint8_t>(((hi & 15) << 4) | (lo & 15));
  return hi | lo;
}

}  // namespace

// Both directions go eight bytes a step into a buffer sized once: under the fuzzers' sanitizers a
// push_back per digit, and libFuzzer's tracing of each step's loop comparison, were most of the
// exec protocol's cost (issue 16).
void AppendHex(const uint8_t* data, size_t len, std::string* out) {
  const size_t start = out->size();
  out->resize(start + 2 * len);
  char* p = out->data() + start;
  size_t i = 0;
  for (; len - i >= 8; i += 8, p += 16) {
    PutByte(data[i], p);
    PutByte(data[i + 1], p + 2);
    PutByte(data[i + 2], p + 4);
    PutByte(data[i + 3], p + 6);
    PutByte(data[i + 4], p + 8);
    PutByte(data[i + 5], p + 10);
    PutByte(data[i + 6], p + 12);
    PutByte(data[i + 7], p + 14);
  }
  for (; i < len; ++i, p += 2) PutByte(data[i], p);
}

std::string Hex(const uint8_t* data, size_t len) {
  std::string out;
  AppendHex(data, len, &out);
  return out;
}

std::string Hex(const std::vector<uint8_t>& bytes) { return Hex(bytes.data(), bytes.size()); }

bool ParseHex(std::string_view text, std::vector<uint8_t>* out, std::string* why) {
  out->clear();
  if (text.size() % 2 != 0) {
    if (why != nullptr) *why = "odd number of hex digits (" + std::to_string(text.size()) + ")";
    return false;
  }
  const size_t n = text.size() / 2;
  out->resize(n);
  uint8_t* p = out->data();
  const char* t = text.data();
  int bad = 0;  // negative once a digit was not one
  size_t i = 0;
  for (; n - i >= 8 && bad >= 0; i += 8) {
    bad |= TakePair(t + 2 * i, p + i) | TakePair(t + 2 * i + 2, p + i + 1) |
           TakePair(t + 2 * i + 4, p + i + 2) | TakePair(t + 2 * i + 6, p + i + 3) |
           TakePair(t + 2 * i + 8, p + i + 4) | TakePair(t + 2 * i + 10, p + i + 5) |
           TakePair(t + 2 * i + 12, p + i + 6) | TakePair(t + 2 * i + 14, p + i + 7);
  }
  for (; i < n && bad >= 0; ++i) bad |= TakePair(t + 2 * i, p + i);
  if (bad >= 0) return true;
  out->clear();
  if (why != nullptr) {
    size_t at = 0;
    while (DigitValue(text[at]) >= 0) ++at;
    const unsigned char c = static_cast<unsigned char>(text[at]);
    const std::string shown = c >= 0x20 && c < 0x7f ? std::string(1, text[at]) : "\\x" + Hex(&c, 1);
    *why = "bad hex digit '" + shown + "' at offset " + std::to_string(at);
  }
  return false;
}

std::vector<uint8_t> HexLiteral(std::string_view hex) {
  std::vector<uint8_t> out;
  std::string why;
  if (!ParseHex(hex, &out, &why)) {
    std::fprintf(stderr, "HexLiteral(\"%s\"): %s\n", EscapeControlBytes(hex).c_str(), why.c_str());
    std::abort();
  }
  return out;
}

std::string EscapeControlBytes(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (IsControl(c)) {
      out += "\\x";
      out.push_back(kDigits[c >> 4]);
      out.push_back(kDigits[c & 15]);
    } else {
      out.push_back(ch);
    }
  }
  return out;
}

}  // namespace ariasuite::model
