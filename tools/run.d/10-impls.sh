# Which ARIA paths this CPU runs (and the missing feature of each one it does not): the rows the
# conformance stage's table will show for ours.
stage_impls() {
  "$ARIASUITE_ROOT/tools/ariasuite" impls
}
RUN_STAGES=(impls "${RUN_STAGES[@]}")  # first: the paths the table will show
