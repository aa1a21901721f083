// The JUnit XML report of a run, for CI systems that show test results.
#ifndef ARIASUITE_CONFORMANCE_REPORT_JUNIT_H_
#define ARIASUITE_CONFORMANCE_REPORT_JUNIT_H_

#include <string>
#include <vector>

#include "conformance/runner.h"

namespace ariasuite::conformance {

// JUnit XML: a testsuite per file, a testcase per backend (failure / skipped elements).
std::string JunitXml(const std::vector<FileResult>& results);

}  // namespace ariasuite::conformance

#endif  // ARIASUITE_CONFORMANCE_REPORT_JUNIT_H_
