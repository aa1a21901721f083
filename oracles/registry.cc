// The backend registry: turns --impl / --oracle names into backends (backend.h, MakeBackends).
#include <unistd.h>

#include "impl/dispatch.h"
#include "oracles/adapter_lookup.h"
#include "oracles/backend.h"

namespace ariasuite::oracles {
namespace {

// The BoringSSL adapter: $ARIASUITE_BORINGSSL_ADAPTER, else found beside this binary
// (adapter_lookup.h).
std::unique_ptr<Backend> MakeBoringSslBackend() {
  std::string looked_in;
  std::optional<std::string> adapter =
      FindAdapterFile("boringssl_adapter", "ARIASUITE_BORINGSSL_ADAPTER", X_OK, &looked_in);
  if (adapter) return MakeExecBackend(*adapter, "boringssl");
  return MakeUnavailableBackend("boringssl", "BoringSSL adapter not found (looked in " + looked_in +
                                                 "); build //oracles:boringssl_adapter or set "
                                                 "ARIASUITE_BORINGSSL_ADAPTER");
}

}  // namespace

std::vector<std::string> OracleNames() {
  return {"openssl",   "botan",     "cryptopp",  "boringssl",   "kernel",
          "sp800-38f", "sp800-38d", "sp800-38a", "bouncycastle"};
}

std::vector<std::unique_ptr<Backend>> MakeBackends(const std::vector<std::string>& names,
                                                   std::string* error) {
  std::vector<std::unique_ptr<Backend>> out;
  for (const std::string& name : names) {
    if (name == "ours") {
      for (Impl impl : AllImpls()) out.push_back(MakeOursBackend(impl));
    } else if (name.rfind("ours/", 0) == 0) {
      std::optional<Impl> impl = ParseImpl(name.substr(5));
      if (!impl) {
        std::string known;
        for (Impl i : AllImpls())
          known += std::string(known.empty() ? "" : ", ") + "ours/" + ImplName(i);
        *error = "unknown implementation '" + name + "' (known: ours, " + known + ")";
        return {};
      }
      out.push_back(MakeOursBackend(*impl));
    } else if (name == "openssl") {
      out.push_back(MakeOpenSslBackend());
    } else if (name == "botan") {
      out.push_back(MakeBotanBackend());
    } else if (name == "cryptopp") {
      out.push_back(MakeCryptoppBackend());
    } else if (name == "boringssl") {
      out.push_back(MakeBoringSslBackend());
    } else if (name == "kernel") {
      out.push_back(MakeKernelBackend());
    } else if (name == "sp800-38f") {
      out.push_back(MakeSp80038fBackend());
    } else if (name == "sp800-38d") {
      out.push_back(MakeSp80038dBackend());
    } else if (name == "sp800-38a") {
      out.push_back(MakeSp80038aBackend());
    } else if (name == "bouncycastle") {
      out.push_back(MakeBouncyCastleBackend());
    } else if (name == "oracles" || name == "all") {
      for (const std::string& o : OracleNames()) {
        std::vector<std::unique_ptr<Backend>> one = MakeBackends({o}, error);
        for (auto& b : one) out.push_back(std::move(b));
      }
    } else if (name.rfind("exec:", 0) == 0 && name.size() > 5) {
      out.push_back(MakeExecBackend(name.substr(5)));
    } else {
      *error = "unknown backend '" + name +
               "' (known: ours, ours/PATH, openssl, botan, cryptopp, boringssl, kernel, sp800-38f, "
               "sp800-38d, "
               "sp800-38a, oracles, exec:PROGRAM)";
      return {};
    }
  }
  return out;
}

}  // namespace ariasuite::oracles
