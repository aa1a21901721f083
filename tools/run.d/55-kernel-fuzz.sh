# The kTLS fuzzer for a short budget: `tools/ariasuite kernel --fuzz 60` on the same default kernel
# (random operation lists on ARIA-GCM 128/256 and the AES-GCM control, every byte checked, a
# failure printed as a list `tools/ariasuite kernel --replay FILE` runs again). Its corpus of saved
# lists already runs in the kernel stage. ARIASUITE_FUZZ_SECONDS sets the budget.
stage_kernel_fuzz() {
  "$ARIASUITE_ROOT/tools/ariasuite" kernel --fuzz "${ARIASUITE_FUZZ_SECONDS:-60}"
  local rc=$?
  case $rc in
    0) return 0 ;;
    4) echo "SKIP: the kTLS fuzzer skipped (see the reason above)"; return 77 ;;
    *) return 1 ;;
  esac
}
RUN_STAGES+=(kernel_fuzz)
