// Finding an adapter file, and the unavailable backend (adapter_lookup.h).
#include "oracles/adapter_lookup.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <vector>

namespace ariasuite::oracles {

std::optional<std::string> FindAdapterFile(const std::string& file, const char* env_var, int mode,
                                           std::string* looked_in) {
  std::vector<std::string> candidates;
  if (const char* env = std::getenv(env_var)) {
    candidates.push_back(env);
  } else {
    std::error_code ec;
    std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
      candidates.push_back(self.parent_path().string() + "/" + file);
      candidates.push_back(self.parent_path().parent_path().string() + "/oracles/" + file);
      candidates.push_back(self.string() + ".runfiles/ariasuite/oracles/" + file);
    }
    if (const char* rf = std::getenv("RUNFILES_DIR")) {
      candidates.push_back(std::string(rf) + "/ariasuite/oracles/" + file);
    }
  }
  looked_in->clear();
  for (const std::string& c : candidates) {
    if (access(c.c_str(), mode) == 0) return c;
    *looked_in += (looked_in->empty() ? "" : ", ") + c;
  }
  return std::nullopt;
}

namespace {

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

}  // namespace

std::unique_ptr<Backend> MakeUnavailableBackend(const std::string& name, const std::string& why) {
  return std::make_unique<UnavailableBackend>(name, why);
}

}  // namespace ariasuite::oracles
