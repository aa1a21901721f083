// Findings reports: the reproducer files the runner writes (findings.h) read back, their cases
// sorted into bug classes per library (what the library does wrong, and the clause of the standard
// it breaks), and one markdown report per class, fit to paste into an upstream issue. The
// `tools/ariasuite findings` command (findings_main.cc) is the front end.
#ifndef ARIASUITE_CONFORMANCE_FINDINGS_REPORT_H_
#define ARIASUITE_CONFORMANCE_FINDINGS_REPORT_H_

#include <string>
#include <vector>

#include "conformance/case_checks.h"
#include "oracles/backend.h"

namespace ariasuite::conformance {

// One failed case of a findings file.
struct FindingCase {
  std::string library;  // the backend's name as the runner knew it ("bouncycastle", "exec:...")
  std::string version;  // Backend::version() when the runner recorded it, else ""
  std::string findings_file;  // the reproducer file it was read from
  std::string where;          // the case in its source file ("aria_kwp_test.json:tcId 74")
  std::string failure;        // "kw-wrap: expected a refusal, got output=..."
  TestCase test;              // the case as the reproducer file holds it
};

// Reads every reproducer of the inputs (a findings folder: its *.json files; or one such file).
// False with *error, one line naming the file and what is wrong, when an input cannot be read or
// is not a findings file written by the runner.
bool ReadFindings(const std::vector<std::string>& inputs, std::vector<FindingCase>* out,
                  std::string* error);

// What one library does wrong, with the clause it breaks; cases deduplicated by their requests.
struct BugClass {
  std::string library, version;
  std::string key;                 // file-name-safe: "kw-wrap-accepts-forbidden-input"
  std::string title;               // "kw-wrap accepts input the standard forbids"
  std::string clause;              // "SP 800-38F §5.3.1, §6.2: KW wrap input must be ..."
  std::vector<FindingCase> cases;  // distinct cases, the smallest first
};

// Sorts the cases into classes, one per (library, operation, kind of deviation, clause).
std::vector<BugClass> ClassifyFindings(const std::vector<FindingCase>& cases);

// How one implementation answered a reproducer's case at report time.
struct Replay {
  std::string backend, version;
  std::string outcome;  // "passes", "fails: ...", "unsupported", "broke: ...", "unavailable: ..."
  bool independent = true;           // false for the library reported on itself
  std::vector<std::string> answers;  // one response line per request line
};

// Runs the smallest case of c on each backend (the library itself among them when it can be made)
// and renders the report.
std::vector<Replay> ReplaySmallest(const BugClass& c,
                                   const std::vector<oracles::Backend*>& backends);
std::string RenderReport(const BugClass& c, const std::vector<Replay>& replays);

// The request lines (oracles/PROTOCOL.md) a case sends, the hello line first.
std::vector<std::string> RequestLines(const TestCase& c);

}  // namespace ariasuite::conformance

#endif  // ARIASUITE_CONFORMANCE_FINDINGS_REPORT_H_
