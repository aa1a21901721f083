// `tools/ariasuite vectors import [--format F] [--skip-unsupported] FILE... -o OUT.json`: vector
// files of any readable format to Wycheproof JSON (vectors/importer.h). One output file when the
// inputs hold one algorithm, else OUT_<algorithm>.json per algorithm; each written file is read
// back with the strict Wycheproof loader before the command succeeds. Exit 0 written, 2 usage or
// input error (one line naming the file and line).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tools/cli/app.h"
#include "vectors/importer.h"

namespace {

// -o names a file in an existing folder (OUT_<alg>.json go beside it): checked before any input
// is read, so a typo costs no work and never leaves files in an unexpected place.
bool OutputPathOk(const std::string& out, std::string* why) {
  std::error_code ec;
  if (std::filesystem::is_directory(out, ec) || out.back() == '/') {
    *why = "-o " + out + " is a folder; name the output file (e.g. " +
           (out.back() == '/' ? out : out + "/") + "OUT.json)";
    return false;
  }
  const std::filesystem::path parent = std::filesystem::path(out).parent_path();
  if (!parent.empty() && !std::filesystem::is_directory(parent, ec)) {
    *why = "-o " + out + ": the folder " + parent.string() + " does not exist";
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace ariasuite::vectors;
  LoadOptions options;
  std::vector<std::string> files;
  std::string out, format;
  std::unique_ptr<CLI::App> app = ariasuite::cli::NewApp(
      "vectors import",
      "Converts vector files of any readable format to Wycheproof JSON: OUT.json, or "
      "OUT_<algorithm>.json per algorithm when the inputs mix them; each written file is read back "
      "before the command succeeds.");
  std::string names;  // the formats --format takes, from the loader's own list
  for (int i = 0; i <= kLastFormat; ++i) {
    names += std::string(names.empty() ? "" : ", ") + FormatName(static_cast<Format>(i));
  }
  app->add_option("--format", format,
                  "read every FILE as format F, one of " + names +
                      " (default auto: told from each file's text)")
      ->type_name("F")
      ->check([](const std::string& f) {
        return ParseFormat(f) ? std::string() : "unknown format '" + f + "'";
      });
  app->add_flag("--skip-unsupported", options.skip_unsupported,
                "list the cases of a mode the runner does not support and go on, instead of an "
                "error");
  app->add_option("FILE", files, "the vector files to read");
  app->add_option("-o,--out", out, "the output file")->type_name("OUT.json");
  if (std::optional<int> status = ariasuite::cli::Parse(*app, argc, argv)) return *status;
  if (!format.empty()) options.format = *ParseFormat(format);
  if (files.empty()) return ariasuite::cli::UsageError(*app, "no input file");
  if (out.empty()) return ariasuite::cli::UsageError(*app, "no output file (-o OUT.json)");
  std::string error;
  if (!OutputPathOk(out, &error)) {
    std::fprintf(stderr, "vectors import: %s\n", error.c_str());
    return 2;
  }
  ImportResult r;
  if (!ImportVectorFiles(files, options, &r, &error)) {
    std::fprintf(stderr, "vectors import: %s\n", error.c_str());
    return 2;
  }
  for (const std::string& s : r.summary) std::printf("%s\n", s.c_str());
  for (const auto& [alg, path] : ImportOutputPaths(r, out)) {
    const WycheproofDoc& doc = r.docs.at(alg);
    {
      errno = 0;
      std::ofstream f(path, std::ios::binary | std::ios::trunc);
      f << WriteWycheproof(doc);
      f.flush();
      if (!f) {
        std::fprintf(stderr, "vectors import: %s: cannot write%s%s\n", path.c_str(),
                     errno ? ": " : "", errno ? std::strerror(errno) : "");
        return 2;
      }
    }
    VectorFile back;
    if (!LoadWycheproofFile(path, alg, &back, &error) || back.cases.size() != doc.cases.size()) {
      std::fprintf(stderr, "vectors import: %s does not read back: %s\n", path.c_str(),
                   error.c_str());
      return 2;
    }
    std::printf("wrote %s: %s, %zu case(s)\n", path.c_str(), alg.c_str(), doc.cases.size());
  }
  return 0;
}
