# The differential fuzzers, each for a short budget (ARIASUITE_RUN_FUZZ_SECONDS, default 20 s;
# `tools/ariasuite fuzz` for longer runs). Fails on a finding in our code or a target that does not
# run; third-party findings are listed and do not fail the stage (see fuzz/README.md). Every target
# skipped (the fuzz command's exit 4) is a SKIP of the stage, never a pass.
stage_fuzz() {
  "$ARIASUITE_ROOT/tools/ariasuite" fuzz --seconds "${ARIASUITE_RUN_FUZZ_SECONDS:-20}"
  local rc=$?
  case $rc in
    0) return 0 ;;
    4) echo "SKIP: every fuzz target skipped (see the reasons above)"; return 77 ;;
    *) return 1 ;;
  esac
}
RUN_STAGES+=(fuzz)
