// Format detection, file reading and the shared helpers of the loaders.
#include "vectors/loader.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "vectors/model/hex.h"

namespace ariasuite::vectors {

std::string TrimBlanks(std::string_view s) {
  const size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return "";
  const size_t e = s.find_last_not_of(" \t\r");
  return std::string(s.substr(b, e - b + 1));
}

bool ForEachLine(std::string_view text,
                 const std::function<bool(int line_no, std::string_view raw)>& each) {
  int line_no = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    const size_t nl = text.find('\n', pos);
    const std::string_view raw =
        text.substr(pos, nl == std::string_view::npos ? text.size() - pos : nl - pos);
    pos = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
    if (!each(++line_no, raw)) return false;
  }
  return true;
}

std::string LeftOutNote(const std::vector<std::string>& order,
                        const std::map<std::string, int>& counts, std::string_view unit,
                        std::string_view group) {
  int n = 0;
  std::string names;
  for (size_t i = 0; i < order.size(); ++i) {
    const auto it = counts.find(order[i]);
    if (it != counts.end()) n += it->second;
    if (i < 6) names += (i ? ", " : "") + order[i];
  }
  if (order.size() > 6) names += ", ...";
  return std::to_string(n) + " " + std::string(unit) + " of " + std::to_string(order.size()) + " " +
         std::string(group) + " left out (" + names + ")";
}

using model::Mode;

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
  while (i < text.size() &&
         (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) {
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
      if (!(std::islower(static_cast<unsigned char>(c)) ||
            std::isdigit(static_cast<unsigned char>(c)) || c == '_')) {
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
      const std::string_view inner =
          l.substr(1, l.find(']') == std::string_view::npos ? 0 : l.find(']') - 1);
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
      if ((fields >> a >> b2 >> c) && !(fields >> d) && hex_token(a) && hex_token(b2) &&
          hex_token(c)) {
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
// message stays one line (found by the vector_loaders fuzzer; h4), and at most kMaxErrorChars
// long: a message quoting a 4 KiB hex line, or a binary file's first line, is cut with "...".
constexpr size_t kMaxErrorChars = 300;
static bool OneLineError(bool ok, std::string* error) {
  if (ok) return true;
  *error = model::EscapeControlBytes(*error);
  if (error->size() > kMaxErrorChars) *error = error->substr(0, kMaxErrorChars - 3) + "...";
  return false;
}

// A NUL byte never occurs in any of the text formats: the file is binary (or corrupt). Its line
// is named, as every loader error does.
static bool RefuseBinary(const std::string& path, std::string_view text, std::string* error) {
  const size_t nul = text.find('\0');
  if (nul == std::string_view::npos) return true;
  const size_t line = 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + nul, '\n'));
  *error = path + ":" + std::to_string(line) + ": NUL byte at offset " + std::to_string(nul) +
           ": a binary file, not vector text";
  return false;
}

static bool LoadAs(Format format, const std::string& path, std::string_view text,
                   const LoadOptions& options, VectorFile* out, std::string* error) {
  switch (format) {
    case Format::kWycheproof: return LoadWycheproof(path, text, options, out, error);
    case Format::kCavp: return LoadCavp(path, text, options, out, error);
    case Format::kEvp: return LoadEvp(path, text, options, out, error);
    case Format::kTestmgr: return LoadTestmgr(path, text, options, out, error);
    case Format::kBotan: return LoadBotan(path, text, options, out, error);
    case Format::kCryptopp: return LoadCryptopp(path, text, options, out, error);
    case Format::kCryptoppDat: return LoadCryptoppDat(path, text, options, out, error);
    case Format::kMbedtls: return LoadMbedtls(path, text, options, out, error);
    case Format::kAuto: break;
  }
  *error = path +
           ":1: cannot tell the format (not Wycheproof JSON, CAVP .rsp, OpenSSL evp test "
           "text, kernel testmgr.h, Botan .vec, Crypto++ TestVectors or TestData, Mbed TLS "
           ".data); name it with --format";
  return false;
}

bool LoadVectorText(const std::string& path, std::string_view text, const LoadOptions& options,
                    VectorFile* out, std::string* error) {
  const Format format = options.format == Format::kAuto ? DetectFormat(text) : options.format;
  *out = VectorFile();
  out->path = path;
  out->format = FormatName(format);
  if (!RefuseBinary(path, text, error)) return false;
  if (text.substr(0, 3) == "\xef\xbb\xbf") {  // what some editors put first; no format has it
    *error = path +
             ":1: starts with a UTF-8 byte-order mark (EF BB BF), which no vector format "
             "has: save the file without it";
    return false;
  }
  if (OneLineError(LoadAs(format, path, text, options, out, error), error)) return true;
  // A format named by the caller that the content does not look like: say so, since the error
  // above is then about the wrong grammar.
  if (options.format != Format::kAuto) {
    const Format detected = DetectFormat(text);
    if (detected != Format::kAuto && detected != options.format) {
      *error += std::string(" (read as ") + FormatName(options.format) +
                ", as the format was named; the content looks like " + FormatName(detected) + ")";
    }
  }
  return false;
}

bool LoadVectorFile(const std::string& path, const LoadOptions& options, VectorFile* out,
                    std::string* error) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    *error = path + ": is a directory, not a vector file";
    return false;
  }
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = path + ": cannot read the file" +
             (errno != 0 ? std::string(": ") + std::strerror(errno) : "");
    return false;
  }
  // Read at most kMaxFileBytes + 1 bytes: a device (/dev/zero) or a runaway pipe is refused
  // instead of filling memory. The largest real file (a kernel's testmgr.h) is about 1.5 MiB.
  std::string text;
  char chunk[1 << 16];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    text.append(chunk, static_cast<size_t>(in.gcount()));
    if (text.size() > kMaxFileBytes) {
      *error =
          path + ": larger than " + std::to_string(kMaxFileBytes >> 20) + " MiB: not a vector file";
      return false;
    }
  }
  if (in.bad()) {
    *error = path + ": read error";
    return false;
  }
  return LoadVectorText(path, text, options, out, error);
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
