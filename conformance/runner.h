// The conformance runner's engine: runs every case of a VectorFile on every backend and decides
// pass / fail / unsupported / error per case, with the expected outcome taken from the case (valid,
// invalid, acceptable decided per flag); judges every failure by the agreement rule of verdict.h
// (the vector file and the implementations under test against each oracle); gives each file x
// backend one verdict (PairVerdict) and renders it (text table, failure lines, JUnit XML, findings
// reproducers for third-party failures).
#ifndef ARIASUITE_CONFORMANCE_RUNNER_H_
#define ARIASUITE_CONFORMANCE_RUNNER_H_

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "vectors/vector.h"
#include "conformance/verdict.h"
#include "oracles/backend.h"

namespace ariasuite::conformance {

// The runner works on the vector model of //vectors.
using vectors::Direction;
using vectors::Expect;
using vectors::ExpectName;
using vectors::FlagNote;
using vectors::TestCase;
using vectors::VectorFile;

// kError: the backend itself broke on the case (Result::error: an adapter died, timed out, broke
// the protocol), whatever the case expects.
enum class CaseOutcome { kPass, kFail, kUnsupported, kError };

// One case on one backend.
struct CaseResult {
  CaseOutcome outcome = CaseOutcome::kPass;
  std::string message;  // kFail: "gcm-open: expected a refusal, got output=..."; kUnsupported: the
                        // op; kError: "gcm-open: backend error: ..."
};

// Runs one case: every check its expectation implies (see runner.cc). Never throws.
CaseResult RunCase(oracles::Backend& backend, const TestCase& c);

// The requests RunCase sends for c, in order (for tests and tools that compare backends).
std::vector<oracles::Request> RequestsFor(const TestCase& c);

// Why an "acceptable" Wycheproof result may go either way for this flag; a generic reason for
// flags without an ariasuite policy.
std::string AcceptableReason(const std::string& flag);

// One file on one backend.
struct PairResult {
  std::string backend;
  bool under_test = false;  // selected with --impl: its failures fail the run
  bool may_skip = false;    // under test, but being unavailable is a SKIP (a path this CPU lacks)
  std::optional<std::string> skip_reason;  // the backend could not run at all
  int passed = 0, failed = 0, unsupported = 0, errors = 0;
  // Failures judged third-party findings (verdict.h: ours and the vector file agree against this
  // backend); only these are written as findings.
  int third_party = 0;
  std::string first_error;          // the first kError message with its case
  std::vector<CaseOutcome> outcomes;  // per case of the file (empty when skipped)
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
  oracles::Backend* backend;
  bool under_test;
  bool may_skip = false;  // see PairResult::may_skip
};

FileResult RunFile(const VectorFile& file, const std::vector<SelectedBackend>& backends);

// One file on one backend, the only verdict the reports render:
//   kPassed     every case passed
//   kFailed     at least one case failed
//   kBroke      the backend broke on a case (and failed none)
//   kPartial    passed some, the rest unsupported: not a pass
//   kSkipped    an oracle (or a path this CPU lacks) that could not run or supported no case
//   kNothingRan an implementation under test that never ran: unavailable, or no case supported
enum class PairVerdict { kPassed, kFailed, kBroke, kPartial, kSkipped, kNothingRan };
PairVerdict VerdictOf(const PairResult& p);
// "passed", "FAILED", "BROKE", "partial", "SKIP", "NOT RUN".
const char* VerdictName(PairVerdict v);
// Why a kSkipped / kNothingRan / kBroke pair did not (fully) run, one line.
std::string NotRunReason(const PairResult& p);

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
