// `tools/ariasuite vectors import`: vector files of any format this library reads, turned into
// Wycheproof-schema documents (one per algorithm), so that any vector anyone has can join the
// suite. Each case keeps its data and expected result; its comment names the source file and line
// ("upstream/evpciph_aria.txt:42: ARIA-128-CBC"), its flags are the source loader's outcome
// markers, and every flag is defined in the document's notes.
#ifndef ARIASUITE_VECTORS_IMPORTER_H_
#define ARIASUITE_VECTORS_IMPORTER_H_

#include <map>
#include <string>
#include <vector>

#include "vectors/loader.h"
#include "vectors/wycheproof_writer.h"

namespace ariasuite::vectors {

struct ImportResult {
  // WycheproofAlgorithm() -> the document of that algorithm's cases, in input order.
  std::map<std::string, WycheproofDoc> docs;
  // One line per input file: what it gave ("F (evp): 33 cases; 1 skipped; left out: ...").
  std::vector<std::string> summary;
};

// Loads each path (options.format, options.skip_unsupported as for the runner) and collects its
// cases. false with *error (the loader's one-line error) when a file does not load or none of
// the files holds a case.
bool ImportVectorFiles(const std::vector<std::string>& paths, const LoadOptions& options,
                       ImportResult* out, std::string* error);

// The files to write for output path `out` ("x.json"): the path itself when there is one
// document, else "x_<algorithm in lower case>.json" per document.
std::map<std::string, std::string> ImportOutputPaths(const ImportResult& r, const std::string& out);

}  // namespace ariasuite::vectors

#endif  // ARIASUITE_VECTORS_IMPORTER_H_
