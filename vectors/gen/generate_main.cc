// `tools/ariasuite vectors generate`: writes every generated vector file under --out (the
// workspace root), creating vectors/generated/ and vectors/samples/ as needed.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "tools/cli/app.h"
#include "vectors/gen/generate.h"

int main(int argc, char** argv) {
  std::string root;
  std::unique_ptr<CLI::App> app = ariasuite::cli::NewApp(
      "generate",
      "Writes every generated vector file (vectors/generated/, vectors/samples/) under "
      "WORKSPACE_ROOT (tools/ariasuite vectors generate).");
  app->add_option("--out", root, "the workspace root to write under")
      ->type_name("WORKSPACE_ROOT")
      ->required();
  if (std::optional<int> status = ariasuite::cli::Parse(*app, argc, argv)) return *status;
  if (root.empty()) return ariasuite::cli::UsageError(*app, "--out is empty");
  std::vector<ariasuite::gen::GeneratedFile> files;
  std::string log, error;
  if (!ariasuite::gen::GenerateAll(&files, &log, &error)) {
    std::cerr << "vectors generate: " << error << "\n";
    return 1;
  }
  for (const auto& f : files) {
    const std::filesystem::path p = std::filesystem::path(root) / f.path;
    std::error_code ec;
    std::filesystem::create_directories(p.parent_path(), ec);
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << f.content;
    if (!out) {
      std::cerr << "vectors generate: cannot write " << p.string() << "\n";
      return 1;
    }
  }
  std::cout << log;
  return 0;
}
