# The exit status of a command that ends with a count line `N passed, N failed, N skipped`
# (tools/cmd/test.sh, and fuzz/tools/run_fuzzers.py through bash). Sourced after tools/lib.sh;
# defines functions only.

# counts_status WHAT PASSED FAILED SKIPPED [WHY]: returns 1 when something failed, 4 when nothing
# passed (everything skipped, or nothing ran: a skip is never a pass), else 0. With 4 it prints one
# line on stderr: `ariasuite WHAT: nothing tested: WHY` (default: how many skipped).
counts_status() {
  local what="$1" passed="$2" failed="$3" skipped="$4" why="${5:-}"
  if [[ $failed -gt 0 ]]; then
    return 1
  fi
  if [[ $passed -eq 0 ]]; then
    if [[ -z "$why" && $skipped -gt 0 ]]; then
      why="0 passed, $skipped skipped (the reasons are listed above)"
    elif [[ -z "$why" ]]; then
      why="nothing ran"
    fi
    echo "ariasuite $what: nothing tested: $why; a skip is never a pass (exit 4)" >&2
    return 4
  fi
  return 0
}
