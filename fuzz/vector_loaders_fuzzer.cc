// vector_loaders: every parser of the conformance runner on arbitrary bytes: the vector file
// loaders (auto-detected, and each format forced: Wycheproof JSON, CAVP .rsp, OpenSSL evp text,
// kernel testmgr.h, Botan .vec, Crypto++ TestVectors and TestData, Mbed TLS .data), the strict JSON
// parser under them, the exec line protocol's request and response parsers, and the hex codec. Each
// must return a clean one-line error or a result, never crash (ASan/UBSan watch), and results must
// be stable: a parsed protocol line formats back to a line that parses to the same thing, decoded
// hex re-encodes to the input.
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "fuzz/fuzz_entry.h"
#include "fuzz/fuzz_io.h"
#include "oracles/protocol.h"
#include "vectors/json.h"
#include "vectors/loader.h"
#include "vectors/model/hex.h"

namespace ariasuite::fuzz {
namespace {

using oracles::Bytes;

[[noreturn]] void Fail(const std::string& parser, const std::string& what, std::string_view input) {
  std::fprintf(stderr,
               "ARIA_MISMATCH vector-loader ours/%s vs contract\n  broken: %s\n  input: %s\n",
               parser.c_str(), what.c_str(),
               model::Hex(reinterpret_cast<const uint8_t*>(input.data()), input.size()).c_str());
  std::fflush(stderr);
  std::abort();
}

// A clean error: non-empty, one line, and (for the loaders) naming the file.
void CheckError(const std::string& parser, const std::string& error, std::string_view input,
                const std::string& must_start) {
  if (error.empty()) Fail(parser, "failed with an empty error message", input);
  if (error.find('\n') != std::string::npos) Fail(parser, "error spans lines: " + error, input);
  if (!must_start.empty() && error.rfind(must_start, 0) != 0) {
    Fail(parser, "error does not name the file: " + error, input);
  }
}

bool SameRequest(const oracles::Request& a, const oracles::Request& b) {
  return a.op == b.op && a.cipher == b.cipher && a.key == b.key && a.iv == b.iv && a.aad == b.aad &&
         a.input == b.input && a.tag == b.tag && a.tag_len == b.tag_len;
}

}  // namespace

void FuzzOne(const uint8_t* data, size_t size) {
  FuzzReader reader(data, size);
  uint8_t which = 0, format = 0;
  bool skip = false;
  reader.Int<uint8_t>(&which, 0, 4);
  reader.Int<uint8_t>(&format, 0, vectors::kLastFormat);
  reader.Bool(&skip);
  Bytes rest;
  reader.Data(&rest, reader.remaining());
  const std::string_view text(reinterpret_cast<const char*>(rest.data()), rest.size());
  // The exec protocol is line based: its parsers only ever see what comes before a newline.
  const std::string_view line = text.substr(0, text.find('\n'));

  switch (which) {
    case 0: {  // the vector file loaders
      vectors::LoadOptions options;
      options.format = static_cast<vectors::Format>(format);
      options.skip_unsupported = skip;
      vectors::VectorFile file;
      std::string error;
      const std::string name = std::string("fuzz-input.") + vectors::FormatName(options.format);
      if (!vectors::LoadVectorText(name, text, options, &file, &error)) {
        CheckError("LoadVectorText", error, text, name);
        // Cut at 300 characters by the loader, plus the wrong-format hint.
        if (error.size() > 512) Fail("LoadVectorText", "error longer than 512 characters", text);
      } else if (text.find('\0') != std::string_view::npos) {
        Fail("LoadVectorText", "loaded a text with a NUL byte (a binary file)", text);
      } else {
        for (const auto& c : file.cases) {
          if (c.where.rfind(name, 0) != 0) Fail("LoadVectorText", "case named " + c.where, text);
        }
      }
      break;
    }
    case 1: {  // the JSON parser
      json::Value value;
      std::string error;
      if (!json::Parse(text, &value, &error)) CheckError("json::Parse", error, text, "line ");
      break;
    }
    case 2: {  // exec protocol request lines
      oracles::Request request;
      std::string error;
      if (!oracles::ParseRequestLine(line, &request, &error)) {
        CheckError("ParseRequestLine", error, line, "");
        break;
      }
      const std::string again = oracles::FormatRequestLine(request);
      oracles::Request reparsed;
      if (!oracles::ParseRequestLine(again, &reparsed, &error) || !SameRequest(request, reparsed)) {
        Fail("ParseRequestLine", "formatted line does not parse back: " + again, line);
      }
      break;
    }
    case 3: {  // exec protocol response lines
      std::optional<oracles::Result> result;
      std::string error;
      if (!oracles::ParseResponseLine(line, &result, &error)) {
        CheckError("ParseResponseLine", error, line, "");
        break;
      }
      const std::string again = oracles::FormatResponseLine(result);
      std::optional<oracles::Result> reparsed;
      if (!oracles::ParseResponseLine(again, &reparsed, &error) ||
          result.has_value() != reparsed.has_value() ||
          (result &&
           (result->accepted != reparsed->accepted || result->crashed != reparsed->crashed ||
            result->output != reparsed->output || result->tag != reparsed->tag))) {
        Fail("ParseResponseLine", "formatted line does not parse back: " + again, line);
      }
      break;
    }
    default: {  // the hex codec, against the rule written out here: even length, hex digits only
      Bytes b;
      std::string why;
      const bool ok = model::ParseHex(text, &b, &why);
      bool valid = text.size() % 2 == 0;
      for (char ch : text) valid = valid && std::isxdigit(static_cast<unsigned char>(ch));
      if (ok != valid) Fail("ParseHex", ok ? "accepted bad hex" : "refused good hex: " + why, text);
      if (!ok) CheckError("ParseHex", why, text, "");
      std::string lower(text);
      for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      if (ok && model::Hex(b) != lower) Fail("ParseHex", "does not re-encode", text);
      break;
    }
  }
}

}  // namespace ariasuite::fuzz
