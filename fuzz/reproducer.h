// Turns a fuzzer's third-party finding into a standalone reproducer: a Wycheproof-schema vector
// file (vectors/wycheproof_writer.h) holding the request, with the majority's answer as the
// expected result, that `tools/ariasuite conformance` runs against every backend. The odd library
// then fails that case on its own, without the fuzzer.
#ifndef ARIASUITE_FUZZ_REPRODUCER_H_
#define ARIASUITE_FUZZ_REPRODUCER_H_

#include <optional>
#include <string>

#include "oracles/backend.h"

namespace ariasuite::fuzz {

// The vector file text for request with the expected (majority) answer; "" when the operation has
// no vector form. comment goes into the case's comment (e.g. the ARIA_MISMATCH line).
std::string ReproducerJson(const oracles::Request& request,
                           const std::optional<oracles::Result>& expected,
                           const std::string& comment);

// Writes ReproducerJson into $ARIASUITE_FUZZ_FINDINGS_DIR (when set) as
// reproducer-<operation>-<backend>-<hash>.json and returns the path, or "" when not written.
std::string WriteReproducer(const oracles::Request& request,
                            const std::optional<oracles::Result>& expected,
                            const std::string& odd_backend, const std::string& comment);

}  // namespace ariasuite::fuzz

#endif  // ARIASUITE_FUZZ_REPRODUCER_H_
