// Parsing and matching of the third-party findings allowlist (see allowlist.h).
#include "fuzz/allowlist.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "vectors/model/line_table.h"

namespace ariasuite::fuzz {

extern const char kAllowlistText[];  // allowlist_data.cc, generated from fuzz/allowlist.txt

namespace {

bool ParseCondition(std::string_view text, AllowCondition* out) {
  const size_t pos = text.find_first_of("=<>");
  if (pos == 0 || pos == std::string_view::npos || pos + 1 >= text.size()) return false;
  out->param = std::string(text.substr(0, pos));
  for (char c : out->param) {
    if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
  }
  out->op = text[pos];
  const std::string number(text.substr(pos + 1));
  char* end = nullptr;
  errno = 0;
  out->value = std::strtoll(number.c_str(), &end, 10);
  // A number past int64 would saturate (iv_len<99999999999999999999 holding for every length).
  return end != nullptr && *end == '\0' && errno != ERANGE;
}

}  // namespace

bool ParseAllowlist(std::string_view text, std::string_view name, std::vector<AllowEntry>* out,
                    std::string* error) {
  out->clear();
  const bool ok = model::ForEachTableLine(
      text, name,
      [&](int line_no, std::string_view line) -> std::string {
        const size_t hash = line.find('#');
        if (hash == std::string_view::npos || model::TrimBlanks(line.substr(hash + 1)).empty()) {
          return "entry without a reason (`# why` at the end of the line)";
        }
        AllowEntry entry;
        entry.line = line_no;
        entry.reason = std::string(model::TrimBlanks(line.substr(hash + 1)));
        std::istringstream fields{std::string(line.substr(0, hash))};
        std::string conditions, extra;
        if (!(fields >> entry.operation >> entry.backend >> conditions >> entry.reproducer) ||
            (fields >> extra)) {
          return "expected `<operation> <backend> <conditions> <reproducer> # <reason>`";
        }
        std::string lower = entry.backend;
        for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (lower.rfind("ours", 0) == 0) {
          return "entry for our own path '" + entry.backend +
                 "': a mismatch in our code is never allowlisted";
        }
        if (conditions != "*") {
          std::string_view rest = conditions;
          // Every comma separates two conditions: a trailing one leaves an empty, refused
          // condition.
          for (bool more = true; more;) {
            const size_t comma = rest.find(',');
            AllowCondition c;
            if (!ParseCondition(rest.substr(0, comma), &c)) {
              return "bad condition '" + std::string(rest.substr(0, comma)) +
                     "' (want name=N, name<N or name>N)";
            }
            entry.conditions.push_back(c);
            more = comma != std::string_view::npos;
            rest = more ? rest.substr(comma + 1) : std::string_view();
          }
        }
        out->push_back(std::move(entry));
        return "";
      },
      error);
  if (!ok) out->clear();
  return ok;
}

bool Allowed(const std::vector<AllowEntry>& entries, std::string_view operation,
             std::string_view backend, const std::map<std::string, int64_t>& params,
             const AllowEntry** which) {
  for (const AllowEntry& e : entries) {
    if (e.operation != operation || e.backend != backend) continue;
    bool all = true;
    for (const AllowCondition& c : e.conditions) {
      auto it = params.find(c.param);
      if (it == params.end() || (c.op == '=' && it->second != c.value) ||
          (c.op == '<' && !(it->second < c.value)) || (c.op == '>' && !(it->second > c.value))) {
        all = false;
        break;
      }
    }
    if (all) {
      if (which != nullptr) *which = &e;
      return true;
    }
  }
  return false;
}

const std::vector<AllowEntry>& BuiltinAllowlist() {
  static const std::vector<AllowEntry>* entries = [] {
    auto* v = new std::vector<AllowEntry>;
    std::string error;
    if (!ParseAllowlist(kAllowlistText, "fuzz/allowlist.txt", v, &error)) {
      std::fprintf(stderr, "ariasuite fuzz: %s\n", error.c_str());
      std::exit(2);
    }
    return v;
  }();
  return *entries;
}

}  // namespace ariasuite::fuzz
