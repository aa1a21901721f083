// The differential check every fuzz target ends with: collect each backend's answer to one
// request, require our paths to agree with each other and with the oracles, and on a mismatch print
// a report and abort with the stable first line `ARIA_MISMATCH <operation> <backend> vs <backend>`
// (so libFuzzer and ClusterFuzz deduplicate crashes by it).
//
// The report holds the inputs in hex, every backend's answer, the CPU features, the chosen paths
// and a majority verdict naming the odd one out. When the odd one out is a third-party library and
// fuzz/allowlist.txt has a reviewed entry for it (see allowlist.h), that library's answer is set
// aside and the rest must still agree; an entry can never cover one of our paths.
#ifndef ARIASUITE_FUZZ_DIFFER_H_
#define ARIASUITE_FUZZ_DIFFER_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "conformance/backend.h"
#include "fuzz/allowlist.h"

namespace ariasuite::fuzz {

using conformance::Result;

// Answers built by the targets themselves (our APIs called directly, expected outcomes).
inline Result Accepted(conformance::Bytes output, conformance::Bytes tag = {}) {
  Result r;
  r.accepted = true;
  r.output = std::move(output);
  r.tag = std::move(tag);
  return r;
}
inline Result Refused(std::string why) {
  Result r;
  r.detail = std::move(why);
  return r;
}

class Differ {
 public:
  explicit Differ(std::string operation) : operation_(std::move(operation)) {}

  // Numbers the allowlist conditions test (key_len, iv_len, tag_len, aad_len, input_len, ...).
  void Param(const std::string& name, int64_t value) { params_[name] = value; }
  void Input(const std::string& name, const conformance::Bytes& value);
  // The request all backends answered, for the reproducer vector file of a third-party finding.
  void SetRequest(const conformance::Request& request) { request_ = request; }
  // A free-text line for the report (how the input was built, e.g. the J0 it aims at).
  void Note(const std::string& line) { notes_.push_back(line); }

  void Add(const std::string& backend, bool ours, const std::optional<Result>& result);

  // The parameters lie outside what every library accepts (reason says which rule), so a refusal
  // is a policy difference, not a mismatch: refusals are left out of the cross-library comparison.
  // Our paths must still agree with each other exactly, refusals included.
  void IgnoreRefusals(const std::string& reason) { ignore_refusals_ = reason; }

  // Replaces the compiled-in fuzz/allowlist.txt (tests).
  void UseAllowlist(const std::vector<AllowEntry>* entries) { allowlist_ = entries; }

  // Compares the answers; on a mismatch the allowlist does not cover, prints the report to stderr
  // and aborts. Returns normally when everything agrees.
  void Check();

  // Whether the Check() passed over an allowlisted third-party finding (for the fuzzer's stats).
  bool used_allowlist() const { return used_allowlist_; }

  // The same, without aborting: the report's first line, or "" when all agree (for tests).
  std::string Verdict();

 private:
  struct Answer {
    std::string backend;
    bool ours;
    std::optional<Result> result;
    bool set_aside = false;  // by the allowlist
  };
  std::string Compare(std::string* report, std::optional<Result>* majority = nullptr,
                      std::string* third_party_odd = nullptr);

  std::string operation_;
  std::map<std::string, int64_t> params_;
  std::vector<std::pair<std::string, std::string>> inputs_;  // name, hex
  std::vector<std::string> notes_;
  std::vector<Answer> answers_;
  std::optional<std::string> ignore_refusals_;
  std::optional<conformance::Request> request_;
  bool used_allowlist_ = false;
  const std::vector<AllowEntry>* allowlist_ = nullptr;  // nullptr: BuiltinAllowlist()
};

// "cpu: aes pclmulqdq avx avx2 gfni vaes vpclmulqdq avx512f avx512bw avx512vl; paths: scalar
// aesni-avx ...; default path: gfni-avx512" for reports.
std::string CpuAndPaths();

}  // namespace ariasuite::fuzz

#endif  // ARIASUITE_FUZZ_DIFFER_H_
