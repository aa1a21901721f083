# summary: install what is missing, run every test (bazel test //..., the same unit tests and corpus replays under ASan and UBSan, the kernel VM, short fuzzing); end with `N passed, N failed, N skipped`
# Usage: tools/ariasuite test [--no-kernel] [--no-sanitizers] [--no-fuzz] [--fuzz-seconds N] [TARGET...]
#   Stages: (1) prepare the default guest kernel (kernel-tests/vm/prepare.sh, cached), (2) `bazel test
#   --keep_going TARGET...` (default //...; the kernel VM test, the constant-time check and the fuzz
#   corpus replays are part of it), (3) the unit tests and corpus replays (//impl/... //oracles/...
#   //vectors/... //conformance/... //fuzz/...) again with --config=asan and --config=ubsan, each config in its own
#   output base, (4) each fuzz target for --fuzz-seconds (default 30) under ASan+UBSan, and the
#   OSS-Fuzz build check. The last line sums every stage's counts; skips are listed above it with
#   their reasons and never count as passes. Exit status: 0 when something passed and nothing failed,
#   1 when something failed, 4 when nothing passed (everything skipped), 2 on bad usage.
test_kernel=1
test_fuzz=1
test_sanitizers=1
test_fuzz_seconds=30
test_targets=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --no-kernel) test_kernel=0; shift ;;
    --no-fuzz) test_fuzz=0; shift ;;
    --no-sanitizers) test_sanitizers=0; shift ;;
    --fuzz-seconds)
      [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || die "test: --fuzz-seconds wants a positive integer"
      test_fuzz_seconds="$2"; shift 2 ;;
    -h|--help) sed -n 's/^# \{0,1\}//; 2,10p' "$ARIASUITE_ROOT/tools/cmd/test.sh"; exit 0 ;;
    --*) die "test: unknown option '$1' (tools/ariasuite test --help)" ;;
    *) test_targets+=("$1"); shift ;;
  esac
done
[[ ${#test_targets[@]} -eq 0 ]] && test_targets=(//...)

# shellcheck source=kernel-tests/vm/packages.sh
source "$ARIASUITE_ROOT/kernel-tests/vm/packages.sh"
ensure_packages "${ARIASUITE_BUILD_PACKAGES[@]}" "${ARIASUITE_KERNEL_PACKAGES[@]}"

test_passed=0
test_failed=0
test_skipped=0
test_add() {  # test_add PASSED FAILED SKIPPED
  test_passed=$((test_passed + $1))
  test_failed=$((test_failed + $2))
  test_skipped=$((test_skipped + $3))
}

set +e
if [[ $test_kernel -eq 1 ]]; then
  echo "=== test stage 1/4: prepare the guest kernel (kernel-tests/vm/prepare.sh)"
  "$ARIASUITE_ROOT/kernel-tests/vm/prepare.sh" \
    || log "the guest kernel could not be prepared; //kernel-tests:vm_test will SKIP and say why"
  python3 "$ARIASUITE_ROOT/kernel-tests/asm/tree.py" --extract-cached \
    || log "the cached kernel sources could not be extracted; the tests reading them will SKIP"
else
  echo "=== test stage 1/4: SKIP preparing the guest kernel (--no-kernel)"
fi

echo "=== test stage 2/4: bazel test ${test_targets[*]}"
# Every tracked C++ file clang-format clean and in a package //tools:format_check_test checks.
if git -C "$ARIASUITE_ROOT" rev-parse --git-dir >/dev/null 2>&1; then
  if fmt_out="$("$ARIASUITE_ROOT/tools/format_check.sh" 2>&1)"; then
    echo "PASSED ${fmt_out##*$'\n'}"
    test_add 1 0 0
  else
    echo "$fmt_out" | sed 's/^/FAILED /'
    test_add 0 1 0
  fi
else
  echo "SKIP tools/format_check.sh: $ARIASUITE_ROOT is not a git checkout"
  test_add 0 0 1
fi
# Every #include names a header of the file's own target or of a direct dependency (gcc has no
# layering check of its own; tools/layering/layering_check.py).
if lay_out="$(cd "$ARIASUITE_ROOT" && python3 tools/layering/layering_check.py 2>&1)"; then
  echo "PASSED ${lay_out##*$'\n'}"
  test_add 1 0 0
else
  echo "$lay_out" | sed 's/^/FAILED /'
  test_add 0 1 0
fi
bep="$(mktemp /tmp/ariasuite-bep.XXXXXX.json)"
counts="$(mktemp /tmp/ariasuite-counts.XXXXXX)"
abazel test --keep_going --build_event_json_file="$bep" "${test_targets[@]}"
bazel_rc=$?
python3 "$ARIASUITE_ROOT/tools/test_summary.py" "$bep" "$bazel_rc" "$counts"
if read -r p f s < "$counts"; then
  test_add "$p" "$f" "$s"
else
  test_add 0 1 0
fi
rm -f "$bep" "$counts"

# Stage 3: the unit tests and corpus replays under each sanitizer. A separate output base per config
# (as the fuzz command does): the instrumented objects would otherwise replace the default build's
# and every switch would rebuild everything. ARIASUITE_SANITIZERS narrows the configs (tools/ci).
if [[ $test_sanitizers -eq 1 ]]; then
  san_targets=()
  for pkg in impl oracles vectors conformance fuzz; do
    [[ -f "$ARIASUITE_ROOT/$pkg/BUILD" || -f "$ARIASUITE_ROOT/$pkg/BUILD.bazel" ]] && san_targets+=("//$pkg/...")
  done
  san_hash="$(printf '%s' "$ARIASUITE_ROOT" | md5sum | cut -c1-10)"
  for cfg in ${ARIASUITE_SANITIZERS:-asan ubsan}; do
    echo "=== test stage 3/4: bazel test --config=$cfg ${san_targets[*]}"
    san_ob="${ARIASUITE_SAN_OUTPUT_BASE_PREFIX:-$HOME/.cache/bazel-ariasuite}-$cfg-$san_hash"
    bep="$(mktemp /tmp/ariasuite-bep.XXXXXX.json)"
    counts="$(mktemp /tmp/ariasuite-counts.XXXXXX)"
    san_start=$SECONDS
    abazel --output_base="$san_ob" test --config="$cfg" --keep_going \
      --build_event_json_file="$bep" "${san_targets[@]}"
    bazel_rc=$?
    echo "$cfg: $((SECONDS - san_start))s"
    python3 "$ARIASUITE_ROOT/tools/test_summary.py" "$bep" "$bazel_rc" "$counts"
    if read -r p f s < "$counts"; then
      test_add "$p" "$f" "$s"
    else
      echo "FAILED bazel test --config=$cfg gave no counts"
      test_add 0 1 0
    fi
    rm -f "$bep" "$counts"
  done
else
  echo "=== test stage 3/4: SKIP the sanitizer runs (--no-sanitizers)"
  test_add 0 0 1
fi

if [[ $test_fuzz -eq 1 ]]; then
  echo "=== test stage 4/4: fuzz every target for ${test_fuzz_seconds}s (tools/ariasuite fuzz)"
  fuzz_log="$(mktemp /tmp/ariasuite-fuzz.XXXXXX.log)"
  "$ARIASUITE_ROOT/tools/ariasuite" fuzz --oss-fuzz-check --seconds "$test_fuzz_seconds" 2>&1 | tee "$fuzz_log"
  fuzz_rc=${PIPESTATUS[0]}
  fuzz_line="$(grep -E '^fuzz: [0-9]+ passed, [0-9]+ failed' "$fuzz_log" | tail -n 1)"
  if [[ "$fuzz_line" =~ ^fuzz:\ ([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)? ]]; then
    test_add "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" "${BASH_REMATCH[4]:-0}"
    # Exit 4 is the fuzz command's "every target skipped", already counted as skips.
    if [[ $fuzz_rc -ne 0 && ${BASH_REMATCH[2]} -eq 0 ]] \
      && ! [[ $fuzz_rc -eq 4 && ${BASH_REMATCH[1]} -eq 0 ]]; then
      test_add 0 1 0
    fi
  else
    echo "FAILED tools/ariasuite fuzz printed no count line (exit $fuzz_rc)"
    test_add 0 1 0
  fi
  rm -f "$fuzz_log"
else
  echo "=== test stage 4/4: SKIP fuzzing (--no-fuzz)"
  test_add 0 0 1
fi
set -e

line="$test_passed passed, $test_failed failed"
[[ $test_skipped -gt 0 ]] && line+=", $test_skipped skipped"
echo "$line"
# shellcheck source=tools/cmd/lib/counts.sh
source "$ARIASUITE_ROOT/tools/cmd/lib/counts.sh"
counts_status test "$test_passed" "$test_failed" "$test_skipped"
