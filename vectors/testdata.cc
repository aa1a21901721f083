// Runfiles and shared-folder discovery for the vector tests; see testdata.h.
#include "vectors/testdata.h"

#include <sys/stat.h>

#include <climits>
#include <cstdlib>

namespace ariasuite::testdata {
namespace {

bool IsDir(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string RealPath(const std::string& path) {
  char buf[PATH_MAX];
  if (::realpath(path.c_str(), buf) == nullptr) return "";
  return buf;
}

std::string Dirname(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

// A candidate shared folder counts when it holds vectors/wycheproof.
bool TryShared(const std::string& dir, std::string* found, std::string* looked_in) {
  if (dir.empty()) return false;
  if (!looked_in->empty()) *looked_in += ", ";
  *looked_in += dir;
  if (IsDir(dir + "/vectors/wycheproof")) {
    const std::string real = RealPath(dir);
    *found = real.empty() ? dir : real;
    return true;
  }
  return false;
}

}  // namespace

std::string RunfilePath(const std::string& workspace_relative) {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  const char* ws = std::getenv("TEST_WORKSPACE");
  if (srcdir == nullptr) return workspace_relative;  // run by hand from the workspace root
  return std::string(srcdir) + "/" + (ws != nullptr ? ws : "ariasuite") + "/" + workspace_relative;
}

std::string SharedDir(std::string* looked_in) {
  looked_in->clear();
  std::string found;
  if (const char* env = std::getenv("ARIASUITE_SHARED_DIR"); env != nullptr && env[0] != '\0') {
    TryShared(env, &found, looked_in);
    return found;  // an explicit setting is never second-guessed
  }
  const std::string anchor = RealPath(RunfilePath("vectors/README.md"));
  if (!anchor.empty()) {
    const std::string root = Dirname(Dirname(anchor));
    if (TryShared(Dirname(root) + "/shared", &found, looked_in)) return found;
  } else {
    if (!looked_in->empty()) *looked_in += ", ";
    *looked_in += "(runfile vectors/README.md not found)";
  }
  if (const char* ws = std::getenv("BUILD_WORKSPACE_DIRECTORY"); ws != nullptr) {
    if (TryShared(Dirname(ws) + "/shared", &found, looked_in)) return found;
  }
  return "";
}

std::string SharedWycheproofFile(const std::string& name, std::string* skip_reason) {
  std::string looked_in;
  const std::string shared = SharedDir(&looked_in);
  if (shared.empty()) {
    *skip_reason = "SKIP: shared Wycheproof vectors not found (looked in: " + looked_in +
                   "); under bazel pass --test_env=ARIASUITE_SHARED_DIR=/path/to/shared";
    return "";
  }
  return shared + "/vectors/wycheproof/" + name;
}

}  // namespace ariasuite::testdata
