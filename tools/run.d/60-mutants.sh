# Mutation testing: every catalogued fault of impl/ built and run against the fast suite; the
# stage fails when one survives (`tools/ariasuite mutants` for options). About 12-16 minutes here.
stage_mutants() {
  "$ARIASUITE_ROOT/tools/ariasuite" mutants
  local rc=$?
  case $rc in
    0) return 0 ;;
    4) echo "SKIP: the mutation run tested nothing (see the reason above)"; return 77 ;;
    *) return 1 ;;
  esac
}
RUN_STAGES+=(mutants)
