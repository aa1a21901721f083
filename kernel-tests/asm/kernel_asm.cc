// Loading the assembled kernel functions (see kernel_asm.h).
#include "kernel-tests/asm/kernel_asm.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "kernel-tests/asm/cache_layout.h"

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

// Maps the flat image `path` at exactly `addr`, readable and executable. nullptr with *error set
// when the file cannot be read or the address range is taken.
void* MapImage(const std::string& path, uintptr_t addr, size_t* len, std::string* error) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0 || st.st_size <= 0) {
    *error = "cannot read " + path + ": " + (fd < 0 ? std::strerror(errno) : "empty");
    if (fd >= 0) close(fd);
    return nullptr;
  }
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  *len = (static_cast<size_t>(st.st_size) + page - 1) / page * page;
  void* want = reinterpret_cast<void*>(addr);
  void* p = mmap(want, *len, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  if (p == MAP_FAILED || p != want) {
    const std::string why = p == MAP_FAILED ? std::strerror(errno) : "placed elsewhere";
    if (p != MAP_FAILED) munmap(p, *len);
    close(fd);
    char hex[32];
    std::snprintf(hex, sizeof(hex), "%#lx", static_cast<unsigned long>(addr));
    *error = "cannot map " + path + " at " + hex + " (the address it was linked for): " + why;
    return nullptr;
  }
  size_t done = 0;
  while (done < static_cast<size_t>(st.st_size)) {
    const ssize_t n =
        read(fd, static_cast<char*>(p) + done, static_cast<size_t>(st.st_size) - done);
    if (n <= 0) {
      *error = "cannot read " + path + ": " + (n < 0 ? std::strerror(errno) : "short file");
      munmap(p, *len);
      close(fd);
      return nullptr;
    }
    done += static_cast<size_t>(n);
  }
  close(fd);
  if (mprotect(p, *len, PROT_READ | PROT_EXEC) != 0) {
    *error = std::string("mprotect of the image failed: ") + std::strerror(errno);
    munmap(p, *len);
    return nullptr;
  }
  return p;
}

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
    *error = "no " + manifest + " (build it: python3 kernel-tests/asm/main.py build)";
    return nullptr;
  }
  std::unique_ptr<Library> lib(new Library);
  std::string so, image, line;
  uintptr_t image_addr = 0;
  std::map<std::string, uintptr_t> symbols;
  int lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> f = Split(line, ' ');
    if (f[0] == "so" && f.size() == 2) {
      so = dir + "/" + f[1];
    } else if ((f[0] == "image" || f[0] == "symbol") && f.size() == 3) {
      char* end = nullptr;
      const uintptr_t addr = std::strtoull(f[2].c_str(), &end, 16);
      if (end == f[2].c_str() || *end != '\0' || addr == 0) {
        *error = manifest + ":" + std::to_string(lineno) + ": bad address '" + f[2] + "'";
        return nullptr;
      }
      if (f[0] == "image") {
        image = dir + "/" + f[1];
        image_addr = addr;
      } else {
        symbols[f[1]] = addr;
      }
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
  if ((so.empty() == image.empty()) || lib->functions_.empty()) {
    *error = manifest + " names no function, or not exactly one of a shared object and an image";
    return nullptr;
  }
  if (!image.empty()) {
    lib->image_ = MapImage(image, image_addr, &lib->image_len_, error);
    if (lib->image_ == nullptr) return nullptr;
    for (Function& fn : lib->functions_) {
      const auto it = symbols.find(fn.name);
      if (it == symbols.end() || it->second < image_addr ||
          it->second >= image_addr + lib->image_len_) {
        *error = manifest + ": no symbol line inside the image for " + fn.name;
        return nullptr;
      }
      fn.symbol = reinterpret_cast<void*>(it->second);
    }
    return lib;
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
  Dl_info info;
  if (dladdr(lib->functions_.front().symbol, &info) != 0) {
    lib->link_bias_ = reinterpret_cast<uintptr_t>(info.dli_fbase);
  }
  return lib;
}

Library::~Library() {
  if (handle_ != nullptr) dlclose(handle_);
  if (image_ != nullptr) munmap(image_, image_len_);
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
  const std::string pointer = kernel_cache::AsmDir() + "/current";
  std::ifstream in(pointer);
  std::string dir;
  if (in.good() && std::getline(in, dir) && IsFile(dir + "/manifest.txt")) return dir;
  *why = "no assembled kernel ARIA functions: ARIASUITE_KERNEL_ASM_DIR is unset and " + pointer +
         " names no build (tools/ariasuite kernel-asm builds one from the cached kernel tree)";
  return "";
}

}  // namespace ariasuite::kernel_asm
