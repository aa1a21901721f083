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

struct OracleEntry {
  OracleInfo info;
  std::unique_ptr<Backend> (*make)();
};

// The registry's oracles: the one list of their names, what each is, and how each is made. The
// runner's usage text, OracleNames() and the unknown-name error are made from it, and
// conformance/README.md is checked against it (//conformance:readme_backends_test).
const OracleEntry kOracles[] = {
    {{"openssl", "OpenSSL 3 EVP"}, MakeOpenSslBackend},
    {{"botan", "Botan 2"}, MakeBotanBackend},
    {{"cryptopp", "Crypto++"}, MakeCryptoppBackend},
    {{"boringssl", "BoringSSL, AES only, in its own process"}, MakeBoringSslBackend},
    {{"kernel", "the kernel crypto API through AF_ALG"}, MakeKernelBackend},
    {{"sp800-38f", "KW/KWP from SP 800-38F over OpenSSL's raw ARIA"}, MakeSp80038fBackend},
    {{"sp800-38d", "GCM from SP 800-38D over OpenSSL's raw ARIA or AES"}, MakeSp80038dBackend},
    {{"sp800-38a", "CFB128/CFB8/CFB1/OFB from SP 800-38A over raw ARIA or AES"},
     MakeSp80038aBackend},
    {{"bouncycastle", "Bouncy Castle in a JVM"}, MakeBouncyCastleBackend},
};

// "ours, ours/PATH, openssl, ..., bouncycastle, oracles, all, exec:PROGRAM": every name
// MakeBackends() takes, for its unknown-name error.
std::string KnownNames() {
  std::string known = "ours, ours/PATH";
  for (const OracleEntry& o : kOracles) known += std::string(", ") + o.info.name;
  return known + ", oracles, all, exec:PROGRAM";
}

}  // namespace

std::vector<OracleInfo> Oracles() {
  std::vector<OracleInfo> out;
  for (const OracleEntry& o : kOracles) out.push_back(o.info);
  return out;
}

std::vector<std::string> OracleNames() {
  std::vector<std::string> out;
  for (const OracleEntry& o : kOracles) out.push_back(o.info.name);
  return out;
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
    } else if (name == "oracles" || name == "all") {
      for (const std::string& o : OracleNames()) {
        std::vector<std::unique_ptr<Backend>> one = MakeBackends({o}, error);
        for (auto& b : one) out.push_back(std::move(b));
      }
    } else if (name.rfind("exec:", 0) == 0 && name.size() > 5) {
      out.push_back(MakeExecBackend(name.substr(5)));
    } else {
      const OracleEntry* oracle = nullptr;
      for (const OracleEntry& o : kOracles) {
        if (name == o.info.name) oracle = &o;
      }
      if (oracle == nullptr) {
        *error = "unknown backend '" + name + "' (known: " + KnownNames() + ")";
        return {};
      }
      out.push_back(oracle->make());
    }
  }
  return out;
}

}  // namespace ariasuite::oracles
