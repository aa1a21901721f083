#!/usr/bin/env bash
# `tools/ariasuite fuzz --merge [TARGET...]`: keeps the committed corpora minimal. For each target,
# libFuzzer's -merge=1 (with the fuzz build: ASan+UBSan, coverage-guided) picks the smallest set of
# inputs of fuzz/corpus/<t> and the working corpus .cache/fuzz-corpus/<t> that reaches the same
# coverage, and fuzz/corpus/<t> is replaced by it (inputs it keeps from fuzz/corpus/<t> keep their
# names; new ones are named by their SHA-1, as libFuzzer names them). Regression inputs (fuzz/regressions/) are never
# touched. Prints before/after counts; review and commit the change. Expects $fuzz_bin (the fuzz
# build's bazel-bin) and the targets as arguments.
set -uo pipefail
root="${ARIASUITE_ROOT:?}"
bin_dir="${1:?}"
shift
failed=0
for t in "$@"; do
  if [[ "$t" == kernel_aria_asm ]]; then
    # Its subject, the kernel's assembly, carries no coverage instrumentation: libFuzzer sees only
    # the harness, and kept 16 of the 60 seeds (15 functions x 4 counter cases) when tried.
    echo "fuzz merge: SKIP kernel_aria_asm: the kernel's assembly it tests is not instrumented, so coverage cannot tell its seeds apart"
    continue
  fi
  committed="$root/fuzz/corpus/$t"
  work="$root/.cache/fuzz-corpus/$t"
  merged="$(mktemp -d /tmp/ariasuite-merge.XXXXXX)"
  mkdir -p "$committed" "$work"
  before=$(find "$committed" -type f | wc -l)
  if ! "$bin_dir/fuzz/${t}_fuzzer" -merge=1 "$merged" "$committed" "$work" \
      >"$merged.log" 2>&1; then
    echo "fuzz merge: FAIL $t: libFuzzer -merge failed: $(grep -m1 -E 'ERROR|ARIA_MISMATCH' "$merged.log") (log: $merged.log)"
    failed=$((failed + 1))
    continue
  fi
  after=$(find "$merged" -type f | wc -l)
  if [[ $after -eq 0 ]]; then
    echo "fuzz merge: FAIL $t: the merge kept no input (log: $merged.log)"
    failed=$((failed + 1))
    continue
  fi
  # libFuzzer names what it keeps by content (SHA-1): an input kept from fuzz/corpus/<t> gets its
  # old name back (make_seeds' names say what a seed is), a new one keeps the hash.
  declare -A names=()
  while read -r sum path; do names[$sum]="$(basename "$path")"; done < <(
    find "$committed" -type f -exec sha1sum {} +)
  find "$committed" -type f -delete
  for f in "$merged"/*; do
    cp "$f" "$committed/${names[$(basename "$f")]:-$(basename "$f")}"
  done
  unset names
  rm -rf "$merged" "$merged.log"
  echo "fuzz merge: $t: fuzz/corpus/$t $before -> $after inputs ($(du -sk "$committed" | cut -f1) KiB)"
done
[[ $failed -eq 0 ]]
