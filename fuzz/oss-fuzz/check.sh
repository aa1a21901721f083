#!/usr/bin/env bash
# Checks the OSS-Fuzz build here: runs fuzz/oss-fuzz/build.sh with the variables set as OSS-Fuzz
# sets them for libFuzzer + ASan (CC=clang, CXX=clang++, its CFLAGS/CXXFLAGS, LIB_FUZZING_ENGINE,
# OUT, SRC, WORK), then runs every produced fuzzer once over its seed corpus (-runs=0) and checks
# that each has its dictionary and options. Prints one line per fuzzer and
# `oss-fuzz check: N passed, N failed`; exit status 0 when all passed.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
tmp="$(mktemp -d /tmp/ariasuite-ossfuzz.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/out" "$tmp/src" "$tmp/work"
flags="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
flags+=" -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link"
if ! env CC=clang CXX=clang++ CFLAGS="$flags" CXXFLAGS="$flags" LIB_FUZZING_ENGINE=-fsanitize=fuzzer \
    OUT="$tmp/out" SRC="$tmp/src" WORK="$tmp/work" ARIASUITE_JOBS="${ARIASUITE_JOBS:-2}" \
    bash "$root/fuzz/oss-fuzz/build.sh" > "$tmp/build.log" 2>&1; then
  tail -n 30 "$tmp/build.log"
  echo "oss-fuzz check: 0 passed, 1 failed (build.sh failed)"
  exit 1
fi
passed=0
failed=0
# Every target build_targets.py knows must be in $OUT: a missing binary is a failure, never a
# shorter list.
targets="$(OUT="$tmp/out" WORK="$tmp/work" python3 "$root/fuzz/oss-fuzz/build_targets.py" --list)" ||
  { echo "oss-fuzz check: 0 passed, 1 failed (build_targets.py --list failed)"; exit 1; }
for t in $targets; do
  name="${t}_fuzzer"
  if [[ ! -x "$tmp/out/$name" ]]; then
    failed=$((failed + 1)); echo "oss-fuzz check: FAIL $name: not built (build.sh made no binary)"
    continue
  fi
  corpus="$tmp/corpus-$name"
  mkdir -p "$corpus"
  python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' \
    "$tmp/out/${name}_seed_corpus.zip" "$corpus" 2>/dev/null
  n="$(ls "$corpus" | wc -l)"
  problem=""
  [[ -f "$tmp/out/$name.dict" ]] || problem="no $name.dict"
  [[ -f "$tmp/out/$name.options" ]] || problem="no $name.options"
  [[ "$n" -gt 0 ]] || problem="empty seed corpus"
  if [[ -z "$problem" ]] && ! (cd "$tmp/out" && ./"$name" -runs=0 "$corpus" > "$tmp/$name.log" 2>&1); then
    problem="failed on its seed corpus: $(grep -m1 -E '^ARIA_MISMATCH|ERROR' "$tmp/$name.log")"
  fi
  if [[ -z "$problem" ]]; then
    passed=$((passed + 1)); echo "oss-fuzz check: PASS $name ($n seeds)"
  else
    failed=$((failed + 1)); echo "oss-fuzz check: FAIL $name: $problem"
  fi
done
[[ $((passed + failed)) -gt 0 ]] || { echo "oss-fuzz check: 0 passed, 1 failed (no fuzzers built)"; exit 1; }
echo "oss-fuzz check: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
