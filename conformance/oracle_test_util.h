// What the tests of the oracles written here (sp800_38a/38d/38f_backend_test) check alike: that two
// backends gave the same answer, that an oracle is registered as one, and that a vector file passes
// on an oracle through the runner engine.
#ifndef ARIASUITE_CONFORMANCE_ORACLE_TEST_UTIL_H_
#define ARIASUITE_CONFORMANCE_ORACLE_TEST_UTIL_H_

#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "oracles/backend.h"
#include "vectors/vector.h"

namespace ariasuite::conformance {

// Both answered, neither with an error nor a crash, both accepted or both refused, and when
// accepted with the same output and the same tag.
bool SameAnswer(const std::optional<oracles::Result>& a, const std::optional<oracles::Result>& b);

// The backend `name` as MakeBackends gives it, after checking (gtest failures) that it is one
// independent oracle, available, listed by OracleNames() and in the "oracles" and "all" groups;
// nullptr when MakeBackends did not give exactly one.
std::unique_ptr<oracles::Backend> ExpectRegisteredOracle(const std::string& name);

// Runs every case of file on backend (not under test) through RunFile: each failure line is a test
// failure (the first ten), no case is unsupported, every case passes, and there are more than
// min_cases of them.
void ExpectEveryCasePasses(oracles::Backend* backend, const vectors::VectorFile& file,
                           size_t min_cases);

}  // namespace ariasuite::conformance

#endif  // ARIASUITE_CONFORMANCE_ORACLE_TEST_UTIL_H_
