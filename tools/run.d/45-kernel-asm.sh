# The kernel's own ARIA assembly from the cached kernel tree, run natively (seconds, no guest):
# differential test against our reference, ISA audit against the glue's feature checks, alignment
# audit (`tools/ariasuite kernel-asm`, which also takes --kernel-tree DIR). No cached tree (and no
# $ARIASUITE_KERNEL_TREE): SKIP with the reason; anything else that stops it is a FAIL.
stage_kernel_asm() {
  local why
  if ! why="$(python3 "$ARIASUITE_ROOT/kernel-tests/asm/main.py" tree 2>&1 >/dev/null)"; then
    echo "SKIP: ${why#ariasuite kernel-asm: error: }"
    return 77
  fi
  mkdir -p "$run_out"
  stage_of_command "this CPU runs none of the kernel's ARIA functions" \
    kernel-asm --junit "$run_out/kernel-asm.xml"
}
RUN_STAGES+=(kernel_asm)
