#!/usr/bin/env bash
# Bazel test: every timing case's Prepare takes the same branches in both classes (timing_cases.h
# says why a class-dependent branch there makes a constant-time call look leaky). ct_check
# --prepare-blind runs each Prepare under valgrind memcheck with the class marked secret:
#  - over every case valgrind's CPU runs, memcheck must report nothing;
#  - over the control (a Prepare that branches on the class), it must report the branch, or this
#    check is blind.
set -uo pipefail
ct_check=${1:-tools/ct/ct_check}
if ! command -v valgrind > /dev/null; then
  echo "prepare-blind: valgrind not found (the README's test command installs it)" >&2
  exit 2
fi
log_dir=${TEST_UNDECLARED_OUTPUTS_DIR:-$(mktemp -d)}
xml=${XML_OUTPUT_FILE:-/dev/null}

# junit CASE_XML...: writes the test's JUnit XML (one case per verdict below).
junit() {
  printf '<?xml version="1.0"?>\n<testsuites><testsuite name="prepare_blind">%s</testsuite></testsuites>\n' \
    "$*" > "$xml"
}

# A sanitized build has no runnable check (ct_check --list says why), and valgrind cannot run it.
if ! "$ct_check" --list | grep -q $'\tRUN\t'; then
  why=$("$ct_check" --list | head -1 | cut -f3)
  echo "SKIP prepare-blind: no check runs in this build: $why"
  junit "<testcase name=\"prepare-blind\"><skipped message=\"no check runs in this build\"/></testcase>"
  exit 0
fi

# run LOG ARGS...: ct_check under memcheck (exit 99 when it reported anything); echoes the status.
run() {
  local log=$1
  shift
  valgrind --tool=memcheck --error-exitcode=99 --fullpath-after= --log-file="$log" \
    "$ct_check" --prepare-blind "$@" > "$log.out" 2>&1
  echo $?
}

failed=0
rc=$(run "$log_dir/prepare_blind_all.vg.log" --all)
done_count=$(grep -c '^PB-DONE ' "$log_dir/prepare_blind_all.vg.log.out")
if [[ $rc -eq 0 && $done_count -gt 0 ]]; then
  echo "PASS prepare-blind: $done_count timing cases, no branch of Prepare depends on the class"
else
  echo "FAIL prepare-blind: exit $rc after $done_count cases; memcheck's first report:"
  grep -m1 -A4 'depends on uninitialised\|Use of uninitialised' "$log_dir/prepare_blind_all.vg.log"
  cat "$log_dir/prepare_blind_all.vg.log.out"
  failed=1
fi

rc=$(run "$log_dir/prepare_blind_control.vg.log" harness/class-branching-prepare)
if [[ $rc -eq 99 ]] && grep -q 'ClassBranchingPrepare::Prepare' \
  "$log_dir/prepare_blind_control.vg.log"; then
  echo "CAUGHT harness/class-branching-prepare (memcheck reported its branch on the class)"
else
  echo "FAIL harness/class-branching-prepare: not reported (exit $rc): the check is blind"
  cat "$log_dir/prepare_blind_control.vg.log.out"
  failed=1
fi
if [[ $failed -eq 0 ]]; then
  junit '<testcase name="prepare-blind"/><testcase name="harness/class-branching-prepare"/>'
else
  junit '<testcase name="prepare-blind"><failure message="see the log"/></testcase>'
fi
exit $failed
