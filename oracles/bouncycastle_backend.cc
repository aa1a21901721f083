// The "bouncycastle" oracle: Bouncy Castle's lightweight API (Debian's libbcprov-java) in one
// long-lived JVM running oracles/adapters/BouncyCastleAdapter.java over the exec line protocol
// (PROTOCOL.md). Unavailable, with the Debian package to install named, when there is no Java
// runtime, no bcprov jar or no adapter jar.
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "oracles/adapter_lookup.h"
#include "oracles/backend.h"

namespace ariasuite::oracles {
namespace {

constexpr char kName[] = "bouncycastle";

// 'text' for /bin/sh, whatever text holds.
std::string ShellQuote(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// The java launcher: $ARIASUITE_JAVA, else the first executable `java` on $PATH.
std::optional<std::string> FindJava(std::string* why) {
  if (const char* env = std::getenv("ARIASUITE_JAVA")) {
    if (access(env, X_OK) == 0) return std::string(env);
    *why = std::string("no Java runtime: ARIASUITE_JAVA=") + env +
           " is not an executable (install default-jdk-headless)";
    return std::nullopt;
  }
  const char* path = std::getenv("PATH");
  std::string dirs = path != nullptr && *path != '\0' ? path : "/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string dir = dirs.substr(start, end - start);
    std::string candidate = (dir.empty() ? "." : dir) + "/java";
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  *why = "no Java runtime: java not found on PATH " + dirs + " (install default-jdk-headless)";
  return std::nullopt;
}

}  // namespace

std::unique_ptr<Backend> MakeBouncyCastleBackend() {
  std::string why;
  std::optional<std::string> java = FindJava(&why);
  if (!java) return MakeUnavailableBackend(kName, why);
  const char* bcprov_env = std::getenv("ARIASUITE_BCPROV_JAR");
  const std::string bcprov = bcprov_env != nullptr ? bcprov_env : "/usr/share/java/bcprov.jar";
  if (access(bcprov.c_str(), R_OK) != 0) {
    return MakeUnavailableBackend(
        kName, "Bouncy Castle jar " + bcprov + " not found (install libbcprov-java)");
  }
  std::string looked_in;
  std::optional<std::string> adapter = FindAdapterFile(
      "bouncycastle_adapter.jar", "ARIASUITE_BOUNCYCASTLE_ADAPTER", R_OK, &looked_in);
  if (!adapter) {
    return MakeUnavailableBackend(kName, "Bouncy Castle adapter jar not found (looked in " +
                                             looked_in +
                                             "); build //oracles:bouncycastle_adapter or set "
                                             "ARIASUITE_BOUNCYCASTLE_ADAPTER");
  }
  // One small JVM for the whole run: the serial collector and the client compiler start fastest on
  // a machine shared by many processes.
  return MakeExecBackend(ShellQuote(*java) + " -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp " +
                             ShellQuote(bcprov + ":" + *adapter) + " BouncyCastleAdapter",
                         kName);
}

}  // namespace ariasuite::oracles
