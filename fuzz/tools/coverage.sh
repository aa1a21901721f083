#!/usr/bin/env bash
# `tools/ariasuite fuzz --coverage [TARGET...]`: which lines of ariasuite the fuzz corpora, seeds,
# regressions and vector files reach. Builds the fuzz targets (their plain replay main, no libFuzzer)
# and the conformance runner with clang source-based coverage (--config=srccov, own output base),
# replays fuzz/corpus/<t>, fuzz/regressions/<t> and the working corpus .cache/fuzz-corpus/<t>
# through each target and every committed and shared vector file through the runner (every path of
# ours, every oracle), merges the profiles, and writes:
#   .cache/coverage/html/index.html   the report (llvm-cov show)
#   .cache/coverage/summary.txt       one line per folder, one per impl/ file (lines, branches)
#   .cache/coverage/uncovered.txt     every impl/ line no input reaches (file:line: code), those that
#                                     fuzz/COVERAGE.md does not explain first
#   .cache/coverage/functions.json    impl/'s function records (extents for COVERAGE.md's `Function` rows)
# Prints the summary and the number of uncovered impl/ lines. Exit 0, or 1 when a step failed.
set -uo pipefail
root="${ARIASUITE_ROOT:?}"
targets=("$@")
out="$root/.cache/coverage"
ob="${ARIASUITE_COVERAGE_OUTPUT_BASE:-$HOME/.cache/bazel-ariasuite-cov-$(printf '%s' "$root" | md5sum | cut -c1-10)}"
cov="llvm-cov-14"
prof="llvm-profdata-14"
command -v "$cov" >/dev/null && command -v "$prof" >/dev/null || {
  echo "ariasuite: fuzz --coverage needs $cov and $prof (Debian package llvm-14)" >&2; exit 2; }

mkdir -p "$out" || { echo "coverage: cannot create $out"; exit 1; }
labels=(//conformance:runner)
for t in "${targets[@]}"; do labels+=("//fuzz:${t}_fuzzer"); done
echo "coverage: building ${#labels[@]} binaries with clang source-based coverage"
if ! (cd "$root" && bazel --output_base="$ob" build --config=srccov "${labels[@]}") >"$out.build.log" 2>&1; then
  grep -E "ERROR|error:" "$out.build.log" | head -n 10
  echo "coverage: the build failed (log: $out.build.log)"
  exit 1
fi
bin="$(cd "$root" && bazel --output_base="$ob" info --config=srccov bazel-bin 2>/dev/null)"
execroot="$(cd "$root" && bazel --output_base="$ob" info --config=srccov execution_root 2>/dev/null)"
rm -rf "$out/profiles" "$out/html"
mkdir -p "$out/profiles"

objects=()
for t in "${targets[@]}"; do
  dirs=()
  for d in "$root/fuzz/corpus/$t" "$root/fuzz/regressions/$t" "$root/.cache/fuzz-corpus/$t"; do
    [[ -d "$d" ]] && dirs+=("$d")
  done
  n=0
  for d in "${dirs[@]}"; do n=$((n + $(find "$d" -type f | wc -l))); done
  echo "coverage: $t: replaying $n inputs"
  if ! LLVM_PROFILE_FILE="$out/profiles/$t-%p.profraw" "$bin/fuzz/${t}_fuzzer" "${dirs[@]}" \
      >"$out/profiles/$t.log" 2>&1; then
    echo "coverage: $t failed on its inputs (log: $out/profiles/$t.log)"
    exit 1
  fi
  objects+=(-object "$bin/fuzz/${t}_fuzzer")
done

# shellcheck source=tools/lib.sh
source "$root/tools/lib.sh"
shared="$(ariasuite_shared_dir)"
files=()
listed="$(python3 "$root/vectors/manifest.py" list --shared "$shared" committed wycheproof)" || exit 1
while IFS= read -r f; do
  [[ -f "$f" ]] && files+=("$f")
done <<< "$listed"
echo "coverage: the conformance runner over ${#files[@]} vector files"
LLVM_PROFILE_FILE="$out/profiles/runner-%p.profraw" "$bin/conformance/runner" --impl ours \
  --oracle all --findings "$out/findings" "${files[@]}" >"$out/profiles/runner.log" 2>&1
objects=("$bin/conformance/runner" "${objects[@]}")

"$prof" merge -sparse "$out"/profiles/*.profraw -o "$out/all.profdata" || { echo "coverage: llvm-profdata failed"; exit 1; }
# Bazel compiles with /proc/self/cwd as the compilation directory: run llvm-cov from the execution
# root so that those paths resolve to the sources; leave out system and external headers.
cd "$execroot" || exit 1
ignore='^/usr/|/external/'
"$cov" show "${objects[@]}" -instr-profile="$out/all.profdata" -format=html \
  -output-dir="$out/html" -show-branches=count -ignore-filename-regex="$ignore" \
  >/dev/null 2>"$out/show.err" || { echo "coverage: llvm-cov show failed: $(head -n 1 "$out/show.err")"; exit 1; }
"$cov" export "${objects[@]}" -instr-profile="$out/all.profdata" -summary-only \
  -ignore-filename-regex="$ignore" >"$out/summary.json" 2>/dev/null \
  || { echo "coverage: llvm-cov export failed"; exit 1; }
# Function records of impl/ (extents of the functions fuzz/COVERAGE.md's rows may name).
"$cov" export "${objects[@]}" -instr-profile="$out/all.profdata" -skip-expansions \
  -ignore-filename-regex="$ignore|(^|/)(conformance|fuzz|oracles|tools|vectors|testing)/" \
  >"$out/functions.json" 2>/dev/null || { echo "coverage: llvm-cov export (functions) failed"; exit 1; }
"$cov" show "${objects[@]}" -instr-profile="$out/all.profdata" -ignore-filename-regex="$ignore" \
  >"$out/all.txt" 2>/dev/null || { echo "coverage: llvm-cov show (text) failed"; exit 1; }
explained=()
[[ -f "$root/fuzz/COVERAGE.md" ]] && explained=("$root/fuzz/COVERAGE.md" "$out/functions.json")
python3 "$root/fuzz/tools/coverage_summary.py" "$out/summary.json" "$out/all.txt" \
  "$out/summary.txt" "$out/uncovered.txt" "${explained[@]}" || exit 1
cat "$out/summary.txt"
echo "coverage: $(grep -c . "$out/uncovered.txt") impl/ lines no input reaches, $(grep -vc '(explained)' "$out/uncovered.txt") of them not explained in fuzz/COVERAGE.md: $out/uncovered.txt"
echo "coverage: $(grep -c '^  stale: ' "$out/summary.txt") stale rows in fuzz/COVERAGE.md (listed above)"
echo "coverage: report $out/html/index.html"
