// The JUnit XML report: a testsuite per vector file, a testcase per backend, its verdict as a
// failure (failed, broke, an implementation under test that did not run) or skipped element.
#include "conformance/report_junit.h"

#include <sstream>
#include <string>

namespace ariasuite::conformance {

namespace {

std::string Xml(const std::string& s) {
  std::string o;
  for (unsigned char c : s) {
    switch (c) {
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '&': o += "&amp;"; break;
      case '"': o += "&quot;"; break;
      default:
        if (c < 0x20 && c != '\n' && c != '\t') {
          o += ' ';
        } else {
          o.push_back(static_cast<char>(c));
        }
    }
  }
  return o;
}

}  // namespace

std::string JunitXml(const std::vector<FileResult>& results) {
  std::ostringstream o;
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"ariasuite-conformance\">\n";
  for (const FileResult& r : results) {
    int failures = 0, skipped = 0;
    for (const PairResult& p : r.pairs) {
      const PairVerdict v = VerdictOf(p);
      failures +=
          v == PairVerdict::kFailed || v == PairVerdict::kBroke || v == PairVerdict::kNothingRan;
      skipped += v == PairVerdict::kSkipped || v == PairVerdict::kPartial;
    }
    o << "  <testsuite name=\"" << Xml(r.file->path) << "\" tests=\"" << r.pairs.size()
      << "\" failures=\"" << failures << "\" skipped=\"" << skipped << "\">\n";
    for (const PairResult& p : r.pairs) {
      const PairVerdict v = VerdictOf(p);
      o << "    <testcase classname=\"" << Xml(r.file->path) << "\" name=\"" << Xml(p.backend)
        << "\">";
      if (v == PairVerdict::kFailed || v == PairVerdict::kBroke) {
        o << "\n      <failure message=\"" << p.failed << " of " << r.file->cases.size()
          << " cases failed";
        if (p.errors > 0) o << ", broke on " << p.errors;
        o << (SplitFailures(p).findings > 0 ? " (third-party finding)" : "") << "\">";
        for (const std::string& line : p.failures) o << Xml(line) << "\n";
        o << "</failure>\n    ";
      } else if (v == PairVerdict::kNothingRan) {
        o << "\n      <failure message=\"implementation under test did not run: "
          << Xml(NotRunReason(p)) << "\"/>\n    ";
      } else if (v == PairVerdict::kSkipped) {
        o << "\n      <skipped message=\"" << Xml(NotRunReason(p)) << "\"/>\n    ";
      } else if (v == PairVerdict::kPartial) {
        o << "\n      <skipped message=\"" << p.passed << " passed, " << p.unsupported
          << " unsupported: " << Xml(p.unsupported_example) << "\"/>\n    ";
      }
      o << "</testcase>\n";
    }
    o << "  </testsuite>\n";
  }
  o << "</testsuites>\n";
  return o.str();
}

}  // namespace ariasuite::conformance
