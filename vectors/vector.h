// The runner's format-independent model of a vector file: every loader (Wycheproof JSON, NIST
// CAVP .rsp, OpenSSL evp test text, kernel testmgr.h) turns its file into a VectorFile of
// TestCases, and the runner turns each TestCase into backend Requests with the expected outcome.
#ifndef ARIASUITE_VECTORS_VECTOR_H_
#define ARIASUITE_VECTORS_VECTOR_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "vectors/model/model.h"

namespace ariasuite::vectors {

// Wycheproof's result: valid, invalid, or acceptable (either a refusal or the exact answer).
enum class Expect { kValid, kInvalid, kAcceptable };
const char* ExpectName(Expect expect);

// Which directions a case is about: both (Wycheproof, testmgr), or only one (an evp stanza with
// `Operation = ENCRYPT`, a CAVP decrypt FAIL record, a testmgr `novrfy` vector).
enum class Direction { kBoth, kEncrypt, kDecrypt };

struct TestCase {
  std::string where;  // how messages name the case: "file:tcId 12" or "file:40"
  int64_t id = 0;     // tcId, or the 1-based position in the file
  int line = 0;       // first line of the case in the file, 0 when unknown
  std::string comment;
  std::string source;  // a typed vector's origin, e.g. "RFC 5794 Appendix A.1" ("" when none)
  std::vector<std::string> flags;
  model::Mode mode = model::Mode::kGcm;
  model::Cipher cipher = model::Cipher::kAria;
  Expect expect = Expect::kValid;
  Direction direction = Direction::kBoth;
  model::Bytes key, iv, aad, msg, ct, tag;
  size_t tag_len = 0;  // GCM/CCM/CMAC: the tag length the case is about (bytes)
  // The IV the mode leaves after the operation, as the file states it (testmgr .iv_out, evp
  // NextIV); the loaders check it against the data where the data determine it. Empty when none.
  model::Bytes next_iv;
  // Invalid cases only: the parameters themselves are invalid (IV/nonce/tag length, key, data
  // size), so the encrypting direction (seal, wrap) must be refused too, not only the decrypting
  // one.
  bool params_invalid = false;
  // RFC 5794 Appendix A examples (AriaRoundTest) only: the encryption round keys ek1..ek{n+1} and
  // the round outputs P1..P{n-1}, 16 bytes each; checked against the reference by
  // impl/aria_ref_test.cc (no backend exposes them).
  std::vector<model::Bytes> round_keys, round_outputs;
};

// A flag's definition from a Wycheproof file's notes (kept for the findings files).
struct FlagNote {
  std::string bug_type;
  std::string description;
};

struct VectorFile {
  std::string path;
  std::string format;     // FormatName(): "wycheproof", "cavp", "evp", "testmgr", "botan", ...
  std::string algorithm;  // e.g. "ARIA-GCM", "AES-GCM", "mixed" (evp / testmgr files)
  std::vector<TestCase> cases;
  std::map<std::string, FlagNote> notes;
  // Cases the loader left out under --skip-unsupported, one line each ("file:12: cfb(aria) ..."),
  // and test-suite entries that state no vector (Mbed TLS's aria_selftest), with the reason.
  std::vector<std::string> skipped;
  // Vectors of other algorithms that the format's files mix in (Botan's cbc.vec: DES, AES, ...),
  // left out at load: one line counting them ("" when none). Never an unsupported case.
  std::string left_out;
};

}  // namespace ariasuite::vectors

#endif  // ARIASUITE_VECTORS_VECTOR_H_
