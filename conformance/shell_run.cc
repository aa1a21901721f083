#include "conformance/shell_run.h"

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace ariasuite::conformance {

std::string Slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

ShellRun RunShell(const std::string& cmd) {
  const char* dir = std::getenv("TEST_TMPDIR");
  const std::string tmp = dir != nullptr ? dir : "/tmp";
  const int raw = std::system((cmd + " >" + tmp + "/out.txt 2>" + tmp + "/err.txt").c_str());
  return ShellRun{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, Slurp(tmp + "/out.txt"),
                  Slurp(tmp + "/err.txt")};
}

}  // namespace ariasuite::conformance
