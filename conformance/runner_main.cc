// `tools/ariasuite conformance`: runs vector files of any supported format against our
// implementation paths and the oracle libraries, prints a table per file and a final verdict
// table, and exits 0 when every implementation under test (--impl) ran and passed, 1 when one
// failed a case, 3 when one did not run (unavailable, broke, or no case of a file supported), 2 on
// a usage or input-file error (one line on stderr naming what and where).
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <condition_variable>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "conformance/findings.h"
#include "conformance/report_junit.h"
#include "conformance/report_text.h"
#include "conformance/runner.h"
#include "oracles/backend.h"
#include "tools/cli/app.h"
#include "vectors/loader.h"

namespace ariasuite::conformance {

using oracles::Backend;
using oracles::MakeBackends;

namespace {

// --impl's items, listed in its help.
constexpr char kImplHelp[] =
    "implementations under test (default: ours):\n"
    "ours (every path; paths this CPU lacks are SKIP), ours/scalar,\n"
    "ours/aesni-avx, ours/aesni-avx2, ours/vaes-avx2, ours/gfni-avx2,\n"
    "ours/gfni-avx512, exec:PROGRAM, none";

// What --help prints after the options.
constexpr char kFooter[] =
    "Environment: ARIASUITE_EXEC_TIMEOUT  seconds an exec adapter has to answer a line (a\n"
    "positive number, fractions allowed, default 60). A dying adapter is restarted at most 10\n"
    "times per file; a file running over 10 s prints a progress line on stderr every 10 s.\n"
    "Exit status: 0 every implementation under test ran and none failed; 1 one failed a case\n"
    "(or, with --strict-oracles, an oracle has a third-party finding); 3 nothing tested: an\n"
    "implementation under test did not run (unavailable, e.g. an exec adapter that does not\n"
    "start or answer the hello line; broke on a case, e.g. died or timed out; or answered\n"
    "'unsupported' to every case of a file); 2 usage or input error. With --impl ours, a path\n"
    "this CPU cannot run is SKIP (the others run); --impl ours/PATH for such a path is exit 2.";

// --oracle's help: one line per oracle of the registry (oracles::Oracles()).
std::string OracleHelp() {
  std::string help = "oracles (default: all; one that cannot run here is SKIP with the reason):\n";
  for (const oracles::OracleInfo& o : oracles::Oracles()) {
    std::string name = o.name;
    name.resize(std::max<size_t>(name.size() + 1, 14), ' ');
    help += "  " + name + o.about + "\n";
  }
  return help + "exec:PROGRAM, all, none";
}

// The formats --format takes, from the loader's own list: "auto, wycheproof, ...".
std::string FormatNames() {
  std::string names;
  for (int k = 0; k <= vectors::kLastFormat; ++k) {
    names += std::string(k ? ", " : "") + vectors::FormatName(static_cast<vectors::Format>(k));
  }
  return names;
}

// "" when v is a whole number from 0 to INT_MAX, else why not (a CLI11 check).
std::string CountCheck(const std::string& v) {
  errno = 0;
  char* end = nullptr;
  const long n = std::strtol(v.c_str(), &end, 10);
  const bool ok = !v.empty() && *end == '\0' && errno == 0 && n >= 0 && n <= INT_MAX;
  return ok ? std::string()
            : "wants a whole number from 0 to " + std::to_string(INT_MAX) + ", not '" + v + "'";
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

int Main(int argc, char** argv) {
  std::vector<std::string> impl_names = {"ours"}, oracle_names = {"all"}, files;
  std::string format, junit, findings = "ariasuite-findings";
  vectors::LoadOptions options;
  bool strict_oracles = false;
  int max_failures = 20;
  std::unique_ptr<CLI::App> app = cli::NewApp(
      "ariasuite conformance",
      "Runs vector files of any supported format against our implementation paths and the oracle "
      "libraries; prints a table per file and a final verdict table.");
  cli::AddListOption(*app, "--impl", &impl_names, kImplHelp);
  cli::AddListOption(*app, "--oracle", &oracle_names, OracleHelp());
  app->add_option("--format", format,
                  "read every FILE as format F (default auto: told from each file's text):\n" +
                      FormatNames())
      ->type_name("F")
      ->check([](const std::string& f) {
        return vectors::ParseFormat(f)
                   ? std::string()
                   : "unknown format '" + f + "' (formats: " + FormatNames() + ")";
      });
  app->add_option("--junit", junit,
                  "also write JUnit XML (a testsuite per file, a testcase per backend)")
      ->type_name("FILE");
  app->add_flag("--strict-oracles", strict_oracles, "an oracle failure fails the run too (exit 1)");
  app->add_option("--findings", findings,
                  "where oracle failures are written as reproducer vector files\n"
                  "(default: ./ariasuite-findings, created only when needed)")
      ->type_name("DIR");
  app->add_flag("--skip-unsupported", options.skip_unsupported,
                "list cases of modes the runner does not support as skipped instead\n"
                "of failing the file (e.g. ARIA-128-CFB stanzas of evpciph_aria.txt)");
  app->add_option("--max-failures", max_failures,
                  "failure lines printed per file and backend (default 20); the rest\n"
                  "are counted in one line and are all in the --junit file")
      ->type_name("N")
      ->check(CountCheck);
  app->add_option("FILE", files, "the vector files to run");
  app->footer(kFooter);
  if (std::optional<int> status = cli::Parse(*app, argc, argv)) return *status;
  if (!format.empty()) options.format = *vectors::ParseFormat(format);
  auto usage = [&app](const std::string& why) { return cli::UsageError(*app, why); };
  if (files.empty()) return usage("no vector files given");

  // Backends: implementations under test, then oracles.
  if (impl_names == std::vector<std::string>{"none"}) impl_names.clear();
  if (oracle_names == std::vector<std::string>{"none"}) oracle_names.clear();
  for (const std::string& n : impl_names) {
    if (n != "ours" && n.rfind("ours/", 0) != 0 && n.rfind("exec:", 0) != 0) {
      return usage("--impl takes ours, ours/PATH or exec:PROGRAM, not '" + n + "'");
    }
  }
  for (const std::string& n : oracle_names) {
    if (n == "ours" || n.rfind("ours/", 0) == 0) {
      return usage("our paths go in --impl, not --oracle ('" + n + "')");
    }
  }
  std::string error;
  // A bad $ARIASUITE_EXEC_TIMEOUT is an input error before any adapter (exec:, boringssl) starts.
  if (!oracles::ExecTimeoutSeconds(&error)) {
    std::cerr << "ariasuite conformance: " << error << "\n";
    return 2;
  }
  std::vector<std::unique_ptr<Backend>> impls = MakeBackends(impl_names, &error);
  if (!error.empty()) return usage(error);
  std::vector<std::unique_ptr<Backend>> oracles = MakeBackends(oracle_names, &error);
  if (!error.empty()) return usage(error);
  if (impls.empty() && oracles.empty()) return usage("no backend selected");
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
