// How the registry reaches an oracle that runs in another process (BoringSSL's adapter, the Bouncy
// Castle JVM): finding the file built beside the oracles (an adapter program or jar), and a backend
// that only says why it cannot run.
#ifndef ARIASUITE_ORACLES_ADAPTER_LOOKUP_H_
#define ARIASUITE_ORACLES_ADAPTER_LOOKUP_H_

#include <memory>
#include <optional>
#include <string>

#include "oracles/backend.h"

namespace ariasuite::oracles {

// Candidates: $env_var when set (then only that path), else next to the running binary (OSS-Fuzz's
// $OUT), else in bazel-bin's oracles/ beside the binary's package (bazel-bin/conformance/runner
// finds bazel-bin/oracles/FILE), else in the binary's runfiles.
// The first candidate for `file` that access(2) allows with `mode` (X_OK for a program, R_OK for a
// jar); when $env_var is set, only that path. nullopt when none does, with *looked_in listing the
// places tried, comma-separated.
std::optional<std::string> FindAdapterFile(const std::string& file, const char* env_var, int mode,
                                           std::string* looked_in);

// A backend named `name` whose unavailable() is `why` (reported as SKIP with that reason).
std::unique_ptr<Backend> MakeUnavailableBackend(const std::string& name, const std::string& why);

}  // namespace ariasuite::oracles

#endif  // ARIASUITE_ORACLES_ADAPTER_LOOKUP_H_
