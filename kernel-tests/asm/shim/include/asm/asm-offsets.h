/* ariasuite's stand-in for the kernel's generated <asm/asm-offsets.h>: the offsets of struct
 * aria_ctx (include/crypto/aria.h: u32 enc_key[17][4], u32 dec_key[17][4], int rounds,
 * int key_length) that the ARIA assembly reads. Included by the assembly and by C++
 * (kernel-tests/asm/aria_ctx.h static_asserts its struct against these numbers); the runner checks
 * them against the tree's include/crypto/aria.h before assembling. */
#ifndef ARIASUITE_KERNEL_ASM_SHIM_ASM_ASM_OFFSETS_H_
#define ARIASUITE_KERNEL_ASM_SHIM_ASM_ASM_OFFSETS_H_

#define ARIA_CTX_enc_key 0
#define ARIA_CTX_dec_key 272
#define ARIA_CTX_rounds 544
#define ARIA_CTX_key_length 548

#endif /* ARIASUITE_KERNEL_ASM_SHIM_ASM_ASM_OFFSETS_H_ */
