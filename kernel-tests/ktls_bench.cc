// The guest side of `tools/ariasuite kernel --bench`: TLS 1.2 throughput over loopback TCP, one
// sender thread and one receiver thread, for ARIA-128-GCM, ARIA-256-GCM and AES-128-GCM (for
// scale):
//   - userspace: OpenSSL's SSL_write / SSL_read after a TLS 1.2 PSK handshake
//     (PSK-ARIA128-GCM-SHA256, PSK-ARIA256-GCM-SHA384, PSK-AES128-GCM-SHA256; RFC 6209 §2);
//   - ktls: the kernel's TLS_TX on the sender and TLS_RX on the receiver, plain write / read,
//     once per ARIA driver the guest has loaded: the SIMD modules are unloaded one by one from the
//     highest priority down (so gcm(aria) is built over each ctr(aria) driver in turn, the last
//     one aria-generic), and loaded again at the end from /ariasuite/modules.list.
// Every byte received is compared with what was sent; a mismatch fails the measurement.
//
// Output: TAP 13, one case per measurement, each preceded by the line the host turns into the
// table (kernel-tests/vm/bench.py):
//   # BENCH cipher=ARIA-128-GCM stack=ktls driver=gcm_base(ctr-aria-avx2,ghash-generic) bytes=N
//   ns=T
// Exit status: 0 every measurement ran and checked, 1 one failed, 4 nothing could run.
// Usage: ktls_bench [--bytes N] [--userspace-only]
//   ARIASUITE_BENCH_PLANT=flip  the sender changes one byte it sends (the byte check must fail).
#include <fcntl.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "kernel-tests/tls_util.h"

namespace {

struct BenchCipher {
  const char* name;     // as the table prints it
  const char* openssl;  // OpenSSL's TLS 1.2 PSK cipher suite of the same AEAD
  ktls::Cipher kernel;  // the kTLS cipher
  bool aria;            // measured once per ARIA driver
};

const BenchCipher kCiphers[] = {
    {"ARIA-128-GCM", "PSK-ARIA128-GCM-SHA256", {ktls::kCipherAriaGcm128, 16, "gcm(aria)"}, true},
    {"ARIA-256-GCM", "PSK-ARIA256-GCM-SHA384", {ktls::kCipherAriaGcm256, 32, "gcm(aria)"}, true},
    {"AES-128-GCM", "PSK-AES128-GCM-SHA256", {ktls::kCipherAesGcm128, 16, "gcm(aes)"}, false},
};

// TLS's largest record payload: the unit both stacks write in.
constexpr size_t kChunk = ktls::kMaxPayload;
// The data sent repeats this many random bytes (a multiple of kChunk).
constexpr size_t kPattern = 4 * kChunk;

struct Outcome {
  std::string error;  // "" when every byte arrived and matched
  uint64_t ns = 0;    // first write to last byte read
};

// What the sender sends and the receiver expects.
struct Stream {
  std::vector<uint8_t> pattern;
  size_t bytes = 0;
  bool plant_flip = false;  // ARIASUITE_BENCH_PLANT=flip

  // The bytes at stream offset `at` (up to the end of the pattern).
  const uint8_t* At(size_t at) const { return pattern.data() + at % kPattern; }
};

// Compares what arrived at stream offset `at` with what was sent; "" or where it differs.
std::string Check(const Stream& s, size_t at, const uint8_t* got, size_t len) {
  while (len > 0) {
    const size_t n = std::min(len, kPattern - at % kPattern);
    if (std::memcmp(got, s.At(at), n) != 0) {
      size_t i = 0;
      while (got[i] == s.At(at)[i]) ++i;
      return "received byte " + std::to_string(at + i) + " differs from the byte sent";
    }
    at += n;
    got += n;
    len -= n;
  }
  return "";
}

// Runs send(data, len) in a thread and recv(buf, room) here until s.bytes arrived; each returns
// bytes moved (> 0) or sets the error. The time is taken from before the first write. When the
// receiver stops early, both sockets are shut down so that a sender blocked in a full socket
// buffer returns.
template <typename Send, typename Recv>
Outcome Transfer(const Stream& s, int client, int server, Send send, Recv recv) {
  Outcome o;
  std::string send_error;
  const auto t0 = std::chrono::steady_clock::now();
  std::thread sender([&] {
    std::vector<uint8_t> planted;
    for (size_t at = 0; at < s.bytes;) {
      const size_t n = std::min(kChunk, s.bytes - at);
      const uint8_t* data = s.At(at);
      if (s.plant_flip && at <= s.bytes / 2 && s.bytes / 2 < at + n) {
        planted.assign(data, data + n);
        planted[s.bytes / 2 - at] ^= 0x01;
        data = planted.data();
      }
      const long sent = send(data, n, &send_error);
      if (sent <= 0) return;
      at += static_cast<size_t>(sent);
    }
  });
  std::vector<uint8_t> buf(kPattern);
  for (size_t got = 0; got < s.bytes && o.error.empty();) {
    const long n = recv(buf.data(), std::min(buf.size(), s.bytes - got), &o.error);
    if (n <= 0) {
      if (o.error.empty()) o.error = "the receiver saw EOF after " + std::to_string(got) + " bytes";
      break;
    }
    o.error = Check(s, got, buf.data(), static_cast<size_t>(n));
    got += static_cast<size_t>(n);
  }
  if (!o.error.empty()) {
    shutdown(client, SHUT_RDWR);
    shutdown(server, SHUT_RDWR);
  }
  o.ns = static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0)
          .count());
  sender.join();
  if (o.error.empty() && !send_error.empty()) o.error = send_error;
  return o;
}

// --- userspace: OpenSSL ---

constexpr unsigned char kPsk[32] = {
    0x61, 0x72, 0x69, 0x61, 0x73, 0x75, 0x69, 0x74, 0x65, 0x20, 0x62, 0x65, 0x6e, 0x63, 0x68, 0x20,
    0x70, 0x73, 0x6b, 0x21, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b};

unsigned ServerPsk(SSL*, const char*, unsigned char* psk, unsigned max) {
  if (max < sizeof(kPsk)) return 0;
  std::memcpy(psk, kPsk, sizeof(kPsk));
  return sizeof(kPsk);
}

unsigned ClientPsk(SSL*, const char*, char* identity, unsigned max_identity, unsigned char* psk,
                   unsigned max_psk) {
  static const char kIdentity[] = "ariasuite-bench";
  if (max_identity < sizeof(kIdentity) || max_psk < sizeof(kPsk)) return 0;
  std::memcpy(identity, kIdentity, sizeof(kIdentity));
  std::memcpy(psk, kPsk, sizeof(kPsk));
  return sizeof(kPsk);
}

std::string OpensslError(const char* what) {
  char buf[256] = "no error queued";
  if (const unsigned long e = ERR_get_error()) ERR_error_string_n(e, buf, sizeof(buf));
  ERR_clear_error();
  return std::string(what) + ": " + buf;
}

// A TLS 1.2 PSK context of one side with one cipher suite.
SSL_CTX* NewContext(bool server, const char* suite, std::string* error) {
  SSL_CTX* ctx = SSL_CTX_new(server ? TLS_server_method() : TLS_client_method());
  if (ctx == nullptr || SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION) != 1 ||
      SSL_CTX_set_max_proto_version(ctx, TLS1_2_VERSION) != 1 ||
      SSL_CTX_set_cipher_list(ctx, suite) != 1) {
    *error = OpensslError(suite);
    SSL_CTX_free(ctx);
    return nullptr;
  }
  if (server) {
    SSL_CTX_set_psk_server_callback(ctx, ServerPsk);
  } else {
    SSL_CTX_set_psk_client_callback(ctx, ClientPsk);
  }
  return ctx;
}

Outcome Userspace(const BenchCipher& c, const Stream& s) {
  Outcome o;
  int client = -1, server = -1;
  o.error = ktls::TcpPair(&client, &server);
  if (!o.error.empty()) return o;
  SSL_CTX* cctx = NewContext(false, c.openssl, &o.error);
  SSL_CTX* sctx = cctx ? NewContext(true, c.openssl, &o.error) : nullptr;
  SSL* cssl = sctx ? SSL_new(cctx) : nullptr;
  SSL* sssl = cssl ? SSL_new(sctx) : nullptr;
  if (sssl != nullptr) {
    SSL_set_fd(cssl, client);
    SSL_set_fd(sssl, server);
    int accepted = 0;
    std::thread t([&] { accepted = SSL_accept(sssl); });
    const int connected = SSL_connect(cssl);
    t.join();
    if (connected != 1 || accepted != 1) {
      o.error = OpensslError("the TLS 1.2 PSK handshake");
    } else if (std::strcmp(SSL_get_cipher_name(cssl), c.openssl) != 0) {
      o.error = std::string("the handshake chose ") + SSL_get_cipher_name(cssl);
    } else {
      o = Transfer(
          s, client, server,
          [&](const uint8_t* p, size_t n, std::string* err) -> long {
            const int w = SSL_write(cssl, p, static_cast<int>(n));
            if (w <= 0) *err = OpensslError("SSL_write");
            return w;
          },
          [&](uint8_t* p, size_t n, std::string* err) -> long {
            const int r = SSL_read(sssl, p, static_cast<int>(n));
            if (r <= 0) *err = OpensslError("SSL_read");
            return r;
          });
    }
  }
  SSL_free(cssl);
  SSL_free(sssl);
  SSL_CTX_free(cctx);
  SSL_CTX_free(sctx);
  close(client);
  close(server);
  return o;
}

// --- kTLS ---

// Outcome::error starting with this is a SKIP (the kernel lacks the cipher), not a failure.
constexpr char kMissing[] = "missing: ";

Outcome Kernel(const BenchCipher& c, const Stream& s) {
  Outcome o;
  int client = -1, server = -1;
  o.error = ktls::TcpPair(&client, &server);
  if (!o.error.empty()) return o;
  const ktls::Params p = ktls::RandomParams(c.kernel);
  int err = ktls::AttachUlp(client);
  if (err == 0) err = ktls::AttachUlp(server);
  if (err != 0) {
    o.error = std::string(kMissing) + "setsockopt(TCP_ULP, \"tls\"): " + std::strerror(err);
  } else if ((err = ktls::SetCrypto(client, ktls::kTlsTx, p)) != 0 ||
             (err = ktls::SetCrypto(server, ktls::kTlsRx, p)) != 0) {
    const std::string why = ktls::MissingSupport(c.kernel, err);
    o.error =
        why.empty() ? std::string("setsockopt(SOL_TLS): ") + std::strerror(err) : kMissing + why;
  } else {
    o = Transfer(
        s, client, server,
        [&](const uint8_t* d, size_t n, std::string* e) -> long {
          const ssize_t w = write(client, d, n);
          if (w <= 0) *e = std::string("write: ") + std::strerror(errno);
          return w;
        },
        [&](uint8_t* d, size_t n, std::string* e) -> long {
          const ssize_t r = read(server, d, n);
          if (r < 0) *e = std::string("read: ") + std::strerror(errno);
          return r;
        });
  }
  close(client);
  close(server);
  return o;
}

// --- the crypto API's drivers ---

struct Algorithm {
  std::string name, driver, module;
  int priority = 0;
};

std::vector<Algorithm> ProcCrypto() {
  std::vector<Algorithm> out;
  std::ifstream f("/proc/crypto");
  std::string line;
  Algorithm a;
  while (std::getline(f, line)) {
    const size_t colon = line.find(':');
    if (colon == std::string::npos) {
      if (!a.name.empty()) out.push_back(a);
      a = Algorithm();
      continue;
    }
    std::string key = line.substr(0, colon), value = line.substr(colon + 1);
    key.erase(key.find_last_not_of(' ') + 1);
    value.erase(0, value.find_first_not_of(' '));
    if (key == "name") a.name = value;
    if (key == "driver") a.driver = value;
    if (key == "module") a.module = value;
    if (key == "priority") a.priority = std::atoi(value.c_str());
  }
  if (!a.name.empty()) out.push_back(a);
  return out;
}

// The driver the crypto API hands out for `name` now (its highest priority), or "".
std::string DriverOf(const std::string& name) {
  const Algorithm* best = nullptr;
  const std::vector<Algorithm> all = ProcCrypto();
  for (const Algorithm& a : all) {
    if (a.name == name && (best == nullptr || a.priority > best->priority)) best = &a;
  }
  return best ? best->driver : "";
}

// The loaded modules providing ctr(aria), highest priority first (aria-generic's template
// instance is provided by the ctr module, not listed).
std::vector<std::string> AriaCtrModules() {
  std::vector<Algorithm> ctr;
  for (const Algorithm& a : ProcCrypto()) {
    if (a.name == "ctr(aria)" && a.module != "kernel" && a.module != "ctr" &&
        a.driver.rfind("ctr(", 0) != 0) {
      ctr.push_back(a);
    }
  }
  std::sort(ctr.begin(), ctr.end(),
            [](const Algorithm& a, const Algorithm& b) { return a.priority > b.priority; });
  std::vector<std::string> out;
  for (const Algorithm& a : ctr) {
    if (std::find(out.begin(), out.end(), a.module) == out.end()) out.push_back(a.module);
  }
  return out;
}

std::string Underscored(std::string s) {
  std::replace(s.begin(), s.end(), '-', '_');
  return s;
}

// delete_module(name), retried for up to 2 s while the closed sockets' transforms still hold it.
bool Unload(const std::string& name) {
  for (int tries = 0;; ++tries) {
    if (syscall(SYS_delete_module, name.c_str(), O_NONBLOCK) == 0) return true;
    if ((errno != EAGAIN && errno != EBUSY) || tries == 20) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

// Loads a module the guest's /init loaded from /ariasuite/modules.list; "" or what failed.
std::string Reload(const std::string& module) {
  std::ifstream list("/ariasuite/modules.list");
  std::string name, path;
  while (list >> name >> path) {
    if (Underscored(name) != Underscored(module)) continue;
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return path + ": " + std::strerror(errno);
    const long r = syscall(SYS_finit_module, fd, "", 0);
    const int err = errno;
    close(fd);
    return r == 0 ? "" : "finit_module(" + path + "): " + std::strerror(err);
  }
  return module + " is not in /ariasuite/modules.list";
}

// --- the run ---

struct Tap {
  int n = 0, failed = 0, skipped = 0, passed = 0;

  void Report(const BenchCipher& c, const std::string& stack, const std::string& driver,
              const Stream& s, const Outcome& o) {
    const std::string name =
        std::string(c.name) + "." + stack + "." + (driver.empty() ? c.kernel.aead : driver);
    ++n;
    if (o.error.rfind(kMissing, 0) == 0) {
      ++skipped;
      std::printf("ok %d %s # SKIP %s\n", n, name.c_str(), o.error.c_str() + sizeof(kMissing) - 1);
    } else if (!o.error.empty()) {
      ++failed;
      std::printf("# %s: %s\nnot ok %d %s\n", name.c_str(), o.error.c_str(), n, name.c_str());
    } else {
      ++passed;
      std::printf("# BENCH cipher=%s stack=%s driver=%s bytes=%zu ns=%llu\nok %d %s\n", c.name,
                  stack.c_str(), driver.c_str(), s.bytes, static_cast<unsigned long long>(o.ns), n,
                  name.c_str());
    }
    std::fflush(stdout);
  }
};

int Usage(const char* why) {
  std::fprintf(stderr, "ktls_bench: %s\nusage: ktls_bench [--bytes N] [--userspace-only]\n", why);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  Stream s;
  s.bytes = 256 * 1024;
  bool userspace_only = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--bytes" && i + 1 < argc) {
      char* end = nullptr;
      const unsigned long long v = std::strtoull(argv[++i], &end, 10);
      if (*end != '\0' || v == 0 || v > (1ULL << 40)) return Usage("--bytes needs a count > 0");
      s.bytes = static_cast<size_t>(v);
    } else if (a == "--userspace-only") {
      userspace_only = true;
    } else {
      return Usage(("unknown argument " + a).c_str());
    }
  }
  std::signal(SIGPIPE, SIG_IGN);  // a write after the receiver gave up is an error, not a death
  const char* plant = std::getenv("ARIASUITE_BENCH_PLANT");
  s.plant_flip = plant != nullptr && std::string(plant) == "flip";
  s.pattern = ktls::RandomVector(kPattern);

  std::printf("TAP version 13\n# %zu bytes per measurement, %zu-byte writes\n", s.bytes, kChunk);
  Tap tap;
  for (const BenchCipher& c : kCiphers) {
    tap.Report(c, "userspace", std::string("openssl-") + OpenSSL_version(OPENSSL_VERSION_STRING), s,
               Userspace(c, s));
  }
  if (!userspace_only) {
    const std::vector<std::string> before = AriaCtrModules();
    std::vector<std::string> unloaded;
    for (const BenchCipher& c : kCiphers) {
      if (c.aria) continue;
      Outcome o = Kernel(c, s);
      tap.Report(c, "ktls", DriverOf(c.kernel.aead), s, o);
    }
    // ARIA over each ctr(aria) driver: measure, unload the highest module, again, down to generic.
    for (;;) {
      for (const BenchCipher& c : kCiphers) {
        if (!c.aria) continue;
        Outcome o = Kernel(c, s);
        tap.Report(c, "ktls", DriverOf(c.kernel.aead), s, o);
      }
      const std::vector<std::string> modules = AriaCtrModules();
      if (modules.empty()) break;
      if (!Unload(modules[0])) {
        ++tap.n;
        ++tap.failed;
        std::printf(
            "# delete_module(%s): %s: the drivers below it are not measured\nnot ok %d "
            "unload_%s\n",
            modules[0].c_str(), std::strerror(errno), tap.n, modules[0].c_str());
        break;
      }
      unloaded.push_back(modules[0]);
    }
    for (auto it = unloaded.rbegin(); it != unloaded.rend(); ++it) {
      const std::string error = Reload(*it);
      if (!error.empty())
        std::printf("# could not load %s again: %s\n", it->c_str(), error.c_str());
    }
    // The programs after this one need the drivers back.
    const std::vector<std::string> after = AriaCtrModules();
    ++tap.n;
    if (after == before) {
      std::printf("ok %d aria_drivers_loaded_again (%zu)\n", tap.n, after.size());
    } else {
      ++tap.failed;
      std::printf(
          "# %zu ARIA ctr modules before the run, %zu after\nnot ok %d "
          "aria_drivers_loaded_again\n",
          before.size(), after.size(), tap.n);
    }
  }
  std::printf("1..%d\n", tap.n);
  if (tap.failed > 0) return 1;
  return tap.passed > 0 ? 0 : 4;
}
