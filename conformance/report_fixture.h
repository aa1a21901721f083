// One hand-made FileResult holding every PairVerdict once, for the report renderers' tests.
#ifndef ARIASUITE_CONFORMANCE_REPORT_FIXTURE_H_
#define ARIASUITE_CONFORMANCE_REPORT_FIXTURE_H_

#include "conformance/runner.h"

namespace ariasuite::conformance {

// A three-case file "dir/x_test.json" and one pair per verdict, in PairVerdict's order: "good"
// passed, "bad" failed one case (a third-party finding), "dead" broke, "half" partial, "gone"
// skipped, "ours" (under test) nothing ran.
inline FileResult EveryVerdict(VectorFile* file) {
  file->path = "dir/x_test.json";
  file->format = "wycheproof";
  file->algorithm = "ARIA-GCM";
  file->cases.resize(3);
  FileResult r;
  r.file = file;
  PairResult p;
  p.backend = "good";
  p.passed = 3;
  r.pairs.push_back(p);
  p.backend = "bad";
  p.passed = 2;
  p.failed = p.third_party = 1;
  p.failures = {"FAIL bad x:tcId 2 [] gcm-open: expected a refusal, got output=aa"};
  r.pairs.push_back(p);
  p = PairResult{};
  p.backend = "dead";
  p.errors = 3;
  p.first_error = "x:tcId 1: gcm-seal: backend error: gone";
  r.pairs.push_back(p);
  p = PairResult{};
  p.backend = "half";
  p.passed = 2;
  p.unsupported = 1;
  p.unsupported_op = "cmac CMAC";
  p.unsupported_example = "cmac CMAC (x:tcId 3)";
  r.pairs.push_back(p);
  p = PairResult{};
  p.backend = "gone";
  p.skip_reason = "library not installed";
  r.pairs.push_back(p);
  p.backend = "ours";
  p.under_test = true;
  p.skip_reason = "adapter died";
  r.pairs.push_back(p);
  return r;
}

}  // namespace ariasuite::conformance

#endif  // ARIASUITE_CONFORMANCE_REPORT_FIXTURE_H_
