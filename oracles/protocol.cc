// Encoding and decoding of the exec line protocol, and the adapter's serving loop.
#include "oracles/protocol.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

#include "vectors/model/hex.h"

namespace ariasuite::oracles {
namespace {

using model::AppendHex;
using model::ParseHex;

// The words between runs of spaces; each word's end is found by find (memchr), not a comparison
// per byte, which libFuzzer would trace over lines of many kilobytes (issue 16).
std::vector<std::string_view> SplitSpaces(std::string_view line) {
  std::vector<std::string_view> parts;
  parts.reserve(8);  // a request's fields: one allocation, not four
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    if (i == line.size()) break;
    size_t j = line.find(' ', i);
    if (j == std::string_view::npos) j = line.size();
    parts.push_back(line.substr(i, j - i));
    i = j;
  }
  return parts;
}

// Strips one trailing "\n" and "\r".
std::string_view Chomp(std::string_view line) {
  if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

// The text after the first word, or "" (for "refused REASON").
std::string Rest(std::string_view line) {
  size_t sp = line.find(' ');
  if (sp == std::string_view::npos) return "";
  return std::string(line.substr(sp + 1));
}

}  // namespace

std::string FormatRequestLine(const Request& r) { return DescribeRequest(r); }

bool ParseRequestLine(std::string_view line, Request* out, std::string* error) {
  line = Chomp(line);
  std::vector<std::string_view> parts = SplitSpaces(line);
  if (parts.size() != 8) {
    *error = "expected 8 space-separated fields, got " + std::to_string(parts.size());
    return false;
  }
  Request r;
  std::optional<Op> op = ParseOp(parts[0]);
  if (!op) {
    *error = "unknown operation '" + std::string(parts[0]) + "'";
    return false;
  }
  r.op = *op;
  std::optional<Cipher> cipher = ParseCipher(parts[1]);
  if (!cipher) {
    *error = "unknown cipher '" + std::string(parts[1]) + "'";
    return false;
  }
  r.cipher = *cipher;
  static constexpr const char* kNames[] = {"key", "iv", "aad", "in", "tag"};
  Bytes* fields[] = {&r.key, &r.iv, &r.aad, &r.input, &r.tag};
  for (int i = 0; i < 5; ++i) {
    std::string_view p = parts[2 + i];
    std::string prefix = std::string(kNames[i]) + "=";
    if (p.substr(0, prefix.size()) != prefix) {
      *error = "field " + std::to_string(3 + i) + " must be " + prefix + "HEX";
      return false;
    }
    if (!ParseHex(p.substr(prefix.size()), fields[i])) {
      *error = "bad hex in " + std::string(kNames[i]);
      return false;
    }
  }
  std::string_view tl = parts[7];
  if (tl.substr(0, 7) != "taglen=" || tl.size() == 7 || tl.size() > 7 + 9) {
    *error = "field 8 must be taglen=DECIMAL";
    return false;
  }
  size_t v = 0;
  for (char c : tl.substr(7)) {
    if (c < '0' || c > '9') {
      *error = "field 8 must be taglen=DECIMAL";
      return false;
    }
    v = v * 10 + static_cast<size_t>(c - '0');
  }
  r.tag_len = v;
  *out = std::move(r);
  return true;
}

std::string FormatResponseLine(const std::optional<Result>& result) {
  auto clean = [](std::string s) {
    for (char& c : s) {
      if (c == '\n' || c == '\r') c = ' ';
    }
    return s;
  };
  if (!result) return "unsupported";
  if (!result->error.empty()) return "error " + clean(result->error);
  if (result->crashed) {
    return result->detail.empty() ? "crashed" : "crashed " + clean(result->detail);
  }
  if (!result->accepted) {
    return result->detail.empty() ? "refused" : "refused " + clean(result->detail);
  }
  std::string s = "ok out=";
  s.reserve(16 + 2 * (result->output.size() + result->tag.size()));
  AppendHex(result->output.data(), result->output.size(), &s);
  s += " tag=";
  AppendHex(result->tag.data(), result->tag.size(), &s);
  return s;
}

bool ParseResponseLine(std::string_view line, std::optional<Result>* out, std::string* error) {
  line = Chomp(line);
  std::vector<std::string_view> parts = SplitSpaces(line);
  if (parts.empty()) {
    *error = "empty response line";
    return false;
  }
  if (parts[0] == "unsupported") {
    out->reset();
    return true;
  }
  if (parts[0] == "refused") {
    Result r;
    r.accepted = false;
    r.detail = Rest(line);
    *out = std::move(r);
    return true;
  }
  if (parts[0] == "crashed") {
    *out = Crashed(Rest(line));
    return true;
  }
  if (parts[0] == "error") {
    *error = "adapter reported an error: " + Rest(line);
    return false;
  }
  if (parts[0] == "ok") {
    if (parts.size() != 3 || parts[1].substr(0, 4) != "out=" || parts[2].substr(0, 4) != "tag=") {
      *error = "'ok' must be followed by out=HEX tag=HEX";
      return false;
    }
    Result r;
    r.accepted = true;
    if (!ParseHex(parts[1].substr(4), &r.output) || !ParseHex(parts[2].substr(4), &r.tag)) {
      *error = "bad hex in the 'ok' response";
      return false;
    }
    *out = std::move(r);
    return true;
  }
  std::string shown(line.substr(0, 60));
  *error = "unknown response '" + shown + "'";
  return false;
}

int ServeExecProtocol(Backend& backend, const std::string& name, FILE* in, FILE* out) {
  // getline reads the stream's buffer a line at a time into one reused buffer; a getc per byte was
  // a fifth of the BoringSSL adapter's time under the fuzz build's sanitizers (issue 16).
  char* buf = nullptr;
  size_t cap = 0;
  const std::unique_ptr<char*, void (*)(char**)> owner(&buf, [](char** b) { std::free(*b); });
  ssize_t n;
  while ((n = getline(&buf, &cap, in)) > 0) {
    std::string_view l = Chomp(std::string_view(buf, static_cast<size_t>(n)));
    std::string reply;
    if (l == kProtocolHello) {
      reply = std::string(kProtocolHello) + " " + name;
    } else {
      Request request;
      std::string error;
      if (!ParseRequestLine(l, &request, &error)) {
        reply = "error " + error;
      } else {
        std::optional<std::string> why = backend.unavailable();
        reply = why ? "unsupported " + *why : FormatResponseLine(backend.Run(request));
      }
    }
    reply.push_back('\n');
    if (std::fwrite(reply.data(), 1, reply.size(), out) != reply.size() || std::fflush(out) != 0) {
      return 1;
    }
  }
  return 0;
}

int ServeExecProtocolOnStdio(Backend& backend, const std::string& name) {
  // Before any other operation on the streams, as setvbuf requires.
  std::setvbuf(stdin, nullptr, _IOFBF, 1 << 20);
  std::setvbuf(stdout, nullptr, _IOFBF, 1 << 20);
  return ServeExecProtocol(backend, name, stdin, stdout);
}

}  // namespace ariasuite::oracles
