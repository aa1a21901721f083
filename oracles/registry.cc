// The backend registry: turns --impl / --oracle names into backends (backend.h, MakeBackends).
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "impl/dispatch.h"
#include "oracles/backend.h"

namespace ariasuite::oracles {
namespace {

// A backend that cannot run, with the reason (a missing adapter binary).
class UnavailableBackend : public Backend {
 public:
  UnavailableBackend(std::string name, std::string why)
      : name_(std::move(name)), why_(std::move(why)) {}
  std::string name() const override { return name_; }
  bool is_ours() const override { return false; }
  std::optional<std::string> unavailable() const override { return why_; }
  std::optional<Result> Run(const Request&) override { return std::nullopt; }

 private:
  std::string name_, why_;
};

// The BoringSSL adapter: $ARIASUITE_BORINGSSL_ADAPTER, else next to this binary (OSS-Fuzz's $OUT),
// else in bazel-bin's oracles/ beside this binary's package (bazel-bin/conformance/runner finds
// bazel-bin/oracles/boringssl_adapter), else in this binary's runfiles.
std::unique_ptr<Backend> MakeBoringSslBackend() {
  std::vector<std::string> tried;
  if (const char* env = std::getenv("ARIASUITE_BORINGSSL_ADAPTER")) {
    if (access(env, X_OK) == 0) return MakeExecBackend(env, "boringssl");
    tried.push_back(env);
  } else {
    std::error_code ec;
    std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
      const std::string exe = self.string();
      for (const std::string& candidate :
           {self.parent_path().string() + "/boringssl_adapter",
            self.parent_path().parent_path().string() + "/oracles/boringssl_adapter",
            exe + ".runfiles/ariasuite/oracles/boringssl_adapter"}) {
        if (access(candidate.c_str(), X_OK) == 0) return MakeExecBackend(candidate, "boringssl");
        tried.push_back(candidate);
      }
    }
    if (const char* rf = std::getenv("RUNFILES_DIR")) {
      std::string candidate = std::string(rf) + "/ariasuite/oracles/boringssl_adapter";
      if (access(candidate.c_str(), X_OK) == 0) return MakeExecBackend(candidate, "boringssl");
      tried.push_back(candidate);
    }
  }
  std::string where;
  for (const std::string& t : tried) where += (where.empty() ? "" : ", ") + t;
  return std::make_unique<UnavailableBackend>("boringssl",
                                              "BoringSSL adapter not found (looked in " + where +
                                                  "); build //oracles:boringssl_adapter or set "
                                                  "ARIASUITE_BORINGSSL_ADAPTER");
}

}  // namespace

std::vector<std::string> OracleNames() {
  return {"openssl", "botan",     "cryptopp",  "boringssl",
          "kernel",  "sp800-38f", "sp800-38d", "sp800-38a"};
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
