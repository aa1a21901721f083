// Import of vector files into Wycheproof documents (importer.h).
#include "vectors/importer.h"

#include <algorithm>
#include <cctype>

namespace ariasuite::vectors {

namespace {

// What each loader's outcome markers mean (vectors/README.md lists them per loader).
FlagNote NoteFor(const std::string& flag, const std::string& format) {
  if (flag.rfind("Result=", 0) == 0) {
    return {"SOURCE", "OpenSSL evp_test expects the error " + flag.substr(7) +
                          ": the operation the stanza names must fail."};
  }
  static const std::map<std::string, FlagNote> kNotes = {
      {"NextIV-unchecked",
       {"SOURCE",
        "The evp stanza's NextIV ends in a partial block, which the data do not determine: "
        "it was not checked."}},
      {"FAIL", {"SOURCE", "NIST CAVP decrypt record marked FAIL: authentication must fail."}},
      {"NotVerify", {"SOURCE", "Crypto++ Test: NotVerify: verification (decryption) must fail."}},
      {"ret=error",
       {"SOURCE", "Mbed TLS test function expecting an error return: the call must fail."}},
      {"CcmStarNoTag",
       {"SOURCE",
        "Mbed TLS CCM*-NO-TAG (IEEE 802.15.4 CCM* with a 0-byte tag): no CBC-MAC, only "
        "CCM's encryption, given here as CTR from the counter block A_1 = (L-1) || nonce || 1."}},
      {"setkey_error", {"SOURCE", "Linux testmgr .setkey_error: setting the key must fail."}},
      {"setauthsize_error",
       {"SOURCE", "Linux testmgr .setauthsize_error: the tag length must be refused."}},
      {"crypt_error", {"SOURCE", "Linux testmgr .crypt_error: the operation must fail."}},
      {"novrfy", {"SOURCE", "Linux testmgr .novrfy: decryption must fail to verify."}},
      {"InvalidParameters",
       {"MODIFIED_PARAMETER",
        "The source vector expects the encrypting direction (seal, encrypt, "
        "wrap) to be refused as well as the decrypting one."}},
  };
  auto it = kNotes.find(flag);
  if (it != kNotes.end()) return it->second;
  return {"SOURCE", "Outcome marker from the source file (" + format + "): " + flag};
}

}  // namespace

bool ImportVectorFiles(const std::vector<std::string>& paths, const LoadOptions& options,
                       ImportResult* out, std::string* error) {
  *out = ImportResult();
  size_t total = 0;
  for (const std::string& path : paths) {
    VectorFile file;
    if (!LoadVectorFile(path, options, &file, error)) return false;
    std::string line =
        path + " (" + file.format + "): " + std::to_string(file.cases.size()) + " case(s)";
    if (!file.skipped.empty()) line += "; " + std::to_string(file.skipped.size()) + " skipped";
    if (!file.left_out.empty()) line += "; " + file.left_out;
    out->summary.push_back(line);
    for (const TestCase& c : file.cases) {
      const std::string alg = WycheproofAlgorithm(c.cipher, c.mode);
      WycheproofDoc& d = out->docs[alg];
      if (d.algorithm.empty()) {
        d.algorithm = alg;
        d.mode = c.mode;
        d.header = {
            "Imported by tools/ariasuite vectors import (vectors/importer.cc); each case's "
            "comment names its source file and line."};
      }
      TestCase copy = c;
      std::vector<std::string> flags;
      for (const std::string& f : c.flags) {
        flags.push_back(f);
        if (d.notes.count(f) == 0) {
          auto it = file.notes.find(f);
          d.notes[f] = it != file.notes.end() ? it->second : NoteFor(f, file.format);
        }
      }
      // What the source expected of the encrypting direction: refused as well (parameters).
      if (copy.expect == Expect::kInvalid &&
          (copy.params_invalid || copy.direction == Direction::kEncrypt) &&
          std::find(flags.begin(), flags.end(), "InvalidParameters") == flags.end()) {
        flags.push_back("InvalidParameters");
        d.notes["InvalidParameters"] = NoteFor("InvalidParameters", file.format);
      }
      copy.flags = flags;
      // A decryption that must fail may state no plaintext (a CAVP FAIL record); Wycheproof's
      // schema needs msg and ct of one length, and the failing open never compares msg.
      if (copy.expect == Expect::kInvalid && copy.msg.empty() && !copy.ct.empty() &&
          copy.mode != model::Mode::kCmac) {
        copy.msg.assign(copy.ct.size(), 0);
      }
      copy.comment = c.where + (c.comment.empty() ? "" : ": " + c.comment);
      copy.id = static_cast<int64_t>(d.cases.size()) + 1;
      d.cases.push_back(std::move(copy));
      ++total;
    }
  }
  if (total == 0) {
    *error = "no case to import in " + std::to_string(paths.size()) + " file(s)";
    return false;
  }
  return true;
}

std::map<std::string, std::string> ImportOutputPaths(const ImportResult& r,
                                                     const std::string& out) {
  std::map<std::string, std::string> paths;
  if (r.docs.size() == 1) {
    paths[r.docs.begin()->first] = out;
    return paths;
  }
  std::string stem = out, ext;
  const size_t dot = out.rfind('.');
  const size_t slash = out.rfind('/');
  if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) {
    stem = out.substr(0, dot);
    ext = out.substr(dot);
  }
  for (const auto& [alg, doc] : r.docs) {
    std::string lower;
    for (char ch : alg)
      lower.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
    paths[alg] = stem + "_" + lower + (ext.empty() ? ".json" : ext);
  }
  return paths;
}

}  // namespace ariasuite::vectors
