// A backend whose every answer is given by a function, for the runner's tests.
#ifndef ARIASUITE_CONFORMANCE_SCRIPTED_BACKEND_H_
#define ARIASUITE_CONFORMANCE_SCRIPTED_BACKEND_H_

#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "oracles/backend.h"

namespace ariasuite::conformance {

class Scripted : public oracles::Backend {
 public:
  using Answer = std::function<std::optional<oracles::Result>(const oracles::Request&)>;
  explicit Scripted(Answer f, std::string name = "scripted")
      : f_(std::move(f)), name_(std::move(name)) {}
  std::string name() const override { return name_; }
  bool is_ours() const override { return false; }
  std::optional<std::string> unavailable() const override { return std::nullopt; }
  std::optional<oracles::Result> Run(const oracles::Request& r) override { return f_(r); }

 private:
  Answer f_;
  std::string name_;
};

}  // namespace ariasuite::conformance

#endif  // ARIASUITE_CONFORMANCE_SCRIPTED_BACKEND_H_
