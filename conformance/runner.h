// The conformance runner's engine: runs every case of a VectorFile on every backend and decides
// pass / fail / unsupported per case, with the expected outcome taken from the case (valid,
// invalid, acceptable decided per flag), and renders the results (text table, failure lines,
// JUnit XML, findings reproducers for third-party failures).
#ifndef ARIASUITE_CONFORMANCE_RUNNER_H_
#define ARIASUITE_CONFORMANCE_RUNNER_H_

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "conformance/backend.h"
#include "conformance/vector.h"

namespace ariasuite::conformance {

enum class CaseOutcome { kPass, kFail, kUnsupported };

// One case on one backend.
struct CaseResult {
  CaseOutcome outcome = CaseOutcome::kPass;
  std::string message;  // kFail: "gcm-open: expected a refusal, got output=..."; kUnsupported: the op
};

// Runs one case: every check its expectation implies (see runner.cc). Never throws.
CaseResult RunCase(Backend& backend, const TestCase& c);

// The requests RunCase sends for c, in order (for tests and tools that compare backends).
std::vector<Request> RequestsFor(const TestCase& c);

// Why an "acceptable" Wycheproof result may go either way for this flag; a generic reason for
// flags without an ariasuite policy.
std::string AcceptableReason(const std::string& flag);

// One file on one backend.
struct PairResult {
  std::string backend;
  bool under_test = false;  // selected with --impl: its failures fail the run
  std::optional<std::string> skip_reason;  // the backend could not run at all
  int passed = 0, failed = 0, unsupported = 0;
  std::string unsupported_example;  // the first unsupported operation and case, for the report
  std::string unsupported_op;       // the first unsupported operation alone ("kw-wrap KW")
  std::vector<std::string> failures;  // one line per failed case
  std::vector<const TestCase*> failed_cases;
};

struct FileResult {
  const VectorFile* file = nullptr;
  std::vector<PairResult> pairs;
};

struct SelectedBackend {
  Backend* backend;
  bool under_test;
};

FileResult RunFile(const VectorFile& file, const std::vector<SelectedBackend>& backends);

// "passed", "FAILED", "SKIP" or "partial" (passed some, the rest unsupported: not a pass).
std::string Verdict(const PairResult& p);

// Per-file block: one line per backend with counts and notes, then up to max_failures failure
// lines per backend.
void PrintFileReport(const FileResult& r, int max_failures, std::ostream& out);

// The final matrix: rows = vector files, columns = backends, cells "311/311", "FAIL 3", "SKIP",
// "200/311*" (* = some cases unsupported), then the skip reasons.
void PrintVerdictTable(const std::vector<FileResult>& results, std::ostream& out);

// JUnit XML: a testsuite per file, a testcase per backend (failure / skipped elements).
std::string JunitXml(const std::vector<FileResult>& results);

// Writes one Wycheproof-schema reproducer per (oracle, file, algorithm) with the failed cases
// into dir; returns the paths written (empty when nothing failed), or sets *error.
std::vector<std::string> WriteFindings(const FileResult& r, const std::string& dir,
                                       std::string* error);

}  // namespace ariasuite::conformance

#endif  // ARIASUITE_CONFORMANCE_RUNNER_H_
