// Names and one-line descriptions for the backend interface (backend.h).
#include "oracles/backend.h"

#include <array>
#include <string>
#include <utility>

#include "vectors/model/hex.h"

namespace ariasuite::oracles {

using model::AppendHex;
using model::Hex;

Result Accepted(Bytes output, Bytes tag) {
  Result r;
  r.accepted = true;
  r.output = std::move(output);
  r.tag = std::move(tag);
  return r;
}

Result Refused(std::string detail) {
  Result r;
  r.detail = std::move(detail);
  return r;
}

Result Broken(std::string error) {
  Result r;
  r.error = std::move(error);
  return r;
}

Result Crashed(std::string reason) {
  Result r;
  r.crashed = true;
  r.detail = std::move(reason);
  return r;
}

bool IsRefusal(const Result& r) { return !r.accepted && !r.crashed && r.error.empty(); }

std::string DescribeRequest(const Request& r) {
  // Sized once and hex appended in place: the exec protocol sends this line for every request.
  std::string s = OpName(r.op);
  s.reserve(s.size() + 64 +
            2 * (r.key.size() + r.iv.size() + r.aad.size() + r.input.size() + r.tag.size()));
  s += ' ';
  s += CipherName(r.cipher);
  const std::pair<const char*, const Bytes*> fields[] = {
      {" key=", &r.key}, {" iv=", &r.iv}, {" aad=", &r.aad}, {" in=", &r.input}, {" tag=", &r.tag}};
  for (const auto& [label, bytes] : fields) {
    s += label;
    AppendHex(bytes->data(), bytes->size(), &s);
  }
  s += " taglen=" + std::to_string(r.tag_len);
  return s;
}

std::string DescribeResult(const std::optional<Result>& result) {
  if (!result) return "unsupported";
  if (!result->error.empty()) return "error (" + result->error + ")";
  if (result->crashed) {
    return result->detail.empty() ? "crashed" : "crashed (" + result->detail + ")";
  }
  if (!result->accepted) {
    return result->detail.empty() ? "refused" : "refused (" + result->detail + ")";
  }
  std::string s = "output=" + Hex(result->output);
  if (!result->tag.empty()) s += " tag=" + Hex(result->tag);
  return s;
}

}  // namespace ariasuite::oracles
