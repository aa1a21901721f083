// Loading vector files of every supported format into a VectorFile (vector.h). The format is
// detected from the content unless one is forced. Loaders are strict: an unknown or missing field,
// a bad hex digit, an odd or inconsistent length, or an unsupported mode is an error, reported as
// one line "path:LINE: reason" or "path:tcId N: reason".
#ifndef ARIASUITE_VECTORS_LOADER_H_
#define ARIASUITE_VECTORS_LOADER_H_

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vectors/vector.h"

namespace ariasuite::vectors {

// The order is part of the vector_loaders fuzzer's input encoding: add new formats at the end.
enum class Format {
  kAuto,
  kWycheproof,
  kCavp,
  kEvp,
  kTestmgr,
  kBotan,        // Botan's src/tests/data/**/*.vec
  kCryptopp,     // Crypto++'s TestVectors/*.txt
  kCryptoppDat,  // Crypto++'s TestData/*.dat (KEY PLAINTEXT CIPHERTEXT lines)
  kMbedtls,      // Mbed TLS's tests/suites/test_suite_*.data
};
constexpr int kLastFormat = static_cast<int>(Format::kMbedtls);
// "auto", "wycheproof", "cavp", "evp", "testmgr", "botan", "cryptopp", "cryptopp-dat", "mbedtls"
const char* FormatName(Format format);
std::optional<Format> ParseFormat(std::string_view name);

struct LoadOptions {
  Format format = Format::kAuto;
  // Cases of a mode the runner does not support (e.g. an evp `ARIA-128-CFB` stanza, a testmgr
  // cfb(aria) template) are an error by default; with this they are listed in
  // VectorFile::skipped instead and the rest of the file runs.
  bool skip_unsupported = false;
};

// The format of text, or Format::kAuto when it cannot tell.
Format DetectFormat(std::string_view text);

// A file larger than this is refused (a device such as /dev/zero, or not a vector file).
constexpr size_t kMaxFileBytes = size_t{64} << 20;

// Reads path (a directory, a missing or unreadable file, one over kMaxFileBytes: an error) and
// loads it. A NUL byte anywhere is an error (a binary file); with a named format that the content
// does not look like, the error says which format it looks like.
bool LoadVectorFile(const std::string& path, const LoadOptions& options, VectorFile* out,
                    std::string* error);
// The same on text already read (path is only used in messages).
bool LoadVectorText(const std::string& path, std::string_view text, const LoadOptions& options,
                    VectorFile* out, std::string* error);

// A Wycheproof-schema file whose "algorithm" must be algorithm (e.g. "ARIA-GCM"): what the tests
// and the guest exporter read. False with *error ("path:1: algorithm is X, not Y") otherwise.
bool LoadWycheproofFile(const std::string& path, const std::string& algorithm, VectorFile* out,
                        std::string* error);

// s without leading and trailing spaces, tabs and carriage returns (the line-based loaders: CAVP
// .rsp and OpenSSL evp text).
std::string TrimBlanks(std::string_view s);

// Calls each(line_no, raw) for every line of text, numbered from 1, without its '\n' (a text that
// ends in '\n' has a last, empty line). Stops at the first false from each and returns false;
// true when every line was read. The walk of the line-based loaders.
bool ForEachLine(std::string_view text,
                 const std::function<bool(int line_no, std::string_view raw)>& each);

// The VectorFile::left_out note of a loader that passes over other algorithms:
// "N <unit> of M <group> left out (a, b, ...)", N the sum of counts over order, M its size, and
// the first six names of order.
std::string LeftOutNote(const std::vector<std::string>& order,
                        const std::map<std::string, int>& counts, std::string_view unit,
                        std::string_view group);

// Per-format loaders (the format is not re-detected).
bool LoadWycheproof(const std::string& path, std::string_view text, const LoadOptions& options,
                    VectorFile* out, std::string* error);
bool LoadCavp(const std::string& path, std::string_view text, const LoadOptions& options,
              VectorFile* out, std::string* error);
bool LoadEvp(const std::string& path, std::string_view text, const LoadOptions& options,
             VectorFile* out, std::string* error);
bool LoadTestmgr(const std::string& path, std::string_view text, const LoadOptions& options,
                 VectorFile* out, std::string* error);
bool LoadBotan(const std::string& path, std::string_view text, const LoadOptions& options,
               VectorFile* out, std::string* error);
bool LoadCryptopp(const std::string& path, std::string_view text, const LoadOptions& options,
                  VectorFile* out, std::string* error);
bool LoadCryptoppDat(const std::string& path, std::string_view text, const LoadOptions& options,
                     VectorFile* out, std::string* error);
bool LoadMbedtls(const std::string& path, std::string_view text, const LoadOptions& options,
                 VectorFile* out, std::string* error);

}  // namespace ariasuite::vectors

#endif  // ARIASUITE_VECTORS_LOADER_H_
