// The limits each standard puts on a request's inputs (key size, IV / nonce length, tag length,
// data size), one table per mode with its clause: what a conforming implementation must refuse,
// in the forward direction (seal, wrap, encrypt, MAC) and the inverse one (open, unwrap, decrypt).
// case_checks.cc asks both directions of an invalid case and demands a refusal from each request
// these limits forbid. Only what the standard requires is here: a library refusing more (a
// stricter policy) is never judged by this table.
#ifndef ARIASUITE_CONFORMANCE_MODE_LIMITS_H_
#define ARIASUITE_CONFORMANCE_MODE_LIMITS_H_

#include <optional>
#include <string>

#include "oracles/backend.h"

namespace ariasuite::conformance {

// The first limit r breaks, as "CLAUSE: WHAT (got N)", e.g. "SP 800-38F §6.2: KW wrap input must be
// at least 16 bytes and a multiple of 8 (got 0 bytes)"; nullopt when the standard allows r.
std::optional<std::string> ForbiddenBy(const oracles::Request& r);

}  // namespace ariasuite::conformance

#endif  // ARIASUITE_CONFORMANCE_MODE_LIMITS_H_
