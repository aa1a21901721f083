// `tools/ariasuite findings`: one markdown report per library and bug class from the reproducer
// files the conformance runner writes (findings.h), each fit to paste into an upstream issue. Exit
// status: 0 reports written; 4 nothing to report (no findings files in the inputs); 2 bad usage,
// an input that is missing or not a findings file, or an output folder that cannot be written.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "conformance/findings_report.h"
#include "oracles/backend.h"
#include "tools/cli/app.h"

namespace ariasuite::conformance {
namespace {

// What --help prints after the options.
constexpr char kFooter[] =
    "Prints one line per report: LIBRARY  CLASS  CLAUSE  #cases  FILE.\n"
    "Exit status: 0 reports written; 4 nothing to report (the inputs hold no findings file: the\n"
    "run had no third-party finding, or it did not run); 2 usage error, an input missing or not a\n"
    "findings file, or the output folder not writable.";

std::string SafeName(std::string s) {
  if (const size_t slash = s.rfind('/'); slash != std::string::npos) {
    s = s.substr(0, s.find(':') + 1) + s.substr(slash + 1);
  }
  if (s.size() > 64) s.resize(64);
  for (char& ch : s) {
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-') ch = '_';
  }
  return s;
}

int Main(int argc, char** argv) {
  const char* root = std::getenv("ARIASUITE_ROOT");
  const std::string base = std::string(root && *root ? root : ".") + "/.cache/run/";
  std::string out = base + "findings-reports";
  std::vector<std::string> oracle_names = {"all"}, inputs;
  std::unique_ptr<CLI::App> app = cli::NewApp(
      "ariasuite findings",
      "One markdown report per library and bug class from the reproducer files "
      "tools/ariasuite conformance --findings writes, each fit to paste into an upstream issue.");
  app->add_option("--out", out,
                  "where the reports go, one LIBRARY__CLASS.md per library and bug class\n"
                  "(default: .cache/run/findings-reports)")
      ->type_name("DIR")
      ->check([](const std::string& dir) {
        return dir.empty() ? std::string("is empty: name a folder") : std::string();
      });
  cli::AddListOption(*app, "--oracle", &oracle_names,
                     "implementations replayed on each class's smallest case beside our paths\n"
                     "(default: all; none for none but ours); the library reported is replayed\n"
                     "too, an exec: adapter only when LIST names it");
  app->add_option("FINDINGS", inputs,
                  "findings folders (their *.json reproducers) or reproducer files, as\n"
                  "tools/ariasuite conformance --findings writes them (default: the run\n"
                  "command's .cache/run/findings)");
  app->footer(kFooter);
  if (std::optional<int> status = cli::Parse(*app, argc, argv)) return *status;
  const bool named = !inputs.empty();
  if (!named) {
    const std::string def = base + "findings";
    std::error_code ec;
    if (!std::filesystem::exists(def, ec)) {
      std::cout << "nothing to report: " << def
                << " does not exist (tools/ariasuite run writes it when an oracle has a "
                   "third-party finding)\n";
      return 4;
    }
    inputs.push_back(def);
  }
  std::string error;
  std::vector<FindingCase> cases;
  if (!ReadFindings(inputs, &cases, &error)) {
    std::cerr << "ariasuite findings: " << error << "\n";
    return 2;
  }
  if (cases.empty()) {
    std::string all;
    for (const std::string& in : inputs) all += (all.empty() ? "" : ", ") + in;
    std::cout << "nothing to report: no findings file in " << all << "\n";
    return 4;
  }

  // Our paths, then the oracles.
  std::vector<std::string> names = {"ours"};
  if (oracle_names != std::vector<std::string>{"none"}) {
    names.insert(names.end(), oracle_names.begin(), oracle_names.end());
  }
  std::vector<std::unique_ptr<oracles::Backend>> backends = oracles::MakeBackends(names, &error);
  if (!error.empty()) return cli::UsageError(*app, error);
  std::vector<BugClass> classes = ClassifyFindings(cases);
  // The library of each class, when it is a library of the registry, replayed beside ours and the
  // oracles in its own reports only. An exec: adapter is replayed only when --oracle names it: a
  // findings file's header is no authority on which program to run.
  std::map<std::string, std::unique_ptr<oracles::Backend>> libraries;
  for (const BugClass& c : classes) {
    bool have = false;
    for (const auto& b : backends) have |= b->name() == c.library;
    if (have || libraries.count(c.library) || c.library.rfind("exec:", 0) == 0) continue;
    std::string make_error;
    std::vector<std::unique_ptr<oracles::Backend>> lib =
        oracles::MakeBackends({c.library}, &make_error);
    libraries[c.library] = lib.size() == 1 ? std::move(lib[0]) : nullptr;
  }

  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec) {
    std::cerr << "ariasuite findings: " << out << ": cannot create the folder: " << ec.message()
              << "\n";
    return 2;
  }
  for (const BugClass& c : classes) {
    const std::string path = out + "/" + SafeName(c.library) + "__" + c.key + ".md";
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    std::vector<oracles::Backend*> raw;
    for (const auto& b : backends) raw.push_back(b.get());
    if (auto it = libraries.find(c.library); it != libraries.end() && it->second) {
      raw.push_back(it->second.get());
    }
    f << RenderReport(c, ReplaySmallest(c, raw));
    if (!f) {
      std::cerr << "ariasuite findings: " << path << ": cannot write\n";
      return 2;
    }
    std::cout << c.library << "  " << c.key << "  " << c.clause << "  " << c.cases.size()
              << " case(s)  " << path << "\n";
  }
  std::cout << classes.size() << " report(s) from " << cases.size() << " failed case(s) in " << out
            << "\n";
  return 0;
}

}  // namespace
}  // namespace ariasuite::conformance

int main(int argc, char** argv) { return ariasuite::conformance::Main(argc, argv); }
