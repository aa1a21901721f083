// The one hex codec of the suite: byte strings to lower-case hex and back, strictly, for every
// reader and writer of vector files, the exec protocol, the reports and the tests (impl/ tests,
// kernel guest programs included). No dependencies, so the smallest program can link it.
#ifndef ARIASUITE_VECTORS_MODEL_HEX_H_
#define ARIASUITE_VECTORS_MODEL_HEX_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ariasuite::model {

// Lower-case hex, two digits a byte.
std::string Hex(const uint8_t* data, size_t len);
std::string Hex(const std::vector<uint8_t>& bytes);
// Appends the hex of data to *out (a line built in place, without a temporary per field).
void AppendHex(const uint8_t* data, size_t len, std::string* out);

// Strict hex: an even number of [0-9a-fA-F], nothing else (no spaces, no 0x). On failure returns
// false and, when why is given, sets it to "odd number of hex digits (15)" or "bad hex digit 'g'
// at offset 3" (a byte outside printable ASCII shown as \xNN).
bool ParseHex(std::string_view text, std::vector<uint8_t>* out, std::string* why = nullptr);

// The bytes of a hex literal written into a test or a tool. Bad hex there is a programming error:
// the literal is printed to stderr and the program aborts.
std::vector<uint8_t> HexLiteral(std::string_view hex);

// The text with each control byte (below 0x20, and 0x7f) written as \xNN, so text quoted from an
// input keeps a message on one line.
std::string EscapeControlBytes(std::string_view text);

}  // namespace ariasuite::model

#endif  // ARIASUITE_VECTORS_MODEL_HEX_H_
