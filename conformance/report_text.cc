// The text reports: a block per file (a line per backend, then the failure lines) and the final
// verdict table (vector file x backend) with the reasons behind its SKIP, *, BROKE and FAIL cells.
#include "conformance/report_text.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace ariasuite::conformance {

namespace {

std::string Pad(const std::string& s, size_t w) {
  return s.size() >= w ? s + " " : s + std::string(w - s.size(), ' ');
}

}  // namespace

void PrintFileReport(const FileResult& r, const ReportOptions& options, std::ostream& out) {
  const VectorFile& f = *r.file;
  out << "== " << f.path << " (" << f.format << ", " << f.algorithm << ", " << f.cases.size()
      << " cases)\n";
  for (const std::string& s : f.skipped) out << "  SKIP (not loaded) " << s << "\n";
  if (!f.left_out.empty()) out << "  left out at load: " << f.left_out << "\n";
  for (const PairResult& p : r.pairs) {
    const PairVerdict v = VerdictOf(p);
    out << "  " << Pad(p.backend, 20) << Pad(VerdictName(v), 8);
    if (v == PairVerdict::kSkipped || v == PairVerdict::kNothingRan) {
      out << NotRunReason(p);
      if (v == PairVerdict::kNothingRan) out << "  [implementation under test did not run]";
    } else {
      out << p.passed << " passed, " << p.failed << " failed";
      if (p.errors > 0) out << ", " << p.errors << " broke (first " << p.first_error << ")";
      if (p.unsupported > 0) {
        out << ", " << p.unsupported << " unsupported (e.g. " << p.unsupported_example << ")";
      }
      const FailureSplit split = SplitFailures(p);
      if (split.findings > 0) {
        out << "  [" << split.findings << " third-party finding(s): reproducer in "
            << options.findings_dir << "/]";
      }
      if (split.not_findings > 0) {
        out << "  [" << split.not_findings
            << " failed where an implementation under test failed too: not a finding]";
      }
    }
    out << "\n";
  }
  for (const PairResult& p : r.pairs) {
    int shown = 0;
    for (const std::string& line : p.failures) {
      if (shown++ == options.max_failures) {
        out << "  ... and " << (p.failures.size() - static_cast<size_t>(options.max_failures))
            << " more failures of " << p.backend << " ("
            << (options.junit.empty() ? "--max-failures N prints more" : "all in " + options.junit)
            << ")\n";
        break;
      }
      out << "  " << line << "\n";
    }
  }
}

void PrintVerdictTable(const std::vector<FileResult>& results, const ReportOptions& options,
                       std::ostream& out) {
  if (results.empty()) return;
  std::vector<std::string> names;
  for (const FileResult& r : results) {
    for (const PairResult& p : r.pairs) {
      if (std::find(names.begin(), names.end(), p.backend) == names.end()) {
        names.push_back(p.backend);
      }
    }
  }
  size_t file_w = 4;
  for (const FileResult& r : results) {
    file_w = std::max(file_w, std::filesystem::path(r.file->path).filename().string().size());
  }
  std::vector<size_t> col_w;
  for (const std::string& n : names) col_w.push_back(std::max<size_t>(n.size(), 10) + 1);
  out << "\nVerdict table (cells: passed/total; FAIL n = n cases failed; BROKE n = the backend "
         "broke on n cases (both: FAIL n, BROKE m); SKIP = an oracle that did not run; NOT RUN = "
         "an implementation under test "
         "that "
         "did not run; * = some cases unsupported, not counted as passed)\n";
  out << Pad("file", file_w + 1);
  for (size_t i = 0; i < names.size(); ++i) out << Pad(names[i], col_w[i]);
  out << "\n";
  // Notes per backend, in column order: why cells are SKIP, *, FAIL.
  struct Notes {
    std::vector<std::string> unavailable, unsupported_ops, partial_ops;
    std::vector<std::string> skip_files, partial_files, fail_files, not_run_files, broke_files;
    std::vector<std::string> finding_files, not_finding_files;  // an oracle's FAIL cells
    std::vector<std::string> broke_notes;
    bool under_test = false;
  };
  std::map<std::string, Notes> notes;
  auto add = [](std::vector<std::string>& v, const std::string& x) {
    if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
  };
  for (const FileResult& r : results) {
    out << Pad(std::filesystem::path(r.file->path).filename().string(), file_w + 1);
    for (size_t i = 0; i < names.size(); ++i) {
      std::string cell;
      for (const PairResult& p : r.pairs) {
        if (p.backend != names[i]) continue;
        const int total = static_cast<int>(r.file->cases.size());
        const PairVerdict v = VerdictOf(p);
        const std::string file = std::filesystem::path(r.file->path).filename().string();
        Notes& n = notes[p.backend];
        n.under_test = p.under_test;
        if (v == PairVerdict::kSkipped || v == PairVerdict::kNothingRan) {
          cell = v == PairVerdict::kNothingRan ? "NOT RUN" : "SKIP";
          add(v == PairVerdict::kNothingRan ? n.not_run_files : n.skip_files, file);
          if (p.skip_reason) {
            add(n.unavailable, *p.skip_reason);
          } else {
            add(n.unsupported_ops, NotRunReason(p));
          }
        } else if (v == PairVerdict::kFailed || v == PairVerdict::kBroke) {
          if (p.failed > 0) {
            cell = "FAIL " + std::to_string(p.failed);
            const FailureSplit split = SplitFailures(p);
            if (p.under_test) add(n.fail_files, file);
            if (split.findings > 0) add(n.finding_files, file);
            if (split.not_findings > 0) add(n.not_finding_files, file);
          }
          if (p.errors > 0) {
            cell += (p.failed > 0 ? ", BROKE " : "BROKE ") + std::to_string(p.errors);
            add(n.broke_files, file);
            add(n.broke_notes, p.first_error);
          }
        } else {
          cell =
              std::to_string(p.passed) + "/" + std::to_string(total) + (p.unsupported ? "*" : "");
          if (p.unsupported) {
            add(n.partial_files, file);
            add(n.partial_ops, p.unsupported_op);
          }
        }
      }
      out << Pad(cell.empty() ? "-" : cell, col_w[i]);
    }
    out << "\n";
  }
  auto join = [](const std::vector<std::string>& v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
    return s;
  };
  auto files = [&](const std::vector<std::string>& v) {
    return v.size() > 4 ? std::to_string(v.size()) + " files" : join(v);
  };
  for (const std::string& name : names) {
    const Notes& n = notes[name];
    const std::string tag = n.not_run_files.empty() ? "SKIP " : "NOT RUN ";
    std::vector<std::string> not_run = n.skip_files;
    not_run.insert(not_run.end(), n.not_run_files.begin(), n.not_run_files.end());
    if (!n.unavailable.empty()) {
      out << tag << name << ": " << join(n.unavailable) << " [" << files(not_run) << "]\n";
    } else if (!not_run.empty()) {
      out << tag << name << ": " << join(n.unsupported_ops) << " [" << files(not_run) << "]\n";
    }
    if (!n.broke_files.empty()) {
      out << "BROKE " << name << ": " << join(n.broke_notes) << " [" << files(n.broke_files)
          << "]\n";
    }
    if (!n.partial_files.empty()) {
      out << "*    " << name << ": some cases unsupported (e.g. " << join(n.partial_ops) << ") ["
          << files(n.partial_files) << "]\n";
    }
    if (!n.fail_files.empty()) {
      out << "FAIL " << name << " (implementation under test): " << files(n.fail_files) << "\n";
    }
    if (!n.finding_files.empty()) {
      out << "FAIL " << name << " (third-party finding; reproducers in " << options.findings_dir
          << "/): " << files(n.finding_files) << "\n";
    }
    if (!n.not_finding_files.empty()) {
      out << "FAIL " << name
          << " (not a finding: an implementation under test failed the same cases): "
          << files(n.not_finding_files) << "\n";
    }
  }
}

}  // namespace ariasuite::conformance
