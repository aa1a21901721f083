# The kernel gate: Debian's stock kernel with the ARIA modules built here, booted in qemu, running
# the kTLS and AF_ALG tests of kernel-tests/ (`tools/ariasuite kernel` for options such as
# --kernel BZIMAGE). The kernel command exits 4 when everything skipped: a skip, not a pass.
stage_kernel() {
  stage_of_command "every kernel test skipped (see the reasons above)" kernel
}
RUN_STAGES+=(kernel)
