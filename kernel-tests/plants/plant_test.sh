#!/usr/bin/env bash
# //kernel-tests/plants:aria_ctr_tail_test (manual: a module build and a TCG boot): the fuzzer must
# find the fault aria_ctr_tail.py plants in the aria-avx2 glue's partial-block path within
# BUDGET seconds of `--fuzz` (seed 1), and name ARIA with the AES-GCM control passing.
# Arguments: the runner (tools/kernel/main.py), the plant builder, the ktls_fuzz program, BUDGET.
# Exit 0 found, 1 not found (or found without naming ARIA), 4 (reported as a skip by Bazel's
# JUnit) no prepared kernel.
set -u
runner="$1" plant="$2" fuzzer="$3" budget="$4"
work="${TEST_TMPDIR:-$(mktemp -d)}/plant"
mkdir -p "$work"
info="$(python3 "$plant" "$work/modules")"
rc=$?
if [[ $rc == 4 ]]; then
  echo "$info"
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
if [[ $rc != 1 ]] || ! grep -q "^# FINDING: .*aria-gcm-.*the AES-GCM control passes" "$tap"; then
  echo "plant_test: FAIL: the planted aria-avx2 CTR tail fault was not found within $budget s"
  exit 1
fi
grep "^# FINDING\|^# minimized" "$tap"
sed -n '/^# --- ops/,/^# --- end/p' "$tap"
echo "plant_test: the plant was found"
