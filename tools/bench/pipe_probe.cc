// Which execution units the zmm instructions of the round loops share, measured on this CPU: for
// each instruction, its throughput alone (12 independent chains), the time of 12 of it beside 12
// independent GF2P8AFFINEQB (the slower of the two alone when they run on different units, more
// when they share), and its latency (one dependent chain); VPTERNLOGD also with its third input
// from memory (a broadcast dword, as the round keys are taken, and 64 bytes). Then the
// instructions a byte permutation could use instead of VPSHUFB (word and two-source dword
// shuffles, qword rotations and shifts, byte blends, 128-bit lane moves) and the merge-masked
// GF2P8AFFINEINVQB of the small engine's S-layer. A last line times
// 12 GF2P8AFFINEQB beside 24 VPTERNLOGD, which tells units of GF2P8AFFINE's own from units it
// shares with the logic. Core cycles come from a dependent IMUL chain (3 cycles on every x86 core
// since the P6): the TSC ticks at a fixed rate. Prints a table; exit 3 with a one-line SKIP when
// the CPU lacks AVX-512 F/BW/VL or GFNI (VPCLMULQDQ: its row is left out without it).
// port_count.py's --cpu zen5 classes come from this table (tools/bench/README.md).
#include <cpuid.h>
#include <x86intrin.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>

// The memory operand of the probes that take one (64 readable bytes; their values do not matter).
extern "C" {
alignas(64) unsigned char ariasuite_pipe_probe_mem[64];
}

namespace {

constexpr long kIters = 2000000;

// CPUID leaf 7: AVX-512 F/BW/VL and GFNI (all needed), VPCLMULQDQ (for its row).
bool CpuHas(bool* vpclmulqdq) {
  unsigned a, b, c, d;
  if (__get_cpuid_max(0, nullptr) < 7) return false;
  __cpuid_count(7, 0, a, b, c, d);
  const bool f = (b >> 16) & 1, bw = (b >> 30) & 1, vl = (b >> 31) & 1, gfni = (c >> 8) & 1;
  *vpclmulqdq = (c >> 10) & 1;
  return f && bw && vl && gfni;
}

// The best of five timings of f, in TSC ticks.
template <class F>
double Ticks(F f) {
  double best = 1e300;
  for (int i = 0; i < 5; ++i) {
    const uint64_t t0 = __rdtsc();
    f();
    best = std::min(best, static_cast<double>(__rdtsc() - t0));
  }
  return best;
}

// Core cycles per TSC tick: a chain of dependent IMULs takes 3 cycles each.
double CyclesPerTick() {
  const double t = Ticks([] {
    uint64_t x = 3;
    for (long i = 0; i < kIters; ++i) {
      asm volatile("imul %0, %0\n imul %0, %0\n imul %0, %0\n imul %0, %0" : "+r"(x));
    }
  });
  return 3.0 * 4 * kIters / t;
}

#define ARIASUITE_A(op) op(0) op(1) op(2) op(3) op(4) op(5) op(6) op(7) op(8) op(9) op(10) op(11)
#define ARIASUITE_B(op) \
  op(12) op(13) op(14) op(15) op(16) op(17) op(18) op(19) op(20) op(21) op(22) op(23)
#define ARIASUITE_C(op) \
  op(24) op(25) op(26) op(27) op(28) op(29) op(12) op(13) op(14) op(15) op(16) op(17)
#define ARIASUITE_CLOBBERS                                                                      \
  "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10",      \
      "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", \
      "xmm21", "xmm22", "xmm23", "xmm24", "xmm25", "xmm26", "xmm27", "xmm28", "xmm29"
#define ARIASUITE_GF(i) "vgf2p8affineqb $0, %%zmm30, %%zmm" #i ", %%zmm" #i "\n"

// The three loops of one probe, compiled for AVX-512 alone (the zmm16+ clobbers need it) so that
// the rest of the program runs on any x86-64 CPU and can say SKIP.
#define ARIASUITE_AVX512 __attribute__((target("avx512f"), noinline))
#define ARIASUITE_PROBE_FUNCS(tag, OP)                                                       \
  ARIASUITE_AVX512 void tag##Alone() {                                                       \
    for (long i = 0; i < kIters; ++i) asm volatile(ARIASUITE_A(OP)::: ARIASUITE_CLOBBERS);   \
  }                                                                                          \
  ARIASUITE_AVX512 void tag##WithGf() {                                                      \
    for (long i = 0; i < kIters; ++i) {                                                      \
      asm volatile(ARIASUITE_A(OP) ARIASUITE_B(ARIASUITE_GF)::: ARIASUITE_CLOBBERS);         \
    }                                                                                        \
  }                                                                                          \
  ARIASUITE_AVX512 void tag##Chain() {                                                       \
    for (long i = 0; i < kIters; ++i) {                                                      \
      asm volatile(OP(0) OP(0) OP(0) OP(0) OP(0) OP(0) OP(0) OP(0) OP(0) OP(0) OP(0) OP(0):: \
                       : "xmm0");                                                            \
    }                                                                                        \
  }
#define ARIASUITE_PROBE(name, tag) \
  { name, tag##Alone, tag##WithGf, tag##Chain }

#define OP_GF(i) "vgf2p8affineqb $0, %%zmm30, %%zmm" #i ", %%zmm" #i "\n"
#define OP_TERNLOG(i) "vpternlogd $0x96, %%zmm31, %%zmm30, %%zmm" #i "\n"
#define OP_XOR(i) "vpxord %%zmm30, %%zmm" #i ", %%zmm" #i "\n"
#define OP_PSHUFB(i) "vpshufb %%zmm30, %%zmm" #i ", %%zmm" #i "\n"
#define OP_PSHUFD(i) "vpshufd $0x4e, %%zmm" #i ", %%zmm" #i "\n"
#define OP_UNPCK(i) "vpunpcklbw %%zmm30, %%zmm" #i ", %%zmm" #i "\n"
#define OP_PROLD(i) "vprold $8, %%zmm" #i ", %%zmm" #i "\n"
#define OP_PALIGNR(i) "vpalignr $4, %%zmm30, %%zmm" #i ", %%zmm" #i "\n"
#define OP_PERMQ(i) "vpermq $0x4e, %%zmm" #i ", %%zmm" #i "\n"
#define OP_CLMUL(i) "vpclmulqdq $0, %%zmm30, %%zmm" #i ", %%zmm" #i "\n"
// Alternatives to VPSHUFB for a fixed byte permutation, and the small engine's masked S-box step.
#define OP_PSHUFHW(i) "vpshufhw $0x1b, %%zmm" #i ", %%zmm" #i "\n"
#define OP_SHUFPS(i) "vshufps $0x1b, %%zmm" #i ", %%zmm" #i ", %%zmm" #i "\n"
#define OP_PROLQ(i) "vprolq $16, %%zmm" #i ", %%zmm" #i "\n"
#define OP_PSRLQ(i) "vpsrlq $8, %%zmm" #i ", %%zmm" #i "\n"
#define OP_BLENDMB(i) "vpblendmb %%zmm30, %%zmm" #i ", %%zmm" #i "%{%%k1%}\n"
#define OP_SHUFI32X4(i) "vshufi32x4 $0x1b, %%zmm" #i ", %%zmm" #i ", %%zmm" #i "\n"
#define OP_GFINV_MASKED(i) "vgf2p8affineinvqb $0, %%zmm30, %%zmm" #i ", %%zmm" #i "%{%%k1%}\n"
// The same logic with its third input from memory: a dword broadcast to every lane (how the round
// loops take their round keys), and a whole 64-byte operand.
#define OP_TERNLOG_BCST(i) \
  "vpternlogd $0x96, ariasuite_pipe_probe_mem(%%rip)%{1to16%}, %%zmm30, %%zmm" #i "\n"
#define OP_TERNLOG_M512(i) \
  "vpternlogd $0x96, ariasuite_pipe_probe_mem(%%rip), %%zmm30, %%zmm" #i "\n"

// The mask of the masked probes, both masked per byte: every other byte. k1 is left alone by the
// compiled code around the probes (none of it is AVX-512 beyond their loops).
ARIASUITE_AVX512 void SetProbeMask() {
  asm volatile("mov $0x5555555555555555, %%rax\n kmovq %%rax, %%k1" ::: "rax", "k1");
}

struct Probe {
  const char* name;
  void (*alone)();
  void (*with_gf)();
  void (*chain)();
};

ARIASUITE_PROBE_FUNCS(Gf, OP_GF)
ARIASUITE_PROBE_FUNCS(Ternlog, OP_TERNLOG)
ARIASUITE_PROBE_FUNCS(Xor, OP_XOR)
ARIASUITE_PROBE_FUNCS(Pshufb, OP_PSHUFB)
ARIASUITE_PROBE_FUNCS(Pshufd, OP_PSHUFD)
ARIASUITE_PROBE_FUNCS(Unpck, OP_UNPCK)
ARIASUITE_PROBE_FUNCS(Prold, OP_PROLD)
ARIASUITE_PROBE_FUNCS(Palignr, OP_PALIGNR)
ARIASUITE_PROBE_FUNCS(Permq, OP_PERMQ)
ARIASUITE_PROBE_FUNCS(Clmul, OP_CLMUL)
ARIASUITE_PROBE_FUNCS(TernlogBcst, OP_TERNLOG_BCST)
ARIASUITE_PROBE_FUNCS(TernlogM512, OP_TERNLOG_M512)
ARIASUITE_PROBE_FUNCS(Pshufhw, OP_PSHUFHW)
ARIASUITE_PROBE_FUNCS(Shufps, OP_SHUFPS)
ARIASUITE_PROBE_FUNCS(Prolq, OP_PROLQ)
ARIASUITE_PROBE_FUNCS(Psrlq, OP_PSRLQ)
ARIASUITE_PROBE_FUNCS(Blendmb, OP_BLENDMB)
ARIASUITE_PROBE_FUNCS(Shufi32x4, OP_SHUFI32X4)
ARIASUITE_PROBE_FUNCS(GfinvMasked, OP_GFINV_MASKED)

// 12 GF2P8AFFINEQB and 24 VPTERNLOGD: 6 cycles if GF2P8AFFINE has units of its own, 9 if it
// shares the four that run the logic (36 instructions on four units). With 30 registers free,
// zmm12-17 take two VPTERNLOGD each, a chain of 4 cycles an iteration, below both figures.
ARIASUITE_AVX512 void GfWithTwiceTernlog() {
  for (long i = 0; i < kIters; ++i) {
    asm volatile(ARIASUITE_A(OP_GF) ARIASUITE_B(OP_TERNLOG) ARIASUITE_C(OP_TERNLOG)::
                     : ARIASUITE_CLOBBERS);
  }
}

}  // namespace

int main() {
  bool clmul = false;
  if (!CpuHas(&clmul)) {
    std::printf("SKIP: pipe_probe needs AVX-512 F/BW/VL and GFNI, which this CPU lacks\n");
    return 3;
  }
  const Probe probes[] = {
      ARIASUITE_PROBE("vgf2p8affineqb", Gf),
      ARIASUITE_PROBE("vpternlogd", Ternlog),
      ARIASUITE_PROBE("vpxord", Xor),
      ARIASUITE_PROBE("vpshufb", Pshufb),
      ARIASUITE_PROBE("vpshufd", Pshufd),
      ARIASUITE_PROBE("vpunpcklbw", Unpck),
      ARIASUITE_PROBE("vprold", Prold),
      ARIASUITE_PROBE("vpalignr", Palignr),
      ARIASUITE_PROBE("vpermq", Permq),
      ARIASUITE_PROBE("vpclmulqdq", Clmul),
      ARIASUITE_PROBE("vpternlogd_m32bcst", TernlogBcst),
      ARIASUITE_PROBE("vpternlogd_m512", TernlogM512),
      ARIASUITE_PROBE("vpshufhw", Pshufhw),
      ARIASUITE_PROBE("vshufps", Shufps),
      ARIASUITE_PROBE("vprolq", Prolq),
      ARIASUITE_PROBE("vpsrlq", Psrlq),
      ARIASUITE_PROBE("vpblendmb", Blendmb),
      ARIASUITE_PROBE("vshufi32x4", Shufi32x4),
      ARIASUITE_PROBE("vgf2p8affineinvqb_k", GfinvMasked),
  };
  SetProbeMask();
  const double cpt = CyclesPerTick();
  std::printf("core cycles per TSC tick: %.2f (dependent IMUL chain)\n", cpt);
  std::printf("%-20s %12s %22s %16s\n", "zmm instruction", "per cycle", "12 + 12 GF (cycles)",
              "latency (cycles)");
  const double per = 12.0 * kIters;
  for (const Probe& p : probes) {
    if (p.alone == ClmulAlone && !clmul) continue;
    const double alone = per / (Ticks(p.alone) * cpt);
    const double with_gf = Ticks(p.with_gf) * cpt / kIters;
    const double lat = Ticks(p.chain) * cpt / per;
    std::printf("%-20s %12.2f %22.1f %16.1f\n", p.name, alone, with_gf, lat);
  }
  std::printf(
      "12 vgf2p8affineqb + 24 vpternlogd: %.1f cycles (6: units of its own; 9: it shares the "
      "logic's four)\n",
      Ticks(GfWithTwiceTernlog) * cpt / kIters);
  return 0;
}
