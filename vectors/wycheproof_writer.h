// Writes test cases as a Wycheproof-schema JSON document (deterministic bytes: fixed field order,
// two-space indentation, lower-case hex). Used for the findings reproducers and by the edge-case
// vector generator; the runner's Wycheproof loader reads the output back.
#ifndef ARIASUITE_VECTORS_WYCHEPROOF_WRITER_H_
#define ARIASUITE_VECTORS_WYCHEPROOF_WRITER_H_

#include <map>
#include <string>
#include <vector>

#include "vectors/vector.h"

namespace ariasuite::vectors {

// "ARIA-GCM", "AES-GCM", "ARIA-CBC-PKCS5", "ARIA-CMAC", "ARIA-WRAP", "ARIA-KWP", "ARIA-ECB"...
std::string WycheproofAlgorithm(model::Cipher cipher, model::Mode mode);

struct WycheproofDoc {
  std::string algorithm;  // WycheproofAlgorithm(...)
  model::Mode mode = model::Mode::kGcm;
  std::string generator_version;  // optional
  std::vector<std::string> header;
  std::map<std::string, FlagNote> notes;  // every flag used must be defined
  // Cases in order; they are grouped by (key, IV, tag size) in order of first appearance, and
  // tcIds are taken from TestCase::id.
  std::vector<TestCase> cases;
};

std::string WriteWycheproof(const WycheproofDoc& doc);

// A JSON string literal for s (quotes included).
std::string JsonString(const std::string& s);

}  // namespace ariasuite::vectors

#endif  // ARIASUITE_VECTORS_WYCHEPROOF_WRITER_H_
