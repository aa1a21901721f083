// Loading the assembled kernel functions (see kernel_asm.h).
#include "tools/kernel_asm/kernel_asm.h"

#include <dlfcn.h>
#include <pwd.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace ariasuite::kernel_asm {
namespace {

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

bool IsFile(const std::string& path) { return access(path.c_str(), R_OK) == 0; }

}  // namespace

const char* KindName(Kind kind) {
  switch (kind) {
    case Kind::kEncrypt: return "encrypt";
    case Kind::kDecrypt: return "decrypt";
    case Kind::kCtr: return "ctr";
  }
  return "?";
}

const std::set<std::string>& CpuFlags() {
  static const std::set<std::string>* flags = [] {
    auto* set = new std::set<std::string>;
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("flags", 0) != 0) continue;
      const size_t colon = line.find(':');
      if (colon == std::string::npos) continue;
      std::istringstream words(line.substr(colon + 1));
      std::string w;
      while (words >> w) set->insert(w);
      break;
    }
    return set;
  }();
  return *flags;
}

std::string CpuFlagsLine() {
  std::string out;
  for (const std::string& f : CpuFlags()) {
    if (f.rfind("avx", 0) == 0 || f == "aes" || f == "gfni" || f == "vaes" || f == "pclmulqdq" ||
        f == "vpclmulqdq" || f == "ssse3" || f == "sse4_1" || f == "sse4_2" || f == "xsave") {
      out += (out.empty() ? "" : " ") + f;
    }
  }
  return out;
}

std::unique_ptr<Library> Library::Load(const std::string& dir, std::string* error) {
  const std::string manifest = dir + "/manifest.txt";
  std::ifstream in(manifest);
  if (!in.good()) {
    *error = "no " + manifest + " (build it: python3 tools/kernel_asm/main.py build)";
    return nullptr;
  }
  std::unique_ptr<Library> lib(new Library);
  std::string so, line;
  int lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> f = Split(line, ' ');
    if (f[0] == "so" && f.size() == 2) {
      so = dir + "/" + f[1];
    } else if (f[0] == "kernel" && f.size() == 2) {
      lib->kernel_ = f[1];
    } else if (f[0] == "tree" && f.size() >= 2) {
      lib->tree_ = line.substr(5);
    } else if (f[0] == "function" && f.size() == 6) {
      Function fn;
      fn.name = f[1];
      fn.driver = f[2];
      if (f[3] == "encrypt")
        fn.kind = Kind::kEncrypt;
      else if (f[3] == "decrypt")
        fn.kind = Kind::kDecrypt;
      else if (f[3] == "ctr")
        fn.kind = Kind::kCtr;
      else {
        *error = manifest + ":" + std::to_string(lineno) + ": unknown kind '" + f[3] + "'";
        return nullptr;
      }
      fn.blocks = std::strtoul(f[4].c_str(), nullptr, 10);
      if (fn.blocks == 0 || fn.blocks > 64) {
        *error = manifest + ":" + std::to_string(lineno) + ": bad block count '" + f[4] + "'";
        return nullptr;
      }
      if (f[5] != "-") fn.cpu_flags = Split(f[5], ',');
      for (const std::string& flag : fn.cpu_flags) {
        if (CpuFlags().count(flag) == 0) fn.missing += (fn.missing.empty() ? "" : ",") + flag;
      }
      lib->functions_.push_back(fn);
    } else if (f[0] != "digest") {
      *error = manifest + ":" + std::to_string(lineno) + ": unknown line '" + line + "'";
      return nullptr;
    }
  }
  if (so.empty() || lib->functions_.empty()) {
    *error = manifest + " names no shared object or no function";
    return nullptr;
  }
  lib->handle_ = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (lib->handle_ == nullptr) {
    const char* e = dlerror();
    *error = "cannot load " + so + ": " + (e ? e : "?");
    return nullptr;
  }
  for (Function& fn : lib->functions_) {
    fn.symbol = dlsym(lib->handle_, fn.name.c_str());
    if (fn.symbol == nullptr) {
      *error = so + " has no symbol " + fn.name;
      return nullptr;
    }
  }
  return lib;
}

Library::~Library() {
  if (handle_ != nullptr) dlclose(handle_);
}

const Function* Library::Find(const std::string& name) const {
  for (const Function& f : functions_) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

std::string FindAsmDir(std::string* why) {
  if (const char* env = std::getenv("ARIASUITE_KERNEL_ASM_DIR"); env != nullptr && *env) {
    if (IsFile(std::string(env) + "/manifest.txt")) return env;
    *why = std::string("ARIASUITE_KERNEL_ASM_DIR=") + env + " holds no manifest.txt";
    return "";
  }
  char exe[4096];
  const ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
  if (n > 0) {
    std::string dir(exe, static_cast<size_t>(n));
    dir = dir.substr(0, dir.rfind('/')) + "/kernel_aria_asm";
    if (IsFile(dir + "/manifest.txt")) return dir;
  }
  std::string cache;
  if (const char* c = std::getenv("ARIASUITE_CACHE"); c != nullptr && *c) {
    cache = c;
  } else if (const passwd* pw = getpwuid(getuid()); pw != nullptr && pw->pw_dir != nullptr) {
    cache = std::string(pw->pw_dir) + "/.cache/ariasuite";
  }
  const std::string pointer = cache + "/kernel-asm/current";
  std::ifstream in(pointer);
  std::string dir;
  if (in.good() && std::getline(in, dir) && IsFile(dir + "/manifest.txt")) return dir;
  *why = "no assembled kernel ARIA functions: ARIASUITE_KERNEL_ASM_DIR is unset and " + pointer +
         " names no build (tools/ariasuite kernel-asm builds one from the cached kernel tree)";
  return "";
}

}  // namespace ariasuite::kernel_asm
