# Mutation testing: every catalogued fault of impl/ built and run against the fast suite; the
# stage fails when one survives (`tools/ariasuite mutants` for options). About 12-16 minutes here.
stage_mutants() {
  stage_of_command "the mutation run tested nothing (see the reason above)" mutants
}
RUN_STAGES+=(mutants)
