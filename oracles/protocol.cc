// Encoding and decoding of the exec line protocol, and the adapter's serving loop.
#include "oracles/protocol.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "oracles/hex.h"

namespace ariasuite::oracles {
namespace {

std::vector<std::string_view> SplitSpaces(std::string_view line) {
  std::vector<std::string_view> parts;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    size_t j = i;
    while (j < line.size() && line[j] != ' ') ++j;
    if (j > i) parts.push_back(line.substr(i, j - i));
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

bool ReadLine(FILE* in, std::string* line) {
  line->clear();
  int c;
  while ((c = std::fgetc(in)) != EOF) {
    if (c == '\n') return true;
    line->push_back(static_cast<char>(c));
  }
  return !line->empty();
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
  if (!result->accepted) {
    return result->detail.empty() ? "refused" : "refused " + clean(result->detail);
  }
  return "ok out=" + Hex(result->output) + " tag=" + Hex(result->tag);
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
  std::string line;
  while (ReadLine(in, &line)) {
    std::string_view l = Chomp(line);
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

}  // namespace ariasuite::oracles
