# The differential fuzzers, each for a short budget (ARIASUITE_RUN_FUZZ_SECONDS, default 20 s;
# `tools/ariasuite fuzz` for longer runs). Fails on a finding in our code or a target that does not
# run; third-party findings are listed and do not fail the stage (see fuzz/README.md). Every target
# skipped (the fuzz command's exit 4) is a SKIP of the stage, never a pass.
stage_fuzz() {
  stage_of_command "every fuzz target skipped (see the reasons above)" \
    fuzz --seconds "${ARIASUITE_RUN_FUZZ_SECONDS:-20}"
}
RUN_STAGES+=(fuzz)
