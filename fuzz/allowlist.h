// The reviewed allowlist of third-party findings (fuzz/allowlist.txt, compiled into every fuzzer).
// One finding per line:
//
//   <operation> <backend> <conditions> <reproducer> # <reason>
//
// operation is a Differ operation ("gcm-seal", ...), backend a third-party backend name
// ("botan", "openssl", ...; never "ours/..."), conditions `*` or comma-separated tests on the
// request's parameters (`tag_len<4`, `iv_len=0`, `iv_len>128`), reproducer the path (from the
// workspace root) of a vector file the conformance runner reads, and the reason is mandatory.
// Blank lines and lines starting with # are comments.
#ifndef ARIASUITE_FUZZ_ALLOWLIST_H_
#define ARIASUITE_FUZZ_ALLOWLIST_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace ariasuite::fuzz {

struct AllowCondition {
  std::string param;
  char op;  // '=', '<' or '>'
  int64_t value;
};

struct AllowEntry {
  std::string operation;
  std::string backend;
  std::vector<AllowCondition> conditions;  // all must hold; empty for `*`
  std::string reproducer;
  std::string reason;
  int line = 0;
};

// Parses the allowlist text. On a malformed line returns false and sets *error to
// "<name>:<line>: <what>".
bool ParseAllowlist(std::string_view text, std::string_view name, std::vector<AllowEntry>* out,
                    std::string* error);

// Whether an entry covers backend's answer to operation with these parameters (a condition on a
// parameter the request does not have does not hold).
bool Allowed(const std::vector<AllowEntry>& entries, std::string_view operation,
             std::string_view backend, const std::map<std::string, int64_t>& params,
             const AllowEntry** which = nullptr);

// The compiled-in fuzz/allowlist.txt, parsed once; a malformed file is a fatal one-line error.
const std::vector<AllowEntry>& BuiltinAllowlist();

}  // namespace ariasuite::fuzz

#endif  // ARIASUITE_FUZZ_ALLOWLIST_H_
