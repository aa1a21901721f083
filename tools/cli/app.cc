// See app.h.
#include "tools/cli/app.h"

#include <sstream>
#include <vector>

namespace ariasuite::cli {
namespace {

// CLI11's message on one line: each line break becomes "; ", trailing ones go.
std::string OneLine(std::string message) {
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  std::string line;
  for (char c : message) line += c == '\n' ? std::string("; ") : std::string(1, c);
  return line;
}

// "unknown argument 'A'" and "--flag needs a value" in the suite's words; CLI11's otherwise. An
// unknown argument is named first, whatever CLI11 found: "--dri x" is a typo of --dir, which is
// more use than "--dir is required".
std::string Message(const CLI::App& app, const CLI::ParseError& e) {
  const std::vector<std::string> extra = app.remaining();
  if (!extra.empty()) return "unknown argument '" + extra.front() + "'";
  // ArgumentMismatch::TypedAtLeast: "--json: 1 required FILE missing".
  const std::string what = e.what();
  const std::string missing = " missing";
  const size_t colon = what.find(": ");
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) != nullptr && colon != std::string::npos &&
      what.size() > missing.size() &&
      what.compare(what.size() - missing.size(), missing.size(), missing) == 0) {
    return what.substr(0, colon) + " needs a value";
  }
  return OneLine(what);
}

}  // namespace

std::unique_ptr<CLI::App> NewApp(const std::string& program, const std::string& description) {
  auto app = std::make_unique<CLI::App>(description, program);
  app->option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  return app;
}

CLI::Option* AddListOption(CLI::App& app, const std::string& name, std::vector<std::string>* items,
                           const std::string& description) {
  auto split = [items](const std::string& list) {
    items->clear();
    std::istringstream in(list);
    for (std::string item; std::getline(in, item, ',');) {
      if (!item.empty()) items->push_back(item);
    }
  };
  return app.add_option_function<std::string>(name, split, description)->type_name("LIST");
}

std::optional<int> Parse(CLI::App& app, int argc, const char* const* argv, int error_status,
                         std::ostream& out, std::ostream& err) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success&) {  // -h, --help
    out << app.help();
    return 0;
  } catch (const CLI::ParseError& e) {
    return UsageError(app, Message(app, e), error_status, err);
  }
  return std::nullopt;
}

int UsageError(const CLI::App& app, const std::string& message, int error_status,
               std::ostream& err) {
  err << app.get_name() << ": " << message << " (usage: " << UsageLine(app) << ")\n";
  return error_status;
}

std::string UsageLine(const CLI::App& app) {
  std::string usage = app.get_name();
  for (const CLI::Option* opt : app.get_options()) {
    if (opt == app.get_help_ptr() || opt == app.get_help_all_ptr()) continue;
    const bool repeats = opt->get_items_expected_max() >= CLI::detail::expected_max_vector_size;
    std::string word;
    if (!opt->nonpositional()) {
      word = opt->get_name();
    } else {
      word = opt->get_snames().empty() ? "--" + opt->get_lnames().front()
                                       : "-" + opt->get_snames().front();
      const std::string type = opt->get_type_name();
      if (!type.empty()) word += " " + type.substr(0, type.find(':'));  // "" for a bare flag
    }
    if (!opt->get_required()) word = "[" + word + "]";
    if (repeats) word += "...";
    usage += " " + word;
  }
  return usage;
}

}  // namespace ariasuite::cli
