// The text reports of a run: a block per vector file and the final verdict table.
#ifndef ARIASUITE_CONFORMANCE_REPORT_TEXT_H_
#define ARIASUITE_CONFORMANCE_REPORT_TEXT_H_

#include <ostream>
#include <vector>

#include "conformance/runner.h"

namespace ariasuite::conformance {

// Per-file block: one line per backend with counts and notes, then up to max_failures failure
// lines per backend.
void PrintFileReport(const FileResult& r, int max_failures, std::ostream& out);

// The final matrix: rows = vector files, columns = backends, cells "311/311", "FAIL 3", "SKIP",
// "200/311*" (* = some cases unsupported), then the skip reasons.
void PrintVerdictTable(const std::vector<FileResult>& results, std::ostream& out);

}  // namespace ariasuite::conformance

#endif  // ARIASUITE_CONFORMANCE_REPORT_TEXT_H_
