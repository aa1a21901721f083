// The agreement rule of verdict.h.
#include "conformance/verdict.h"

namespace ariasuite::conformance {
namespace {

std::string Names(const std::vector<Vote>& votes, const std::vector<size_t>& which) {
  std::string s;
  for (size_t i = 0; i < which.size(); ++i) s += (i ? ", " : "") + votes[which[i]].backend;
  return s;
}

}  // namespace

const char* BlameName(Blame blame) {
  switch (blame) {
    case Blame::kNone: return "none";
    case Blame::kOurs: return "ours";
    case Blame::kThirdParty: return "third-party";
  }
  return "?";
}

Judgement Judge(const std::vector<Vote>& votes) {
  Judgement j;
  std::vector<size_t> ours;
  for (size_t i = 0; i < votes.size(); ++i) {
    if (votes[i].ours) ours.push_back(i);
  }
  if (ours.empty()) {
    j.reason = "no answer of ours to judge";
    return j;
  }
  // Rule 1: our paths are one vote, so they must agree among themselves first.
  const int our_answer = votes[ours[0]].answer;
  std::vector<size_t> dissent;
  for (size_t i : ours) {
    if (votes[i].answer != our_answer) dissent.push_back(i);
  }
  if (!dissent.empty()) {
    j.blame = Blame::kOurs;
    j.odd = dissent;
    j.odd.push_back(ours[0]);
    j.reason = "our paths disagree with each other (" + votes[dissent[0]].backend + " vs " +
               votes[ours[0]].backend + ")";
    return j;
  }
  // Rule 2 and 3: independent answers, set aside or not.
  std::vector<size_t> odd, set_aside_odd;
  for (size_t i = 0; i < votes.size(); ++i) {
    if (votes[i].ours) continue;
    if (votes[i].answer == our_answer) {
      if (!votes[i].set_aside) j.agreeing.push_back(i);
    } else {
      (votes[i].set_aside ? set_aside_odd : odd).push_back(i);
    }
  }
  if (odd.empty() && set_aside_odd.empty()) return j;
  if (j.agreeing.empty()) {
    j.blame = Blame::kOurs;
    j.odd = ours;
    if (odd.empty()) {
      j.reason = "the allowlist set aside " + Names(votes, set_aside_odd) +
                 ", and no other independent answer confirms ours";
    } else {
      j.reason = "no independent answer agrees with ours: " + Names(votes, odd) +
                 (odd.size() == 1 ? " disagrees" : " disagree");
    }
    return j;
  }
  if (odd.empty()) {
    j.reason = Names(votes, set_aside_odd) + " set aside by the allowlist; " +
               Names(votes, j.agreeing) + (j.agreeing.size() == 1 ? " agrees" : " agree") +
               " with ours";
    return j;
  }
  j.blame = Blame::kThirdParty;
  j.odd = odd;
  j.reason = Names(votes, odd) + (odd.size() == 1 ? " disagrees" : " disagree") +
             " with ours, and " + Names(votes, j.agreeing) +
             (j.agreeing.size() == 1 ? " agrees" : " agree") + " with ours";
  return j;
}

}  // namespace ariasuite::conformance
