// What the conformance CLI tests share: running a shell command with its stdout and stderr
// captured in files under TEST_TMPDIR, and reading a file whole.
#ifndef ARIASUITE_CONFORMANCE_SHELL_RUN_H_
#define ARIASUITE_CONFORMANCE_SHELL_RUN_H_

#include <string>

namespace ariasuite::conformance {

struct ShellRun {
  int status;  // the exit status, -1 when the command did not exit normally
  std::string out, err;
};

// Runs cmd through /bin/sh (a shell word list; may start with VAR=value assignments).
ShellRun RunShell(const std::string& cmd);

// The file's bytes; empty when it cannot be read.
std::string Slurp(const std::string& path);

}  // namespace ariasuite::conformance

#endif  // ARIASUITE_CONFORMANCE_SHELL_RUN_H_
