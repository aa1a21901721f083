// The constant-time claims that tools/ct checks, shared by the secret-taint checks (ct_check.cc,
// under valgrind or MemorySanitizer) and the timing checks (timing_cases.cc), so that every method
// runs the same grid of claim x path.
#ifndef ARIASUITE_TOOLS_CT_CHECKS_H_
#define ARIASUITE_TOOLS_CT_CHECKS_H_

#include "impl/internal.h"

namespace ariasuite::ct {

enum class Claim {
  // The scalar reference API (path "scalar" only).
  kKeySchedule,   // AriaSetEncryptKey / AriaSetDecryptKey (RFC 5794 §2.2, §2.4)
  kEncryptBlock,  // AriaCryptBlock with encryption round keys
  kDecryptBlock,  // AriaCryptBlock with decryption round keys
  // Every path.
  kEncrypt,               // Backend::crypt_blocks
  kDecrypt,               // Backend::crypt_blocks with decryption round keys
  kCtr32,                 // Backend::ctr32
  kCtr128,                // Backend::ctr128
  kGhash,                 // Backend::ghash_init + ghash (SP 800-38D §6.4)
  kGcmBulk,               // Backend::gcm_seal_bulk / gcm_open_bulk (paths that have them)
  kGcmSeal,               // AriaGcmSeal
  kGcmOpenTagCheck,       // AriaGcmOpen with a wrong tag
  kGcmTagCompare,         // AriaGcmContext::FinishDecrypt: the streaming tag comparison
  kCbcPkcs5PaddingCheck,  // AriaCbcPkcs5Decrypt
  kCcmOpenTagCheck,       // AriaCcmOpen with a wrong tag
  kCmacVerify,            // AriaCmacVerify with a wrong tag
  kKwUnwrapCheck,         // AriaKwUnwrap with a wrong integrity value
  kKwpUnwrapCheck,        // AriaKwpUnwrap with a wrong padding
  kCfbOfb,                // AriaCfb128/Cfb8/Cfb1 Encrypt and Decrypt, AriaOfb (streamed)
  // Single instructions that a taint tool follows only through a shim, or not at all
  // (isa_chains.h): chains of one instruction, path "isa".
  kIsaGf2p8AffineInv,  // VGF2P8AFFINEINVQB zmm (needs what gfni-avx512 needs)
  kIsaTernlog,         // VPTERNLOGQ zmm (likewise)
  kIsaAesEncLast,      // AESENCLAST (needs what aesni-avx needs)
  kIsaAesDecLast,      // AESDECLAST
  // The deliberately leaky controls (leaky.h): every method must report them.
  kLeakyTableSbox,
  kLeakyEarlyExitCompare,
  kLeakyDataDependentLoop,
};

struct ClaimInfo {
  Claim claim;
  const char* name;  // the check's name after "<path>/"
  enum Scope { kScalarApi, kPerPath, kIsa, kControl } scope;
};

inline constexpr ClaimInfo kClaims[] = {
    {Claim::kKeySchedule, "key-schedule", ClaimInfo::kScalarApi},
    {Claim::kEncryptBlock, "encrypt-block", ClaimInfo::kScalarApi},
    {Claim::kDecryptBlock, "decrypt-block", ClaimInfo::kScalarApi},
    {Claim::kEncrypt, "encrypt", ClaimInfo::kPerPath},
    {Claim::kDecrypt, "decrypt", ClaimInfo::kPerPath},
    {Claim::kCtr32, "ctr32", ClaimInfo::kPerPath},
    {Claim::kCtr128, "ctr128", ClaimInfo::kPerPath},
    {Claim::kGhash, "ghash", ClaimInfo::kPerPath},
    {Claim::kGcmBulk, "gcm-bulk", ClaimInfo::kPerPath},
    {Claim::kGcmSeal, "gcm-seal", ClaimInfo::kPerPath},
    {Claim::kGcmOpenTagCheck, "gcm-open-tag-check", ClaimInfo::kPerPath},
    {Claim::kGcmTagCompare, "gcm-tag-compare", ClaimInfo::kPerPath},
    {Claim::kCbcPkcs5PaddingCheck, "cbc-pkcs5-padding-check", ClaimInfo::kPerPath},
    {Claim::kCcmOpenTagCheck, "ccm-open-tag-check", ClaimInfo::kPerPath},
    {Claim::kCmacVerify, "cmac-verify", ClaimInfo::kPerPath},
    {Claim::kKwUnwrapCheck, "kw-unwrap-check", ClaimInfo::kPerPath},
    {Claim::kKwpUnwrapCheck, "kwp-unwrap-check", ClaimInfo::kPerPath},
    {Claim::kCfbOfb, "cfb-ofb", ClaimInfo::kPerPath},
    {Claim::kIsaGf2p8AffineInv, "gf2p8affineinvqb", ClaimInfo::kIsa},
    {Claim::kIsaTernlog, "vpternlogq", ClaimInfo::kIsa},
    {Claim::kIsaAesEncLast, "aesenclast", ClaimInfo::kIsa},
    {Claim::kIsaAesDecLast, "aesdeclast", ClaimInfo::kIsa},
    {Claim::kLeakyTableSbox, "table-sbox", ClaimInfo::kControl},
    {Claim::kLeakyEarlyExitCompare, "early-exit-compare", ClaimInfo::kControl},
    {Claim::kLeakyDataDependentLoop, "data-dependent-loop", ClaimInfo::kControl},
};

// Blocks per call in the checks of one path: one batch of the path (the scalar path: one block).
inline size_t BatchBlocks(Impl impl) {
  switch (impl) {
    case Impl::kScalar: return 1;
    case Impl::kAesniAvx: return 16;
    case Impl::kAesniAvx2: return 32;
    case Impl::kVaesAvx2: return 32;
    case Impl::kGfniAvx2: return 32;
    case Impl::kGfniAvx512: return 64;
  }
  return 1;
}

// The path whose CPU features an "isa" check needs.
inline Impl IsaPath(Claim claim) {
  return claim == Claim::kIsaAesEncLast || claim == Claim::kIsaAesDecLast ? Impl::kAesniAvx
                                                                          : Impl::kGfniAvx512;
}

}  // namespace ariasuite::ct

#endif  // ARIASUITE_TOOLS_CT_CHECKS_H_
