// Cross-backend comparison under the agreement rule of conformance/verdict.h, and the reports
// (see differ.h).
#include "fuzz/differ.h"

#include <cstdio>
#include <cstdlib>
#include <map>

#include "conformance/verdict.h"
#include "fuzz/allowlist.h"
#include "fuzz/reproducer.h"
#include "impl/cpu_features.h"
#include "impl/dispatch.h"
#include "vectors/model/hex.h"

namespace ariasuite::fuzz {
namespace {

bool SameAnswer(const Result& a, const Result& b) {
  // A backend that broke (Result::error) or a library that crashed (Result::crashed) agrees with
  // nobody: a crash is never the answer of another library, nor a refusal.
  if (!a.error.empty() || !b.error.empty() || a.crashed || b.crashed) return false;
  if (a.accepted != b.accepted) return false;
  if (!a.accepted) return true;  // Two refusals agree whatever their detail says.
  return a.output == b.output && a.tag == b.tag;
}

}  // namespace

std::string CpuAndPaths() {
  std::string s = "cpu: " + CpuFeatureNames(HostCpuFeatures()) + "; paths:";
  for (Impl impl : AllImpls()) {
    std::string missing;
    s += " ";
    s += ImplName(impl);
    if (!IsSupported(impl, &missing)) s += "(unsupported: " + missing + ")";
  }
  s += "; default path: ";
  s += ImplName(DefaultImpl());
  return s;
}

void Differ::Input(const std::string& name, const oracles::Bytes& value) {
  // Kept as bytes: the hex is written only by a report (most inputs agree and need none).
  inputs_.emplace_back(name, value);
}

void Differ::Add(const std::string& backend, bool ours, const std::optional<Result>& result) {
  answers_.push_back({backend, ours, result});
}

// Whether a reviewed allowlist entry covers this third-party answer for these parameters; if so,
// the answer is marked set aside and the entry noted for the report.
bool Differ::SetAside(size_t answer_index) {
  Answer& a = answers_[answer_index];
  const auto& entries = allowlist_ != nullptr ? *allowlist_ : BuiltinAllowlist();
  const AllowEntry* entry = nullptr;
  if (a.ours || !Allowed(entries, operation_, a.backend, params_, &entry)) return false;
  a.set_aside = true;
  used_allowlist_ = true;
  notes_.push_back("allowlisted (fuzz/allowlist.txt:" + std::to_string(entry->line) +
                   "): " + a.backend + ": " + entry->reason);
  return true;
}

// Groups equal answers: the id of each answer's group (-1 for no answer).
std::vector<int> Differ::AnswerIds(bool with_refusals) const {
  std::vector<int> ids(answers_.size(), -1);
  int next = 0;
  for (size_t i = 0; i < answers_.size(); ++i) {
    const Answer& a = answers_[i];
    if (!a.result || (!with_refusals && oracles::IsRefusal(*a.result))) {
      continue;
    }
    for (size_t k = 0; k < i && ids[i] < 0; ++k) {
      if (ids[k] >= 0 && SameAnswer(*answers_[k].result, *a.result)) ids[i] = ids[k];
    }
    if (ids[i] < 0) ids[i] = next++;
  }
  return ids;
}

Differ::Outcome Differ::Judged() {
  Outcome o;
  // A refusal must not hand out output (plaintext of a failed open, say).
  for (const Answer& a : answers_) {
    if (a.result && oracles::IsRefusal(*a.result) && !a.result->output.empty()) {
      o.blame = a.ours ? conformance::Blame::kOurs : conformance::Blame::kThirdParty;
      o.first = a.backend;
      o.second = "released-output-on-refusal";
      o.reason = a.backend + " refused but returned " + std::to_string(a.result->output.size()) +
                 " output bytes";
      if (!a.ours) {
        o.odd = {a.backend};
        for (const Answer& b : answers_) {
          if (b.ours && b.result) {
            o.second = b.backend;
            o.majority = b.result;
            break;
          }
        }
        o.reason += " (a refusal must not release output)";
      }
      return o;
    }
  }
  // Rule 1 of conformance/verdict.h: our paths agree exactly, refusals included.
  std::vector<int> ids = AnswerIds(/*with_refusals=*/true);
  std::vector<conformance::Vote> votes;
  std::vector<size_t> index;  // votes[k] is answers_[index[k]]
  for (size_t i = 0; i < answers_.size(); ++i) {
    if (ids[i] < 0 || !answers_[i].ours) continue;
    votes.push_back({answers_[i].backend, true, ids[i], false});
    index.push_back(i);
  }
  conformance::Judgement j = conformance::Judge(votes);
  if (j.blame == conformance::Blame::kNone) {
    // Rules 2 and 3: our vote against the independent answers. Outside the parameters every
    // library takes, refusals are a policy difference and are left out of this comparison.
    if (ignore_refusals_) ids = AnswerIds(/*with_refusals=*/false);
    votes.clear();
    index.clear();
    bool have_ours = false;
    for (size_t i = 0; i < answers_.size(); ++i) {
      if (ids[i] < 0) continue;
      have_ours |= answers_[i].ours;
      votes.push_back({answers_[i].backend, answers_[i].ours, ids[i], false});
      index.push_back(i);
    }
    if (!have_ours) return IndependentMajority(votes, index);
    const int our_answer = [&] {
      for (const auto& v : votes) {
        if (v.ours) return v.answer;
      }
      return -1;
    }();
    for (size_t k = 0; k < votes.size(); ++k) {
      if (!votes[k].ours && votes[k].answer != our_answer) votes[k].set_aside = SetAside(index[k]);
    }
    j = conformance::Judge(votes);
  }
  o.blame = j.blame;
  o.reason = j.reason;
  if (j.blame == conformance::Blame::kNone) return o;
  o.first = votes[j.odd[0]].backend;
  if (j.blame == conformance::Blame::kOurs) {
    // Name the answer ours disagrees with: the other path, else the first independent answer
    // that differs from ours (or the one the allowlist set aside).
    if (j.odd.size() > 1 && votes[j.odd[1]].answer != votes[j.odd[0]].answer) {
      o.second = votes[j.odd[1]].backend;
    } else {
      for (const auto& v : votes) {
        if (!v.ours && v.answer != votes[j.odd[0]].answer) {
          o.second = v.backend;
          break;
        }
      }
    }
  } else {
    o.second = votes[j.agreeing[0]].backend;
    for (size_t k : j.odd) o.odd.push_back(votes[k].backend);
    o.majority = answers_[index[j.agreeing[0]]].result;
  }
  return o;
}

// No answer of ours to compare with (our paths refused outside the common domain): independent
// answers that still differ are judged by a strict majority of at least two, and only ever as a
// third-party finding.
Differ::Outcome Differ::IndependentMajority(const std::vector<conformance::Vote>& votes,
                                            const std::vector<size_t>& index) {
  Outcome o;
  std::map<int, std::vector<size_t>> groups;
  for (size_t k = 0; k < votes.size(); ++k) groups[votes[k].answer].push_back(k);
  if (groups.size() <= 1) return o;
  int best = -1;
  size_t best_size = 0;
  bool tie = false;
  for (const auto& [id, members] : groups) {
    if (members.size() > best_size) {
      best = id;
      best_size = members.size();
      tie = false;
    } else if (members.size() == best_size) {
      tie = true;
    }
  }
  if (tie || best_size < 2) {
    o.reason = "independent answers differ with no majority and no answer of ours";
    return o;  // nobody to side with: not a finding
  }
  // Reviewed findings outside the majority are set aside, as in Judged().
  for (const auto& [id, members] : groups) {
    if (id == best) continue;
    for (size_t k : members) {
      if (!SetAside(index[k])) o.odd.push_back(votes[k].backend);
    }
  }
  if (o.odd.empty()) return o;
  o.blame = conformance::Blame::kThirdParty;
  o.first = o.odd[0];
  o.second = votes[groups[best][0]].backend;
  o.majority = answers_[index[groups[best][0]]].result;
  o.reason = "no answer of ours to compare (refusals left out); a majority of " +
             std::to_string(best_size) + " independent answers led by " + o.second;
  return o;
}

std::string Differ::Verdict() {
  const Outcome o = Judged();
  switch (o.blame) {
    case conformance::Blame::kNone: return "";
    case conformance::Blame::kOurs:
      return "ARIA_MISMATCH " + operation_ + " " + o.first + " vs " + o.second;
    case conformance::Blame::kThirdParty:
      return "ARIA_THIRD_PARTY " + operation_ + " " + o.first + " vs " + o.second;
  }
  return "";
}

std::string Differ::Report(const Outcome& o) const {
  std::string out = "  operation: " + operation_ + "\n";
  for (const auto& [name, value] : params_) {
    out += "  param " + name + " = " + std::to_string(value) + "\n";
  }
  for (const auto& [name, bytes] : inputs_) {
    out += "  input " + name + ": " + model::Hex(bytes) + " (" + std::to_string(bytes.size()) +
           " bytes)\n";
  }
  for (const std::string& n : notes_) out += "  note: " + n + "\n";
  if (ignore_refusals_)
    out += "  refusals not compared across libraries: " + *ignore_refusals_ + "\n";
  for (const Answer& a : answers_) {
    out +=
        "  answer " + a.backend + (a.ours ? " (ours)" : "") +
        (a.set_aside ? " (set aside by the allowlist)" : "") + ": " +
        oracles::DescribeResult(a.result) +
        (a.result && !a.result->error.empty() ? " [backend error: " + a.result->error + "]" : "") +
        "\n";
  }
  out += std::string("  verdict: ") +
         (o.blame == conformance::Blame::kOurs ? "ours is wrong (our code: a bug to fix): "
                                               : "third-party finding: ") +
         o.reason + "\n";
  out += "  " + CpuAndPaths() + "\n";
  return out;
}

void Differ::Check() {
  const Outcome o = Judged();
  if (o.blame == conformance::Blame::kNone) {
    // ARIASUITE_FUZZ_VERBOSE=1: one line per comparison, for checking what inputs reach.
    static const bool verbose = std::getenv("ARIASUITE_FUZZ_VERBOSE") != nullptr;
    if (verbose) {
      std::string line = "agree " + operation_;
      for (const auto& [name, value] : params_) line += " " + name + "=" + std::to_string(value);
      for (const std::string& n : notes_) line += " | " + n;
      size_t supported = 0;
      for (const Answer& a : answers_) supported += a.result.has_value() ? 1 : 0;
      line += " | " + std::to_string(supported) + " answers\n";
      std::fputs(line.c_str(), stderr);
    }
    return;
  }
  if (o.blame == conformance::Blame::kThirdParty) {
    // A finding about another library: recorded, and the fuzzer goes on. Each (operation,
    // library) is reported once per process; later ones are only counted.
    for (const std::string& odd : o.odd) {
      ThirdPartyRecord& rec = ThirdPartyRecords()[operation_ + " " + odd];
      if (rec.count++ > 0) continue;
      std::string out = "ARIA_THIRD_PARTY " + operation_ + " " + odd + " vs " + o.second + "\n";
      if (request_) {
        const std::string path = WriteReproducer(*request_, o.majority, odd,
                                                 "ARIA_THIRD_PARTY " + operation_ + " " + odd);
        out += path.empty() ? "  reproducer: not written (set ARIASUITE_FUZZ_FINDINGS_DIR)\n"
                            : "  reproducer: " + path + "\n";
      }
      out += Report(o);
      std::fputs(out.c_str(), stderr);
      std::fflush(stderr);
    }
    return;
  }
  std::string out = "ARIA_MISMATCH " + operation_ + " " + o.first + " vs " + o.second + "\n";
  out += Report(o);
  std::fputs(out.c_str(), stderr);
  std::fflush(stderr);
  std::abort();
}

std::map<std::string, ThirdPartyRecord>& ThirdPartyRecords() {
  static auto* records = new std::map<std::string, ThirdPartyRecord>;
  return *records;
}

}  // namespace ariasuite::fuzz
