# summary: constant-time check: every constant-time path under valgrind memcheck with its secrets marked undefined
# Usage: tools/ariasuite ct [--verbose] [CHECK...]
#   CHECK      a check name (aria/encrypt-block, scalar/ghash, ...; default: all; see the table)
#   --verbose  print valgrind's full report for each leak or failure
# Builds //tools/ct:ct_check (default config: -O2 -g, no sanitizer) and runs tools/ct/ct_driver.py:
# one line per check (PASS, LEAK with file:line, FAIL, SKIP with the reason, CAUGHT for the
# deliberately leaky controls), then `ct: N ... passed, N leaked, ...`. Exit status: 0 when no
# constant-time path leaked or failed and every leaky control was reported; 1 otherwise; 2 on
# bad usage.
ct_args=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    -h|--help) sed -n 's/^# \{0,1\}//; 2,9p' "$ARIASUITE_ROOT/tools/cmd/ct.sh"; exit 0 ;;
    --verbose) ct_args+=("$1"); shift ;;
    -*) die "ct: unknown flag '$1' (usage: tools/ariasuite ct [--verbose] [CHECK...])" ;;
    *) ct_args+=("$1"); shift ;;
  esac
done
ensure_packages "${ARIASUITE_BUILD_PACKAGES[@]}"
abazel build //tools/ct:ct_check || die "ct: building //tools/ct:ct_check failed"
ct_bin="$(abazel info bazel-bin 2>/dev/null)/tools/ct/ct_check"
set +e
python3 "$ARIASUITE_ROOT/tools/ct/ct_driver.py" --ct-binary "$ct_bin" "${ct_args[@]}"
ct_rc=$?
set -e
exit "$ct_rc"
