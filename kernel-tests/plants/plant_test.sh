#!/usr/bin/env bash
# //kernel-tests/plants:*_test (manual: a module build and a TCG boot): the fuzzer must find the
# fault a plant builder (aria_ctr_tail.py, tls_partial_read.py) plants within BUDGET seconds of
# `--fuzz` (seed 1), its finding matching PATTERN (e.g. ARIA named, the AES-GCM control passing).
# Arguments: the runner (kernel-tests/vm/main.py), the plant builder, the ktls_fuzz program, BUDGET,
# PATTERN (a grep regex on the `# FINDING:` line).
# Exit 0 found, 1 not found (or found without naming ARIA); no prepared kernel: exit 0 with one
# skipped case in $XML_OUTPUT_FILE, which Bazel's JUnit and tools/ariasuite test count as a skip.
set -u
runner="$1" plant="$2" fuzzer="$3" budget="$4" pattern="$5"
work="${TEST_TMPDIR:-$(mktemp -d)}/plant"
mkdir -p "$work"
info="$(python3 "$plant" "$work/modules")"
rc=$?
if [[ $rc == 4 ]]; then
  # Nothing to plant into: one skipped case in Bazel's test.xml (kernel-tests/vm/tap.py's JUnit
  # writer), so the run counts as a skip, never as a pass.
  echo "$info"
  python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import tap
tap.write_junit([tap.Case("plant", "build", "skip", sys.argv[3])], sys.argv[2])' \
    "$(dirname "$runner")" "${XML_OUTPUT_FILE:-$work/test.xml}" "$info" || exit 1
  exit 0
fi
[[ $rc == 0 ]] || { echo "plant_test: the planted modules did not build" >&2; exit 1; }
field() { python3 -c 'import json,sys; d=json.loads(sys.argv[1]); v=d[sys.argv[2]]; print("\n".join(v) if isinstance(v, list) else v)' "$info" "$1"; }
mods=()
while read -r d; do mods+=(--modules "$d"); done < <(field module_dirs)
mkdir -p "$work/bin"
cp -f "$fuzzer" "$work/bin/ktls_fuzz"
start=$SECONDS
python3 "$runner" run --no-prepare --accel tcg --kernel "$(field bzimage)" "${mods[@]}" \
  --modules "$(field modules)" --test "$work/bin/ktls_fuzz" --fuzz "$budget" --seed 1 \
  --workdir "$work/vm" >"$work/out.txt" 2>&1
rc=$?
tail -n 40 "$work/out.txt"
tap="$work/vm/tap.log"
echo "plant_test: runner exit $rc after $((SECONDS - start)) s (budget $budget s of fuzzing)"
if [[ $rc != 1 ]] || ! grep -q "^# FINDING: $pattern" "$tap"; then
  echo "plant_test: FAIL: the fault planted by $(basename "$plant") was not found within $budget s"
  exit 1
fi
grep "^# FINDING\|^# minimized" "$tap"
sed -n '/^# --- ops/,/^# --- end/p' "$tap"
echo "plant_test: the plant was found"
