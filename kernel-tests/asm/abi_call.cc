// The ABI audit's call (see abi_call.h).
#include "kernel-tests/asm/abi_call.h"

#include <cpuid.h>
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace ariasuite::kernel_asm {

// abi_call.S's frame.
struct AbiFrame {
  uint64_t fn;
  uint64_t args[5];
  uint64_t call_rsp;
  uint64_t canary[6];
  uint64_t out[6];
  uint64_t rflags;
  uint64_t xinuse_entry;
  uint64_t xinuse_exit;
  uint64_t flags;
};
static_assert(offsetof(AbiFrame, call_rsp) == 48 && offsetof(AbiFrame, canary) == 56 &&
                  offsetof(AbiFrame, out) == 104 && offsetof(AbiFrame, rflags) == 152 &&
                  offsetof(AbiFrame, xinuse_entry) == 160 && offsetof(AbiFrame, flags) == 176,
              "AbiFrame must match abi_call.S");

}  // namespace ariasuite::kernel_asm

extern "C" {
void ariasuite_abi_call(ariasuite::kernel_asm::AbiFrame* frame);
extern char ariasuite_abi_return[];
extern char ariasuite_abi_call_end[];
}

namespace ariasuite::kernel_asm {
namespace {

constexpr size_t kStackSize = 64 * 1024;
constexpr size_t kAbove = 512;   // patterned bytes above the return address (the caller's frame)
constexpr size_t kWindow = 512;  // bytes below rsp checked after every traced instruction
constexpr uint64_t kTrapFlag = 0x100, kDirectionFlag = 0x400;

uint8_t Pattern(uintptr_t a) { return static_cast<uint8_t>(0x5a ^ (a * 13) ^ (a >> 8)); }

void Fill(uintptr_t lo, uintptr_t hi) {
  for (uintptr_t a = lo; a < hi; ++a) *reinterpret_cast<uint8_t*>(a) = Pattern(a);
}

// The lowest address in [lo, hi) that does not hold the pattern, or 0.
uintptr_t FirstChanged(uintptr_t lo, uintptr_t hi) {
  for (uintptr_t a = lo; a < hi; ++a) {
    if (*reinterpret_cast<const uint8_t*>(a) != Pattern(a)) return a;
  }
  return 0;
}

// [guard page][kStackSize bytes]: the private stack.
uintptr_t StackLow() {
  static uintptr_t low = [] {
    const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    void* p = mmap(nullptr, page + kStackSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
    if (p == MAP_FAILED || mprotect(p, page, PROT_NONE) != 0) {
      std::perror("kernel_asm: private stack");
      std::abort();
    }
    return reinterpret_cast<uintptr_t>(p) + page;
  }();
  return low;
}

// The trap handler's state (one traced call at a time).
struct Trace {
  uintptr_t lo = 0, hi = 0;  // the stack below the return address
  uintptr_t prev_rip = 0, last_rsp = 0;
  uint64_t canary[6] = {}, last[6] = {};
  bool df = false;
  AbiReport* report = nullptr;
};
Trace g_trace;

bool InTrampoline(uintptr_t rip) {
  return rip >= reinterpret_cast<uintptr_t>(&ariasuite_abi_call) &&
         rip < reinterpret_cast<uintptr_t>(ariasuite_abi_call_end);
}

void OnTrap(int, siginfo_t*, void* context) {
  Trace& t = g_trace;
  const greg_t* g = static_cast<ucontext_t*>(context)->uc_mcontext.gregs;
  const uintptr_t rip = static_cast<uintptr_t>(g[REG_RIP]);
  const uintptr_t rsp = static_cast<uintptr_t>(g[REG_RSP]);
  const uintptr_t executed = t.prev_rip;  // the instruction that just ran
  t.prev_rip = rip;
  // Memory that a pop, ret or add freed is below rsp again: it must hold the pattern from now on.
  if (rsp > t.last_rsp && t.last_rsp != 0) {
    const uintptr_t lo = t.last_rsp < t.lo ? t.lo : t.last_rsp;
    const uintptr_t hi = rsp > t.hi ? t.hi : rsp;
    if (lo < hi) Fill(lo, hi);
  }
  t.last_rsp = rsp;
  if (executed == 0 || InTrampoline(executed)) return;
  AbiReport& r = *t.report;
  ++r.steps;
  r.last_at = executed;
  if (rsp > t.lo && rsp <= t.hi) {
    const uintptr_t lo = rsp - t.lo > kWindow ? rsp - kWindow : t.lo;
    if (const uintptr_t a = FirstChanged(lo, rsp); a != 0) {
      if (r.red_zone_at == 0) {
        r.red_zone_at = executed;
        r.red_zone_below = rsp - a;
      }
      Fill(lo, rsp);
    }
  }
  const uint64_t regs[6] = {static_cast<uint64_t>(g[REG_RBX]), static_cast<uint64_t>(g[REG_RBP]),
                            static_cast<uint64_t>(g[REG_R12]), static_cast<uint64_t>(g[REG_R13]),
                            static_cast<uint64_t>(g[REG_R14]), static_cast<uint64_t>(g[REG_R15])};
  for (int i = 0; i < 6; ++i) {
    if (regs[i] != t.last[i] && regs[i] != t.canary[i]) r.changed_at[i] = executed;
    t.last[i] = regs[i];
  }
  const bool df = (static_cast<uint64_t>(g[REG_EFL]) & kDirectionFlag) != 0;
  if (df && !t.df && r.df_at == 0) r.df_at = executed;
  t.df = df;
}

uintptr_t g_fault_bias = 0;

void OnFault(int sig, siginfo_t*, void* context) {
  const greg_t* g = static_cast<ucontext_t*>(context)->uc_mcontext.gregs;
  char line[96];
  const int n = std::snprintf(line, sizeof(line), "FAULT\t%s\t@0x%lx\n",
                              sig == SIGSEGV ? "SIGSEGV" : "SIGBUS",
                              static_cast<unsigned long>(g[REG_RIP] - g_fault_bias));
  if (n > 0 && write(STDOUT_FILENO, line, static_cast<size_t>(n)) < 0) {
    // Nothing to do: the signal below still ends the process.
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

}  // namespace

bool XinuseAvailable() {
  unsigned a, b, c, d;
  // OSXSAVE, and AVX (the trampoline's vzeroupper).
  if (!__get_cpuid(1, &a, &b, &c, &d) || (c & (1u << 27)) == 0 || (c & (1u << 28)) == 0) {
    return false;
  }
  if (__get_cpuid_max(0, nullptr) < 0xd) return false;
  __cpuid_count(0xd, 1, a, b, c, d);
  return (a & (1u << 2)) != 0;  // XGETBV with ECX=1
}

void AbiCall(void* fn, const uint64_t args[5], const AbiOptions& options, AbiReport* report) {
  static uint64_t serial = 0;
  ++serial;
  AbiFrame f = {};
  f.fn = reinterpret_cast<uint64_t>(fn);
  std::memcpy(f.args, args, sizeof(f.args));
  const uintptr_t low = StackLow(), top = low + kStackSize;
  // rsp before the call: 16-byte aligned (entry rsp % 16 == 8, as the C ABI has it) or not.
  uintptr_t call_rsp = (top - kAbove) & ~uintptr_t{15};
  if (options.misaligned) call_rsp -= 8;
  report->entry_rsp = call_rsp - 8;
  f.call_rsp = call_rsp;
  for (int i = 0; i < 6; ++i) {
    f.canary[i] = 0xc0de0000c0de0000ull ^ (serial << 20) ^ (uint64_t{0x1111} * (i + 1));
    report->canary[i] = f.canary[i];
  }
  const bool xinuse = XinuseAvailable();
  f.flags = (xinuse ? 1 : 0) | (options.trace ? 2 : 0);
  Fill(low, top);

  struct sigaction old_action, old_segv, old_bus;
  stack_t old_stack;
  static uint8_t* alt = static_cast<uint8_t*>(std::malloc(256 * 1024));
  stack_t ss = {};
  ss.ss_sp = alt;
  ss.ss_size = 256 * 1024;
  struct sigaction fault = {};
  fault.sa_sigaction = OnFault;
  fault.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&fault.sa_mask);
  g_fault_bias = options.bias;
  std::fflush(stdout);
  if (sigaltstack(&ss, &old_stack) != 0 || sigaction(SIGSEGV, &fault, &old_segv) != 0 ||
      sigaction(SIGBUS, &fault, &old_bus) != 0) {
    report->error = std::string("cannot install the fault handlers: ") + std::strerror(errno);
    return;
  }
  if (options.trace) {
    g_trace = Trace();
    g_trace.lo = low;
    g_trace.hi = call_rsp - 8;
    std::memcpy(g_trace.canary, f.canary, sizeof(f.canary));
    std::memcpy(g_trace.last, f.canary, sizeof(f.canary));
    g_trace.report = report;
    struct sigaction sa = {};
    sa.sa_sigaction = OnTrap;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGTRAP, &sa, &old_action) != 0) {
      report->error = std::string("cannot install the SIGTRAP handler: ") + std::strerror(errno);
      sigaction(SIGSEGV, &old_segv, nullptr);
      sigaction(SIGBUS, &old_bus, nullptr);
      sigaltstack(&old_stack, nullptr);
      return;
    }
  }
  ariasuite_abi_call(&f);
  if (options.trace) sigaction(SIGTRAP, &old_action, nullptr);
  sigaction(SIGSEGV, &old_segv, nullptr);
  sigaction(SIGBUS, &old_bus, nullptr);
  sigaltstack(&old_stack, nullptr);
  std::memcpy(report->out, f.out, sizeof(f.out));
  report->rflags = f.rflags & ~kTrapFlag;
  report->xinuse_known = xinuse;
  report->xinuse_entry = f.xinuse_entry;
  report->xinuse_exit = f.xinuse_exit;
  // Nothing above the return address is the function's (no argument is passed on the stack).
  if (const uintptr_t a = FirstChanged(call_rsp, call_rsp + kAbove / 2); a != 0) {
    report->caller_frame = std::to_string(a - call_rsp) + " bytes above its return address";
  }
}

}  // namespace ariasuite::kernel_asm
