#!/usr/bin/env bash
# //kernel-tests:vm_test: boots the prepared default kernel (tools/kernel/prepare.sh, run outside
# the sandbox by tools/ariasuite test) in qemu with the guest test programs and writes one JUnit
# testcase per TAP line to $XML_OUTPUT_FILE (skips marked skipped). Nothing prepared, or no qemu:
# one skipped case naming what is missing. Exit 0 when nothing failed (passes and skips), else 1.
# Arguments: the runner (tools/kernel/main.py) then the guest programs.
set -u
runner="$1"
shift
args=()
for t in "$@"; do
  args+=(--test "$t")
done
xml="${XML_OUTPUT_FILE:-${TEST_UNDECLARED_OUTPUTS_DIR:-/tmp}/vm_test.xml}"
work="${TEST_TMPDIR:-/tmp}/vm"
python3 "$runner" run --no-prepare --junit "$xml" --workdir "$work" \
  --timeout "${ARIASUITE_VM_TIMEOUT:-700}" "${args[@]}"
rc=$?
# Keep the guest's logs with the test outputs.
if [[ -n "${TEST_UNDECLARED_OUTPUTS_DIR:-}" ]]; then
  cp -f "$work/console.log" "$work/tap.log" "$TEST_UNDECLARED_OUTPUTS_DIR/" 2>/dev/null
fi
case "$rc" in
  0 | 4) exit 0 ;;  # all passed / only skips (both recorded in the XML)
  *) exit 1 ;;
esac
