// See flags.h.
#include "tools/cli/flags.h"

#include <utility>

namespace ariasuite::cli {

Flag StringFlag(std::string name, std::string* out) {
  return {std::move(name), [out](const std::string& value) {
            *out = value;
            return std::string();
          }};
}

Flag BoolFlag(std::string name, bool* out) {
  return {std::move(name),
          [out](const std::string&) {
            *out = true;
            return std::string();
          },
          /*takes_value=*/false};
}

std::string ParseFlags(int argc, char** argv, const std::vector<Flag>& flags) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const Flag* flag = nullptr;
    for (const Flag& f : flags) {
      if (f.name == arg) flag = &f;
    }
    if (flag == nullptr) return "unknown argument '" + arg + "'";
    std::string value;
    if (flag->takes_value) {
      if (i + 1 >= argc) return arg + " needs a value";
      value = argv[++i];
    }
    const std::string error = flag->set(value);
    if (!error.empty()) return arg + ": " + error;
  }
  return "";
}

}  // namespace ariasuite::cli
