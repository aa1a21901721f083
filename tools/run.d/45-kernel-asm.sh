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
  "$ARIASUITE_ROOT/tools/ariasuite" kernel-asm --junit "$run_out/kernel-asm.xml"
  local rc=$?
  case $rc in
    0) return 0 ;;
    4) echo "SKIP: this CPU runs none of the kernel's ARIA functions"; return 77 ;;
    *) return 1 ;;
  esac
}
RUN_STAGES+=(kernel_asm)
