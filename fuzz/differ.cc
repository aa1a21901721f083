// Cross-backend comparison, majority verdict and the mismatch report (see differ.h).
#include "fuzz/differ.h"

#include <cpuid.h>

#include <cstdio>
#include <cstdlib>

#include "fuzz/allowlist.h"
#include "fuzz/reproducer.h"
#include "impl/dispatch.h"

namespace ariasuite::fuzz {
namespace {

bool SameAnswer(const Result& a, const Result& b) {
  // A backend that broke (Result::error) agrees with nobody.
  if (!a.error.empty() || !b.error.empty()) return false;
  if (a.accepted != b.accepted) return false;
  if (!a.accepted) return true;  // Two refusals agree whatever their detail says.
  return a.output == b.output && a.tag == b.tag;
}

}  // namespace

std::string CpuAndPaths() {
  unsigned a, b, c, d;
  std::string s = "cpu:";
  if (__get_cpuid(1, &a, &b, &c, &d)) {
    if (c & (1u << 25)) s += " aes";
    if (c & (1u << 1)) s += " pclmulqdq";
    if (c & (1u << 28)) s += " avx";
  }
  if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
    if (b & (1u << 5)) s += " avx2";
    if (c & (1u << 8)) s += " gfni";
    if (c & (1u << 9)) s += " vaes";
    if (c & (1u << 10)) s += " vpclmulqdq";
    if (b & (1u << 16)) s += " avx512f";
    if (b & (1u << 30)) s += " avx512bw";
    if (b & (1u << 31)) s += " avx512vl";
  }
  s += "; paths:";
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

void Differ::Input(const std::string& name, const conformance::Bytes& value) {
  inputs_.emplace_back(name, conformance::Hex(value) + " (" + std::to_string(value.size()) +
                                 " bytes)");
}

void Differ::Add(const std::string& backend, bool ours, const std::optional<Result>& result) {
  answers_.push_back({backend, ours, result});
}

std::string Differ::Compare(std::string* report, std::optional<Result>* majority,
                            std::string* third_party_odd) {
  // A refused open (or any refusal) must not hand out plaintext.
  for (const Answer& a : answers_) {
    if (a.result && !a.result->accepted && !a.result->output.empty()) {
      if (report != nullptr) {
        *report = "  verdict: " + a.backend + " refused but returned " +
                  std::to_string(a.result->output.size()) + " output bytes\n";
      }
      return "ARIA_MISMATCH " + operation_ + " " + a.backend + " vs released-output-on-refusal";
    }
  }
  // Groups of equal answers among the selected backends, in the order they were added.
  auto group = [&](auto&& selected) {
    std::vector<std::vector<size_t>> groups;
    for (size_t i = 0; i < answers_.size(); ++i) {
      const Answer& a = answers_[i];
      if (!a.result || a.set_aside || !selected(a)) continue;
      bool placed = false;
      for (auto& g : groups) {
        if (SameAnswer(*answers_[g[0]].result, *a.result)) {
          g.push_back(i);
          placed = true;
          break;
        }
      }
      if (!placed) groups.push_back({i});
    }
    return groups;
  };
  for (;;) {
    std::vector<std::vector<size_t>> groups;
    // Our paths agree with each other exactly, refusals included; when they do not, the verdict
    // is taken over every answer.
    if (group([](const Answer& a) { return a.ours; }).size() > 1) {
      groups = group([](const Answer&) { return true; });
    } else {
      groups = group([&](const Answer& a) { return !ignore_refusals_ || a.result->accepted; });
    }
    if (groups.size() <= 1) return "";

    // Majority verdict: the largest group wins when it is strictly the largest and has at least
    // two members; a lone backend outside it is the odd one out.
    size_t best = 0;
    bool tie = false;
    for (size_t g = 1; g < groups.size(); ++g) {
      if (groups[g].size() > groups[best].size()) {
        best = g;
        tie = false;
      } else if (groups[g].size() == groups[best].size()) {
        tie = true;
      }
    }
    std::vector<size_t> outside;
    for (size_t g = 0; g < groups.size(); ++g) {
      if (g != best) outside.insert(outside.end(), groups[g].begin(), groups[g].end());
    }
    const bool has_majority = !tie && groups[best].size() >= 2;
    // Third-party backends outside the largest group (every backend when there is none) whose
    // finding the allowlist covers for these parameters are set aside, and the rest compared again.
    bool set_aside_any = false;
    const auto& entries = allowlist_ != nullptr ? *allowlist_ : BuiltinAllowlist();
    for (size_t g = 0; g < groups.size(); ++g) {
      if (has_majority && g == best) continue;
      for (size_t i : groups[g]) {
        const AllowEntry* entry = nullptr;
        if (!answers_[i].ours &&
            Allowed(entries, operation_, answers_[i].backend, params_, &entry)) {
          answers_[i].set_aside = true;
          set_aside_any = true;
          used_allowlist_ = true;
          notes_.push_back("allowlisted (fuzz/allowlist.txt:" + std::to_string(entry->line) +
                           "): " + answers_[i].backend + ": " + entry->reason);
        }
      }
    }
    if (set_aside_any) continue;
    std::string first, second, verdict;
    if (has_majority && majority != nullptr) *majority = answers_[groups[best][0]].result;
    if (has_majority && outside.size() == 1 && !answers_[outside[0]].ours &&
        third_party_odd != nullptr) {
      *third_party_odd = answers_[outside[0]].backend;
    }
    if (has_majority) {
      first = answers_[outside[0]].backend;
      second = answers_[groups[best][0]].backend;
      if (outside.size() == 1) {
        verdict = "odd one out: " + first +
                  (answers_[outside[0]].ours ? " (our code: a bug to fix)"
                                             : " (third-party: a finding about that library)");
      } else {
        verdict = "majority of " + std::to_string(groups[best].size()) + " (led by " + second +
                  ") against " + std::to_string(outside.size()) + " others";
      }
    } else {
      first = answers_[groups[0][0]].backend;
      second = answers_[groups[1][0]].backend;
      verdict = "no majority: " + std::to_string(groups.size()) + " different answers";
    }
    if (report != nullptr) {
      *report = "  verdict: " + verdict + "\n";
      for (size_t g = 0; g < groups.size(); ++g) {
        *report += "  answer group " + std::to_string(g + 1) + ":";
        for (size_t i : groups[g]) *report += " " + answers_[i].backend;
        *report += "\n";
      }
    }
    return "ARIA_MISMATCH " + operation_ + " " + first + " vs " + second;
  }
}

std::string Differ::Verdict() { return Compare(nullptr); }

void Differ::Check() {
  std::string report;
  std::optional<Result> majority;
  std::string odd;
  const std::string first = Compare(&report, &majority, &odd);
  if (first.empty()) {
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
  if (!odd.empty() && request_) {
    const std::string path = WriteReproducer(*request_, majority, odd, first);
    report += path.empty() ? "  reproducer: not written (set ARIASUITE_FUZZ_FINDINGS_DIR)\n"
                           : "  reproducer: " + path + "\n";
  }
  std::string out = first + "\n";
  out += "  operation: " + operation_ + "\n";
  for (const auto& [name, value] : params_) {
    out += "  param " + name + " = " + std::to_string(value) + "\n";
  }
  for (const auto& [name, hex] : inputs_) out += "  input " + name + ": " + hex + "\n";
  for (const std::string& n : notes_) out += "  note: " + n + "\n";
  if (ignore_refusals_) out += "  refusals not compared: " + *ignore_refusals_ + "\n";
  for (const Answer& a : answers_) {
    out += "  answer " + a.backend + (a.ours ? " (ours)" : "") +
           (a.set_aside ? " (set aside by the allowlist)" : "") + ": " +
           conformance::DescribeResult(a.result) +
           (a.result && !a.result->error.empty() ? " [backend error: " + a.result->error + "]" : "") +
           "\n";
  }
  out += report;
  out += "  " + CpuAndPaths() + "\n";
  std::fputs(out.c_str(), stderr);
  std::fflush(stderr);
  std::abort();
}

}  // namespace ariasuite::fuzz
