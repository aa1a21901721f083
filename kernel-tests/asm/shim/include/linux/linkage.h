/* ariasuite's userspace stand-in for the kernel's <linux/linkage.h>, just enough for
 * arch/x86/crypto/aria-*-asm_64.S to assemble unmodified into a shared object that a test
 * harness loads (kernel-tests/asm/README.md). Written for ariasuite: the macro names are the
 * kernel's interface; the definitions are plain ELF function symbols for userspace, without the
 * kernel's IBT (ENDBR), CFI type hashes, return thunks or function padding. */
#ifndef ARIASUITE_KERNEL_ASM_SHIM_LINUX_LINKAGE_H_
#define ARIASUITE_KERNEL_ASM_SHIM_LINUX_LINKAGE_H_

#ifdef __ASSEMBLY__

/* Functions start on a 16-byte boundary, as with the kernel's default function alignment. */
#define SYM_FUNC_START_LOCAL(name) \
	.type name, @function; .p2align 4, 0x90; name:
#define SYM_FUNC_START(name) \
	.globl name; SYM_FUNC_START_LOCAL(name)
#define SYM_FUNC_START_NOALIGN(name) \
	.globl name; .type name, @function; name:
#define SYM_FUNC_START_LOCAL_NOALIGN(name) \
	.type name, @function; name:
#define SYM_FUNC_START_WEAK(name) \
	.weak name; SYM_FUNC_START_LOCAL(name)
#define SYM_FUNC_END(name) \
	.size name, . - name
#define SYM_FUNC_ALIAS(alias, name) \
	.globl alias; .type alias, @function; .set alias, name
#define SYM_FUNC_ALIAS_LOCAL(alias, name) \
	.type alias, @function; .set alias, name

/* A plain return: userspace has no return thunk; int3 stops straight-line speculation as the
 * kernel's CONFIG_MITIGATION_SLS build does. */
#define RET ret; int3

#endif /* __ASSEMBLY__ */

#endif /* ARIASUITE_KERNEL_ASM_SHIM_LINUX_LINKAGE_H_ */
