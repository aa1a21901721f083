/* ariasuite's userspace stand-in for the kernel's <asm/frame.h> (see linux/linkage.h here): the
 * frame-pointer variant, so that debuggers and sanitizer stacks can walk through the kernel's
 * functions. */
#ifndef ARIASUITE_KERNEL_ASM_SHIM_ASM_FRAME_H_
#define ARIASUITE_KERNEL_ASM_SHIM_ASM_FRAME_H_

#ifdef __ASSEMBLY__
#define FRAME_BEGIN push %rbp; mov %rsp, %rbp
#define FRAME_END pop %rbp
#endif

#endif /* ARIASUITE_KERNEL_ASM_SHIM_ASM_FRAME_H_ */
