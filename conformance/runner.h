// The conformance runner's judging: runs every case of a VectorFile on every backend (what a case
// demands is case_checks.h), judges every failure by the agreement rule of verdict.h (the vector
// file and the implementations under test against each oracle) and gives each file x backend one
// verdict, PairVerdict, the only verdict the reports (report_text.h, report_junit.h, findings.h)
// render.
#ifndef ARIASUITE_CONFORMANCE_RUNNER_H_
#define ARIASUITE_CONFORMANCE_RUNNER_H_

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "conformance/case_checks.h"
#include "conformance/verdict.h"
#include "oracles/backend.h"
#include "vectors/vector.h"

namespace ariasuite::conformance {

// One file on one backend.
struct PairResult {
  std::string backend;
  std::string version;      // Backend::version() once the file ran ("" when it cannot tell)
  bool under_test = false;  // selected with --impl: its failures fail the run
  bool may_skip = false;    // under test, but being unavailable is a SKIP (a path this CPU lacks)
  std::optional<std::string> skip_reason;  // the backend could not run at all
  int passed = 0, failed = 0, unsupported = 0, errors = 0;
  // Failed cases judged third-party findings (verdict.h: ours and the vector file agree against
  // this backend); only these are written as findings. A case the backend broke on is never one.
  int third_party = 0;
  std::string first_error;            // the first kError message with its case
  std::vector<CaseOutcome> outcomes;  // per case of the file (empty when skipped)
  std::string unsupported_example;    // the first unsupported operation and case, for the report
  std::string unsupported_op;         // the first unsupported operation alone ("kw-wrap KW")
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

// Calls backend->BeginFile() for each backend, then runs every case; on_case (when set) is called
// before each case with the backend's name, the case's index and the number of cases (for a
// progress line).
using CaseCallback =
    std::function<void(const std::string& backend, size_t case_index, size_t cases)>;
FileResult RunFile(const VectorFile& file, const std::vector<SelectedBackend>& backends,
                   const CaseCallback& on_case = {});

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
// Why a kSkipped / kNothingRan pair did not run, or, for a pair that broke on cases (kBroke, or
// kFailed with broken cases too), "broke on N case(s), first WHERE: WHY"; one line, never empty for
// those pairs.
std::string NotRunReason(const PairResult& p);

// An oracle's failed cases of a file, split by verdict.h's rule: `findings` where the
// implementations under test side with the vector file (third-party findings, written as
// reproducers by findings.h), `not_findings` where an implementation under test failed the case
// too. Both 0 for an implementation under test (its failures are its own). The one place that
// decides: the file block, the verdict table, JUnit and the findings writer all follow it.
struct FailureSplit {
  int findings = 0;
  int not_findings = 0;
};
FailureSplit SplitFailures(const PairResult& p);

}  // namespace ariasuite::conformance

#endif  // ARIASUITE_CONFORMANCE_RUNNER_H_
