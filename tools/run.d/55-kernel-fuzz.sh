# The kTLS fuzzer for a short budget: `tools/ariasuite kernel --fuzz 60` on the same default kernel
# (random operation lists on ARIA-GCM 128/256 and the AES-GCM control, every byte checked, a
# failure printed as a list `tools/ariasuite kernel --replay FILE` runs again). Its corpus of saved
# lists already runs in the kernel stage. ARIASUITE_FUZZ_SECONDS sets the budget.
stage_kernel_fuzz() {
  stage_of_command "the kTLS fuzzer skipped (see the reason above)" \
    kernel --fuzz "${ARIASUITE_FUZZ_SECONDS:-60}"
}
RUN_STAGES+=(kernel_fuzz)
