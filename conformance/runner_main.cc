// `tools/ariasuite conformance`: runs vector files of any supported format against our
// implementation paths and the oracle libraries, prints a table per file and a final verdict
// table, and exits 0 when every implementation under test (--impl) ran and passed, 1 when one
// failed a case, 3 when one did not run (unavailable, broke, or no case of a file supported), 2 on
// a usage or input-file error (one line on stderr naming what and where).
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "conformance/findings.h"
#include "conformance/report_junit.h"
#include "conformance/report_text.h"
#include "conformance/runner.h"
#include "oracles/backend.h"
#include "vectors/loader.h"

namespace ariasuite::conformance {

using oracles::Backend;
using oracles::MakeBackends;

namespace {

constexpr char kUsageHead[] =
    "usage: ariasuite conformance [--impl LIST] [--oracle LIST] [--format F] [--junit FILE]\n"
    "                             [--strict-oracles] [--findings DIR] [--skip-unsupported]\n"
    "                             [--max-failures N] FILE...\n"
    "  --impl LIST       implementations under test, comma-separated (default: ours):\n"
    "                    ours (every path; paths this CPU lacks are SKIP), ours/scalar,\n"
    "                    ours/aesni-avx, ours/aesni-avx2, ours/vaes-avx2, ours/gfni-avx2,\n"
    "                    ours/gfni-avx512, exec:PROGRAM, none\n";

constexpr char kUsageTail[] =
    "  --format F        auto (default), wycheproof, cavp, evp, testmgr, botan, cryptopp,\n"
    "                    cryptopp-dat, mbedtls\n"
    "  --junit FILE      also write JUnit XML (a testsuite per file, a testcase per backend)\n"
    "  --strict-oracles  an oracle failure fails the run too (exit 1)\n"
    "  --findings DIR    where oracle failures are written as reproducer vector files\n"
    "                    (default: ./ariasuite-findings, created only when needed)\n"
    "  --skip-unsupported  list cases of modes the runner does not support as skipped instead\n"
    "                    of failing the file (e.g. ARIA-128-CFB stanzas of evpciph_aria.txt)\n"
    "  --max-failures N  failure lines printed per file and backend (default 20); the rest\n"
    "                    are counted in one line and are all in the --junit file\n"
    "Environment: ARIASUITE_EXEC_TIMEOUT  seconds an exec adapter has to answer a line (a\n"
    "positive number, fractions allowed, default 60). A dying adapter is restarted at most 10\n"
    "times per file; a file running over 10 s prints a progress line on stderr every 10 s.\n"
    "Exit status: 0 every implementation under test ran and none failed; 1 one failed a case\n"
    "(or, with --strict-oracles, an oracle has a third-party finding); 3 nothing tested: an\n"
    "implementation under test did not run (unavailable, e.g. an exec adapter that does not\n"
    "start or answer the hello line; broke on a case, e.g. died or timed out; or answered\n"
    "'unsupported' to every case of a file); 2 usage or input error. With --impl ours, a path\n"
    "this CPU cannot run is SKIP (the others run); --impl ours/PATH for such a path is exit 2.\n";

// The usage text: the --oracle lines are the registry's (oracles::Oracles()), one per oracle.
std::string UsageText() {
  std::string oracle_lines =
      "  --oracle LIST     oracles, comma-separated (default: all; one that cannot run here is\n"
      "                    SKIP with the reason):\n";
  for (const oracles::OracleInfo& o : oracles::Oracles()) {
    std::string name = o.name;
    name.resize(std::max<size_t>(name.size() + 1, 14), ' ');
    oracle_lines += "                      " + name + o.about + "\n";
  }
  oracle_lines += "                    exec:PROGRAM, all, none\n";
  return kUsageHead + oracle_lines + kUsageTail;
}

// A usage error is one line (what is wrong, where the options are listed), exit 2.
int Usage(const std::string& why) {
  std::cerr << "ariasuite conformance: " << why
            << " (usage: ariasuite conformance [OPTION...] FILE...; "
            << "--help lists every option)\n";
  return 2;
}

// While a file runs for longer than kProgressSeconds, one line on stderr every kProgressSeconds
// naming the file, the backend and the case it is on (also while one case hangs), e.g.
// "ariasuite conformance: progress: f.json: exec:p on case 121 of 311 (20 s on this file)".
constexpr int kProgressSeconds = 10;

class ProgressTicker {
 public:
  ProgressTicker() : thread_([this] { Loop(); }) {}
  ~ProgressTicker() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  void StartFile(const std::string& path) {
    std::lock_guard<std::mutex> lock(mu_);
    file_ = path;
    backend_.clear();
    file_start_ = last_line_ = std::chrono::steady_clock::now();
  }
  void EndFile() {
    std::lock_guard<std::mutex> lock(mu_);
    file_.clear();
  }
  void OnCase(const std::string& backend, size_t index, size_t cases) {
    std::lock_guard<std::mutex> lock(mu_);
    backend_ = backend;
    index_ = index;
    cases_ = cases;
  }

 private:
  void Loop() {
    std::unique_lock<std::mutex> lock(mu_);
    while (!stop_) {
      cv_.wait_for(lock, std::chrono::milliseconds(250));
      const auto now = std::chrono::steady_clock::now();
      if (stop_ || file_.empty() || now - last_line_ < std::chrono::seconds(kProgressSeconds)) {
        continue;
      }
      last_line_ = now;
      const auto secs = std::chrono::duration_cast<std::chrono::seconds>(now - file_start_);
      std::cerr << "ariasuite conformance: progress: " << file_ << ": "
                << (backend_.empty() ? std::string("loading") : backend_) << " on case "
                << index_ + 1 << " of " << cases_ << " (" << secs.count() << " s on this file)"
                << std::endl;
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  bool stop_ = false;
  std::string file_, backend_;
  size_t index_ = 0, cases_ = 0;
  std::chrono::steady_clock::time_point file_start_, last_line_;
  std::thread thread_;  // last: started once the members above exist
};

std::vector<std::string> SplitList(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, ',')) {
    if (!cur.empty()) out.push_back(cur);
  }
  return out;
}

int Main(int argc, char** argv) {
  std::string impl_list = "ours", oracle_list = "all", junit, findings = "ariasuite-findings";
  vectors::LoadOptions options;
  bool strict_oracles = false;
  int max_failures = 20;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](std::string* dst) -> bool {
      if (i + 1 >= argc) return false;
      *dst = argv[++i];
      return true;
    };
    std::string v;
    if (a == "-h" || a == "--help") {
      std::cout << UsageText();
      return 0;
    } else if (a == "--impl") {
      if (!value(&impl_list)) return Usage("--impl needs a value");
    } else if (a == "--oracle") {
      if (!value(&oracle_list)) return Usage("--oracle needs a value");
    } else if (a == "--format") {
      if (!value(&v)) return Usage("--format needs a value");
      std::optional<vectors::Format> f = vectors::ParseFormat(v);
      if (!f) {
        std::string names;
        for (int k = 0; k <= vectors::kLastFormat; ++k) {
          names +=
              std::string(k ? ", " : "") + vectors::FormatName(static_cast<vectors::Format>(k));
        }
        return Usage("unknown format '" + v + "' (formats: " + names + ")");
      }
      options.format = *f;
    } else if (a == "--junit") {
      if (!value(&junit)) return Usage("--junit needs a file");
    } else if (a == "--findings") {
      if (!value(&findings)) return Usage("--findings needs a folder");
    } else if (a == "--strict-oracles") {
      strict_oracles = true;
    } else if (a == "--skip-unsupported") {
      options.skip_unsupported = true;
    } else if (a == "--max-failures") {
      if (!value(&v)) return Usage("--max-failures needs a number");
      char* end = nullptr;
      long n = std::strtol(v.c_str(), &end, 10);
      if (v.empty() || *end != '\0' || n < 0) return Usage("--max-failures needs a number");
      max_failures = static_cast<int>(n);
    } else if (a.size() > 1 && a[0] == '-') {
      return Usage("unknown option '" + a + "'");
    } else {
      files.push_back(a);
    }
  }
  if (files.empty()) return Usage("no vector files given");

  // Backends: implementations under test, then oracles.
  std::vector<std::string> impl_names = SplitList(impl_list);
  std::vector<std::string> oracle_names = SplitList(oracle_list);
  if (impl_names == std::vector<std::string>{"none"}) impl_names.clear();
  if (oracle_names == std::vector<std::string>{"none"}) oracle_names.clear();
  for (const std::string& n : impl_names) {
    if (n != "ours" && n.rfind("ours/", 0) != 0 && n.rfind("exec:", 0) != 0) {
      return Usage("--impl takes ours, ours/PATH or exec:PROGRAM, not '" + n + "'");
    }
  }
  for (const std::string& n : oracle_names) {
    if (n == "ours" || n.rfind("ours/", 0) == 0) {
      return Usage("our paths go in --impl, not --oracle ('" + n + "')");
    }
  }
  std::string error;
  // A bad $ARIASUITE_EXEC_TIMEOUT is an input error before any adapter (exec:, boringssl) starts.
  if (!oracles::ExecTimeoutSeconds(&error)) {
    std::cerr << "ariasuite conformance: " << error << "\n";
    return 2;
  }
  std::vector<std::unique_ptr<Backend>> impls = MakeBackends(impl_names, &error);
  if (!error.empty()) return Usage(error);
  std::vector<std::unique_ptr<Backend>> oracles = MakeBackends(oracle_names, &error);
  if (!error.empty()) return Usage(error);
  if (impls.empty() && oracles.empty()) return Usage("no backend selected");
  // A path named explicitly that this CPU cannot run is an error; "ours" reports it as SKIP.
  for (size_t i = 0; i < impl_names.size(); ++i) {
    if (impl_names[i].rfind("ours/", 0) != 0) continue;
    for (const auto& b : impls) {
      if (b->name() == impl_names[i] && b->unavailable()) {
        std::cerr << "ariasuite conformance: --impl " << impl_names[i] << ": " << *b->unavailable()
                  << "\n";
        return 2;
      }
    }
  }
  std::vector<SelectedBackend> selected;
  std::set<std::string> seen;
  const bool all_ours = std::find(impl_names.begin(), impl_names.end(), "ours") != impl_names.end();
  for (auto& b : impls) {
    // With --impl ours, a path this CPU cannot run is a SKIP: the other paths still run.
    const bool cpu_path = all_ours && b->is_ours();
    if (seen.insert(b->name()).second) selected.push_back({b.get(), true, cpu_path});
  }
  for (auto& b : oracles) {
    if (seen.insert(b->name()).second) selected.push_back({b.get(), false});
  }

  // Load every file first: a malformed file stops the run before anything is reported.
  std::vector<VectorFile> loaded(files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    if (!vectors::LoadVectorFile(files[i], options, &loaded[i], &error)) {
      std::cerr << error << "\n";
      return 2;
    }
  }

  std::vector<FileResult> results;
  bool ours_failed = false, oracle_failed = false;
  std::vector<std::string> not_run;  // one line per implementation under test and file
  std::vector<std::string> broke;    // one line per implementation under test that failed and broke
  const ReportOptions report{max_failures, junit, findings};
  ProgressTicker progress;
  for (const VectorFile& f : loaded) {
    progress.StartFile(f.path);
    results.push_back(RunFile(
        f, selected, [&](const std::string& b, size_t i, size_t n) { progress.OnCase(b, i, n); }));
    progress.EndFile();
    PrintFileReport(results.back(), report, std::cout);
    for (const PairResult& p : results.back().pairs) {
      const PairVerdict v = VerdictOf(p);
      if (p.under_test) {
        ours_failed |= v == PairVerdict::kFailed;
        if (v == PairVerdict::kNothingRan || v == PairVerdict::kBroke) {
          not_run.push_back(p.backend + " on " + f.path + ": " +
                            (v == PairVerdict::kNothingRan ? "did not run: " : "") +
                            NotRunReason(p));
        } else if (p.errors > 0) {
          // Failed and broke: the failures decide the exit status (1); the broken cases are
          // named too, with both counts.
          broke.push_back(p.backend + " on " + f.path + ": failed " + std::to_string(p.failed) +
                          " case(s) and " + NotRunReason(p));
        }
      } else {
        oracle_failed |= SplitFailures(p).findings > 0;
      }
    }
    std::vector<std::string> written = WriteFindings(results.back(), findings, &error);
    if (!error.empty()) {
      std::cerr << "ariasuite conformance: " << error << "\n";
      return 2;
    }
    for (const std::string& w : written) std::cout << "  finding written: " << w << "\n";
    std::cout.flush();
  }
  PrintVerdictTable(results, report, std::cout);
  if (!junit.empty()) {
    std::ofstream j(junit, std::ios::binary | std::ios::trunc);
    j << JunitXml(results);
    if (!j) {
      std::cerr << "ariasuite conformance: " << junit << ": cannot write\n";
      return 2;
    }
  }
  // One line per implementation under test that did not run, on stderr as well, so that a
  // gate's log names it even when stdout is not kept.
  for (const std::string& line : not_run) {
    std::cout << "NOT TESTED " << line << "\n";
    std::cerr << "ariasuite conformance: nothing tested: " << line << "\n";
  }
  for (const std::string& line : broke) {
    std::cout << "BROKE " << line << "\n";
    std::cerr << "ariasuite conformance: broke: " << line << "\n";
  }
  if (ours_failed) {
    std::cout << "RESULT: FAIL (an implementation under test failed)\n";
    return 1;
  }
  if (!not_run.empty()) {
    std::cout << "RESULT: NOTHING TESTED (an implementation under test did not run; exit 3)\n";
    return 3;
  }
  if (oracle_failed && strict_oracles) {
    std::cout << "RESULT: FAIL (an oracle failed and --strict-oracles is set)\n";
    return 1;
  }
  std::cout << "RESULT: OK" << (oracle_failed ? " (third-party findings above)" : "") << "\n";
  return 0;
}

}  // namespace
}  // namespace ariasuite::conformance

int main(int argc, char** argv) { return ariasuite::conformance::Main(argc, argv); }
