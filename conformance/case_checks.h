// What one vector case demands of one backend: the requests its expectation implies (valid,
// invalid, acceptable decided per flag) and the outcome, pass / fail / unsupported / error.
#ifndef ARIASUITE_CONFORMANCE_CASE_CHECKS_H_
#define ARIASUITE_CONFORMANCE_CASE_CHECKS_H_

#include <string>
#include <vector>

#include "oracles/backend.h"
#include "vectors/vector.h"

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

// A case the library crashed on (Result::crashed) fails with the message
// "OP: the library crashed (REASON) instead of answering or refusing" (without " (REASON)" when the
// backend gave none); the findings reports (findings_report.h) class it by these words.
inline constexpr char kCrashedPrefix[] = "the library crashed";
inline constexpr char kCrashedSuffix[] = " instead of answering or refusing";

// Runs one case: every check its expectation implies (see case_checks.cc). Never throws.
CaseResult RunCase(oracles::Backend& backend, const TestCase& c);

// The requests RunCase sends for c, in order (for tests and tools that compare backends).
std::vector<oracles::Request> RequestsFor(const TestCase& c);

// Why an "acceptable" Wycheproof result may go either way for this flag; a generic reason for
// flags without an ariasuite policy.
std::string AcceptableReason(const std::string& flag);

}  // namespace ariasuite::conformance

#endif  // ARIASUITE_CONFORMANCE_CASE_CHECKS_H_
