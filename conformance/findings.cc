// Third-party findings as reproducers: each oracle's failed cases (those judged third-party) of a
// file written back as Wycheproof-schema vector files, one per algorithm, that the runner reloads.
#include "conformance/findings.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "vectors/wycheproof_writer.h"

namespace ariasuite::conformance {

std::vector<std::string> WriteFindings(const FileResult& r, const std::string& dir,
                                       std::string* error) {
  std::vector<std::string> written;
  for (const PairResult& p : r.pairs) {
    if (p.under_test || p.failed_cases.empty()) continue;
    // One document per algorithm (evp and testmgr files mix modes).
    std::map<std::string, vectors::WycheproofDoc> docs;
    for (const TestCase* c : p.failed_cases) {
      const std::string alg = vectors::WycheproofAlgorithm(c->cipher, c->mode);
      vectors::WycheproofDoc& d = docs[alg];
      if (d.algorithm.empty()) {
        d.algorithm = alg;
        d.mode = c->mode;
        d.generator_version = "ariasuite-findings-1";
        d.header = {"Third-party finding: " + p.backend + " failed these cases of " + r.file->path +
                        " (" + r.file->format + ").",
                    "Library: " + p.backend + " (" +
                        (p.version.empty() ? "version not reported" : p.version) + ")",
                    "Reproduce: tools/ariasuite conformance --impl none --oracle " + p.backend +
                        " THIS_FILE",
                    "Failures as reported:"};
      }
      for (const std::string& line : p.failures) {
        if (line.find(" " + c->where + " ") != std::string::npos) d.header.push_back(line);
      }
      TestCase copy = *c;
      std::vector<std::string> flags;
      for (const std::string& f : copy.flags) {
        flags.push_back(f);
        if (d.notes.count(f) == 0) {
          auto it = r.file->notes.find(f);
          d.notes[f] = it != r.file->notes.end()
                           ? it->second
                           : FlagNote{"SOURCE", "Outcome marker from the source file (" +
                                                    r.file->format + "): " + f};
        }
      }
      // Keep what the source format expected: parameters that must be refused in every direction.
      if (copy.expect == Expect::kInvalid &&
          (copy.params_invalid || copy.direction == Direction::kEncrypt)) {
        flags.push_back("InvalidParameters");
        d.notes["InvalidParameters"] =
            FlagNote{"MODIFIED_PARAMETER",
                     "The source vector expects the encrypting direction (seal, encrypt, wrap) to "
                     "be refused as well as the decrypting one."};
      }
      copy.flags = flags;
      copy.comment = c->where + (c->comment.empty() ? "" : ": " + c->comment);
      copy.id = static_cast<int64_t>(d.cases.size()) + 1;
      d.cases.push_back(std::move(copy));
    }
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) {
      *error = dir + ": cannot create the findings folder: " + ec.message();
      return written;
    }
    for (auto& [alg, doc] : docs) {
      // An exec backend is named by its program's path: keep only the file name, so the finding's
      // name stays within the file system's 255-byte limit however deep the program lives.
      std::string backend = p.backend;
      if (const size_t slash = backend.rfind('/'); slash != std::string::npos) {
        backend = backend.substr(0, backend.find(':') + 1) + backend.substr(slash + 1);
      }
      if (backend.size() > 64) backend.resize(64);
      for (char& ch : backend) {
        if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-') ch = '_';
      }
      const std::string stem = std::filesystem::path(r.file->path).stem().string();
      const std::string path = dir + "/" + backend + "__" + stem + "__" + alg + ".json";
      std::ofstream f(path, std::ios::binary | std::ios::trunc);
      f << vectors::WriteWycheproof(doc);
      if (!f) {
        *error = path + ": cannot write";
        return written;
      }
      written.push_back(path);
    }
  }
  return written;
}

}  // namespace ariasuite::conformance
