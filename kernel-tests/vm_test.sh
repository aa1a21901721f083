#!/usr/bin/env bash
# //kernel-tests:vm_test: boots the prepared default kernel (kernel-tests/vm/prepare.sh, run outside
# the sandbox by tools/ariasuite test) in qemu with the guest test programs and writes one JUnit
# testcase per TAP line to $XML_OUTPUT_FILE (skips marked skipped). Nothing prepared, or no qemu:
# one skipped case naming what is missing. Exit 0 when nothing failed (passes and skips), else 1.
# Arguments: the runner (kernel-tests/vm/main.py), the vector exporter (//vectors:guest_vectors), then
# the committed vector files (*.json), the guest programs and runner flags (--flag or --flag=value,
# passed on: :pvh_test's --pvh).
set -u
runner="$1"
exporter="$2"
shift 2
args=()
jsons=()
flags=()
for t in "$@"; do
  case "$t" in
    *.json) jsons+=("$t") ;;
    --*) flags+=("$t") ;;
    *) args+=(--test "$t") ;;
  esac
done
xml="${XML_OUTPUT_FILE:-${TEST_UNDECLARED_OUTPUTS_DIR:-/tmp}/vm_test.xml}"
work="${TEST_TMPDIR:-/tmp}/vm"
# The guest's vector files, exported by the vectors library (a malformed file fails the test).
rm -rf "$work/vectors" && mkdir -p "$work/vectors" || exit 1
"$exporter" "$work/vectors" "${jsons[@]}" || { echo "vm_test: $exporter failed" >&2; exit 1; }
python3 "$runner" run --no-prepare --junit "$xml" --workdir "$work" --vectors "$work/vectors" \
  --timeout "${ARIASUITE_VM_TIMEOUT:-700}" "${flags[@]}" "${args[@]}"
rc=$?
# Keep the guest's logs with the test outputs.
if [[ -n "${TEST_UNDECLARED_OUTPUTS_DIR:-}" ]]; then
  cp -f "$work/console.log" "$work/tap.log" "$TEST_UNDECLARED_OUTPUTS_DIR/" 2>/dev/null
fi
case "$rc" in
  0 | 4) exit 0 ;;  # all passed / only skips (both recorded in the XML)
  *) exit 1 ;;
esac
