/* ariasuite's userspace stand-in for the kernel's <linux/cfi_types.h> (see linux/linkage.h here):
 * without kCFI a typed function is an ordinary function. */
#ifndef ARIASUITE_KERNEL_ASM_SHIM_LINUX_CFI_TYPES_H_
#define ARIASUITE_KERNEL_ASM_SHIM_LINUX_CFI_TYPES_H_

#include <linux/linkage.h>

#ifdef __ASSEMBLY__
#define SYM_TYPED_FUNC_START(name) SYM_FUNC_START(name)
#endif

#endif /* ARIASUITE_KERNEL_ASM_SHIM_LINUX_CFI_TYPES_H_ */
