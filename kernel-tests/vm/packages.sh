# Debian packages the kernel runner needs (sourced by tools/cmd/kernel.sh and prepare.sh):
# qemu and a static busybox for the guest; make, gcc-12 (the compiler Debian's 6.1 and 6.12
# kernels were built with, named in their headers' .kernelvariables) and xz for the ARIA modules;
# ldd (libc-bin) for --extra-test programs that are not static; zstd to take the vmlinux out of
# Debian's zstd-compressed bzImage for qemu's PVH entry (kernel-tests/vm/vmlinux.py).
ARIASUITE_KERNEL_PACKAGES=(qemu-system-x86 busybox-static make gcc-12 xz-utils libc-bin zstd)
# Building a kernel from a tree (--kernel-tree): the usual kernel build dependencies, ccache (so a
# rebuild after a small patch or a bisect step is quick) and git (--patches, git bisect run).
ARIASUITE_KERNEL_TREE_PACKAGES=(build-essential flex bison bc libelf-dev libssl-dev cpio ccache git)
