// The one flag parser of the C++ mains: CLI11 (Debian libcli11-dev), with the suite's command-line
// conventions written once. A bad command line is ONE line on stderr,
//   PROGRAM: MESSAGE (usage: PROGRAM [--json FILE] [--quick] FILE...)
// naming the argument, and the program's usage exit status (2 unless it says otherwise); --help
// prints CLI11's generated help on stdout and exits 0. A main declares its flags on the app NewApp
// gives, calls Parse, and returns what Parse returns when it returns something.
#ifndef ARIASUITE_TOOLS_CLI_APP_H_
#define ARIASUITE_TOOLS_CLI_APP_H_

#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "CLI/CLI.hpp"

namespace ariasuite::cli {

// An app named `program` (the prefix of its error lines and the first word of its usage);
// `description` opens --help. A flag given twice keeps its last value. A flag that may repeat
// (a std::vector) takes one value per occurrence when declared with ->allow_extra_args(false).
std::unique_ptr<CLI::App> NewApp(const std::string& program, const std::string& description);

// A flag taking a comma-separated list ("--oracle openssl,botan", usage "[--oracle LIST]"): `items`
// becomes its items in order, empty ones dropped ("a,,b" is a and b; "" is none); given twice, the
// last list counts; absent, `items` keeps what it holds (the default).
CLI::Option* AddListOption(CLI::App& app, const std::string& name, std::vector<std::string>* items,
                           const std::string& description);

// Parses argv[1..argc) into app's options. Returns nullopt when the program goes on; otherwise the
// status main returns: 0 after the help on `out` (-h, --help), or `error_status` after the one
// error line on `err`. The messages say "unknown argument 'A'" and "--flag needs a value" for the
// two commonest mistakes, and CLI11's own words (joined onto one line) for the rest.
std::optional<int> Parse(CLI::App& app, int argc, const char* const* argv, int error_status = 2,
                         std::ostream& out = std::cout, std::ostream& err = std::cerr);

// A usage error the program finds after parsing (flags that go together, a value out of range):
// the same one line on `err`. Returns error_status.
int UsageError(const CLI::App& app, const std::string& message, int error_status = 2,
               std::ostream& err = std::cerr);

// The usage generated from the app's options, in declaration order: "PROGRAM --dir DIR
// [--seconds S] [--exclude F]... [--quick] FILE...". A flag's value is named by its type_name
// (up to any ':' CLI11 appends for a check); a positional by its name.
std::string UsageLine(const CLI::App& app);

}  // namespace ariasuite::cli

#endif  // ARIASUITE_TOOLS_CLI_APP_H_
