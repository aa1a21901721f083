// Shrinking a failing operation list (see ktls_fuzz_minimize.h).
#include "kernel-tests/ktls_fuzz_minimize.h"

namespace ktls_fuzz {

Program Minimize(const Program& failing, const std::function<bool(const Program&)>& still_fails,
                 int max_tries) {
  Program best = failing;
  int tries = 0;
  auto attempt = [&](const Program& candidate) {
    if (tries >= max_tries) return false;
    ++tries;
    if (!still_fails(candidate)) return false;
    best = candidate;
    return true;
  };
  bool progress = true;
  while (progress && tries < max_tries) {
    progress = false;
    for (size_t chunk = best.ops.size() > 1 ? best.ops.size() / 2 : 1; chunk >= 1; chunk /= 2) {
      for (size_t start = 0; start + chunk <= best.ops.size();) {
        Program c = best;
        c.ops.erase(c.ops.begin() + start, c.ops.begin() + start + chunk);
        if (attempt(c)) {
          progress = true;  // the same start now names the next run
        } else {
          start += chunk;
        }
      }
    }
    for (size_t i = 0; i < best.ops.size(); ++i) {
      while (best.ops[i].len > 1) {
        Program c = best;
        c.ops[i].len /= 2;
        if (!attempt(c)) break;
        progress = true;
      }
    }
  }
  return best;
}

}  // namespace ktls_fuzz
