# summary: mutation testing: build each catalogued fault of impl/ and run the fast suite; table + score
# Usage: tools/ariasuite mutants [--budget SECONDS] [--json FILE] [--fuzz-seconds N] [--no-baseline]
#                                [--output-base DIR] [--skip-stage STAGE] [--list] [--diff]
#                                [MUTANT...]
#   MUTANT          a name from tools/mutants/catalogue.txt (default: all)
#   --budget S      start no new mutant after S seconds (the rest are NOT-RUN, which fails the run)
#   --json FILE     also write the results (status, killing check, times) as JSON
#   --list          show the catalogue and whether each rule applies; run nothing
#   --diff          show each mutant as a diff against today's source; run nothing
# Each mutant is its rule (tools/mutants/rules/<name>.rule) applied to a scratch copy of the tree
# (DIR-ws) with one Bazel output base DIR (default ~/.cache/bazel-ariasuite-mutants-<hash>,
# or $ARIASUITE_MUTANTS_OUTPUT_BASE); each recompiles only its own file. Prints a table and
# `mutation score: K/N killed`. Exit 0 when every mutant was killed, 1 otherwise, 2 on bad usage
# or when the suite fails without any mutant, 4 when --skip-stage leaves out every stage.
for a in "$@"; do
  if [[ "$a" == "-h" || "$a" == "--help" ]]; then
    sed -n 's/^# \{0,1\}//; 2,14p' "$ARIASUITE_ROOT/tools/cmd/mutants.sh"
    exit 0
  fi
done
if [[ " $* " != *" --list "* && " $* " != *" --diff "* ]]; then
  ensure_packages "${ARIASUITE_BUILD_PACKAGES[@]}"
fi
set +e
python3 "$ARIASUITE_ROOT/tools/mutants/mutants.py" "$@"
mutants_rc=$?
set -e
exit "$mutants_rc"
