// Third-party findings written as reproducer vector files.
#ifndef ARIASUITE_CONFORMANCE_FINDINGS_H_
#define ARIASUITE_CONFORMANCE_FINDINGS_H_

#include <string>
#include <vector>

#include "conformance/runner.h"

namespace ariasuite::conformance {

// Writes one Wycheproof-schema reproducer per (oracle, file, algorithm) with the failed cases
// into dir; returns the paths written (empty when nothing failed), or sets *error.
std::vector<std::string> WriteFindings(const FileResult& r, const std::string& dir,
                                       std::string* error);

}  // namespace ariasuite::conformance

#endif  // ARIASUITE_CONFORMANCE_FINDINGS_H_
