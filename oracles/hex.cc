// Hex encoding and strict decoding (see hex.h).
#include "oracles/hex.h"

#include <cstdio>
#include <cstdlib>

namespace ariasuite::oracles {
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

}  // namespace

void AppendHex(const uint8_t* data, size_t len, std::string* out) {
  // Sized once and written through a pointer: a push_back per digit was most of the exec
  // protocol's cost under the fuzzers' sanitizers (issue 16).
  const size_t start = out->size();
  out->resize(start + 2 * len);
  char* p = out->data() + start;
  for (size_t i = 0; i < len; ++i) {
    p[2 * i] = kDigits[data[i] >> 4];
    p[2 * i + 1] = kDigits[data[i] & 15];
  }
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
  out->resize(text.size() / 2);
  uint8_t* p = out->data();
  for (size_t i = 0; i < text.size(); ++i) {
    const int v = DigitValue(text[i]);
    if (v < 0) {
      out->clear();
      if (why != nullptr) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        const std::string shown =
            c >= 0x20 && c < 0x7f ? std::string(1, text[i]) : "\\x" + Hex(&c, 1);
        *why = "bad hex digit '" + shown + "' at offset " + std::to_string(i);
      }
      return false;
    }
    if (i % 2 == 0) {
      p[i / 2] = static_cast<uint8_t>(v << 4);
    } else {
      p[i / 2] = static_cast<uint8_t>(p[i / 2] | v);
    }
  }
  return true;
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

}  // namespace ariasuite::oracles
