// Where the kernel tools keep what they download and build, for the C++ programs and tests: the
// C++ copy of kernel-tests/vm/cache_layout.py's layout (tools/lib.sh's ariasuite_kernel_cache is
// the shell's). <cache> is $ARIASUITE_CACHE when set and not empty, else the .cache/ariasuite of
// this uid's home in the password database (the same inside a Bazel test whose HOME differs).
#ifndef ARIASUITE_KERNEL_TESTS_ASM_CACHE_LAYOUT_H_
#define ARIASUITE_KERNEL_TESTS_ASM_CACHE_LAYOUT_H_

#include <string>

namespace ariasuite::kernel_cache {

// <cache>; "" when neither $ARIASUITE_CACHE nor a home is known.
std::string Base();

// <cache>/kernel/source: one folder per unpacked linux-source package, <package>_<version>/.
std::string SourceDir();

// <cache>/kernel-asm: the builds of the kernel's ARIA assembly, `current` naming the last one.
std::string AsmDir();

}  // namespace ariasuite::kernel_cache

#endif  // ARIASUITE_KERNEL_TESTS_ASM_CACHE_LAYOUT_H_
