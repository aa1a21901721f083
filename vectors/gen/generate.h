// ariasuite's deterministic edge-case vectors (`tools/ariasuite vectors generate`): Wycheproof-
// schema files under vectors/generated/ whose every case was computed by our scalar reference and
// confirmed by at least one independent library (OpenSSL 3 or Botan 2; for the KW/KWP limit files
// also ariasuite's SP 800-38F backend, written from the standard), and small samples in the
// CAVP, OpenSSL evp and kernel testmgr formats under vectors/samples/ computed by OpenSSL and
// confirmed by our reference. Same inputs, same bytes: the files regenerate byte-identically.
#ifndef ARIASUITE_VECTORS_GEN_GENERATE_H_
#define ARIASUITE_VECTORS_GEN_GENERATE_H_

#include <string>
#include <vector>

namespace ariasuite::gen {

struct GeneratedFile {
  std::string
      path;  // relative to the workspace root, e.g. "vectors/generated/aria_gcm_edge_test.json"
  std::string content;
};

// Builds every file. false with *error (one line) if our reference and the oracles disagree in a
// way generation cannot drop (a sample, or our reference failing its own vector). *log gets one
// line per file with the case counts and agreement.
bool GenerateAll(std::vector<GeneratedFile>* out, std::string* log, std::string* error);

}  // namespace ariasuite::gen

#endif  // ARIASUITE_VECTORS_GEN_GENERATE_H_
