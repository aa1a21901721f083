// The kernel's struct aria_ctx (include/crypto/aria.h), as crypto/aria_generic.c's
// aria_set_key() fills it, computed from ariasuite's scalar reference (impl/aria.h). The kernel's
// ARIA assembly reads its round keys from this struct, so the harness, the fuzzer and the
// benchmark hand it one made here. That it is right is shown by the tree's own crypto/testmgr.h
// ARIA vectors run through the kernel's assembly with it (tools/ariasuite kernel-asm).
#ifndef ARIASUITE_KERNEL_TESTS_ASM_ARIA_CTX_H_
#define ARIASUITE_KERNEL_TESTS_ASM_ARIA_CTX_H_

#include <cstddef>
#include <cstdint>

#include "impl/aria_key.h"
#include "kernel-tests/asm/shim/include/asm/asm-offsets.h"

namespace ariasuite::kernel_asm {

inline constexpr int kAriaMaxRdKeys = 17;  // ARIA_MAX_RD_KEYS
inline constexpr int kAriaRdKeyWords = 4;  // ARIA_RD_KEY_WORDS

// Layout of struct aria_ctx: u32 enc_key[17][4]; u32 dec_key[17][4]; int rounds; int key_length.
// Each round key is four u32 words in CPU byte order, word j holding bytes 4j..4j+3 of the RFC
// 5794 round key as a big-endian number (aria_generic.c loads the key with get_unaligned_be32).
struct KernelAriaCtx {
  uint32_t enc_key[kAriaMaxRdKeys][kAriaRdKeyWords];
  uint32_t dec_key[kAriaMaxRdKeys][kAriaRdKeyWords];
  int32_t rounds;      // 12, 14 or 16
  int32_t key_length;  // 16, 24 or 32 (bytes)
};
static_assert(offsetof(KernelAriaCtx, enc_key) == ARIA_CTX_enc_key);
static_assert(offsetof(KernelAriaCtx, dec_key) == ARIA_CTX_dec_key);
static_assert(offsetof(KernelAriaCtx, rounds) == ARIA_CTX_rounds);
static_assert(offsetof(KernelAriaCtx, key_length) == ARIA_CTX_key_length);

// Fills *out as aria_set_key(key, key_len) does on a zeroed context (the crypto API zeroes a
// transform's context): encryption keys ek_1..ek_{n+1} (RFC 5794 §2.3), decryption keys
// dk_1..dk_{n+1} (§2.4), rounds, key_length; words past the last round key stay zero. Returns
// false (and leaves *out zeroed) unless key_len is 16, 24 or 32.
bool MakeKernelAriaCtx(KernelAriaCtx* out, const uint8_t* key, size_t key_len);

// The same from round keys already expanded: enc from AriaSetEncryptKey, dec from
// AriaSetDecryptKey of one key of key_len bytes.
void KernelAriaCtxFromKeys(KernelAriaCtx* out, const AriaKey& enc, const AriaKey& dec,
                           size_t key_len);

}  // namespace ariasuite::kernel_asm

#endif  // ARIASUITE_KERNEL_TESTS_ASM_ARIA_CTX_H_
