// Hex encoding and strict decoding (see hex.h).
#include "oracles/hex.h"

#include <cstdio>
#include <cstdlib>

namespace ariasuite::oracles {
namespace {

constexpr char kDigits[] = "0123456789abcdef";

int DigitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool IsControl(unsigned char c) { return c < 0x20 || c == 0x7f; }

}  // namespace

std::string Hex(const uint8_t* data, size_t len) {
  std::string out;
  out.reserve(2 * len);
  for (size_t i = 0; i < len; ++i) {
    out.push_back(kDigits[data[i] >> 4]);
    out.push_back(kDigits[data[i] & 15]);
  }
  return out;
}

std::string Hex(const std::vector<uint8_t>& bytes) { return Hex(bytes.data(), bytes.size()); }

bool ParseHex(std::string_view text, std::vector<uint8_t>* out, std::string* why) {
  out->clear();
  if (text.size() % 2 != 0) {
    if (why != nullptr) *why = "odd number of hex digits (" + std::to_string(text.size()) + ")";
    return false;
  }
  out->reserve(text.size() / 2);
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
      out->push_back(static_cast<uint8_t>(v << 4));
    } else {
      out->back() = static_cast<uint8_t>(out->back() | v);
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
