// The hex codec (hex.h): round trips, both cases accepted, and the error of each kind of bad hex.
#include "vectors/model/hex.h"

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace ariasuite::model {
namespace {

TEST(HexTest, EncodesLowerCaseAndRoundTrips) {
  std::vector<uint8_t> all(256);
  for (int i = 0; i < 256; ++i) all[i] = static_cast<uint8_t>(i);
  const std::string hex = Hex(all);
  EXPECT_EQ(hex.substr(0, 8), "00010203");
  EXPECT_EQ(hex.substr(hex.size() - 8), "fcfdfeff");
  std::vector<uint8_t> back;
  ASSERT_TRUE(ParseHex(hex, &back));
  EXPECT_EQ(back, all);
  EXPECT_EQ(Hex(nullptr, 0), "");
  ASSERT_TRUE(ParseHex("", &back));
  EXPECT_TRUE(back.empty());
}

TEST(HexTest, AppendsToWhatIsThere) {
  std::string line = "in=";
  const uint8_t bytes[] = {0x00, 0x9f, 0xa0, 0xff};
  AppendHex(bytes, sizeof(bytes), &line);
  EXPECT_EQ(line, "in=009fa0ff");
  AppendHex(nullptr, 0, &line);
  EXPECT_EQ(line, "in=009fa0ff");
}

// Every byte value as the second digit, judged by strtol: exactly [0-9a-fA-F] are digits.
TEST(HexTest, EveryByteValueIsADigitOrRefused) {
  for (int c = 0; c < 256; ++c) {
    const char text[3] = {'1', static_cast<char>(c), 0};
    char* end = nullptr;
    const long want = c == 0 ? -1 : std::strtol(text, &end, 16);
    const bool digit = c != 0 && end == text + 2 && std::isxdigit(c);
    std::vector<uint8_t> out;
    EXPECT_EQ(ParseHex(std::string_view(text, 2), &out), digit) << "byte " << c;
    if (digit) {
      EXPECT_EQ(out, (std::vector<uint8_t>{static_cast<uint8_t>(want)})) << "byte " << c;
    }
  }
}

// Every length across the eight-byte steps and the tail, both ways, against a digit-by-digit
// encoding written here; a bad digit at each offset of a 40-digit string is the one named.
TEST(HexTest, EveryLengthAndEveryBadOffset) {
  for (size_t len = 0; len <= 20; ++len) {
    std::vector<uint8_t> bytes(len);
    std::string want;
    for (size_t i = 0; i < len; ++i) {
      bytes[i] = static_cast<uint8_t>(37 * i + 11);
      want += "0123456789abcdef"[bytes[i] >> 4];
      want += "0123456789abcdef"[bytes[i] & 15];
    }
    EXPECT_EQ(Hex(bytes), want) << len;
    std::vector<uint8_t> back;
    ASSERT_TRUE(ParseHex(want, &back)) << len;
    EXPECT_EQ(back, bytes) << len;
  }
  for (size_t at = 0; at < 40; ++at) {
    std::string text(40, 'a');
    text[at] = 'x';
    std::vector<uint8_t> out;
    std::string why;
    EXPECT_FALSE(ParseHex(text, &out, &why));
    EXPECT_EQ(why, "bad hex digit 'x' at offset " + std::to_string(at));
    EXPECT_TRUE(out.empty());
  }
}

TEST(HexTest, AcceptsUpperCase) {
  std::vector<uint8_t> out;
  ASSERT_TRUE(ParseHex("AbCdEF09", &out));
  EXPECT_EQ(out, (std::vector<uint8_t>{0xab, 0xcd, 0xef, 0x09}));
}

TEST(HexTest, RefusesBadHexAndSaysWhy) {
  std::vector<uint8_t> out = {1, 2, 3};
  std::string why;
  EXPECT_FALSE(ParseHex("abc", &out, &why));
  EXPECT_EQ(why, "odd number of hex digits (3)");
  EXPECT_FALSE(ParseHex("0g", &out, &why));
  EXPECT_EQ(why, "bad hex digit 'g' at offset 1");
  EXPECT_TRUE(out.empty());
  EXPECT_FALSE(ParseHex("00 1", &out, &why));
  EXPECT_EQ(why, "bad hex digit ' ' at offset 2");
  EXPECT_FALSE(ParseHex(std::string("0\n", 2), &out, &why));
  EXPECT_EQ(why, "bad hex digit '\\x0a' at offset 1");
  EXPECT_FALSE(ParseHex("0x", &out, nullptr));  // why is optional
}

TEST(HexTest, LiteralsDecodeAndBadOnesAbort) {
  EXPECT_EQ(HexLiteral("00ff10"), (std::vector<uint8_t>{0x00, 0xff, 0x10}));
  EXPECT_TRUE(HexLiteral("").empty());
  EXPECT_DEATH(HexLiteral("0g"), "HexLiteral\\(\"0g\"\\): bad hex digit 'g' at offset 1");
}

TEST(HexTest, EscapesControlBytesOnly) {
  EXPECT_EQ(EscapeControlBytes(std::string("a\nb\x7f\x01", 5)), "a\\x0ab\\x7f\\x01");
  EXPECT_EQ(EscapeControlBytes("plain \"text\""), "plain \"text\"");
}

}  // namespace
}  // namespace ariasuite::model
