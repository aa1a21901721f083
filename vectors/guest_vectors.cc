// Exports known-answer vectors for the guest's AF_ALG tests (kernel-tests/af_alg_test.cc), which
// have no JSON parser, as one line per case, read by this library's strict loaders (a malformed
// file is an error naming file:line or file:tcId, exit 2; nothing is skipped silently):
//   aria_gcm.txt   tcId result key iv aad msg ct tag     (cases of ARIA-GCM files)
//   aria_cbc.txt   tcId result key iv msg ct             (cases of ARIA-CBC-PKCS5 files)
// with "-" for an empty field and the tcId prefixed by the file name ("rfc8269_gcm:1"). Files of
// other algorithms are loaded (so checked) and contribute nothing.
//
// Usage: guest_vectors OUT_DIR FILE...
// The files named, then the shared Wycheproof aria_gcm_test.json and aria_cbc_pkcs5_test.json when
// the shared folder exists (testdata.h: $ARIASUITE_SHARED_DIR, else `shared` beside the
// workspace). Prints one line per source used, "path (N)", on stdout. kernel-tests/vm/main.py puts
// OUT_DIR's files into the guest's /ariasuite/vectors.
#include <sys/stat.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tools/cli/app.h"
#include "vectors/loader.h"
#include "vectors/model/hex.h"
#include "vectors/testdata.h"
#include "vectors/vector.h"

namespace ariasuite::vectors {
namespace {

std::string Field(const model::Bytes& b) { return b.empty() ? "-" : model::Hex(b); }

std::string Stem(const std::string& path) {
  std::string name = path.substr(path.find_last_of('/') + 1);
  if (name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0)
    name.resize(name.size() - 5);
  return name;
}

bool WriteFile(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f << text;
  return static_cast<bool>(f.flush());
}

int Main(int argc, char** argv) {
  std::string out_dir;
  std::vector<std::string> files;
  std::unique_ptr<CLI::App> app = cli::NewApp(
      "guest_vectors",
      "Exports the ARIA-GCM and ARIA-CBC-PKCS5 cases of FILE... (and of the shared Wycheproof "
      "files) as OUT_DIR/aria_gcm.txt and OUT_DIR/aria_cbc.txt, one line per case, for the "
      "guest's AF_ALG tests.");
  app->add_option("OUT_DIR", out_dir, "the folder to write (created when missing)")->required();
  app->add_option(
      "FILE", files,
      "Wycheproof JSON files (those of other algorithms are loaded, so checked, and add nothing)");
  if (std::optional<int> status = cli::Parse(*app, argc, argv)) return *status;
  std::string looked_in;
  const std::string shared = testdata::SharedDir(&looked_in);
  if (!shared.empty()) {
    for (const char* name : {"aria_gcm_test.json", "aria_cbc_pkcs5_test.json"}) {
      const std::string path = shared + "/vectors/wycheproof/" + name;
      struct stat st;
      if (::stat(path.c_str(), &st) == 0) files.push_back(path);
    }
  } else {
    std::fprintf(stderr, "guest_vectors: no shared Wycheproof folder (looked in: %s)\n",
                 looked_in.c_str());
  }
  std::string gcm, cbc;
  LoadOptions options;
  options.format = Format::kWycheproof;
  for (const std::string& path : files) {
    VectorFile file;
    std::string error;
    if (!LoadVectorFile(path, options, &file, &error)) {
      std::fprintf(stderr, "guest_vectors: %s\n", error.c_str());
      return 2;
    }
    const bool is_gcm = file.algorithm == "ARIA-GCM", is_cbc = file.algorithm == "ARIA-CBC-PKCS5";
    if (!is_gcm && !is_cbc) continue;
    for (const TestCase& c : file.cases) {
      std::string line = Stem(path) + ":" + std::to_string(c.id) + " " + ExpectName(c.expect) +
                         " " + Field(c.key) + " " + Field(c.iv) + " ";
      if (is_gcm) {
        line += Field(c.aad) + " " + Field(c.msg) + " " + Field(c.ct) + " " + Field(c.tag);
        gcm += line + "\n";
      } else {
        line += Field(c.msg) + " " + Field(c.ct);
        cbc += line + "\n";
      }
    }
    std::printf("%s (%zu)\n", path.c_str(), file.cases.size());
  }
  ::mkdir(out_dir.c_str(), 0755);
  for (const auto& [name, text] :
       {std::pair<const char*, const std::string&>{"aria_gcm.txt", gcm}, {"aria_cbc.txt", cbc}}) {
    if (text.empty()) continue;
    if (!WriteFile(out_dir + "/" + name, text)) {
      std::fprintf(stderr, "guest_vectors: cannot write %s/%s\n", out_dir.c_str(), name);
      return 2;
    }
  }
  return 0;
}

}  // namespace
}  // namespace ariasuite::vectors

int main(int argc, char** argv) { return ariasuite::vectors::Main(argc, argv); }
