// The ABI audit's call (tools/ariasuite kernel-asm, README.md "ABI audit"): one call of a kernel
// ARIA function through a trampoline (abi_call.S) that switches to a private, patterned stack,
// fills the callee-saved registers with canaries, clears the direction flag and the upper vector
// state, and records what the function left behind. With `trace`, every instruction of the
// function traps (the x86 trap flag) and the handler checks, after each one, that nothing below
// the stack pointer changed (kernel code has no red zone), and notes which instruction changed a
// callee-saved register or set the direction flag.
#ifndef ARIASUITE_KERNEL_TESTS_ASM_ABI_CALL_H_
#define ARIASUITE_KERNEL_TESTS_ASM_ABI_CALL_H_

#include <cstdint>
#include <string>

namespace ariasuite::kernel_asm {

struct AbiOptions {
  bool misaligned = false;  // rsp % 16 == 0 at entry (the ABI's is 8; the kernel guarantees only 8)
  bool trace = false;       // single-step the function (red-zone check, instruction addresses)
  // Subtracted from the faulting instruction's address in the line a fault prints (see AbiCall).
  uintptr_t bias = 0;
};

// The callee-saved registers in the order the trampoline fills them.
inline constexpr const char* kCalleeSaved[6] = {"rbx", "rbp", "r12", "r13", "r14", "r15"};

struct AbiReport {
  uint64_t canary[6] = {}, out[6] = {};  // the callee-saved registers before and after
  uint64_t rflags = 0;                   // after the return
  bool xinuse_known = false;             // XGETBV with ECX=1 is available
  uint64_t xinuse_entry = 0, xinuse_exit = 0;
  uintptr_t entry_rsp = 0;
  // Trace only (0: not seen). Addresses are absolute; the caller maps them to function+offset.
  uintptr_t changed_at[6] = {};  // the last instruction that set the register to a non-canary
  uintptr_t df_at = 0;           // the instruction that set DF
  uintptr_t red_zone_at = 0;     // the first instruction after which memory below rsp changed
  uint64_t red_zone_below = 0;   // how far below rsp (bytes) the lowest changed byte was
  uintptr_t last_at = 0;         // the function's last instruction (its return)
  uint64_t steps = 0;            // instructions executed in the function
  std::string caller_frame;      // "" or which bytes above the return address it wrote
  std::string error;             // "" or why the call could not be made as asked
};

// Calls fn(args[0..4]) as described above. Not reentrant (one static trampoline frame). A fault
// (SIGSEGV, SIGBUS) inside the call prints `FAULT\t<signal>\t@0x<address - bias>` on stdout and
// then kills the process with the signal, as it would have without the handler.
void AbiCall(void* fn, const uint64_t args[5], const AbiOptions& options, AbiReport* report);

// XGETBV with ECX=1 (XINUSE) is available on this CPU, and AVX (for vzeroupper).
bool XinuseAvailable();

// XINUSE bits the kernel's convention (vzeroupper before returning) must leave clear: 2 (YMM
// upper halves) and 6 (ZMM_Hi256). Bit 7 (Hi16_ZMM, zmm16-31) is not cleared by vzeroupper, so it
// is reported but not judged.
inline constexpr uint64_t kUpperStateBits = (1u << 2) | (1u << 6);
inline constexpr uint64_t kHi16ZmmBit = 1u << 7;

}  // namespace ariasuite::kernel_asm

#endif  // ARIASUITE_KERNEL_TESTS_ASM_ABI_CALL_H_
