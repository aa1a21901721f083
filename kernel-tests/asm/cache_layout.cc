// The kernel cache's layout (see cache_layout.h).
#include "kernel-tests/asm/cache_layout.h"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>

namespace ariasuite::kernel_cache {

std::string Base() {
  if (const char* c = std::getenv("ARIASUITE_CACHE"); c != nullptr && *c) return c;
  if (const passwd* pw = getpwuid(getuid()); pw != nullptr && pw->pw_dir != nullptr) {
    return std::string(pw->pw_dir) + "/.cache/ariasuite";
  }
  return "";
}

std::string SourceDir() { return Base() + "/kernel/source"; }

std::string AsmDir() { return Base() + "/kernel-asm"; }

}  // namespace ariasuite::kernel_cache
