// The text reports of a run: a block per vector file and the final verdict table.
#ifndef ARIASUITE_CONFORMANCE_REPORT_TEXT_H_
#define ARIASUITE_CONFORMANCE_REPORT_TEXT_H_

#include <ostream>
#include <string>
#include <vector>

#include "conformance/runner.h"

namespace ariasuite::conformance {

// What the run was asked for, so that the reports point only at outputs that exist.
struct ReportOptions {
  int max_failures = 20;     // failure lines printed per file and backend
  std::string junit;         // --junit FILE, empty when not asked for
  std::string findings_dir;  // where reproducers of third-party findings are written
};

// Per-file block: one line per backend with counts and notes (an oracle's failures split into
// third-party findings and not, by SplitFailures), then up to max_failures failure lines per
// backend.
void PrintFileReport(const FileResult& r, const ReportOptions& options, std::ostream& out);

// The final matrix: rows = vector files, columns = backends, cells "311/311", "FAIL 3",
// "FAIL 9, BROKE 3", "BROKE 3", "SKIP", "200/311*" (* = some cases unsupported), then the notes
// behind each kind of cell.
void PrintVerdictTable(const std::vector<FileResult>& results, const ReportOptions& options,
                       std::ostream& out);

}  // namespace ariasuite::conformance

#endif  // ARIASUITE_CONFORMANCE_REPORT_TEXT_H_
