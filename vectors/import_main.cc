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
#include <optional>
#include <string>
#include <vector>

#include "vectors/importer.h"

namespace {

// A usage error is one line, exit 2.
int Usage(const std::string& why) {
  std::fprintf(
      stderr,
      "vectors import: %s (usage: ariasuite vectors import [--format F] [--skip-unsupported] "
      "FILE... -o OUT.json)\n",
      why.c_str());
  return 2;
}

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
  std::string out;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "-o" || a == "--out") {
      if (i + 1 >= argc) return Usage(a + " needs a file name");
      out = argv[++i];
    } else if (a == "--format") {
      if (i + 1 >= argc) return Usage("--format needs a value");
      std::optional<Format> f = ParseFormat(argv[++i]);
      if (!f) return Usage(std::string("unknown format '") + argv[i] + "'");
      options.format = *f;
    } else if (a == "--skip-unsupported") {
      options.skip_unsupported = true;
    } else if (a == "-h" || a == "--help") {
      std::printf(
          "usage: ariasuite vectors import [--format F] [--skip-unsupported] FILE... -o "
          "OUT.json\n");
      return 0;
    } else if (!a.empty() && a[0] == '-') {
      return Usage("unknown option '" + a + "'");
    } else {
      files.push_back(a);
    }
  }
  if (files.empty()) return Usage("no input file");
  if (out.empty()) return Usage("no output file (-o OUT.json)");
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
