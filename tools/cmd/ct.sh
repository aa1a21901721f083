# summary: constant-time check: every constant-time claim on every path by valgrind, MemorySanitizer (clang 22) and dudect timing; one table
# Usage: tools/ariasuite ct [--method valgrind|msan|timing]... [--seconds N] [--plot FILE.svg]
#                           [--verbose] [CHECK...]
#   --method   run only this method (repeatable; default: all three)
#   --seconds  timing budget per run of a check (default 1; a crossing check runs twice)
#   --plot     write the timing plot (|t| against measurements per check) here (default:
#              ct-timing.svg in a new temporary folder, printed at the end)
#   --verbose  print the full report (valgrind, MSan) of each leak or failure
#   CHECK      a check name (scalar/key-schedule, gfni-avx512/gcm-seal, ...; default: all)
# Builds //tools/ct:ct_check (default config: no sanitizer) and //tools/ct:ct_check_msan (clang 22,
# -fsanitize=memory, tools/ct/msan/) and runs tools/ct/ct_driver.py: one line per check and method
# as it runs, then one table check x path x method: PASS, LEAK (file:line, or |t|), FAIL, SKIP (the
# reasons listed below the table), CAUGHT for the deliberately leaky controls. Exit status: 0 when
# no constant-time check leaked or failed and every method that ran reported every control; 1
# otherwise; 2 on bad usage; 4 when every check was skipped (e.g. --method valgrind on GFNI checks).
ct_args=()
ct_plot=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    -h|--help) sed -n 's/^# \{0,1\}//; 2,15p' "$ARIASUITE_ROOT/tools/cmd/ct.sh"; exit 0 ;;
    --verbose) ct_args+=("$1"); shift ;;
    --method)
      [[ $# -ge 2 && "$2" =~ ^(valgrind|msan|timing)$ ]] \
        || die "ct: --method wants valgrind, msan or timing"
      ct_args+=("$1" "$2"); shift 2 ;;
    --seconds)
      [[ $# -ge 2 && "$2" =~ ^[0-9]+([.][0-9]+)?$ && "$2" != "0" ]] \
        || die "ct: --seconds wants a positive number"
      ct_args+=("$1" "$2"); shift 2 ;;
    --plot)
      [[ $# -ge 2 ]] || die "ct: --plot wants a file name"
      ct_plot="$2"; shift 2 ;;
    -*) die "ct: unknown flag '$1' (tools/ariasuite ct --help)" ;;
    *) ct_args+=("$1"); shift ;;
  esac
done
[[ -n "$ct_plot" ]] || ct_plot="$(mktemp -d /tmp/ariasuite-ct.XXXXXX)/ct-timing.svg"
ensure_packages "${ARIASUITE_BUILD_PACKAGES[@]}"
abazel build //tools/ct:ct_check //tools/ct:ct_check_msan \
  || die "ct: building //tools/ct:ct_check and //tools/ct:ct_check_msan failed"
ct_bin="$(abazel info bazel-bin 2>/dev/null)/tools/ct"
set +e
python3 "$ARIASUITE_ROOT/tools/ct/ct_driver.py" --ct-binary "$ct_bin/ct_check" \
  --msan-binary "$ct_bin/ct_check_msan" --plot "$ct_plot" "${ct_args[@]}"
ct_rc=$?
set -e
exit "$ct_rc"
