// The runner behind harness.h: expands tests over their fixture's variants, forks one process
// (its own process group) per test, kills it at its timeout, and prints TAP 13.
#include "kernel-tests/harness.h"

#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "vectors/model/hex.h"

namespace ktest {
namespace {

struct Test {
  const char* fixture;
  const char* test;
  RunFn run;
  int timeout_s;
};
struct Variant {
  const char* fixture;
  const char* name;
  const void* data;
};

std::vector<Test>& Tests() {
  static std::vector<Test> tests;
  return tests;
}
std::vector<Variant>& Variants() {
  static std::vector<Variant> variants;
  return variants;
}

// Shared with the forked test process: how it ended and why, written before it exits.
struct Shared {
  int skipped;  // 1: SKIP, 2: KNOWN_ISSUE
  int failed;   // a check failed (set by Fail, so a later SKIP or KNOWN_ISSUE cannot hide it)
  char reason[512];
};
Shared* g_shared = nullptr;

struct Case {
  std::string name;
  const Test* test;
  const void* variant;
};

std::vector<Case> Expand() {
  std::vector<Case> cases;
  for (const Test& t : Tests()) {
    bool any = false;
    for (const Variant& v : Variants()) {
      if (strcmp(v.fixture, t.fixture) != 0) continue;
      any = true;
      cases.push_back({std::string(t.fixture) + "." + v.name + "." + t.test, &t, v.data});
    }
    if (!any) cases.push_back({std::string(t.fixture) + "." + t.test, &t, nullptr});
  }
  return cases;
}

// Waits for pid up to timeout_s; returns its wait status, or -1 after killing it at the timeout.
int WaitWithTimeout(pid_t pid, int timeout_s) {
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  struct timespec deadline;
  clock_gettime(CLOCK_MONOTONIC, &deadline);
  deadline.tv_sec += timeout_s;
  for (;;) {
    int status;
    pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid) return status;
    struct timespec now, left;
    clock_gettime(CLOCK_MONOTONIC, &now);
    left.tv_sec = deadline.tv_sec - now.tv_sec;
    left.tv_nsec = deadline.tv_nsec - now.tv_nsec;
    if (left.tv_nsec < 0) {
      left.tv_nsec += 1000000000L;
      left.tv_sec -= 1;
    }
    if (left.tv_sec < 0) {
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      return -1;
    }
    sigtimedwait(&chld, nullptr, &left);
  }
}

}  // namespace

void RegisterTest(const char* fixture, const char* test, RunFn run, int timeout_s) {
  Tests().push_back({fixture, test, run, timeout_s});
}

void RegisterVariant(const char* fixture, const char* variant, const void* data) {
  Variants().push_back({fixture, variant, data});
}

void Diag(const char* fmt, ...) {
  char buf[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  // One `# ` prefix per line keeps multi-line messages valid TAP.
  const char* p = buf;
  while (*p) {
    const char* nl = strchr(p, '\n');
    size_t n = nl ? static_cast<size_t>(nl - p) : strlen(p);
    printf("# %.*s\n", static_cast<int>(n), p);
    p += n + (nl ? 1 : 0);
  }
  fflush(stdout);
}

void Fail(Metadata* md, const char* file, int line, const std::string& what) {
  md->failed = true;
  if (g_shared != nullptr) g_shared->failed = 1;
  const char* base = strrchr(file, '/');
  Diag("%s:%d: %s", base ? base + 1 : file, line, what.c_str());
}

void AbortTest(Metadata* md) {
  md->failed = true;
  fflush(stdout);
  _exit(kFail);
}

namespace {

// Ends the test early, as SKIP (skipped 1, exit status kSkip) or KNOWN_ISSUE (2, kKnownIssue),
// leaving the reason for the parent in the shared page.
[[noreturn]] void EndEarly(int skipped, int status, const char* fmt, va_list ap) {
  if (g_shared != nullptr) {
    vsnprintf(g_shared->reason, sizeof(g_shared->reason), fmt, ap);
    g_shared->skipped = skipped;
  }
  fflush(stdout);
  _exit(status);
}

}  // namespace

// Both exit inside EndEarly, so no va_end follows the va_start.
void Skip(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  EndEarly(1, kSkip, fmt, ap);
}

void KnownIssue(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  EndEarly(2, kKnownIssue, fmt, ap);
}

std::string Hex(const void* data, size_t len) {
  const uint8_t* p = static_cast<const uint8_t*>(data);
  if (len <= 96) return ariasuite::model::Hex(p, len);
  return ariasuite::model::Hex(p, 48) + "...(" + std::to_string(len) + " bytes)..." +
         ariasuite::model::Hex(p + len - 48, 48);
}

std::string FirstDifference(const void* a, const void* b, size_t len) {
  const uint8_t* pa = static_cast<const uint8_t*>(a);
  const uint8_t* pb = static_cast<const uint8_t*>(b);
  for (size_t i = 0; i < len; ++i) {
    if (pa[i] != pb[i]) {
      size_t n = len - i < 32 ? len - i : 32;
      return "first difference at byte " + std::to_string(i) + ": " + Hex(pa + i, n) + " vs " +
             Hex(pb + i, n);
    }
  }
  return "";
}

int Main(int argc, char** argv) {
  const char* filter = getenv("KTEST_FILTER");  // the guest passes ariasuite.filter= this way
  if (filter != nullptr && *filter == '\0') filter = nullptr;
  bool list = false;
  for (int i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "-l") == 0) {
      list = true;
    } else if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) {
      filter = argv[++i];
    } else {
      fprintf(stderr, "usage: %s [-l] [-t SUBSTRING]  (or KTEST_FILTER=SUBSTRING)\n", argv[0]);
      return 2;
    }
  }
  std::vector<Case> cases;
  for (Case& c : Expand()) {
    if (filter == nullptr || c.name.find(filter) != std::string::npos) cases.push_back(c);
  }
  if (list) {
    for (const Case& c : cases) printf("%s\n", c.name.c_str());
    return 0;
  }
  int timeout_scale = 1;
  if (const char* s = getenv("KTEST_TIMEOUT_SCALE")) timeout_scale = atoi(s) > 0 ? atoi(s) : 1;

  void* mem =
      mmap(nullptr, sizeof(Shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) {
    perror("mmap");
    return kFail;
  }
  g_shared = static_cast<Shared*>(mem);
  // SIGCHLD stays blocked so sigtimedwait sees it; children unblock it.
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, nullptr);
  signal(SIGPIPE, SIG_IGN);

  setvbuf(stdout, nullptr, _IOLBF, 0);
  printf("TAP version 13\n1..%zu\n", cases.size());
  int passed = 0, failed = 0, skipped = 0, known = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    memset(g_shared, 0, sizeof(*g_shared));
    printf("# RUN %s\n", c.name.c_str());
    fflush(stdout);
    fflush(stderr);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t pid = fork();
    if (pid < 0) {
      perror("fork");
      return kFail;
    }
    if (pid == 0) {
      setpgid(0, 0);
      sigprocmask(SIG_UNBLOCK, &chld, nullptr);
      signal(SIGPIPE, SIG_DFL);
      Metadata md{c.name.c_str()};
      c.test->run(&md, c.variant);
      fflush(stdout);
      _exit(md.failed ? kFail : kPass);
    }
    int timeout_s = c.test->timeout_s * timeout_scale;
    int status = WaitWithTimeout(pid, timeout_s);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = static_cast<double>(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    const char* verdict = "not ok";
    std::string note;
    if (status == -1) {
      Diag("%s: timed out after %d s, killed", c.name.c_str(), timeout_s);
    } else if (WIFSIGNALED(status)) {
      Diag("%s: killed by signal %d (%s)", c.name.c_str(), WTERMSIG(status),
           strsignal(WTERMSIG(status)));
    } else if (WEXITSTATUS(status) == kPass) {
      verdict = "ok";
    } else if (WEXITSTATUS(status) == kSkip && g_shared->skipped == 1) {
      verdict = "ok";
      note = std::string(" # SKIP ") + g_shared->reason;
    } else if (WEXITSTATUS(status) == kKnownIssue && g_shared->skipped == 2) {
      note = std::string(" # TODO known issue: ") + g_shared->reason;
    } else if (WEXITSTATUS(status) != kFail) {
      Diag("%s: test process exited with unexpected status %d", c.name.c_str(),
           WEXITSTATUS(status));
    }
    if (g_shared->failed && !note.empty()) {
      // A test that failed a check and then skipped is failed: the skip must not hide it.
      Diag("%s: failed a check before it ended as %s (%s)", c.name.c_str(),
           g_shared->skipped == 1 ? "SKIP" : "KNOWN_ISSUE", g_shared->reason);
      verdict = "not ok";
      note.clear();
    }
    if (note.empty() && strcmp(verdict, "ok") == 0) {
      ++passed;
    } else if (!note.empty() && strcmp(verdict, "ok") == 0) {
      ++skipped;
    } else if (!note.empty()) {
      ++known;
    } else {
      ++failed;
    }
    printf("# %s: %.2f s\n", c.name.c_str(), secs);
    printf("%s %zu %s%s\n", verdict, i + 1, c.name.c_str(), note.c_str());
    fflush(stdout);
  }
  printf("# totals: pass:%d fail:%d skip:%d known-issue:%d\n", passed, failed, skipped, known);
  if (failed) return kFail;
  if ((skipped || known) && passed == 0) return kSkip;
  return kPass;
}

}  // namespace ktest
