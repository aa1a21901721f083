# Mutation testing: every catalogued fault of impl/ built and run against the fast suite; the
# stage fails when one survives (`tools/ariasuite mutants` for options). About 12-16 minutes here.
stage_mutants() {
  "$ARIASUITE_ROOT/tools/ariasuite" mutants
}
RUN_STAGES+=(mutants)
