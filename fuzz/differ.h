// The differential check every fuzz target ends with: collect each backend's answer to one
// request and judge them by the one agreement rule of conformance/verdict.h: our paths together
// are one vote; a disagreement is a third-party finding only when an independent library agrees
// with ours against the odd one out, otherwise it is ours.
//
//  - Ours is wrong: print a report (inputs in hex, every answer, the CPU features and paths, the
//    reason) and abort with the stable first line `ARIA_MISMATCH <operation> <our path> vs
//    <backend>` (libFuzzer and ClusterFuzz deduplicate crashes by it). Every abort names ours.
//  - Third-party finding: print `ARIA_THIRD_PARTY <operation> <library> vs <agreeing backend>`
//    with the report, write a reproducer vector file (reproducer.h) and go on fuzzing; each
//    (operation, library) is reported once per process and counted after that.
// An answer that is no answer, a backend that broke (Result::error) or a library that crashed on
// the inputs (Result::crashed, the exec protocol's `crashed`), agrees with nobody and is never
// taken for a refusal: an oracle's crash is a divergence judged (and allowlisted) like any other.
// A reviewed fuzz/allowlist.txt entry (allowlist.h) sets a known third-party answer aside, never
// ours, and never the last independent answer that agrees with ours.
#ifndef ARIASUITE_FUZZ_DIFFER_H_
#define ARIASUITE_FUZZ_DIFFER_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "conformance/verdict.h"
#include "fuzz/allowlist.h"
#include "oracles/backend.h"

namespace ariasuite::fuzz {

using oracles::Result;

// Answers built by the targets themselves (our APIs called directly, expected outcomes).
using oracles::Accepted;
using oracles::Refused;

class Differ {
 public:
  explicit Differ(std::string operation) : operation_(std::move(operation)) {}

  // Numbers the allowlist conditions test (key_len, iv_len, tag_len, aad_len, input_len, ...).
  void Param(const std::string& name, int64_t value) { params_[name] = value; }
  void Input(const std::string& name, const oracles::Bytes& value);
  // The request all backends answered, for the reproducer vector file of a third-party finding.
  void SetRequest(const oracles::Request& request) { request_ = request; }
  // A free-text line for the report (how the input was built, e.g. the J0 it aims at).
  void Note(const std::string& line) { notes_.push_back(line); }

  void Add(const std::string& backend, bool ours, const std::optional<Result>& result);

  // The parameters lie outside what every library accepts (reason says which rule), so a refusal
  // is a policy difference, not a mismatch: refusals are left out of the cross-library comparison.
  // Our paths must still agree with each other exactly, refusals included.
  void IgnoreRefusals(const std::string& reason) { ignore_refusals_ = reason; }

  // Replaces the compiled-in fuzz/allowlist.txt (tests).
  void UseAllowlist(const std::vector<AllowEntry>* entries) { allowlist_ = entries; }

  // Judges the answers: aborts when ours is wrong, records a third-party finding and returns,
  // returns quietly when everything agrees.
  void Check();

  // Whether the judgement set an allowlisted third-party answer aside (for the fuzzer's stats).
  bool used_allowlist() const { return used_allowlist_; }

  // The same judgement without side effects on the process: "" when all agree, else the first
  // line Check() would print (`ARIA_MISMATCH ...` or `ARIA_THIRD_PARTY ...`), for tests.
  std::string Verdict();

 private:
  struct Answer {
    std::string backend;
    bool ours;
    std::optional<Result> result;
    bool set_aside = false;  // by the allowlist
  };
  struct Outcome {
    conformance::Blame blame = conformance::Blame::kNone;
    std::string first, second;       // the ARIA_MISMATCH / ARIA_THIRD_PARTY names
    std::vector<std::string> odd;    // third-party: the libraries that disagree with ours
    std::optional<Result> majority;  // third-party: the answer ours and the agreeing ones gave
    std::string reason;
  };
  bool SetAside(size_t answer_index);
  std::vector<int> AnswerIds(bool with_refusals) const;
  Outcome Judged();
  Outcome IndependentMajority(const std::vector<conformance::Vote>& votes,
                              const std::vector<size_t>& index);
  std::string Report(const Outcome& o) const;

  std::string operation_;
  std::map<std::string, int64_t> params_;
  std::vector<std::pair<std::string, oracles::Bytes>> inputs_;  // name, bytes
  std::vector<std::string> notes_;
  std::vector<Answer> answers_;
  std::optional<std::string> ignore_refusals_;
  std::optional<oracles::Request> request_;
  bool used_allowlist_ = false;
  const std::vector<AllowEntry>* allowlist_ = nullptr;  // nullptr: BuiltinAllowlist()
};

// Third-party findings of this process, by "<operation> <library>" (Check() reports the first).
struct ThirdPartyRecord {
  int count = 0;
};
std::map<std::string, ThirdPartyRecord>& ThirdPartyRecords();

// "cpu: aes pclmulqdq avx avx2 gfni vaes vpclmulqdq avx512f avx512bw avx512vl; paths: scalar
// aesni-avx ...; default path: gfni-avx512" for reports.
std::string CpuAndPaths();

}  // namespace ariasuite::fuzz

#endif  // ARIASUITE_FUZZ_DIFFER_H_
