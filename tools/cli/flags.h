// The command-line walk the tools' programs share (tools/bench, kernel-tests/asm): each argument
// names a flag of a table; a flag that takes a value consumes the next argument. The caller keeps
// its own usage line and exit status: ParseFlags only says what was wrong.
#ifndef ARIASUITE_TOOLS_CLI_FLAGS_H_
#define ARIASUITE_TOOLS_CLI_FLAGS_H_

#include <functional>
#include <string>
#include <vector>

namespace ariasuite::cli {

struct Flag {
  std::string name;  // "--json"
  // Takes the flag's value ("" for a flag without one); returns "" or why the value is wrong.
  std::function<std::string(const std::string& value)> set;
  bool takes_value = true;
};

// --name VALUE stores VALUE in *out.
Flag StringFlag(std::string name, std::string* out);
// --name (no value) sets *out.
Flag BoolFlag(std::string name, bool* out);

// Applies argv[1..argc) to the flags. Returns "" or the first error: "unknown argument 'A'",
// "--name needs a value", or "--name: " followed by what the flag's set said.
std::string ParseFlags(int argc, char** argv, const std::vector<Flag>& flags);

}  // namespace ariasuite::cli

#endif  // ARIASUITE_TOOLS_CLI_FLAGS_H_
