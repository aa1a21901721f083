// `tools/ariasuite vectors generate`: writes every generated vector file under --out (the
// workspace root), creating vectors/generated/ and vectors/samples/ as needed.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "vectors/gen/generate.h"

int main(int argc, char** argv) {
  std::string root;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--out" && i + 1 < argc) {
      root = argv[++i];
    } else {
      std::cerr << "usage: generate --out WORKSPACE_ROOT\n";
      return 2;
    }
  }
  if (root.empty()) {
    std::cerr << "usage: generate --out WORKSPACE_ROOT\n";
    return 2;
  }
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
