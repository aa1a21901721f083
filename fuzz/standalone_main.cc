// main() of a fuzz target built without libFuzzer (the default config): runs
// LLVMFuzzerTestOneInput once on each file given, or on every file of each directory given, and
// prints how many ran. Reproduces a crash file without the fuzz build:
//   bazel-bin/fuzz/aria_gcm_seal_fuzzer fuzz/findings/aria_gcm_seal/crash-...
#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

namespace {

bool RunFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in.good()) {
    std::fprintf(stderr, "fuzz: cannot read %s\n", path.c_str());
    return false;
  }
  std::vector<uint8_t> data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::fprintf(stderr, "fuzz: running %s (%zu bytes)\n", path.c_str(), data.size());
  LLVMFuzzerTestOneInput(data.data(), data.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (LLVMFuzzerInitialize != nullptr) LLVMFuzzerInitialize(&argc, &argv);
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE_OR_DIR... (built without libFuzzer: replays inputs)\n",
                 argv[0]);
    return 2;
  }
  size_t ran = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (!arg.empty() && arg[0] == '-') {
      std::fprintf(stderr, "fuzz: %s: flags need the libFuzzer build (bazel build --config=fuzz)\n",
                   arg.c_str());
      return 2;
    }
    struct stat st;
    if (stat(arg.c_str(), &st) != 0) {
      std::fprintf(stderr, "fuzz: no such file or directory: %s\n", arg.c_str());
      return 2;
    }
    if (S_ISDIR(st.st_mode)) {
      std::vector<std::string> files;
      if (DIR* d = opendir(arg.c_str())) {
        while (dirent* e = readdir(d)) {
          if (e->d_name[0] != '.') files.push_back(arg + "/" + e->d_name);
        }
        closedir(d);
      }
      std::sort(files.begin(), files.end());
      for (const std::string& f : files) {
        if (!RunFile(f)) return 2;
        ++ran;
      }
    } else {
      if (!RunFile(arg)) return 2;
      ++ran;
    }
  }
  std::fprintf(stderr, "fuzz: %zu inputs ran without a finding\n", ran);
  return 0;
}
