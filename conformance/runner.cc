// The runner's judging: every case of a file on every backend (case_checks.h), each oracle failure
// judged by verdict.h's rule against the vector file and the implementations under test (a
// third-party finding only when they pass the case), and one PairVerdict per file x backend.
#include "conformance/runner.h"

#include <string>

namespace ariasuite::conformance {

using oracles::ModeName;

namespace {

std::string Flags(const TestCase& c) {
  std::string s = "[";
  for (size_t i = 0; i < c.flags.size(); ++i) s += (i ? "," : "") + c.flags[i];
  return s + "]";
}

// verdict.h's rule on one case: the vector file (an independent source: a file is trusted only
// where two independent implementations agreed on it) and each backend that answered, with
// "passed the case" as one answer and every failure or error as an answer of its own.
Blame JudgeCase(const std::vector<PairResult>& pairs, size_t case_index, size_t failing_pair) {
  std::vector<Vote> votes;
  votes.push_back({"vector file", false, 0, false});
  bool have_ours = false;
  for (size_t k = 0; k < pairs.size(); ++k) {
    const PairResult& p = pairs[k];
    if (p.outcomes.size() <= case_index) continue;
    const CaseOutcome o = p.outcomes[case_index];
    if (o == CaseOutcome::kUnsupported) continue;
    have_ours |= p.under_test;
    votes.push_back(
        {p.backend, p.under_test, o == CaseOutcome::kPass ? 0 : 1 + static_cast<int>(k), false});
  }
  // No implementation under test answered: the vector file alone is the reference.
  if (!have_ours) return pairs[failing_pair].under_test ? Blame::kOurs : Blame::kThirdParty;
  return Judge(votes).blame;
}

}  // namespace

FileResult RunFile(const VectorFile& file, const std::vector<SelectedBackend>& backends,
                   const CaseCallback& on_case) {
  FileResult fr;
  fr.file = &file;
  for (const SelectedBackend& sb : backends) {
    PairResult p;
    p.backend = sb.backend->name();
    p.under_test = sb.under_test;
    p.may_skip = sb.may_skip;
    p.skip_reason = sb.backend->unavailable();
    if (!p.skip_reason) {
      sb.backend->BeginFile();
      for (const TestCase& c : file.cases) {
        if (on_case) on_case(p.backend, p.outcomes.size(), file.cases.size());
        CaseResult cr = RunCase(*sb.backend, c);
        p.outcomes.push_back(cr.outcome);
        switch (cr.outcome) {
          case CaseOutcome::kPass: ++p.passed; break;
          case CaseOutcome::kUnsupported:
            ++p.unsupported;
            if (p.unsupported_example.empty()) {
              p.unsupported_op = cr.message + " " + ModeName(c.mode);
              p.unsupported_example = p.unsupported_op + " (" + c.where + ")";
            }
            break;
          case CaseOutcome::kFail:
            ++p.failed;
            p.failures.push_back("FAIL " + p.backend + " " + c.where + " " + Flags(c) + " " +
                                 cr.message);
            break;
          case CaseOutcome::kError:
            ++p.errors;
            p.failures.push_back("BROKE " + p.backend + " " + c.where + " " + cr.message);
            if (p.first_error.empty()) p.first_error = c.where + ": " + cr.message;
            break;
        }
      }
      p.version = sb.backend->version();
    }
    fr.pairs.push_back(std::move(p));
  }
  // Judge each oracle failure: a finding about that library only when the implementations under
  // test side with the vector file on that case.
  for (size_t k = 0; k < fr.pairs.size(); ++k) {
    PairResult& p = fr.pairs[k];
    if (p.under_test) continue;
    for (size_t i = 0; i < p.outcomes.size(); ++i) {
      // A case the oracle broke on (its adapter died, timed out) says nothing about the library.
      if (p.outcomes[i] != CaseOutcome::kFail) continue;
      if (JudgeCase(fr.pairs, i, k) == Blame::kThirdParty) {
        ++p.third_party;
        p.failed_cases.push_back(&file.cases[i]);
      }
    }
  }
  return fr;
}

PairVerdict VerdictOf(const PairResult& p) {
  const bool nothing = p.under_test && !p.may_skip;
  if (p.skip_reason) return nothing ? PairVerdict::kNothingRan : PairVerdict::kSkipped;
  if (p.failed > 0) return PairVerdict::kFailed;
  if (p.errors > 0) return PairVerdict::kBroke;
  if (p.passed == 0) return p.under_test ? PairVerdict::kNothingRan : PairVerdict::kSkipped;
  if (p.unsupported > 0) return PairVerdict::kPartial;
  return PairVerdict::kPassed;
}

const char* VerdictName(PairVerdict v) {
  switch (v) {
    case PairVerdict::kPassed: return "passed";
    case PairVerdict::kFailed: return "FAILED";
    case PairVerdict::kBroke: return "BROKE";
    case PairVerdict::kPartial: return "partial";
    case PairVerdict::kSkipped: return "SKIP";
    case PairVerdict::kNothingRan: return "NOT RUN";
  }
  return "?";
}

std::string NotRunReason(const PairResult& p) {
  if (p.skip_reason) return *p.skip_reason;
  if (p.errors > 0) {
    return "broke on " + std::to_string(p.errors) + " case(s), first " + p.first_error;
  }
  if (p.passed == 0 && p.failed == 0) {
    if (p.unsupported == 0) return "the file has no case to run";
    return "no case supported (the backend answers 'unsupported', e.g. to " + p.unsupported_op +
           ")";
  }
  return "";
}

FailureSplit SplitFailures(const PairResult& p) {
  if (p.under_test) return {};
  return {p.third_party, p.failed - p.third_party};
}

}  // namespace ariasuite::conformance
