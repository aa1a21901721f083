// What every fuzz target shares: the backends it compares (built once per process, each
// unavailable one reported once on stderr and left out) and a helper that asks all of them.
#ifndef ARIASUITE_FUZZ_FUZZ_COMMON_H_
#define ARIASUITE_FUZZ_FUZZ_COMMON_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "fuzz/cases.h"
#include "fuzz/differ.h"
#include "fuzz/fuzz_io.h"
#include "oracles/backend.h"
#include "oracles/make_request.h"

namespace ariasuite::fuzz {

using oracles::Backend;
using oracles::Op;
using oracles::OpenOf;
using oracles::Request;

// Decodes a fuzz input into its cases (cases.h), in order: ReadCases(data, size, c, tamper).
template <typename... Cases>
void ReadCases(const uint8_t* data, size_t size, Cases&... cases) {
  FuzzReader reader(data, size);
  (cases.Visit(reader), ...);
}

// The available backends of the registry names (oracles/backend.h MakeBackends), created on
// first use and kept for the process. A name the registry does not know is a fatal error.
// Backends whose unavailable() gives a reason are dropped with one stderr line.
std::vector<Backend*> BackendsFor(const std::vector<std::string>& names);

// The ARIA backends: every path of ours this CPU runs, OpenSSL, Botan, Crypto++, (where the
// kernel has ARIA) the kernel's AF_ALG, the oracles written from the standards: SP 800-38F
// (KW/KWP only), SP 800-38D (GCM only) and SP 800-38A (CFB/OFB only), and Bouncy Castle (one JVM
// per fuzzing process through the exec protocol; SKIP without java or bcprov). The names of
// $ARIASUITE_FUZZ_WITHOUT (comma-separated oracles, e.g. bouncycastle) are left out; a name that
// is not one of these oracles is one line on stderr and exit 2.
const std::vector<Backend*>& AriaBackends();
std::vector<std::string> AriaBackendNames();

// The answers of one AskAll, by backend name (for round trips without asking again).
using Answers = std::map<std::string, std::optional<oracles::Result>>;

// Runs request on each backend, adds the answers to differ and returns them.
Answers AskAll(Differ* differ, const std::vector<Backend*>& backends, const Request& request);

// Asks the named backend alone (nullopt when it is not among backends).
std::optional<oracles::Result> AnswerOf(const std::vector<Backend*>& backends,
                                        const std::string& name, const Request& request);

// The GHASH key H = E_K(0^128) (SP 800-38D §6.4) of an ARIA key (our scalar path) or an AES key
// (OpenSSL), for solving IVs; all zero when the key is refused.
oracles::Block GcmHashKey(oracles::Cipher cipher, const oracles::Bytes& key);

// Adds the request's fields and the usual parameters (key_len, iv_len, aad_len, input_len,
// tag_len) to differ.
void Describe(Differ* differ, const Request& request);

// What every GCM target derives from its GcmCase (after Visit()) before asking the backends: the
// IV solved where the case asks for a counter wrap (GcmCase::SolveIv), whether the 32-bit counter
// wraps within the text, and J0's counter, all under the case's cipher.
struct GcmSetup {
  GcmSetup(GcmCase* c, oracles::Cipher cipher);

  // The request of c for op: key, IV, AAD, text and (for a seal) the tag length.
  Request Make(Op op) const;
  // Describe(), the counter parameters (ctr_wraps, j0_counter: allowlist conditions use them),
  // the solver's note, and IgnoreRefusals() outside the parameters every library takes.
  void Annotate(Differ* differ, const Request& request) const;

  const GcmCase& c;
  oracles::Cipher cipher;
  std::string solved;  // the solver's note, "" when the IV is as given
  bool wraps = false;
  int64_t j0_counter = 0;
};

}  // namespace ariasuite::fuzz

#endif  // ARIASUITE_FUZZ_FUZZ_COMMON_H_
