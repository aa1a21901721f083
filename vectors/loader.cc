// Format detection, file reading and the shared helpers of the loaders.
#include "vectors/loader.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "oracles/hex.h"

namespace ariasuite::vectors {

std::string TrimBlanks(std::string_view s) {
  const size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return "";
  const size_t e = s.find_last_not_of(" \t\r");
  return std::string(s.substr(b, e - b + 1));
}

using oracles::Mode;

const char* ExpectName(Expect expect) {
  switch (expect) {
    case Expect::kValid: return "valid";
    case Expect::kInvalid: return "invalid";
    case Expect::kAcceptable: return "acceptable";
  }
  return "?";
}

const char* FormatName(Format format) {
  switch (format) {
    case Format::kAuto: return "auto";
    case Format::kWycheproof: return "wycheproof";
    case Format::kCavp: return "cavp";
    case Format::kEvp: return "evp";
    case Format::kTestmgr: return "testmgr";
    case Format::kBotan: return "botan";
    case Format::kCryptopp: return "cryptopp";
    case Format::kCryptoppDat: return "cryptopp-dat";
    case Format::kMbedtls: return "mbedtls";
  }
  return "?";
}

std::optional<Format> ParseFormat(std::string_view name) {
  for (int i = 0; i <= kLastFormat; ++i) {
    const Format f = static_cast<Format>(i);
    if (name == FormatName(f)) return f;
  }
  return std::nullopt;
}

Format DetectFormat(std::string_view text) {
  size_t i = 0;
  while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' ||
                             text[i] == '\r')) {
    ++i;
  }
  if (i < text.size() && text[i] == '{') return Format::kWycheproof;
  if (text.find("struct cipher_testvec") != std::string_view::npos ||
      text.find("struct aead_testvec") != std::string_view::npos) {
    return Format::kTestmgr;
  }
  // Line-oriented formats: look at the first meaningful line (and, for Mbed TLS, the one after).
  std::istringstream lines{std::string(text)};
  std::string line;
  auto function_line = [](std::string_view l) {
    // Mbed TLS's "function_name:args" or "depends_on:..." line.
    const size_t colon = l.find(':');
    if (colon == std::string_view::npos || colon == 0) return false;
    for (char c : l.substr(0, colon)) {
      if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) ||
            c == '_')) {
        return false;
      }
    }
    return true;
  };
  auto hex_token = [](std::string_view t) {
    return !t.empty() && t.size() % 2 == 0 &&
           t.find_first_not_of("0123456789abcdefABCDEF") == std::string_view::npos;
  };
  while (std::getline(lines, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    size_t b = line.find_first_not_of(" \t");
    if (b == std::string::npos || line[b] == '#') continue;
    std::string_view l(line);
    l.remove_prefix(b);
    if (l.substr(0, 1) == "[") {
      // CAVP: [ENCRYPT], [Keylen = 128]; Botan: [ARIA-128], [AES-128/CBC/NoPadding].
      const std::string_view inner = l.substr(1, l.find(']') == std::string_view::npos ? 0 : l.find(']') - 1);
      if (inner.find('=') != std::string_view::npos || inner == "ENCRYPT" || inner == "DECRYPT") {
        return Format::kCavp;
      }
      return Format::kBotan;
    }
    if (l.substr(0, 5) == "Count") return Format::kCavp;
    // Crypto++ TestVectors: "Name: value" fields.
    const size_t colon = l.find(':'), eq = l.find('=');
    if (colon != std::string_view::npos && (eq == std::string_view::npos || colon < eq) &&
        std::isupper(static_cast<unsigned char>(l[0])) &&
        l.substr(0, colon).find(' ') == std::string_view::npos) {
      return Format::kCryptopp;
    }
    // Crypto++ TestData .dat: three hex fields.
    {
      std::istringstream fields{std::string(l)};
      std::string a, b2, c, d;
      if ((fields >> a >> b2 >> c) && !(fields >> d) && hex_token(a) && hex_token(b2) && hex_token(c)) {
        return Format::kCryptoppDat;
      }
    }
    // Mbed TLS: a description line followed by a function (or depends_on) line.
    std::string next;
    if (std::getline(lines, next)) {
      if (!next.empty() && next.back() == '\r') next.pop_back();
      const size_t nb = next.find_first_not_of(" \t");
      if (nb != std::string::npos && function_line(std::string_view(next).substr(nb))) {
        return Format::kMbedtls;
      }
    }
    if (function_line(l)) return Format::kMbedtls;  // a file starting with a bare function line
    // Any other first "Keyword = value" line: OpenSSL's evp test format (whose loader names
    // test types other than Cipher as unsupported).
    if (l.find('=') != std::string_view::npos) return Format::kEvp;
    break;
  }
  return Format::kAuto;
}

// Control bytes of an error message (a field name or value quoted from the file) as \xNN, so the
// message stays one line (found by the vector_loaders fuzzer; h4).
static bool OneLineError(bool ok, std::string* error) {
  if (ok) return true;
  *error = oracles::EscapeControlBytes(*error);
  return false;
}

bool LoadVectorText(const std::string& path, std::string_view text, const LoadOptions& options,
                    VectorFile* out, std::string* error) {
  Format format = options.format == Format::kAuto ? DetectFormat(text) : options.format;
  *out = VectorFile();
  out->path = path;
  out->format = FormatName(format);
  switch (format) {
    case Format::kWycheproof:
      return OneLineError(LoadWycheproof(path, text, options, out, error), error);
    case Format::kCavp: return OneLineError(LoadCavp(path, text, options, out, error), error);
    case Format::kEvp: return OneLineError(LoadEvp(path, text, options, out, error), error);
    case Format::kTestmgr: return OneLineError(LoadTestmgr(path, text, options, out, error), error);
    case Format::kBotan: return OneLineError(LoadBotan(path, text, options, out, error), error);
    case Format::kCryptopp: return OneLineError(LoadCryptopp(path, text, options, out, error), error);
    case Format::kCryptoppDat:
      return OneLineError(LoadCryptoppDat(path, text, options, out, error), error);
    case Format::kMbedtls: return OneLineError(LoadMbedtls(path, text, options, out, error), error);
    case Format::kAuto: break;
  }
  *error = path + ":1: cannot tell the format (not Wycheproof JSON, CAVP .rsp, OpenSSL evp test "
                  "text, kernel testmgr.h, Botan .vec, Crypto++ TestVectors or TestData, Mbed TLS "
                  ".data); name it with --format";
  return false;
}

bool LoadVectorFile(const std::string& path, const LoadOptions& options, VectorFile* out,
                    std::string* error) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    *error = path + ": is a directory, not a vector file";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = path + ": cannot read the file";
    return false;
  }
  std::stringstream buf;
  buf << in.rdbuf();
  if (in.bad()) {
    *error = path + ": read error";
    return false;
  }
  return LoadVectorText(path, buf.str(), options, out, error);
}

bool LoadWycheproofFile(const std::string& path, const std::string& algorithm, VectorFile* out,
                        std::string* error) {
  LoadOptions options;
  options.format = Format::kWycheproof;
  if (!LoadVectorFile(path, options, out, error)) return false;
  if (out->algorithm != algorithm) {
    *error = path + ":1: algorithm is " + out->algorithm + ", not " + algorithm;
    return false;
  }
  return true;
}

}  // namespace ariasuite::vectors
