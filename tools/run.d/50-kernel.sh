# The kernel gate: Debian's stock kernel with the ARIA modules built here, booted in qemu, running
# the kTLS and AF_ALG tests of kernel-tests/ (`tools/ariasuite kernel` for options such as
# --kernel BZIMAGE). The kernel command exits 4 when everything skipped: a skip, not a pass.
stage_kernel() {
  "$ARIASUITE_ROOT/tools/ariasuite" kernel
  local rc=$?
  case $rc in
    0) return 0 ;;
    4) echo "SKIP: every kernel test skipped (see the reasons above)"; return 77 ;;
    *) return 1 ;;
  esac
}
RUN_STAGES+=(kernel)
