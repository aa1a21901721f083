// Format detection, file reading and the shared helpers of the loaders.
#include "vectors/loader.h"

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
  }
  return "?";
}

std::optional<Format> ParseFormat(std::string_view name) {
  for (Format f : {Format::kAuto, Format::kWycheproof, Format::kCavp, Format::kEvp,
                   Format::kTestmgr}) {
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
  // Line-oriented formats: look at the first keyword lines.
  std::istringstream lines{std::string(text)};
  std::string line;
  while (std::getline(lines, line)) {
    size_t b = line.find_first_not_of(" \t");
    if (b == std::string::npos || line[b] == '#') continue;
    std::string_view l(line);
    l.remove_prefix(b);
    if (l.substr(0, 1) == "[" || l.substr(0, 5) == "Count") return Format::kCavp;
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
    case Format::kAuto: break;
  }
  *error = path + ":1: cannot tell the format (not Wycheproof JSON, CAVP .rsp, OpenSSL evp test "
                  "text or kernel testmgr.h); name it with --format";
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
