// Shadow propagation for the x86 instructions that clang 22's MemorySanitizer does not follow.
// Force-included (`-include`) first into every file the MSan toolchain of tools/ct/msan/BUILD
// compiles; nothing else includes it.
//
// MSan handles an intrinsic it does not know in one of two ways, both wrong for a secret-taint
// check (measured: `-mllvm -msan-dump-strict-instructions` / `-msan-dump-heuristic-instructions`
// over impl/'s SIMD files, and intrinsics_test.cc here):
//  - strictly: any poisoned operand is reported as a use of an uninitialised value and the result
//    is made clean. A false report (the instruction's latency does not depend on its operands:
//    tools/ct/README.md), and the secret is laundered: what the result feeds is not checked.
//    clang 22: GF2P8AFFINEINVQB (gfni-avx2, gfni-avx512) and VPTERNLOGD/Q (gfni-avx512).
//  - heuristically: the result's shadow is the OR of the operands' shadows, bit for bit. Sound only
//    when output bit i depends on input bits i alone; AESENCLAST / AESDECLAST move bytes
//    (ShiftRows), so the taint lands on the wrong bytes and the bytes that do depend on the secret
//    are clean. clang 22: AESENC, AESENCLAST, AESDEC, AESDECLAST (aesni-avx).
// For those, the macros below replace the compiler builtins that <immintrin.h> calls (this file
// comes before it, so its inline functions and macros both expand to the shims): the instruction
// itself runs in an uninstrumented helper, and the result's shadow is set from the operands'
// shadows by the instruction's data flow, a byte at a time (over-approximate, never under):
//   GF2P8AFFINEINVQB: output byte i <- input byte i, and the 8-byte matrix of its quadword;
//   VPTERNLOG: output byte i <- byte i of each operand (and the mask, when poisoned);
//   AES*LAST: output byte i <- the input byte (Inv)ShiftRows moves there, and round-key byte i;
//   AESENC / AESDEC: output byte i <- the four input bytes of its column after (Inv)ShiftRows,
//   and round-key byte i; per 128-bit lane for the VAES forms.
// clang 22 follows the rest of what impl/ uses (PSHUFB, PCLMULQDQ, VPCLMULQDQ, GF2P8AFFINEQB):
// intrinsics_test.cc checks each family either way.
#ifndef ARIASUITE_TOOLS_CT_MSAN_SHADOW_SHIMS_H_
#define ARIASUITE_TOOLS_CT_MSAN_SHADOW_SHIMS_H_

#if defined(__x86_64__) && defined(__cplusplus) && defined(__has_feature)
#if __has_feature(memory_sanitizer)

#include <sanitizer/msan_interface.h>

#include <cstddef>
#include <cstdint>

namespace ariasuite_ct_msan {

// The compiler's vector types (the same types as <immintrin.h>'s __v16qi, __v2di...).
typedef char V16QI __attribute__((__vector_size__(16)));
typedef char V32QI __attribute__((__vector_size__(32)));
typedef char V64QI __attribute__((__vector_size__(64)));
typedef int V4SI __attribute__((__vector_size__(16)));
typedef int V8SI __attribute__((__vector_size__(32)));
typedef int V16SI __attribute__((__vector_size__(64)));
typedef long long V2DI __attribute__((__vector_size__(16)));
typedef long long V4DI __attribute__((__vector_size__(32)));
typedef long long V8DI __attribute__((__vector_size__(64)));

inline bool Poisoned(const void* p, size_t len) { return __msan_test_shadow(p, len) >= 0; }

// Operands and result spilled to memory, where their shadow can be read and written.
template <typename V>
struct Bytes {
  explicit Bytes(V v) { __builtin_memcpy(b, &v, sizeof(V)); }
  bool Poisoned(size_t i, size_t len = 1) const { return ariasuite_ct_msan::Poisoned(b + i, len); }
  alignas(64) unsigned char b[sizeof(V)];
};

// Returns r (computed uninstrumented, so clean) with byte i poisoned where depends(i) says.
template <typename V, typename F>
inline V Poison(V r, F depends) {
  Bytes<V> out(r);
  __msan_unpoison(out.b, sizeof(V));
  for (size_t i = 0; i < sizeof(V); ++i) {
    if (depends(i)) __msan_poison(out.b + i, 1);
  }
  V v;
  __builtin_memcpy(&v, out.b, sizeof(V));
  return v;
}

#define ARIASUITE_CT_NOMSAN __attribute__((no_sanitize("memory"), noinline))

// ---- GF2P8AFFINEINVQB ----

template <typename V>
inline V ShadowAffine(V r, V x, V a) {
  const Bytes<V> xb(x), ab(a);
  return Poison(r, [&](size_t i) { return xb.Poisoned(i) || ab.Poisoned(i & ~size_t{7}, 8); });
}

#define ARIASUITE_CT_AFFINEINV(V, width)                         \
  template <char kImm>                                           \
  ARIASUITE_CT_NOMSAN V RawAffineInv(V x, V a) {                 \
    return __builtin_ia32_vgf2p8affineinvqb_##width(x, a, kImm); \
  }                                                              \
  template <char kImm>                                           \
  inline V AffineInv(V x, V a) {                                 \
    return ShadowAffine(RawAffineInv<kImm>(x, a), x, a);         \
  }
#if defined(__GFNI__)
ARIASUITE_CT_AFFINEINV(V16QI, v16qi)
#define __builtin_ia32_vgf2p8affineinvqb_v16qi(X, A, I) \
  ::ariasuite_ct_msan::AffineInv<(I)>((X), (A))
#endif
#if defined(__GFNI__) && defined(__AVX__)
ARIASUITE_CT_AFFINEINV(V32QI, v32qi)
#define __builtin_ia32_vgf2p8affineinvqb_v32qi(X, A, I) \
  ::ariasuite_ct_msan::AffineInv<(I)>((X), (A))
#endif
#if defined(__GFNI__) && defined(__AVX512BW__)
ARIASUITE_CT_AFFINEINV(V64QI, v64qi)
#define __builtin_ia32_vgf2p8affineinvqb_v64qi(X, A, I) \
  ::ariasuite_ct_msan::AffineInv<(I)>((X), (A))
#endif
#undef ARIASUITE_CT_AFFINEINV

// ---- VPTERNLOGD / VPTERNLOGQ (merge- and zero-masked builtins, every width) ----

#define ARIASUITE_CT_TERNLOG(builtin, V, M)                              \
  template <unsigned char kImm>                                          \
  ARIASUITE_CT_NOMSAN V Raw_##builtin(V a, V b, V c, M k) {              \
    return __builtin_ia32_##builtin(a, b, c, kImm, k);                   \
  }                                                                      \
  template <unsigned char kImm>                                          \
  inline V Shim_##builtin(V a, V b, V c, M k) {                          \
    const Bytes<V> ab(a), bb(b), cb(c);                                  \
    const bool mask = Poisoned(&k, sizeof(k));                           \
    return Poison(Raw_##builtin<kImm>(a, b, c, k), [&](size_t i) {       \
      return mask || ab.Poisoned(i) || bb.Poisoned(i) || cb.Poisoned(i); \
    });                                                                  \
  }
#if defined(__AVX512F__)
ARIASUITE_CT_TERNLOG(pternlogd512_mask, V16SI, unsigned short)
ARIASUITE_CT_TERNLOG(pternlogd512_maskz, V16SI, unsigned short)
ARIASUITE_CT_TERNLOG(pternlogq512_mask, V8DI, unsigned char)
ARIASUITE_CT_TERNLOG(pternlogq512_maskz, V8DI, unsigned char)
#define __builtin_ia32_pternlogd512_mask(A, B, C, I, K) \
  ::ariasuite_ct_msan::Shim_pternlogd512_mask<(I)>((A), (B), (C), (K))
#define __builtin_ia32_pternlogd512_maskz(A, B, C, I, K) \
  ::ariasuite_ct_msan::Shim_pternlogd512_maskz<(I)>((A), (B), (C), (K))
#define __builtin_ia32_pternlogq512_mask(A, B, C, I, K) \
  ::ariasuite_ct_msan::Shim_pternlogq512_mask<(I)>((A), (B), (C), (K))
#define __builtin_ia32_pternlogq512_maskz(A, B, C, I, K) \
  ::ariasuite_ct_msan::Shim_pternlogq512_maskz<(I)>((A), (B), (C), (K))
#endif
#if defined(__AVX512VL__)
ARIASUITE_CT_TERNLOG(pternlogd256_mask, V8SI, unsigned char)
ARIASUITE_CT_TERNLOG(pternlogd256_maskz, V8SI, unsigned char)
ARIASUITE_CT_TERNLOG(pternlogq256_mask, V4DI, unsigned char)
ARIASUITE_CT_TERNLOG(pternlogq256_maskz, V4DI, unsigned char)
ARIASUITE_CT_TERNLOG(pternlogd128_mask, V4SI, unsigned char)
ARIASUITE_CT_TERNLOG(pternlogd128_maskz, V4SI, unsigned char)
ARIASUITE_CT_TERNLOG(pternlogq128_mask, V2DI, unsigned char)
ARIASUITE_CT_TERNLOG(pternlogq128_maskz, V2DI, unsigned char)
#define __builtin_ia32_pternlogd256_mask(A, B, C, I, K) \
  ::ariasuite_ct_msan::Shim_pternlogd256_mask<(I)>((A), (B), (C), (K))
#define __builtin_ia32_pternlogd256_maskz(A, B, C, I, K) \
  ::ariasuite_ct_msan::Shim_pternlogd256_maskz<(I)>((A), (B), (C), (K))
#define __builtin_ia32_pternlogq256_mask(A, B, C, I, K) \
  ::ariasuite_ct_msan::Shim_pternlogq256_mask<(I)>((A), (B), (C), (K))
#define __builtin_ia32_pternlogq256_maskz(A, B, C, I, K) \
  ::ariasuite_ct_msan::Shim_pternlogq256_maskz<(I)>((A), (B), (C), (K))
#define __builtin_ia32_pternlogd128_mask(A, B, C, I, K) \
  ::ariasuite_ct_msan::Shim_pternlogd128_mask<(I)>((A), (B), (C), (K))
#define __builtin_ia32_pternlogd128_maskz(A, B, C, I, K) \
  ::ariasuite_ct_msan::Shim_pternlogd128_maskz<(I)>((A), (B), (C), (K))
#define __builtin_ia32_pternlogq128_mask(A, B, C, I, K) \
  ::ariasuite_ct_msan::Shim_pternlogq128_mask<(I)>((A), (B), (C), (K))
#define __builtin_ia32_pternlogq128_maskz(A, B, C, I, K) \
  ::ariasuite_ct_msan::Shim_pternlogq128_maskz<(I)>((A), (B), (C), (K))
#endif
#undef ARIASUITE_CT_TERNLOG

// ---- AESENC / AESENCLAST / AESDEC / AESDECLAST (and the VAES forms, per 128-bit lane) ----

// The input byte that (Inv)ShiftRows moves to byte r + 4c of a lane (FIPS 197 §5.1.2, §5.3.1).
inline size_t ShiftSource(size_t i, bool inverse) {
  const size_t r = i % 4, c = i / 4;
  return r + 4 * ((inverse ? c + 4 - r : c + r) % 4);
}

template <typename V>
inline V ShadowAes(V r, V x, V k, bool inverse, bool last) {
  const Bytes<V> xb(x), kb(k);
  return Poison(r, [&](size_t i) {
    const size_t lane = i & ~size_t{15}, at = i & 15;
    if (kb.Poisoned(i)) return true;
    if (last) return xb.Poisoned(lane + ShiftSource(at, inverse));
    for (size_t row = 0; row < 4; ++row) {  // (Inv)MixColumns mixes the whole column
      if (xb.Poisoned(lane + ShiftSource(row + (at & ~size_t{3}), inverse))) return true;
    }
    return false;
  });
}

#define ARIASUITE_CT_AES(op, inverse, last, V, width)             \
  ARIASUITE_CT_NOMSAN inline V Raw_##op##width(V x, V k) {        \
    return __builtin_ia32_##op##width(x, k);                      \
  }                                                               \
  inline V Shim_##op##width(V x, V k) {                           \
    return ShadowAes(Raw_##op##width(x, k), x, k, inverse, last); \
  }
#if defined(__AES__)
ARIASUITE_CT_AES(aesenc, false, false, V2DI, 128)
ARIASUITE_CT_AES(aesenclast, false, true, V2DI, 128)
ARIASUITE_CT_AES(aesdec, true, false, V2DI, 128)
ARIASUITE_CT_AES(aesdeclast, true, true, V2DI, 128)
#define __builtin_ia32_aesenc128(X, K) ::ariasuite_ct_msan::Shim_aesenc128((X), (K))
#define __builtin_ia32_aesenclast128(X, K) ::ariasuite_ct_msan::Shim_aesenclast128((X), (K))
#define __builtin_ia32_aesdec128(X, K) ::ariasuite_ct_msan::Shim_aesdec128((X), (K))
#define __builtin_ia32_aesdeclast128(X, K) ::ariasuite_ct_msan::Shim_aesdeclast128((X), (K))
#endif
#if defined(__VAES__) && defined(__AVX__)
ARIASUITE_CT_AES(aesenc, false, false, V4DI, 256)
ARIASUITE_CT_AES(aesenclast, false, true, V4DI, 256)
ARIASUITE_CT_AES(aesdec, true, false, V4DI, 256)
ARIASUITE_CT_AES(aesdeclast, true, true, V4DI, 256)
#define __builtin_ia32_aesenc256(X, K) ::ariasuite_ct_msan::Shim_aesenc256((X), (K))
#define __builtin_ia32_aesenclast256(X, K) ::ariasuite_ct_msan::Shim_aesenclast256((X), (K))
#define __builtin_ia32_aesdec256(X, K) ::ariasuite_ct_msan::Shim_aesdec256((X), (K))
#define __builtin_ia32_aesdeclast256(X, K) ::ariasuite_ct_msan::Shim_aesdeclast256((X), (K))
#endif
#if defined(__VAES__) && defined(__AVX512F__)
ARIASUITE_CT_AES(aesenc, false, false, V8DI, 512)
ARIASUITE_CT_AES(aesenclast, false, true, V8DI, 512)
ARIASUITE_CT_AES(aesdec, true, false, V8DI, 512)
ARIASUITE_CT_AES(aesdeclast, true, true, V8DI, 512)
#define __builtin_ia32_aesenc512(X, K) ::ariasuite_ct_msan::Shim_aesenc512((X), (K))
#define __builtin_ia32_aesenclast512(X, K) ::ariasuite_ct_msan::Shim_aesenclast512((X), (K))
#define __builtin_ia32_aesdec512(X, K) ::ariasuite_ct_msan::Shim_aesdec512((X), (K))
#define __builtin_ia32_aesdeclast512(X, K) ::ariasuite_ct_msan::Shim_aesdeclast512((X), (K))
#endif
#undef ARIASUITE_CT_AES
#undef ARIASUITE_CT_NOMSAN

}  // namespace ariasuite_ct_msan

#endif  // __has_feature(memory_sanitizer)
#endif  // __x86_64__ && __cplusplus && __has_feature

#endif  // ARIASUITE_TOOLS_CT_MSAN_SHADOW_SHIMS_H_
